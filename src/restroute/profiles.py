"""Profiles: layers of defaults in TOML files, with secrets kept in the environment.

A profile holds what ``endpoint.defaults(...)`` takes: ``base_url``, ``[headers]``,
``[media_type]``, any parameter. Write secrets as ``${GITHUB_TOKEN}``: they are read
from the environment when the profile is loaded, and never written back expanded.

>>> profile = parse_profile('''
... base_url = "https://ghe.example.com/api/v3"
... per_page = 100
... [headers]
... authorization = "token ${RESTROUTE_DOC_TOKEN}"
... ''', name="ghe", environ={"RESTROUTE_DOC_TOKEN": "t0k3n"})
>>> profile.options["headers"]["authorization"]
'token t0k3n'
>>> profile.raw["headers"]["authorization"]
'token ${RESTROUTE_DOC_TOKEN}'
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from pathlib import Path

import tomli_w

from ._core.encoding import shown
from .errors import EndpointError
from .redact import REDACTED, REFERENCE, is_secret, references_only

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "Profile",
    "dump_profile",
    "env_references",
    "left_out",
    "load_profile",
    "parse_profile",
    "save_profile",
]

_REFERENCE = re.compile(REFERENCE)
# Tables and arrays inside each other: more than this, and the profile is refused (reading
# and writing), well before Python's recursion limit stops tomllib, tomli-w or this module.
MAX_DEPTH = 100
_LEFT_OUT = 'a secret; write "${SOME_TOKEN}" to read it from the environment'
_MINUTE = timedelta(minutes=1)


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

    def __repr__(self) -> str:
        return (
            f"<Profile {self.name!r}: {len(self.options)} options, {len(self.warnings)} warnings>"
        )


MAX_PROFILE_BYTES = 10_000_000  # a profile is a few lines; this is no profile


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
    them and Python's TOML reader would fail on them with a RecursionError.
    """
    import tomllib

    if not isinstance(name, str):
        msg = f"parse_profile: name is {type(name).__name__}, not a str; pass the layer's name"
        raise EndpointError(msg)
    if not isinstance(text, str):
        msg = f"profile {name!r}: the text is {type(text).__name__}, not a str; pass the TOML "
        msg += "as text (load_profile reads a file)"
        raise EndpointError(msg)
    environment = os.environ if environ is None else environ
    if not isinstance(environment, Mapping):
        msg = f"profile {name!r}: environ is {shown(environment)}, not a mapping; pass a dict "
        msg += "of variables, or leave it out to read os.environ"
        raise EndpointError(msg)
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        what = "file" if path is not None else "text"  # the session layer is typed, not read
        msg = f"profile {name!r} is not valid TOML: {error}; fix the {what}"
        raise EndpointError(msg) from None
    except RecursionError:
        raise EndpointError(_too_deep(f"profile {name!r}")) from None
    warnings: list[str] = []
    options = _expanded(raw, environment, warnings, name, 0)
    catalog = _catalog(options.pop("catalog", ""), name, path)
    return Profile(name, raw, options, tuple(dict.fromkeys(warnings)), path, catalog)


def _catalog(value: object, name: str, path: Path | None) -> str:
    """The catalog a profile names, a relative path read from the profile's folder."""
    if not isinstance(value, str):
        msg = f"profile {name!r}: catalog is {shown(value)}; give the path of an OpenAPI "
        raise EndpointError(msg + 'description (catalog = "openapi.yaml"), or github')
    is_file = "/" in value or os.sep in value or value.endswith((".json", ".yaml", ".yml"))
    if not is_file or path is None or os.path.isabs(value):  # github, ghes-3.19 ...
        return value
    return os.path.join(os.path.dirname(os.path.abspath(path)), value)


def _too_deep(what: str) -> str:
    return (
        f"{what} is nested too deep: more than {MAX_DEPTH} tables or arrays inside each "
        "other; flatten it"
    )


def _expanded(
    value: Any, environ: Mapping[str, str], warnings: list[str], name: str, depth: int
) -> Any:
    if isinstance(value, str):

        def substitute(match: re.Match[str]) -> str:
            variable = match[1]
            if variable not in environ:
                warnings.append(f"{name}: ${{{variable}}} is not set in the environment")
                return match[0]
            found = environ[variable]
            if not isinstance(found, str):
                msg = f"profile {name!r}: environ[{variable!r}] is {shown(found)}, not a str; "
                msg += "pass the environment's values as text"
                raise EndpointError(msg)
            return found

        return _REFERENCE.sub(substitute, value)
    if isinstance(value, dict | list) and depth > MAX_DEPTH:
        raise EndpointError(_too_deep(f"profile {name!r}"))
    if isinstance(value, dict):
        return {
            key: _expanded(item, environ, warnings, name, depth + 1) for key, item in value.items()
        }
    if isinstance(value, list):
        return [_expanded(item, environ, warnings, name, depth + 1) for item in value]
    return value


def env_references(
    layers: Iterable[tuple[str, Mapping[str, Any], Mapping[str, Any] | None]],
) -> tuple[dict[str, str], list[str]]:
    """For a copy that reads its secrets from the environment: the ``${VAR}`` template of
    each secret header that ``layers`` send, and a note for each secret that stays
    redacted because it was set as a value (typed by hand, a literal) and no variable
    holds it.

    ``layers`` are (who sets them, options, the text's table as written or None), bottom
    first: merged as endpoint() merges them, so the topmost that sets a header decides
    and a ``None`` removes it. A template counts only when it holds references alone.

    >>> team = parse_profile('headers.authorization = "token ${T}"', environ={"T": "t0k3n"})
    >>> env_references([("profile 'team'", team.options, team.raw)])
    ({'authorization': 'token ${T}'}, [])
    >>> call = {"headers": {"authorization": "token typed"}}
    >>> references, notes = env_references(
    ...     [("profile 'team'", team.options, team.raw), ("the call", call, None)]
    ... )
    >>> references
    {}
    >>> print(notes[0].replace("; ", ";\\n"))
    authorization stays <REDACTED>: the call sets it as a value, not as a ${VAR};
    write it "${SOME_TOKEN}" in a profile to copy a reference to the environment
    """
    sources: dict[str, tuple[str, str | None]] = {}
    for layer in layers if isinstance(layers, Iterable) else [layers]:
        if not (isinstance(layer, tuple) and len(layer) == 3 and isinstance(layer[1], Mapping)):
            msg = f"env_references: a layer is {shown(layer)}; pass (who sets it, options, "
            msg += "its TOML table or None) for each layer, bottom first"
            raise EndpointError(msg)
        where, options, raw = layer
        headers = options.get("headers")
        if not isinstance(headers, Mapping):
            continue
        written = raw.get("headers") if raw is not None else None
        templates = {
            str.lower(name): str.__str__(value)
            for name, value in (written.items() if isinstance(written, Mapping) else ())
            if isinstance(name, str) and references_only(value)
        }
        for name, value in headers.items():
            key = str.lower(name) if isinstance(name, str) else ""
            if value is None:
                sources.pop(key, None)
            elif is_secret(key):
                sources[key] = (where, templates.get(key))
    references = {name: template for name, (_, template) in sources.items() if template}
    notes = [
        f"{name} stays {REDACTED}: {where} sets it as a value, not as a ${{VAR}}; write it "
        '"${SOME_TOKEN}" in a profile to copy a reference to the environment'
        for name, (where, template) in sources.items()
        if template is None
    ]
    return references, notes


# --- writing --------------------------------------------------------------------------------


def dump_profile(options: Mapping[str, Any]) -> str:
    """TOML text for ``options``; secret header values that are not ``${VAR}`` are left out.

    What is left out is said in comments at the top, where tomli-w (which writes no
    comments) cannot misplace them, so the text stays valid TOML.

    >>> print(dump_profile({"per_page": 100, "headers": {"x-api-key": "k-123"}}), end="")
    # headers.x-api-key: left out, a secret; write "${SOME_TOKEN}" to read it from the environment
    <BLANKLINE>
    per_page = 100
    <BLANKLINE>
    [headers]
    """
    if not isinstance(options, Mapping):
        msg = f"profile: the options are {shown(options)}, not a mapping; pass a dict of "
        msg += "options, as endpoint.defaults() takes them"
        raise EndpointError(msg)
    kept, left_out = _without_secrets(options)
    plain = _plain(kept, "", frozenset(), 0)
    notes = "".join(_left_out_note(name) for name in left_out)
    body = tomli_w.dumps(plain)
    # An empty profile is one empty line, as it always was: the explorer's editor starts there.
    return notes + "\n" + body if notes else body or "\n"


def left_out(options: Mapping[str, Any]) -> dict[str, str]:
    """The secret headers :func:`dump_profile` leaves out of ``options``, by name, each with
    the start of the comment line that says so (``# headers.NAME: left out``).

    >>> left_out({"headers": {"authorization": "token abc", "accept": "*/*"}})
    {'authorization': '# headers.authorization: left out'}
    """
    if not isinstance(options, Mapping):
        msg = f"left_out: options is {type(options).__name__}, not a mapping; pass a dict"
        raise EndpointError(msg)
    return {name: _left_out_mark(name) for name in _without_secrets(options)[1]}


def _without_secrets(options: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Profiles get shared and committed, so a literal credential must never reach one.

    Returns ``options`` without those headers, and their names for the notes.
    """
    headers = options.get("headers")
    if not isinstance(headers, Mapping):
        return dict(options), []
    kept: dict[str, Any] = {}
    left_out: list[str] = []
    for name, value in headers.items():
        if _is_literal_secret(name, value):
            left_out.append(name)
        else:
            kept[name] = value
    return {**options, "headers": kept}, left_out


def _is_literal_secret(name: object, value: object) -> bool:
    """A secret header is written only as ``${VAR}`` references, never as its value:
    beside them, its text may hold a scheme word first (``token``, ``Bearer``, ``Basic``,
    then whitespace) and separators, and no other letter or digit. So ``token ${T}``,
    ``${T}`` and ``Basic ${USER}:${PASSWORD}`` are written; ``token ${T} ghp_x`` and
    ``Bearer abc${T}`` hold a literal credential, and are left out whole.
    """
    return isinstance(name, str) and is_secret(name) and not references_only(value)


def _left_out_note(name: str) -> str:
    return f"{_left_out_mark(name)}, {_LEFT_OUT}\n"


def _left_out_mark(name: str) -> str:
    return f"# headers.{_toml_key(_checked_key(name, 'headers'))}: left out"


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
    if key.__class__ in (int, float, bool, type(None)):
        return repr(str(key))
    return "one"


def _checked_key(key: object, where: str) -> str:
    """TOML keys are text: a number or None as a key is a mistake to show, not to convert."""
    table = where or "the profile"
    if not isinstance(key, str):
        msg = (
            f"profile: the key {shown(key)} in {table} is not a string; "
            f"TOML keys are strings: write it as {_as_text(key)}"
        )
        raise EndpointError(msg)
    if not _encodable(key):
        msg = f"profile: the key {shown(key)} in {table} {_SURROGATE}"
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
        return None if _encodable(value) else f"= {shown(value)} {_SURROGATE}"
    if isinstance(value, bool | float | date):
        return _datetime_problem(value) if isinstance(value, datetime) else None
    if isinstance(value, int):
        return _int_problem(value)
    if isinstance(value, time):
        return _time_problem(value)
    if value is None:
        return "= None has no TOML form (TOML has no null); leave the key out"
    return (
        f"= {shown(value)} has no TOML form; "
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


def save_profile(path: str | Path, options: Mapping[str, Any]) -> Path:
    """Write ``options`` as a profile file (see :func:`dump_profile`).

    The file is replaced whole or not at all: a full disk or a crash mid-write leaves the
    old profile as it was, never half a file.
    """
    path = _file_path(path)
    data = dump_profile(options).encode("utf-8")
    target = Path(os.path.realpath(path))
    try:
        kind = target.stat().st_mode
    except OSError:
        kind = stat.S_IFREG  # not there yet (or unreadable: the write says why)
    if not stat.S_ISREG(kind):  # a rename over /dev/full replaced the device with a file
        msg = f"profile {str(path)!r} is not a regular file (a directory or a device); "
        msg += "save to a file's path"
        raise EndpointError(msg)
    try:
        _replace_atomically(target, data)
    except OSError as error:
        msg = (
            f"profile {str(path)!r} cannot be written: {error.strerror or error}; "
            "the file was left as it was: fix that, or save elsewhere"
        )
        raise EndpointError(msg) from None
    return path


def _file_path(path: str | os.PathLike[str]) -> Path:
    """``path`` as a Path, when it can name a file: not None, no NUL, no lone surrogate."""
    try:
        checked = Path(path)  # None, an int: TypeError
        encoded = os.fsencode(checked)  # a lone surrogate that is no escaped byte raises
    except (TypeError, UnicodeEncodeError):
        msg = f"profile path {shown(path)} is not a file name; pass a str or Path"
        raise EndpointError(msg) from None
    if b"\0" in encoded:
        msg = f"profile path {shown(str(checked))} holds a NUL character, which no file "
        msg += "name can; pass the file's path"
        raise EndpointError(msg)
    return checked


def _replace_atomically(target: Path, data: bytes) -> None:
    """Write a sibling file, fsync it, then rename it over ``target``.

    A sibling, because a rename is atomic only within one file system. ``target`` is the
    resolved path, so a symlinked profile stays a symlink and its target is replaced.
    """
    import secrets  # here: hmac, random and base64 came with it, 3 ms of every start

    temporary = target.with_name(f".{target.name}.{secrets.token_hex(8)}.tmp")
    mode = _kept_mode(target)
    # 0o666 less the umask, the permissions a plain new file would get; O_BINARY (Windows)
    # so that no newline is translated.
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    descriptor = os.open(temporary, flags, 0o666)
    try:
        with open(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise


def _kept_mode(target: Path) -> int | None:
    """An existing profile keeps its permissions: one made private stays private."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        return None
