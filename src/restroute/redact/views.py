"""What a view shows of secrets: the secret values of merged options, hidden wherever they
show up (a text, options, an error message), a route, and a form row's dots."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping

from ..errors import EndpointError
from ..rules import (
    MAX_REDACT_DEPTH,
    MAX_SECRET_JSON,
    MAX_SECRET_LEAVES,
    OPTION_NAMES,
    SHORTEST_SECRET,
)
from ._args import pairs_arg, text_arg, texts_arg
from .decoded import found_decoded
from .fields import holds_secret, redact_fields, redact_options
from .kept import LONG
from .literals import Literals, replaced
from .names import REDACTED, is_secret
from .references import references_only
from .text import (
    _masked,
    _shape_spans,
    _url_spans,
    credential_spans,
    masked,
    redact_url,
    secret_parts,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def secret_values(
    merged: Mapping[str, object] | None, known: Iterable[str] = ()
) -> tuple[str, ...]:
    """The secrets a view hides wherever they show up, in an error message too: the values
    given under names of secrets at any depth of the merged options ``merged``
    (``access_token``, a header's credential), those that carry a secret no name marks
    (``hook=https://user:password@host``: ``holds_secret``), the ``user:password`` and
    secret query values of every URL in the options (``secret_parts``), and ``known`` ones
    (the environment's, that profiles read); as text and as a URL carries them
    (percent-encoded), longest first. Only those of 8 characters or more: a shorter one
    would hide the same characters wherever they are.

    >>> secret_values({"url": "/user", "headers": {"authorization": "token t0k3n_abc"}})
    ('token%20t0k3n_abc', 'token t0k3n_abc', 't0k3n_abc')
    """
    import contextlib
    import json

    found = set(texts_arg(known, "secret_values", "known"))
    # (a value, the name it is under, its depth, whether a name above marks a secret)
    stack: list[tuple[object, object, int, bool]] = []
    if merged is not None:
        pairs = pairs_arg(merged, "secret_values", "merged")
        stack = [(value, name, 0, False) for name, value in pairs]
    seen = 0
    while stack and seen < MAX_SECRET_LEAVES:
        value, name, depth, above = stack.pop()
        seen += 1
        secret = above or (isinstance(name, str) and is_secret(name))
        if isinstance(value, Mapping) and depth < MAX_REDACT_DEPTH:
            stack += [(item, key, depth + 1, secret) for key, item in value.items()]
        elif isinstance(value, list | tuple) and depth < MAX_REDACT_DEPTH:
            stack += [(item, name, depth + 1, secret) for item in value]
        elif isinstance(value, str | int) and not isinstance(value, bool):
            text = _text(value)
            if secret and not references_only(text):  # ${VAR} unset: where it comes from
                found.update((text, text.rpartition(" ")[2]))  # "token t0k3n": the word too
            elif depth == 0 and name not in OPTION_NAMES and holds_secret(text):
                found.add(text)
            found.update(secret_parts(text))
            found.update(text[start:end] for start, end in credential_spans(text))
            if text.lstrip()[:1] in ("{", "[") and len(text) <= MAX_SECRET_JSON:  # JSON in a text
                with contextlib.suppress(ValueError, RecursionError):
                    stack.append((json.loads(text), name, depth + 1, secret))
    from urllib.parse import quote

    forms = {
        form
        for value in found
        for form in (
            *_escaped_forms(value),
            quote(value, safe="", errors="replace"),
            value.replace("+", " "),  # a + a URL keeps, as its reader decodes it
            value.replace("'", "'\\''"),  # in a shell's single quotes
        )
        if len(form) >= SHORTEST_SECRET
    }
    return tuple(sorted(forms, key=len, reverse=True))


def _text(value: str | int) -> str:
    """A str's or int's own text, as a request carries it: judged by its type, not by
    what a subclass's ``__str__`` says (the sixth attack's G2: ``S(str)`` whose
    ``__str__`` said "harmless" put its real text in the URL, and showed)."""
    if isinstance(value, str):
        return str.__str__(value)
    try:
        return int.__repr__(value)
    except ValueError:  # more digits than Python writes: no request carries it
        return ""


def _escaped_forms(value: str) -> set[str]:
    r"""``value`` as written, and as a message or a snippet may repeat it escaped: as in
    Python's ``repr`` (``\n``, ``\x00``, ``\'``) and in JSON's strings (``\"``,
    ``\u0000``; ASCII only or not), so a secret holding a newline or a quote is hidden
    in an error that quotes it too.

    >>> sorted(_escaped_forms('a\nb"'))
    ['a\nb"', 'a\\nb"', 'a\\nb\\"']
    """
    import json

    return {
        value,
        repr(value)[1:-1],
        json.dumps(value)[1:-1],
        json.dumps(value, ensure_ascii=False)[1:-1],
    }


def hide_values(text: str, secrets: Iterable[str], *, escaped: bool = False) -> str:
    """``text`` with each of ``secrets`` (``secret_values``: longest first) replaced by
    ``<REDACTED>``; with ``escaped``, also as HTML writes each (for HTML made from them).

    >>> hide_values("GET /x?key=t0k3n_abc", ("t0k3n_abc",))
    'GET /x?key=<REDACTED>'
    >>> hide_values("<b>a&amp;b_secret</b>", ("a&b_secret",), escaped=True)
    '<b>&lt;REDACTED&gt;</b>'
    """
    known = _HIDERS.get((id(secrets), escaped))  # a view passes the same tuple each time
    if known is not None and known[0] is secrets:
        hider = known[1]
    else:
        strings = tuple(str.__str__(each) for each in secrets if isinstance(each, str))
        hider = _hider(strings, escaped)
        if isinstance(secrets, tuple):  # (kept while here: its id is no other's)
            if len(_HIDERS) >= 8:
                _HIDERS.clear()
            _HIDERS[id(secrets), escaped] = (secrets, hider)
    return hider(text) if hider is not None else text


_HIDERS: dict[tuple[int, bool], tuple[object, Callable[[str], str] | None]] = {}


@functools.lru_cache(maxsize=8)  # a view hides the same secrets in each text it shows
def _hider(secrets: tuple[str, ...], escaped: bool) -> Callable[[str], str] | None:
    """What hides ``secrets`` in a text: each place one of them is, the longest where
    several start, found in one pass however many there are (a profile's value may hold
    a hundred thousand tokens: a replace for each, in each text, took minutes)."""
    plain = frozenset(each for each in secrets if each)
    if not plain:
        return None
    hide = _hiding(Literals(plain), REDACTED)
    if not escaped:
        return hide
    from html import escape

    # then as HTML writes them: each such form holds an &, which the marker before lacks
    hide_html = _hiding(Literals({escape(each) for each in plain} - plain), escape(REDACTED))
    return lambda text: hide_html(hide(text))


def _hiding(literals: Literals, marker: str) -> Callable[[str], str]:
    """What hides ``literals`` in a text, as written or percent-encoded (a URL's query
    writes each secret as its writer encodes it: ``+`` kept, a blank as ``%20``...). A
    short text's result is kept: a view shows each value in its rows, its cascade, its
    table... (10,000 values of a profile were searched 12 times each: 20 s)."""
    kept: dict[str, str] = {}
    size = [0]  # the characters of the texts kept

    def hidden(text: str) -> str:
        spans = [*literals.spans(text), *found_decoded(text, literals.spans)]
        return replaced(text, sorted(spans), marker)

    def hide(text: str) -> str:
        if len(text) > LONG:
            return hidden(text)
        shown = kept.get(text)
        if shown is None:
            if size[0] + len(text) > _KEPT:
                kept.clear()
                size[0] = 0
            shown = kept[text] = hidden(text)
            size[0] += len(text)
        return shown

    return hide


_KEPT = 4_000_000  # characters of short texts a hider keeps the results of, at most


def scrub_options(options: dict[str, Any], secrets: Iterable[str]) -> dict[str, Any]:
    """``options`` with each of ``secrets`` hidden (``hide_values``) in each text they hold
    at any depth (``hide_in``: a header, a body's field, a token read from the environment
    under a name no one marks as a secret): changed in place, and returned.

    >>> scrub_options({"url": "/x", "headers": {"x-my": "t0k3n_abc", "n": 1}}, ["t0k3n_abc"])
    {'url': '/x', 'headers': {'x-my': '<REDACTED>', 'n': 1}}
    """
    secrets = tuple(secrets)
    if not secrets:
        return options
    for name, value in options.items():
        options[name] = hide_in(value, secrets)
    return options


def hide_in(value: Any, secrets: Iterable[str], depth: int = 0) -> Any:
    """``value`` with each of ``secrets`` hidden (``hide_values``) in every text it holds,
    at any depth of its mappings, lists and tuples (a body's field, a cascade's step; a
    key too): a new value where one changed, ``value`` itself otherwise. A bytes value
    is hidden in as its text (UTF-8, else Latin-1). Below 64 levels, what holds a secret
    is hidden whole.

    >>> hide_in({"body": {"x-forward": "token t0k3n_abc"}, "n": 2}, ["t0k3n_abc"])
    {'body': {'x-forward': 'token <REDACTED>'}, 'n': 2}
    """
    secrets = tuple(secrets)
    if isinstance(value, str):
        return hide_values(value, secrets) if secrets else value
    if isinstance(value, bytes | bytearray | memoryview):
        return _hidden_bytes(value, secrets)
    if not secrets or not isinstance(value, Mapping | list | tuple):
        return value
    if depth >= MAX_REDACT_DEPTH:
        return REDACTED if _holds_any(value, secrets) else value
    if isinstance(value, Mapping):
        shown = {
            hide_in(key, secrets, depth + 1): hide_in(item, secrets, depth + 1)
            for key, item in value.items()
        }
        return value if shown == value else shown
    items = [hide_in(item, secrets, depth + 1) for item in value]
    if all(new is old for new, old in zip(items, value, strict=True)):
        return value
    if isinstance(value, list):
        return items
    return tuple.__new__(type(value), items)  # a named tuple stays one, its code not run


def _hidden_bytes(value: bytes | bytearray | memoryview, secrets: tuple[str, ...]) -> object:
    data = bytes(value)
    try:
        text, encoding = data.decode(), "utf-8"
    except UnicodeDecodeError:
        text, encoding = data.decode("latin-1"), "latin-1"
    shown = hide_values(text, secrets)
    return value if shown == text else shown.encode(encoding, errors="replace")


def _holds_any(value: object, secrets: tuple[str, ...]) -> bool:
    """Whether a text anywhere in ``value`` holds one of ``secrets`` (walked with a
    stack: a value may be nested past the recursion limit)."""
    stack, seen = [value], set()
    while stack:
        each = stack.pop()
        if id(each) in seen:
            continue
        seen.add(id(each))
        if isinstance(each, str) and hide_values(each, secrets) != each:
            return True
        if isinstance(each, Mapping):
            stack += [*each.keys(), *each.values()]
        elif isinstance(each, list | tuple):
            stack.extend(each)
    return False


def url_shown(url: str, secrets: Iterable[str]) -> str:
    """A request's URL as a view shows it: its ``user:password@`` and secret query values
    hidden (``redact_url``), and each of ``secrets`` wherever else it went (a path).

    >>> url_shown("https://me:pw@h/users/s3cr3t_1?token=t", ["s3cr3t_1"])
    'https://<REDACTED>@h/users/<REDACTED>?token=<REDACTED>'
    """
    shown = redact_url(text_arg(url, "url_shown", "url"))
    return hide_values(str(shown), texts_arg(secrets, "url_shown", "secrets"))


def options_shown(options: Mapping[str, Any], secrets: Iterable[str]) -> dict[str, Any]:
    """Request or merged options as a view shows them: the secret headers and fields
    redacted (``redact_options``), and each of ``secrets`` hidden in every text left
    (``scrub_options``). ``options`` itself is left as it was.

    >>> options_shown({"url": "/users/s3cr3t_1", "headers": {"x-api-key": "k"}}, ["s3cr3t_1"])
    {'url': '/users/<REDACTED>', 'headers': {'x-api-key': '<REDACTED>'}}
    """
    return scrub_options(redact_options(options), secrets)


def redact_message(message: str, secrets: Iterable[str] = ()) -> str:
    """An error or warning message as shown: every credential in it by its shape
    (``credential_spans``: ``user:password@``, ``access_token=``, a GitHub token) and each
    of ``secrets`` (``secret_values``) hidden.

    >>> redact_message("no route for https://me:pw@h/x?token=t1 (key s3cr3t_1)", ["s3cr3t_1"])
    'no route for https://<REDACTED>@h/x?token=<REDACTED> (key <REDACTED>)'
    """
    secrets = texts_arg(secrets, "redact_message", "secrets")
    if issubclass(type(message), str):
        return masked(str.__str__(message), secrets)
    try:
        said = str(message)  # an exception, a number: what it says
    except Exception as error:  # RecursionError of a deep list: nothing to show of it
        msg = f"redact_message: the message (a {type(message).__name__}) could not be read "
        msg += f"as text: {type(error).__name__}; pass a str"
        raise EndpointError(msg) from None
    return masked(said, secrets)


def error_text(message: str) -> str:
    """An ``EndpointError``'s message as it is raised (``restroute.errors`` asks it for
    every one): a URL's secrets in it (``user:password@``, the value of a parameter named
    as a secret: ``secret_parts``) and each credential known by its shape (a GitHub
    token, the word after ``Bearer``: ``masked_shapes``) hidden, and each of those of 8
    characters or more wherever else it is. Only these: a message names a secret's name
    (``{password}``, ``Session:``, ``secrets='env'``) to say what to fix, so a name and
    what follows it are kept.

    >>> error_text("GET /x/{a}?password=s3cr3t_1: no value for {a}; pass a=... (s3cr3t_1)")
    'GET /x/{a}?password=<REDACTED>: no value for {a}; pass a=... (<REDACTED>)'
    >>> error_text("no value for {password}; pass password=...")
    'no value for {password}; pass password=...'
    """
    spans = [*_shape_spans(message)]
    for start, end in _url_spans(message):  # "?password=pw: no value": the : is the message's
        ends = message[end - 1 : end + 1] in (":", ": ") and end - start > 1
        spans.append((start, end - 1) if ends else (start, end))
    if not spans:
        return message
    found = {message[start:end] for start, end in spans if end - start >= SHORTEST_SECRET}
    return _masked(message, [*spans, *Literals(found).spans(message)])


def redact_repr(value: object, limit: int = 60) -> str:
    """``repr(value)`` as a message shows it, the type still named: the fields named as
    secrets hidden (``redact_fields``), then every credential its text shows (an
    attribute's, a dataclass's or a named tuple's ``password='...'``, a GitHub token's
    shape: ``redact_message``), then cut to ``limit`` characters: a token cut first would
    lose its shape, and show. Never raises.

    >>> from types import SimpleNamespace
    >>> redact_repr(SimpleNamespace(user="me", password="hunter2"))
    "namespace(user='me', password='<REDACTED>')"
    """
    try:
        text = repr(redact_fields(value))
    except Exception:  # a huge int, or a broken __repr__
        text = f"<{type(value).__name__} object>"
    # what is past the cut is never shown: only a credential across it must be seen whole
    text = redact_message(text[: 4 * limit + 256])
    return text if len(text) <= limit else text[: limit - 3] + "..."


def redact_route(route: str) -> str:
    """A route as shown (``GET https://h/x``, or a URL alone): its URL's secrets
    (``user:password@``, ``access_token=``) hidden, and those ``secret_parts`` finds
    anywhere in it; the method kept, blanks around the URL dropped.

    >>> redact_route(" GET https://me:pw@h/x?access_token=t1 ")
    'GET https://<REDACTED>@h/x?access_token=<REDACTED>'
    """
    route = text_arg(route, "redact_route", "route")
    method, space, url = route.strip().partition(" ")
    shown = f"{method} {redact_url(url.strip())}" if space else str(redact_url(route))
    return redact_words(shown)


def redact_words(text: str) -> str:
    """Typed words (a search, a route) as shown: every credential they hold hidden, as the
    Paste box hides it (``masked``: a URL's ``user:password@`` and ``access_token=``, a
    token's shape, ``-u me:pw``, ``password=...``, a header line, written or
    percent-encoded), every other character kept.

    >>> redact_words("repos  https://h/x?access_token=t1 ")
    'repos  https://h/x?access_token=<REDACTED> '
    >>> redact_words("gh api /user -f password=pw1")
    'gh api /user -f password=<REDACTED>'
    """
    return masked(text_arg(text, "redact_words", "text"))


DOTS = "•" * 8  # a secret row's value as a form shows it while idle, and saves it


def shows_dots(name: str, value: str, *, editing: bool = False) -> bool:
    """Whether a form row's value shows as dots (its field a password's) while secrets are
    redacted: a secret's, by its name (as every view judges it), always, while it is
    edited too; a value that carries a secret its name does not mark (a URL's
    ``user:password@``, JSON with a ``secret`` field) except while it is edited, as no one
    can edit text they cannot see. Both explorers ask it.

    >>> shows_dots("token", "t1", editing=True), shows_dots("hook", "https://u:p@h")
    (True, True)
    >>> shows_dots("hook", "https://u:p@h", editing=True), shows_dots("q", "octocat")
    (False, False)
    """
    return is_secret(name) or (not editing and holds_secret(value))


def row_shown(name: str, value: str, *, editing: bool = False) -> str:
    """A form row's value as shown (and, in the notebook, saved): ``DOTS`` where
    ``shows_dots`` says so, the value otherwise; nothing stays nothing, so that an empty
    field never reads as filled.

    >>> row_shown("token", "t1"), row_shown("token", ""), row_shown("q", "octocat")
    ('••••••••', '', 'octocat')
    """
    return DOTS if value and shows_dots(name, value, editing=editing) else value
