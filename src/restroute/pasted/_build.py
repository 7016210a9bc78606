"""The ``restroute build`` command that makes a pasted request again, each word quoted for
a shell so that printing it obeys nothing."""

from __future__ import annotations

import json
import re
import shlex
from urllib.parse import quote

from .._core.encoding import UNPRINTABLE
from .._core.http import is_token
from .._core.kinds import honest
from .._core.query import query_text
from .._rows import value_text
from ..catalog import Match
from ..errors import EndpointError
from ..rules import OPTION_NAMES
from ._parameters import _PATH_VARIABLE, _PLAIN, _base_url, _check, _query_names, _rows


def build_command(found: Match, *, catalog: str = "") -> str:
    """``restroute build 'ROUTE' name=value ...``: the command that builds the request
    again, each value written so that build reads it back as the same value. Each word
    is quoted for a POSIX shell; one holding a character a terminal would obey is written
    ``$'...'`` with escapes (bash, zsh), so that printing it obeys nothing."""
    _check(found, "build_command")
    catalog = honest(catalog, "build_command")
    if not isinstance(catalog, str):
        raise EndpointError(f"build_command takes catalog as text, not {type(catalog).__name__}")
    return _joined(_command(found, catalog)[0])


def _command(found: Match, catalog: str = "") -> tuple[list[str], list[str]]:
    """The build command's words, and what they cannot say (each a note)."""
    notes: list[str] = []
    values = _rows(found, notes)
    route, query = _route(found)
    if query is not None:  # the query as it was, in the route: no parameter can say it
        in_path = set(_PATH_VARIABLE.findall(route))
        values = [(n, v) for n, v in values if n in in_path or n not in _query_names(found)]
    words = ["restroute", "build", route]
    words += [_item(name, value) for name, value in values]
    for name, value in found.headers.items():
        if not is_token(name):
            notes.append(f"the header {name!r} is no header name build can send; it is left out")
        elif value == value.strip() and not value.startswith("="):
            words.append(f"{name}:{value}")
        else:  # a value with blanks around it, or one that would read as name:=json
            words.append(f"headers.{name}=={value}")
    if isinstance(found.data, bytes):
        notes.append("the body is bytes, which a command line cannot hold: give it as data")
    if _base_url(found):
        words += ["--base-url", found.base_url]
    if catalog:
        words += ["--catalog", catalog]
    return words, notes


def _route(found: Match) -> tuple[str, str | None]:
    """The route, and the query as it was pasted when no parameter can say it (written
    into the route then): a name given twice, a value whose text its type changes
    (``007``), a ``+`` in ``q`` (sent as it is, it is a blank), a name build reads as
    something else, an option's name the match left out."""
    pairs, left_out = _pasted_query(found)
    texts: dict[str, list[str]] = {}
    for name, text in pairs:
        texts.setdefault(name, []).append(text)
    in_path = set(_PATH_VARIABLE.findall(found.route.partition(" ")[2]))
    fits = not left_out and all(
        _fits(name, found.params.get(name), texts[name], in_path) for name in texts
    )
    if fits:
        return found.route, None
    query = "&".join(f"{quote(name, safe='')}={quote(text, safe='/:@,')}" for name, text in pairs)
    route = found.route.partition("{?")[0]
    return f"{route}?{query}", query


def _pasted_query(found: Match) -> tuple[list[tuple[str, str]], bool]:
    """The query's pairs as the parts say they were pasted (decoded), and whether one
    was left out as an option's name."""
    pairs: list[tuple[str, str]] = []
    left_out = False
    for part in found.parts:
        name, equals, text = part.text.partition("=")
        if part.became == f"query {name}" and equals:
            pairs.append((name, text))
        elif part.became == "left out" and equals and name in OPTION_NAMES:
            pairs.append((name, text))
            left_out = True
    return pairs, left_out


def _fits(name: str, value: object, texts: list[str], in_path: set[str]) -> bool:
    """Whether a parameter ``name`` = ``value`` sends the query's ``texts`` as pasted."""
    if len(texts) != 1 or name in in_path or not _PLAIN.fullmatch(name):
        return False
    if name == "q" and "+" in texts[0]:
        return False
    try:
        return query_text(name, value) == texts[0]
    except EndpointError:
        return False


def _item(name: str, value: object) -> str:
    """``name=value`` as build reads it: text that would read as other JSON, or that
    starts with ``=`` (``name==x`` reads as the text ``x``), goes as ``name==text``,
    anything that is no text as ``name:=json``."""
    if isinstance(value, str):
        plain = value_text(value) == value and not value.startswith("=")
        return f"{name}={value}" if plain else f"{name}=={value}"
    return f"{name}:={json.dumps(value, ensure_ascii=False, separators=(',', ':'))}"


def _joined(words: list[str]) -> str:
    """``words`` as one shell command line, none of them printing a control character."""
    return " ".join(map(_quoted, words))


def _quoted(word: str) -> str:
    """``word`` quoted for a shell; ``$'...'`` with escapes if it holds a character a
    terminal would obey."""
    if not UNPRINTABLE.search(word):
        return shlex.quote(word)
    escaped = word.replace("\\", "\\\\").replace("'", "\\'")
    return f"$'{UNPRINTABLE.sub(_escape, escaped)}'"


def _escape(found: re.Match[str]) -> str:
    code = ord(found[0])
    return f"\\x{code:02x}" if code < 0x80 else f"\\u{code:04x}"
