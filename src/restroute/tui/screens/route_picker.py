"""Pick a route from GitHub's catalog: type to search, results grouped by category."""

from __future__ import annotations

import functools

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
from ..widgets.live_input import SteadyInput

HINT = "type to search id, route, summary or category · ↑↓ move · enter picks · esc closes"
CATEGORY = "category:"  # the option id of a category in the list of categories


class RoutePicker(ModalScreen[Operation | None]):
    """Dismisses with the chosen operation, or None."""

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("down", "move(1)", show=False),
        Binding("up", "move(-1)", show=False),
        Binding("pagedown", "move(10)", show=False),
        Binding("pageup", "move(-10)", show=False),
    ]

    def __init__(self, query: str = "") -> None:
        super().__init__()
        self._query = query
        self._shown: dict[str, Operation] = {}
        self._finished = False  # keys queued behind the one that closed it do nothing

    def compose(self) -> ComposeResult:
        with Vertical(id="picker"):
            yield SteadyInput(self._query, placeholder="create issue, pulls files, /user ...",
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
        their best hit; a category's name lists all of its routes; with nothing typed, the
        categories to choose from."""
        categories = _categories()
        if query.strip() in categories:
            found = categories[query.strip()]
        elif query.strip():
            found = catalog.search(query, limit=60)
        else:
            self._show_categories(categories)
            return
        groups: dict[str, list[Operation]] = {}
        for op in found:
            groups.setdefault(op.category, []).append(op)
        options: list[Option] = []
        for category, ops in groups.items():
            options.append(Option(Content.styled(f"{category} ({len(ops)})", "bold $accent"),
                                  disabled=True))  # fmt: skip
            options += [Option(_label(op.id), id=op.id) for op in ops]
        self._shown = {op.id: op for op in found}
        self._list(options, 1, f"{len(found)} of {len(catalog.operations())} routes · {HINT}")

    def _show_categories(self, categories: dict[str, list[Operation]]) -> None:
        options = [
            Option(Content.assemble(Content.styled(name, "bold $accent"), "  ", _routes(len(ops))),
                   id=f"{CATEGORY}{name}")
            for name, ops in categories.items()
        ]  # fmt: skip
        self._shown = {}
        self._list(options, 0, f"{len(categories)} categories: enter lists one · {HINT}")

    def _list(self, options: list[Option], highlight: int, hint: str) -> None:
        listing = self.query_one(OptionList)
        listing.set_options(options)
        listing.highlighted = highlight if options else None
        self.query_one("#picker-hint", Static).update(hint)

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

    def _pick(self, option_id: str | None) -> None:
        if option_id and option_id.startswith(CATEGORY):
            self.query_one("#picker-query", Input).value = option_id.removeprefix(CATEGORY)
        elif option_id in self._shown:
            self._finish(self._shown[option_id])

    def action_close(self) -> None:
        self._finish(None)

    def _finish(self, operation: Operation | None) -> None:
        if not self._finished:
            self._finished = True
            self.dismiss(operation)


@functools.cache
def _routes(count: int) -> str:
    return f"{count} route" if count == 1 else f"{count} routes"


def _categories() -> dict[str, list[Operation]]:
    """Every operation by category, the categories from A to Z."""
    categories: dict[str, list[Operation]] = {}
    for op in sorted(catalog.operations(), key=lambda op: op.category):
        categories.setdefault(op.category, []).append(op)
    return categories


@functools.cache
def _label(operation_id: str) -> Content:
    """``POST /repos/{owner}/{repo}/issues  Create an issue  issues/create``, made once an
    operation (the list is rebuilt on every key)."""
    op = catalog.find(operation_id)
    assert op is not None
    deprecated = Content.styled(" deprecated", "$warning") if op.deprecated else ""
    return Content.assemble(
        Content.styled(f"{op.method:<6} ", "bold"),
        op.route.partition(" ")[2],
        "  ",
        op.summary,
        deprecated,
        Content.styled(f"  {op.id}", "dim"),
    )
