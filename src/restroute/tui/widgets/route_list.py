"""The route picker's list: headings and routes, one line each, rebuilt on every key."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip

from ..._core.encoding import printable
from .steady_scroll import SteadyScroll, line_at

Part = tuple[str, str]  # text, and its role: "" or a ROLES name


class Row(NamedTuple):
    """A line of the list: what ``Picked`` says when it is chosen (``key``; None for a
    heading), and its text in parts."""

    key: str | None
    parts: tuple[Part, ...]

    @property
    def pickable(self) -> bool:
        return self.key is not None


class RouteList(SteadyScroll, can_focus=False):
    """A list whose rows keep their painted line across searches.

    Textual's OptionList renders every visible option anew after ``set_options`` (about
    0.5 ms each, 14 ms a key for a page of hits). A search on the next key shows mostly
    the same routes, so here a row's line is made once per text and width, and a key
    costs the lines that are new."""

    ROLES = ("heading", "method", "dim", "warning")
    COMPONENT_CLASSES = {"route-list--highlight", *(f"route-list--{role}" for role in ROLES)}
    DEFAULT_CSS = """
    RouteList > .route-list--highlight {
        background: $block-cursor-blurred-background;
    }
    RouteList > .route-list--heading {
        color: $accent;
        text-style: bold;
    }
    RouteList > .route-list--method {
        text-style: bold;
    }
    RouteList > .route-list--dim {
        color: $text-muted;
    }
    RouteList > .route-list--warning {
        color: $warning;
    }
    """

    class Picked(Message):
        """A row was clicked or entered."""

        def __init__(self, key: str) -> None:
            super().__init__()
            self.key = key

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: tuple[Row, ...] = ()
        self.highlighted: int | None = None
        self._lines: dict[tuple[tuple[Part, ...], int], tuple[Strip, Strip]] = {}
        # The list's style and its roles', as Textual computes them (walking the DOM: 0.2 ms
        # each, ten a new line), until the styles change.
        self._styles: dict[str, Style] = {}
        self._blanks: dict[int, Strip] = {}  # a Strip kept keeps its filtered copies

    def show(self, rows: Sequence[Row], highlight: int) -> None:
        """Show ``rows``, the first pickable from ``highlight`` on highlighted, at the top."""
        before, lit = self.rows, self.highlighted
        self.rows = tuple(rows)
        self.highlighted = self._pickable(highlight, 1)
        self.set_length(self.scrollable_content_region.width, len(self.rows))
        self.scroll_to(y=0, animate=False, immediate=True)
        after, now_lit = self.rows, self.highlighted
        self.refresh_changed(
            lambda at: line_at(before, at) != line_at(after, at) or (at == lit) != (at == now_lit)
        )

    @property
    def highlighted_key(self) -> str | None:
        return None if self.highlighted is None else self.rows[self.highlighted].key

    def move(self, steps: int) -> None:
        """Move the highlight ``steps`` pickable rows down (up if negative), within the list."""
        if self.highlighted is None:
            return
        step = 1 if steps > 0 else -1
        at = self.highlighted
        for _ in range(abs(steps)):
            following = self._pickable(at + step, step)
            if following is None:
                break
            at = following
        self._highlight(at, step)

    def _pickable(self, at: int, step: int) -> int | None:
        while 0 <= at < len(self.rows):
            if self.rows[at].pickable:
                return at
            at += step
        return None

    def _highlight(self, at: int, step: int) -> None:
        self.highlighted = self._pickable(at, step)
        if self.highlighted is not None:
            self.scroll_to_region(Region(0, self.highlighted, 1, 1), animate=False, immediate=True)
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        at = round(self.scroll_y) + event.y
        if 0 <= at < len(self.rows) and self.rows[at].pickable:
            self.highlighted = at
            self.refresh()
            key = self.rows[at].key
            assert key is not None  # a pickable row has a key
            self.post_message(self.Picked(key))

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._lines.clear()
        self._styles.clear()
        self._blanks.clear()

    def _style(self, role: str) -> Style:
        """The list's style (role ""), the highlighted row's, or a role's colour and weight
        with no background of its own: the row's (the list's, or the highlight's) shows
        through."""
        style = self._styles.get(role)
        if style is None:
            if role == "highlight":
                style = self.rich_style + self.get_component_rich_style("route-list--highlight")
            elif role:
                own = self.get_component_rich_style(f"route-list--{role}")
                style = Style(color=own.color, bold=own.bold, dim=own.dim, italic=own.italic)
            else:
                style = self.rich_style
            self._styles[role] = style
        return style

    def render_lines(self, crop: Region) -> list[Strip]:
        # Textual's styles cache makes each line again with the view's border, padding,
        # outline, tint and opacity, 70 µs a line; the list has none of them, and on a
        # key most of its lines change. Its lines are made once (``_line``), and so their
        # filtered copies (Strip.apply_filter keeps the last few).
        styles = self.styles
        if (
            styles.border or styles.outline or any(styles.padding) or styles.tint.a
            or styles.opacity != 1 or styles.text_opacity != 1 or styles.has_rule("hatch")
        ):  # fmt: skip
            return super().render_lines(crop)
        background, filters = self.background_colors[1], self.get_line_filters()
        width, top = self.scrollable_content_region.width, round(self.scroll_y)
        # A line as wide as the view, not reaching under the scrollbar (always there:
        # SteadyScroll) as Textual's do: the bar hides that cell, and the compositor cut
        # each line there, a new Strip in two every frame (Strip.divide, 20 µs a line a
        # key changes).
        lines = []
        for y in crop.line_range:
            line = self._row_line(top + y, width)
            for line_filter in filters:
                line = line.apply_filter(line_filter, background)
            lines.append(line)
        if crop.column_span != (0, self.size.width):
            lines = [line.crop(crop.x, crop.right) for line in lines]
        return lines

    def render_line(self, y: int) -> Strip:
        return self._row_line(round(self.scroll_y) + y, self.scrollable_content_region.width)

    def _row_line(self, at: int, width: int) -> Strip:
        """Row ``at`` of the list, in a view ``width`` wide."""
        if not 0 <= at < len(self.rows):
            return self._blank(width)
        plain, styled = self._line(self.rows[at].parts, width)
        if at == self.highlighted:  # the highlight's background over the list's
            return plain.apply_style(self._style("highlight"))
        return styled

    def _blank(self, width: int) -> Strip:
        blank = self._blanks.get(width)
        if blank is None:
            blank = self._blanks[width] = Strip.blank(width, self._style(""))
        return blank

    def _line(self, parts: tuple[Part, ...], width: int) -> tuple[Strip, Strip]:
        """The row's line as its parts style it, and in the list's style too."""
        lines = self._lines.get((parts, width))
        if lines is None:
            if len(self._lines) > 4096:  # a few widths of the whole catalog
                self._lines.clear()
            plain = _fitted(
                [Segment(" "), *(Segment(printable(part), self._style(role) if role
                                 else None) for part, role in parts)],
                width,
            )  # fmt: skip
            lines = self._lines[(parts, width)] = (plain, plain.apply_style(self._style("")))
        return lines


def _fitted(segments: list[Segment], width: int) -> Strip:
    """``segments`` in ``width`` cells, as Rich's ``Text.truncate(width, "ellipsis",
    pad=True)`` fits a text: cut, the last cell an ellipsis in the style of the character
    it replaces; or padded. Half the time of making a Text and rendering it, which a key
    costs for each of the 20-odd lines it changes."""
    line = Strip(segments)
    if line.cell_length <= width:
        return line.extend_cell_length(width)
    reached, style = 0, None
    for segment in segments:
        reached += segment.cell_length
        if reached >= width:  # the segment holding cell width - 1
            style = segment.style
            break
    return Strip([*line.crop(0, width - 1), Segment("…", style)], width)
