"""Command palette entries: every action of the explorer by name, and GitHub's routes."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content

from .. import formats

COMMANDS = [
    ("route: pick from the catalog", "pick_route", "Search the API's routes by words"),
    ("catalog: switch the API", "switch_catalog", "Load an OpenAPI description, or GitHub's"),
    *(
        (f"copy: as {each.label}", f"copy('{each.name}')", f"Copy the request as {each.label}")
        for each in formats.FORMATS
    ),
    ("secrets: reveal or redact", "toggle_reveal", "Show or hide credentials"),
    ("profile: load a TOML file", "load_profile", "Stack a profile under the session layer"),
    ("profile: save the session layer", "save_profile", "Write the session layer to a file"),
    ("parameter: add a row", "add_row", "Add a name = value row"),
    ("parameter: undo", "undo", "Undo the last edit, delete, clear or pick"),
    ("form: clear every value", "clear_form", "Empty the form (undo brings it back)"),
    ("problems: every error and warning", "problems", "Show the Problems tab"),
    ("data: send a file as the body", "attach", "Choose a file: its bytes are the body"),
    ("data: detach the file", "detach", "Send no file as the body"),
    ("help: keys and how merge -> parse works", "help", "Open the help screen"),
]
ROUTE_HITS = 12


class ExplorerCommands(Provider):
    """Fuzzy-matched explorer actions; all of them listed before a key is typed."""

    async def discover(self) -> Hits:
        for title, action, help_text in COMMANDS:
            yield DiscoveryHit(title, self._run(action), help=help_text)

    def _run(self, action: str) -> Callable[[], Awaitable[object]]:
        return lambda: self.app.run_action(action)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, action, help_text in COMMANDS:
            score = matcher.match(title)
            if score > 0:
                yield Hit(
                    score,
                    matcher.highlight(title),
                    self._run(action),
                    help=help_text,
                )


class RouteCommands(Provider):
    """Routes from the catalog, ranked as the route picker ranks them; choosing one lays
    out its form."""

    async def search(self, query: str) -> Hits:
        choose = getattr(self.app, "choose", None)
        session = getattr(self.app, "session", None)
        if choose is None or session is None or not query.strip():
            return
        for rank, op in enumerate(session.catalog.search(query, limit=ROUTE_HITS)):
            title = f"{op.method} {op.route.partition(' ')[2]}"
            yield Hit(
                0.9 - rank / 100,  # the catalog's order, ahead of a loose action match
                Content.assemble(Content.styled(title, "bold"), f"  {op.summary}"),
                functools.partial(choose, op),
                text=title,
                help=f"{op.id} · {op.category}",
            )
