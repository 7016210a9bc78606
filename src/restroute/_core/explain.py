"""Where every option came from and where it went: merge -> parse, made visible.

The layer of each option is found by merging the layers in order; where it went is
what parse recorded while building the request (``parse.trace``). The explorer, the
CLI and notebooks show the same explanation, computed here. ``Explanation.cascade``
tells the whole story of each option, for teaching: every layer's value, bottom to
top, which one merge kept, and what parse did to the headers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import EndpointError
from ..redact import REDACTED, is_secret_entry, name_shown, redact_message, redacted_value
from ..rules import MAPPINGS
from .encoding import key_name, safe_repr
from .endpoint import BASE_DEFAULTS
from .kinds import flag, honest
from .merge import Layered, owned_copy
from .options import call_options, canonical
from .parse import trace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .result import RequestOptions

BUILT_IN = "built-in defaults"
CALL = "call"
NOT_REACHED = "not reached: the request stopped first"
REMOVED = "removed: None drops a header"
# What became of one layer's value of an option (Step.state).
WON = "won"  # the value merge kept: no layer above set the option
OVERRIDDEN = "overridden"  # a layer above replaced it
MERGED = "merged"  # a mapping (or /graphql previews) the value above merged into: some stays


# Entry, Explanation, Step and Cascade are written out rather than dataclasses: importing
# dataclasses (or typing, for NamedTuple) would add 13 ms or more to every `import restroute`.


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

    __slots__ = ("_changes", "_layers", "entries", "error", "merged", "result")

    def __init__(
        self,
        merged: dict[str, Any],
        result: RequestOptions | None,
        error: EndpointError | None,
        entries: tuple[Entry, ...],
        layers: Sequence[tuple[str, Mapping[str, Any]]] = (),
        changes: Mapping[str, str] | None = None,
    ) -> None:
        """``layers``: each layer's own canonical options, bottom to top, the call last
        (without them each option's cascade is its one entry); ``changes``: why parse
        added or changed a header, by name (``parse.trace``)."""
        self.merged, self.result, self.error, self.entries = merged, result, error, entries
        self._layers, self._changes = tuple(layers), dict(changes or {})

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
        redact = flag(redact, "Explanation.rows", "redact")
        rows = []
        for entry in self.entries:
            if redact and is_secret_entry(entry.key):
                value = REDACTED  # headers.authorization, data.password, cookie.sid
            else:
                value = _json_cell(redacted_value(entry.key, entry.value, redact))
            key = name_shown(entry.key) if redact else entry.key  # headers.x-ghp_...
            rows.append((key, value, entry.layer, entry.destination))
        return rows

    def cascade(self, *, redact: bool = False) -> list[Cascade]:
        """Each option's story, in the order of the entries: the value of every layer
        that set it, bottom to top, each marked ``won``, ``overridden`` or ``merged``;
        then where it went, and what parse sent instead of the merged value, and why.
        An option a layer set that is not sent is there too (a header removed by None,
        a request entry replaced by a whole value), and so is a header parse added.
        Worked out when asked, not by ``explain()``: most calls never show it.

        >>> from restroute import explain
        >>> layers = [("teaching", {"per_page": 100}), ("session", {"per_page": 50})]
        >>> why = explain("GET /users/{username}/repos", username="o", per_page=2, layers=layers)
        >>> [option] = [each for each in why.cascade() if each.key == "per_page"]
        >>> for step in option.steps:
        ...     print(step.text, step.layer, step.state)
        100 teaching overridden
        50 session overridden
        2 call won
        """
        redact = flag(redact, "Explanation.cascade", "redact")
        said: dict[str, list[tuple[str, object]]] = {}  # key -> (layer, value), bottom up
        for name, options in self._layers:
            for key, value in options.items():
                if key in MAPPINGS and isinstance(value, Mapping):
                    for inner, item in value.items():
                        said.setdefault(f"{key}.{key_name(inner)}", []).append((name, item))
                else:
                    said.setdefault(key_name(key), []).append((name, value))
        graphql = bool(self._layers) and self._layers[-1][1].get("url") == "/graphql"
        changes = self._changes if self.result is not None else {}  # nothing sent otherwise
        cascades = []
        for entry in self.entries:
            steps = said.pop(entry.key, [(entry.layer, entry.value)])  # none: merge made it
            cascade = self._cascade(
                entry.key, entry.value, steps, entry.destination, changes, redact, graphql=graphql
            )
            cascades.append(cascade)
        for key, steps in said.items():  # set by a layer, but gone from the merged options
            outer = key.partition(".")[0]
            removed = outer == "headers" and steps[-1][1] is None
            where = REMOVED if removed else f"not sent: a layer above replaced {outer}"
            cascade = self._cascade(key, None, steps, where, changes, redact, gone=not removed)
            _insert(cascades, cascade)
        sent = {entry.key for entry in self.entries} | set(said)  # as set, not as shown
        for name in changes:
            if f"headers.{name}" not in sent:  # added by parse: no layer set it
                cascade = self._cascade(f"headers.{name}", None, [], "header", changes, redact)
                _insert(cascades, cascade)
        return cascades

    def _cascade(
        self,
        key: str,
        value: object,
        said: list[tuple[str, object]],
        destination: str,
        changes: Mapping[str, str],
        redact: bool,
        *,
        graphql: bool = False,
        gone: bool = False,
    ) -> Cascade:
        states = _states(key, said, graphql=graphql, gone=gone)
        steps = tuple(
            Step(layer, redacted_value(key, step, redact), state)
            for (layer, step), state in zip(said, states, strict=True)
        )
        outer, _, inner = key.partition(".")
        why = changes.get(inner, "") if outer == "headers" else ""
        why = redact_message(why) if redact else why  # names the value: "format=ghp_..."
        headers = self.result["headers"] if self.result is not None else {}
        sent = redacted_value(key, headers.get(inner), redact) if why else None
        shown = redacted_value(key, value, redact)
        return Cascade(name_shown(key) if redact else key, shown, steps, destination, sent, why)

    def entry(self, key: str) -> Entry:
        """The entry for ``key`` (``headers.accept`` for a header)."""
        for entry in self.entries:
            if entry.key == key:
                return entry
        msg = f"no option {key!r} in this explanation; keys: {[e.key for e in self.entries]}"
        raise EndpointError(msg)


class Step(tuple[str, object, str]):
    """One layer's value of one option, and what became of it (``state``): ``won``,
    merge kept it; ``overridden``, a layer above replaced it; ``merged``, a mapping the
    one above merged into key by key, so its other keys stay. A tuple: frozen, and
    cheap to make for every option of every view."""

    __slots__ = ()

    def __new__(cls, layer: str, value: object, state: str) -> Step:
        return tuple.__new__(cls, (layer, value, state))

    @property
    def layer(self) -> str:
        return self[0]

    @property
    def value(self) -> object:
        return self[1]

    @property
    def state(self) -> str:
        return self[2]

    @property
    def text(self) -> str:
        """The value as a table cell shows it: JSON, a long one cut."""
        return _json_cell(self[1])

    def __repr__(self) -> str:
        return f"Step({self[0]!r}, {self[1]!r}, {self[2]!r})"


class Cascade(tuple[str, object, tuple[Step, ...], str, object, str]):
    """One option: ``key`` (``headers.accept`` for a header), its merged ``value``,
    the ``steps`` of the layers that set it, bottom to top, and ``destination``, where
    it went. When parse sent something other than the merged value (an accept amended
    by media_type, a content-type added for a JSON body), ``why`` says so and ``sent``
    is what went (None: nothing); else ``why`` is "" and ``sent`` None. A header parse
    added has no steps and the value None."""

    __slots__ = ()

    def __new__(
        cls,
        key: str,
        value: object,
        steps: tuple[Step, ...],
        destination: str,
        sent: object = None,
        why: str = "",
    ) -> Cascade:
        return tuple.__new__(cls, (key, value, steps, destination, sent, why))

    @property
    def key(self) -> str:
        return self[0]

    @property
    def value(self) -> object:
        return self[1]

    @property
    def steps(self) -> tuple[Step, ...]:
        return self[2]

    @property
    def destination(self) -> str:
        return self[3]

    @property
    def sent(self) -> object:
        return self[4]

    @property
    def why(self) -> str:
        return self[5]

    @property
    def gone(self) -> bool:
        """Whether a layer set the option but the merged options lack it: a header
        removed by None, or an entry of a mapping a layer above gave whole."""
        steps = self[2]
        return bool(steps) and (steps[-1].state == OVERRIDDEN or self[3] == REMOVED)

    @property
    def notes(self) -> tuple[str, ...]:
        """What a table shows under the steps, a line each: the value merge made of
        mappings merged key by key (which no layer gave whole), and what parse sent."""
        notes = []
        if any(step.state == MERGED for step in self[2]):
            notes.append(f"merged: {_json_cell(self[1])}")
        if self[5]:
            sent = "not sent" if self[4] is None else f"sent {_json_cell(self[4])}"
            notes.append(f"{sent} ({self[5]})")
        return tuple(notes)

    def __repr__(self) -> str:
        fields = f"{self[0]!r}, {self[1]!r}, {self[2]!r}, {self[3]!r}"
        return f"Cascade({fields}, sent={self[4]!r}, why={self[5]!r})"


def _states(key: str, said: list[tuple[str, object]], *, graphql: bool, gone: bool) -> list[str]:
    """What became of each layer's value, bottom to top: the top one won (unless the
    option is gone), and those below were overridden, except mappings merged key by key
    into the mapping above (headers merge name by name, so a header value never is)."""
    if gone:
        return [OVERRIDDEN] * len(said)
    states = [WON] if said else []
    merging = bool(said) and not key.startswith("headers.") and isinstance(said[-1][1], Mapping)
    for _, below in reversed(said[:-1]):
        merging = merging and isinstance(below, Mapping)
        states.append(MERGED if merging else OVERRIDDEN)
    if graphql and key == "media_type.previews" and len(said) > 1 and said[-1][0] == CALL:
        states[1] = MERGED  # merge keeps the defaults' previews that the call's do not name
    states.reverse()
    return states


def _insert(cascades: list[Cascade], cascade: Cascade) -> None:
    """``cascade`` after the last one of the same option (``headers``), else at the end."""
    outer = cascade.key.partition(".")[0]
    at = len(cascades)
    for index, each in enumerate(cascades):
        if each.key.partition(".")[0] == outer:
            at = index + 1
    cascades.insert(at, cascade)


_CELL = 300  # characters of a value a table shows: a body of megabytes is summarised


def _json_cell(value: object) -> str:
    import json  # at first use: it costs import time

    try:
        text = json.dumps(value, ensure_ascii=False, default=safe_repr)
    except RecursionError:  # nested deeper than json goes
        return "<nested too deep to show>"
    except (TypeError, ValueError):  # circular, or keys json has no text for
        text = safe_repr(value, limit=_CELL)
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
    own: list[tuple[str, Mapping[str, Any]]] = [(BUILT_IN, bottom)]  # each layer's own options
    for name, layer in _checked(layers):
        options_of_layer = canonical(layer, name)
        origins = _origins(options_of_layer, name, origins)
        own.append((name, dict(options_of_layer)))  # over() merges into its mappings
        layered = layered.over(options_of_layer, "defaults")
    call = call_options(route, options, params, CALL)
    origins = _origins(call, CALL, origins)
    own.append((CALL, dict(call)))  # before merge, which merges into the call's mappings
    merged = layered.merge(call)
    result, error, record, changes = trace(merged)
    entries = tuple(
        Entry(key, value, origins.get(key, CALL), record.get(key, NOT_REACHED))
        for key, value in _flattened(merged)
    )
    return Explanation(merged, result, error, entries, own, changes)


def _checked(layers: object) -> list[tuple[str, Mapping[str, Any]]]:
    """``layers`` as (name, options) pairs, or an error that says what to pass."""
    layers = honest(layers, "explain", "layers")
    pairs = list(layers) if isinstance(layers, list | tuple) else None
    if pairs is None or not all(
        isinstance(pair, tuple | list) and len(pair) == 2 and isinstance(pair[0], str)
        for pair in pairs
    ):
        msg = f"explain: layers must be a list of (name, options) pairs, not {safe_repr(layers)}; "
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
