"""Leftover parameters of GET and HEAD requests -> the query string."""

from __future__ import annotations

from collections.abc import Mapping

from ._cache import BoundedCache
from ._encoding import not_a_scalar, quote_component, scalar_text, shown
from .errors import EndpointError


def query_text(name: str, value: object) -> str:
    """Booleans as ``true``/``false``, lists comma-joined (None items empty)."""
    text = scalar_text(value, name)
    if text is not None:
        return text
    if isinstance(value, list | tuple):
        return ",".join("" if item is None else _item_text(name, item) for item in value)
    raise not_a_scalar(value, name, "a str, int, float, bool or list in a query string")


_KEYS: BoundedCache[str, str] = BoundedCache()  # name -> "encoded-name="


def _key(name: object) -> str:
    if not isinstance(name, str):
        msg = f"query parameter names must be strings, not {shown(name)}; pass str keys"
        raise EndpointError(msg)
    return _KEYS.put(name, quote_component(name) + "=")


def _item_text(name: str, item: object) -> str:
    text = scalar_text(item, name)
    if text is None:
        raise not_a_scalar(item, f"{name}[...]", "str, int, float or bool items")
    return text


def add_query(url: str, params: Mapping[str, object]) -> str:
    """``url`` with ``params`` appended in order; None values are skipped."""
    pairs = []
    for name, value in params.items():
        if value is None:
            continue
        key = _KEYS.get(name) if name.__class__ is str else None
        if key is None:
            key = _key(name)
        text = value if value.__class__ is str else query_text(name, value)
        if name == "q":
            # GitHub search syntax: "+" separates qualifiers, so it stays literal.
            pairs.append(key + "+".join(map(quote_component, text.split("+"))))
        else:
            pairs.append(key + quote_component(text))
    if not pairs:
        return url
    url, hash_sign, fragment = url.partition("#")  # the query goes before a fragment
    separator = "?" if "?" not in url else "" if url[-1] in "?&" else "&"
    return url + separator + "&".join(pairs) + hash_sign + fragment
