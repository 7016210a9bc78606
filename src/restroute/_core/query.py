"""Leftover parameters of GET and HEAD requests -> the query string."""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import EndpointError
from .cache import Memo
from .encoding import (
    COMPONENT_SAFE,
    INT_BOUND,
    item_text,
    not_a_scalar,
    quote_component,
    safe_repr,
    scalar_text,
)


def query_text(name: str, value: object) -> str:
    """Booleans as ``true``/``false``, lists comma-joined (None items empty)."""
    if value.__class__ is list and all(item.__class__ is str for item in value):  # labels
        return ",".join(value)
    text = scalar_text(value, name)
    if text is not None:
        return text
    if isinstance(value, list | tuple):
        return ",".join("" if item is None else item_text(name, item) for item in value)
    raise not_a_scalar(value, name, "a str, int, float, bool or list in a query string")


def _key_text(name: str) -> str:
    return quote_component(name) + "="


_KEYS: Memo[str, str] = Memo(_key_text)  # name -> "encoded-name="


def _key(name: object) -> str:
    key = _KEYS.of_text(name)
    if key is not None:
        return key
    msg = f"query parameter names must be strings, not {safe_repr(name)}; pass str keys"
    raise EndpointError(msg)


_INT_LOW = -INT_BOUND


def add_query(url: str, params: Mapping[str, object]) -> str:
    """``url`` with ``params`` appended in order; None values are skipped."""
    pairs = []
    for name, value in params.items():
        if name.__class__ is str and name != "q":  # most pairs: a name, and text or an int
            kind = type(value)  # not __class__, which an object can fake
            if kind is str:
                if value.isascii() and (value.isalnum() or not value.rstrip(COMPONENT_SAFE)):  # type: ignore[attr-defined]
                    pairs.append(_KEYS[name] + value)  # type: ignore[operator]
                    continue
            elif kind is int and _INT_LOW < value < INT_BOUND:  # type: ignore[operator]
                pairs.append(_KEYS[name] + int.__repr__(value))
                continue
        if value is not None:
            pairs.append(_pair(name, value))
    if not pairs:
        return url
    query = "&".join(pairs)
    if "#" not in url:
        if "?" not in url:
            return f"{url}?{query}"
        return url + ("" if url[-1] in "?&" else "&") + query
    url, hash_sign, fragment = url.partition("#")  # the query goes before a fragment
    separator = "?" if "?" not in url else "" if url[-1] in "?&" else "&"
    return url + separator + query + hash_sign + fragment


def _pair(name: object, value: object) -> str:
    """``name=value`` encoded, for any name and value (the fast path takes most)."""
    key = _KEYS[name] if name.__class__ is str else _key(name)
    kind = value.__class__
    if kind is str:
        text: str = value  # type: ignore[assignment]
    elif kind is int:  # page numbers and ids: the common non-text value
        try:
            text = int.__repr__(value)
        except ValueError:  # too many digits: query_text says so
            text = query_text(name, value)  # type: ignore[arg-type]
    else:
        text = query_text(name, value)  # type: ignore[arg-type]
    if name == "q":  # GitHub search syntax: "+" separates qualifiers, so it stays literal
        return key + "+".join(map(quote_component, text.split("+")))
    return key + quote_component(text)
