"""The ``Session``: layers (built-in, profiles..., session) + a route + parameter rows, as
an explorer holds them, and the edits of its form that undo goes back through."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from .._attachment import Attachment, read_attachment, with_attachment
from .._core.encoding import safe_repr
from .._core.endpoint import BASE_DEFAULTS
from .._core.explain import BUILT_IN, Explanation
from .._core.kinds import honest, text
from .._core.template import compile_template
from .._rows import nest
from ..errors import EndpointError
from ..profiles import Profile, load_profile, parse_profile, save_profile
from ..redact import hide_values, referenced, secret_values
from . import _edits, _form, _layers, _request
from ._layers import SESSION, Layer, _keeping_hidden, _marked

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ..catalog import Catalog, Match, Operation
    from ._secrecy import Secrets
    from ._view import View


def _catalog_class() -> type[Catalog]:
    from ..catalog import Catalog

    return Catalog


class Session:
    """Layers (built-in, profiles..., session) + a route + parameter rows."""

    def __init__(
        self, route: str = "", profiles: Sequence[Profile] = (), *, catalog: Catalog | None = None
    ) -> None:
        self._route = ""
        self._rows: list[tuple[str, str]] = []
        self.route = route
        profiles = honest(profiles, "Session")
        if not isinstance(profiles, list | tuple) or not all(
            isinstance(profile, Profile) for profile in profiles
        ):
            msg = f"Session: profiles are {safe_repr(profiles)}; pass a list of loaded profiles "
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
        self._history: list[_edits._Step] = []
        self._editing: object = None  # the field whose edits are one step of undo
        self.attachment: Attachment | None = None
        """A file sent as the body (``attach``), when no row gives data."""
        self.reading: Match | None = None
        """What the last paste was read as (``paste``): what each part became."""
        self.pasted: dict[str, str] = {}
        """The rows a pasted request gave (``paste``), by name: while a row still holds
        the value pasted, explain names its layer "pasted"."""
        if catalog is not None and not isinstance(catalog, _catalog_class()):
            msg = f"Session: catalog is {safe_repr(catalog)}; pass a catalog.load(...) result"
            raise EndpointError(msg)
        self._catalog = catalog
        self.follow_route()

    @property
    def catalog(self) -> Catalog:
        """The API whose routes the session knows: GitHub's unless told otherwise
        (``use_catalog``; a loaded OpenAPI description)."""
        if self._catalog is None:
            from ..catalog import load

            self._catalog = load("github")
        return self._catalog

    def use_catalog(self, catalog: Catalog) -> None:
        """Know another API's routes: the form is laid out again for the route as typed."""
        if not isinstance(catalog, _catalog_class()):
            msg = f"use_catalog takes a catalog.load(...) result, not {safe_repr(catalog)}"
            raise EndpointError(msg)
        self._catalog = catalog
        self.set_form(self.operation())

    @property
    def route(self) -> str:
        """``METHOD URL`` as typed (it may not parse: the view says why)."""
        return self._route

    @route.setter
    def route(self, route: str) -> None:
        route = honest(route, "Session")
        if not isinstance(route, str):
            msg = f"Session: the route is {safe_repr(route)}; pass text such as 'GET /user'"
            raise EndpointError(msg)
        self._route = str.__str__(route)

    @property
    def rows(self) -> list[tuple[str, str]]:
        """The parameter rows as typed: (name, value text) pairs, in order."""
        return self._rows

    @rows.setter
    def rows(self, rows: Sequence[tuple[str, str]]) -> None:
        rows = honest(rows, "Session")
        pairs = list(rows) if isinstance(rows, list | tuple) else None
        if pairs is None or not all(
            isinstance(pair, tuple | list)
            and len(pair) == 2
            and isinstance(pair[0], str)
            and isinstance(pair[1], str)
            for pair in pairs
        ):
            msg = f"Session: rows are {safe_repr(rows)}; pass (name, value text) pairs of str"
            raise EndpointError(msg)
        self._rows = [(str.__str__(name), str.__str__(value)) for name, value in pairs]

    # --- layers ---------------------------------------------------------------------

    def layer(self, name: str) -> Layer:
        name = text(name, "Session", "a layer's name")
        for layer in self.layers:
            if layer.name == name:
                return layer
        msg = f"no layer named {safe_repr(name)}; layers: {', '.join(e.name for e in self.layers)}"
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
        name = layer.name  # the caller's str subclass never runs again
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
        return save_profile(path, parse_profile(layer.text, name=layer.name).raw)

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
        found = _layers.layer_default(self.layers, name, redact=redact)
        if found is None or redact is not True:
            return found
        # a value read from the environment (${VAR}) is hidden as the view hides it
        hidden = secret_values(None, self.environment_secrets())
        return hide_values(found[0], hidden), found[1]

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
        return _layers.sets_content_type(self.layers)

    def _typed_rows(self, pasted: bool | None = None) -> list[tuple[str, object]]:
        """The rows with a value, typed; only those that hold what was pasted (or, with
        False, the others) when ``pasted`` says so."""
        return _request.typed_rows(self, pasted)

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
        _edits.fill(self, values)

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
        return _edits.paste(self, text)

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
        index = honest(index, "Session")
        if type(index) is not int or not 0 <= index < len(self.rows):
            msg = f"Session: no row {safe_repr(index)}; there are {len(self.rows)} rows: "
            msg += "pass a row's number (an int, counted from 0)"
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
            self._history = [*self._history[-(_edits.UNDO_STEPS - 1) :], snapshot]
        self._editing = None

    def _step(self) -> _edits._Step:
        return _edits._Step(
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
        return _request.warnings(self, explanation, catalog=catalog)

    def explain(self) -> Explanation:
        """The request this session describes, and where each option came from and went.

        Raises EndpointError when the options cannot even be merged (a malformed route).
        """
        return _request.explanation(self)

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
        return _request.references(self)

    def view(
        self,
        *,
        redact: bool | None = None,
        catalog: bool = True,
        secrets: Secrets | None = None,
    ) -> View:
        """Everything the explorers show, for the session as it is now: call it once
        an edit. ``catalog``: judge the call by GitHub's description of the route.
        ``secrets`` (or the older ``redact``): how snippets show secrets, redacted
        unless told otherwise."""
        return _request.view(self, redact=redact, catalog=catalog, secrets=secrets)

    def environment_secrets(self) -> list[str]:
        """The values the layers' ``${VAR}`` gave, when loaded and now: secrets under any
        name (``token ${T}`` under ``x-forward``), hidden by a view wherever they go."""
        names = {name for layer in self.layers for name in referenced(layer.text)}
        now = [os.environ[name] for name in sorted(names) if os.environ.get(name)]
        return list(dict.fromkeys([*(each for layer in self.layers for each in layer.read), *now]))

    def snippet(
        self,
        format: str,
        *,
        redact: bool | None = None,
        secrets: Secrets | None = None,
    ) -> str:
        """The request as JSON, curl, or a requests/httpx script; redacted by default."""
        return _request.snippet(self, format, redact=redact, secrets=secrets)
