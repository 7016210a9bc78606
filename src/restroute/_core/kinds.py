"""Values judged by their real type, ``type(value)``, not by ``value.__class__``.

``isinstance`` believes what ``__class__`` says, and an object may say anything there
(``class I(int): __class__ = str``); ``type()`` cannot be lied to. Every public entry
point passes what it is given through :func:`honest` first, so that the code behind it
may trust ``isinstance`` and ``__class__`` alike, and reads a caller's own mapping (whose
``items`` or ``__getitem__`` may raise) there, once, into a plain dict.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import EndpointError
from ..redact import redact_message
from ..redact._args import lies, text_arg
from .encoding import quoted_name

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


def honest(value: Any, where: str, name: str = "") -> Any:
    """``value``, or a copy in which every object whose ``__class__`` lies is the plain value
    of its real builtin type (a str subclass claiming int: its text), and every mapping that
    is not a plain ``dict`` (a ``Mapping``, a dict subclass with its own ``items``) is read
    once, into one. ``value`` itself when nothing inside lies and every mapping is plain.
    An object that lies and is no builtin's subclass, or a mapping whose reading raises, is
    refused, the latter naming where it was (``headers``, ``data.user``; inside ``name``,
    the argument's, when ``value`` is not the options: ``layers[0][1]``).
    """
    if type(value) in _ATOMS or not _to_read(value):
        return value
    try:
        return _rebuilt(value, where, name)
    except RecursionError:
        msg = f"{where}: a value whose __class__ lies is nested too deep to read (or holds "
        msg += "itself); pass plain values"
        raise EndpointError(msg) from None


def _is_mapping(kind: type) -> bool:
    return kind is dict or (kind not in _PLAIN and issubclass(kind, Mapping))


# What reading a mapping may call: a dict subclass that overrides none of these reads as
# a dict does, without running the caller's code.
_READERS = ("items", "keys", "values", "get", "__iter__", "__getitem__", "__len__")


def _plain_dict(kind: type) -> bool:
    """Whether a ``kind`` mapping reads as a plain dict: dict, or a subclass of it whose
    reading methods are all dict's own (``RequestOptions``; not an ``OrderedDict``)."""
    return kind is dict or (
        issubclass(kind, dict)
        and all(getattr(kind, name, None) is getattr(dict, name) for name in _READERS)
    )


def _to_read(value: object) -> bool:
    """Whether anything in ``value`` lies or is a mapping of the caller's own making: read
    without recursion, each container once, and without running the caller's code."""
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
            if not _plain_dict(kind):
                return True
            for key, each in dict.items(item):
                if type(key) is not str and not _plain_key(key):
                    return True
                stack.append(each)
        elif kind is list or kind is tuple:
            stack.extend(item)
    return False


def _rebuilt(value: Any, where: str, path: str) -> Any:
    kind = type(value)
    if kind in _ATOMS:
        return value
    if lies(value):
        value = _plain(value, kind, where)
        kind = type(value)
    if _is_mapping(kind):
        pairs = dict.items(value) if _plain_dict(kind) else _pairs(value, where, path)
        plain = [(_key(key, where, path), item) for key, item in pairs]
        return {key: _rebuilt(item, where, _inside(path, key)) for key, item in plain}
    if kind is list:
        return [_rebuilt(item, where, f"{path}[{at}]") for at, item in enumerate(value)]
    if kind is tuple:
        return tuple(_rebuilt(item, where, f"{path}[{at}]") for at, item in enumerate(value))
    return value


def _plain_key(key: object) -> bool:
    """Whether ``key`` is a plain str, int, float, bool, None or bytes, or a plain tuple of
    those: a key whose hashing and comparing run none of the caller's code. Judged by real
    types alone, without recursion (a tuple may be nested deep)."""
    stack = [key]
    while stack:
        item = stack.pop()
        if type(item) is tuple:
            stack.extend(item)
        elif type(item) not in _ATOMS:
            return False
    return True


# The builtin types whose subclass, as a key, is read as the base type's plain value.
_KEY_BASES = (str, int, float, bytes)


def _key(key: object, where: str, path: str) -> object:
    """A mapping's key as one that runs none of the caller's code when hashed or compared
    (its own ``__hash__`` or ``__eq__`` may raise, or answer once and raise later): a plain
    key as it is; a subclass of str, int, float or bytes as its base type's plain value, and
    a tuple's as a plain tuple of such keys (never by their own methods); any other key is
    refused, named by its type (its own ``__repr__`` is never run)."""
    if _plain_key(key):
        return key
    kind = type(key)
    if issubclass(kind, tuple):
        parts = tuple.__getitem__(key, slice(None))  # type: ignore[call-overload]
        return tuple(_key(part, where, path) for part in parts)
    for base in _KEY_BASES:
        if issubclass(kind, base):
            return _PLAIN[base](key)
    name = redact_message(path[:60]) if path else "the options"
    kind_name = type.__dict__["__name__"].__get__(kind)  # (a class's own name; may lie too)
    shown = quoted_name(str.__str__(kind_name)[:60]) if isinstance(kind_name, str) else "?"
    msg = f"{where}: {name} holds a key of type {shown}, which is not read (its "
    msg += "own __hash__ or __eq__ may raise); pass str keys"
    raise EndpointError(msg)


def _inside(path: str, key: object) -> str:
    name = key if type(key) is str else "?"
    return f"{path}.{name}" if path else name


def _pairs(value: Mapping[Any, Any], where: str, path: str) -> list[tuple[Any, Any]]:
    """A caller's mapping read, once, by its own ``items()``; what that raises is said as
    an EndpointError naming where the mapping was (never the mapping: it may hold a secret)."""
    try:
        return list(value.items())
    except Exception as error:
        name = redact_message(path[:60]) if path else "the options"
        msg = f"{where}: {name} (a {type(value).__name__}) could not be read: reading it "
        msg += f"raised {type(error).__name__}{_said(error)}; pass a plain dict"
        raise EndpointError(msg) from None


def _said(error: Exception) -> str:
    """What ``error`` says, its secrets hidden by their shape and cut short: the caller's
    own words, which may not be readable themselves."""
    try:
        text = redact_message(str(error))
    except Exception:
        return ""
    return f" ({text if len(text) <= 80 else text[:80] + '…'})" if text else ""


def _plain(value: object, kind: type, where: str) -> object:
    for base, plain in _PLAIN.items():
        if issubclass(kind, base):
            return plain(value)
    claimed = getattr(value.__class__, "__name__", "?")
    msg = f"{where}: a {kind.__name__} object claims to be a {claimed} (its __class__); "
    msg += "pass a plain value (a str, number, list or dict)"
    raise EndpointError(msg)


def flag(value: object, where: str, name: str) -> bool:
    """``value`` when it is ``True`` or ``False`` (its real type bool): a switch such as
    ``redact=`` takes nothing else, since a caller's object may lie when asked its truth,
    or raise."""
    if type(value) is bool:
        return value
    msg = f"{where}: {name}= is True or False, not a {type(value).__name__}; pass a bool"
    raise EndpointError(msg)


def text(value: object, where: str, name: str) -> str:
    """``value`` as a plain str, a subclass's own methods never run (a ``__eq__`` or
    ``__repr__`` that raises); an EndpointError naming ``name`` when it is no text."""
    return text_arg(honest(value, where), where, name)
