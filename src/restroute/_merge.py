"""Deep merge of option layers: later layers win, headers merge name by name, nothing aliases."""

from __future__ import annotations

from collections.abc import Mapping

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


def merge_deep(base: Mapping[str, Any], top: Mapping[str, Any]) -> dict[str, Any]:
    """``top`` over ``base``; mappings on both sides merge recursively, anything else replaces.

    Neither input is changed: every merged level is a new dict.
    """
    merged = dict(base)
    for key, value in top.items():
        below = merged.get(key)
        if isinstance(value, Mapping) and isinstance(below, Mapping):
            merged[key] = merge_deep(below, value)
        else:
            merged[key] = value
    return merged


def merge_headers(base: Mapping[str, Any], top: Mapping[str, Any]) -> dict[str, Any]:
    """Name by name (both already lowercase); a ``None`` value removes the header."""
    merged = dict(base)
    for name, value in top.items():
        if value is None:
            merged.pop(name, None)
        else:
            merged[name] = value
    return merged


ATOMS = frozenset({str, int, float, bool, type(None), bytes})


def deep_copy(value: Any) -> Any:
    """A copy of every dict, list and tuple inside ``value``; other objects are shared."""
    kind = value.__class__
    if kind is dict or (kind not in ATOMS and isinstance(value, Mapping)):
        copy = dict(value)
        for key, item in copy.items():
            if item.__class__ not in ATOMS:
                copy[key] = deep_copy(item)
        return copy
    if kind is list or kind is tuple:
        items = list(value)
        for index, item in enumerate(items):
            if item.__class__ not in ATOMS:
                items[index] = deep_copy(item)
        return items if kind is list else tuple(items)
    return value


def copier(value: object) -> Callable[[Any], Any]:
    """The cheapest function that copies ``value`` as ``deep_copy`` would (for hot paths)."""
    if value.__class__ is dict:
        nested = [key for key, item in value.items() if item.__class__ not in ATOMS]
        if not nested:
            return dict
        if all(value[key].__class__ is list and _flat(value[key]) for key in nested):

            def copy_dict_of_lists(original: dict[str, Any]) -> dict[str, Any]:
                copy = original.copy()
                for key in nested:
                    copy[key] = copy[key].copy()
                return copy

            return copy_dict_of_lists
    elif value.__class__ is list and _flat(value):
        return list
    return deep_copy


def _flat(items: list[Any]) -> bool:
    return all(item.__class__ in ATOMS for item in items)
