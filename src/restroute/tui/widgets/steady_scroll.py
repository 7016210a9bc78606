"""A scrolled view whose length changes on every key without laying out the screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from rich.style import Style
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.scroll_view import ScrollView
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.strip import Strip

T = TypeVar("T")


def line_at(lines: Sequence[T], at: int) -> T | None:
    """Line ``at`` of ``lines``, or None past their end: a view's lines before and after
    a change compare so (``refresh_changed``)."""
    return lines[at] if at < len(lines) else None


class SteadyScroll(ScrollView):
    """A ScrollView of fixed size that is told its number of lines.

    Textual lays out the whole screen when a widget's virtual size changes (it may
    change the widget's size, or show a scrollbar). Here the size is fixed by CSS and
    the vertical scrollbar is always there, so a new length only moves the scrollbar's
    thumb: measured, a layout cost 5 ms a key in the explorer and 9 ms in the picker."""

    DEFAULT_CSS = """
    SteadyScroll {
        overflow-x: hidden;
        overflow-y: scroll;
        scrollbar-size-vertical: 1;
    }
    """

    # Neither a layout nor a repaint of the whole view: the lines that changed say so.
    virtual_size = Reactive(Size(0, 0), layout=False, repaint=False)

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        if self._vertical_scrollbar is None:  # Textual's, with a SteadyBar instead
            self._vertical_scrollbar = bar = SteadyBar(
                vertical=True, name="vertical", thickness=self.scrollbar_size_vertical
            )
            bar.display = False
            self.app._start_widget(self, bar)
        return self._vertical_scrollbar

    def set_length(self, width: int, lines: int) -> None:
        """The view now holds ``lines`` lines of ``width`` columns."""
        self.virtual_size = Size(width, lines)
        bar, height = self.vertical_scrollbar, self.scrollable_content_region.height
        # All of it in view, at any length: one bar to draw (3 ms a key when redrawn).
        bar.window_virtual_size = max(lines, height)
        bar.window_size = height
        if self.scroll_y > self.max_scroll_y:  # the text got shorter than where it was read
            self.scroll_to(y=self.max_scroll_y, animate=False, immediate=True)

    def refresh_changed(self, changed: Callable[[int], bool]) -> None:
        """Repaint the lines in view for which ``changed(index)`` (of the whole text) is
        true: a key changes a line or two of the results, and the rest stays painted."""
        view = self.scrollable_content_region
        if not view:  # not shown (behind a full-screen widget): all of it, once shown
            self.refresh()
            return
        top = round(self.scroll_y)
        runs: list[list[int]] = []  # [first, last] of each run of changed lines
        for y in range(view.height):
            if changed(top + y):
                if runs and runs[-1][1] == y - 1:
                    runs[-1][1] = y
                else:
                    runs.append([y, y])
        if runs:  # a region a run: the compositor's work grows with their number
            self.refresh(*(Region(0, first, view.width, last - first + 1) for first, last in runs))


class SteadyBar(ScrollBar):
    """Textual's vertical scrollbar, its lines made from the bar's segments directly.

    Through Rich, as Textual renders it, a bar of 28 lines took 2.4 ms, and a key that
    changes the picker's number of hits draws it again (a quarter of the key)."""

    _drawn: tuple[object, ...] = ()
    _lines: list[Strip] = []

    def render_lines(self, crop: Region) -> list[Strip]:
        # Not through Textual's styles cache either, which adds a scrollbar's missing
        # padding and border line by line: a bar has neither.
        bar = self.render()
        assert isinstance(bar, ScrollBarRender)
        width, height = self.size
        base, filters = self.visual_style.rich_style, tuple(self.get_line_filters())
        background = self.background_colors[1]
        drawn = (bar.virtual_size, bar.window_size, bar.position, bar.style, width, height,
                 base, filters, background)  # fmt: skip
        if drawn != self._drawn:
            style = bar.style  # render() gives both colours
            assert isinstance(style, Style)
            assert style.bgcolor is not None
            assert style.color is not None
            segments = bar.render_bar(
                size=height,
                virtual_size=bar.virtual_size,
                window_size=bar.window_size,
                position=bar.position,
                thickness=width,
                back_color=style.bgcolor,
                bar_color=style.color,
            ).segments
            made: dict[int, Strip] = {}  # a line a part, and the bar repeats 4 or 5 parts
            for part in segments:
                if id(part) not in made:  # over the bar's background, as Textual draws it
                    made[id(part)] = line = Strip([part], width).apply_style(base)
                    for line_filter in filters:  # the app's (no colour, say)
                        made[id(part)] = line = line.apply_filter(line_filter, background)
            lines = [made[id(part)] for part in segments]
            self._drawn, self._lines = drawn, lines
        return [line.crop(crop.x, crop.right) for line in self._lines[crop.y : crop.bottom]]
