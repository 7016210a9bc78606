"""Which values are secrets, and how they are hidden: decided here, and only here.

Snippets, notebook displays, explanations, profiles and both explorers ask this module,
so a header is a secret everywhere or nowhere (README, "Secrets"). A secret is hidden
one of two ways: replaced by a mask, or (for a copy that must still run) written as the
``${VAR}`` environment references it was read from.

>>> redact_headers({"authorization": "token ghp_abc", "x-apikey": "k", "accept": "*/*"})
{'authorization': 'token <REDACTED>', 'x-apikey': '<REDACTED>', 'accept': '*/*'}
>>> referenced_headers({"authorization": "token ghp_abc", "x-apikey": "k"},
...                    {"authorization": "token ${GITHUB_TOKEN}"})
{'authorization': Reference('token ${GITHUB_TOKEN}'), 'x-apikey': '<REDACTED>'}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from .errors import EndpointError

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from typing import Any

__all__ = [
    "REDACTED",
    "REFERENCE",
    "Reference",
    "credential_spans",
    "declare_secrets",
    "hide_userinfo",
    "holds_secret",
    "is_secret",
    "masked",
    "masker",
    "redact_fields",
    "redact_headers",
    "redact_options",
    "redact_toml",
    "redact_url",
    "referenced",
    "referenced_headers",
    "references_only",
    "secret_parts",
]

REDACTED = "<REDACTED>"
# A name with one of these as a "-"/"_"-separated part is a secret...
_SECRET_PARTS = frozenset(
    {"key", "token", "secret", "password", "passwd", "auth", "cookie", "session"}
    | {"credential", "credentials", "signature"}
)
# ... and so is a name holding one of these anywhere (apikey, x-authtoken, x-csrftoken),
# or, beyond the README's list, a session id, a cookie or a JWT (x-sessionid, cookie2).
_SECRET_PIECES = (
    *("token", "secret", "passw", "auth", "apikey", "api-key", "api_key", "credential"),
    *("session", "cookie", "jwt"),
)
# Their value is "scheme credentials": the scheme word is no secret, and helps to read...
_SCHEMED = frozenset({"authorization", "proxy-authorization"})
# ... when it is a scheme: a first word that is not one may be half of the secret.
_SCHEMES = frozenset(
    {"basic", "bearer", "digest", "token", "negotiate", "ntlm", "hoba", "mutual", "vapid"}
    | {"aws4-hmac-sha256", "scram-sha-1", "scram-sha-256", "dpop", "gitlab", "key"}
)


# Names an API's description declares a credential in (its securitySchemes' apiKey:
# OpenWeatherMap's appid, Azure Functions' code): secret everywhere from then on.
_DECLARED: set[str] = set()


def declare_secrets(names: Iterable[str]) -> None:
    """Hide the values of ``names`` too, from now on, in every display: an API says it
    takes a credential under a name no rule would guess. A name declared for one API and
    hidden for another costs only a hidden value.

    >>> is_secret("appid"), declare_secrets(["appid"]), is_secret("AppId")
    (False, None, True)
    """
    _DECLARED.update(str.lower(name) for name in names if isinstance(name, str))


def is_secret(name: str) -> bool:
    """Whether a header carries a credential, judged by its name (or by an API's
    description: ``declare_secrets``). A false positive (``x-author``) only hides a
    value; a miss would show a credential.

    >>> [is_secret(n) for n in ("Authorization", "x-api-key", "X-AuthToken", "x-keyboard")]
    [True, True, True, False]
    """
    lower = str.lower(name) if isinstance(name, str) else ""
    declared = lower.partition("[")[0]  # appid[] and appid[0] are appid
    if declared in _DECLARED or any(piece in lower for piece in _SECRET_PIECES):
        return True
    return not _SECRET_PARTS.isdisjoint(lower.replace("_", "-").replace(".", "-").split("-"))


def redacted(name: str, value: object) -> object:
    """``value`` as shown: a secret's value replaced, the scheme word of authorization kept;
    under any other name, a URL's secrets (a header named ``base_url`` by mistake)."""
    if not is_secret(name):
        return redact_url(value) if isinstance(value, str) else value
    words = str.split(value) if isinstance(value, str) else []
    if str.lower(name) in _SCHEMED and len(words) == 2 and words[0].lower() in _SCHEMES:
        return f"{words[0]} {REDACTED}"
    return REDACTED


def hide_userinfo(url: object) -> object:
    """A URL's ``user:password@`` replaced: clients send it as an authorization header.

    >>> hide_userinfo("https://me:ghp_1@ghe.example.com/api")
    'https://<REDACTED>@ghe.example.com/api'
    """
    if not isinstance(url, str) or "@" not in url:
        return url
    scheme, separator, rest = str.partition(url, "://")
    end = min((at for at in map(rest.find, "/?#") if at >= 0), default=len(rest))
    authority = rest[:end]
    if "@" not in authority:
        return url
    return f"{scheme}{separator}{REDACTED}@{authority.rpartition('@')[2]}{rest[end:]}"


def redact_url(url: object) -> object:
    """A URL as shown: its ``user:password@`` replaced (``hide_userinfo``), the value of
    every query parameter named as a secret (``access_token=``, ``client_secret=``), and
    any other credential ``credential_spans`` finds (``?q=ghp_...``): every text a view
    shows under a name that is no secret's is shown so.

    >>> redact_url("https://h/user?access_token=gho_1&per_page=2#top")
    'https://h/user?access_token=<REDACTED>&per_page=2#top'
    >>> redact_url("//me:pw@h/cb#access_token=gho_2;expires_in=60")
    '//<REDACTED>@h/cb#access_token=<REDACTED>;expires_in=60'
    """
    url = hide_userinfo(url)
    if not isinstance(url, str):
        return url
    if "?" in url:
        head, _, rest = str.partition(url, "?")
        query, hash_, fragment = rest.partition("#")
        parts = []
        for part in query.split("&"):
            name, equals, value = part.partition("=")
            if equals and value and is_secret(_unquoted(name)):
                part = f"{name}={REDACTED}"
            parts.append(part)
        url = f"{head}?{'&'.join(parts)}{hash_}{fragment}"
    # and what the query's split missed: a fragment's token (#access_token=, as OAuth's
    # implicit flow sends it), a ; separator, a scheme-relative //user:password@
    for part in secret_parts(url):
        url = url.replace(part, REDACTED) if part != REDACTED else url
    return masked(url)  # and any credential a text holds, a GitHub token's shape say


def holds_secret(text: str) -> bool:
    """Whether a value as typed carries a secret that no name marks: a URL's
    ``user:password@`` or secret query value, or JSON whose fields are named as secrets.

    >>> [holds_secret(v) for v in ("https://me:pw@h/x", '{"secret": "s"}', "octocat")]
    [True, True, False]
    """
    if not isinstance(text, str):
        return False
    if redact_url(text) != text:
        return True
    if text.lstrip()[:1] not in ("{", "["):
        return False
    import json

    try:
        value = json.loads(text)
        return bool(redact_fields(value) != value)
    except (ValueError, RecursionError):  # not JSON, or nested past what Python reads
        return False


_USERINFO = r"[\\/]{2}([^\s/\\?#@]+)@|^([^\s:/\\@]+:[^\s/\\@]+)@"
_PARAMETER = r"[?&;#]([^=&;#?\s]+)=([^&;#\s'\"]+)"


def secret_parts(text: str) -> list[str]:
    """The secrets a URL in ``text`` carries, as written: its ``user:password`` (after
    ``//``, or at the start), and the value of each query or fragment parameter named as a
    secret (``access_token=``, after ``?``, ``&``, ``;`` or ``#``); what a view hides
    wherever it shows up, an error message included.

    >>> secret_parts("GET https://me:pw@h/x?a=1;access_token=gho_1#token=t2")
    ['me:pw', 'gho_1', 't2']
    """
    return [text[start:end] for start, end in _url_spans(text)]


def _url_spans(text: str) -> list[tuple[int, int]]:
    """Where the ``secret_parts`` of ``text`` are, in order."""
    if not isinstance(text, str) or not ("@" in text or "=" in text):
        return []
    spans = [
        found.span(1) if found[1] is not None else found.span(2)
        for found in _pattern(_USERINFO).finditer(text)
    ]
    pairs = _pattern(_PARAMETER).finditer(text)
    spans += [found.span(2) for found in pairs if is_secret(_unquoted(found[1]))]
    return spans


# --- credentials in any text ---------------------------------------------------------------

# A value as written: double-, single- or back-quoted (what is inside is the value; a
# quote left open runs to the line's end), a command's output, or bare: to the line's
# end after a header's name (Authorization: token t), to a blank after an assignment.
_QUOTED = (  # a Python string's prefix (f"token {t}") is the quote's
    r"[rRbBfFuU]{0,2}\"(?P<dq>(?:[^\"\\\n]|\\.)*)\"?|[rRbBfFuU]{0,2}'(?P<sq>[^'\n]*)'?|"
    r"`(?P<bq>[^`\n]*)`?|"
)
_REFERENCE = r"\$\{[^{}\n]*\}|\$(?!\{)"  # ${VAR} whole: its } ends no value
_VALUE = _QUOTED + (
    rf"(?P<bare>\$\([^()\n]*\)|(?:{_REFERENCE}|[^\s'\"`,)}}\]$])(?:{_REFERENCE}|[^\r\n'\"`,)}}\]$])*)"
)
_WORD = _QUOTED + rf"(?P<bare>\$\([^()\n]*\)|(?:{_REFERENCE}|[^\s'\"`,;&|()}}\]#$])+)"
# A name, and what comes between it and its value: a header line or an object's or a
# dict's key (Authorization: token ..., "auth": "..."), or an assignment (export
# GITHUB_TOKEN=..., password=... in a form body, token="...", HTTPie's token==...). It
# starts only where a word can (a lookbehind), and its value is read only after a name
# that is a secret's, so a scan is linear.
_NAMED = (
    r"(?<![\w!#$%&*+.^|~-])[\"']?(?P<name>[\w!#$%&*+.^|~-]+)[\"']?[ \t]*:(?!//)[ \t]*"
    r"|(?<![\w.\[\]%-])(?P<assigned>[A-Za-z_][\w.\[\]-]*)(?:==|[ \t]*=(?!=)[ \t]*)"
)
# The other ways, each a group: curl's -u user:password (alone or after flags: -su),
# --user, --oauth2-bearer, HTTPie's -a and --auth; requests' auth=("user", "password"),
# both hidden as -u hides both; a user:password@ however it is quoted (a warning names a
# host so); GitHub's token shapes; a password with a slash. Each but one starts with its
# literal text, which the scan skips to (the word's start is checked after it), so each
# is one fast pass.
_WHOLE = (
    r"-(?<!\S-)(?:[sSLvkiIfgGqN]*[uUE]|a|-user|-proxy-user|-auth|-oauth2-bearer|-pass"
    r"|-tlspassword|-proxy-pass|-proxy-tlspassword|-cert|-proxy-cert)"
    r"(?:=|[ \t]*)(?:[\"'](?P<quoted>[^\"'\n]*)[\"']?|(?P<bare>[^\s'\"]+))",
    r"auth(?<![\w.]auth)[ \t]*=[ \t]*\([ \t]*[\"'](?P<pair>[^\"'\n]*[\"'][ \t]*,[ \t]*"
    r"[\"'][^\"'\n]*)[\"']",
    r"(?<![^\s\"'(])(?P<userinfo>[^\s:/\\@\"'<>=&?#(]*:[^\s/\\@\"'<>(]+)@",
    r"(?P<token>gh[pousr]_[A-Za-z0-9]{36,}|github_pat_\w{22,})",
    # a password with a / in it (//me:pa/ss@host): a URL's reader ends the host at the /,
    # and a person meant a password
    r"//(?P<slashed>[^\s/\\?#@:]*:[^\s\\?#@/]*/[^\s\\?#@:]*)@",
)
# Every way above has one of these: a text without any holds no credential.
_MAY_HOLD = r"[:=@]|-[A-Za-z-]|gh[pousr]_|github_pat_"
# What stands where a credential would, and is none: nothing, a variable, a command's
# output, a placeholder (<YOUR-TOKEN>, and <REDACTED>: a text already hidden stays so),
# or a few of them, as $USER:$PASSWORD.
_STAND_IN = (
    r"(?:\$\{[A-Za-z_]\w*(?:[:?=+-][^}\n]*)?\}|\$[A-Za-z_]\w*|\$\([^()\n]*\)|<[^<>\n]*>|[:\s])*"
)


def credential_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` holds a credential, as people write one, whether or not a request
    can be read from it: a header or an object's key named as a secret (``Authorization:
    token ...``, ``-H 'X-Api-Key: ...'``, ``auth: "..."``; the scheme word is kept), an
    assignment to such a name (``export GITHUB_TOKEN=...``, ``password=...`` in a form
    body), curl's ``-u``/``--user``/``--oauth2-bearer`` and HTTPie's ``-a``, requests'
    ``auth=(...)``, a ``user:password@``, a secret query value, and GitHub's token shapes
    (``ghp_``, ``gho_``, ``ghu_``, ``ghs_``, ``ghr_``, ``github_pat_``). A variable, a
    command's output or a ``<placeholder>`` where the credential would be is none.

    >>> text = "export GITHUB_TOKEN=t1; curl -u me:pw -H 'Authorization: token t2' h"
    >>> [text[start:end] for start, end in credential_spans(text)]
    ['t1', 'me:pw', 't2']
    """
    if not isinstance(text, str) or not _pattern(_MAY_HOLD).search(text):
        return []
    spans = _url_spans(text)
    read = 0  # where the values read so far end: a name inside one is hidden with it
    for found in _pattern(_NAMED).finditer(text):
        name = found["name"] or found["assigned"]
        if found.start() >= read and is_secret(name):
            value = _pattern(_VALUE if found["name"] else _WORD).match(text, found.end())
            span = _value_span(name, value) if value is not None else None
            spans += [span] if span is not None else []
            read = value.end() if value is not None else read
    for pattern in _WHOLE:
        for found in _pattern(pattern).finditer(text):
            key = next(key for key, value in found.groupdict().items() if value is not None)
            if not _pattern(_STAND_IN).fullmatch(found[key]):
                spans.append(found.span(key))
    return sorted(spans)


def _value_span(name: str, found: re.Match[str]) -> tuple[int, int] | None:
    """Where the credential is in a value of ``_VALUE`` given to ``name``: past the
    scheme word of authorization's; None when a variable or a placeholder stands there."""
    key = next(key for key, value in found.groupdict().items() if value is not None)
    value = found[key].rstrip()
    end = found.start(key) + len(value)
    words = value.split(None, 1)
    if str.lower(name) in _SCHEMED and len(words) == 2 and words[0].lower() in _SCHEMES:
        value = words[1]  # the scheme word is no secret, and helps to read
    return None if _pattern(_STAND_IN).fullmatch(value) else (end - len(value), end)


# A secret is looked for by its first characters (a regular expression of them as a
# tree: one pass over the text), and where they are, compared whole.
_PREFIX = 4


def masker(secrets: Iterable[str]) -> Callable[[str], str]:
    """A function that hides, in a text, each of ``secrets`` wherever it is and every
    credential ``credential_spans`` finds: each replaced by ``<REDACTED>``. One pass over
    the text, however many secrets (a paste may send thousands): a replace for each
    would take seconds over a long text.

    >>> hide = masker(["s3cr3t"])
    >>> hide("curl -d 'x=s3cr3t' -H 'x-api-key: k1' h")
    "curl -d 'x=<REDACTED>' -H 'x-api-key: <REDACTED>' h"
    """
    literals = _Literals(secrets)
    return lambda text: text and _masked(text, [*credential_spans(text), *literals.spans(text)])


def masked(text: str, secrets: Iterable[str] = ()) -> str:
    """``text`` with ``secrets`` and every credential in it hidden (``masker``).

    >>> masked("GITHUB_TOKEN=t1 gh api user; echo ok")
    'GITHUB_TOKEN=<REDACTED> gh api user; echo ok'
    """
    return masker(secrets)(text)


class _Literals:
    """Texts to find: a tree of their first characters, and by those characters, the
    lengths to compare, longest first."""

    def __init__(self, secrets: Iterable[str]) -> None:
        self.secrets = {each for each in secrets if isinstance(each, str) and each}
        lengths: dict[str, set[int]] = {}
        for secret in self.secrets:
            lengths.setdefault(secret[:_PREFIX], set()).add(len(secret))
        self.lengths = {prefix: sorted(each, reverse=True) for prefix, each in lengths.items()}
        tree: dict[str, Any] = {}
        for prefix in self.lengths:
            node = tree
            for character in prefix:
                node = node.setdefault(character, {})
            node[""] = {}
        self.pattern = _pattern(_tree_pattern(tree)) if tree else None

    def spans(self, text: str) -> list[tuple[int, int]]:
        if self.pattern is None:
            return []
        spans: list[tuple[int, int]] = []
        search, at = self.pattern.search, 0
        while (found := search(text, at)) is not None:
            start = found.start()
            length = self._longest(text, start, len(found[0]))
            if length:
                spans.append((start, start + length))
            at = start + max(length, 1)
        return spans

    def _longest(self, text: str, start: int, matched: int) -> int:
        """The length of the longest secret at ``start``, whose first characters
        (``matched`` of them, at most) were found there; 0 for none."""
        for size in range(matched, 0, -1):
            for length in self.lengths.get(text[start : start + size], ()):
                if text[start : start + length] in self.secrets:
                    return length
        return 0


def _tree_pattern(tree: dict[str, Any]) -> str:
    """A regular expression of a tree of characters (``""`` marks an end): at each
    character, one branch, so a match costs as many steps as its length."""
    import re

    branches = [re.escape(key) + _tree_pattern(child) for key, child in tree.items() if key]
    if not branches:
        return ""
    pattern = branches[0] if len(branches) == 1 else f"(?:{'|'.join(branches)})"
    return f"(?:{pattern})?" if "" in tree else pattern


def _masked(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with ``spans`` (overlapping or not) each replaced by ``<REDACTED>``."""
    merged: list[list[int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:  # overlapping, or next to it: one mask
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    shown, at = [], 0
    for start, end in merged:
        shown += [text[at:start], REDACTED]
        at = end
    shown.append(text[at:])
    return "".join(shown)


def _check_mapping(function: str, argument: str, value: object) -> None:
    if not isinstance(value, Mapping):
        msg = f"{function}: {argument} is {type(value).__name__}, not a mapping; pass a dict"
        raise EndpointError(msg)


def _unquoted(name: str) -> str:
    from urllib.parse import unquote_plus  # at first use: a URL with a query

    return unquote_plus(name)


def redact_headers(headers: Mapping[str, Any]) -> dict[str, Any]:
    """``headers`` with secret values replaced; the scheme word of authorization stays."""
    _check_mapping("redact_headers", "headers", headers)
    return {name: redacted(name, value) for name, value in headers.items()}


def redact_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """A shallow copy of request or merged options with their headers redacted, the
    secrets of their URLs, and parameters named as secrets.

    >>> redact_options({"url": "/user", "headers": {"authorization": "token t"}})
    {'url': '/user', 'headers': {'authorization': 'token <REDACTED>'}}
    >>> redact_options({"url": "/x?access_token=t", "client_secret": "s", "page": 2})
    {'url': '/x?access_token=<REDACTED>', 'client_secret': '<REDACTED>', 'page': 2}
    """
    _check_mapping("redact_options", "options", options)
    shown = dict(options)
    for name, value in shown.items():
        if name == "headers" and isinstance(value, Mapping):
            shown[name] = redact_headers(value)
        elif name in ("url", "base_url"):
            shown[name] = redact_url(value)
        elif isinstance(name, str) and is_secret(name):
            shown[name] = REDACTED
        else:  # a parameter's or the body's fields: a webhook's config.secret
            shown[name] = redact_fields(value)
    return shown


_DEPTH = 64  # deeper than any API's body: what lies below is kept or hidden whole


def redact_fields(value: object, depth: int = 0) -> Any:
    """``value`` with each field named as a secret hidden, at any depth of its objects
    and arrays (a body's ``access_token``, a webhook's ``config.secret``), and the secrets
    of each text that is a URL (``redact_url``): a new value, ``value`` itself when it
    holds no object and no such text. Below 64 levels, what holds a secret is hidden
    whole, and the rest kept as it is (a display summarises a deep body).

    >>> redact_fields({"name": "web", "config": {"url": "https://h", "secret": "s"}})
    {'name': 'web', 'config': {'url': 'https://h', 'secret': '<REDACTED>'}}
    >>> redact_fields(["https://me:pw@h/x"])
    ['https://<REDACTED>@h/x']
    """
    if isinstance(value, str):
        return redact_url(value)
    if not isinstance(value, Mapping | list | tuple):
        return value
    if depth >= _DEPTH:
        return REDACTED if _holds_secret(value) else value
    if isinstance(value, Mapping):
        return {
            key: REDACTED if isinstance(key, str) and is_secret(key) else
            redact_fields(field, depth + 1)
            for key, field in value.items()
        }  # fmt: skip
    items = [redact_fields(item, depth + 1) for item in value]
    if isinstance(value, list):
        return items  # a subclass's constructor is its own code, never run: a list
    return tuple.__new__(type(value), items)  # a named tuple stays one, its code not run


def _holds_secret(value: object) -> bool:
    """Whether a field named as a secret is anywhere in ``value`` (walked with a stack:
    a body may be nested past the recursion limit)."""
    stack, seen = [value], set()
    while stack:
        each = stack.pop()
        if id(each) in seen:  # a value that holds itself
            continue
        seen.add(id(each))
        if isinstance(each, Mapping):
            if any(isinstance(key, str) and is_secret(key) for key in each):
                return True
            stack.extend(each.values())
        elif isinstance(each, list | tuple):
            stack.extend(each)
    return False


# One token of TOML each: a string (closed or not: text being typed is shown too), a
# comment, a line break, blanks, punctuation, a bare word (a key, number, date or
# boolean), or any other character. Every alternative moves on, so the scan is linear.
_TOML_TOKEN = (
    r'(?P<string>"""[\s\S]*?(?:"""|\Z)|'
    r"'''[\s\S]*?(?:'''|\Z)|"
    r'"(?:[^"\\\n]|\\.)*"?|'
    r"'[^'\n]*'?)"
    r"|(?P<comment>#[^\n]*)|(?P<newline>\n)|(?P<blank>[ \t\r]+)|(?P<punct>[=\[\]{},.])"
    r"|(?P<bare>[^\s=\[\]{},.#\"']+)|(?P<other>.)"
)
_URL_KEYS = frozenset({"url", "base_url", "baseurl"})
_VALUE_ENDS = frozenset({"\n", ",", "}", "]"})


def redact_toml(text: str) -> str:
    """A layer's TOML as shown: each value whose key names a secret (the last part of a
    dotted key: ``headers.authorization``; a quoted key as TOML reads its escapes) replaced
    as a header's is, and the secrets in URLs (``redact_url``). The text is otherwise as
    written, line for line, so that what a person typed still reads as typed; a value of
    ``${VAR}`` references only stays, as it says where the secret comes from.

    Read token by token, strings whole (a bracket or a quote inside one is text), in one
    pass: a regular expression over the text was fooled by both and took seconds on a
    long half-typed string.

    >>> print(redact_toml('per_page = 2\\n[headers]\\nauthorization = "token ghp_1"'))
    per_page = 2
    [headers]
    authorization = "token <REDACTED>"
    >>> print(redact_toml("headers = { x-api-key = 'k1', authorization = 'token ${T}' }"))
    headers = { x-api-key = '<REDACTED>', authorization = 'token ${T}' }
    >>> print(redact_toml('# authorization = "token ghp_2"\\nauthorization: token ghp_3'))
    # authorization = "token <REDACTED>"
    authorization: <REDACTED>
    """
    if not isinstance(text, str):
        msg = f"redact_toml: text is {type(text).__name__}, not a str; pass a layer's TOML"
        raise EndpointError(msg)
    return _redact_toml(text, comments=True)


_COMMENTED_OUT = r"#+\s*[\w.\"' -]+\s*[=:]"  # a key, then = (or : as a header is sent)


def _pasted_header(token: str) -> bool:
    """Whether a bare word is a secret header's name and a colon (``authorization:``)."""
    return token.endswith(":") and is_secret(token[:-1])


def _redact_toml(text: str, *, comments: bool) -> str:
    tokens = [(found.lastgroup, found[0]) for found in _pattern(_TOML_TOKEN).finditer(text)]
    shown: list[str] = []
    nesting: list[str] = []  # the arrays and inline tables open: "[" or "{"
    key: list[str] = []  # the parts of the key being read
    at_key, header = True, False  # a key may come next; in a [table] header line
    at = 0
    while at < len(tokens):
        kind, token = tokens[at]
        at += 1
        if kind == "newline" and not nesting:
            at_key, header, key = True, False, []
        elif kind == "comment" and comments and _pattern(_COMMENTED_OUT).match(token):
            body = token.lstrip("#")  # a line commented out reads as TOML; prose as written
            token = token[: len(token) - len(body)] + _redact_toml(body, comments=False)
        elif header or kind in ("blank", "comment", "newline"):
            pass
        elif at_key and not key and token == "[" and not nesting:
            header = True
        elif at_key and not key and kind == "bare" and _pasted_header(token):
            # a header pasted as it is sent (authorization: token ...): no TOML, but shown
            # until it is fixed, so its value is hidden to the end of the line
            end = next((i for i in range(at, len(tokens)) if tokens[i][0] == "newline"), None)
            shown += [token, f" {REDACTED}"]
            at = len(tokens) if end is None else end
            continue
        elif at_key and kind in ("bare", "string"):
            key.append(token)
        elif at_key and token == "=" and key:
            name, key, at_key = _key_part(key[-1]), [], False
            shown.append(token)
            while at < len(tokens) and tokens[at][0] == "blank":
                shown.append(tokens[at][1])
                at += 1
            end = _value_end(tokens, at)
            value = "".join(each for _, each in tokens[at:end])
            hidden = _redacted_value(name, value, tokens[at][0] if at < end else "")
            if hidden is not None:
                shown.append(hidden)
                at = end
            continue
        elif token in ("[", "{"):
            nesting.append(token)
            at_key, key = token == "{", []
        elif token in ("]", "}") and nesting:
            nesting.pop()
        elif token == "," and nesting and nesting[-1] == "{":
            at_key, key = True, []
        shown.append(token)
    return "".join(shown)


def _value_end(tokens: list[tuple[str | None, str]], at: int) -> int:
    """Where the value starting at ``at`` ends: past its string, its array (brackets in
    its strings are text), or its bare words up to a comma, a bracket or the line's end."""
    if at >= len(tokens):
        return at
    kind, token = tokens[at]
    if kind == "string":
        return at + 1
    if token == "[":
        depth = 0
        for end in range(at, len(tokens)):
            depth += {"[": 1, "]": -1}.get(tokens[end][1], 0) if tokens[end][0] == "punct" else 0
            if depth == 0:
                return end + 1
        return len(tokens)  # not closed yet: the rest is the array
    if token == "{":
        return at  # an inline table: its pairs are read one by one
    end = at
    while end < len(tokens) and tokens[end][1] not in _VALUE_ENDS and tokens[end][0] != "comment":
        end += 1
    while end > at and tokens[end - 1][0] == "blank":
        end -= 1
    return end


def _redacted_value(name: str, value: str, kind: str | None) -> str | None:
    """``value`` (its text) as shown for the key ``name``; None when it shows as written."""
    if not value.strip("."):  # nothing, or "...": no value yet
        return None
    if kind != "string":  # a number, a date, an array: hidden whole, if secret
        return REDACTED if is_secret(name) and str.lower(name) not in _URL_KEYS else None
    quote = next(q for q in ('"""', "'''", '"', "'") if value.startswith(q))
    closed = len(value) >= 2 * len(quote) and value.endswith(quote)
    text = _toml_string(value) if closed else value[len(quote) :]
    if str.lower(name) in _URL_KEYS:
        hidden = redact_url(text)
    elif is_secret(name) and not references_only(text):
        hidden = redacted(name, text)
    else:
        return None
    return None if hidden == text else f"{quote}{hidden}{quote if closed else ''}"


def _key_part(part: str) -> str:
    """A key's part as TOML reads it: ``"\\u0061uthorization"`` is authorization."""
    return _toml_string(part) if part[:1] in ('"', "'") else part


def _toml_string(token: str) -> str:
    """The text a TOML string token holds, its escapes read; the token itself if it is
    not one TOML reads."""
    import tomllib

    try:
        value = tomllib.loads(f"v = {token}")["v"]
    except tomllib.TOMLDecodeError:
        return token.strip("\"'")
    return value if isinstance(value, str) else token


# --- environment references ------------------------------------------------------------------

REFERENCE = r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}"
"""``${VAR}``, as profiles write a secret: the name is one group, so ``re.split`` on it
alternates literal text and variable names."""
# An authorization scheme as people write one before their credentials: token, Bearer,
# Basic, AWS4-HMAC-SHA256. No underscore, so that a GitHub token (ghp_...) is none.
_SCHEME = r"[A-Za-z][A-Za-z0-9-]*"


_COMPILED: dict[str, re.Pattern[str]] = {}  # this module's own patterns, compiled


def _pattern(pattern: str) -> re.Pattern[str]:
    compiled = _COMPILED.get(pattern)
    if compiled is None:
        import re  # at first use: `import restroute` does not pay for it

        compiled = _COMPILED[pattern] = re.compile(pattern)
    return compiled


def referenced(text: str) -> list[str]:
    """The names of the environment variables ``text`` reads, as ``${NAME}``.

    >>> referenced('authorization = "token ${GITHUB_TOKEN}"  # ${GITHUB_TOKEN} again')
    ['GITHUB_TOKEN', 'GITHUB_TOKEN']
    """
    return _pattern(REFERENCE).findall(text) if isinstance(text, str) else []


def references_only(value: object) -> bool:
    """Whether ``value`` holds no credential of its own, only ``${VAR}`` references to one:
    beside them a scheme word may come first (``token``, ``Bearer``, then whitespace) and
    separators, and no other letter or digit. Profiles write a secret only when it is so,
    and a copy writes only such a template in place of a secret: anything else would put
    part of the credential in the text.

    >>> [references_only(v) for v in ("token ${T}", "Basic ${U}:${P}", "Bearer abc${T}")]
    [True, True, False]
    """
    if not isinstance(value, str) or not _pattern(REFERENCE).search(value):
        return False
    words = str.split(value, None, 1)  # a str subclass's own methods never run
    rest = words[1] if len(words) == 2 and _pattern(_SCHEME).fullmatch(words[0]) else value
    return not any(character.isalnum() for character in _pattern(REFERENCE).sub("", rest))


class Reference:
    """A header value to be written as the environment variables it is read from: each
    snippet spells a reference its own way (``"${GITHUB_TOKEN:?}"`` in a shell,
    ``os.environ["GITHUB_TOKEN"]`` in Python, the template itself in JSON).

    >>> Reference("Basic ${USER}:${PASSWORD}").parts
    ('Basic ', 'USER', ':', 'PASSWORD', '')
    """

    __slots__ = ("parts", "template")

    def __init__(self, template: str) -> None:
        if not isinstance(template, str):
            msg = f"Reference: template is {type(template).__name__}, not a str; pass text "
            msg += 'such as "token ${GITHUB_TOKEN}"'
            raise EndpointError(msg)
        self.template = template
        self.parts: tuple[str, ...] = tuple(_pattern(REFERENCE).split(template))
        """Literal text and variable names in turn: text first and last, maybe empty."""

    @property
    def variables(self) -> tuple[str, ...]:
        return self.parts[1::2]

    def fits(self, value: str) -> bool:
        """Whether some values of the variables make the template read ``value``: then a
        copy that reads them sends what the options say, and only then may it stand in."""
        import re

        groups: set[str] = set()
        pattern = ""
        for index, part in enumerate(self.parts):
            if not index % 2:
                pattern += re.escape(part)
            elif part in groups:
                pattern += f"(?P={part})"
            else:
                groups.add(part)
                pattern += f"(?P<{part}>.*)"
        return re.fullmatch(pattern, value, re.DOTALL) is not None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reference) and other.template == self.template

    def __hash__(self) -> int:
        return hash(self.template)

    def __repr__(self) -> str:
        return f"Reference({self.template!r})"


def referenced_headers(headers: Mapping[str, Any], env: Mapping[str, str]) -> dict[str, Any]:
    """``headers`` for a copy that reads its secrets from the environment: each header
    that ``env`` names (any case) becomes the ``Reference`` of its ``${VAR}`` template,
    every other secret is redacted, as no variable holds it. Never is a value revealed.

    A template must hold references only (:func:`references_only`) and fit the value
    (:meth:`Reference.fits`); an entry for a header ``headers`` does not have is unused.
    """
    _check_mapping("referenced_headers", "headers", headers)
    if not isinstance(env, Mapping):
        msg = f"env is {type(env).__name__}, not a mapping; pass header names and their "
        msg += '${VAR} templates, e.g. {"authorization": "token ${GITHUB_TOKEN}"}'
        raise EndpointError(msg)
    templates = {}
    for name, template in env.items():
        if not isinstance(name, str) or not isinstance(template, str):
            msg = f"env maps {type(name).__name__} to {type(template).__name__}; pass header "
            msg += 'names and their ${VAR} templates as text: {"authorization": "token ${T}"}'
            raise EndpointError(msg)
        if not references_only(template):
            msg = f"env[{name!r}] is not a template of ${{VAR}} references: a scheme word, "
            msg += "references and separators only, no credential of its own "
            msg += '(write "token ${GITHUB_TOKEN}")'
            raise EndpointError(msg)
        templates[str.lower(name)] = Reference(str.__str__(template))
    shown: dict[str, Any] = {}
    for name, value in headers.items():
        reference = templates.get(str.lower(name)) if isinstance(name, str) else None
        if reference is None:
            shown[name] = redacted(name, value)
        elif isinstance(value, str) and reference.fits(value):
            shown[name] = reference
        else:  # the value is not shown: it is a secret's
            msg = f"env[{name!r}] = {reference.template!r} does not fit the header's value, "
            msg += "so a copy reading it would send another one; map the header to the "
            msg += "template its value was read from"
            raise EndpointError(msg)
    return shown
