"""An exploration session: layers of defaults, a route and parameter rows, explained.

The terminal explorer and the notebook widget both hold one ``Session`` and show what
it computes; neither builds a request of its own.

>>> session = Session("GET /repos/{owner}/{repo}/issues")
>>> session.rows = [("owner", "octocat"), ("repo", "hello-world"), ("per_page", "2")]
>>> session.explain().result["url"]
'https://api.github.com/repos/octocat/hello-world/issues?per_page=2'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from ._endpoint import BASE_DEFAULTS
from ._explain import BUILT_IN, Explanation, explain
from ._merge import deep_copy
from ._rows import VALUE_HINT, nest, parse_value
from ._template import compile_template
from .errors import EndpointError
from .profiles import Profile, dump_profile, parse_profile, save_profile
from .snippets import to_curl, to_json, to_python

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .catalog import Operation

__all__ = ["FORMATS", "VALUE_HINT", "Layer", "Session", "parse_value"]

SESSION = "session"
FORMATS = ("json", "curl", "python", "httpx")


class Layer:
    """One layer of defaults: a name, its options, and whether it is switched on."""

    __slots__ = ("editable", "enabled", "name", "options", "path", "text", "warnings")

    def __init__(
        self,
        name: str,
        options: Mapping[str, Any],
        *,
        editable: bool = True,
        enabled: bool = True,
        warnings: Sequence[str] = (),
        path: object = None,
        text: str | None = None,
    ) -> None:
        self.name = name
        self.options: dict[str, Any] = deep_copy(dict(options))
        self.editable, self.enabled = editable, enabled
        self.warnings = tuple(warnings)
        self.path = path
        self.text = dump_profile(self.options) if text is None else text
        """The layer as TOML, as written: ``${VAR}`` references unexpanded."""

    @classmethod
    def from_profile(cls, profile: Profile) -> Layer:
        text = dump_profile(profile.raw)
        return cls(
            profile.name, profile.options, warnings=profile.warnings, path=profile.path, text=text
        )

    def toml(self) -> str:
        """The layer as profile text: ``${VAR}`` kept, other secrets left out."""
        return dump_profile(parse_profile(self.text, name=self.name).raw)

    def __repr__(self) -> str:
        state = "on" if self.enabled else "off"
        return f"<Layer {self.name!r} {state}: {sorted(self.options)}>"


class Session:
    """Layers (built-in, profiles..., session) + a route + parameter rows."""

    def __init__(self, route: str = "", profiles: Sequence[Profile] = ()) -> None:
        self.route = route
        self.rows: list[tuple[str, str]] = []
        self.layers = [
            Layer(BUILT_IN, BASE_DEFAULTS, editable=False),
            *(Layer.from_profile(profile) for profile in profiles),
            Layer(SESSION, {}),
        ]

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

    def edit_layer(self, name: str, toml_text: str) -> Layer:
        """Replace a layer's options with those of ``toml_text``; the built-in is read-only."""
        layer = self.layer(name)
        if not layer.editable:
            msg = f"the {name} layer is read-only; edit the session layer instead"
            raise EndpointError(msg)
        profile = parse_profile(toml_text, name=name)
        layer.options, layer.warnings, layer.text = profile.options, profile.warnings, toml_text
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

    # --- the request --------------------------------------------------------------------

    def placeholders(self) -> list[str]:
        """The variables of the route's URL template, in order ([] when it does not parse)."""
        url = self.route.split()[-1] if self.route.split() else ""
        try:
            return list(compile_template(url, "GET").operators) if url else []
        except EndpointError:
            return []

    def parameters(self) -> dict[str, Any]:
        """The rows as parameters: typed values, ``headers.NAME`` and the like nested."""
        return nest(self._typed_rows())[0]

    def _typed_rows(self) -> list[tuple[str, object]]:
        typed: list[tuple[str, object]] = []
        for name, text in self.rows:
            name = name.strip()
            if not name or not text:  # an empty value is no value; type "" for the empty text
                continue
            header = name.startswith("headers.") and len(name) > len("headers.")
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

    def snippet(self, format: str, *, redact: bool = True) -> str:
        """The request as JSON, curl, or a requests/httpx script; redacted by default."""
        explanation = self.explain()
        if explanation.result is None:
            assert explanation.error is not None
            raise explanation.error
        if format == "json":
            return to_json(explanation.result, redact=redact)
        if format == "curl":
            return to_curl(explanation.result, redact=redact)
        if format in ("python", "httpx"):
            client = "requests" if format == "python" else "httpx"
            return to_python(explanation.result, client=client, redact=redact)
        msg = f"format {format!r} is not one of {', '.join(FORMATS)}"
        raise EndpointError(msg)
