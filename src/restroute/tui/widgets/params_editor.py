"""The parameter rows: the route's placeholders first, then whatever the user adds."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Input, Static

from ..messages import RowsChanged
from .param_row import ParamRow

RULE = (
    "[dim]value: JSON when it parses (42, true, null, \\[1, 2]), else text; "
    'empty = not given ("" for empty text) · names: headers.NAME, media_type.format, '
    "request.KEY, data[/]"
)


class ParamsEditor(VerticalScroll):
    """Rows of ``name = value``; ctrl+n adds one, ctrl+d deletes the focused one."""

    BORDER_TITLE = "Parameters"

    def compose(self) -> ComposeResult:
        yield Static(RULE, id="params-rule")

    @property
    def rows(self) -> list[tuple[str, str]]:
        return [row.pair for row in self.query(ParamRow)]

    def show_placeholders(self, names: list[str]) -> None:
        """Make sure each placeholder of the route has a row (keeping what was typed)."""
        present = {name for name, _ in self.rows}
        for row in self.query(ParamRow):
            row.set_class(row.pair[0] in names, "-placeholder")
        for name in names:
            if name not in present:
                self.mount(ParamRow(name, placeholder=True), before=self._first_free_row())

    def mark_missing(self, names: tuple[str, ...]) -> None:
        for row in self.query(ParamRow):
            row.set_class(row.pair[0] in names, "-missing")

    def add_row(self, name: str = "", value: str = "") -> ParamRow:
        row = ParamRow(name, value)
        self.mount(row)
        return row

    def remove_focused_row(self) -> bool:
        focused = self.app.focused
        for row in self.query(ParamRow):
            if focused is not None and focused in list(row.query(Input)):
                row.remove()
                self.post_message(
                    RowsChanged([r.pair for r in self.query(ParamRow) if r is not row])
                )
                return True
        return False

    def _first_free_row(self) -> ParamRow | None:
        for row in self.query(ParamRow):
            if not row.has_class("-placeholder"):
                return row
        return None
