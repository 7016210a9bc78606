"""Structured values as shown: a header's, headers, request options and fields at any
depth, each secret replaced by ``<REDACTED>``; and whether a typed value holds one."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping

from ..errors import EndpointError
from ..rules import MAX_REDACT_DEPTH, MAX_SECRET_JSON, MAX_SECRET_JSON_READ, URL_OPTIONS
from ._args import pairs_arg
from .lenient import strict_json, unescaped
from .names import (
    _SCHEMED,
    _SCHEMES,
    REDACTED,
    REDACTED_IN_NAME,
    _runs,
    is_secret,
    is_secret_entry,
    secret_words,
    unparted_value,
)
from .text import READS_MORE, _masked, _shape_spans, masked, redact_url, stands_in_as_sent

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeVar

    T = TypeVar("T")


def redacted(name: str, value: object) -> object:
    """``value`` as shown: a secret's value replaced, the scheme word of authorization kept;
    under any other name, a URL's secrets (a header named ``base_url`` by mistake) and
    JSON's a reader finds (``redact_fields``)."""
    if not is_secret(name):  # (JSON read too: a header may carry a body's, Dropbox-API-Arg)
        return _json_text_shown(str.__str__(value)) if isinstance(value, str) else value
    words = str.split(value) if isinstance(value, str) else []
    if str.lower(name) in _SCHEMED and len(words) == 2 and words[0].lower() in _SCHEMES:
        return f"{words[0]} {REDACTED}"
    return REDACTED


def redacted_value(key: str, value: object, redact: bool = True) -> object:
    """``value`` of option ``key`` as shown (``redact``): a secret header's value hidden
    (its scheme word kept), a URL's ``user:password@`` and secret query values too, and a
    parameter named as a secret (``access_token``). The one rule for every step of a
    cascade and the form's hints; None hides nothing."""
    if not redact or value is None:
        return value
    outer, dot, inner = key.partition(".")
    if not dot:  # a whole option: the headers table is redacted header by header
        return next(iter(redact_options({key: value}).values()))  # its name hidden too
    if outer == "headers":
        return redacted(inner, value)
    if is_secret_entry(key):  # data.password; cookie.x, sent as a query
        return REDACTED
    return redact_fields(value)


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
    return _json_text_shown(text, limit=len(text)) != text  # JSON, read as a reader would


def _check_mapping(function: str, argument: str, value: object) -> None:
    if not isinstance(value, Mapping):
        msg = f"{function}: {argument} is {type(value).__name__}, not a mapping; pass a dict"
        raise EndpointError(msg)


def redact_headers(headers: Mapping[str, Any]) -> dict[str, Any]:
    """``headers`` with secret values replaced; the scheme word of authorization stays;
    a token's shape in a name is replaced too, by a marker a client sends (``header_name``).

    >>> redact_headers({"x-ghp_" + "x" * 36: "v"})
    {'x-REDACTED': 'v'}
    """
    pairs = pairs_arg(headers, "redact_headers", "headers")
    return {header_name(name): redacted(name, value) for name, value in pairs}


def header_name(name: object) -> Any:
    """A header's name as a redacted copy sends it (and a display of headers shows it): a
    token's shape in it (``masked_shapes``) replaced by ``REDACTED``, as ``<`` and ``>``
    are no characters of a header's name; any other name as it is.

    >>> header_name("X-ghp_" + "x" * 36), header_name("accept")
    ('X-REDACTED', 'accept')
    """
    if type(name) is not str:
        return name
    spans = _shape_spans(name)
    return _masked(name, spans, REDACTED_IN_NAME) if spans else name


def redact_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """A shallow copy of request or merged options with their headers redacted, the
    secrets of their URLs, and parameters named as secrets.

    >>> redact_options({"url": "/user", "headers": {"authorization": "token t"}})
    {'url': '/user', 'headers': {'authorization': 'token <REDACTED>'}}
    >>> redact_options({"url": "/x?access_token=t", "client_secret": "s", "page": 2})
    {'url': '/x?access_token=<REDACTED>', 'client_secret': '<REDACTED>', 'page': 2}
    """
    shown: dict[str, Any] = {}
    for name, value in pairs_arg(options, "redact_options", "options"):
        if name == "headers" and issubclass(type(value), Mapping):
            shown[name] = redact_headers(value)
        elif name in URL_OPTIONS:
            shown[name] = redact_url(value)
        elif isinstance(name, str) and is_secret(name):
            shown[name_shown(name)] = REDACTED  # (a header line pasted as a row's name)
        else:  # a parameter's or the body's fields: a webhook's config.secret
            shown[name_shown(name)] = redact_fields(value)
    return shown


_DEPTH = MAX_REDACT_DEPTH  # deeper than any API's body: what lies below is kept or hidden whole


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

    A bytes body is scanned as a text one is: as the text it is in UTF-8, else (binary)
    as Latin-1, so that each byte is one character and a token's ASCII run is found; the
    redacted text is written back as bytes. A redacted copy sends the marker where the
    secret was, as it does in a text body.

    >>> redact_fields(b"\\xff token=ghp_" + b"x" * 36)
    b'\\xff token=<REDACTED>'
    """
    if depth == 0 and _READING.left is None:  # (one value: its texts read share a budget)
        return within_one_budget(lambda: redact_fields(value))
    kind = type(value)  # judged by its real type: a caller's __class__ may lie
    if issubclass(kind, str):
        return _json_text_shown(str.__str__(value))
    if issubclass(kind, bytes | bytearray | memoryview):
        return _redacted_bytes(value)  # type: ignore[arg-type]
    if not issubclass(kind, Mapping | list | tuple):
        return value
    if depth >= _DEPTH:
        return REDACTED if _holds_secret(value) else value
    if issubclass(kind, Mapping):
        return {
            name_shown(key): REDACTED if isinstance(key, str) and is_secret(key) else
            redact_fields(field, depth + 1)
            for key, field in pairs_arg(value, "redact_fields", "a mapping in the value")
        }  # fmt: skip
    items = [redact_fields(item, depth + 1) for item in value]  # type: ignore[attr-defined]
    if issubclass(kind, list):
        return items  # a subclass's constructor is its own code, never run: a list
    return tuple.__new__(kind, items)  # a named tuple stays one, its code not run


def _json_text_shown(text: str, limit: int = MAX_SECRET_JSON, shown: object = None) -> object:
    """A text as ``redact_url`` shows it, unless it is JSON (of ``limit``
    characters at most) in which a reader would still find a secret: a field named as a
    secret written with escapes (``{"pass\\u0077ord": ...}``) or twice, an array or object
    under such a name, a token written with escapes (``"\\u0067hp_..."``), JSON inside a
    string. Then it is written again, as JSON, each of those hidden (``_json_shown``).
    JSON only a lenient reader reads is hidden whole (``_leniently_shown``). (``shown``:
    ``redact_url``'s, if the caller has it.)"""
    shown = redact_url(text) if shown is None else shown
    if type(shown) is not str or len(text) > limit or not _may_read_more(text):
        return shown  # (no escape and no secret's word: a reader finds what redact_url did)
    if _READING.left is not None:  # (past the value's budget: hidden whole, not read)
        _READING.left -= len(text)
        if _READING.left < 0:
            return REDACTED
    first = text.lstrip().lstrip("\ufeff").lstrip()[:1]  # (after a byte order mark, if any)
    if first not in ("{", "[", '"'):
        return _leniently_shown(text, shown)  # (a JSON string at the top may hold JSON)
    try:  # every pair as written, in order: a name given twice is read twice
        written, hidden = _json_shown(_loads(text.lstrip().lstrip("\ufeff")), above=False)
    except RecursionError:  # nested past what Python reads, not past what all readers do:
        # it may give a secret's name a value (escaped, as a reader reads it)
        return REDACTED if "\\" in text or is_secret(text) else shown
    except ValueError:  # not JSON: what a lenient reader reads in it
        return _leniently_shown(text, shown)
    return written if hidden else shown  # (read as written: what redact_url hid in a name
    # may leave it no secret's, {"x -a-k\\u0065y": ...})


def _reads_more(text: str) -> bool:
    """Whether JSON's reader finds a secret in ``text`` that ``redact_url`` does not: a
    query's value decoded asks it (``text.READS_MORE``), as text cannot import this."""
    return _may_read_more(text) and _json_text_shown(text) != redact_url(text)


READS_MORE.append(_reads_more)


class _Reading(threading.local):
    """What is left of the characters the texts of the value being shown may be read as
    JSON for (``MAX_SECRET_JSON_READ``); None outside one (``holds_secret``: one text)."""

    left: int | None = None


_READING = _Reading()


def within_one_budget(call: Callable[[], T]) -> T:
    """``call()``, every text it reads as JSON sharing one budget of characters
    (``MAX_SECRET_JSON_READ``): its caller's, if it runs inside one."""
    if _READING.left is not None:
        return call()
    _READING.left = MAX_SECRET_JSON_READ
    try:
        return call()
    finally:
        _READING.left = None


def _may_read_more(text: str) -> bool:
    """Whether reading ``text`` as JSON may find a secret that ``redact_url`` did not: only
    an escape or a secret's word (a name's) lets it."""
    return "\\" in text or _runs(secret_words()).search(text) is not None


def _loads(text: str) -> object:
    """JSON's value in ``text``: every pair as written, in order (``_Pairs``), numbers as
    written (past 4,300 digits, Python refuses an int), a tab in a string, as many a
    reader takes it (strict=False)."""
    import json

    return json.loads(
        text, object_pairs_hook=_Pairs, parse_int=_Raw, parse_float=_Raw, strict=False
    )


def _leniently_shown(text: str, shown: str) -> str:
    """A text no strict reader reads, as shown: hidden whole if a lenient reader (JSON5's,
    one JSON per line, a text cut short read as far as it goes: ``strict_json``) finds a
    secret in it, or if its escapes read as JSON's show a credential ``shown`` still
    holds: where it lies cannot be shown without writing the text again."""
    if _leniently_hidden(text):
        return REDACTED
    if "\\" in shown and (read := unescaped(shown)) != redact_url(read):
        return REDACTED
    return shown


def _leniently_hidden(text: str) -> bool | None:
    """Whether a lenient reader finds a secret in ``text``; None if it reads no object
    there. One too deep to read here, or a text starting as JSON that no reader reads
    whole (junk between a name and its value: {"token"]: ...), is taken to: it holds an
    escape or a secret's word (``_may_read_more``), and where its value lies is unknown."""
    strict = strict_json(text)
    if strict is None:
        return None
    try:
        return _json_shown(_loads(strict), above=False)[1]
    except RecursionError:
        return True
    except ValueError:  # (a text that starts as JSON does, not prose: token ${T})
        return True if text.lstrip(" \t\r\n\ufeff\x1e")[:1] in ("{", "[") else None


class _Pairs(list[tuple[str, object]]):
    """A JSON object as read: its pairs, in order, a name given twice kept twice."""


class _Raw(str):
    """A JSON number as written: shown as it is, whatever its size."""


def _json_shown(value: object, *, above: bool) -> tuple[str, bool]:
    """JSON's ``value`` written as a redacted view shows it, and whether anything in it
    was hidden: under a name ``above`` it that is a secret's, all of it (null, a boolean
    or a stand-in such as ``${VAR}`` kept: ``stands_in_as_sent``); a name as a view shows
    one; a text as ``redact_url`` shows it, and if it is JSON too, as this shows it."""
    import json

    if above and not (value is None or isinstance(value, bool)):
        if isinstance(value, str) and stands_in_as_sent(value):  # (as sent: no shell)
            return json.dumps(value, ensure_ascii=False), False
        return json.dumps(REDACTED), True
    if isinstance(value, _Pairs | list):
        pairs = value if isinstance(value, _Pairs) else [(None, item) for item in value]
        parts, hidden = [], False
        for name, item in pairs:
            shown, inner = _json_shown(item, above=name is not None and is_secret(name))
            if name is not None:
                written = name_shown(name)
                shown = f"{json.dumps(written, ensure_ascii=False)}: {shown}"
                inner = inner or written != name
            parts.append(shown)
            hidden = hidden or inner
        ends = "{}" if isinstance(value, _Pairs) else "[]"
        return f"{ends[0]}{', '.join(parts)}{ends[1]}", hidden
    if isinstance(value, _Raw):
        return str.__str__(value), False
    if isinstance(value, str):
        text = _json_text_shown(value)
        return json.dumps(text, ensure_ascii=False), text != value
    return json.dumps(value), False


def name_shown(key: object) -> Any:
    """A name as a redacted view shows it (a field's, an option's, a row's: ``data.x``,
    ``headers.x-ghp_...``): every credential in it hidden (``masked``), a token's shape
    as a profile writes ``data.<REDACTED>``, and a value after a secret's name, parted
    from it or not (a header line pasted as a row's name, ``x-api-key: abc``,
    ``password<TAB>abc``: ``unparted_value``); any other name as it is. The one rule for
    every name a view shows; a header's name in a copy that runs is ``header_name``'s.

    >>> name_shown("headers.x-ghp_" + "x" * 36), name_shown("data.title")
    ('headers.x-<REDACTED>', 'data.title')
    >>> name_shown("x-api-key: abc123"), name_shown("x-api-key;abc123")
    ('x-api-key: <REDACTED>', 'x-api-key;<REDACTED>')
    """
    if type(key) is not str:
        return key
    start = unparted_value(key)
    return masked(key) if start is None else f"{masked(key[:start])}{REDACTED}"


def _redacted_bytes(value: bytes | bytearray | memoryview) -> object:
    """A bytes body as shown (``redact_fields``): ``value`` itself when it holds no secret."""
    data = bytes(value)
    try:
        text, encoding = data.decode(), "utf-8"
    except UnicodeDecodeError:  # binary: each byte a character, the ASCII runs read as text
        text, encoding = data.decode("latin-1"), "latin-1"
    shown = _json_text_shown(text)  # (as a text body is: JSON read as a reader reads it)
    return value if shown == text else str(shown).encode(encoding)


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
