"""An exploration session, and the one view of it that both explorers render.

The terminal explorer and the notebook widget each hold one ``Session``. After each edit
they ask it for a ``View``: the status line, the merged and parsed options, the
explanation's rows, every snippet and the warnings, with redaction already applied.
Neither builds a request, formats a snippet or decides what is secret.

>>> session = Session("GET /repos/{owner}/{repo}/issues")
>>> session.rows = [("owner", "octocat"), ("repo", "hello-world"), ("per_page", "2")]
>>> session.view().status.text
'GET https://api.github.com/repos/octocat/hello-world/issues?per_page=2'
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from . import formats
from ._core.encoding import key_name, shown
from ._core.endpoint import BASE_DEFAULTS
from ._core.explain import BUILT_IN, Cascade, Explanation, explain, redacted_value
from ._core.merge import owned_copy
from ._core.options import ALIASES
from ._core.template import compile_template
from ._rows import NESTED, VALUE_HINT, nest, parse_value, value_text
from .errors import EndpointError, MissingParameterError
from .profiles import Profile, dump_profile, left_out, load_profile, parse_profile, save_profile
from .redact import redact_options

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, Literal

    from ._core.result import RequestOptions
    from .catalog import Operation

__all__ = [
    "FORMATS",
    "MAX_NESTING",
    "VALUE_HINT",
    "Layer",
    "Session",
    "Status",
    "View",
    "parse_value",
]

SESSION = "session"
FORMATS = tuple(each.name for each in formats.FORMATS)
NO_SNIPPET = "no snippet: "
MAX_NESTING = 100
"""Lists and tables inside each other that a session takes, in a row's value or a layer:
far more than any API asks for, and deep enough below Python's recursion limit that
merging, explaining, snippets and the explorers' rendering never hit it."""


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
    hidden: dict[str, tuple[str, Any]] = field(default_factory=dict, init=False)
    """Secret headers the text leaves out (``dump_profile``), by name: the start of the
    comment line that stands for each in the text, and its value. Each stays in the
    options while that line stays in the text (``Session.edit_layer``)."""

    def __post_init__(self) -> None:
        if not isinstance(self.options, Mapping):
            msg = f"layer {shown(self.name)}: options are {shown(self.options)}, not a mapping"
            raise EndpointError(msg)
        self.options = owned_copy(self.options, f"layer {shown(self.name)}")  # its own
        self.warnings = tuple(self.warnings)
        if not self.text:
            self.text = dump_profile(self.options)
            self.hidden = _hidden(self.options, self.options)

    @classmethod
    def from_profile(cls, profile: Profile) -> Layer:
        text = dump_profile(profile.raw)
        layer = cls(profile.name, profile.options, warnings=profile.warnings, text=text)
        layer.hidden = _hidden(profile.raw, layer.options)
        return layer

    def toml(self) -> str:
        """The layer as profile text: ``${VAR}`` kept, other secrets left out."""
        return dump_profile(parse_profile(self.text, name=self.name).raw)

    def __repr__(self) -> str:  # names, never values: the options hold tokens
        state = "on" if self.enabled else "off"
        return f"<Layer {shown(self.name)} {state}: {sorted(map(key_name, self.options))}>"


def _hidden(raw: dict[str, Any], options: dict[str, Any]) -> dict[str, tuple[str, Any]]:
    """The headers ``dump_profile(raw)`` leaves out, with their values in ``options``."""
    headers = options.get("headers")
    if not isinstance(headers, dict):
        return {}
    return {name: (mark, headers[name]) for name, mark in left_out(raw).items() if name in headers}


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


def _text_too_deep(text: str, limit: int = MAX_NESTING) -> bool:
    """Whether JSON ``text`` opens more than ``limit`` arrays or objects inside each other
    (read without recursion: json.loads raises RecursionError on such text)."""
    if not text.lstrip().startswith(("[", "{")) or text.count("[") + text.count("{") <= limit:
        return False
    depth, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return True
        elif char in "]}":
            depth -= 1
    return False


def _too_deep_error(what: str) -> EndpointError:
    return EndpointError(
        f"{what} is nested too deep: more than {MAX_NESTING} levels of lists or tables "
        "inside each other; flatten it"
    )


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
        return shown(value)


@dataclass(frozen=True, slots=True)
class Status:
    """The status line: ``ok`` (the request line), ``warning`` (the first warning, and
    how many more) or ``error`` (what stopped the request)."""

    kind: Literal["ok", "warning", "error"]
    text: str
    more: int = 0


class View:
    """What the explorers show of a session after one edit, computed once and redacted
    here when ``redact`` is on. Each part is worked out when first shown."""

    def __init__(
        self,
        explanation: Explanation | None,
        error: EndpointError | None,
        warnings: Sequence[str],
        redact: bool,
    ) -> None:
        self._explanation = explanation
        self._snippets: dict[str, str] = {}
        self.redact = redact
        self.error = None if error is None else str(error)
        """Why there is no request (None when there is one)."""
        self.missing = error.names if isinstance(error, MissingParameterError) else ()
        """The placeholders that have no value, in template order."""
        self.warnings = tuple(warnings)
        """What the user should hear besides errors (see ``Session.warnings``)."""
        self.status = _status(explanation, self.error, self.warnings)

    @functools.cached_property
    def merged(self) -> dict[str, Any] | None:
        """The merged options, nothing expanded (None when they could not be merged)."""
        if self._explanation is None:
            return None
        merged = self._explanation.merged
        return redact_options(merged) if self.redact else dict(merged)

    @functools.cached_property
    def parsed(self) -> RequestOptions | None:
        """The request options (None when the request could not be built)."""
        result = self._explanation.result if self._explanation is not None else None
        if result is None or not self.redact:
            return result
        return type(result)(redact_options(result))

    @functools.cached_property
    def rows(self) -> tuple[tuple[str, str, str, str], ...]:
        """The explanation: option, value, the layer it came from, where it went."""
        if self._explanation is None:
            return ()
        return tuple(self._explanation.rows(redact=self.redact))

    @functools.cached_property
    def cascade(self) -> tuple[Cascade, ...]:
        """Each option's whole story (``Explanation.cascade``): every layer's value,
        bottom to top, the one merge kept, where it went, and the header parse sent
        instead (and why); redacted with the rest of the view."""
        if self._explanation is None:
            return ()
        return tuple(self._explanation.cascade(redact=self.redact))

    def snippet(self, name: str) -> str:
        """The request in format ``name`` (``formats.FORMATS``), or why there is none;
        written at first asking (the terminal shows one tab at a time)."""
        format = formats.find(name)
        if format.name not in self._snippets:
            self._snippets[format.name] = self._snippet(format)
        return self._snippets[format.name]

    def refused(self, name: str) -> bool:
        """Whether ``snippet(name)`` says why there is no snippet."""
        return self.snippet(name).startswith(NO_SNIPPET)

    @property
    def snippets(self) -> dict[str, str]:
        """Every format's text, by name; "no snippet: why" where there is none."""
        return {each.name: self.snippet(each.name) for each in formats.FORMATS}

    def _snippet(self, format: formats.Format) -> str:
        result = self._explanation.result if self._explanation is not None else None
        if result is None:
            return f"{NO_SNIPPET}{self.error}"
        try:
            return format.render(result, redact=self.redact)
        except EndpointError as error:
            return f"{NO_SNIPPET}{error}"


def _status(
    explanation: Explanation | None, error: str | None, warnings: tuple[str, ...]
) -> Status:
    if error is not None:
        return Status("error", error)
    if warnings:
        return Status("warning", warnings[0], len(warnings) - 1)
    request = explanation.result if explanation is not None else None
    assert request is not None  # no error: a request
    return Status("ok", f"{request['method'].upper()} {request['url']}")


class Session:
    """Layers (built-in, profiles..., session) + a route + parameter rows."""

    def __init__(self, route: str = "", profiles: Sequence[Profile] = ()) -> None:
        self._route = ""
        self._rows: list[tuple[str, str]] = []
        self.route = route
        if not isinstance(profiles, list | tuple) or not all(
            isinstance(profile, Profile) for profile in profiles
        ):
            msg = f"Session: profiles are {shown(profiles)}; pass a list of loaded profiles "
            msg += "(restroute.profiles.load_profile)"
            raise EndpointError(msg)
        self.layers = [
            Layer(BUILT_IN, dict(BASE_DEFAULTS), editable=False),
            *(Layer.from_profile(profile) for profile in profiles),
            Layer(SESSION, {}),
        ]

    @property
    def route(self) -> str:
        """``METHOD URL`` as typed (it may not parse: the view says why)."""
        return self._route

    @route.setter
    def route(self, route: str) -> None:
        if not isinstance(route, str):
            msg = f"Session: the route is {shown(route)}; pass text such as 'GET /user'"
            raise EndpointError(msg)
        self._route = str.__str__(route)

    @property
    def rows(self) -> list[tuple[str, str]]:
        """The parameter rows as typed: (name, value text) pairs, in order."""
        return self._rows

    @rows.setter
    def rows(self, rows: Sequence[tuple[str, str]]) -> None:
        pairs = list(rows) if isinstance(rows, list | tuple) else None
        if pairs is None or not all(
            isinstance(pair, tuple | list)
            and len(pair) == 2
            and isinstance(pair[0], str)
            and isinstance(pair[1], str)
            for pair in pairs
        ):
            msg = f"Session: rows are {shown(rows)}; pass (name, value text) pairs of str"
            raise EndpointError(msg)
        self._rows = [(str.__str__(name), str.__str__(value)) for name, value in pairs]

    # --- layers ---------------------------------------------------------------------

    def layer(self, name: str) -> Layer:
        for layer in self.layers:
            if layer.name == name:
                return layer
        msg = f"no layer named {name!r}; layers: {', '.join(each.name for each in self.layers)}"
        raise EndpointError(msg)

    def add_profile(self, profile: Profile) -> Layer:
        """Stack a profile under the session layer (the session layer stays on top)."""
        layer = Layer.from_profile(profile)
        self.layers.insert(len(self.layers) - 1, layer)
        return layer

    def open_profile(self, path: str | Path) -> Layer:
        """Read the profile file at ``path`` and stack it (``add_profile``); an
        EndpointError says why it cannot be, whatever the path or the file holds."""
        return self.add_profile(load_profile(path))  # refuses a NUL, or nesting too deep

    def edit_layer(self, name: str, toml_text: str) -> Layer:
        """Replace a layer's options with those of ``toml_text``; the built-in is read-only.

        A secret header the layer's text left out (``Layer.hidden``) stays while its
        comment line stays in ``toml_text``; deleting the line removes the header."""
        layer = self.layer(name)
        if not layer.editable:
            msg = f"the {name} layer is read-only; edit the session layer instead"
            raise EndpointError(msg)
        profile = parse_profile(toml_text, name=name)  # refuses nesting too deep
        hidden = {key: each for key, each in layer.hidden.items() if _marked(toml_text, each[0])}
        layer.options = _keeping_hidden(profile.options, hidden)
        layer.warnings, layer.text, layer.hidden = profile.warnings, toml_text, hidden
        return layer

    def save_layer(self, name: str, path: str | Path) -> Path:
        """Write a layer as a profile file; secrets stay ``${VAR}`` or are left out."""
        layer = self.layer(name)
        return save_profile(path, parse_profile(layer.text, name=name).raw)

    def toggle(self, name: str) -> Layer:
        """Switch a layer off or on; the built-in defaults can be switched off too."""
        layer = self.layer(name)
        layer.enabled = not layer.enabled
        return layer

    def layer_default(self, name: str, *, redact: bool = True) -> tuple[str, str] | None:
        """What the layers give the parameter of a form row named ``name`` (``per_page``,
        ``headers.x-trace``, ``data.title``) while the row is empty: its value as the
        form would show it (``value_text``) and the name of the topmost layer switched on
        that sets it, for a hint such as ``100 · teaching``. None when no layer sets it,
        or when a layer above gives the whole option that holds it (``data = "raw"``
        for ``data.title``). A secret is redacted unless ``redact=False``.

        >>> from restroute.profiles import parse_profile
        >>> teaching = parse_profile("per_page = 100", name="teaching")
        >>> Session("GET /user/repos", [teaching]).layer_default("per_page")
        ('100', 'teaching')
        """
        if not isinstance(name, str):
            msg = f"layer_default: the name is {shown(name)}; pass a row's name such as 'per_page'"
            raise EndpointError(msg)
        key = str.__str__(name).strip()
        outer, dot, inner = key.partition(".")
        nested = bool(dot and inner and outer in NESTED)  # as nest() reads a row's name
        option = outer if nested else _canonical_name(key)
        headers = nested and outer == "headers"  # a header's name counts in any case
        inside, spelling = (inner.lower(), str.lower) if headers else (inner, str.__str__)
        for layer in reversed(self.layers):
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
            return _form_text(redacted_value(key, value, redact)), layer.name
        return None

    # --- the request --------------------------------------------------------------------

    def placeholders(self) -> list[str]:
        """The variables of the route's URL template, in order ([] when it does not parse)."""
        url = self.route.split()[-1] if self.route.split() else ""
        try:
            return list(compile_template(url, "GET").operators) if url else []
        except EndpointError:
            return []

    def parameters(self) -> dict[str, Any]:
        """The rows as parameters: typed values, ``headers.NAME`` and the like nested.

        Raises EndpointError for a value nested more than ``MAX_NESTING`` deep."""
        return nest(self._typed_rows())[0]

    def _typed_rows(self) -> list[tuple[str, object]]:
        typed: list[tuple[str, object]] = []
        for name, text in self.rows:
            name = name.strip()
            if not name or not text:  # an empty value is no value; type "" for the empty text
                continue
            header = name.startswith("headers.") and len(name) > len("headers.")
            if not header and _text_too_deep(text):
                raise _too_deep_error(f"parameter {name!r:.60}")
            typed.append((name, text if header else parse_value(text)))
        return typed

    def operation(self) -> Operation | None:
        """The catalog's operation for the route (None for a route GitHub does not have).

        Loads the catalog on first use (about 10 ms); the explorer loads it in a worker.
        """
        from . import catalog

        return catalog.find(self.route) if self.route.strip() else None

    def choose(self, operation: Operation, *, keep_route: bool = False) -> None:
        """Take a route from the catalog: its route (or, with ``keep_route``, the route as
        typed, ``{+path}`` and all), and a row for each of its form's parameters, required
        first; what was typed under the same names is kept, and rows the form does not
        name stay after it."""
        typed = {name: value for name, value in self.rows if value}
        names = [name for name, _ in operation.form()]
        previous = self.operation()  # its form's rows left empty go with it
        laid_out = {name for name, _ in previous.form()} if previous else set()
        laid_out.update(self.placeholders())
        extra = [
            (name, value)
            for name, value in self.rows
            if name and name not in names and (value or name not in laid_out)
        ]
        if not keep_route:
            self.route = operation.route
        self.rows = [(name, typed.get(name, "")) for name in names] + extra

    def warnings(self, explanation: Explanation | None, *, catalog: bool = True) -> list[str]:
        """What the user should hear besides errors: the warnings of the layers switched
        on; rows that do not reach the request (a name given twice, ``data.x`` after a
        whole ``data``); and (``catalog=True``) what GitHub's description of the route
        says of the merged parameters (restroute.catalog.check)."""
        warnings = [w for layer in self.layers if layer.enabled for w in layer.warnings]
        with contextlib.suppress(EndpointError):  # a row too deep: the request's error says so
            warnings += nest(self._typed_rows())[1]
        if catalog and explanation is not None:
            from .catalog import check

            merged = explanation.merged
            route = self.route.strip() or f"{merged.get('method', '')} {merged.get('url', '')}"
            warnings += check(route, merged)
        return warnings

    def explain(self) -> Explanation:
        """The request this session describes, and where each option came from and went.

        Raises EndpointError when the options cannot even be merged (a malformed route).
        """
        built_in, *others = self.layers
        active = [(layer.name, layer.options) for layer in others if layer.enabled]
        base = built_in.options if built_in.enabled else {}
        return explain(self.route or None, self.parameters(), layers=active, built_in=base)

    def outcome(self) -> tuple[Explanation | None, EndpointError | None]:
        """The explanation, and the error that stopped the request (either may be None):
        what a view shows, without raising.

        >>> Session("GET /users/{username}").outcome()[1]
        MissingParameterError('GET /users/{username}: no value for {username}; pass username=...')
        """
        try:
            explanation = self.explain()
        except EndpointError as error:
            return None, error
        return explanation, explanation.error

    def view(self, *, redact: bool = True, catalog: bool = True) -> View:
        """Everything the explorers show, for the session as it is now: call it once
        an edit. ``catalog``: judge the call by GitHub's description of the route."""
        explanation, error = self.outcome()
        return View(explanation, error, self.warnings(explanation, catalog=catalog), redact)

    def snippet(self, format: str, *, redact: bool = True) -> str:
        """The request as JSON, curl, or a requests/httpx script; redacted by default."""
        explanation = self.explain()
        if explanation.result is None:
            assert explanation.error is not None
            raise explanation.error
        return formats.find(format).render(explanation.result, redact=redact)
