"""The parameter rows, as the session lays them out: the route's own, then the user's."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from textual import events, on
from textual.containers import VerticalScroll
from textual.widget import AwaitMount, Widget
from textual.widgets import Select

from ...catalog import Parameter
from ...redact import shows_dots
from ..messages import ParamFocused, RowsChanged
from .param_row import LOOKS, LOOKS_CSS, ParamRow

Hints = Callable[[str], str]  # a row's name -> the hint for its value ("" for none)


class ParamsEditor(VerticalScroll, can_focus=False):
    """Rows of ``name = value``, one line each; shows the session's rows (``show``) and
    reads back what is typed (``rows``)."""

    BORDER_TITLE = "Parameters"
    COMPONENT_CLASSES = LOOKS
    DEFAULT_CSS = f"ParamsEditor {{ {LOOKS_CSS} }}"

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.specs: Mapping[str, Parameter] = {}
        self.hints: Hints = lambda name: ""
        self.revealed = False  # secrets shown (ctrl+r): else a secret's value is dots

    @property
    def rows(self) -> list[tuple[str, str]]:
        return [row.pair for row in self.row_widgets()]

    def show(self, rows: Sequence[tuple[str, str]], laid_out: Sequence[bool]) -> AwaitMount | None:
        """Lay out ``rows`` (``laid_out[i]``: row i is the route's own): the rows already
        there in the same order are kept with their focus and cursor; those between are
        replaced. Returns the mount of new rows, if any."""
        wanted = [(name, own) for (name, _), own in zip(rows, laid_out, strict=True)]
        present = self.row_widgets()
        keys = [row.key for row in present]
        start = 0
        while start < min(len(keys), len(wanted)) and keys[start] == wanted[start]:
            start += 1
        end = 0
        while (
            end < min(len(keys), len(wanted)) - start
            and keys[len(keys) - 1 - end] == wanted[len(wanted) - 1 - end]
        ):
            end += 1
        kept = [
            *zip(present[:start], rows[:start], strict=True),
            *zip(present[len(present) - end :], rows[len(rows) - end :], strict=True),
        ]
        for row, (_, value) in kept:
            row.set_value(value)
            self._mask(row)  # undone, say, into a URL that holds a password
        gone = present[start : len(present) - end]
        for row in gone:
            row.gone = True
            row.remove()
        new = [
            ParamRow(name, value, laid_out=own, spec=self.specs.get(name), hint=self.hints(name),
                     masked=self.hides(name, value))
            for (name, value), own in zip(
                rows[start : len(rows) - end], laid_out[start : len(rows) - end], strict=True
            )
        ]  # fmt: skip
        if not new:
            return None
        for row in new:
            row.names_hidden = not self.revealed
        after = present[start - 1] if start else None
        if after is not None:
            return self.mount_all(new, after=after)
        before = present[len(present) - end] if end else None
        return self.mount_all(new, before=before) if before is not None else self.mount_all(new)

    async def clear(self) -> None:
        """No rows at all (a form of another route comes next)."""
        rows = self.row_widgets()
        for row in rows:
            row.gone = True
        await self.remove_children(rows)

    def describe(self, specs: Mapping[str, Parameter]) -> None:
        """Take the catalog's descriptions, by row name, for the rows there and to come."""
        self.specs = specs
        for row in self.row_widgets():
            row.describe(specs.get(row.pair[0]))

    def refresh_hints(self) -> None:
        """Each value's placeholder again: a layer switched or edited may set it now."""
        for row in self.row_widgets():
            row.hint(self.hints(row.pair[0]))

    def hides(self, name: str, value: str, *, editing: bool = False) -> bool:
        """Whether a row's value shows as dots: never while secrets are revealed, else as
        ``redact.shows_dots`` says (``editing``: the value has the focus)."""
        if self.revealed:
            return False
        return shows_dots(name, value, editing=editing)

    def reveal(self, revealed: bool) -> None:
        """Show the secrets' values, or hide them again (ctrl+r)."""
        self.revealed = revealed
        for row in self.row_widgets():
            self._mask(row)

    def edited(self, field: Widget) -> None:
        """A row's name or value was edited (``field``): it may hold a secret now."""
        row = self.row_of(field)
        if row is not None:
            self._mask(row)

    def _mask(self, row: ParamRow) -> None:
        name, value = row.pair
        editing = row.value_field is not None and row.value_field.has_focus
        row.mask(self.hides(name, value, editing=editing))
        row.hide_names(not self.revealed)

    def mark_missing(self, names: tuple[str, ...]) -> None:
        for row in self.row_widgets():
            missing = row.pair[0] in names
            if row.has_class("-missing") != missing:  # a class change restyles the row
                row.set_class(missing, "-missing")

    def focused_index(self) -> int | None:
        """The index of the row holding the focus (None: the focus is elsewhere)."""
        row = self.row_of(self.app.focused)
        return None if row is None else self.row_widgets().index(row)

    def focus_row(self, index: int, *, name: bool = False) -> None:
        """Focus row ``index`` (the last one if there are fewer), scrolled into view:
        its value, or (``name``) its name field."""
        rows = self.row_widgets()
        if not rows:
            return
        row = rows[min(index, len(rows) - 1)]
        if name and row.name_field is not None:
            row.name_field.can_focus = True
            self.screen.set_focus(row.name_field)  # at once: keys queued behind go there
        else:
            row.focus_value()
        self.call_after_refresh(self.scroll_to_widget, row, animate=False)

    @on(Select.Changed)
    def _choice_made(self, event: Select.Changed) -> None:
        self.post_message(RowsChanged(self.rows, event.select))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        row = self.row_of(event.widget)
        if row is not None:
            self._mask(row)  # a URL or JSON value shows as typed while it is edited
            self.post_message(ParamFocused(row.pair[0], row.spec))

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        row = self.row_of(event.widget)
        if row is not None:
            self._mask(row)

    def row_of(self, widget: Widget | None) -> ParamRow | None:
        while widget is not None and widget is not self:
            if isinstance(widget, ParamRow):
                return widget if not widget.gone else None
            parent = widget.parent
            widget = parent if isinstance(parent, Widget) else None
        return None

    def row_widgets(self) -> list[ParamRow]:
        """The rows, from the children: a DOM query walks every widget inside them, and
        this runs on every keystroke."""
        return [child for child in self.children if isinstance(child, ParamRow) and not child.gone]
