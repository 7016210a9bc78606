"""What a match finds (a Match and its Parts), the state of a match under way, and the
readings every matcher shares: the caller's texts checked, a value typed, a body's JSON."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from .._core.kinds import honest
from ..errors import EndpointError
from ._model import Operation, Parameter

API = "https://api.github.com"


@dataclass(frozen=True, slots=True)
class Part:
    """One recognised piece of the request: the ``text`` as the request had it, what it
    ``became`` (``method``, ``path owner``, ``query state``, ``headers.x-trace``, ``body
    title``, ``default``, ``left out``), and why, when that needs saying."""

    text: str
    became: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class Match:
    """What a request is, as endpoint() would take it back: ``endpoint(route, {**params,
    "headers": headers, "base_url": base_url} | ({"data": data} if has data))`` sends it
    again. ``operation`` is None when GitHub documents no such route (``route`` is then
    the path as it was); ``params`` are endpoint()'s parameters, a body whose fields
    clash with other names under ``data``; ``data`` is a raw body (text, or JSON that is
    no object), None when there is none; ``headers`` hold only what differs from the
    base layer and is no parameter."""

    method: str
    route: str
    operation: Operation | None = field(repr=False)
    base_url: str = API
    params: dict[str, object] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    data: object = None
    alternatives: tuple[Operation, ...] = ()
    warnings: tuple[str, ...] = ()
    parts: tuple[Part, ...] = ()

    def values(self) -> dict[str, object]:
        """Everything read, as values by form name: the parameters, a raw body as
        ``data``, each header as ``headers.NAME``, and the base URL when it was another.
        A description's operation builds the request again from them (``call``)."""
        values: dict[str, object] = dict(self.params)
        if self.data is not None:
            values["data"] = self.data
        values.update((f"headers.{name}", value) for name, value in self.headers.items())
        if self.base_url:
            values["base_url"] = self.base_url
        return values


def _text(what: str, value: object) -> str:
    value = honest(value, "match")
    if not isinstance(value, str):
        msg = f"match takes {what} as text (str), not {type(value).__name__}"
        raise EndpointError(msg)
    return str.__str__(value)  # a subclass's own methods are not run


def _texts(what: str, value: object) -> dict[str, str]:
    if value is None:
        return {}
    msg = f"match takes {what} as a mapping of names to text (dict[str, str])"
    if not isinstance(value, Mapping):
        raise EndpointError(msg)
    try:  # a mapping of the caller's own may fail in any way as it is read
        items = list(value.items())
    except Exception as error:
        raise EndpointError(f"{msg}; reading it failed ({type(error).__name__})") from None
    if not all(isinstance(name, str) and isinstance(text, str) for name, text in items):
        raise EndpointError(msg)
    return {str.__str__(name): str.__str__(text) for name, text in items}


class _State:
    """What a match has found so far."""

    def __init__(self, method: str, said: dict[str, str]) -> None:
        self.method, self.said = method, said
        self.params: dict[str, object] = {}
        self.headers: dict[str, str] = {}
        self.data: object = None
        self.warnings: list[str] = []
        self.parts: list[Part] = []
        self.query_names: dict[str, None] = {}  # in order, each once
        self.named: dict[str, Parameter] = {}  # the operation's parameters, by name
        self.userinfo = ""  # the URL's user:password, as written


def _typed(kind: str, text: str) -> object:
    """``text`` as a value of ``kind``: integers and booleans typed, arrays split at the
    commas endpoint() joins them with; text that does not fit stays text."""
    if kind.startswith("array<"):
        return [_typed(kind[6:-1], item) for item in text.split(",")] if text else []
    if "integer" in kind and re.fullmatch(r"-?[0-9]{1,18}", text):
        return int(text)
    if kind == "number" and re.fullmatch(r"-?[0-9]+(\.[0-9]+)?", text):
        return float(text) if "." in text else int(text)
    if kind == "boolean" and text in ("true", "false"):
        return text == "true"
    return text


_NOT_JSON = object()


def _json(text: str) -> object:
    """The body's JSON, or _NOT_JSON: also for numbers no JSON can write again (1e400,
    NaN), which are kept as the text they are."""
    try:
        return json.loads(text, parse_float=_finite, parse_constant=_not_finite)
    except (ValueError, RecursionError):
        return _NOT_JSON


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(text)
    return number


def _not_finite(text: str) -> float:
    raise ValueError(text)
