"""Leftover parameters of GET and HEAD requests -> the query string."""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import EndpointError
from .cache import Memo
from .encoding import COMPONENT_SAFE, item_text, not_a_scalar, quote_component, scalar_text, shown


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
    msg = f"query parameter names must be strings, not {shown(name)}; pass str keys"
    raise EndpointError(msg)


_SAFE_OR_NUL = COMPONENT_SAFE + "\x00"
_ASCII_QUERY = [chr(c) if chr(c) in COMPONENT_SAFE or c == 0 else f"%{c:02X}" for c in range(128)]


def add_query(url: str, params: Mapping[str, object]) -> str:
    """``url`` with ``params`` appended in order; None values are skipped."""
    keys: list[str] = []
    texts: list[str] = []
    pairs: list[str] = []
    q = -1
    for name, value in params.items():
        if value is None:
            continue
        key = _KEYS[name] if name.__class__ is str else _key(name)
        kind = value.__class__
        if kind is str:
            text: str = value  # type: ignore[assignment]
        elif kind is int:  # page numbers and ids: the common non-text value
            try:
                text = int.__repr__(value)
            except ValueError:  # too many digits: query_text says so
                text = query_text(name, value)
        else:
            text = query_text(name, value)
        if name == "q":
            q = len(texts)
        keys.append(key)
        texts.append(text)
        pairs.append(key + text)
    if not pairs:
        return url
    # All the values are encoded by one translate when they are ASCII, joined by a NUL that
    # the table keeps (so none of them may hold one): a call per value costs more.
    joined = "\x00".join(texts)
    if not joined.isascii() or joined.count("\x00") != len(texts) - 1:
        quoted = [quote_component(text) for text in texts]
        if q >= 0:  # GitHub search syntax: "+" separates qualifiers, so it stays literal
            quoted[q] = "+".join(map(quote_component, texts[q].split("+")))
        pairs = list(map(str.__add__, keys, quoted))
    elif joined.rstrip(_SAFE_OR_NUL):  # some value needs encoding
        quoted = joined.translate(_ASCII_QUERY).split("\x00")
        if q >= 0:
            quoted[q] = quoted[q].replace("%2B", "+")  # a "%" of the text became "%25"
        pairs = list(map(str.__add__, keys, quoted))
    query = "&".join(pairs)
    if "?" not in url and "#" not in url:
        return f"{url}?{query}"
    url, hash_sign, fragment = url.partition("#")  # the query goes before a fragment
    separator = "?" if "?" not in url else "" if url[-1] in "?&" else "&"
    return url + separator + query + hash_sign + fragment
