"""Values judged by their real type, ``type(value)``, not by ``value.__class__``.

``isinstance`` believes what ``__class__`` says, and an object may say anything there
(``class I(int): __class__ = str``); ``type()`` cannot be lied to. Every public entry
point passes what it is given through :func:`honest` first, so that the code behind it
may trust ``isinstance`` and ``__class__`` alike.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import EndpointError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# The builtin types a lying subclass is read back as, with how to get the plain value (the
# base type's own method, never one the subclass may override). bool cannot be subclassed.
_PLAIN: dict[type, Any] = {
    str: str.__str__,
    int: int.__int__,
    float: float.__float__,
    bytes: lambda value: bytes.__getitem__(value, slice(None)),
    bytearray: bytearray.copy,
    dict: dict.copy,
    list: list.copy,
    tuple: lambda value: tuple.__getitem__(value, slice(None)),
}
_ATOMS = frozenset({str, int, float, bool, type(None), bytes})


def lies(value: object) -> bool:
    """Whether ``value``'s ``__class__`` is not its real type (or cannot be read)."""
    try:
        return value.__class__ is not type(value)
    except Exception:  # a property that raises: no class it says can be believed
        return True


def honest(value: Any, where: str) -> Any:
    """``value``, or a copy in which every object whose ``__class__`` lies is the plain value
    of its real builtin type (a str subclass claiming int: its text). ``value`` itself when
    nothing inside lies. An object that lies and is no builtin's subclass is refused.
    """
    if type(value) in _ATOMS or not _any_lies(value):
        return value
    try:
        return _rebuilt(value, where)
    except RecursionError:
        msg = f"{where}: a value whose __class__ lies is nested too deep to read (or holds "
        msg += "itself); pass plain values"
        raise EndpointError(msg) from None


def _is_mapping(kind: type) -> bool:
    return kind is dict or (kind not in _PLAIN and issubclass(kind, Mapping))


def _any_lies(value: object) -> bool:
    """Whether anything in ``value`` lies: read without recursion, each container once."""
    stack: list[Any] = [value]
    seen: set[int] = set()
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind in _ATOMS:
            continue
        if lies(item):
            return True
        if id(item) in seen:
            continue
        seen.add(id(item))
        if _is_mapping(kind):
            for pair in item.items():
                stack.extend(pair)
        elif kind is list or kind is tuple:
            stack.extend(item)
    return False


def _rebuilt(value: Any, where: str) -> Any:
    kind = type(value)
    if kind in _ATOMS:
        return value
    if lies(value):
        value = _plain(value, kind, where)
        kind = type(value)
    if _is_mapping(kind):
        return {_rebuilt(key, where): _rebuilt(item, where) for key, item in value.items()}
    if kind is list:
        return [_rebuilt(item, where) for item in value]
    if kind is tuple:
        return tuple(_rebuilt(item, where) for item in value)
    return value


def _plain(value: object, kind: type, where: str) -> object:
    for base, plain in _PLAIN.items():
        if issubclass(kind, base):
            return plain(value)
    claimed = getattr(value.__class__, "__name__", "?")
    msg = f"{where}: a {kind.__name__} object claims to be a {claimed} (its __class__); "
    msg += "pass a plain value (a str, number, list or dict)"
    raise EndpointError(msg)
