"""Writing a profile: options as TOML text, with every literal secret left out and anything
TOML cannot hold refused by its key."""

from __future__ import annotations

import operator
import sys
from collections.abc import Iterator, Mapping
from datetime import date, datetime, time, timedelta

import tomli_w

from .._core.encoding import safe_repr
from .._core.kinds import honest
from ..errors import EndpointError
from ..redact import literal_secret, name_shown, redact_message
from .reading import MAX_DEPTH, _too_deep

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_LEFT_OUT = 'a secret; write "${SOME_TOKEN}" to read it from the environment'
_MINUTE = timedelta(minutes=1)


def dump_profile(options: Mapping[str, Any]) -> str:
    """TOML text for ``options``; each literal secret (a value under a secret's name, at any
    depth, that is not ``${VAR}`` references, or a text that holds a token's shape under
    any name: :func:`left_out`) is left out.

    What is left out is said in comments at the top, where tomli-w (which writes no
    comments) cannot misplace them, so the text stays valid TOML.

    >>> print(dump_profile({"per_page": 100, "headers": {"x-api-key": "k-123"}}), end="")
    # headers.x-api-key: left out, a secret; write "${SOME_TOKEN}" to read it from the environment
    <BLANKLINE>
    per_page = 100
    <BLANKLINE>
    [headers]
    """
    options = honest(options, "dump_profile")
    if not isinstance(options, Mapping):
        msg = f"profile: the options are {safe_repr(options)}, not a mapping; pass a dict of "
        msg += "options, as endpoint.defaults() takes them"
        raise EndpointError(msg)
    kept, left_out = _without_secrets(options)
    plain = _plain(kept, "", frozenset(), 0)
    notes = "".join(_left_out_note(name) for name in left_out)
    body = tomli_w.dumps(plain)
    # An empty profile is one empty line, as it always was: the explorer's editor starts there.
    return notes + "\n" + body if notes else body or "\n"


def left_out(options: Mapping[str, Any]) -> dict[str, str]:
    """The literal secrets :func:`dump_profile` leaves out of ``options``: a header by its
    name, any other by its dotted key (``data.user.password``, ``hooks[0].secret``), each
    with the start of the comment line that says so (``# headers.NAME: left out``).

    >>> left_out({"headers": {"authorization": "token abc", "accept": "*/*"}})
    {'authorization': '# headers.authorization: left out'}
    >>> left_out({"data": {"user": {"password": "hunter2"}}, "page": 2})
    {'data.user.password': '# data.user.password: left out'}
    """
    options = honest(options, "left_out")
    if not isinstance(options, Mapping):
        msg = f"left_out: options is {type(options).__name__}, not a mapping; pass a dict"
        raise EndpointError(msg)
    found: dict[str, str] = {}
    for path in _without_secrets(options)[1]:
        # a header by its name; a key that is written as one is (rarely) leaves it first
        where = name_shown(str(path[1])) if _is_header(path) else _dotted(_shown(path))
        found.setdefault(redact_message(where), _left_out_mark(path))
    return found


_Path = tuple[object, ...]  # keys (a str) and array indexes (an int), outermost first


def _is_header(path: _Path) -> bool:
    return len(path) == 2 and path[0] == "headers"


def _without_secrets(options: Mapping[str, Any]) -> tuple[dict[str, Any], list[_Path]]:
    """Profiles get shared and committed, so a literal credential must never reach one:
    not in a header, a parameter, a body's field or ``request``, at any depth.

    Returns ``options`` without each key that holds a literal secret (the redact
    package's ``literal_secret``: a secret's name, a value that is not ``${VAR}``
    references only; a table or an array under such a name is left out whole; under any
    name or in an array, a text that holds a credential by its shape, ``ghp_...``), and
    the path of each, for the notes.
    """
    left: list[_Path] = []
    kept = _kept(options, (), left, frozenset(), 0)
    return dict(kept), left  # a copy, as always: a loop to the top is found one level in


def _kept(
    value: Any, path: _Path, left: list[_Path], enclosing: frozenset[int], depth: int
) -> Any:
    """``value`` without its literal secrets, each path appended to ``left``: ``value``
    itself when it holds none, so that ``_plain`` finds a loop (or a depth past the
    limit, not walked here) where it is and refuses it by its key."""
    if not isinstance(value, Mapping | list | tuple) or id(value) in enclosing:
        return value
    if depth > MAX_DEPTH:
        return value
    inside = enclosing | {id(value)}
    if not isinstance(value, Mapping):
        items = []
        for index, each in enumerate(value):
            if literal_secret(index, each):  # a token's shape in an array: left out too
                left.append((*path, index))
            else:
                items.append(_kept(each, (*path, index), left, inside, depth + 1))
        same = len(items) == len(value) and all(map(operator.is_, items, value))
        return value if same else items
    kept: dict[Any, Any] = {}
    for key, item in value.items():
        if literal_secret(key, item):
            left.append((*path, key))
        else:
            kept[key] = _kept(item, (*path, key), left, inside, depth + 1)
    same = len(kept) == len(value) and all(kept[key] is item for key, item in value.items())
    return value if same else kept


def _left_out_note(path: _Path) -> str:
    return f"{_left_out_mark(path)}, {_LEFT_OUT}\n"


def _left_out_mark(path: _Path) -> str:
    """The note's start, naming ``path``: a key that holds a token, or a value after a
    secret's name (``"x-api-key;abc"``), is named hidden."""
    return f"# {redact_message(_dotted(_shown(path)))}: left out"


def _shown(path: _Path) -> _Path:
    """``path``, each key as a view shows a name (``name_shown``)."""
    return tuple(name_shown(part) if isinstance(part, str) else part for part in path)


def _dotted(path: _Path) -> str:
    """``path`` as a reader types it: its keys dotted as TOML writes them, an index ``[0]``."""
    where, written = "", ""
    for part in path:
        if isinstance(part, int):
            written += f"[{part}]"
        else:
            name = _checked_key(part, where)
            written += ("." if written else "") + _toml_key(name)
        where = written
    return written


def _toml_key(key: str) -> str:
    """``key`` as TOML writes it (bare or quoted), so a comment names it as a reader types it."""
    return tomli_w.dumps({key: True}).removesuffix(" = true\n")


def _plain(value: object, where: str, enclosing: frozenset[int], depth: int) -> Any:
    """``value`` as plain dicts, lists and strs for tomli-w, so that no subclass's own
    methods run; what TOML cannot hold is refused, naming its key, before tomli-w raises
    a bare TypeError (or, for tables nested too deep, a RecursionError)."""
    if isinstance(value, Mapping | list | tuple):
        if id(value) in enclosing:
            msg = (
                f"profile: {where} loops back to a table or array that holds it; "
                "TOML cannot write a loop: put a copy there"
            )
            raise EndpointError(msg)
        if depth > MAX_DEPTH:  # so where names over 100 keys or indexes: cut it
            raise EndpointError(_too_deep(f"profile: {where[:60]}..."))
        inside = enclosing | {id(value)}
        if isinstance(value, Mapping):
            return {
                key: _plain(item, part, inside, depth + 1)
                for part, key, item in _members(value, where)
            }
        return [
            _plain(item, f"{where}[{index}]", inside, depth + 1)
            for index, item in enumerate(value)
        ]
    problem = _scalar_problem(value)
    if problem:
        raise EndpointError(f"profile: {where} {problem}")
    return str.__str__(value) if isinstance(value, str) else value


def _members(value: Mapping[object, object], where: str) -> Iterator[tuple[str, str, object]]:
    """Each member's dotted name (for messages), its key as a plain str, and its value."""
    for key, item in value.items():
        name = _checked_key(key, where)
        yield (f"{where}.{name}" if where else name), name, item


def _as_text(key: object) -> str:
    """How to write a number, a bool or None as a key; other objects are not shown."""
    if key.__class__ in (int, float, bool, type(None)) and not (
        type(key) is int and _int_problem(key)
    ):
        return repr(str(key))
    return "one"


def _checked_key(key: object, where: str) -> str:
    """TOML keys are text: a number or None as a key is a mistake to show, not to convert."""
    table = where or "the profile"
    if not isinstance(key, str):
        msg = (
            f"profile: the key {safe_repr(key)} in {table} is not a string; "
            f"TOML keys are strings: write it as {_as_text(key)}"
        )
        raise EndpointError(msg)
    if not _encodable(key):
        msg = f"profile: the key {safe_repr(key)} in {table} {_SURROGATE}"
        raise EndpointError(msg)
    return str.__str__(key)  # a str subclass's own methods never run


_SURROGATE = "holds a lone surrogate, which UTF-8 (and so TOML) cannot hold; remove it"


def _encodable(text: str) -> bool:
    """Lone surrogates (from a bad decode) have no UTF-8 form, so no TOML file can hold them."""
    try:
        str.encode(text, "utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _scalar_problem(value: object) -> str | None:
    """Why ``value`` cannot be written as a TOML value, or None when it can."""
    if isinstance(value, str):
        return None if _encodable(value) else f"= {safe_repr(value)} {_SURROGATE}"
    if isinstance(value, bool | float | date):
        return _datetime_problem(value) if isinstance(value, datetime) else None
    if isinstance(value, int):
        return _int_problem(value)
    if isinstance(value, time):
        return _time_problem(value)
    if value is None:
        return "= None has no TOML form (TOML has no null); leave the key out"
    return (
        f"= {safe_repr(value)} has no TOML form; "
        "write it as a string, number, boolean, date, time, array or table"
    )


def _int_problem(value: int) -> str | None:
    """Python refuses to turn an int of more than ``sys.get_int_max_str_digits()`` into text."""
    try:
        str(value)
    except ValueError:
        digits = sys.get_int_max_str_digits()
        return f"is an integer of more than {digits} digits, too long to write; write a string"
    return None


def _time_problem(value: time) -> str | None:
    if value.tzinfo is None:
        return None
    return f"= {value} has an offset, which a TOML time cannot hold; drop the tzinfo"


def _datetime_problem(value: datetime) -> str | None:
    offset = value.utcoffset()
    if offset is None or not offset % _MINUTE:
        return None
    return (
        f"= {value} has an offset with seconds, which TOML cannot hold; "
        "round the offset to whole minutes"
    )
