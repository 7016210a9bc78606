"""The explorer app: wires the widgets to one Session and shows what it computes."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App, ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.containers import Horizontal
from textual.dom import DOMNode
from textual.screen import Screen

from .. import formats
from .commands import ExplorerCommands, RouteCommands
from .explorer.catalog_loading import CatalogLoading
from .explorer.copying import Copying
from .explorer.form_actions import FormActions
from .explorer.navigation import Navigation
from .explorer.pasting import Pasting
from .explorer.profile_files import ProfileFiles
from .screens.painting import PaintingScreen
from .widgets.key_legend import KeyLegend
from .widgets.layers_panel import LayersPanel
from .widgets.param_help import ParamHelp
from .widgets.params_editor import ParamsEditor
from .widgets.results_view import ResultsView
from .widgets.route_bar import RouteBar
from .widgets.status_line import StatusLine

# The explorer's own keys: each changes what is under a dialog (the form, the layers, the
# route), or opens one over it. Over the help, a prompt, the picker or the palette, they
# are that screen's keys (ctrl+n, ctrl+f ... in its field), or none: ctrl+z there undid a
# row's value unseen. Copying, paging a list and the help work over a dialog too.
ON_THE_FORM = frozenset(
    {"add_row", "attach", "clear_form", "delete_row", "detach", "load_profile", "panel"}
    | {"pick_route", "problems", "save_profile", "switch_catalog", "toggle_reveal", "undo"}
)
WIDE = 150  # columns from which layers get a column of their own (and the tabs still fit)
SHORT = 30  # rows below which the "GitHub says" panel gives its lines to the form


class RestrouteApp(CatalogLoading, ProfileFiles, Copying, FormActions, Pasting, Navigation):
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
        """The form's keys (``ON_THE_FORM``) work on the explorer's own screen only."""
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


def _fitting(width: int, height: int) -> list[str]:
    """The layout's classes for a terminal's size (given at compose too: a class added
    after mounting restyles every widget of the body)."""
    return ["-wide"] * (width >= WIDE) + ["-short"] * (height < SHORT)
