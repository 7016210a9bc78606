"""Where every option came from and where it went: merge -> parse, made visible.

The layer of each option is found by merging the layers in order; where it went is
what parse recorded while building the request (``parse.trace``). The explorer, the
CLI and notebooks show the same explanation, computed here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import EndpointError
from ..redact import REDACTED, hide_userinfo, is_secret
from .encoding import key_name, shown
from .endpoint import BASE_DEFAULTS
from .merge import Layered, owned_copy
from .options import MAPPINGS, call_options, canonical
from .parse import trace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .result import RequestOptions

BUILT_IN = "built-in defaults"
CALL = "call"
NOT_REACHED = "not reached: the request stopped first"


# Entry and Explanation are written out rather than dataclasses: importing dataclasses
# would add about 13 ms to every `import restroute`.


class Entry:
    """One option: its final value, the layer that set it, and where it went."""

    __slots__ = ("destination", "key", "layer", "value")

    def __init__(self, key: str, value: object, layer: str, destination: str) -> None:
        self.key, self.value, self.layer, self.destination = key, value, layer, destination

    def __repr__(self) -> str:
        fields = f"key={self.key!r}, value={self.value!r}, layer={self.layer!r}"
        return f"Entry({fields}, destination={self.destination!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Entry) and self._fields() == other._fields()

    def __hash__(self) -> int:  # the value may be a list: hash what is surely hashable
        return hash((self.key, self.layer, self.destination))

    def _fields(self) -> tuple[object, ...]:
        return (self.key, self.value, self.layer, self.destination)


class Explanation:
    """The merged options, the result (or the error that stopped it), and one entry a key."""

    __slots__ = ("entries", "error", "merged", "result")

    def __init__(
        self,
        merged: dict[str, Any],
        result: RequestOptions | None,
        error: EndpointError | None,
        entries: tuple[Entry, ...],
    ) -> None:
        self.merged, self.result, self.error, self.entries = merged, result, error, entries

    COLUMNS = ("option", "value", "from layer", "went to")

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, Any]:
        """Jupyter: the table of options and the request, secrets redacted."""
        from ..display import explanation_bundle

        return explanation_bundle(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """IPython's plain text: the table, then the request or the error."""
        from ..display import explanation_text

        printer.text(explanation_text(self))

    def table(self, *, redact: bool = False) -> str:
        """The rows as aligned text, a header line first (the CLI and notebooks print it).

        >>> from restroute import explain
        >>> print(explain("GET /user").table().splitlines()[1])
        method               "GET"                             call               method
        """
        rows = [self.COLUMNS, *self.rows(redact=redact)]
        widths = [max(len(row[at]) for row in rows) for at in range(3)]
        return "\n".join(
            "  ".join(cell.ljust(width) for cell, width in zip(row[:3], widths, strict=True))
            + f"  {row[3]}"
            for row in rows
        )

    def rows(self, *, redact: bool = False) -> list[tuple[str, str, str, str]]:
        """One text row an entry, for tables: values as JSON, secrets hidden on request.

        >>> from restroute import explain
        >>> explain("GET /user", headers={"authorization": "token t"}).rows(redact=True)[4]
        ('headers.authorization', '<REDACTED>', 'call', 'header')
        """
        rows = []
        for entry in self.entries:
            name, dot, header = entry.key.partition(".")
            if redact and name == "headers" and dot and is_secret(header):
                value = REDACTED
            else:
                shown = hide_userinfo(entry.value) if redact and not dot else entry.value
                value = _json_cell(shown)
            rows.append((entry.key, value, entry.layer, entry.destination))
        return rows

    def entry(self, key: str) -> Entry:
        """The entry for ``key`` (``headers.accept`` for a header)."""
        for entry in self.entries:
            if entry.key == key:
                return entry
        msg = f"no option {key!r} in this explanation; keys: {[e.key for e in self.entries]}"
        raise EndpointError(msg)


_CELL = 300  # characters of a value a table shows: a body of megabytes is summarised


def _json_cell(value: object) -> str:
    import json  # at first use: it costs import time

    try:
        text = json.dumps(value, ensure_ascii=False, default=shown)
    except RecursionError:  # nested deeper than json goes
        return "<nested too deep to show>"
    except (TypeError, ValueError):  # circular, or keys json has no text for
        text = shown(value, limit=_CELL)
    if len(text) <= _CELL:
        return text
    return f"{text[: _CELL - 40]}… ({len(text):,} characters)"


def explain(
    route: object = None,
    options: object = None,
    /,
    *,
    layers: Sequence[tuple[str, Mapping[str, Any]]] = (),
    built_in: Mapping[str, Any] = BASE_DEFAULTS,
    **params: object,
) -> Explanation:
    """Build a request over named layers of defaults, and say what each option did.

    ``layers`` are ``(name, options)`` pairs stacked over the built-in defaults (or over
    ``built_in``, ``{}`` for none), bottom to top, as ``endpoint.defaults(...)`` would
    chain them; the call goes on top.

    >>> from restroute import explain
    >>> why = explain("GET /repos/{owner}/{repo}/issues", owner="octocat", repo="r",
    ...               per_page=2, layers=[("my profile", {"per_page": 100})])
    >>> why.result["url"]
    'https://api.github.com/repos/octocat/r/issues?per_page=2'
    >>> why.entry("owner")
    Entry(key='owner', value='octocat', layer='call', destination='URL path {owner}')
    >>> why.entry("headers.accept").layer
    'built-in defaults'
    """
    bottom = canonical(built_in, BUILT_IN)
    origins = _origins(bottom, BUILT_IN, {})
    layered = Layered(owned_copy(bottom, BUILT_IN))
    for name, layer in _checked(layers):
        options_of_layer = canonical(layer, name)
        origins = _origins(options_of_layer, name, origins)
        layered = layered.over(options_of_layer, "defaults")
    call = call_options(route, options, params, CALL)
    origins = _origins(call, CALL, origins)
    merged = layered.merge(call)
    result, error, record = trace(merged)
    entries = tuple(
        Entry(key, value, origins.get(key, CALL), record.get(key, NOT_REACHED))
        for key, value in _flattened(merged)
    )
    return Explanation(merged, result, error, entries)


def _checked(layers: object) -> list[tuple[str, Mapping[str, Any]]]:
    """``layers`` as (name, options) pairs, or an error that says what to pass."""
    pairs = list(layers) if isinstance(layers, list | tuple) else None
    if pairs is None or not all(
        isinstance(pair, tuple | list) and len(pair) == 2 and isinstance(pair[0], str)
        for pair in pairs
    ):
        msg = f"explain: layers must be a list of (name, options) pairs, not {shown(layers)}; "
        msg += "pass e.g. [('my profile', {'per_page': 100})]"
        raise EndpointError(msg)
    return [(name, layer) for name, layer in pairs]


def _origins(layer: Mapping[str, Any], name: str, below: dict[str, str]) -> dict[str, str]:
    """Key (``headers.x`` for headers, ``media_type.format``) -> the layer that set it last."""
    origins = dict(below)
    for key, value in layer.items():
        if key in MAPPINGS and isinstance(value, Mapping):
            origins.update({f"{key}.{key_name(inner)}": name for inner in value})
        else:
            origins[key_name(key)] = name
    return origins


def _flattened(merged: Mapping[str, Any]) -> list[tuple[str, object]]:
    flat: list[tuple[str, object]] = []
    for key, value in merged.items():
        if key in MAPPINGS and isinstance(value, Mapping):
            flat += [(f"{key}.{key_name(inner)}", item) for inner, item in value.items()]
        else:
            flat.append((key_name(key), value))
    return flat
