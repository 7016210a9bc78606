"""Moving about the explorer: the panels' keys, the help, paging a list."""

from __future__ import annotations

from textual.actions import SkipAction
from textual.command import CommandInput, CommandList, CommandPalette
from textual.events import Mount
from textual.widgets import OptionList, SelectionList

from ..paging import page
from ..widgets.layers_panel import LayersPanel
from ..widgets.live_input import draw_escaped
from ..widgets.params_editor import ParamsEditor
from ..widgets.results_view import ResultsView
from ..widgets.route_bar import RouteBar
from ..widgets.tab_bar import TabBar
from .live import LiveExplorer


class Navigation(LiveExplorer):
    """Which panel, field or screen a key goes to."""

    def action_command_palette(self) -> None:
        """Textual's palette (as ``App`` opens it), its field drawn escaped (the fifth
        attack's F10: a control sequence pasted there reached the terminal raw)."""
        if self.use_command_palette and not CommandPalette.is_open(self.app):
            self.push_screen(_Palette(id="--command-palette"))

    def action_route_entered(self) -> None:
        """enter in the route: to the first value to fill (elsewhere, enter as it was)."""
        if not isinstance(self.focused, RouteBar) or self.screen is not self.default_screen:
            raise SkipAction()
        self.action_panel("form")

    def action_problems(self) -> None:
        self.query_one(ResultsView).active = "problems"

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

    def action_help(self) -> None:
        from ..screens.help_screen import HelpScreen

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


class _Palette(CommandPalette):
    """Textual's command palette, whose search field draws a pasted control escaped."""

    def on_mount(self, _: Mount) -> None:
        draw_escaped(self.query_one(CommandInput))

    def _watch__list_visible(self) -> None:
        """As Textual's, except on a palette whose list is gone: a search that ended as the
        app closed with the palette open raised NoMatches (Textual 8.2.8)."""
        if self.query(CommandList):
            super()._watch__list_visible()
