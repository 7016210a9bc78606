"""An Input whose edits reach the app in the keystroke's own turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from rich.cells import cell_len
from rich.segment import Segment
from textual import events
from textual.content import Content
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widgets import Input
from textual.widgets.input import Selection

from ..._core.encoding import printable


@runtime_checkable
class LiveEditor(Protocol):
    """What the app offers live inputs: one call per edit."""

    def live_edit(self, field: Input) -> None: ...


class SteadyInput(Input):
    """An Input whose growing text repaints its line, not the layout of the whole screen.

    Its virtual size (the text's width, which an Input keeps for horizontal scrolling)
    changes on every key, and Textual's own reactive asks for a layout of the screen
    then: with a catalog form of 16 rows, that cost more than the rest of a keystroke
    (benchmarks/bench_explorer.py). An input has no scrollbars and a fixed size, so a
    repaint is enough; and of its text's line alone, as a key changes nothing else (its
    border and the lines around were drawn again every key, with the text through Rich).
    """

    virtual_size = Reactive(Size(0, 0), layout=False, repaint=False)
    value = Reactive("", init=False, repaint=False)
    selection = Reactive(Selection.cursor(0), repaint=False)

    def _watch_value(self, value: str) -> None:
        super()._watch_value(value)
        self._repaint_text()

    def _watch_selection(self, selection: Selection) -> None:
        super()._watch_selection(selection)
        self._repaint_text()

    def _repaint_text(self) -> None:
        """Repaint the line of the text, its padding and border cells too: a region is
        the content's, and the text reaches a cell past it (the cursor after the end)."""
        self.refresh(Region(-self.content_offset.x, 0, self.outer_size.width, 1))

    def render_line(self, y: int) -> Strip:
        """The text's line as Textual's Input draws it (its cursor, scrolled to the
        cursor, in the field's style), made without a Rich Text in between; a password,
        a highlighter, a suggestion or a selection is Input's. A character a terminal
        would obey is drawn escaped (``\\x1b``: ``printable``; the value stays as typed)."""
        value = self.value
        shown = value if value.isprintable() else printable(value)
        if shown != value:  # (a zero-width space is no printable one, and stays)
            return drawn_as(self, shown, lambda: SteadyInput.render_line(self, y))
        if (
            y or not value or self.password or self.highlighter is not None
            or self._suggestion or not self.selection.is_empty or not value.isprintable()
        ):  # fmt: skip
            return super().render_line(y)
        segments = [Segment(value)]
        if self.has_focus and self._cursor_visible:
            cursor = self.cursor_position
            style = self.get_component_rich_style("input--cursor")
            after = value[cursor + 1 :] if cursor < len(value) else ""
            segments = [Segment(value[:cursor]), Segment(value[cursor : cursor + 1] or " ", style)]
            segments += [Segment(after)] if after else []
        width = self.scrollable_content_region.width + 1  # the cursor's cell past the text
        scroll_x = self.scroll_offset.x
        strip = Strip(segments).crop(scroll_x, scroll_x + width).extend_cell_length(width)
        return strip.apply_style(self.rich_style)


def drawn_as(field: Input, shown: str, draw: Callable[[], Strip]) -> Strip:
    """What ``draw`` draws of ``field`` while its value is ``shown`` (set with no
    watcher run, then set back: the value stays what was typed)."""
    value = field.value
    field.set_reactive(Input.value, shown)
    try:
        return draw()
    finally:
        field.set_reactive(Input.value, value)


def draw_escaped(field: Input) -> None:
    """Have an Input of Textual's own (the command palette's) draw its text as
    ``SteadyInput`` does: each character a terminal would obey escaped (``\\x1b``), its
    value as typed. A paste puts any text in an Input; Textual draws it raw."""
    drawn = field.render_line

    def render_line(y: int) -> Strip:
        value = field.value
        shown = value if value.isprintable() else printable(value)
        return drawn(y) if shown == value else drawn_as(field, shown, lambda: drawn(y))

    field.render_line = render_line  # type: ignore[method-assign]


class LiveInput(SteadyInput):
    """Calls the app from the value watcher instead of answering a Changed message.

    A Changed message is handled after Textual has painted the new text, so the results
    would come a frame (about 17 ms at 60 fps) later; edited here, one frame paints the
    text and the results together (benchmarks/bench_explorer.py measures it).
    """

    def watch_value(self, value: str) -> None:
        if self.is_mounted and isinstance(self.app, LiveEditor):
            self.app.live_edit(self)

    def shown(self) -> str:
        """The text drawn: the value; a field that hides a secret while it is not
        ``edited`` says otherwise (the value stays what was typed: nothing is lost)."""
        return self.value

    def edited(self) -> bool:
        """Whether the field is being edited: focused on the screen the keys go to. A
        screen keeps its focus while a dialog is over it, and the field shows below."""
        return self.has_focus and self.screen.is_active

    def render_line(self, y: int) -> Strip:
        """The text as ``shown``, each character a terminal would obey escaped (``\\x1b``:
        ``printable``; the value is what was typed). A placeholder wider than the field
        ends in "…": Textual wraps it at a space and shows the first line, so ``required ·
        string`` read ``required ·``."""
        shown = self.shown()  # (escaped as SteadyInput draws any text)
        if shown != self.value:
            return drawn_as(self, shown, lambda: super(LiveInput, self).render_line(y))
        full = self.placeholder
        width = self.scrollable_content_region.width
        if self.value or y or cell_len(full) <= width:
            return super().render_line(y)
        self.set_reactive(Input.placeholder, cut(full, width))  # no repaint asked for
        try:
            return super().render_line(y)
        finally:
            self.set_reactive(Input.placeholder, full)

    def _on_blur(self, event: events.Blur) -> None:
        """Left, a field shows the start of what it holds (``headers.x-trace``, not
        ``rs.x-trace``); focused again, the cursor goes to the end to add to it."""
        self.cursor_position = 0

    def _on_focus(self, event: events.Focus) -> None:
        if not self.select_on_focus:
            self.cursor_position = len(self.value)

    async def _on_key(self, event: events.Key) -> None:
        """An editing key (backspace, left, home, ctrl+u ...) acts as it arrives, in turn
        with the letters around it. Textual runs a widget's key bindings only once the key
        has gone up to the app and back, so in a burst ("abc", backspace, "d") the "d" went
        in before the backspace ran: "abc" instead of "abd"."""
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            event.stop()
            event.prevent_default()  # Input's own handler, and the bindings, are done
            self._restart_blink()
            await self.run_action(binding.action)
            return

    def _on_paste(self, event: events.Paste) -> None:
        """Text of several lines goes in whole, its lines joined by spaces (a JSON body
        pasted reads the same), and the app says so: an Input keeps only the first line
        of a paste, and a header value lost its rest in silence."""
        lines = [line.strip() for line in event.text.splitlines()]
        if len(lines) > 1:  # one line: Input's own handler, after this one, takes it
            event.prevent_default()  # Textual calls each class's handler, Input's too
            event.stop()
            self.replace(" ".join(line for line in lines if line), *self.selection)
            joined = f"Pasted {len(lines)} lines as one: a value is one line (joined by spaces)"
            self.notify(joined, severity="warning")


def cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells, ending in "…" when cut."""
    return Content(text).truncate(max(0, width), ellipsis=True).plain
