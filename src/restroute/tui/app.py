"""The explorer app: wires the widgets to one Session and shows what it computes."""

from __future__ import annotations

import contextlib
import gc
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal

from textual import events, on, work
from textual.actions import SkipAction
from textual.app import App, ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.command import CommandList, CommandPalette
from textual.containers import Horizontal
from textual.content import Content
from textual.dom import DOMNode
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import AwaitMount, Widget
from textual.widgets import Input, OptionList, SelectionList
from textual.worker import get_current_worker

from .. import catalog, formats
from ..catalog import Catalog, Operation
from ..errors import EndpointError
from ..profiles import Profile
from ..session import SESSION, Session, View
from .clipboard import copy
from .commands import ExplorerCommands, RouteCommands
from .messages import LayerEdited, LayerToggled, ParamFocused, RequestPasted, RowsChanged
from .paging import page
from .screens.painting import PaintingScreen, repaint_now
from .widgets.key_legend import KeyLegend
from .widgets.layers_panel import LayersPanel
from .widgets.param_help import ParamHelp
from .widgets.params_editor import ParamsEditor
from .widgets.results_view import ResultsView
from .widgets.route_bar import RouteBar
from .widgets.status_line import StatusLine
from .widgets.tab_bar import TabBar

DESCRIBE_AFTER = 0.2  # seconds without a key in the route before the catalog's form is read
ON_THE_FORM = frozenset({"add_row", "attach", "panel", "pick_route", "problems"})
WIDE = 150  # columns from which layers get a column of their own (and the tabs still fit)
SHORT = 30  # rows below which the "GitHub says" panel gives its lines to the form
# ctrl+r goes round these: how the screen and the copies show secrets, said on screen
# for as long as it is not the default.
Mode = Literal["redact", "env", "reveal"]
MODES: tuple[Mode, ...] = ("redact", "env", "reveal")
MODE_NOTES = {
    "redact": ("Secrets redacted", Content("")),
    "env": (
        "Secrets as environment references: snippets read $VAR when run",
        Content.styled(" SECRETS AS $VAR · ctrl+r ", "b reverse $accent"),
    ),
    "reveal": (
        "Secrets shown, on screen and in copies",
        Content.styled(" SECRETS SHOWN · ctrl+r hides ", "b reverse $warning"),
    ),
}


class RestrouteApp(App[None]):
    """Route + parameters + layers of defaults -> the request, live."""

    TITLE = "restroute explorer"
    CSS_PATH = Path(__file__).with_name("app.tcss")  # absolute: subclasses live elsewhere
    COMMANDS = App.COMMANDS | {ExplorerCommands, RouteCommands}
    # priority: the focused Input / TextArea binds ctrl+d (delete right), f6 and f7 (select).
    # Keys that move the focus or open a screen are priority bindings: the app runs them
    # as they arrive, before it hands the keys typed after them to the focused field. A
    # plain binding runs only once the focused field passes the key up, and keys typed
    # after Tab in a burst landed in the field Tab was leaving ("hello-worldI").
    BINDINGS = [
        Binding("tab", "focus_next", show=False, priority=True),
        Binding("shift+tab", "focus_previous", show=False, priority=True),
        Binding("f1", "help", "Help", id="help"),
        Binding(
            "f2",
            "pick_route",
            "Routes",
            id="pick-route",
            tooltip="Pick a GitHub route",
            priority=True,
        ),
        Binding("f3", "problems", "Problems", id="problems", priority=True),
        Binding(
            "f4", "attach", "File", id="attach", tooltip="Send a file as the body", priority=True
        ),
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
        Binding(
            "f9",
            "switch_catalog",
            "API",
            id="switch-catalog",
            tooltip="Switch the API: an OpenAPI description, or GitHub's",
            priority=True,
        ),
        Binding("ctrl+r", "toggle_reveal", "Reveal", id="reveal", tooltip="Reveal secrets"),
        Binding("ctrl+n", "add_row", "Add", id="add-row", priority=True),
        # A browser keeps ctrl+n and ctrl+t (a new window, a new tab) from the page: in a
        # tab (restroute serve) alt+n and alt+t do the same; a terminal passes both on.
        Binding("alt+n", "add_row", show=False, priority=True),
        Binding("ctrl+d", "delete_row", "Del", id="delete-row", priority=True),
        Binding("ctrl+z", "undo", "Undo", id="undo", priority=True),
        Binding("enter", "route_entered", show=False, priority=True),
        Binding("ctrl+l", "panel('route')", "Route", id="to-route", priority=True),
        Binding("ctrl+g", "panel('form')", "Form", id="to-form", priority=True),
        Binding("ctrl+t", "panel('layers')", "Layers", id="to-layers", priority=True),
        Binding("alt+t", "panel('layers')", show=False, priority=True),
        Binding("ctrl+f", "panel('results')", "Results", id="to-results", priority=True),
        Binding("ctrl+o", "load_profile", "Load", id="load-profile"),
        Binding("ctrl+s", "save_profile", "Save", id="save-profile"),
        # Textual 8.2.8 (the newest release) raises KeyError in OptionList._move_page when
        # pageup/pagedown reach a list not laid out yet (ctrl+p then pageup at once); a
        # plain Textual app crashes the same way. A workaround: see paging.py.
        Binding("pageup", "page(-1)", show=False, priority=True),
        Binding("pagedown", "page(1)", show=False, priority=True),
    ]

    def __init__(
        self,
        route: str = "",
        profiles: Sequence[Profile] = (),
        values: Sequence[tuple[str, str]] = (),
        catalog: str | None = None,
    ) -> None:
        super().__init__()
        # Scrolls jump, they do not glide: a key's page is there in its own frame. Under
        # load (two busy cores) the tmux jobs test saw Home and PageDown in the results
        # leave the screen as it was, one run in three, while scrolls were animated.
        self.animation_level = "none"
        self.session = Session(route, profiles)
        self.secrets: Mode = "redact"
        self.view: View | None = None  # what the session showed after the last edit
        self.catalog_ready = False  # loaded in a worker after the first frame
        self.operation: Operation | None = None  # the catalog's entry for the route
        self._laying_out = False  # the form is being shown: its edits are not the user's
        self._collect_when_ready = False  # run() paused the garbage collector
        self._describe_timer: Timer | None = None
        self._update_due = False  # an update is queued behind the keys already typed
        self._frames_held = contextlib.ExitStack()  # no frame until that update is done
        self._route_edited = False  # the route changed since the form was last laid out
        self._kept: tuple[Widget, ...] = ()  # widgets whose loss means the app is closing
        self._route_bar: RouteBar | None = None  # asked at every binding's check: kept
        # The API to load: asked for, else the last profile's, else GitHub's (None).
        source = catalog or next((p.catalog for p in reversed(profiles) if p.catalog), None)
        self.catalog_source = None if source in (None, "github") else source
        if route and self.catalog_source is None:  # worth GitHub's 10 ms before the first frame
            self.operation = self.session.operation()
            self.catalog_ready = True
            if self.operation is not None:  # its form, under the route as it was typed
                self.session.choose(self.operation, keep_route=True)
        self.session.fill(values)
        self.session.forget()  # the form as it opens: undo goes no further back

    def compose(self) -> ComposeResult:
        # Textual styles the app itself only after composing it, and each widget keeps
        # the look it worked out at mount: without the app's colours, its text was the
        # colour of its background until the whole screen was styled again (20 ms).
        self.stylesheet.apply(self)
        yield RouteBar(self.session.route)
        yield StatusLine(id="status-line")
        with Horizontal(id="body", classes=" ".join(_fitting(self.size.width, self.size.height))):
            yield ParamsEditor(id="params")
            yield LayersPanel(self.session.layers, id="layers")
            yield ResultsView(id="results")
            yield ParamHelp(id="param-help")
        yield KeyLegend(self.BINDINGS)  # type: ignore[arg-type]

    def pop_screen(self) -> AwaitComplete:
        """Never the explorer's own screen. Textual's command palette, sent enter twice
        at once (the second before its search is done), dismisses itself twice, and the
        second pop took the explorer's screen: ScreenStackError closed the app (found by
        the adversary in tmux)."""
        if len(self.screen_stack) <= 1:
            return AwaitComplete()
        return super().pop_screen()

    def run(self, **kwargs: Any) -> None:
        """Textual's, with the cyclic garbage collector paused until the first frame.

        Starting makes tens of thousands of objects that live on, and the collector ran
        100 times over them (35-45 ms, a tenth of the first frame); paused, it runs
        after the first frame, when it has time."""
        collecting = gc.isenabled()
        self._collect_when_ready = collecting
        gc.disable()
        try:
            return super().run(**kwargs)
        finally:
            if collecting:
                gc.enable()

    def on_ready(self) -> None:
        if self._collect_when_ready:
            gc.enable()

    def get_default_screen(self) -> Screen[None]:
        return PaintingScreen(id="_default")

    def update_styles(self, node: DOMNode, animate: bool = True) -> None:
        # Textual restyles a widget whose classes change even before it is mounted, and
        # mounting styles it anyway: each Input made compact was styled twice.
        if node is self or node.is_attached:
            super().update_styles(node, animate)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Paste) and not event.is_forwarded:
            focused = self.focused
            if isinstance(focused, RouteBar):
                focused.expect(event)  # before the keys after it reach their bindings
        await super().on_event(event)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The form's keys work on the explorer's own screen; over the help, a prompt or
        the route picker they are that screen's keys (ctrl+n, ctrl+f ... in its field)."""
        if self._route_bar is not None and self._route_bar.holding:
            return False  # its key goes to the route bar, held until the paste is read
        if action in ON_THE_FORM:
            return self.screen is self.default_screen
        return True

    def on_mount(self) -> None:
        editor = self.query_one(ParamsEditor)
        self._kept = (  # every widget an update touches: any may go first at teardown
            editor,
            self.query_one(ParamHelp),
            self.query_one(ResultsView),
            self.query_one("#status"),
            self.query_one(LayersPanel),
            self.query_one(RouteBar),
        )
        self._route_bar = self.query_one(RouteBar)
        editor.hints = self._hint
        if self.operation is not None:
            editor.specs = dict(self.operation.form())
            self.query_one(ParamHelp).show(self.operation)
        self._show_form()
        self._fit(self.size.width, self.size.height)
        self.query_one(RouteBar).focus()
        self.update_results()  # in the first frame: the form and the request together
        self.call_after_refresh(self.load_catalog)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        """The layout for the terminal's size: layers in a column of their own when wide,
        beside the form otherwise; no "GitHub says" panel when short."""
        body = self.query_one("#body")
        fitting = _fitting(width, height)
        body.set_class("-wide" in fitting, "-wide")
        body.set_class("-short" in fitting, "-short")

    # --- the catalog ------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="catalog")
    def load_catalog(self) -> None:
        """Load the route catalog and its search index off the first frame's path: GitHub's,
        or the description asked for (a large one takes a second: the route bar says so)."""
        source, worker = self.catalog_source, get_current_worker()
        if source is not None:
            self.call_from_thread(self._catalog_loading, source)
        try:
            if source is not None:  # read in a process of its own, then load it warm
                catalog.compile_apart(source, lambda: worker.is_cancelled)
            api = catalog.load(source or "github").prepare()  # its indexes too, not at a key
        except EndpointError as error:
            outcome: tuple[Callable[[Any], None], object] = (self._catalog_failed, str(error))
        except Exception as error:  # a bug's, or no memory left: said, and nothing is lost
            said = f"{source}: could not be read ({type(error).__name__}: {error})"
            outcome = (self._catalog_failed, said[:300])
        else:
            outcome = (self._catalog_loaded, api)
        # A load asked for since (F9 again) cancelled this one, which still ran to its end:
        # its catalog, arriving last, took the place of the one asked for (the adversary).
        if not worker.is_cancelled:
            self.call_from_thread(*outcome)

    def _catalog_loading(self, source: str) -> None:
        if not self._widgets_gone():
            self._route_title(f"loading {os.path.basename(source)}…")

    def _catalog_failed(self, error: str) -> None:
        kept = self.session.catalog  # the API in use before: its routes stay
        self.catalog_source = None if kept is catalog.load("github") else kept.name
        if self._widgets_gone():
            return
        self.notify(f"{error}; the routes of {kept.label} are kept", severity="error",
                    markup=False)  # fmt: skip
        self._catalog_loaded(kept)

    def _catalog_loaded(self, api: Catalog) -> None:
        self.catalog_ready = True
        if self._widgets_gone():
            return
        switched = api is not self.session.catalog
        if switched:
            self.session.use_catalog(api)
        self.query_one(RouteBar).completer.use(api)
        self._route_title(_api_name(api))
        self._follow_catalog(anew=switched)
        self.update_results()
        _keep_out_of_collections()

    def _route_title(self, text: str) -> None:
        """The route bar's title: which API, product and version it knows."""
        self.query_one(RouteBar).border_title = RouteBar.BORDER_TITLE + (
            f" · {text}" if text else ""
        )

    def action_switch_catalog(self) -> None:
        from .screens.path_prompt import PathPrompt

        prompt = PathPrompt(
            "Switch the API: an OpenAPI description's path (JSON or YAML), or github, ghec, "
            "ghes-3.19, github@2026-03-10 ...:",
            self.catalog_source or "",
            placeholder="path/to/openapi.yaml, or github",
        )
        self.push_screen(prompt, self._switch)

    def _switch(self, source: str | None) -> None:
        if not source:
            return
        self.catalog_source = None if source == "github" else source
        self.catalog_ready = False
        self.load_catalog()

    def _widgets_gone(self) -> bool:
        """The app is closing: a timer, the catalog worker or a widget's last message
        may still call in. (A DOM query here cost 4 ms a keystroke; the widgets' links
        to the app are a few steps.)"""
        widgets = self._kept
        return not widgets or not all(widget.is_attached for widget in widgets)

    def _follow_catalog(self, *, anew: bool = False) -> None:
        """Take the catalog's form for the route as typed, when it changes (``anew``:
        the catalog changed, so the form is laid out again even with no operation)."""
        operation = self.session.operation() if self.catalog_ready else None
        if (operation is self.operation and not anew) or self._widgets_gone():
            return
        self.operation = operation
        self.session.set_form(operation)
        editor = self.query_one(ParamsEditor)
        editor.specs = dict(operation.form()) if operation else {}
        self._show_form()  # rows that became the route's own, or stopped being, come anew
        editor.describe(editor.specs)  # the others keep their values and their focus
        self.query_one(ParamHelp).show(operation)
        self._update_soon()

    def _show_form(self) -> AwaitMount | None:
        """Show the session's rows in the form (their values too, quietly)."""
        session = self.session
        laid_out = [session.is_laid_out(index) for index in range(len(session.rows))]
        self._laying_out = True
        try:
            return self.query_one(ParamsEditor).show(session.rows, laid_out)
        finally:
            self._laying_out = False

    def _hint(self, name: str) -> str:
        """A value's placeholder: the file attached (for data), what a layer gives it
        (``100 · teaching``), else empty for the catalog's hint."""
        if name == "data" and self.session.attachment is not None:
            return f"{self.session.attachment.label} (F4)"
        given = self.session.layer_default(name, redact=not self.revealed)
        if given is None or not given[0]:  # the built-in "" format says nothing
            return ""
        return f"{given[0]} · {given[1]}"

    async def choose(self, operation: Operation | None) -> None:
        """Take a route picked from the catalog: the route bar, and its form as the rows,
        focused on the first value to fill."""
        if operation is None:
            return
        dropped = self.session.choose(operation)
        self._set_route(operation.route)
        self.operation = operation
        editor = self.query_one(ParamsEditor)
        editor.specs = dict(operation.form())
        await editor.clear()  # a new form: no row, scroll or focus of the old one
        mounting = self._show_form()
        if mounting is not None:
            await mounting
        editor.scroll_home(animate=False)
        self.query_one(ParamHelp).show(operation)
        self.update_results()
        self._focus_first_value()
        if dropped:
            names = ", ".join(f"{name}={value}" for name, value in dropped)
            self.notify(f"Dropped what {operation.id} does not take: {names} (ctrl+z brings "
                        "it back)", severity="warning", markup=False)  # fmt: skip

    @on(RequestPasted)
    async def _request_pasted(self, message: RequestPasted) -> None:
        await self.paste_request(message.text)

    async def paste_request(self, text: str) -> None:
        """Read a pasted request back: its route in the route bar, its operation's form
        with the values and headers as the rows, and the Pasted tab showing what each
        part became. Text that cannot be read changes nothing, and the app says why."""
        try:
            await self._read_paste(text)
        finally:  # what was typed while it was read arrives after it, where focus is now
            bar = self.query_one(RouteBar)
            arriving = bar.release()
            for at, event in enumerate(arriving):
                await self.on_event(event)
                if bar.holding:  # a paste that came meanwhile is read next: the rest waits
                    bar.hold(arriving[at + 1 :])
                    break

    async def _read_paste(self, text: str) -> None:
        try:
            found = self.session.paste(text)
        except EndpointError as error:
            self.notify(f"Not read: {error}", severity="error", markup=False)
            return
        self._set_route(self.session.route)
        self.operation = found.operation
        editor = self.query_one(ParamsEditor)
        editor.specs = dict(found.operation.form()) if found.operation else {}
        await editor.clear()
        mounting = self._show_form()
        if mounting is not None:
            await mounting
        editor.scroll_home(animate=False)
        self.query_one(ParamHelp).show(found.operation)
        self.query_one(ResultsView).active = "pasted"
        self.update_results()
        what = found.operation.id if found.operation else "no documented route"
        said = f"Pasted request read as {what}: {len(self.session.rows)} rows"
        if found.warnings:
            count = len(found.warnings)
            said += f", {count} warning{'s' * (count > 1)} (Pasted tab)"
        self.notify(said, markup=False, severity="warning" if found.warnings else "information")

    def _set_route(self, route: str) -> None:
        """Show ``route`` in the route bar, without it counting as typed."""
        bar = self.query_one(RouteBar)
        self._laying_out = True
        try:
            bar.value = route
            bar.cursor_position = len(route)  # a key typed next goes after it, not inside
        finally:
            self._laying_out = False

    def _focus_first_value(self) -> None:
        """The first empty required value, else the first empty field to type in (a
        choice would take typed letters as a search), else the first."""
        editor = self.query_one(ParamsEditor)
        rows = editor.row_widgets()
        empty = [at for at, row in enumerate(rows) if not row.pair[1]]
        required = [at for at in empty if getattr(rows[at].spec, "required", False)]
        typed = [at for at in empty if rows[at].takes_text]
        at = (required or typed or [0])[0]
        editor.focus_row(at)

    # --- state in, results out -------------------------------------------------------

    def update_results(self) -> None:
        """Recompute from the session and show it everywhere; never raises."""
        self._update_due = False
        if self._route_edited:  # the rows a route laid out follow it, once per burst
            self._route_edited = False
            self.session.follow_route()
            self._show_form()
        self.view = view = self.session.view(secrets=self.secrets, catalog=self.catalog_ready)
        results = self.query_one(ResultsView)
        self.query_one(ParamsEditor).mark_missing(view.missing)
        status = self.query_one(StatusLine).show(view.status)
        repaint_now(self.screen, (*results.show(view), status))  # with the key's echo

    def _update_soon(self) -> None:
        """Update once the keys already queued are in: a paste or a burst of keys is one
        update, and a single key is updated at once (nothing queued behind it). Frames
        wait for it, so a key's echo and its results are painted together: Textual paints
        the next frame 17 to 33 ms after the last."""
        if not self._update_due:
            self._update_due = True
            self._frames_held.enter_context(self.batch_update())
            self.call_later(self._update_if_due)

    def _update_if_due(self) -> None:
        try:
            if self._update_due and not self._widgets_gone():
                self.update_results()
        finally:
            self._frames_held.close()

    def live_edit(self, field: Input) -> None:
        """The route or a parameter row changed (called in the keystroke's own turn)."""
        if self._laying_out:
            return
        if isinstance(field, RouteBar):
            if field.value != self.session.route:
                self.session.route = field.value
                self._route_edited = True
                # Reading the catalog's form costs ~10 ms and flips on each key while a
                # route is typed: it waits for a pause in the typing; the results do not.
                if self._describe_timer is not None:
                    self._describe_timer.stop()
                self._describe_timer = self.set_timer(DESCRIBE_AFTER, self._follow_catalog)
        else:
            editor = self.query_one(ParamsEditor)
            editor.edited(field)
            self.session.edit_rows(editor.rows, field)
            if field.has_class("param-name"):  # a row renamed: described by its new name
                spec = editor.specs.get(field.value)
                row = editor.row_of(field)
                if row is not None:
                    row.describe(spec)
                    row.hint(self._hint(field.value))  # what a layer gives the new name
                self.query_one(ParamHelp).show(self.operation, field.value, spec)
        self._update_soon()

    def action_route_entered(self) -> None:
        """enter in the route: to the first value to fill (elsewhere, enter as it was)."""
        if not isinstance(self.focused, RouteBar) or self.screen is not self.default_screen:
            raise SkipAction()
        self.action_panel("form")

    @on(RowsChanged)
    def _rows_changed(self, message: RowsChanged) -> None:
        # The rows as they are now: a key queued behind the change may have edited one since.
        if not self._laying_out and not self._widgets_gone():
            self.session.edit_rows(self.query_one(ParamsEditor).rows, message.field)
            self._update_soon()

    @on(ParamFocused)
    def _param_focused(self, message: ParamFocused) -> None:
        if not self._widgets_gone():  # a focus change can arrive as the app closes
            self.query_one(ParamHelp).show(self.operation, message.name, message.spec)

    @on(LayerToggled)
    def _layer_toggled(self, message: LayerToggled) -> None:
        self.session.toggle(message.name)
        self.query_one(LayersPanel).refresh_layers(self.session.layers)
        self.query_one(ParamsEditor).refresh_hints()
        self.update_results()

    @on(LayerEdited)
    def _layer_edited(self, message: LayerEdited) -> None:
        # Refused TOML stays as typed, and a problem of every view until it is fixed.
        with contextlib.suppress(EndpointError):
            self.session.edit_layer(message.name, message.text)
        self.query_one(ParamsEditor).refresh_hints()
        self.update_results()

    # --- actions ------------------------------------------------------------------------

    def action_copy(self, format: str) -> None:
        view = self.view or self.session.view(secrets=self.secrets)
        text = view.snippet(format)
        if view.refused(format):
            self.notify(f"Nothing copied: {text}", severity="error", markup=False)
            return
        how = copy(self, text)
        secrets = {"redact": "secrets redacted", "env": "secrets as $VAR"}.get(
            view.secrets, "secrets shown"
        )
        first = text.splitlines()[0] if text else ""
        label = formats.find(format).label
        notes = "".join(f"\n{note}" for note in view.env_notes) if view.secrets == "env" else ""
        self.notify(f"Copied {label} {how}, {secrets}:\n{first} …{notes}", markup=False)

    def action_toggle_reveal(self) -> None:
        """ctrl+r: redacted, then as environment references, then shown, then redacted."""
        self.secrets = MODES[(MODES.index(self.secrets) + 1) % len(MODES)]
        note, banner = MODE_NOTES[self.secrets]
        self.notify(note)
        self.query_one(StatusLine).banner(banner)
        self.query_one(LayersPanel).reveal(self.revealed)
        self.query_one(ParamsEditor).reveal(self.revealed)
        self.query_one(ParamsEditor).refresh_hints()
        self.update_results()

    @property
    def revealed(self) -> bool:
        return self.secrets == "reveal"

    def action_problems(self) -> None:
        self.query_one(ResultsView).active = "problems"

    async def action_add_row(self) -> None:
        self.session.edit_rows([*self.session.rows, ("", "")], field=None)
        mounting = self._show_form()
        if mounting is not None:  # keys typed after ctrl+n wait for it: they go in the name
            await mounting
        self.query_one(ParamsEditor).focus_row(len(self.session.rows) - 1, name=True)
        self.update_results()

    def action_delete_row(self) -> None:
        """ctrl+d: delete the focused row (the route's own rows are emptied), focus the
        next; in any other text field, delete the character right of the cursor."""
        editor = self.query_one(ParamsEditor)
        index = editor.focused_index()
        if index is None:
            focused = self.focused
            toml = self.query_one(LayersPanel).made_editor
            if isinstance(focused, Input):
                focused.action_delete_right()
                return
            if toml is not None and focused is toml:
                toml.action_delete_right()
                return
            self.notify("Focus a parameter row to delete it", severity="warning")
            return
        before = len(self.session.rows)
        self.session.delete_row(index)
        self._show_form()
        self.update_results()
        # The next row: where the deleted one was, or after the row emptied in its place.
        editor.focus_row(index if len(self.session.rows) < before else index + 1)

    def action_undo(self) -> None:
        toml = self.query_one(LayersPanel).made_editor
        if toml is not None and self.focused is toml:  # the TOML editor keeps its own undo
            raise SkipAction()
        if not self.session.undo():
            self.notify("Nothing to undo", severity="warning")
            return
        self._set_route(self.session.route)
        self._follow_catalog()
        self._show_form()
        self.update_results()

    def action_clear_form(self) -> None:
        self.session.clear_form()
        self._show_form()
        self.update_results()
        self.notify("Form cleared (ctrl+z brings it back)")

    def action_panel(self, panel: str) -> None:
        """Jump to a panel: the route, the form (its first value to fill), the layers
        (again: the layer's TOML, again: the TOML full screen), the results. From the
        full-screen TOML, another panel's key first leaves full screen: its panel is
        hidden there (and Textual then left a faded notice painted over the TOML)."""
        if panel != "layers" and self.screen.maximized is not None:
            self.screen.minimize()
        if panel == "route":
            bar = self.query_one(RouteBar)
            self.screen.set_focus(bar)
            bar.action_end()
        elif panel == "form":
            if self.query_one(ParamsEditor).row_widgets():
                self._focus_first_value()
            else:
                self.notify("No parameters: ctrl+n adds one", severity="warning")
        elif panel == "layers":
            self._cycle_layers()
        else:
            self.screen.set_focus(self.query_one(ResultsView).query_one(TabBar))

    # Focus here is set at once (screen.set_focus), not by Widget.focus(), which Textual
    # runs after the messages queued: keys typed right behind ctrl+l went to the old field.

    def _cycle_layers(self) -> None:
        layers = self.query_one(LayersPanel)
        listing = layers.query_one(SelectionList)
        editor = layers.editor()
        if self.screen.maximized is editor:
            self.screen.minimize()
        elif self.focused is editor:
            editor.border_title = f"{layers.showing} · TOML · ctrl+t or escape: back"
            self.screen.maximize(editor)
        elif self.focused is listing:
            self.screen.set_focus(editor)
        else:
            self.screen.set_focus(listing)

    def action_pick_route(self) -> None:
        from .screens.route_picker import RoutePicker  # at first use: not on the first frame

        self.push_screen(RoutePicker(api=self.session.catalog), self.choose)

    def action_help(self) -> None:
        from .screens.help_screen import HelpScreen

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

    def action_attach(self) -> None:
        from .screens.path_prompt import PathPrompt

        self.push_screen(PathPrompt("Send a file as the body (its path):"), self._attach_file)

    def _attach_file(self, path: str | None) -> None:
        if not path:
            return
        try:
            attachment = self.session.attach(path)
        except EndpointError as error:
            self.notify(str(error), severity="error", markup=False)
            return
        self._file_changed()
        note = f"The body is {attachment.label}"
        view = self.view
        sent = view.parsed["headers"].get("content-type") if view and view.parsed else None
        if sent:
            note += f"; content-type: {sent}"
        self.notify(f"{note} (a data row typed wins; ctrl+p detach forgets the file)",
                    markup=False)  # fmt: skip

    def action_detach(self) -> None:
        self.session.detach()
        self._file_changed()
        self.notify("No file is sent")

    def _file_changed(self) -> None:
        if "data" not in {name for name, _ in self.session.rows}:
            self.session.fill([("data", "")])  # a row that says which file goes
            self._show_form()
        self.query_one(ParamsEditor).refresh_hints()
        self.update_results()

    def action_load_profile(self) -> None:
        from .screens.path_prompt import PathPrompt

        self.push_screen(PathPrompt("Load a profile (TOML):"), self._load)

    def action_save_profile(self) -> None:
        from .screens.path_prompt import PathPrompt

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
        self.query_one(ParamsEditor).refresh_hints()
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
        layer = self.session.layer(SESSION)
        if layer.problem is not None:  # what is on screen is not what would be saved
            self.notify(f"Not saved: {layer.problem}", severity="error", markup=False)
            return
        question = _overwrite_question(path)
        if question is None:
            self._write(path)
        else:
            from .screens.confirm import Confirm

            self.push_screen(Confirm(question), lambda yes: self._write(path) if yes else None)

    def _write(self, path: str) -> None:
        try:
            written, left_out = self.session.save_layer(SESSION, Path(path)), self._left_out()
        except EndpointError as error:
            self.notify(str(error), severity="error", markup=False)
            return
        message = f"Saved the session layer to {written}"
        if left_out:
            message += f"; left out {left_out}: a secret typed as text is never written (as "
            message += "${NAME} it is, read from the environment)"
        self.notify(message, markup=False, severity="warning" if left_out else "information")

    def _left_out(self) -> str:
        from ..profiles import left_out, parse_profile

        layer = self.session.layer(SESSION)
        return ", ".join(left_out(parse_profile(layer.text, name=SESSION).raw))


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


def _fitting(width: int, height: int) -> list[str]:
    """The layout's classes for a terminal's size (given at compose too: a class added
    after mounting restyles every widget of the body)."""
    return ["-wide"] * (width >= WIDE) + ["-short"] * (height < SHORT)


def _keep_out_of_collections() -> None:
    """Put what is alive now (the catalog, its indexes, the app's widgets: they live as
    long as the app) out of the cyclic collector's reach: its full passes walked them
    all, 70 ms over Graph's 20,000 operations, and a key in the route picker paused as
    long. What a catalog switched from left is collected first, not kept for good."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def _api_name(api: Catalog) -> str:
    """``Swagger Petstore 1.0.0 · 20 routes``: which API, in a title."""
    return f"{api.label} · {len(api.operations):,} routes"
