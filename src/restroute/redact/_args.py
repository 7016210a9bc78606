"""What the public functions of this package take, judged by ``type()``: a caller's
object may lie in its ``__class__`` (``class L(int): __class__ = str``), and a caller's
mapping may raise as it is read. This package sits below ``_core`` (whose ``honest``
judges the other edges), so it keeps these few checks of its own; each refusal is an
EndpointError naming the argument and what to pass."""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import EndpointError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def text_arg(value: object, function: str, argument: str) -> str:
    """``value`` as a plain str (a subclass's own methods never run); else refused."""
    if issubclass(type(value), str):
        return str.__str__(value)
    msg = f"{function}: {argument} is a {type(value).__name__}, not text; pass a str"
    raise EndpointError(msg)


def texts_arg(value: object, function: str, argument: str) -> tuple[str, ...]:
    """``value`` (a list, tuple, set or frozenset of texts) as a tuple of plain strs."""
    kind = type(value)
    if issubclass(kind, list | tuple | set | frozenset) and not lies(value):
        items = list(value)  # type: ignore[call-overload]
        if all(issubclass(type(item), str) for item in items):
            return tuple(str.__str__(item) for item in items)
    msg = f"{function}: {argument} is a {kind.__name__}, not texts; pass a tuple of str"
    raise EndpointError(msg)


def pairs_arg(value: object, function: str, argument: str) -> list[tuple[Any, Any]]:
    """The (key, value) pairs of a caller's mapping, read once: by dict's own ``items``
    for a plain dict, by the mapping's own otherwise, what that raises refused."""
    kind = type(value)
    if not issubclass(kind, Mapping) or lies(value):
        msg = f"{function}: {argument} is a {kind.__name__}, not a mapping; pass a dict"
        raise EndpointError(msg)
    if kind is dict:
        return list(dict.items(value))  # type: ignore[arg-type]
    try:
        return list(value.items())  # type: ignore[attr-defined]
    except Exception as error:
        msg = f"{function}: {argument} (a {kind.__name__}) could not be read: reading it "
        msg += f"raised {type(error).__name__}; pass a plain dict"
        raise EndpointError(msg) from None


def iterable_arg(value: object, function: str, argument: str) -> list[Any]:
    """The items of ``value`` (a list or tuple, never a caller's own iterator), a list."""
    if type(value) in (list, tuple):
        items: list[Any] = [*value]  # type: ignore[misc]
        return items
    msg = f"{function}: {argument} is a {type(value).__name__}, not a list; pass a list"
    raise EndpointError(msg)


def lies(value: object) -> bool:
    """Whether ``value``'s ``__class__`` is not its real type (or cannot be read)."""
    try:
        return value.__class__ is not type(value)
    except Exception:  # a property that raises: no class it says can be believed
        return True
