"""A scrolled view whose length changes on every key without laying out the screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.scroll_view import ScrollView

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
        lines = [Region(0, y, view.width, 1) for y in range(view.height) if changed(top + y)]
        if lines:
            self.refresh(*lines)
