"""Layers of defaults: a ``Layer`` (built-in, a profile, the session's own) with its TOML
as written and the secret headers that text leaves out, and what the layers give a row."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .._core.encoding import key_name, safe_repr
from .._core.kinds import honest
from .._core.merge import owned_copy
from .._rows import NESTED, value_text
from ..errors import EndpointError
from ..profiles import Profile, dump_profile, left_out, parse_profile
from ..redact import redacted_value
from ..rules import ALIASES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

SESSION = "session"
PASTED = "pasted"  # the layer explain names for the values a pasted request gave
CATALOG = "catalog"  # the layer explain names for what an OpenAPI description implies


@dataclass(slots=True, repr=False)
class Layer:
    """One layer of defaults: a name, its options, and whether it is switched on."""

    name: str
    options: dict[str, Any]
    editable: bool = True
    enabled: bool = True
    warnings: tuple[str, ...] = ()
    text: str = ""
    """The layer as TOML, as written: ``${VAR}`` references unexpanded."""
    problem: str | None = field(default=None, init=False)
    """Why the TOML last typed for this layer was refused (None: it was taken). The
    layer keeps its last valid options meanwhile, and the view says so until fixed."""
    draft: str | None = field(default=None, init=False)
    """That refused TOML, kept as typed so that nothing typed is lost."""
    read: tuple[str, ...] = field(default=(), init=False)
    """The values the profile's ``${VAR}`` references read when it was loaded."""
    hidden: dict[str, tuple[str, Any]] = field(default_factory=dict, init=False)
    """Secret headers the text leaves out (``dump_profile``), by name: the start of the
    comment line that stands for each in the text, and its value. Each stays in the
    options while that line stays in the text (``Session.edit_layer``)."""

    def __post_init__(self) -> None:
        if not isinstance(self.options, Mapping):
            msg = f"layer {safe_repr(self.name)}: options are {safe_repr(self.options)}, "
            msg += "not a mapping"
            raise EndpointError(msg)
        self.options = owned_copy(self.options, f"layer {safe_repr(self.name)}")  # its own
        self.warnings = tuple(self.warnings)
        if not self.text:
            self.text = dump_profile(self.options)
            self.hidden = _hidden(self.options, self.options)

    @classmethod
    def from_profile(cls, profile: Profile) -> Layer:
        text = dump_profile(profile.raw)
        layer = cls(profile.name, profile.options, warnings=profile.warnings, text=text)
        layer.hidden = _hidden(profile.raw, layer.options)
        layer.read = profile.read
        return layer

    def toml(self) -> str:
        """The layer as profile text: ``${VAR}`` kept, other secrets left out."""
        return dump_profile(parse_profile(self.text, name=self.name).raw)

    def __repr__(self) -> str:  # names, never values: the options hold tokens
        state = "on" if self.enabled else "off"
        return f"<Layer {safe_repr(self.name)} {state}: {sorted(map(key_name, self.options))}>"


def _hidden(raw: dict[str, Any], options: dict[str, Any]) -> dict[str, tuple[str, Any]]:
    """The headers ``dump_profile(raw)`` leaves out, with their values in ``options``."""
    headers = options.get("headers")
    if not isinstance(headers, dict):
        return {}
    marks = [(name, mark) for name, mark in left_out(raw).items() if mark.startswith("# headers.")]
    return {name: (mark, headers[name]) for name, mark in marks if name in headers}


def _keeping_hidden(options: dict[str, Any], hidden: dict[str, tuple[str, Any]]) -> dict[str, Any]:
    """``options`` with the hidden headers the text does not set itself."""
    headers = options.get("headers", {})
    if not hidden or not isinstance(headers, dict):
        return options
    typed = {str(name).lower() for name in headers}
    kept = {name: value for name, (_, value) in hidden.items() if name.lower() not in typed}
    return {**options, "headers": {**headers, **kept}} if kept else options


def _marked(text: str, mark: str) -> bool:
    """Whether a line of ``text`` is the comment that starts with ``mark``."""
    return any(line.strip().startswith(mark) for line in text.splitlines())


def _option(
    options: Mapping[Any, Any], name: str, spelling: Callable[[str], str] = str.__str__
) -> tuple[object] | None:
    """The value ``options`` give ``name``, in a 1-tuple (None when they do not set it):
    a key counts when ``spelling`` makes it ``name``, so that ``baseUrl`` or ``Accept``
    are found as merge finds them (the later of two spellings wins, as there)."""
    found = None
    for key, value in options.items():
        if isinstance(key, str) and spelling(key) == name:
            found = (value,)
    return found


def _canonical_name(key: str) -> str:
    return ALIASES.get(key, key)


def _form_text(value: object) -> str:
    """``value`` as a form shows it, or its repr for a value JSON has no text for (a TOML
    date, a set, an int too long)."""
    try:
        return value_text(value)
    except (TypeError, ValueError, RecursionError):
        return safe_repr(value)


def layer_default(
    layers: Sequence[Layer], name: str, *, redact: bool = True
) -> tuple[str, str] | None:
    """What ``layers`` give the parameter of a form row named ``name``, and the topmost
    layer switched on that sets it (``Session.layer_default``)."""
    name = honest(name, "layer_default")  # judged by its real type: __class__ may lie
    if not isinstance(name, str):
        msg = f"layer_default: the name is {safe_repr(name)}; pass a row's name such as 'per_page'"
        raise EndpointError(msg)
    key = str.__str__(name).strip()
    outer, dot, inner = key.partition(".")
    nested = bool(dot and inner and outer in NESTED)  # as nest() reads a row's name
    option = outer if nested else _canonical_name(key)
    headers = nested and outer == "headers"  # a header's name counts in any case
    inside, spelling = (inner.lower(), str.lower) if headers else (inner, str.__str__)
    for layer in reversed(layers):
        found = _option(layer.options, option, _canonical_name) if layer.enabled else None
        if found is None:
            continue
        value = found[0]
        if nested:
            if not isinstance(value, Mapping):
                if headers:  # headers = None: no headers, none removed
                    continue
                return None  # given whole here: nothing below reaches the row's option
            found = _option(value, inside, spelling)
            if found is None:
                continue
            value = found[0]
        shown_as = f"{option}.{inner}" if nested else option  # the rule reads canonical names
        return _form_text(redacted_value(shown_as, value, redact)), layer.name
    return None


def sets_content_type(layers: Sequence[Layer]) -> bool:
    """Whether a layer switched on sets content-type: a profile's choice wins over
    the guess from a file's name."""
    for layer in layers:
        headers = layer.options.get("headers") if layer.enabled else None
        if isinstance(headers, Mapping) and any(
            str(name).lower() == "content-type" for name in headers
        ):
            return True
    return False


@functools.lru_cache(maxsize=64)
def _written(text: str) -> dict[str, Any] | None:
    """A layer's text as written, ``${VAR}`` unexpanded (None when it is no profile);
    kept, as the view asks again at every keystroke and the text rarely changes."""
    try:
        return parse_profile(text, environ={}).raw
    except EndpointError:
        return None
