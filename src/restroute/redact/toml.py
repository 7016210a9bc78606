"""A layer's TOML as shown: each secret's value hidden, the text otherwise as typed."""

from __future__ import annotations

from ..errors import EndpointError
from ..rules import ALIASES, URL_OPTIONS
from .fields import name_shown, redacted
from .names import REDACTED, is_secret
from .references import references_only
from .text import _pattern, masked, masked_shapes, redact_url, unparted_shown

# One token of TOML each: a string (closed or not: text being typed is shown too), a
# comment, a line break, blanks, punctuation, a bare word (a key, number, date or
# boolean), or any other character. Every alternative moves on, so the scan is linear.
_TOML_TOKEN = (
    r'(?P<string>"""[\s\S]*?(?:"""|\Z)|'
    r"'''[\s\S]*?(?:'''|\Z)|"
    r'"(?:[^"\\\n]++|\\.)*+"?|'  # possessive: a 10 MB string kept no state a character
    r"'[^'\n]*'?)"
    r"|(?P<comment>#[^\n]*)|(?P<newline>\n)|(?P<blank>[ \t\r]+)|(?P<punct>[=\[\]{},.])"
    r"|(?P<bare>[^\s=\[\]{},.#\"']+)|(?P<other>.)"
)
# The keys of a URL, as TOML spells them (a key is compared in lower case).
_URL_KEYS = frozenset(
    {*URL_OPTIONS, *(alias.lower() for alias, name in ALIASES.items() if name in URL_OPTIONS)}
)
_VALUE_ENDS = frozenset({"\n", ",", "}", "]"})


def redact_toml(text: str) -> str:
    """A layer's TOML as shown: each value whose key names a secret (the last part of a
    dotted key: ``headers.authorization``; a quoted key as TOML reads its escapes) replaced
    as a header's is, and the secrets in URLs (``redact_url``). The text is otherwise as
    written, line for line, so that what a person typed still reads as typed; a value of
    ``${VAR}`` references only stays, as it says where the secret comes from. And
    wherever it is, a credential known by its shape (``masked_shapes``: a GitHub token,
    a ``Bearer`` credential) is hidden; in a text TOML does not read (being typed, or
    broken: ``_redact_toml`` says) no key may be read right, so every credential
    ``masked`` finds is (a URL's ``user:password@``, ``password=...``). No TOML reader
    is asked: Python's takes time quadratic in a long dotted key, and this runs at each
    keystroke.

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
    if not issubclass(type(text), str):
        msg = f"redact_toml: text is {type(text).__name__}, not a str; pass a layer's TOML"
        raise EndpointError(msg)
    text = str.__str__(text)
    shown, broken = _redact_toml(text, comments=True)
    if not broken:
        return masked_shapes(shown)  # TOML that reads: its keys said, the rest by shape
    # A text TOML does not read may say a credential any way (``GET https://u:pw@h``):
    # every credential ``masked`` finds is hidden, and on a line with no ``=`` that it
    # leaves as it is, what follows a secret's name (``password hunter2``, ``password :x``:
    # ``unparted_shown``).
    lines = masked(shown).split("\n")
    return "\n".join(
        line if "=" in line or REDACTED in line else unparted_shown(line) for line in lines
    )


# A key, then = (or : as a header is sent). Its spaces are read once: blanks, a key's words
# (spaces between them), blanks, where a comment of spaces could be split three ways every
# way (cubic: 2,000 spaces took 14 s); a key of spaces only is one space or more.
_COMMENTED_OUT = r"#++(?:\s*+[\w.\"'-][\w.\"' -]*+\s*+|[^\S ]*+ \s*+)[=:]"


def _pasted_header(token: str) -> bool:
    """Whether a bare word is a secret header's name and a colon (``authorization:``)."""
    return token.endswith(":") and is_secret(token[:-1])


# A character no bare key or value holds (a key: letters, digits, _ and -; a number or a
# date: those, + and :): text with one outside strings and comments is no TOML.
_NOT_BARE = r"[^\w:+-]"
_CLOSED = r'"""[\s\S]*"""|\'\'\'[\s\S]*\'\'\'|"(?:[^"\\\n]++|\\.)*+"|\'[^\'\n]*\''


def _redact_toml(text: str, *, comments: bool) -> tuple[str, bool]:
    """``text`` with the values of secret keys hidden, and whether it is no TOML: a word
    no bare key or value holds (``https://u:pw@h``), a string not closed, a key with no
    ``=``, an array or inline table not closed, or a character TOML never reads."""
    tokens = [(found.lastgroup, found[0]) for found in _pattern(_TOML_TOKEN).finditer(text)]
    shown: list[str] = []
    nesting: list[str] = []  # the arrays and inline tables open: "[" or "{"
    key: list[str] = []  # the parts of the key being read
    at_key, header = True, False  # a key may come next; in a [table] header line
    at, broken = 0, False
    while at < len(tokens):
        kind, token = tokens[at]
        at += 1
        broken = broken or _unreadable(kind, token) or (kind == "newline" and bool(key))
        if kind == "newline" and not nesting:
            at_key, header, key = True, False, []
        elif kind == "comment" and comments and _pattern(_COMMENTED_OUT).match(token):
            body = token.lstrip("#")  # a line commented out reads as TOML; prose as written
            token = token[: len(token) - len(body)] + _redact_toml(body, comments=False)[0]
        elif header and kind in ("bare", "string"):
            token = _key_shown(token)  # [params."password abc"]: a value in a table's name
        elif header or kind in ("blank", "comment", "newline"):
            pass
        elif at_key and not key and token == "[" and not nesting:
            header = True
        elif at_key and not key and kind == "bare" and _pasted_header(token):
            # a header pasted as it is sent (authorization: token ...): no TOML, but shown
            # until it is fixed, so its value is hidden to the end of the line
            end = next((i for i in range(at, len(tokens)) if tokens[i][0] == "newline"), None)
            shown += [token, f" {REDACTED}"]
            at, broken = len(tokens) if end is None else end, True
            continue
        elif at_key and kind in ("bare", "string"):
            key.append(token)
            token = _key_shown(token)  # "x-api-key abc" = ...: a value in the key
        elif token == "=" and nesting and nesting[-1] == "[":
            broken = True  # x = [password = "..."]: no key in an array
        elif at_key and token == "=" and key:
            name, key, at_key = _key_part(key[-1]), [], False
            shown.append(token)
            while at < len(tokens) and tokens[at][0] == "blank":
                shown.append(tokens[at][1])
                at += 1
            end = _value_end(tokens, at, whole=_secret_table(name, tokens, at))
            value = "".join(each for _, each in tokens[at:end])
            hidden = _redacted_value(name, value, tokens[at][0] if at < end else "")
            # what is typed on after a secret's value (password = "my"pass"word": a quote
            # in the password ended the string) is no TOML, and may be the secret's rest
            rest = _value_end(tokens, end) if at < end and _secret(name) else end
            typed_on = any(kind != "blank" for kind, _ in tokens[end:rest])
            if hidden is not None or typed_on:
                shown.append(value if hidden is None else hidden)
                shown += [f" {REDACTED}"] if typed_on else []
                at, broken = (rest, True) if typed_on else (end, broken)
            continue
        elif token in ("[", "{"):
            nesting.append(token)
            at_key, key = token == "{", []
        elif token in ("]", "}") and nesting:
            nesting.pop()
        elif token == "," and nesting and nesting[-1] == "{":
            at_key, key = True, []
        shown.append(token)
    return "".join(shown), broken or bool(key) or bool(nesting)


def _unreadable(kind: str | None, token: str) -> bool:
    """Whether a token of TOML is one TOML does not read: a character it never reads, a
    bare word with a character no bare key or value holds, or a string not closed."""
    if kind == "string":
        return not _pattern(_CLOSED).fullmatch(token)
    return kind == "other" or (kind == "bare" and bool(_pattern(_NOT_BARE).search(token)))


def _secret_table(name: str, tokens: list[tuple[str | None, str]], at: int) -> bool:
    """Whether the value at ``at`` is an inline table under a secret's name: all of it is
    the secret (``password = { v = "..." }``), not only what a secret's name is given."""
    return at < len(tokens) and tokens[at][1] == "{" and _secret(name)


def _secret(name: str) -> bool:
    """Whether a key's value is a secret, hidden whole (a URL's keys: only its secrets)."""
    return is_secret(name) and str.lower(name) not in _URL_KEYS


_DEPTH = {"[": 1, "{": 1, "]": -1, "}": -1}


def _value_end(tokens: list[tuple[str | None, str]], at: int, *, whole: bool = False) -> int:
    """Where the value starting at ``at`` ends: past its string, its array or, ``whole``,
    its inline table (brackets in strings are text), or its bare words up to a comma, a
    bracket or the line's end. An inline table not ``whole`` ends where it starts: its
    pairs are read one by one."""
    if at >= len(tokens):
        return at
    kind, token = tokens[at]
    if kind == "string":
        return at + 1
    if token == "[" or (token == "{" and whole):
        depth = 0
        for end in range(at, len(tokens)):
            depth += _DEPTH.get(tokens[end][1], 0) if tokens[end][0] == "punct" else 0
            if depth == 0:
                return end + 1
        return len(tokens)  # not closed yet: the rest is the array or table
    if token == "{":
        return at
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


def _key_shown(part: str) -> str:
    """A key's part as shown: as a view shows a name (``name_shown``), its quotes kept."""
    quote = part[:1] if part[:1] in ('"', "'") and len(part) > 1 and part[-1] == part[0] else ""
    inner = part[len(quote) : len(part) - len(quote)]
    shown = name_shown(inner)
    return part if shown == inner else f"{quote}{shown}{quote}"


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
