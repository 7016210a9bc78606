"""The results' tabs: their names on a line, the active one's underlined below it."""

from __future__ import annotations

from collections.abc import Mapping

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

GAP = 1  # blank columns each side of a name, as Textual's Tab pads it


class TabBar(Widget, can_focus=True):
    """One widget for all the tabs. Textual's Tabs are a widget a tab and one for the
    underline (ten here): 15 to 40 ms of the explorer's first frame, and a new label
    (the Problems count) laid out the whole screen. Here a label or the active tab
    changing repaints these two lines.

    Left and right move between tabs when it has the focus; a click picks one."""

    COMPONENT_CLASSES = {"tab-bar--tab", "tab-bar--active", "tab-bar--bar", "tab-bar--lit"}
    DEFAULT_CSS = """
    TabBar {
        height: 2;
        & > .tab-bar--tab { color: $foreground 50%; }
        & > .tab-bar--active { color: $foreground; }
        & > .tab-bar--bar { color: $foreground 10%; }
        & > .tab-bar--lit { color: $block-cursor-background; }
        &:focus {
            & > .tab-bar--active {
                color: $block-cursor-foreground;
                background: $block-cursor-background;
                text-style: $block-cursor-text-style;
            }
            & > .tab-bar--bar { color: $foreground 30%; }
        }
    }
    """
    BINDINGS = [
        Binding("left", "move(-1)", "Previous tab", show=False),
        Binding("right", "move(1)", "Next tab", show=False),
    ]

    class Activated(Message):
        """A tab became the active one (picked, or moved to)."""

        def __init__(self, tab: str) -> None:
            super().__init__()
            self.tab = tab

    def __init__(self, labels: Mapping[str, str], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.labels = dict(labels)  # tab -> its name on screen
        self._active = next(iter(self.labels))
        # Its styles, read once a style change: Textual forgets them at every repaint,
        # and reading them again (a walk up the DOM) was half of a relabel's time.
        self._styles: dict[str, Style] = {}

    @property
    def active(self) -> str:
        return self._active

    @active.setter
    def active(self, tab: str) -> None:
        """Make ``tab`` the active one (and say so, if it changes)."""
        if tab not in self.labels:
            raise ValueError(f"no tab {tab!r}: the tabs are {', '.join(self.labels)}")
        if tab != self._active:
            self._active = tab
            self.refresh()
            self.post_message(self.Activated(tab))

    def set_label(self, tab: str, label: str) -> bool:
        """Name ``tab`` ``label`` on screen: a repaint, never a layout. Returns whether
        the name changed."""
        if self.labels[tab] == label:
            return False
        self.labels[tab] = label
        self.refresh()
        return True

    def spans(self) -> dict[str, tuple[int, int]]:
        """Each tab's columns, from its first to past its last, gaps included."""
        spans, at = {}, 0
        for tab, label in self.labels.items():
            width = cell_len(label) + 2 * GAP
            spans[tab] = (at, at + width)
            at += width
        return spans

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles.clear()

    def _style(self, component: str) -> Style:
        style = self._styles.get(component)
        if style is None:
            own = component == "tab-bar"
            style = self.rich_style if own else self.get_component_rich_style(component)
            self._styles[component] = style
        return style

    def render_line(self, y: int) -> Strip:
        style = self._style
        width = self.size.width
        start, end = self.spans()[self._active]
        start, end = start + GAP, end - GAP  # the underline is under the name
        if y == 0:
            segments = [
                Segment(
                    f"{' ' * GAP}{label}{' ' * GAP}",
                    style("tab-bar--active" if tab == self._active else "tab-bar--tab"),
                )
                for tab, label in self.labels.items()
            ]
        elif y == 1:
            end = min(end, width)
            segments = [
                Segment("━" * start, style("tab-bar--bar")),
                Segment("━" * max(0, end - start), style("tab-bar--lit")),
                Segment("━" * max(0, width - end), style("tab-bar--bar")),
            ]
        else:
            segments = []
        return Strip(segments).crop_extend(0, width, style("tab-bar"))

    def action_move(self, steps: int) -> None:
        tabs = list(self.labels)
        self.active = tabs[(tabs.index(self._active) + steps) % len(tabs)]

    def on_click(self, event: events.Click) -> None:
        for tab, (start, end) in self.spans().items():
            if start <= event.x < end:
                self.active = tab
                return
