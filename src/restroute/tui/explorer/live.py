"""The explorer's state, one Session, and the loop from an edit to the results shown."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

from textual import on
from textual.app import App
from textual.timer import Timer
from textual.widget import AwaitMount, Widget
from textual.widgets import Input

from ...catalog import Operation
from ...errors import EndpointError
from ...profiles import Profile
from ...session import Secrets, Session, View
from ..messages import LayerEdited, LayerToggled, ParamFocused, RowsChanged
from ..screens.painting import repaint_now
from ..widgets.layers_panel import LayersPanel
from ..widgets.param_help import ParamHelp
from ..widgets.params_editor import ParamsEditor
from ..widgets.results_view import ResultsView
from ..widgets.route_bar import RouteBar
from ..widgets.status_line import StatusLine

DESCRIBE_AFTER = 0.2  # seconds without a key in the route before the catalog's form is read
# How the screen and the copies show secrets (ctrl+r goes round them: copying.MODES).
Mode = Secrets


class LiveExplorer(App[None]):
    """The session, the form it lays out and its results, kept live as keys arrive."""

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

    @property
    def revealed(self) -> bool:
        return self.secrets == "reveal"

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
