"""Reading a profile: a TOML file or text, each ``${VAR}`` read from the environment, and
the catalog it names."""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .._core.encoding import safe_repr
from .._core.kinds import honest
from ..errors import EndpointError
from ..redact import REFERENCE
from ..rules import MAX_NESTING, MAX_PROFILE_BYTES, MAX_PROFILE_VALUES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_REFERENCE = re.compile(REFERENCE)
# Tables and arrays inside each other: more than this, and the profile is refused (reading
# and writing), as a row's value nested as deep would be.
MAX_DEPTH = MAX_NESTING
# A dotted key (``a.b.c = 1``, a table's ``[a.b.c]``, a key in an inline table) of more
# parts than MAX_DEPTH puts as many tables inside each other, and Python's TOML reader
# takes time quadratic in a key's parts (40 s for 10 MB of 998-part keys): such a key is
# found first, in one pass (possessive quantifiers: no backtracking), and refused. A part
# is bare or quoted; dots inside a quoted part, or in any string value, are no key's.
_PART = r"""(?:[A-Za-z0-9_-]++|"(?:[^"\\\n]|\\.)*+"|'[^'\n]*+')"""
_DOT = r"[ \t]*+\.[ \t]*+"
_DEEP_KEY = re.compile(
    rf"(?m)(?:^|[\[{{,])[ \t]*+(?:{_PART}{_DOT}){{{MAX_DEPTH},}}+{_PART}[ \t]*+[=\]]"
)


@dataclass(frozen=True, slots=True, repr=False)
class Profile:
    """A loaded profile: ``options`` to use, ``raw`` as written, and warnings to show.

    Frozen because it records what a file said when it was read: to change one, write the
    file again or make another with ``dataclasses.replace``. (The dicts inside are plain
    dicts; the session's layers copy them before editing.)
    """

    name: str
    raw: dict[str, Any]
    options: dict[str, Any]
    warnings: tuple[str, ...] = ()
    path: Path | None = None
    catalog: str = ""
    """The API the profile is for (``catalog = "openapi.yaml"``): a bundled catalog's
    name, or a description's path, relative to the profile's folder; "" for none."""
    read: tuple[str, ...] = ()
    """The values its ``${VAR}`` references read (each once, none empty): the secrets a
    view hides wherever they go, whatever the environment holds later."""

    def __repr__(self) -> str:
        return (
            f"<Profile {self.name!r}: {len(self.options)} options, {len(self.warnings)} warnings>"
        )


def load_profile(path: str | Path, environ: Mapping[str, str] | None = None) -> Profile:
    """Read a profile file; an unset ``${VAR}`` is a warning, not an error.

    Only a regular file of at most 10 MB is read: /dev/zero would be read forever, a FIFO
    would wait for a writer, and the explorer with them. A UTF-8 byte order mark, which
    some Windows editors write, is dropped."""
    path = _file_path(path)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # before open: a FIFO's open waits
            msg = f"profile {str(path)!r} is not a regular file (a directory, a device or a "
            msg += "pipe); pass a TOML file"
            raise EndpointError(msg)
        with open(path, "rb") as file:
            data = file.read(MAX_PROFILE_BYTES + 1)
    except OSError as error:
        msg = f"profile {str(path)!r} cannot be read: {error.strerror or error}; pass a TOML file"
        raise EndpointError(msg) from None
    if len(data) > MAX_PROFILE_BYTES:
        msg = f"profile {str(path)!r} is over 10 MB, too large for a profile; pass a TOML file"
        raise EndpointError(msg)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        msg = f"profile {str(path)!r} is not UTF-8 text; save it as UTF-8 (TOML requires it)"
        raise EndpointError(msg) from None
    return parse_profile(text, name=path.stem, environ=environ, path=path)


def parse_profile(
    text: str,
    *,
    name: str = "profile",
    environ: Mapping[str, str] | None = None,
    path: Path | None = None,
) -> Profile:
    """A profile from TOML text; ``environ`` defaults to ``os.environ``.

    Tables and arrays nested more than ``MAX_DEPTH`` deep are refused, as no profile needs
    them and Python's TOML reader would fail on them with a RecursionError; so is a profile
    of more than ``rules.MAX_PROFILE_VALUES`` values, which every view would show one by one.
    """
    import tomllib

    text, name = honest(text, "parse_profile"), honest(name, "parse_profile")
    environ = honest(environ, "parse_profile")
    if not isinstance(name, str):
        msg = f"parse_profile: name is {type(name).__name__}, not a str; pass the layer's name"
        raise EndpointError(msg)
    if not isinstance(text, str):
        msg = f"profile {name!r}: the text is {type(text).__name__}, not a str; pass the TOML "
        msg += "as text (load_profile reads a file)"
        raise EndpointError(msg)
    environment = os.environ if environ is None else environ
    if not isinstance(environment, Mapping):
        msg = f"profile {name!r}: environ is {safe_repr(environment)}, not a mapping; pass a dict "
        msg += "of variables, or leave it out to read os.environ"
        raise EndpointError(msg)
    deep = _DEEP_KEY.search(text)
    if deep is not None:
        line = text.count("\n", 0, deep.start()) + 1
        msg = f"profile {name!r} is nested too deep: a key of more than {MAX_DEPTH} dotted "
        msg += f"parts (line {line}) puts more than {MAX_DEPTH} tables inside each other; "
        raise EndpointError(msg + "flatten it (a table of its own for the inner keys)")
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        what = "file" if path is not None else "text"  # the session layer is typed, not read
        msg = f"profile {name!r} is not valid TOML: {error}; fix the {what}"
        raise EndpointError(msg) from None
    except RecursionError:
        raise EndpointError(_too_deep(f"profile {name!r}")) from None
    _refuse_too_many(raw, name)
    warnings: list[str] = []
    read: dict[str, None] = {}  # the values read, in order, each once
    options = _expanded(raw, environment, warnings, name, 0, [MAX_PROFILE_BYTES], read)
    catalog = _catalog(options.pop("catalog", ""), name, path)
    warned = tuple(dict.fromkeys(warnings))
    return Profile(name, raw, options, warned, path, catalog, tuple(filter(None, read)))


def _catalog(value: object, name: str, path: Path | None) -> str:
    """The catalog a profile names, a relative path read from the profile's folder."""
    if not isinstance(value, str):
        msg = f"profile {name!r}: catalog is {safe_repr(value)}; give the path of an OpenAPI "
        raise EndpointError(msg + 'description (catalog = "openapi.yaml"), or github')
    is_file = "/" in value or os.sep in value or value.endswith((".json", ".yaml", ".yml"))
    if not is_file or path is None or os.path.isabs(value):  # github, ghes-3.19 ...
        return value
    return os.path.join(os.path.dirname(os.path.abspath(path)), value)


def _refuse_too_many(raw: dict[str, Any], name: str) -> None:
    """Refuse a profile of more than ``MAX_PROFILE_VALUES`` values (keys at every level and
    list items), counted by each table's and list's length, without recursion, and only
    until the limit is passed: every entry point reads profiles here, so each refuses the
    same profile with the same message, at once."""
    left = MAX_PROFILE_VALUES
    containers: list[dict[str, Any] | list[Any]] = [raw]
    while containers:
        container = containers.pop()
        left -= len(container)
        if left < 0:
            msg = f"profile {name!r} holds more than {MAX_PROFILE_VALUES:,} values (keys and "
            msg += "list items), the most a profile may hold (restroute.rules."
            msg += "MAX_PROFILE_VALUES); keep a profile to defaults (a base URL, headers, a "
            msg += "few parameters), and send bulk data as a body file"
            raise EndpointError(msg)
        items = container.values() if isinstance(container, dict) else container
        containers.extend(item for item in items if isinstance(item, dict | list))


def _too_deep(what: str) -> str:
    return (
        f"{what} is nested too deep: more than {MAX_DEPTH} tables or arrays inside each "
        "other; flatten it"
    )


def _expanded(
    value: Any,
    environ: Mapping[str, str],
    warnings: list[str],
    name: str,
    depth: int,
    room: list[int],
    read: dict[str, None],
) -> Any:
    """``value`` with each ``${VAR}`` in its texts replaced by the variable's value (each
    kept in ``read``); the values read may add up to ``room[0]`` characters at most (what
    a profile's file may hold: a variable of 1,000 characters read 10,000 times made
    5.4 GB)."""
    if isinstance(value, str):

        def substitute(match: re.Match[str]) -> str:
            variable = match[1]
            if variable not in environ:
                warnings.append(f"{name}: ${{{variable}}} is not set in the environment")
                return match[0]
            found = environ[variable]
            if not isinstance(found, str):
                msg = f"profile {name!r}: environ[{variable!r}] is {safe_repr(found)}, not a str; "
                msg += "pass the environment's values as text"
                raise EndpointError(msg)
            room[0] -= len(found)
            if room[0] < 0:
                msg = f"profile {name!r}: its ${{VAR}} references read more than "
                msg += f"{MAX_PROFILE_BYTES:,} characters from the environment (${{{variable}}} "
                msg += f"holds {len(found):,}); read each variable once, or shorter ones"
                raise EndpointError(msg)
            read[found] = None
            return found

        return _REFERENCE.sub(substitute, value)
    if isinstance(value, dict | list) and depth > MAX_DEPTH:
        raise EndpointError(_too_deep(f"profile {name!r}"))
    if isinstance(value, dict):
        return {
            key: _expanded(item, environ, warnings, name, depth + 1, room, read)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [_expanded(item, environ, warnings, name, depth + 1, room, read) for item in value]
    return value


def _file_path(path: str | os.PathLike[str]) -> Path:
    """``path`` as a Path, when it can name a file: not None, no NUL, no lone surrogate."""
    path = honest(path, "profile path")
    if isinstance(path, str):
        path = str.__str__(path)  # a str subclass's own methods never run
    try:
        checked = Path(path)  # None, an int: TypeError
        encoded = os.fsencode(checked)  # a lone surrogate that is no escaped byte raises
    except (TypeError, UnicodeEncodeError):
        msg = f"profile path {safe_repr(path)} is not a file name; pass a str or Path"
        raise EndpointError(msg) from None
    if b"\0" in encoded:
        msg = f"profile path {safe_repr(str(checked))} holds a NUL character, which no file "
        msg += "name can; pass the file's path"
        raise EndpointError(msg)
    return checked
