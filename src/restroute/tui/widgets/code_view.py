"""The results' text: rendered once a change, painted by cropping those lines."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.highlighter import Highlighter
from rich.segment import Segment
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
        self._wrapped: dict[tuple[object, ...], list[Strip]] = {}  # the last lines, wrapped

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
        shown = self._shown
        if isinstance(shown, Text | Highlighted):
            self._lines, self._wrapped = wrapped_lines(shown, console, options, self._wrapped)
        else:
            lines = console.render_lines(shown, options, pad=True)
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


class Highlighted:
    """Text that a highlighter colours a line at a time: each line is highlighted and
    wrapped once, and taken as it is while it stays the same (see ``wrapped_lines``).
    The text may be made for the width it is shown at (pprint's layout of the parsed
    request), and is made again when the view is resized.

    For highlighters whose patterns hold within a line, as Rich's ReprHighlighter's do
    but for its ``<tag ...>``, which whole would run from a ``<`` in one value to a ``>``
    in another."""

    def __init__(self, text: str | Callable[[int], str], highlighter: Highlighter) -> None:
        self.text = text
        self.highlighter = highlighter
        self._lines: tuple[int, list[str]] | None = None  # the last width's

    def lines(self, width: int) -> list[str]:
        if self._lines is None or self._lines[0] != width:
            text = self.text(width) if callable(self.text) else self.text
            self._lines = width, text.split("\n")
        return self._lines[1]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text("\n").join(
            coloured(line, self.highlighter) for line in self.lines(options.max_width)
        )


def wrapped_lines(
    shown: Text | Highlighted,
    console: Console,
    options: ConsoleOptions,
    before: dict[tuple[object, ...], list[Strip]],
) -> tuple[list[Strip], dict[tuple[object, ...], list[Strip]]]:
    """``shown`` wrapped to the options' width, as Rich wraps it, and each of its lines'
    strips by the line (what ``before`` is, for the next call).

    Rich wraps a text a line at a time, so a line is wrapped alone here, and a line
    ``before`` holds is taken as it is: a key changes a line or two of the results, and
    wrapping them all took a tenth of the key's time. A line is known by all that Rich
    wraps it by: its characters, its styles, the text's settings and the width."""
    width = options.max_width
    keys: list[tuple[object, ...]]
    text_of: Callable[[int], Text]
    if isinstance(shown, Highlighted):
        texts = shown.lines(width)
        keys = [(width, shown.highlighter, line) for line in texts]
        text_of = _highlighting(texts, shown.highlighter)  # only lines not wrapped before
    else:
        split = shown.split("\n", allow_blank=True)
        for line in split:  # what Text.split leaves out, and Rich wraps the lines by
            line.no_wrap, line.tab_size = shown.no_wrap, shown.tab_size
        keys = [(width, line.plain, line.style, line.justify, line.overflow, line.no_wrap,
                 line.tab_size, *line.spans) for line in split]  # fmt: skip
        text_of = split.__getitem__
    lines: list[Strip] = []
    wrapped: dict[tuple[object, ...], list[Strip]] = {}
    for at, key in enumerate(keys):
        strips = wrapped.get(key) or before.get(key)
        if strips is None:
            strips = [
                Strip(_without_empty(segments), width)
                for segments in console.render_lines(text_of(at), options, pad=True)
            ]
        wrapped[key] = strips
        lines += strips
    return lines, wrapped


# Characters of a line coloured at most: Rich's ReprHighlighter takes time in the square of
# a run of word characters (its lazy call pattern tries each start): 0.2 s for 4,096 of
# them, 49 s for 65,536. A longer line (a huge value) shows plain.
HIGHLIGHTED = 1024


def coloured(line: str, highlighter: Highlighter) -> Text:
    """``line`` as ``highlighter`` colours it, or plain when it is over HIGHLIGHTED."""
    return highlighter(Text(line)) if len(line) <= HIGHLIGHTED else Text(line)


def _highlighting(texts: list[str], highlighter: Highlighter) -> Callable[[int], Text]:
    return lambda at: coloured(texts[at], highlighter)


def _without_empty(segments: list[Segment]) -> list[Segment]:
    """The segments with text: a blank line wrapped alone starts with an empty one,
    which the text wrapped whole does not have."""
    return [segment for segment in segments if segment.text]
