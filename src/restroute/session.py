"""An exploration session, and the one view of it that both explorers render.

The terminal explorer and the notebook widget each hold one ``Session``. After each edit
they ask it for a ``View``: the status line, the merged and parsed options, the
explanation's rows, every snippet and the warnings, with redaction already applied.
Neither builds a request, formats a snippet or decides what is secret.

Snippets show secrets one of three ways (``secrets=``): ``"redact"`` (a mask),
``"reveal"`` (the values) or ``"env"`` (the ``${VAR}`` a layer read each from, so that a
copy can be shared and still run; a secret no variable holds stays masked).

>>> session = Session("GET /repos/{owner}/{repo}/issues")
>>> session.rows = [("owner", "octocat"), ("repo", "hello-world"), ("per_page", "2")]
>>> session.view().status.text
'GET https://api.github.com/repos/octocat/hello-world/issues?per_page=2'
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import NamedTuple

from . import _form, formats
from ._attachment import Attachment, read_attachment, with_attachment
from ._core.encoding import key_name, shown
from ._core.endpoint import BASE_DEFAULTS
from ._core.explain import BUILT_IN, Cascade, Explanation, explain, redacted_value
from ._core.merge import owned_copy
from ._core.options import ALIASES
from ._core.template import compile_template
from ._rows import NESTED, VALUE_HINT, nest, parse_value, value_text
from .errors import EndpointError, MissingParameterError
from .profiles import (
    Profile,
    dump_profile,
    env_references,
    left_out,
    load_profile,
    parse_profile,
    save_profile,
)
from .redact import (
    REDACTED,
    credential_spans,
    holds_secret,
    is_secret,
    redact_options,
    redact_url,
    referenced,
    references_only,
    secret_parts,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, Literal

    from ._core.result import RequestOptions
    from .catalog import Catalog, Match, Operation

__all__ = [
    "FORMATS",
    "MAX_NESTING",
    "SECRETS",
    "VALUE_HINT",
    "Layer",
    "Session",
    "Status",
    "View",
    "parse_value",
]

SESSION = "session"
PASTED = "pasted"  # the layer explain names for the values a pasted request gave
CATALOG = "catalog"  # the layer explain names for what an OpenAPI description implies


def _catalog_class() -> type[Catalog]:
    from .catalog import Catalog

    return Catalog


FORMATS = tuple(each.name for each in formats.FORMATS)
SECRETS = ("redact", "reveal", "env")
"""How snippets show secrets: masked, as they are, or as their environment references."""
_MODES: dict[str, Literal["redact", "reveal", "env"]] = {
    "redact": "redact",
    "reveal": "reveal",
    "env": "env",
}
NO_SNIPPET = "no snippet: "
MAX_NESTING = 100
"""Lists and tables inside each other that a session takes, in a row's value or a layer:
far more than any API asks for, and deep enough below Python's recursion limit that
merging, explaining, snippets and the explorers' rendering never hit it."""
UNDO_STEPS = 100  # edits of the form that undo goes back through
# Rows a paste may give: GitHub's largest form has 31, and the explorer lays out each row
# as widgets, about 11 ms each (100 rows: 1.2 s): thousands froze it for 18 to 49 s.
MAX_PASTED_ROWS = 100


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
    here when ``redact`` is on. Each part is worked out when first shown.

    ``secrets`` is how the snippets show secrets (``SECRETS``; by default, as ``redact``
    says); the other parts are redacted in ``"env"`` mode too, as they show values.
    ``env`` maps each secret header to the ``${VAR}`` template it was read from, and
    ``env_notes`` says of each other secret why an ``"env"`` copy keeps it masked."""

    def __init__(
        self,
        explanation: Explanation | None,
        error: EndpointError | None,
        warnings: Sequence[str],
        redact: bool,
        stale: Sequence[str] = (),
        *,
        secrets: Literal["redact", "reveal", "env"] | None = None,
        env: Mapping[str, str] | None = None,
        env_notes: Sequence[str] = (),
        known: Iterable[str] = (),
        reading: Match | None = None,
    ) -> None:
        self._explanation = explanation
        self._snippets: dict[tuple[str, str], str] = {}
        self.secrets = _secrets(redact, secrets)
        self.redact = self.secrets != "reveal"
        self.env = dict(env or {})
        self.env_notes = tuple(env_notes)
        self.error = None if error is None else str(error)
        """Why there is no request (None when there is one)."""
        self.missing = error.names if isinstance(error, MissingParameterError) else ()
        """The placeholders that have no value, in template order."""
        self.warnings = tuple(warnings)
        """What the user should hear besides errors (see ``Session.warnings``)."""
        self.stale = tuple(stale)
        """Layers whose TOML as typed was refused: why, for each. The request is built
        from their last valid TOML, and says so until the text is fixed."""
        # Values given under a secret's name, wherever they went: into the path too
        # ({access_token}), where no name marks them.
        self._hidden = _secret_values(explanation, known) if self.redact else ()
        self.problems = tuple(
            Status(each.kind, self._hide(each.text), each.more)
            for each in _problems(self.error, self.stale, self.warnings)
        )
        """Every error and warning, the worst first: what the Problems view lists."""
        status = _status(explanation, self.problems)
        if self.redact and status.kind == "ok":  # the request line: its URL's secrets
            method, _, url = status.text.partition(" ")
            status = Status("ok", f"{method} {self._hide(str(redact_url(url)))}")
        self.status = status
        self._reading = reading

    @functools.cached_property
    def pasted(self) -> str:
        """What the last pasted request was read as, part by part (``restroute.pasted``);
        "" when nothing was pasted."""
        if self._reading is None:
            return ""
        from . import pasted

        reading = pasted.hidden(self._reading) if self.redact else self._reading
        return self._hide(pasted.as_text(reading))

    def _hide(self, text: str) -> str:
        """``text`` with each secret replaced (see ``_secret_values``)."""
        for value in self._hidden:
            text = text.replace(value, REDACTED)
        return text

    def hide(self, text: str, *, escaped: bool = False) -> str:
        """``text`` with every secret this view knows replaced, as ``<REDACTED>`` (or, with
        ``escaped``, as HTML writes both): the last word of a UI that shows text it did not
        get from this view, such as what was typed, or HTML it wrote from it."""
        if not escaped:
            return self._hide(text)
        for value in self._hidden:
            text = text.replace(value, REDACTED).replace(escape(value), escape(REDACTED))
        return text

    def _scrub(self, options: dict[str, Any]) -> dict[str, Any]:
        """Options with each secret hidden in each text at their top and in their headers
        (a token under a header name no one marks as a secret, read from the environment)."""
        if not self._hidden:
            return options
        for name, value in options.items():
            if isinstance(value, str):
                options[name] = self._hide(value)
            elif name == "headers" and isinstance(value, Mapping):
                options[name] = {key: self._hide(item) if isinstance(item, str) else item
                                 for key, item in value.items()}  # fmt: skip
        return options

    @functools.cached_property
    def merged(self) -> dict[str, Any] | None:
        """The merged options, nothing expanded (None when they could not be merged)."""
        if self._explanation is None:
            return None
        merged = self._explanation.merged
        return self._scrub(redact_options(merged)) if self.redact else dict(merged)

    @functools.cached_property
    def parsed(self) -> RequestOptions | None:
        """The request options (None when the request could not be built)."""
        result = self._explanation.result if self._explanation is not None else None
        if result is None or not self.redact:
            return result
        return type(result)(self._scrub(redact_options(result)))

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

    def snippet(
        self, name: str, *, secrets: Literal["redact", "reveal", "env"] | None = None
    ) -> str:
        """The request in format ``name`` (``formats.FORMATS``), or why there is none;
        written at first asking (the terminal shows one tab at a time). ``secrets``
        overrides the view's own mode for this one, as a copy key may."""
        format = formats.find(name)
        mode = self.secrets if secrets is None else _secrets(None, secrets)
        if (format.name, mode) not in self._snippets:
            self._snippets[format.name, mode] = self._snippet(format, mode)
        return self._snippets[format.name, mode]

    def refused(
        self, name: str, *, secrets: Literal["redact", "reveal", "env"] | None = None
    ) -> bool:
        """Whether ``snippet(name, secrets=...)`` says why there is no snippet."""
        return self.snippet(name, secrets=secrets).startswith(NO_SNIPPET)

    @property
    def snippets(self) -> dict[str, str]:
        """Every format's text, by name; "no snippet: why" where there is none."""
        return {each.name: self.snippet(each.name) for each in formats.FORMATS}

    def _snippet(self, format: formats.Format, secrets: str) -> str:
        result = self._explanation.result if self._explanation is not None else None
        if result is None:
            return f"{NO_SNIPPET}{self.error}"
        env = self.env if secrets == "env" else None
        if secrets != "reveal" and self._hidden:  # the URL as shown, for the writer to quote
            result = type(result)({**result, "url": self._hide(str(result["url"]))})
        try:
            written = format.render(result, redact=secrets != "reveal", env=env)
        except EndpointError as error:
            return f"{NO_SNIPPET}{self._hide(str(error))}"
        return written if secrets == "reveal" else self._hide(written)


def _secrets(redact: bool | None, secrets: str | None) -> Literal["redact", "reveal", "env"]:
    """The snippets' mode from ``redact`` (the older switch) and ``secrets``: either
    says it, and both must agree, so no caller reveals what it meant to hide."""
    if secrets is None:
        return "reveal" if redact is False else "redact"
    mode = _MODES.get(secrets) if isinstance(secrets, str) else None
    if mode is None:
        msg = f"secrets is {shown(secrets)}, not one of {', '.join(SECRETS)}"
        raise EndpointError(msg)
    if redact is not None and redact != (mode != "reveal"):
        msg = f"redact={redact!r} and secrets={mode!r} disagree; pass one of them"
        raise EndpointError(msg)
    return mode


# The options that are not parameters: a value that holds a secret is hidden whole only
# when it is a parameter's (a URL's own secrets are hidden part by part).
_OPTIONS = frozenset({"method", "url", "base_url", "baseUrl", "headers", "request",
                      "media_type", "mediaType", "data"})  # fmt: skip
_LEAVES = 10_000  # the strings of the merged options searched for secrets, at most


def _secret_values(explanation: Explanation | None, known: Iterable[str] = ()) -> tuple[str, ...]:
    """The secrets a view hides wherever they show up, in an error message too: the values
    given under names of secrets at any depth (``access_token``, a header's credential),
    those that carry a secret no name marks (``hook=https://user:password@host``:
    ``holds_secret``), the ``user:password`` and secret query values of every URL in the
    options (``secret_parts``), and ``known`` ones (the environment's, that profiles read);
    as text and as a URL carries them (percent-encoded), longest first. Only those of 8
    characters or more: a shorter one would hide the same characters wherever they are."""
    found = set(known)
    # (a value, the name it is under, its depth, whether a name above marks a secret)
    stack: list[tuple[object, object, int, bool]] = []
    if explanation is not None:
        stack = [(value, name, 0, False) for name, value in explanation.merged.items()]
    seen = 0
    while stack and seen < _LEAVES:
        value, name, depth, above = stack.pop()
        seen += 1
        secret = above or (isinstance(name, str) and is_secret(name))
        if isinstance(value, Mapping) and depth < 64:
            stack += [(item, key, depth + 1, secret) for key, item in value.items()]
        elif isinstance(value, list | tuple) and depth < 64:
            stack += [(item, name, depth + 1, secret) for item in value]
        elif isinstance(value, str | int) and not isinstance(value, bool):
            text = str(value)
            if secret and not references_only(text):  # ${VAR} unset: where it comes from
                found.update((text, text.rpartition(" ")[2]))  # "token t0k3n": the word too
            elif depth == 0 and name not in _OPTIONS and holds_secret(text):
                found.add(text)
            found.update(secret_parts(text))
            found.update(text[start:end] for start, end in credential_spans(text))
            if text.lstrip()[:1] in ("{", "[") and len(text) <= 65536:  # JSON in a text
                with contextlib.suppress(ValueError, RecursionError):
                    stack.append((json.loads(text), name, depth + 1, secret))
    from urllib.parse import quote

    forms = {
        form
        for value in found
        for form in (value, quote(value, safe="", errors="replace"))
        if len(form) >= 8
    }
    return tuple(sorted(forms, key=len, reverse=True))


def _problems(
    error: str | None, stale: tuple[str, ...], warnings: tuple[str, ...]
) -> tuple[Status, ...]:
    errors = [Status("error", error)] if error is not None else []
    errors += [Status("error", f"{why}; until then the request uses its last valid TOML")
               for why in stale]  # fmt: skip
    return (*errors, *(Status("warning", warning) for warning in warnings))


def _status(explanation: Explanation | None, problems: tuple[Status, ...]) -> Status:
    """The status line: the worst problem and how many more, else the request line."""
    if problems:
        first = problems[0]
        return Status(first.kind, first.text, len(problems) - 1)
    request = explanation.result if explanation is not None else None
    assert request is not None  # no error: a request
    return Status("ok", f"{request['method'].upper()} {request['url']}")


class _Step(NamedTuple):
    """The form at one step of undo, and what the paste then in it was read as."""

    route: str
    rows: tuple[tuple[str, str], ...]
    form: tuple[str, ...]
    pasted: tuple[tuple[str, str], ...]
    reading: Match | None


class Session:
    """Layers (built-in, profiles..., session) + a route + parameter rows."""

    def __init__(
        self, route: str = "", profiles: Sequence[Profile] = (), *, catalog: Catalog | None = None
    ) -> None:
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
        self.form: tuple[str, ...] = ()
        """The parameters of the route's catalog form, in order (``choose``, ``set_form``)."""
        self._laid: list[str] = []  # the names the form laid out last (follow_route)
        self._history: list[_Step] = []
        self._editing: object = None  # the field whose edits are one step of undo
        self.attachment: Attachment | None = None
        """A file sent as the body (``attach``), when no row gives data."""
        self.reading: Match | None = None
        """What the last paste was read as (``paste``): what each part became."""
        self.pasted: dict[str, str] = {}
        """The rows a pasted request gave (``paste``), by name: while a row still holds
        the value pasted, explain names its layer "pasted"."""
        if catalog is not None and not isinstance(catalog, _catalog_class()):
            msg = f"Session: catalog is {shown(catalog)}; pass a catalog.load(...) result"
            raise EndpointError(msg)
        self._catalog = catalog
        self.follow_route()

    @property
    def catalog(self) -> Catalog:
        """The API whose routes the session knows: GitHub's unless told otherwise
        (``use_catalog``; a loaded OpenAPI description)."""
        if self._catalog is None:
            from .catalog import load

            self._catalog = load("github")
        return self._catalog

    def use_catalog(self, catalog: Catalog) -> None:
        """Know another API's routes: the form is laid out again for the route as typed."""
        if not isinstance(catalog, _catalog_class()):
            msg = f"use_catalog takes a catalog.load(...) result, not {shown(catalog)}"
            raise EndpointError(msg)
        self._catalog = catalog
        self.set_form(self.operation())

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
        try:
            profile = parse_profile(toml_text, name=name)  # refuses nesting too deep
        except EndpointError as error:
            layer.problem, layer.draft = str(error), toml_text
            raise
        layer.problem = layer.draft = None
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
            shown_as = f"{option}.{inner}" if nested else option  # the rule reads canonical names
            return _form_text(redacted_value(shown_as, value, redact)), layer.name
        return None

    # --- the request --------------------------------------------------------------------

    def placeholders(self) -> list[str]:
        """The variables of the route's URL template, in order ([] when it does not parse)."""
        url = self.route.split()[-1] if self.route.split() else ""
        try:
            return list(compile_template(url, "GET").operators) if url else []
        except EndpointError:
            return []

    def parameters(self, *, pasted: bool | None = None) -> dict[str, Any]:
        """The rows as parameters: typed values, ``headers.NAME`` and the like nested;
        and the file attached (``attach``) as ``data`` when no row gives data. With
        ``pasted=False``, only the rows that no longer hold what was pasted.

        Raises EndpointError for a value nested more than ``MAX_NESTING`` deep."""
        parameters = nest(self._typed_rows(pasted))[0]
        if self.attachment is None:
            return parameters
        return with_attachment(
            parameters, self.attachment, layers_set_type=self._layers_set_type()
        )

    def attach(self, path: str | Path) -> Attachment:
        """Send the file at ``path`` as the body (its name's media type as content-type
        when no row or layer sets one); an EndpointError says why it cannot be read.

        >>> import tempfile, os
        >>> folder = tempfile.mkdtemp()
        >>> with open(os.path.join(folder, "a.zip"), "wb") as file:
        ...     _ = file.write(b"PK")
        >>> session = Session("POST https://uploads.github.com/assets")
        >>> session.attach(os.path.join(folder, "a.zip")).label
        'a.zip · 2 bytes'
        >>> session.view().parsed["headers"]["content-type"], session.view().parsed["body"]
        ('application/zip', b'PK')
        """
        self.attachment = read_attachment(path)
        return self.attachment

    def detach(self) -> None:
        """Send no file (what ``attach`` gave)."""
        self.attachment = None

    def _layers_set_type(self) -> bool:
        """Whether a layer switched on sets content-type: a profile's choice wins over
        the guess from a file's name."""
        for layer in self.layers:
            headers = layer.options.get("headers") if layer.enabled else None
            if isinstance(headers, Mapping) and any(
                str(name).lower() == "content-type" for name in headers
            ):
                return True
        return False

    def _typed_rows(self, pasted: bool | None = None) -> list[tuple[str, object]]:
        """The rows with a value, typed; only those that hold what was pasted (or, with
        False, the others) when ``pasted`` says so."""
        typed: list[tuple[str, object]] = []
        for name, text in self.rows:
            name = name.strip()
            if not name or not text:  # an empty value is no value; type "" for the empty text
                continue
            if pasted is not None and (self.pasted.get(name) == text) is not pasted:
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
        return self.catalog.find(self.route) if self.route.strip() else None

    # --- the form ----------------------------------------------------------------------

    def laid_out(self) -> list[str]:
        """The names the route lays out a row for: its catalog form, else its placeholders
        (a placeholder the form lacks, such as a ``{+path}`` typed by hand, comes last)."""
        placeholders = self.placeholders()
        if not self.form:
            return placeholders
        return [*self.form, *(name for name in placeholders if name not in self.form)]

    def follow_route(self) -> None:
        """Lay out the rows for the route as it is now (``_form.follow``): called after
        each edit of the route; typed values stay, empty rows of the old route go."""
        laid = self.laid_out()
        self.rows = _form.follow(self.rows, self._laid, laid)
        self._laid = laid

    def set_form(self, operation: Operation | None) -> None:
        """Take the catalog's form of the route as typed (None: GitHub has no such route),
        and lay the rows out for it."""
        self.form = tuple(name for name, _ in operation.form()) if operation else ()
        self.follow_route()

    def choose(self, operation: Operation, *, keep_route: bool = False) -> list[tuple[str, str]]:
        """Take a route from the catalog: its route (or, with ``keep_route``, the route as
        typed, ``{+path}`` and all) and its form as the rows, required first. Values typed
        under a name the new form has stay; the others are dropped and returned, so that
        the caller can say which (``undo`` brings them back)."""
        self.remember()
        if not keep_route:
            self.route = operation.route
        self.form = tuple(name for name, _ in operation.form())
        self._laid = self.laid_out()
        self.rows, dropped = _form.choose(self.rows, self._laid)
        return dropped

    def fill(self, values: Sequence[tuple[str, str]]) -> None:
        """Type each (name, value text) into the row of that name, or a new row.

        >>> session = Session("GET /users/{username}")
        >>> session.fill([("username", "octocat"), ("per_page", "2")])
        >>> session.rows
        [('username', 'octocat'), ('per_page', '2')]
        """
        rows = list(self.rows)
        for name, value in values:
            at = next((at for at, (each, _) in enumerate(rows) if each == name), None)
            if at is None:
                rows.append((name, value))
            else:
                rows[at] = (name, value)
        self.rows = rows

    def paste(self, text: str) -> Match:
        """Take a pasted request (a URL, curl, HTTPie, ``gh api``, an Octokit call,
        restroute's own snippets): its route, the form of its operation, and its values
        and headers as the rows (``reader.read_route``); undoable. An EndpointError says
        why it cannot be read, and nothing changes.

        >>> session = Session()
        >>> found = session.paste("curl -H 'X-Trace: 1' https://api.github.com/users/octocat")
        >>> session.route, session.rows
        ('GET /users/{username}', [('username', 'octocat'), ('headers.x-trace', '1')])
        >>> [row[2] for row in session.explain().rows() if row[0] == "headers.x-trace"]
        ['pasted']
        """
        from . import pasted
        from .reader import read_route

        found = read_route(text, catalog=self._catalog)
        values = pasted.rows(found)
        if len(values) > MAX_PASTED_ROWS:
            msg = f"the request gives {len(values):,} parameters and headers, and a form takes "
            msg += f"at most {MAX_PASTED_ROWS}: `restroute import` reads it whole"
            raise EndpointError(msg)
        self.remember()
        self.route = found.route
        self.form = tuple(name for name, _ in found.operation.form()) if found.operation else ()
        self._laid = self.laid_out()
        self.rows = _form.clear([], self._laid)
        self.fill(values)
        self.pasted = dict(values)
        self.reading = found
        self.attachment = None
        return found

    def is_laid_out(self, index: int) -> bool:
        """Whether row ``index`` is the route's own (its name a label, not a field)."""
        return _form.is_laid_out(self.rows, index, self._laid)

    def edit_rows(self, rows: Sequence[tuple[str, str]], field: object) -> None:
        """Take the rows after the user edited ``field`` (any key naming it): the edits of
        one field, until another is edited, are one step of ``undo``."""
        if field != self._editing:
            self.remember()
            self._editing = field
        self.rows = rows

    def delete_row(self, index: int) -> None:
        """Delete row ``index`` (``_form.delete``: a laid-out row is emptied); undoable."""
        if not 0 <= index < len(self.rows):
            msg = f"Session: no row {index!r}; there are {len(self.rows)} rows"
            raise EndpointError(msg)
        self.remember()
        self.rows = _form.delete(self.rows, index, self._laid)

    def clear_form(self) -> None:
        """Empty every value and drop the free rows; undoable."""
        self.remember()
        self.rows = _form.clear(self.rows, self._laid)

    def remember(self) -> None:
        """Keep the form as it is now, as the step ``undo`` goes back to."""
        snapshot = self._step()
        if not self._history or self._history[-1] != snapshot:
            self._history = [*self._history[-(UNDO_STEPS - 1) :], snapshot]
        self._editing = None

    def _step(self) -> _Step:
        return _Step(
            self.route, tuple(self.rows), self.form, tuple(self.pasted.items()), self.reading
        )

    def forget(self) -> None:
        """Begin undo's history here: the form as the explorer opened it, with the values
        given on the command line, is as far back as undo goes (one ctrl+z too many had
        emptied them, and the route's form with them)."""
        self._history = []
        self._editing = None

    def undo(self) -> bool:
        """Go back to the form as it was before the last change (False: nothing to undo).

        >>> session = Session("GET /users/{username}")
        >>> session.edit_rows([("username", "octocat")], field="username")
        >>> session.clear_form()
        >>> session.undo(), session.rows
        (True, [('username', 'octocat')])
        """
        current = self._step()
        while self._history:
            snapshot = self._history.pop()
            if snapshot[:2] != current[:2]:  # a step the user can see: the route or the rows
                self.route, rows, self.form, pasted, self.reading = snapshot
                self.rows, self.pasted = list(rows), dict(pasted)
                self._laid = self.laid_out()
                self._editing = None
                return True
        return False

    def warnings(self, explanation: Explanation | None, *, catalog: bool = True) -> list[str]:
        """What the user should hear besides errors: the warnings of the layers switched
        on; rows that do not reach the request (a name given twice, ``data.x`` after a
        whole ``data``); and (``catalog=True``) what GitHub's description of the route
        says of the merged parameters (restroute.catalog.check)."""
        warnings = [w for layer in self.layers if layer.enabled for w in layer.warnings]
        with contextlib.suppress(EndpointError):  # a row too deep: the request's error says so
            warnings += nest(self._typed_rows())[1]
        if catalog and explanation is not None:
            merged = explanation.merged
            route = self.route.strip() or f"{merged.get('method', '')} {merged.get('url', '')}"
            op = self.operation() if self._catalog is not None and route else None
            if op is not None and op.template:  # judged by form name, before serializing
                merged = {**merged, **nest(self._typed_rows())[0]}
            warnings += self.catalog.check(route, merged)
        return warnings

    def explain(self) -> Explanation:
        """The request this session describes, and where each option came from and went.

        Raises EndpointError when the options cannot even be merged (a malformed route).
        """
        built_in, *others = self.layers
        active = [(layer.name, layer.options) for layer in others if layer.enabled]
        base = built_in.options if built_in.enabled else {}
        parameters = self.parameters(pasted=False if self.pasted else None)
        from_paste = nest(self._typed_rows(pasted=True))[0] if self.pasted else {}
        if from_paste:  # the rows that still hold what was pasted: a layer of their own
            active.append((PASTED, from_paste))
        route = self.route or None
        op = self.operation() if self._catalog is not None and route else None
        if op is not None and op.template:  # an OpenAPI description's: serialized as it says
            route, parameters = op.call(parameters)
        implied = self._catalog.layer(op) if self._catalog is not None else {}
        if implied:  # its server, accept, API version: under the profiles
            active.insert(0, (CATALOG, implied))
        return explain(route, parameters, layers=active, built_in=base)

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

    def env_references(self) -> tuple[dict[str, str], list[str]]:
        """The ``${VAR}`` template each secret header was read from, by the layer that
        sets it as the merge does (the topmost switched on; a row above them all), and
        why each other secret has none: what an ``"env"`` snippet needs."""
        layers = [
            (f"layer {layer.name!r}", layer.options, _written(layer.text))
            for layer in self.layers
            if layer.enabled
        ]
        with contextlib.suppress(EndpointError):  # a row too deep: there is no request
            layers.append(("a parameter row", self.parameters(), None))
        return env_references(layers)

    def view(
        self,
        *,
        redact: bool | None = None,
        catalog: bool = True,
        secrets: Literal["redact", "reveal", "env"] | None = None,
    ) -> View:
        """Everything the explorers show, for the session as it is now: call it once
        an edit. ``catalog``: judge the call by GitHub's description of the route.
        ``secrets`` (or the older ``redact``): how snippets show secrets, redacted
        unless told otherwise."""
        mode = _secrets(redact, secrets)
        explanation, error = self.outcome()
        warnings = self.warnings(explanation, catalog=catalog)
        if isinstance(error, MissingParameterError):  # the error names them already
            said = tuple(f": {name} (path) is required" for name in error.names)
            warnings = [warning for warning in warnings if not warning.endswith(said)]
        stale = [layer.problem for layer in self.layers if layer.problem is not None]
        env, notes = self.env_references()
        return View(
            explanation,
            error,
            warnings,
            mode != "reveal",
            stale,
            secrets=mode,
            env=env,
            env_notes=notes,
            known=self.environment_secrets() if mode != "reveal" else (),
            reading=self.reading,
        )

    def environment_secrets(self) -> list[str]:
        """The values of the environment variables the layers read (``${GITHUB_TOKEN}``):
        profiles read secrets from the environment, whatever the option is named (a
        ``token ${T}`` under ``x-forward`` too), so a view hides them wherever they go."""
        names = {name for layer in self.layers for name in referenced(layer.text)}
        return [os.environ[name] for name in sorted(names) if os.environ.get(name)]

    def snippet(
        self,
        format: str,
        *,
        redact: bool | None = None,
        secrets: Literal["redact", "reveal", "env"] | None = None,
    ) -> str:
        """The request as JSON, curl, or a requests/httpx script; redacted by default."""
        mode = _secrets(redact, secrets)
        explanation = self.explain()
        if explanation.result is None:
            assert explanation.error is not None
            raise explanation.error
        env = self.env_references()[0] if mode == "env" else None
        return formats.find(format).render(explanation.result, redact=mode != "reveal", env=env)


@functools.lru_cache(maxsize=64)
def _written(text: str) -> dict[str, Any] | None:
    """A layer's text as written, ``${VAR}`` unexpanded (None when it is no profile);
    kept, as the view asks again at every keystroke and the text rarely changes."""
    try:
        return parse_profile(text, environ={}).raw
    except EndpointError:
        return None
