"""What GitHub says of the focused parameter, and where its route is documented."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from ...catalog import OPTION_NAMES, Operation, Parameter

RULE = Content.from_markup(
    '[dim]A value is JSON if it parses (42, true, \\[1]), else text; empty is not given ("" '
    "is empty text). Rows may also be headers.NAME, media_type.format, request.KEY, data, "
    "data.KEY.[/]"
)
NO_ROUTE = Content("\n").join(
    [
        Content.from_markup(
            "[dim]F2 picks a route from GitHub's catalog (or ctrl+p, then a few words): "
            "its parameters come with their types, choices and descriptions.[/]"
        ),
        RULE,
    ]
)
DEPRECATED = Content.from_markup("[b $warning]deprecated[/] ")
LINES = Content("\n")


class ParamHelp(Static):
    """The focused row's name, location, type and description; the route's docs URL."""

    BORDER_TITLE = "GitHub says"

    def __init__(self, **kwargs: object) -> None:
        super().__init__(NO_ROUTE, **kwargs)  # type: ignore[arg-type]

    def show(
        self, operation: Operation | None, name: str = "", spec: Parameter | None = None
    ) -> None:
        self.update(describe(operation, name, spec))


def describe(operation: Operation | None, name: str, spec: Parameter | None) -> Content:
    """What the catalog knows of ``name`` under ``operation``. Names and descriptions go
    in as markup variables, never as markup: a row's name is whatever the user typed."""
    if operation is None:
        return NO_ROUTE
    route = Content.from_markup(
        "[dim]$id · $summary · $docs[/]",
        id=operation.id,
        summary=operation.summary,
        docs=operation.docs_url,
    )
    if operation.deprecated:
        route = Content.assemble(DEPRECATED, route)
    if not name:
        return LINES.join([route, RULE])
    if spec is None:
        known = name.partition(".")[0] in OPTION_NAMES
        what = "an option of endpoint()" if known else "GitHub documents no such parameter"
        return LINES.join([Content.from_markup("[b]$name[/] · $what", name=name, what=what),
                           RULE, route])  # fmt: skip
    facts = " · ".join(spec.facts)
    lines = [Content.from_markup("[b]$name[/] · $facts", name=name, facts=facts)]
    if spec.multi_segment:
        lines.append(
            Content.from_markup(
                "[$warning]may hold '/': {$name} sends it as %2F; "
                "write {+$name} in the route to keep it[/]",
                name=spec.name,
            )
        )
    if spec.description:
        lines.append(Content(spec.description))
    return LINES.join([*lines, route])
