"""The explorer app: wires the widgets to one Session and shows what it computes."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from textual import on, work
from textual.actions import SkipAction
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.command import CommandList, CommandPalette
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.timer import Timer
from textual.widgets import Input, OptionList, Static

from .. import catalog, formats
from ..catalog import Operation
from ..errors import EndpointError
from ..profiles import Profile
from ..session import SESSION, Session, Status, View
from .clipboard import copy
from .commands import ExplorerCommands, RouteCommands
from .messages import LayerEdited, LayerToggled, ParamFocused, RowsChanged
from .paging import page
from .screens.confirm import Confirm
from .screens.path_prompt import PathPrompt
from .screens.route_picker import RoutePicker
from .widgets.key_legend import KeyLegend
from .widgets.layers_panel import LayersPanel
from .widgets.param_help import ParamHelp
from .widgets.params_editor import ParamsEditor
from .widgets.results_view import ResultsView
from .widgets.route_bar import RouteBar

DESCRIBE_AFTER = 0.2  # seconds without a key in the route before the rows are re-described
STATUS_MARKS = {
    "ok": Content.styled("✓", "b green"),
    "warning": Content.styled("!", "b yellow"),
    "error": Content.styled("✗", "b red"),
}


class RestrouteApp(App[None]):
    """Route + parameters + layers of defaults -> the request, live."""

    TITLE = "restroute explorer"
    CSS_PATH = Path(__file__).with_name("app.tcss")  # absolute: subclasses live elsewhere
    COMMANDS = App.COMMANDS | {ExplorerCommands, RouteCommands}
    # priority: the focused Input / TextArea binds ctrl+d (delete right), f6 and f7 (select).
    BINDINGS = [
        Binding("f2", "pick_route", "Routes", id="pick-route", tooltip="Pick a GitHub route"),
        *(
            Binding(
                each.key,
                f"copy('{each.name}')",
                each.tab,
                id=f"copy-{each.name}",
                tooltip=f"Copy as {each.label}",
                priority=True,
            )
            for each in sorted(formats.FORMATS, key=lambda each: each.key)
        ),
        Binding("ctrl+r", "toggle_reveal", "Reveal", id="reveal", tooltip="Reveal secrets"),
        Binding("ctrl+n", "add_row", "Add param", id="add-row"),
        Binding("ctrl+d", "delete_row", "Del param", id="delete-row", priority=True),
        Binding("ctrl+o", "load_profile", "Load profile", id="load-profile"),
        Binding("ctrl+s", "save_profile", "Save", id="save-profile"),
        Binding("f1", "help", "Help", id="help"),
        # Textual 8.2.8 (the newest release) raises KeyError in OptionList._move_page when
        # pageup/pagedown reach a list not laid out yet (ctrl+p then pageup at once); a
        # plain Textual app crashes the same way. A workaround: see paging.py.
        Binding("pageup", "page(-1)", show=False, priority=True),
        Binding("pagedown", "page(1)", show=False, priority=True),
    ]

    def __init__(self, route: str = "", profiles: Sequence[Profile] = ()) -> None:
        super().__init__()
        self.session = Session(route, profiles)
        self.revealed = False
        self.view: View | None = None  # what the session showed after the last edit
        self.catalog_ready = False  # loaded in a worker after the first frame
        self.operation: Operation | None = None  # the catalog's entry for the route
        self._laying_out = False
        self._describe_timer: Timer | None = None
        self._layouts = 0  # forms laid out so far: a late half of an older one is dropped
        if route:  # asked for at start: worth the catalog's 10 ms before the first frame
            self.operation = self.session.operation()
            self.catalog_ready = True
            if self.operation is not None:  # its form, under the route as it was typed
                self.session.choose(self.operation, keep_route=True)

    def compose(self) -> ComposeResult:
        yield RouteBar(self.session.route)
        yield Static("", id="status")
        with Horizontal(id="body"):
            with Vertical(id="inputs"):
                yield ParamsEditor(id="params")
                yield ParamHelp(id="param-help")
                yield LayersPanel(self.session.layers, id="layers")
            yield ResultsView(id="results")
        yield KeyLegend(self.BINDINGS)  # type: ignore[arg-type]

    def on_mount(self) -> None:
        editor = self.query_one(ParamsEditor)
        placeholders = self.session.placeholders()
        if self.operation is not None:
            editor.specs = dict(self.operation.form())
            # The route's own placeholders now; the rest of the form after the first frame,
            # appended below them (about 0.1 s of widgets for a form of 16 rows).
            rows = self.session.rows
            first = next((at for at, (name, _) in enumerate(rows) if name not in placeholders),
                         len(rows))  # fmt: skip
            editor.add_rows(rows[:first], placeholders)
            self.call_after_refresh(self._add_the_rest, rows[first:], placeholders, self._layouts)
            self.query_one(ParamHelp).show(self.operation)
        editor.show_placeholders(placeholders)
        self.query_one(RouteBar).focus()
        self.call_after_refresh(self.update_results)
        self.call_after_refresh(self.load_catalog)

    # --- the catalog ------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="catalog")
    def load_catalog(self) -> None:
        """Load the route catalog and its search index off the first frame's path."""
        catalog.search("x")
        self.call_from_thread(self._catalog_loaded)

    def _catalog_loaded(self) -> None:
        self.catalog_ready = True
        if self._widgets_gone():
            return
        self._follow_route()
        self.update_results()

    def _widgets_gone(self) -> bool:
        """The app is closing: a timer or the catalog worker may still call in."""
        return not self.query(ParamsEditor)

    def _follow_route(self) -> None:
        """Describe the rows by the catalog's entry for the route, when it changes."""
        operation = self.session.operation() if self.catalog_ready else None
        if operation is self.operation or self._widgets_gone():
            return
        self.operation = operation
        self.query_one(ParamsEditor).describe(dict(operation.form()) if operation else {})
        self.query_one(ParamHelp).show(operation)

    def _add_the_rest(
        self, rows: list[tuple[str, str]], placeholders: list[str], layout: int
    ) -> None:
        """The rest of the starting form, unless another form was laid out meanwhile."""
        if layout == self._layouts:
            self.query_one(ParamsEditor).add_rows(rows, placeholders)

    async def choose(self, operation: Operation | None) -> None:
        """Take a route picked from the catalog: the route bar, and its form as the rows."""
        if operation is None:
            return
        self._layouts += 1
        self.session.choose(operation)
        self._laying_out = True  # the route bar's edit below is this one, not the user's
        self.query_one(RouteBar).value = operation.route
        self._laying_out = False
        self.operation = operation
        editor = self.query_one(ParamsEditor)
        editor.specs = dict(operation.form())
        await editor.show_form(self.session.rows, self.session.placeholders())
        self.query_one(ParamHelp).show(operation)
        self.update_results()
        rows = editor.query(".param-value")
        if rows:
            rows.first().focus()

    # --- state in, results out -------------------------------------------------------

    def update_results(self) -> None:
        """Recompute from the session and show it everywhere; never raises."""
        self.view = view = self.session.view(redact=not self.revealed, catalog=self.catalog_ready)
        self.query_one(ResultsView).show(view)
        self.query_one(ParamsEditor).mark_missing(view.missing)
        self._status(view.status)

    def _status(self, status: Status) -> None:
        line = self.query_one("#status", Static)
        more = Content.styled(f" (+{status.more} more)", "dim") if status.more else ""
        # Content, never markup: the text quotes what the user typed ("[/x]" and all).
        text = Content.assemble(STATUS_MARKS[status.kind], " ", status.text, more)
        line.update(text, layout=False)  # a fixed-height line: no layout of the screen
        line.set_class(status.kind == "error", "-error")

    def live_edit(self, field: Input) -> None:
        """The route or a parameter row changed (called in the keystroke's own turn)."""
        if self._laying_out:
            return
        if isinstance(field, RouteBar):
            self.session.route = field.value
            # Re-describing every row costs ~10 ms and flips on each key while a route is
            # typed: it waits for a pause in the typing; the results do not.
            if self._describe_timer is not None:
                self._describe_timer.stop()
            self._describe_timer = self.set_timer(DESCRIBE_AFTER, self._follow_route)
            self.query_one(ParamsEditor).show_placeholders(self.session.placeholders())
        else:
            editor = self.query_one(ParamsEditor)
            self.session.rows = editor.rows
            if field.has_class("param-name"):  # a row renamed: described by its new name
                spec = editor.specs.get(field.value)
                editor.describe_row_of(field, spec)
                self.query_one(ParamHelp).show(self.operation, field.value, spec)
        self.update_results()

    @on(RowsChanged)
    def _rows_changed(self, message: RowsChanged) -> None:
        # The rows as they are now: a key queued behind the change may have edited one since.
        self.session.rows = self.query_one(ParamsEditor).rows
        self.update_results()

    @on(ParamFocused)
    def _param_focused(self, message: ParamFocused) -> None:
        self.query_one(ParamHelp).show(self.operation, message.name, message.spec)

    @on(LayerToggled)
    def _layer_toggled(self, message: LayerToggled) -> None:
        self.session.toggle(message.name)
        self.update_results()

    @on(LayerEdited)
    def _layer_edited(self, message: LayerEdited) -> None:
        try:
            self.session.edit_layer(message.name, message.text)
        except EndpointError as error:
            # The text stays as typed; the layer keeps its last options.
            self._status(Status("error", str(error)))
            return
        self.update_results()

    # --- actions ------------------------------------------------------------------------

    def action_copy(self, format: str) -> None:
        view = self.view or self.session.view(redact=not self.revealed)
        text = view.snippet(format)
        if view.refused(format):
            self.notify(f"Nothing copied: {text}", severity="error", markup=False)
            return
        how = copy(self, text)
        secrets = "secrets redacted" if view.redact else "secrets shown"
        first = text.splitlines()[0] if text else ""
        label = formats.find(format).label
        self.notify(f"Copied {label} {how}, {secrets}:\n{first} …", markup=False)

    def action_toggle_reveal(self) -> None:
        self.revealed = not self.revealed
        self.notify("Secrets shown" if self.revealed else "Secrets redacted")
        self.update_results()

    def action_add_row(self) -> None:
        # The row focuses its name once it is composed: a key queued behind ctrl+n (F2
        # opening the picker) can come before that.
        self.query_one(ParamsEditor).add_row(focus=True)

    def action_delete_row(self) -> None:
        editor = self.query_one(ParamsEditor)
        if not editor.remove_focused_row():
            self.notify("Focus a parameter row to delete it", severity="warning")
            return
        # A placeholder's row comes back empty: the route still needs its value.
        self.call_after_refresh(editor.show_placeholders, self.session.placeholders())

    def action_pick_route(self) -> None:
        self.push_screen(RoutePicker(), self.choose)

    def action_help(self) -> None:
        from .screens.help_screen import HelpScreen  # Markdown loads when help is asked for

        self.push_screen(HelpScreen())

    def action_page(self, direction: int) -> None:
        """pageup/pagedown in the command palette or a focused option list: paged by
        ``paging.page``, which survives a list not laid out yet (Textual 8.2.8 raises
        KeyError there; a workaround, not a pinned version: see paging.py). Other widgets
        (a TextArea, the route picker, a Select: ``Choice``) get the key as before."""
        listing: OptionList | None = None
        if isinstance(self.screen, CommandPalette):  # the palette pages its CommandList
            listing = next(iter(self.screen.query(CommandList)), None)
        elif isinstance(self.focused, OptionList):  # the layer list, the picker's list
            listing = self.focused
        if listing is None:
            raise SkipAction()
        page(listing, direction)

    def action_load_profile(self) -> None:
        self.push_screen(PathPrompt("Load a profile (TOML):"), self._load)

    def action_save_profile(self) -> None:
        self.push_screen(PathPrompt("Save the session layer as:", "session.toml"), self._save)

    def load(self, path: str) -> bool:
        """Stack the profile at ``path`` under the session layer; False when it fails."""
        try:
            layer = self.session.open_profile(path)
        except EndpointError as error:
            self.notify(str(error), severity="error", markup=False)
            return False
        self.query_one(LayersPanel).refresh_layers(self.session.layers, show=layer.name)
        for warning in layer.warnings:
            self.notify(warning, severity="warning", markup=False)
        self.update_results()
        return True

    def _load(self, path: str | None) -> None:
        if path:
            self.load(path)

    def _save(self, path: str | None) -> None:
        """Save the session layer to ``path``; over a file or through a link only once the
        user says so."""
        if not path:
            return
        try:
            draft = self.query_one(LayersPanel).draft(SESSION)
            if draft is not None:  # what is on screen, or an error saying what is wrong
                self.session.edit_layer(SESSION, draft)
        except EndpointError as error:
            self.notify(str(error), severity="error", markup=False)
            return
        question = _overwrite_question(path)
        if question is None:
            self._write(path)
        else:
            self.push_screen(Confirm(question), lambda yes: self._write(path) if yes else None)

    def _write(self, path: str) -> None:
        try:
            written = self.session.save_layer(SESSION, Path(path))
        except EndpointError as error:
            self.notify(str(error), severity="error", markup=False)
            return
        message = f"Saved the session layer to {written} (secrets left as ${{VAR}})"
        self.notify(message, markup=False)


def _overwrite_question(path: str) -> str | None:
    """What to ask before saving to ``path`` (None: nothing there to lose)."""
    try:
        target = Path(path)
        if target.is_symlink():
            real = os.path.realpath(target)
            return f"{path} is a link to {real}: write {real}? y/n"
        if target.exists() and not target.is_dir():
            return f"overwrite {path}? y/n"
    except (OSError, ValueError):  # the write itself says what is wrong with the path
        return None
    return None
