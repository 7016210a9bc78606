"""HTTP syntax rules (RFC 9110) for methods and headers, in one place."""

from __future__ import annotations

import math
from collections.abc import Mapping

from ._cache import BoundedCache, compiled
from ._encoding import int_text, shown
from .errors import EndpointError

# RFC 9110 5.6.2: token = 1*tchar
_TOKEN = r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+"
# Printable ASCII with inner spaces and tabs; no edge whitespace (RFC 9110 5.5 strips it).
_FIELD_VALUE = r"(?:[\x21-\x7e](?:[\x20-\x7e\t]*[\x21-\x7e])?)?"

# Names and values already checked: routes repeat, so the regexes run once per text.
_GOOD_NAMES: BoundedCache[str, str] = BoundedCache()
_GOOD_VALUES: BoundedCache[str, bool] = BoundedCache()


def is_token(text: str) -> bool:
    return compiled(_TOKEN).fullmatch(text) is not None


def header_name(name: object, route: str) -> str:
    """The lowercase form of a valid header name."""
    lower = _GOOD_NAMES.get(name) if name.__class__ is str else None
    if lower is None:
        if not isinstance(name, str) or not is_token(name):
            msg = f"{route}: header name {shown(name)} is not an HTTP token (RFC 9110 5.6.2); "
            msg += "use letters, digits and !#$%&'*+-.^_`|~ only"
            raise EndpointError(msg)
        lower = _GOOD_NAMES.put(name, name.lower())
    return lower


def header_value(name: str, value: object, route: str) -> str:
    """The text of a header value: str as is, int/float as decimal text."""
    if value.__class__ is not str:
        value = _number_text(name, value, route)
    if value not in _GOOD_VALUES:
        if compiled(_FIELD_VALUE).fullmatch(value) is None:
            raise _bad_value(name, value, route)
        _GOOD_VALUES.put(value, True)
    return value


def _number_text(name: str, value: object, route: str) -> str:
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return int_text(value, f"header {name!r}")
    if isinstance(value, float) and math.isfinite(value):
        return float.__repr__(value)
    msg = f"{route}: header {name!r} is {shown(value)}; pass a string, a number, "
    msg += "or None to drop the header"
    raise EndpointError(msg)


def _mapping(headers: object, route: str) -> Mapping[object, object]:
    if headers.__class__ is not dict and not isinstance(headers, Mapping):
        msg = f"{route}: headers must be a mapping of name to value, not {type(headers).__name__}"
        raise EndpointError(msg)
    return headers


def _bad_value(name: str, value: str, route: str) -> EndpointError:
    if any(c in value for c in "\r\n\0"):
        why = "contains CR, LF or NUL, which would inject headers"
    elif value != value.strip(" \t"):
        why = "starts or ends with whitespace, which HTTP strips"
    else:
        why = "is not printable ASCII, which clients send differently"
    msg = f"{route}: the value of header {name!r} ({value!r:.80}) {why}; "
    msg += "pass printable ASCII text (percent- or base64-encode anything else)"
    return EndpointError(msg)


def lowercase_headers(headers: object, route: str) -> dict[str, object]:
    """Header names lowercased (the later of two spellings wins); values untouched."""
    return {header_name(name, route): value for name, value in _mapping(headers, route).items()}


def checked_headers(headers: object, route: str) -> dict[str, str]:
    """Valid headers with lowercase names; a None value drops the header."""
    checked = {}
    for name, value in _mapping(headers, route).items():
        if value is not None:
            lower = header_name(name, route)
            checked[lower] = header_value(lower, value, route)
    return checked
