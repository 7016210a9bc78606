"""The notebook explorer: its widgets, laid out and wired to one Session."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from .. import catalog as _catalog
from .. import formats
from .._core.encoding import safe_repr
from .._core.kinds import honest, text
from ..catalog import Catalog, Operation, Parameter
from ..display import STYLE
from ..errors import EndpointError
from ..pasted import redact_text
from ..profiles import Profile, load_profile
from ..redact import (
    masked_shapes,
    name_shown,
    redact_route,
    redact_toml,
    redact_words,
    row_shown,
    shows_dots,
)
from ..session import VALUE_HINT, Session, Status
from ._fields import Field, Pane
from ._panes import PANES, STATUS_MARK, _about, _said, _status_html

TABS = ("Parsed", "Merged", "Explain", *(each.tab for each in formats.FORMATS), "Pasted")
HITS = 15
# Each column takes the whole width below about 820 px of output, half of it above.
COLUMN = {"flex": "1 1 400px", "min_width": "0"}


def explore(
    route: str | None = None,
    profile: str | Path | Sequence[str | Path] | None = None,
    *,
    paste: str | None = None,
    catalog: str | Path | None = None,
) -> Explorer:
    """An explorer on ``route`` with the profiles given (a path, or several); it shows
    itself as the value of a notebook cell. ``paste``: a request to read back (a URL, a
    curl, gh api or HTTPie command, an Octokit call), as if pasted into its Paste box.
    ``catalog``: the API, an OpenAPI description's path (or a bundled catalog's name),
    else the last profile's, else GitHub's."""
    profile = honest(profile, "explore")
    paths = [profile] if isinstance(profile, str | Path) else () if profile is None else profile
    if (
        not isinstance(route, str | None)
        or not isinstance(paths, Sequence)
        or not isinstance(paste, str | None)
        or not isinstance(catalog, str | Path | None)
    ):
        msg = "explore(route, profile, paste=, catalog=): a route as text, a profile's path "
        msg += "or a list of them, a request to read back as text, and a description's path"
        raise EndpointError(msg)
    profiles = [load_profile(path) for path in paths]
    source = catalog or next((p.catalog for p in reversed(profiles) if p.catalog), None)
    api = _catalog.load(source) if source is not None else None
    explorer = Explorer(route or "", profiles, api)
    if paste is not None:
        explorer.paste(paste)
    return explorer


class Explorer:
    """The widgets and the session they edit; ``widget`` is the whole box."""

    def __init__(
        self, route: str = "", profiles: Sequence[Profile] = (), api: Catalog | None = None
    ) -> None:
        self.session = Session(route, profiles, catalog=api)
        self._paths = [str(profile.path) for profile in profiles if profile.path is not None]
        self.operation: Operation | None = None
        wide = widgets.Layout(width="100%")
        self.route = Field(
            route,
            redact=redact_route,
            label="Route",
            placeholder="METHOD URL, e.g. GET /users/{username}",
            hide_idle=True,
        )
        self.search = Field(
            label="Find",
            placeholder=f"{self.session.catalog.label}: routes by words"
            if api is not None
            else "GitHub's routes by words: create issue",
            redact=redact_words,
        )
        self.paste_box = Field(
            kind="textarea",
            rows=2,
            label="Paste",
            placeholder="Paste a request to read it back: a URL, curl, gh api, an Octokit call",
            redact=redact_text,
            hide_idle=True,
        )
        # No empty box before a search: the list shows once there are hits.
        self.hits = widgets.Select(rows=6, layout=widgets.Layout(width="100%", display="none"))
        self.rows = widgets.VBox(layout=wide)
        self.add = widgets.Button(description="add a row", icon="plus")
        self.reveal = widgets.ToggleButton(description="reveal secrets", icon="eye")
        self.layers = widgets.VBox()
        self.layer_choice = widgets.Dropdown(description="Layer TOML")
        self.layer_text = Field(kind="textarea", rows=8, redact=redact_toml, hide_idle=True)
        self.status = Pane()
        self.about = widgets.HTML()
        self.tabs = {title: Pane() for title in TABS}
        results = widgets.Tab(children=list(self.tabs.values()), titles=list(self.tabs))
        inputs = widgets.VBox(
            [self.rows, self.add, self.about, self.layers, self.layer_choice, self.layer_text],
            layout=widgets.Layout(**COLUMN),
        )
        outputs = widgets.VBox([self.reveal, results], layout=widgets.Layout(**COLUMN))
        columns = widgets.HBox(
            [inputs, outputs], layout=widgets.Layout(flex_flow="row wrap", width="100%")
        )
        self.widget = widgets.VBox(
            [self.route, self.status, self.search, self.hits, self.paste_box, columns],
            layout=wide,
        )
        self.route.on_typed(self._route_typed)
        self.search.on_typed(self._search_typed)
        self.paste_box.on_typed(self._pasted)
        self.hits.observe(self._hit_chosen, names="value")
        self.add.on_click(self._add_row)
        self.reveal.observe(self._revealed, names="value")
        self.layer_choice.observe(self._layer_shown, names="value")
        self.layer_text.on_typed(self._layer_edited)
        operation = self.session.operation() if route else None
        if operation is not None:
            self.session.choose(operation, keep_route=True)
        self._lay_out(operation)
        self._show_layers()
        self.update()

    @property
    def revealed(self) -> bool:
        """Whether secrets show (the "reveal secrets" button)."""
        return bool(self.reveal.value)

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> Any:
        """A notebook shows the widgets; where they cannot render, a summary instead
        (text/html, text/plain), secrets redacted."""
        data: dict[str, Any] = self.widget._repr_mimebundle_(include=include, exclude=exclude)
        data["text/plain"], data["text/html"] = self.summary()
        return data

    def summary(self) -> tuple[str, str]:
        """The route, the status and how to run it live, as text and as HTML: what shows
        where widgets cannot (secrets redacted, always)."""
        view = self.session.view(redact=True)
        route = view.hide(redact_route(self.session.route)) or "(no route)"
        layers = ", ".join(_layer_names(self.session))
        live = "Live, in Jupyter with a kernel running and restroute[jupyter] installed"
        command = self._command()
        text = (
            f"restroute explorer: {route}\n{STATUS_MARK[view.status.kind]} {_said(view.status)}"
            f"\nlayers: {layers}\n{live}, or in a terminal:\n  {command}"
        )
        html = (
            f'{STYLE}<div class="restroute"><p><b>restroute explorer</b> · '
            f"<code>{escape(route)}</code></p><p>{_status_html(view.status)}</p>"
            f"<p>layers: {escape(layers)}</p><p><small>{escape(live)}, or in a terminal:"
            f"</small></p><pre>{escape(command)}</pre></div>"
        )
        return view.hide(text), view.hide(html, escaped=True)

    def _command(self) -> str:
        """``restroute explore`` with the route and the values typed, secrets left out."""
        values = [
            f"{name}={value}"
            for name, value in self.session.rows
            if name and value and not shows_dots(name, value) and name_shown(name) == name
        ]
        profiles = [part for path in self._paths for part in ("--profile", path)]
        route = redact_route(self.session.route)
        return shlex.join(["restroute", "explore", route, *values, *profiles])

    # --- state in, results out ------------------------------------------------------

    def update(self) -> None:
        """Show the session's view everywhere; never raises. The panes sync the view
        with secrets redacted; while revealed, the view that shows them goes to the page
        beside it (``Pane.show``), never into the widgets' state."""
        view = self.session.view(redact=True)
        shown = self.session.view(redact=False) if self.revealed else None

        def hidden(html: str) -> str:
            return view.hide(html, escaped=True)

        for row in self.rows.children:
            missing = _name(row) in view.missing
            row.children[0].style.text_color = "#c00" if missing else None
        status = _status_html(shown.status) if shown else None
        self.status.show(hidden(_status_html(view.status)), status)
        for title, render in PANES.items():
            self.tabs[title].show(hidden(render(view)), render(shown) if shown else None)
        for field in self._fields():
            field.hide = view.hide
            field.refresh()

    def _fields(self) -> list[Field]:
        """The fields that hold what is typed: the route, Find, the values, the TOML."""
        values = [row.children[1] for row in self.rows.children]
        fields = [self.route, self.search, self.paste_box, self.layer_text, *values]
        return [field for field in fields if isinstance(field, Field)]

    def set_value(self, name: str, value: str) -> None:
        """Type ``value`` into the row named ``name``, as a user would."""
        name, value = text(name, "set_value", "the row's name"), honest(value, "set_value")
        if not isinstance(value, str):
            shown = safe_repr(value) if type(value) in (int, float, bool) else "its text"
            msg = f'set_value types text, as a user would: write "{shown}", a str, not a '
            msg += type(value).__name__
            raise EndpointError(msg)
        value = str.__str__(value)
        for row in self.rows.children:
            if _name(row) != name:
                continue
            field = row.children[1]
            if isinstance(field, Field):
                field.type(value)
                return
            offered = {choice: label for label, choice in field.options}  # (label, value)
            if value not in offered:
                choices = ", ".join(label for label in offered.values() if label)
                msg = f"{name} is one of {choices} (or empty); {value!r} is not"
                raise EndpointError(msg)
            field.value = value
            return
        names = ", ".join(row.children[0].value for row in self.rows.children)
        msg = f"no row named {name!r}; the rows are: {names}"
        raise EndpointError(msg)

    def paste(self, text: str) -> None:
        """Read a pasted request back: its route, its form with the values and headers
        as the rows, and the Pasted tab showing what each part became (an EndpointError
        says why text cannot be read, and nothing changes)."""
        if not isinstance(text, str):
            msg = f"paste takes the request as text, not {type(text).__name__}"
            raise EndpointError(msg)
        found = self.session.paste(text)
        if self.paste_box.value != text:  # explore(paste=...): the box shows what was read
            self.paste_box.value = text
        self.route.value = self.session.route
        self._lay_out(found.operation)
        self.update()

    def choose(self, operation: Operation) -> None:
        """Take a route from the catalog: its route, and its form as the rows."""
        if not isinstance(operation, Operation):
            msg = (
                f"choose takes an Operation (catalog.find('issues/create')), not {operation!r:.60}"
            )
            raise EndpointError(msg)
        self.session.choose(operation)
        self.route.value = operation.route
        self._lay_out(operation)
        self.update()

    # --- events ------------------------------------------------------------------------

    def _route_typed(self, route: str) -> None:
        """The route edited by hand: the terminal's rules, through the session (the
        empty rows the route no longer names go, its own come, typed values stay)."""
        self.session.route = route
        operation = self.session.operation()
        self.session.set_form(operation)
        self._lay_out(operation)
        self.update()

    def _pasted(self, text: str) -> None:
        if not text.strip():
            return
        try:
            self.paste(text)
        except EndpointError as error:  # the text stays as typed; nothing else changes
            self.status.show(_status_html(Status("error", f"not read: {error}")))

    def _search_typed(self, words: str) -> None:
        found = self.session.catalog.search(words, limit=HITS) if words.strip() else []
        self.hits.options = [(f"{op.route}  ·  {op.summary}", op.id) for op in found]
        self.hits.layout.display = None if found else "none"

    def _hit_chosen(self, change: dict[str, Any]) -> None:
        operation = self.session.catalog.find(change["new"] or "")  # None: nothing chosen
        if operation is not None:
            self.choose(operation)

    def _row_edited(self, row: Any) -> None:
        self.session.edit_rows([_pair(each) for each in self.rows.children], field=id(row))
        self.update()

    def _add_row(self, _button: object = None) -> None:
        self.rows.children = [*self.rows.children, self._row("", "", None)]

    def _remove_row(self, row: Any) -> None:
        self.rows.children = [each for each in self.rows.children if each is not row]
        self._row_edited(None)

    def _revealed(self, _change: object) -> None:
        for row in self.rows.children:
            self._mask(row)
        self.route.hide_idle = self.layer_text.hide_idle = not self.revealed
        self.update()

    def _layer_shown(self, change: dict[str, Any]) -> None:
        layer = self.session.layer(change["new"])
        self.layer_text.value = layer.text if layer.draft is None else layer.draft
        self.layer_text.disabled = not layer.editable

    def _layer_edited(self, text: str) -> None:
        try:
            self.session.edit_layer(self.layer_choice.value, text)
        except EndpointError as error:  # the text stays as typed; the layer keeps its options
            self.status.show(_status_html(Status("error", str(error))))
            return
        self.update()

    def _toggled(self, name: str) -> None:
        self.session.toggle(name)
        self.update()

    # --- layout ------------------------------------------------------------------------

    def _lay_out(self, operation: Operation | None) -> None:
        """One widget row per session row, described by the catalog's form."""
        self.operation = operation
        specs = dict(operation.form()) if operation is not None else {}
        self.rows.children = [self._row(name, value, specs.get(name))
                              for name, value in self.session.rows]  # fmt: skip
        self.about.value = _about(operation)

    def _row(self, name: str, value: str, spec: Parameter | None) -> Any:
        name_field = _NameText(
            name_shown(name), placeholder="name", layout=widgets.Layout(width="35%")
        )
        name_field.kept = name  # the page, and the notebook saved, show it as name_shown's
        # a secret's choices are no list on the page (its options are synced and saved): a
        # password field takes one, as the terminal explorer shows them hidden
        secret = shows_dots(name, "", editing=True)
        choices = list(spec.choices) if spec is not None and not secret else []
        value_field: Any
        if choices and (not value or value in choices):
            flexible = widgets.Layout(flex="1 1 auto", width="auto")
            # labels as shown (a token's shape hidden), the values as sent
            labels = [("", ""), *((masked_shapes(choice), choice) for choice in choices)]
            value_field = widgets.Dropdown(options=labels, value=value, layout=flexible)
        else:
            hint = spec.hint if spec is not None else VALUE_HINT
            value_field = Field(value, placeholder=hint, layout=widgets.Layout(flex="1 1 auto"))
        if spec is not None:
            about = f"{' · '.join(spec.facts)}\n{spec.description}".strip()
            value_field.set_trait("hint" if isinstance(value_field, Field) else "tooltip", about)
        remove = widgets.Button(icon="trash", layout=widgets.Layout(width="3em", flex="0 0 3em"))
        row = widgets.HBox([name_field, value_field, remove], layout=widgets.Layout(width="100%"))
        self._mask(row)
        name_field.observe(lambda _change: self._renamed(row), names="value")
        if isinstance(value_field, Field):
            value_field.on_typed(lambda _text: self._row_edited(row))
        else:
            value_field.observe(lambda _change: self._row_edited(row), names="value")
        remove.on_click(lambda _button: self._remove_row(row))
        return row

    def _renamed(self, row: Any) -> None:
        self._mask(row)
        self._row_edited(row)

    def _mask(self, row: Any) -> None:
        """A secret's value shows as dots, and is saved as dots: by its name always
        (a password field), by what it holds (a URL's ``user:password@``) while the
        field does not have the focus; unless secrets are revealed."""
        name, field = _name(row), row.children[1]
        if not isinstance(field, Field):  # a choice among documented values
            return
        field.redact_with(lambda value: row_shown(name, value))
        secret = shows_dots(name, "", editing=True)  # by its name alone
        field.kind = "password" if secret and not self.revealed else "text"
        field.hide_idle = not self.revealed

    def _show_layers(self) -> None:
        boxes = []
        for layer in self.session.layers:
            box = widgets.Checkbox(layer.enabled, description=layer.name, indent=False)
            box.observe(lambda _change, name=layer.name: self._toggled(name), names="value")
            boxes.append(box)
        self.layers.children = boxes
        self.layer_choice.options = [layer.name for layer in self.session.layers]
        self.layer_choice.value = self.session.layers[-1].name


class _NameText(widgets.Text):  # type: ignore[misc]
    """A row's name: ``value`` (synced, saved with the notebook) is the name as shown,
    a token's shape in it hidden (``name_shown``); ``kept`` is the name it stands for."""

    kept = ""


def _name(row: Any) -> str:
    """A row's name as the session has it: the one kept while the field shows it hidden,
    else the name typed."""
    field = row.children[0]
    kept = str(field.kept)
    return kept if kept and name_shown(kept) == field.value else str(field.value)


def _pair(row: Any) -> tuple[str, str]:
    return _name(row), str(row.children[1].value or "")


def _layer_names(session: Session) -> list[str]:
    return [f"{layer.name}{'' if layer.enabled else ' (off)'}" for layer in session.layers]
