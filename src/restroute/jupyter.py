"""The explorer in a notebook: a route, parameter rows and layers as widgets, results live.

>>> from restroute.jupyter import explore
>>> explorer = explore("GET /repos/{owner}/{repo}/issues")
>>> explorer.set_value("owner", "octocat")
>>> explorer.set_value("repo", "hello-world")
>>> explorer.status.value
'✓ <code>GET https://api.github.com/repos/octocat/hello-world/issues</code>'

Everything shown comes from one ``restroute.session.Session``, as in the terminal
explorer: the same layers, rows, catalog form, warnings and snippets. It needs
ipywidgets, the optional extra: ``pip install 'restroute[jupyter]'``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

try:
    import ipywidgets as widgets  # type: ignore[import-untyped]
except ImportError as missing:
    msg = "restroute.jupyter needs ipywidgets: pip install 'restroute[jupyter]'"
    raise ImportError(msg) from missing

from . import catalog, formats
from .catalog import Operation, Parameter
from .display import cascade_html, options_html
from .errors import EndpointError
from .profiles import Profile, load_profile
from .session import VALUE_HINT, Session, Status

__all__ = ["Explorer", "explore"]

TABS = ("Parsed", "Merged", "Explain", *(each.tab for each in formats.FORMATS))
STATUS_STYLE = {"ok": "", "warning": "color:#a60", "error": "color:#c00"}
STATUS_MARK = {"ok": "✓", "warning": "!", "error": "✗"}
HITS = 15


def explore(
    route: str | None = None, profile: str | Path | Sequence[str | Path] | None = None
) -> Explorer:
    """An explorer on ``route`` with the profiles given (a path, or several); it shows
    itself as the value of a notebook cell."""
    paths = [profile] if isinstance(profile, str | Path) else list(profile or ())
    return Explorer(route or "", [load_profile(path) for path in paths])


class Explorer:
    """The widgets and the session they edit; ``widget`` is the whole box."""

    def __init__(self, route: str = "", profiles: Sequence[Profile] = ()) -> None:
        self.session = Session(route, profiles)
        self.operation: Operation | None = None
        wide = widgets.Layout(width="100%")
        example = "METHOD URL, e.g. GET /users/{username}"
        self.route = widgets.Text(route, description="Route", layout=wide, placeholder=example)
        words = "GitHub's routes by words: create issue"
        self.search = widgets.Text(description="Find", placeholder=words)
        self.hits = widgets.Select(options=[], rows=6, layout=wide)
        self.rows = widgets.VBox()
        self.add = widgets.Button(description="add a row", icon="plus")
        self.reveal = widgets.ToggleButton(description="reveal secrets", icon="eye")
        self.layers = widgets.VBox()
        self.layer_choice = widgets.Dropdown(description="Layer TOML")
        self.layer_text = widgets.Textarea(layout=widgets.Layout(width="100%", height="8em"))
        self.status = widgets.HTML()
        self.about = widgets.HTML()
        self.tabs = {title: widgets.HTML() for title in TABS}
        results = widgets.Tab(children=list(self.tabs.values()), titles=list(self.tabs))
        inputs = widgets.VBox(
            [self.rows, self.add, self.about, self.layers, self.layer_choice, self.layer_text],
            layout=widgets.Layout(width="45%"),
        )
        outputs = widgets.VBox([self.reveal, results], layout=widgets.Layout(width="55%"))
        self.widget = widgets.VBox([self.route, self.status, self.search, self.hits,
                                    widgets.HBox([inputs, outputs])])  # fmt: skip
        self.route.observe(self._route_changed, names="value")
        self.search.observe(self._search_changed, names="value")
        self.hits.observe(self._hit_chosen, names="value")
        self.add.on_click(self._add_row)
        self.reveal.observe(self._revealed, names="value")
        self.layer_choice.observe(self._layer_shown, names="value")
        self.layer_text.observe(self._layer_edited, names="value")
        operation = self.session.operation() if route else None
        if operation is not None:
            self.session.choose(operation, keep_route=True)
        self._lay_out(operation)
        self._show_layers()
        self.update()

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> Any:
        """A notebook shows the widgets."""
        return self.widget._repr_mimebundle_(include=include, exclude=exclude)

    # --- state in, results out ------------------------------------------------------

    def update(self) -> None:
        """Show the session's view everywhere; never raises."""
        view = self.session.view(redact=not self.reveal.value)
        for row in self.rows.children:
            missing = row.children[0].value in view.missing
            row.children[0].style.text_color = "#c00" if missing else None
        self.status.value = _status_html(view.status)
        self.tabs["Parsed"].value = (
            options_html(view.parsed, redact=view.redact, snippets=False)
            if view.parsed is not None
            else ""
        )
        merged = view.merged if view.merged is not None else {}
        self.tabs["Merged"].value = _pre(json.dumps(merged, indent=2, default=repr))
        self.tabs["Explain"].value = cascade_html(view.cascade) if view.merged is not None else ""
        for each in formats.FORMATS:
            self.tabs[each.tab].value = _pre(view.snippet(each.name))

    def set_value(self, name: str, value: str) -> None:
        """Type ``value`` into the row named ``name``, as a user would."""
        for row in self.rows.children:
            if row.children[0].value != name:
                continue
            field = row.children[1]
            if isinstance(field, widgets.Dropdown) and value not in field.options:
                choices = ", ".join(option for option in field.options if option)
                msg = f"{name} is one of {choices} (or empty); {value!r} is not"
                raise EndpointError(msg)
            field.value = value
            return
        names = ", ".join(row.children[0].value for row in self.rows.children)
        msg = f"no row named {name!r}; the rows are: {names}"
        raise EndpointError(msg)

    def choose(self, operation: Operation) -> None:
        """Take a route from the catalog: its route, and its form as the rows."""
        self.session.choose(operation)
        self.route.unobserve(self._route_changed, names="value")
        self.route.value = operation.route
        self.route.observe(self._route_changed, names="value")
        self._lay_out(operation)
        self.update()

    # --- events ------------------------------------------------------------------------

    def _route_changed(self, change: dict[str, Any]) -> None:
        self.session.route = change["new"]
        operation = self.session.operation()
        self.session.set_form(operation)
        self._lay_out(operation)
        self.update()

    def _search_changed(self, change: dict[str, Any]) -> None:
        found = catalog.search(change["new"], limit=HITS)
        self.hits.options = [(f"{op.route}  ·  {op.summary}", op.id) for op in found]

    def _hit_chosen(self, change: dict[str, Any]) -> None:
        operation = catalog.find(change["new"] or "")  # None: nothing chosen
        if operation is not None:
            self.choose(operation)

    def _row_edited(self, _change: object = None) -> None:
        self.session.rows = [_pair(row) for row in self.rows.children]
        self.update()

    def _add_row(self, _button: object = None) -> None:
        self.rows.children = [*self.rows.children, self._row("", "", None)]

    def _remove_row(self, row: Any) -> None:
        self.rows.children = [each for each in self.rows.children if each is not row]
        self._row_edited()

    def _revealed(self, _change: object) -> None:
        self.update()

    def _layer_shown(self, change: dict[str, Any]) -> None:
        layer = self.session.layer(change["new"])
        self.layer_text.unobserve(self._layer_edited, names="value")
        self.layer_text.value = layer.text
        self.layer_text.disabled = not layer.editable
        self.layer_text.observe(self._layer_edited, names="value")

    def _layer_edited(self, change: dict[str, Any]) -> None:
        try:
            self.session.edit_layer(self.layer_choice.value, change["new"])
        except EndpointError as error:  # the text stays as typed; the layer keeps its options
            self.status.value = _status_html(Status("error", str(error)))
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
        name_field = widgets.Text(name, placeholder="name", layout=widgets.Layout(width="35%"))
        choices = list(spec.choices) if spec is not None else []
        if choices and (not value or value in choices):
            value_field = widgets.Dropdown(options=["", *choices], value=value)
        else:
            hint = spec.hint if spec is not None else VALUE_HINT
            value_field = widgets.Text(value, placeholder=hint)
        if spec is not None:
            value_field.tooltip = f"{' · '.join(spec.facts)}\n{spec.description}".strip()
        remove = widgets.Button(icon="trash", layout=widgets.Layout(width="3em"))
        row = widgets.HBox([name_field, value_field, remove])
        name_field.observe(self._row_edited, names="value")
        value_field.observe(self._row_edited, names="value")
        remove.on_click(lambda _button: self._remove_row(row))
        return row

    def _show_layers(self) -> None:
        boxes = []
        for layer in self.session.layers:
            box = widgets.Checkbox(layer.enabled, description=layer.name, indent=False)
            box.observe(lambda _change, name=layer.name: self._toggled(name), names="value")
            boxes.append(box)
        self.layers.children = boxes
        self.layer_choice.options = [layer.name for layer in self.session.layers]
        self.layer_choice.value = self.session.layers[-1].name


def _pair(row: Any) -> tuple[str, str]:
    name, value = row.children[0].value, row.children[1].value
    return str(name), str(value or "")


def _status_html(status: Status) -> str:
    more = f" (+{status.more} more)" if status.more else ""
    text = escape(status.text + more)
    if status.kind == "ok":
        return f"{STATUS_MARK['ok']} <code>{text}</code>"
    return f'<span style="{STATUS_STYLE[status.kind]}">{STATUS_MARK[status.kind]} {text}</span>'


def _pre(text: str) -> str:
    return f'<pre style="white-space:pre-wrap">{escape(text)}</pre>'


def _about(operation: Operation | None) -> str:
    if operation is None:
        return "<small>Find picks one of GitHub's routes; its parameters come with it.</small>"
    link = f'<a href="{escape(operation.docs_url)}" target="_blank">docs</a>'
    return f"<small><b>{escape(operation.id)}</b> · {escape(operation.summary)} · {link}</small>"
