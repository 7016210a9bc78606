"""The results' text: rendered once a change, painted by cropping those lines."""

from __future__ import annotations

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual.selection import Selection
from textual.strip import Strip

from .steady_scroll import SteadyScroll, line_at


class CodeView(SteadyScroll):
    """A Rich renderable, wrapped to the view's width and scrolled in place.

    A Static in a scrolling container rendered the text twice a keystroke (to measure
    its height, then to paint it) and laid out the screen whenever the height changed.
    Here a keystroke renders the lines once; painting crops the lines in view, and a
    new height only moves the scrollbar (SteadyScroll)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: RenderableType = Text("")
        self._lines: list[Strip] = []  # at the view's width
        self._width = 0  # the width they were rendered at
        self._painted: dict[int, Strip] = {}  # lines in the widget's style, by index
        self._style: Style | None = None  # the widget's, read once a change (a DOM walk)

    def show(self, renderable: RenderableType) -> None:
        self._shown = renderable
        before = self._lines
        self._wrap(self.scrollable_content_region.width)
        after = self._lines
        self.refresh_changed(lambda at: line_at(before, at) != line_at(after, at))

    @property
    def text(self) -> str:
        """What is shown, a line a wrapped line, without the padding to the view's width
        (what a selection copies)."""
        return "\n".join(strip.text.rstrip() for strip in self._lines)

    def _wrap(self, width: int) -> None:
        self._width = width
        self._painted.clear()
        if width <= 0:  # not laid out yet: rendered on the first resize
            self._lines = []
            return
        console = self.app.console
        options = console.options.update_width(width)
        lines = console.render_lines(self._shown, options, pad=True)
        self._lines = [Strip(line, width) for line in lines]
        self.set_length(width, len(self._lines))

    def on_resize(self) -> None:
        """Wrapped again at a new width, and painted again: the resize's own repaint may
        have come before (shown again after a full-screen TOML, it painted no lines)."""
        if self.scrollable_content_region.width != self._width:
            self._wrap(self.scrollable_content_region.width)
            self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._painted.clear()
        self._style = None

    @property
    def _line_style(self) -> Style:
        if self._style is None:
            self._style = self.rich_style
        return self._style

    def render_line(self, y: int) -> Strip:
        if self._width != self.scrollable_content_region.width:  # the first frame: shown
            self._wrap(self.scrollable_content_region.width)  # before the view had a size
        index = round(self.scroll_y) + y
        if index >= len(self._lines):
            return Strip.blank(self._width, self._line_style)
        selection = self.text_selection
        if selection is not None:
            return self._paint(index, selection.get_span(index))
        painted = self._painted.get(index)
        if painted is None:
            painted = self._painted[index] = self._paint(index, None)
        return painted

    def _paint(self, index: int, selected: tuple[int, int] | None) -> Strip:
        """Line ``index`` in the widget's style, ``selected`` (a span) highlighted, with
        the offsets a mouse selection reads."""
        line = self._lines[index]
        if selected is not None:
            start, end = selected
            text = Text()
            for segment in line:
                text.append(segment.text, segment.style)
            picked = self.screen.get_component_rich_style("screen--selection")
            text.stylize(picked, start, len(text) if end == -1 else end)
            line = Strip(text.render(self.app.console), self._width)
        return line.apply_style(self._line_style).apply_offsets(0, index)

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        return selection.extract(self.text), "\n"

    def selection_updated(self, selection: Selection | None) -> None:
        self._painted.clear()
        self.refresh()
