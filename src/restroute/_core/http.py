"""HTTP syntax rules (RFC 9110) for methods and headers, in one place."""

from __future__ import annotations

import math
from collections.abc import Mapping

from ..errors import EndpointError
from ..redact import name_shown, redacted
from .cache import Memo, Refused, compiled
from .encoding import int_text, quoted_name, safe_repr

# RFC 9110 5.6.2: token = 1*tchar
_TOKEN = r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+"
# Printable ASCII with inner spaces and tabs; no edge whitespace (RFC 9110 5.5 strips it).
_FIELD_VALUE = r"(?:[\x21-\x7e](?:[\x20-\x7e\t]*[\x21-\x7e])?)?"


def is_token(text: str) -> bool:
    return compiled(_TOKEN).fullmatch(text) is not None


def _lowercase_name(name: str) -> str:
    if not is_token(name):
        raise Refused("is not an HTTP token (RFC 9110 5.6.2)")
    return name.lower()


def _checked_value(value: str) -> str:
    if compiled(_FIELD_VALUE).fullmatch(value) is None:
        if any(c in value for c in "\r\n\0"):
            raise Refused("contains CR, LF or NUL, which would inject headers")
        if value != value.strip(" \t"):
            raise Refused("starts or ends with whitespace, which HTTP strips")
        raise Refused("is not printable ASCII, which clients send differently")
    return value


# Names and values already checked: routes repeat, so the regexes run once per text.
_NAMES: Memo[str, str] = Memo(_lowercase_name)
_VALUES: Memo[str, str] = Memo(_checked_value)


def header_name(name: object, route: str) -> str:
    """The lowercase form of a valid header name."""
    lower = _NAMES.get(name) if name.__class__ is str else None
    if lower is None:  # seen for the first time, or refused, or no str at all
        lower = _NAMES.of_text(name)
    if lower is not None:
        return lower
    # named as a view names it: "x-api-key abc" holds a value after a secret's name
    msg = f"{route}: header name {safe_repr(name_shown(name))} is not an HTTP token "
    msg += "(RFC 9110 5.6.2); "
    msg += "use letters, digits and !#$%&'*+-.^_`|~ only"
    raise EndpointError(msg)


def header_value(name: str, value: object, route: str) -> str:
    """The text of a header value: str as is, int/float as decimal text."""
    if value.__class__ is not str:
        value = _number_text(name, value, route)
    try:
        return _VALUES[value]
    except Refused as refused:
        shown_value = redacted(name, value)  # an error message is shown, and logged
        msg = f"{route}: the value of header {quoted_name(name)} ({shown_value!r:.80}) "
        msg += f"{refused.why}; "
        msg += "pass printable ASCII text (percent- or base64-encode anything else)"
        raise EndpointError(msg) from None


def _number_text(name: str, value: object, route: str) -> str:
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return int_text(value, f"header {quoted_name(name)}")
    if isinstance(value, float) and math.isfinite(value):
        return float.__repr__(value)
    msg = f"{route}: header {quoted_name(name)} is {safe_repr(redacted(name, value))}; "
    msg += "pass a string, a number, or None to drop the header"
    raise EndpointError(msg)


def _mapping(headers: object, route: str) -> Mapping[object, object]:
    if not isinstance(headers, dict) and not isinstance(headers, Mapping):  # dict: at once
        msg = f"{route}: headers must be a mapping of name to value, not {type(headers).__name__}"
        raise EndpointError(msg)
    return headers


def lowercase_headers(headers: object, route: str) -> dict[str, object]:
    """Header names lowercased (the later of two spellings wins); values untouched."""
    return {header_name(name, route): value for name, value in _mapping(headers, route).items()}


def checked_headers(headers: object, route: str) -> dict[str, str]:
    """Valid headers with lowercase names; a None value drops the header."""
    checked = {}
    for name, value in _mapping(headers, route).items():
        if name.__class__ is str and value.__class__ is str:  # seen before: two lookups
            lower, text = _NAMES.get(name), _VALUES.get(value)
            if lower is not None and text is not None:
                checked[lower] = text
                continue
        if value is not None:
            lower = header_name(name, route)
            checked[lower] = header_value(lower, value, route)
    return checked
