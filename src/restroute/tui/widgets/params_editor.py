"""The parameter rows: the route's placeholders (or its catalog form), then the user's."""

from __future__ import annotations

from collections.abc import Mapping

from textual import events, on
from textual.containers import VerticalScroll
from textual.widget import AwaitMount, Widget
from textual.widgets import Select

from ...catalog import Parameter
from ..messages import ParamFocused, RowsChanged
from .param_row import ParamRow


class ParamsEditor(VerticalScroll):
    """Rows of ``name = value``; ctrl+n adds one, ctrl+d deletes the focused one."""

    BORDER_TITLE = "Parameters"

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.specs: Mapping[str, Parameter] = {}
        self._mounting: AwaitMount | None = None

    @property
    def rows(self) -> list[tuple[str, str]]:
        return [row.pair for row in self._rows()]

    def show_placeholders(self, names: list[str]) -> None:
        """Make sure each placeholder of the route has a row (keeping what was typed)."""
        present = {name for name, _ in self.rows}
        for row in self._rows():
            row.set_class(row.pair[0] in names, "-placeholder")
        missing = [name for name in names if name not in present]
        for name in missing:
            row = ParamRow(name, placeholder=True, spec=self.specs.get(name))
            self.mount(row, before=self._first_free_row())
        if missing:
            self.post_message(RowsChanged(self.rows))

    async def show_form(self, rows: list[tuple[str, str]], placeholders: list[str]) -> None:
        """Replace every row: the catalog's form of a route just picked."""
        if self._mounting is not None:
            await self._mounting  # rows on their way in go out too
        await self.query(ParamRow).remove()
        await self.add_rows(rows, placeholders)

    def add_rows(self, rows: list[tuple[str, str]], placeholders: list[str]) -> AwaitMount:
        """Rows after those there, described by the catalog where it knows their names."""
        self._mounting = self.mount_all(
            ParamRow(name, value, placeholder=name in placeholders, spec=self.specs.get(name))
            for name, value in rows
        )
        return self._mounting

    def describe(self, specs: Mapping[str, Parameter]) -> None:
        """Take the catalog's descriptions, by row name, for the rows there and to come."""
        self.specs = specs
        for row in self._rows():
            row.describe(specs.get(row.pair[0]))

    def describe_row_of(self, widget: Widget, spec: Parameter | None) -> None:
        """Describe the row holding ``widget`` (its name was edited)."""
        row = self._row_of(widget)
        if row is not None:
            row.describe(spec)

    def mark_missing(self, names: tuple[str, ...]) -> None:
        for row in self._rows():
            missing = row.pair[0] in names
            if row.has_class("-missing") != missing:  # a class change restyles the row
                row.set_class(missing, "-missing")

    def add_row(self, name: str = "", value: str = "", *, focus: bool = False) -> ParamRow:
        """A row after the others; ``focus``: its name takes the focus once composed."""
        row = ParamRow(name, value, focus=focus)
        self.mount(row)
        self.post_message(RowsChanged(self.rows))  # the session holds every row, empty or not
        return row

    def remove_focused_row(self) -> bool:
        row = self._row_of(self.app.focused)
        if row is None:
            return False
        row.gone = True  # out of the rows now; out of the DOM a little later
        row.remove()
        self.post_message(RowsChanged(self.rows))
        return True

    @on(Select.Changed)
    def _choice_made(self) -> None:
        self.post_message(RowsChanged(self.rows))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        row = self._row_of(event.widget)
        if row is not None:
            self.post_message(ParamFocused(row.pair[0], row.spec))

    def _row_of(self, widget: Widget | None) -> ParamRow | None:
        for row in self._rows():
            if widget is not None and widget in row.query("*").results():
                return row
        return None

    def _rows(self) -> list[ParamRow]:
        """The rows, from the children: a DOM query walks every widget inside them, and
        this runs on every keystroke."""
        return [child for child in self.children if isinstance(child, ParamRow) and not child.gone]

    def _first_free_row(self) -> ParamRow | None:
        for row in self._rows():
            if not row.has_class("-placeholder"):
                return row
        return None
