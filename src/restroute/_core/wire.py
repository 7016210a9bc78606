"""The wire rule: how a body becomes the bytes a client sends (README, ``body_bytes``).

Every snippet sends these bytes, and parse refuses a body that has none.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from ..errors import EndpointError
from .encoding import safe_repr
from .kinds import honest

TYPE_CHECKING = False
if TYPE_CHECKING:
    from json import JSONEncoder
    from typing import Any

_encoders: list[JSONEncoder] = []  # made at first use: ``import json`` costs import time


def body_bytes(options: Mapping[str, Any]) -> bytes | None:
    """The bytes a client sends for ``options["body"]``; None when there is no body.

    ``bytes`` as they are, ``str`` as UTF-8, anything else as canonical JSON:

    >>> body_bytes({"body": {"title": "Bug", "labels": ["ui"], "draft": False}})
    b'{"title":"Bug","labels":["ui"],"draft":false}'
    >>> body_bytes({"body": "caf\\u00e9"})
    b'caf\\xc3\\xa9'
    >>> body_bytes({"method": "get"}) is None
    True
    """
    options = honest(options, "body_bytes")
    if not isinstance(options, dict) and not isinstance(options, Mapping):  # dict: at once
        msg = f"body_bytes takes request options (a mapping), not {type(options).__name__}"
        raise EndpointError(msg)
    if "body" not in options:
        return None
    body = options["body"]
    if isinstance(body, bytes | bytearray | memoryview):
        return bytes(body)
    text = body if isinstance(body, str) else _json_text(body)
    try:
        return str.encode(text)  # a str subclass's own encode() never runs
    except UnicodeEncodeError:
        msg = f"the body contains a lone surrogate ({_surrogate(text)}), which has no UTF-8 form;"
        msg += " pass valid text"
        raise EndpointError(msg) from None


def check_framing(headers: Mapping[str, str], body: bytes | None, route: str) -> None:
    """Framing is the client's job: a transfer-encoding the options set, or a
    content-length that is not the body's length, would make the request say one length
    and send another (a desync-shaped request)."""
    if "transfer-encoding" in headers:
        msg = f"{route}: transfer-encoding is set, but framing is the HTTP client's job; "
        msg += "drop the header (the client frames the body it sends)"
        raise EndpointError(msg)
    length = headers.get("content-length")
    if length is not None and length != str(len(body or b"")):
        msg = f"{route}: content-length is {length} but the body has "
        msg += f"{len(body or b'')} bytes; drop the header or fix it"
        raise EndpointError(msg)


def _json_text(body: object) -> str:
    twins = _keys_written_alike(body)
    if twins:
        first, second, text = twins
        msg = f"the body has the keys {safe_repr(first)} and {safe_repr(second)}, "
        msg += f"which JSON writes as the same key {text!r}; pass only one of them"
        raise EndpointError(msg)
    if not _encoders:
        import json

        # The bytes JavaScript's JSON.stringify gives for the same value (README, the library).
        _encoders.append(
            json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        )
    try:
        return _encoders[0].encode(body)
    except (TypeError, ValueError, RecursionError) as error:
        msg = f"the body cannot become JSON: {error}; pass str, int, float, bool, None, "
        msg += "lists and dicts with string keys, or bytes/str as data"
        raise EndpointError(msg) from None


def _keys_written_alike(body: object) -> tuple[object, object, str] | None:
    """Two keys of one mapping in ``body`` that json writes as the same text ({1: "a",
    "1": "b"} would give the key "1" twice), with that text; None when there are none.
    A loop, not recursion: bodies may be deep, and one that holds itself is visited once
    (json then says so)."""
    stack, seen = [body], set()
    while stack:
        value = stack.pop()
        if not isinstance(value, Mapping | list | tuple) or id(value) in seen:
            continue
        seen.add(id(value))
        if not isinstance(value, Mapping):
            stack.extend(value)
            continue
        stack.extend(value.values())
        if all(key.__class__ is str for key in value):
            continue
        written: dict[str, object] = {}
        for key in value:
            text = _key_text(key)
            if text in written:
                return written[text], key, text
            written[text] = key
    return None


def _key_text(key: object) -> str:
    """The text json writes for a key (others are not JSON keys: json says so later)."""
    if isinstance(key, str):
        return str.__str__(key)
    if key is True or key is False or key is None:
        return {True: "true", False: "false", None: "null"}[key]
    if isinstance(key, float):
        return float.__repr__(key)
    if isinstance(key, int) and key.bit_length() < 14_000:  # json writes no longer int
        return int.__repr__(key)
    return f"<{id(key)}>"  # never equal to another key's text: json refuses it later


def _surrogate(text: str) -> str:
    return next(f"U+{ord(c):04X}" for c in text if "\ud800" <= c <= "\udfff")


def check_body(body: object) -> None:
    """Raise EndpointError unless ``body_bytes`` can send ``body``; cheap for common bodies."""
    try:
        plain = _plain_json(body)
    except RecursionError:  # a circular or absurdly deep body
        plain = False
    if not plain:
        body_bytes({"body": body})  # raises with the reason


def _plain_json(value: object) -> bool:
    """True when ``value`` is certainly canonical-JSON-able; False means "ask json"."""
    kind = value.__class__
    if kind is dict:
        for key, item in value.items():  # type: ignore[attr-defined]
            if key.__class__ is not str or not (key.isascii() or _utf8(key)):
                return False
            if item.__class__ is str:  # most values: checked here, not in a call
                if not (item.isascii() or _utf8(item)):
                    return False
            elif not _plain_json(item):
                return False
        return True
    if kind is list:
        for item in value:  # type: ignore[attr-defined]
            if item.__class__ is str:
                if not (item.isascii() or _utf8(item)):
                    return False
            elif not _plain_json(item):
                return False
        return True
    if isinstance(value, str) and kind is str:  # (isinstance for the type checker)
        return value.isascii() or _utf8(value)
    if isinstance(value, int) and kind is int:
        return value.bit_length() < 14_000  # json must write it out in digits
    if kind is bool or value is None:
        return True
    if kind is float:
        return math.isfinite(value)  # type: ignore[arg-type]
    return False


def _utf8(text: str) -> bool:
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True
