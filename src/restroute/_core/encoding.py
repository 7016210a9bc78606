"""Python values -> URL text: scalar rendering and percent-encoding (RFC 3986 2.1)."""

from __future__ import annotations

import math
import re

from ..errors import EndpointError
from ..redact import is_secret, name_shown, redact_repr
from .cache import compiled

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

# An int of fewer digits than this always has a decimal form (sys.set_int_max_str_digits).
INT_BOUND = 10**640
# RFC 3986 2.3 and 2.2.
UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
RESERVED = ":/?#[]@!$&'()*+,;="
# What JavaScript's encodeURIComponent leaves alone; the reference encodes query values with it.
COMPONENT_SAFE = UNRESERVED + "!*'()"

_PCT_TRIPLET = r"(%[0-9A-Fa-f]{2})"


def _byte_table(safe: str) -> list[str]:
    return [chr(b) if chr(b) in safe else f"%{b:02X}" for b in range(256)]


def _quoter(safe: str) -> Callable[[str], str]:
    table = _byte_table(safe)
    ascii_escapes = table[:128]  # str.translate reads a list: each code point indexes it
    byte_text = table.__getitem__

    def quote(text: str) -> str:
        if text.isascii():
            # Most values (logins, repository names, numbers) need no encoding at all: one
            # C call says so for letters and digits, one more for the other safe characters.
            # The rest are translated in C, twice as fast as finding what needs escaping
            # first and replacing it.
            if text.isalnum() or not text.rstrip(safe):
                return text
            return text.translate(ascii_escapes)
        try:
            return "".join(map(byte_text, text.encode()))
        except UnicodeEncodeError:  # where, not the value: it may be a secret's
            at = next(at for at, char in enumerate(text) if "\ud800" <= char <= "\udfff")
            msg = f"a value contains a lone surrogate (U+{ord(text[at]):04X}, character "
            msg += f"{at + 1} of {len(text)}), which has no UTF-8 form; pass valid text"
            raise EndpointError(msg) from None

    return quote


quote_unreserved = _quoter(UNRESERVED)
quote_component = _quoter(COMPONENT_SAFE)
_quote_allowed = _quoter(UNRESERVED + RESERVED)


def quote_reserved(text: str) -> str:
    """Encode for {+x}, {#x} and literals: reserved characters and %XX triplets pass through."""
    if "%" not in text:
        return _quote_allowed(text)
    return "".join(
        piece if i % 2 else _quote_allowed(piece)
        for i, piece in enumerate(compiled(_PCT_TRIPLET).split(text))
    )


def scalar_text(value: object, name: str) -> str | None:
    """The URL text of a str/int/float/bool, or None when ``value`` is not a scalar."""
    kind = type(value)
    if kind is str:
        return value  # type: ignore[return-value]
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return int_text(value, f"parameter {quoted_name(name)}")  # type: ignore[arg-type]
    if isinstance(value, float):
        if math.isfinite(value):
            return repr(float(value))
        msg = f"parameter {quoted_name(name)} is {value!r}, which has no URL form; "
        msg += "pass a finite number"
        raise EndpointError(msg)
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, int):
        return int_text(value, f"parameter {quoted_name(name)}")
    return None


def item_text(name: str, item: object) -> str:
    """The URL text of one item of a list or mapping: items are scalars."""
    text = scalar_text(item, name)
    if text is None:
        raise not_a_scalar(item, f"{name}[...]", "str, int, float or bool items")
    return text


def int_text(value: int, name: str) -> str:
    try:
        return int.__repr__(value)
    except ValueError:  # more digits than sys.get_int_max_str_digits() allows
        msg = f"{name} is an int too long to write out; pass it as a string"
        raise EndpointError(msg) from None


def not_a_scalar(value: object, name: str, allowed: str) -> EndpointError:
    kind = type(value).__name__
    shown = "" if is_secret(name) else f" ({safe_repr(value)})"  # a secret's: its type only
    return EndpointError(f"parameter {quoted_name(name)} is a {kind}{shown}; pass {allowed}")


def key_name(key: object) -> str:
    """A key as text for an explanation: a str as it is, anything else as its repr."""
    return str.__str__(key) if isinstance(key, str) else safe_repr(key)


def quoted_name(name: str) -> str:
    """A parameter's or a header's name as a message quotes it: as a view shows a name
    (``name_shown``: ``'password <REDACTED>'`` for a value typed after a secret's name)."""
    return safe_repr(name_shown(name), 200)


def safe_repr(value: object, limit: int = 60) -> str:
    """``repr(value)`` safe to show in a message: its secrets hidden, by a field's,
    an attribute's or a key's name and by their shape (``redact_repr``: an error is shown
    and logged), cut to ``limit`` characters; never raises."""
    return redact_repr(value, limit)


# What a terminal would obey (C0, C1: ESC clears a screen, sets a title), or that hides or
# reorders what follows (bidi controls), and lone surrogates: escaped wherever text from
# outside (a pasted request, an API description) is shown.
UNPRINTABLE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)


def printable(text: str) -> str:
    """``text`` with each character a terminal would obey, or that hides what follows
    it, written as its Python escape (``\\x1b``, ``\\u202e``).

    >>> printable("a\\x1b[2Jb\\u202ec")
    'a\\\\x1b[2Jb\\\\u202ec'
    """
    return UNPRINTABLE.sub(lambda found: repr(found[0])[1:-1], text)


def printable_lines(text: str) -> str:
    """``printable``, its line breaks kept: text of several lines as a terminal shows it.

    >>> print(printable_lines("a\\x1b[2J\\nb\\x9b"))
    a\\x1b[2J
    b\\x9b
    """
    if text.isprintable():
        return text
    return UNPRINTABLE.sub(
        lambda found: found[0] if found[0] == "\n" else repr(found[0])[1:-1], text
    )


def json_printable(text: str) -> str:
    """JSON text (``json.dumps``' with ``ensure_ascii=False``) as a terminal may get it:
    each character ``printable`` escapes written as JSON's ``\\uXXXX``, so the JSON still
    reads back to the same values. Only a newline is kept: JSON escapes every control
    character inside a string, so a raw one is the layout between values.

    >>> print(json_printable('{"q": "a\\u202eb\\x9bc",\\n "n": 1}'))
    {"q": "a\\u202eb\\u009bc",
     "n": 1}
    """
    return UNPRINTABLE.sub(
        lambda found: found[0] if found[0] == "\n" else f"\\u{ord(found[0]):04x}", text
    )
