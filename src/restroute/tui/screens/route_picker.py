"""Pick a route from GitHub's catalog: type to search, results grouped by category."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ... import catalog
from ...catalog import Operation

HINT = "type to search id, route, summary or category · ↑↓ move · enter picks · esc closes"


class RoutePicker(ModalScreen[Operation | None]):
    """Dismisses with the chosen operation, or None."""

    BINDINGS = [
        Binding("escape", "dismiss(None)", "Close"),
        Binding("down", "move(1)", show=False),
        Binding("up", "move(-1)", show=False),
        Binding("pagedown", "move(10)", show=False),
        Binding("pageup", "move(-10)", show=False),
    ]

    def __init__(self, query: str = "") -> None:
        super().__init__()
        self._query = query
        self._shown: dict[str, Operation] = {}

    def compose(self) -> ComposeResult:
        with Vertical(id="picker"):
            yield Input(self._query, placeholder="create issue, pulls files, /user ...",
                        id="picker-query")  # fmt: skip
            yield Static(HINT, id="picker-hint")
            yield OptionList(id="picker-list")

    def on_mount(self) -> None:
        self.show(self._query)
        # Watched, not a Changed message: that arrives after the new text is painted, and
        # the list would follow a frame later (see LiveInput).
        self.watch(self.query_one("#picker-query", Input), "value", self.show, init=False)

    def show(self, query: str) -> None:
        """The operations for ``query`` under their category, the categories in the order of
        their best hit; every operation when it is empty, by category from A to Z."""
        if query.strip():
            found = catalog.search(query, limit=60)
        else:
            found = sorted(catalog.operations(), key=lambda op: op.category)
        groups: dict[str, list[Operation]] = {}
        for op in found:
            groups.setdefault(op.category, []).append(op)
        options: list[Option] = []
        for category, ops in groups.items():
            options.append(Option(Content.styled(f"{category} ({len(ops)})", "bold $accent"),
                                  disabled=True))  # fmt: skip
            options += [Option(_label(op), id=op.id) for op in ops]
        self._shown = {op.id: op for op in found}
        listing = self.query_one(OptionList)
        listing.set_options(options)
        listing.highlighted = 1 if options else None  # the first route, under its heading
        self.query_one("#picker-hint", Static).update(
            f"{len(found)} of {len(catalog.operations())} routes · {HINT}" if query else HINT
        )

    def action_move(self, steps: int) -> None:
        listing = self.query_one(OptionList)
        move = listing.action_cursor_down if steps > 0 else listing.action_cursor_up
        for _ in range(abs(steps)):
            move()

    @on(Input.Submitted, "#picker-query")
    def _submitted(self) -> None:
        listing = self.query_one(OptionList)
        if listing.highlighted is not None:
            self._pick(listing.get_option_at_index(listing.highlighted).id)

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self._pick(event.option.id)

    def _pick(self, operation_id: str | None) -> None:
        if operation_id in self._shown:
            self.dismiss(self._shown[operation_id])


def _label(op: Operation) -> Content:
    """``POST /repos/{owner}/{repo}/issues  Create an issue  issues/create``."""
    deprecated = Content.styled(" deprecated", "$warning") if op.deprecated else ""
    return Content.assemble(
        Content.styled(f"{op.method:<6} ", "bold"),
        op.route.partition(" ")[2],
        "  ",
        op.summary,
        deprecated,
        Content.styled(f"  {op.id}", "dim"),
    )
