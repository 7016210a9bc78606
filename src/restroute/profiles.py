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

import os
import re
from collections.abc import Mapping
from pathlib import Path

from .errors import EndpointError
from .snippets import is_secret

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Profile", "dump_profile", "load_profile", "parse_profile", "save_profile"]

_REFERENCE = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


class Profile:
    """A loaded profile: ``options`` to use, ``raw`` as written, and warnings to show."""

    __slots__ = ("name", "options", "path", "raw", "warnings")

    def __init__(
        self,
        name: str,
        raw: dict[str, Any],
        options: dict[str, Any],
        warnings: tuple[str, ...] = (),
        path: Path | None = None,
    ) -> None:
        self.name, self.raw, self.options, self.warnings, self.path = (
            name,
            raw,
            options,
            warnings,
            path,
        )

    def __repr__(self) -> str:
        return (
            f"<Profile {self.name!r}: {len(self.options)} options, {len(self.warnings)} warnings>"
        )


def load_profile(path: str | Path, environ: Mapping[str, str] | None = None) -> Profile:
    """Read a profile file; an unset ``${VAR}`` is a warning, not an error."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        msg = f"profile {str(path)!r} cannot be read: {error.strerror or error}; pass a TOML file"
        raise EndpointError(msg) from None
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
    """A profile from TOML text; ``environ`` defaults to ``os.environ``."""
    import tomllib

    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        msg = f"profile {name!r} is not valid TOML: {error}; fix the file"
        raise EndpointError(msg) from None
    warnings: list[str] = []
    environment = os.environ if environ is None else environ
    options = _expanded(raw, environment, warnings, name)
    return Profile(name, raw, options, tuple(dict.fromkeys(warnings)), path)


def _expanded(value: Any, environ: Mapping[str, str], warnings: list[str], name: str) -> Any:
    if isinstance(value, str):

        def substitute(match: re.Match[str]) -> str:
            variable = match[1]
            if variable in environ:
                return environ[variable]
            warnings.append(f"{name}: ${{{variable}}} is not set in the environment")
            return match[0]

        return _REFERENCE.sub(substitute, value)
    if isinstance(value, dict):
        return {key: _expanded(item, environ, warnings, name) for key, item in value.items()}
    if isinstance(value, list):
        return [_expanded(item, environ, warnings, name) for item in value]
    return value


def dump_profile(options: Mapping[str, Any]) -> str:
    """TOML text for ``options``; secret header values that are not ``${VAR}`` are left out.

    >>> print(dump_profile({"per_page": 100, "headers": {"authorization": "token abc"}}), end="")
    per_page = 100
    <BLANKLINE>
    [headers]
    # authorization: left out, a secret; write "${SOME_TOKEN}" to read it from the environment
    """
    scalars = [(k, v) for k, v in options.items() if not isinstance(v, Mapping)]
    tables = [(k, v) for k, v in options.items() if isinstance(v, Mapping)]
    lines = [f"{_key(k)} = {_value(v)}" for k, v in scalars]
    for table, items in tables:
        lines += ["", f"[{_key(table)}]"]
        for key, value in items.items():
            if isinstance(value, Mapping):
                msg = f"profile: {table}.{key} is nested too deep for a profile; flatten it"
                raise EndpointError(msg)
            if table == "headers" and is_secret(key) and not _REFERENCE.search(str(value)):
                lines.append(
                    f"# {key}: left out, a secret; write "
                    '"${SOME_TOKEN}" to read it from the environment'
                )
            else:
                lines.append(f"{_key(key)} = {_value(value)}")
    return "\n".join(lines).lstrip("\n") + "\n"


def save_profile(path: str | Path, options: Mapping[str, Any]) -> Path:
    """Write ``options`` as a profile file (see :func:`dump_profile`)."""
    path = Path(path)
    text = dump_profile(options)
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        msg = f"profile {str(path)!r} cannot be written: {error.strerror or error}"
        raise EndpointError(msg) from None
    return path


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\u{code:04X}" if code <= 0xFFFF else f"\\U{code:08X}"


def _key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _value(key)


def _value(value: object) -> str:
    """A TOML value: strings as basic strings with escapes, numbers, booleans, arrays."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float) and not isinstance(value, bool):
        if value != value or value in (float("inf"), float("-inf")):
            return {"nan": "nan", "inf": "inf", "-inf": "-inf"}[repr(value)]
        return repr(value)
    if isinstance(value, str):
        if any("\ud800" <= c <= "\udfff" for c in value):
            msg = f"profile: {value!r:.60} holds a lone surrogate, which TOML cannot hold"
            raise EndpointError(msg)
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        escaped = "".join(c if c.isprintable() else _escape(c) for c in escaped)
        return f'"{escaped}"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    msg = f"profile: {value!r:.60} has no TOML form (None or an object); leave it out"
    raise EndpointError(msg)
