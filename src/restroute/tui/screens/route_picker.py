"""Pick a route from the catalog (GitHub's, or a loaded description's): type to search,
results grouped by category."""

from __future__ import annotations

import functools

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input, Static

from ...catalog import Catalog, Operation
from ...redact import redact_words
from ..widgets.live_input import SteadyInput
from ..widgets.route_list import RouteList, Row
from .painting import paint_changes, repaint_now

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

    def __init__(self, query: str = "", api: Catalog | None = None) -> None:
        super().__init__()
        paint_changes(self)
        if api is None:
            from ...catalog import load

            api = load("github")
        self.api = api
        self._query = query
        self._shown: dict[str, Operation] = {}
        self._finished = False  # keys queued behind the one that closed it do nothing
        self._hint = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="picker"):
            words = (
                "create issue, pulls files, /user ..."
                if self.api.is_github
                else (f"{self.api.label}: words of a route's id, path or summary")
            )
            yield SteadyInput(self._query, placeholder=words, id="picker-query")
            yield Static(HINT, id="picker-hint", markup=False)  # it quotes what was typed
            yield RouteList(id="picker-list")

    def on_mount(self) -> None:
        self.show(self._query)
        # Watched, not a Changed message: that arrives after the new text is painted, and
        # the list would follow a frame later (see LiveInput).
        self.watch(self.query_one("#picker-query", Input), "value", self.show, init=False)

    def show(self, query: str) -> None:
        """The operations for ``query`` under their category, the categories in the order of
        their best hit; a category's name lists all of its routes; with nothing typed, the
        categories to choose from."""
        api = self.api
        categories = _categories(api)
        by_letters = False
        if query.strip() in categories:
            found = categories[query.strip()]
        elif query.strip():
            found, by_letters = api.searched(query, limit=60)
        else:
            self._show_categories(categories)
            return
        groups: dict[str, list[Operation]] = {}
        for op in found:
            groups.setdefault(op.category, []).append(op)
        rows: list[Row] = []
        for category, ops in groups.items():
            rows.append(Row(None, ((f"{category} ({len(ops)})", "heading"),)))
            rows += [_row(api, op) for op in ops]
        self._shown = {op.id: op for op in found}
        counted = f"{len(found)} of {len(api.operations):,} routes"
        if by_letters:  # say why "copilot" lists routes that are not about it
            words = redact_words(query.strip())  # a line that is not the field: no secrets
            counted = f"no route has the words {words!r}" + (
                f": {len(found)} hold their letters" if found else ", nor their letters"
            )
        self._list(rows, f"{counted} · {HINT}")

    def _show_categories(self, categories: dict[str, list[Operation]]) -> None:
        rows = [
            Row(f"{CATEGORY}{name}", ((name, "heading"), (f"  {_routes(len(ops))}", "")))
            for name, ops in categories.items()
        ]
        self._shown = {}
        self._list(rows, f"{len(categories)} categories: enter lists one · {HINT}")

    def _list(self, rows: list[Row], hint: str) -> None:
        listing, shown_hint = self.query_one(RouteList), self.query_one("#picker-hint", Static)
        listing.show(rows, 0)
        changed: tuple[Widget, ...] = (listing, self.query_one("#picker-query"))
        if hint != self._hint:  # the count, on some keys (Static.update repaints it all)
            self._hint = hint
            shown_hint.update(hint, layout=False)  # one line
            changed += (shown_hint,)
        if self.is_mounted:  # in the frame that paints the key
            repaint_now(self, changed)

    def action_move(self, steps: int) -> None:
        self.query_one(RouteList).move(steps)

    @on(Input.Submitted, "#picker-query")
    def _submitted(self) -> None:
        self._pick(self.query_one(RouteList).highlighted_key)

    @on(RouteList.Picked)
    def _clicked(self, event: RouteList.Picked) -> None:
        self._pick(event.key)

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


@functools.lru_cache(maxsize=8)
def _categories(api: Catalog) -> dict[str, list[Operation]]:
    """Every operation by category, the categories from A to Z."""
    categories: dict[str, list[Operation]] = {}
    for op in sorted(api.operations, key=lambda op: op.category):
        categories.setdefault(op.category, []).append(op)
    return categories


def _row(api: Catalog, op: Operation) -> Row:
    """``POST /repos/{owner}/{repo}/issues  Create an issue  issues/create``, made once an
    operation (the list is rebuilt on every key), from the operation itself: found again
    by its id, an id that is another's route or octokit name (``GET /d``) showed that one."""
    rows: dict[str, Row] = api.memo.setdefault("picker rows", {})
    row = rows.get(op.id)
    if row is None:
        deprecated = ((" deprecated", "warning"),) if op.deprecated else ()
        row = rows[op.id] = Row(
            op.id,
            (
                (f"{op.method:<6} ", "method"),
                (f"{op.route.partition(' ')[2]}  {op.summary}", ""),
                *deprecated,
                (f"  {op.id}", "dim"),
            ),
        )
    return row
