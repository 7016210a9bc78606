"""A screen that repaints only the widgets a change touches.

Textual 8's compositor picks the widgets to repaint by whether their *container's*
visible area overlaps the box around all changes, so a key typed into one field repaints
every widget of the screen (about 70 here: each form row, every panel), 20 ms a key.
Rendering, of each widget whose own visible area overlaps a changed region, only the
lines those regions cross paints the same characters: Textual writes only the changed
regions, and a widget outside them has no character there. The snapshot tests compare
whole screens, and the tmux tests read what a terminal shows after partial updates.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, runtime_checkable

from textual import events, messages
from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region, Size
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget


class ChangeCompositor(Compositor):
    """Textual's compositor, rendering for an update only the widgets it changes."""

    _changes: tuple[Region, ...] = ()  # the regions of the update being rendered

    def render_partial_update(self) -> ChopsUpdate | None:
        self._changes = tuple(self._dirty_regions)
        try:
            return super().render_partial_update()
        finally:
            self._changes = ()

    def _get_renders(
        self, crop: Region | None = None
    ) -> Iterable[tuple[Region, Region, list[Strip]]]:
        # Not the box around the changes either: a key in the form and the results it
        # changes far below would repaint every row between them.
        changes = self._changes or ((crop,) if crop is not None else ())
        in_front: list[Region] = []  # the widgets that show part of a change, front first
        for widget, (region, clip) in self.visible_widgets.items():
            shown = region.intersection(clip)
            if not shown:
                continue
            if changes:
                # Each cut of a line takes the first widget's piece there, front to back,
                # so a change inside a widget in front needs nothing of those behind it:
                # a key in a field (or the picker's list) skips the panels, the screen
                # and their borders, which a change overlapped (a third of the frame).
                seen = [shown.intersection(change) for change in changes if shown.overlaps(change)]
                needed = tuple(
                    part
                    for part in seen
                    if not any(front.contains_region(part) for front in in_front)
                )
                if seen:
                    in_front.append(shown)
                # Only the lines changed: the screen is 40 lines, a key one or two, and the
                # box around a change at the top and one at the bottom is all of them. Whole
                # lines of the widget: Textual cuts each line at the widgets' edges, and a
                # part starting between two cuts would be painted from the wrong one.
                parts = _lines_of(shown, needed)
            else:
                parts = [shown]
            for part in parts:  # Textual reads the lines as those of region ∩ clip
                yield region, part, widget.render_lines(part.translate((-region.x, -region.y)))


def _lines_of(shown: Region, changes: tuple[Region, ...]) -> list[Region]:
    """The lines of ``shown`` that ``changes`` cross, at ``shown``'s full width, a line
    crossed twice given once.

    >>> changes = (Region(2, 1, 1, 2), Region(5, 2, 1, 2), Region(0, 7, 1, 1))
    >>> _lines_of(Region(0, 0, 10, 9), changes)
    [Region(x=0, y=1, width=10, height=3), Region(x=0, y=7, width=10, height=1)]
    """
    spans = sorted(
        (max(shown.y, change.y), min(shown.bottom, change.bottom))
        for change in changes
        if shown.overlaps(change)
    )
    merged: list[list[int]] = []
    for top, bottom in spans:
        if merged and top <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], bottom)
        else:
            merged.append([top, bottom])
    return [Region(shown.x, top, shown.width, bottom - top) for top, bottom in merged]


def repaint_now(screen: Screen[Any], widgets: Iterable[Widget]) -> None:
    """Have ``screen`` repaint ``widgets`` in its next frame.

    A widget's own request reaches the screen a turn later, often after the frame that
    paints the key's echo; and then it takes a frame of its own, which moves Textual's
    frame clock, so the next key waits up to 33 ms for its frame. Asked here, the
    widget's own request is withdrawn."""
    for widget in widgets:
        screen.post_message(messages.Update(widget))
        widget._repaint_required = False


def paint_changes(screen: Screen[Any]) -> None:
    """Make ``screen`` repaint only what changes (call it in its ``__init__``)."""
    screen._compositor = ChangeCompositor()


@runtime_checkable
class StandIn(Protocol):
    """A widget that paints itself in place of widgets it becomes once focused."""

    def focus_target(self) -> Widget | None:
        """Become the widgets, and name the one to focus (None: keep the focus here)."""


class PaintingScreen(Screen[None]):
    """The explorer's screen: Textual's, painting only what changes; the focus given to
    a stand-in goes to what it becomes."""

    _resumed = False

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        paint_changes(self)

    def set_focus(
        self, widget: Widget | None, scroll_visible: bool = True, from_app_focus: bool = False
    ) -> None:
        # Every focus passes here (Tab, a click, a widget's focus()), so the widgets a
        # stand-in becomes are there before the next key is routed to the focused one.
        if isinstance(widget, StandIn):
            widget = widget.focus_target() or widget
        super().set_focus(widget, scroll_visible, from_app_focus)

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # Textual styles the whole screen again when it resumes, in case a screen above
        # it changed what its styles depend on. On the first resume none has been above
        # it, and each widget was styled as it mounted (after the app: RestrouteApp.compose).
        if not self._resumed:
            self._resumed = True
            event.prevent_default()  # Textual's handler would take the event as it is
            event = events.ScreenResume(refresh_styles=False)
        super()._on_screen_resume(event)
        if self.focused is not None:  # edited again (LiveInput.edited): as it is
            self.focused.refresh()

    def _on_screen_suspend(self) -> None:
        # A dialog is over the screen, which shows below it: its focused field, no longer
        # edited, is drawn again as it shows then (a route's token hidden: LiveInput.shown)
        super()._on_screen_suspend()
        if self.focused is not None:
            self.focused.refresh()

    def _screen_resized(self, size: Size) -> None:
        # The terminal reports its size once the first frame is out, and Textual lays
        # out and paints the whole screen again for it: 50 ms between the first frame
        # and the results. At the size the screen already has, nothing moves.
        if size != self._compositor.size:
            super()._screen_resized(size)
