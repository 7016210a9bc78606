"""Credentials found in a text by their shape (a URL's ``user:password@`` and secret
query values, a header line, an assignment, GitHub's token shapes), and masking them."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .decoded import found_decoded, unquoted
from .kept import LONG, kept
from .literals import Literals, replaced
from .named import Named, with_secret_words
from .names import _SCHEMED, _SCHEMES, REDACTED, REDACTED_IN_URL, is_secret, unparted_value
from .written import (
    _CODE,
    _EXPRESSION,
    _HEADER,
    _SHAPES,
    _STAND_IN,
    _VALUE,
    _WHOLE,
    _WORD,
    OTHER_MARKS,
    OTHER_WAYS,
    WRITTEN_STAND_IN,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re


def hide_userinfo(url: object, marker: str = REDACTED) -> object:
    """A URL's ``user:password@`` replaced: clients send it as an authorization header.

    >>> hide_userinfo("https://me:ghp_1@ghe.example.com/api")
    'https://<REDACTED>@ghe.example.com/api'
    """
    if not issubclass(type(url), str):  # judged by its real type: __class__ may lie
        return url
    text = str.__str__(url)
    if "@" not in text:
        return url
    scheme, separator, rest = str.partition(text, "://")
    end = min((at for at in map(rest.find, "/?#") if at >= 0), default=len(rest))
    authority = rest[:end]
    if "@" not in authority:
        return url
    return f"{scheme}{separator}{marker}@{authority.rpartition('@')[2]}{rest[end:]}"


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
    return _shown_url(url, REDACTED)


def sendable_url(url: object, known: Iterable[str] = ()) -> object:
    """A URL as a snippet sends it: ``redact_url``'s, and each of the ``known`` secrets
    (a path's ``{token}``), replaced by the marker as a client sends it as written
    (``%3CREDACTED%3E``).

    >>> sendable_url("https://h/user?access_token=gho_1&per_page=2")
    'https://h/user?access_token=%3CREDACTED%3E&per_page=2'
    >>> sendable_url("https://h/keys/k3y-s3cr3t", ["k3y-s3cr3t"])
    'https://h/keys/%3CREDACTED%3E'
    """
    shown = _shown_url(url, REDACTED_IN_URL)
    secrets = [each for each in known if isinstance(each, str) and each]
    if secrets and isinstance(shown, str):
        shown = replaced(shown, Literals(secrets).spans(shown), REDACTED_IN_URL)
    return shown


def _shown_url(url: object, marker: str) -> object:
    if type(url) is str and len(url) > LONG:  # searched once (kept), even for its hints
        return kept(lambda: _found_in_url(url, marker), "url", url, marker)
    return _found_in_url(url, marker)


def _found_in_url(url: object, marker: str) -> object:
    if type(url) is str and not _may_hold(url, encoded=True):
        return url  # none of what every credential's way needs (most values: a word)
    url = hide_userinfo(url, marker)
    if not issubclass(type(url), str):  # judged by its real type: __class__ may lie
        return url
    url = str.__str__(url)
    return _redacted_url(url, marker)


def _redacted_url(url: str, marker: str) -> str:
    if "?" in url:
        head, _, rest = str.partition(url, "?")
        query, hash_, fragment = rest.partition("#")
        parts = []
        for part in query.split("&"):
            name, equals, value = part.partition("=")
            if equals and value and is_secret(unquoted(name)):
                part = f"{name}={marker}"
            parts.append(part)
        url = f"{head}?{'&'.join(parts)}{hash_}{fragment}"
    # and what the query's split missed: a fragment's token (#access_token=, as OAuth's
    # implicit flow sends it), a ; separator, a scheme-relative //user:password@
    secrets = {part for part in secret_parts(url) if part != marker}
    if secrets:  # each replaced everywhere, in one pass however many there are
        import re

        longest_first = sorted(secrets, key=len, reverse=True)
        url = re.sub("|".join(map(re.escape, longest_first)), lambda _: marker, url)
    # and any credential a text holds, a GitHub token's shape say, as written or encoded
    return _masked(url, [*credential_spans(url), *_encoded_spans(url)], marker)


# A piece of a URL between its separators that a client decodes: a path segment, a query
# name or value written with %XX or + (Bearer%20abc...). Read from a piece's start only, up to
# its first escape, never back: each character is read once (from every place in a long run
# with neither % nor +, a repeat that may go back read to the run's end and back: quadratic).
_ENCODED = r"(?<![^/?&;#=\s])[^/?&;#=\s%+]*+[%+][^/?&;#=\s]*+"


def _encoded_spans(url: str) -> list[tuple[int, int]]:
    """Where ``url`` (or any text) holds a credential only its decoded form shows
    (``q=Bearer%20abc...``, ``ghp%5F...``, ``%67hp_...``): each such piece whole, as the
    query's secret values are hidden whole. A piece is decoded once, as a server reads
    it, and once more: a value typed encoded (``q=ghp%5F...``) is sent encoded again."""
    if "%" not in url and "+" not in url:
        return []
    return _remembered(_encoded_spans_of, url)


def _encoded_spans_of(url: str) -> list[tuple[int, int]]:
    holds: dict[tuple[str, bool], bool] = {}  # a text may repeat a piece a million times
    spans = []
    for found in _pattern(_ENCODED).finditer(url):
        start, end = found.span()
        # a query's name: a row named "x-api-key;abc" sends ?x-api-key%3Babc=...
        named = url[start - 1 : start] in ("?", "&") and url[end : end + 1] in ("=", "&", "#", "")
        known = holds.get((found[0], named))
        if known is None:
            known = holds[found[0], named] = _decoded_holds(found[0], named=named)
        if known:
            spans.append((start, end))
    return spans


def _decoded_holds(piece: str, *, named: bool = False) -> bool:
    """Whether ``piece`` decoded once, or twice, holds a credential of its own; a
    query's name (``named``) also a value typed after a secret's name (``unparted``)."""
    once = unquoted(piece)
    if once == piece:
        return False
    if named and unparted_value(once) is not None:
        return True
    return (
        _own(once, credential_spans)
        or ("%" in once and (twice := unquoted(once)) != once and _own(twice, credential_spans))
        or any(reads_more(once) for reads_more in READS_MORE)
    )


# Whether JSON's reader finds a secret in a text that its credentials' ways do not (a
# query's value {"pass\u0077ord": ...}, decoded): fields' rule, which imports this module
# and so gives it here (``_reads_more``).
READS_MORE: list[Callable[[str], bool]] = []


def unparted_shown(text: str) -> str:
    """A name and its value typed without what parts them (``authorization token abc``,
    ``x-api-key;abc``, a tab) as an error shows it: after a secret's name, the rest
    hidden; any other text with its credentials hidden by their shape.

    >>> unparted_shown("Authorization;token abc"), unparted_shown("page 2")
    ('Authorization;<REDACTED>', 'page 2')
    """
    start = unparted_value(text)
    return masked_shapes(text) if start is None else f"{text[:start]}{REDACTED}"


def holds_credential(text: object) -> bool:
    """Whether ``text`` holds a credential of its own that a view would hide under any
    name (``redact_url``): a GitHub token's shape, the word after ``Bearer``, a URL's
    ``user:password@`` or secret query value, as written or percent-encoded. A
    ``${VAR}`` or a ``<placeholder>`` where the credential would be is none: a profile
    writes such a text, and leaves out any other that holds one.

    >>> [holds_credential(v) for v in ("ghp_" + "x" * 36, "Bearer ${T}", "octocat")]
    [True, False, False]
    >>> holds_credential("https://h/x?q=Bearer%20abcdefgh")
    True
    """
    if not isinstance(text, str):
        return False
    text = str.__str__(text)  # a str subclass's own methods never run
    return _own(text, lambda text: [*credential_spans(text), *_encoded_spans(text)])


def _own(text: str, spans: Callable[[str], list[tuple[int, int]]]) -> bool:
    """Whether a span ``spans`` finds in ``text`` holds more than a stand-in (``${VAR}``)."""
    return any(not _stands_in(text[start:end]) for start, end in spans(text))


_USERINFO = r"[\\/]{2}([^\s/\\?#@]+)@|^([^\s:/\\@]+:[^\s/\\@]+)@"
# (only a name that may be a secret's: one that holds a secret's word, or is encoded)
_PARAMETER = r"[?&;#](?=[^=&;#?\s]*?(?:[%+]|(?i:{words})))([^=&;#?\s]+)=([^&;#\s'\"]+)"


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
    return _remembered(_url_spans_of, text)


def _url_spans_of(text: str) -> list[tuple[int, int]]:
    if not isinstance(text, str) or not ("@" in text or "=" in text):
        return []
    spans = [
        found.span(1) if found[1] is not None else found.span(2)
        for found in _pattern(_USERINFO).finditer(text)
    ]
    pairs = with_secret_words(_PARAMETER).finditer(text)
    spans += [found.span(2) for found in pairs if is_secret(unquoted(found[1]))]
    return spans


# --- credentials in any text (written as ``written`` describes) ------------------------------


def _may_hold(text: str, *, encoded: bool = False) -> bool:
    """Whether ``text`` has what every way of ``written`` needs (a : = or @, a - before a
    letter, a token's prefix, Bearer, ``OTHER_MARKS``), or ``encoded``, a % or a +
    (ghp%5F...): a text without holds no credential. Each looked for in C at its own
    speed (one regular expression of them all took 13 ns a character: 2 s a view of
    10,000 long values)."""
    return (
        any(mark in text for mark in ":=@%+" if encoded or mark not in "%+")
        or any(mark in text for mark in OTHER_MARKS)
        or ("-" in text and _pattern("-[A-Za-z-]").search(text) is not None)
        or ("_" in text and _pattern("gh[pousr]_|github_pat_").search(text) is not None)
        or "bearer" in str.lower(text)
    )


def credential_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` holds a credential, as people write one, whether or not a request
    can be read from it: a header or an object's key named as a secret (``Authorization:
    token ...``, ``-H 'X-Api-Key: ...'``, ``auth: "..."``; the scheme word is kept), an
    assignment to such a name (``export GITHUB_TOKEN=...``, ``password=...`` in a form
    body), curl's ``-u``/``--user``/``--oauth2-bearer`` and HTTPie's ``-a``, requests'
    ``auth=(...)``, a ``user:password@``, a secret query value, GitHub's token shapes
    (``ghp_``, ``gho_``, ``ghu_``, ``ghs_``, ``ghr_``, ``github_pat_``) and the word after
    ``Bearer`` wherever it is. A variable, a
    command's output or a ``<placeholder>`` where the credential would be is none.

    >>> text = "export GITHUB_TOKEN=t1; curl -u me:pw -H 'Authorization: token t2' h"
    >>> [text[start:end] for start, end in credential_spans(text)]
    ['t1', 'me:pw', 't2']
    """
    return _remembered(_credential_spans, text)


def _remembered(find: Callable[[str], list[tuple[int, int]]], text: str) -> list[tuple[int, int]]:
    """``find(text)``, kept for a long text (``kept``); the caller's own list."""
    if type(text) is not str or len(text) <= LONG:
        return find(text)
    return list(kept(lambda: find(text), find, text))


def _credential_spans(text: str, *, named: bool = True) -> list[tuple[int, int]]:
    if not isinstance(text, str):  # (named: what _named_spans finds too)
        return []
    spans = _encoded_shape_spans(text)  # ghp%5F..., Bearer+...: as the shapes below
    if not _may_hold(text):
        return spans
    spans += _url_spans(text) + (_named_spans(text) if named else [])
    for pattern in _WHOLE:
        for found in _pattern(pattern).finditer(text):
            key = next(key for key, value in found.groupdict().items() if value is not None)
            if not _stands_in(found[key]):
                spans.append(found.span(key))
    for pattern, kind, marks in OTHER_WAYS:  # setenv, a["t"] =, password => ..., f("T", ...)
        at = 0  # (a name inside a value read is passed over, as _named_spans does: linear)
        for found in _pattern(pattern).finditer(text) if any(m in text for m in marks) else ():
            if found.start() >= at and is_secret(found["name"]):
                value = _pattern(kind).match(text, found.end())
                span = _value_span(found["name"], value) if value is not None else None
                spans += [span] if span is not None else []
                at = value.end() if value is not None else at
    code = " =" in text or "\t=" in text
    for found in _pattern(_CODE).finditer(text) if code else ():  # password = 'a' + 'b'
        expression = found["expression"].rstrip()
        if is_secret(found["name"]) and _pattern(_EXPRESSION).match(expression):
            spans.append((found.start("expression"), found.start("expression") + len(expression)))
    for found in _pattern(_HEADER).finditer(text):  # -H 'x-api-key;abc': no colon
        group = "quoted" if found["quoted"] is not None else "bare"
        start = None if ":" in found[group] else unparted_value(found[group])  # (or: named)
        if start is not None and not _stands_in(found[group][start:]):
            spans.append((found.start(group) + start, found.end(group)))
    return sorted(spans)


def _named_spans(text: str) -> list[tuple[int, int]]:
    """Where the values given to secrets' names are in ``text`` (``Named``); a name inside
    a value read is hidden with it, and the search goes on past the value."""
    spans: list[tuple[int, int]] = []
    names, at = Named(text), 0
    while (found := names.after(at)) is not None:
        name, at = found["name"] or found["assigned"], found.end()
        if is_secret(name):
            value = _pattern(_VALUE if found["name"] else _WORD).match(text, found.end())
            span = _value_span(name, value) if value is not None else None
            spans += [span] if span is not None else []
            at = value.end() if value is not None else at
    return spans


def masked_shapes(text: str) -> str:
    """``text`` with each credential known by its shape alone hidden (a GitHub token, the
    word after ``Bearer``): what a text shows wherever it is, even where no name or
    syntax can be read, as in a layer's TOML half typed.

    >>> masked_shapes("note = 'Bearer abc.def' # ghp_" + "x" * 36)
    "note = 'Bearer <REDACTED>' # <REDACTED>"
    """
    spans = _shape_spans(text)
    return _masked(text, spans) if spans else text


def _shape_spans(text: str) -> list[tuple[int, int]]:
    """Where ``masked_shapes`` hides a credential in ``text``: as written, or encoded."""
    return [*_written_shape_spans(text), *_encoded_shape_spans(text)]


def _encoded_shape_spans(text: str) -> list[tuple[int, int]]:
    """Where a credential's shape is in ``text`` decoded once, or twice (``ghp%5F...``,
    ``Bearer+...``, ``ghp%255F...``), each where it is written (``Bearer%20<REDACTED>``)."""
    return found_decoded(text, _written_shape_spans)


def _written_shape_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` holds a credential's shape as written."""
    return [
        found.span(key)
        for pattern in _SHAPES
        for found in _pattern(pattern).finditer(text)
        for key, value in found.groupdict().items()
        if value is not None and not _stands_in(value)
    ]


def _value_span(name: str, found: re.Match[str]) -> tuple[int, int] | None:
    """Where the credential is in a value of ``_VALUE`` given to ``name``: past the
    scheme word of authorization's; None when a variable or a placeholder stands there."""
    key = found.lastgroup  # the one alternative that matched: dq, sq, bq or bare
    value = found[key].rstrip()  # type: ignore[index]
    end = found.start(key) + len(value)  # type: ignore[arg-type]
    if str.lower(name) in _SCHEMED:
        words = value.split(None, 1)
        if len(words) == 2 and words[0].lower() in _SCHEMES:
            value = words[1]  # the scheme word is no secret, and helps to read
    return None if _stands_in(value) else (end - len(value), end)


def _stands_in(value: str) -> bool:
    """Whether ``value`` is what stands where a credential would (``_STAND_IN``): without
    a $ or a <, only if it is blanks and colons."""
    if "$" not in value and "<" not in value and "..." not in value and "…" not in value:
        return not value.replace(":", "").strip()
    return _pattern(_STAND_IN).fullmatch(value) is not None


def stands_in_as_sent(value: str) -> bool:
    """Whether ``value`` stands where a credential would in a text no shell reads (a JSON
    body as sent): ``${VAR}`` as a profile writes a reference, a placeholder; ``$VAR`` and
    ``$(...)`` are sent as they are (``$(echo abc)`` holds abc).

    >>> [stands_in_as_sent(v) for v in ("${PW}", "<REDACTED>", "$PW", "$(echo x)")]
    [True, True, False, False]
    """
    return _pattern(WRITTEN_STAND_IN).fullmatch(value) is not None


def masker(secrets: Iterable[str]) -> Callable[[str], str]:
    """A function that hides, in a text, each of ``secrets`` wherever it is and every
    credential ``credential_spans`` finds, as written or percent-encoded (``ghp%5F...``,
    a piece between a URL's separators hidden whole, as ``redact_url`` hides it): each
    replaced by ``<REDACTED>``. One pass over
    the text, however many secrets (a paste may send thousands): a replace for each
    would take seconds over a long text.

    >>> hide = masker(["s3cr3t"])
    >>> hide("curl -d 'x=s3cr3t' -H 'x-api-key: k1' h")
    "curl -d 'x=<REDACTED>' -H 'x-api-key: <REDACTED>' h"
    """
    found = Literals(secrets).spans if secrets != () else lambda _: []  # masked(name): no tree
    return lambda text: (
        text and _masked(text, [*credential_spans(text), *_encoded_spans(text), *found(text)])
    )


def masked(text: str, secrets: Iterable[str] = ()) -> str:
    """``text`` with ``secrets`` and every credential in it hidden (``masker``).

    >>> masked("GITHUB_TOKEN=t1 gh api user; echo ok")
    'GITHUB_TOKEN=<REDACTED> gh api user; echo ok'
    """
    return masker(secrets)(text)


def _masked(text: str, spans: list[tuple[int, int]], marker: str = REDACTED) -> str:
    """``text`` with ``spans`` (in any order, overlapping or not) each replaced by
    ``marker``; those that overlap or touch, by one."""
    return replaced(text, sorted(spans), marker)


_COMPILED: dict[str, re.Pattern[str]] = {}  # this package's own patterns, compiled


def _pattern(pattern: str) -> re.Pattern[str]:
    compiled = _COMPILED.get(pattern)
    if compiled is None:
        import re  # at first use: `import restroute` does not pay for it

        compiled = _COMPILED[pattern] = re.compile(pattern)
    return compiled
