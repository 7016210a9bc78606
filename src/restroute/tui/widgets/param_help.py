"""What GitHub says of the focused parameter, and where its route is documented."""

from __future__ import annotations

from textual.markup import escape
from textual.widgets import Static

from ...catalog import OPTION_NAMES, Operation, Parameter

RULE = (
    '[dim]A value is JSON if it parses (42, true, \\[1]), else text; empty is not given ("" '
    "is empty text). Rows may also be headers.NAME, media_type.format, request.KEY, data, "
    "data.KEY.[/]"
)
NO_ROUTE = (
    "[dim]F2 picks a route from GitHub's catalog (or ctrl+p, then a few words): "
    "its parameters come with their types, choices and descriptions.[/]\n" + RULE
)


class ParamHelp(Static):
    """The focused row's name, location, type and description; the route's docs URL."""

    BORDER_TITLE = "GitHub says"

    def __init__(self, **kwargs: object) -> None:
        super().__init__(NO_ROUTE, **kwargs)  # type: ignore[arg-type]

    def show(
        self, operation: Operation | None, name: str = "", spec: Parameter | None = None
    ) -> None:
        self.update(describe(operation, name, spec))


def describe(operation: Operation | None, name: str, spec: Parameter | None) -> str:
    """Console markup: what the catalog knows of ``name`` under ``operation``."""
    if operation is None:
        return NO_ROUTE
    route = (
        f"[dim]{escape(operation.id)} · {escape(operation.summary)} · "
        f"{escape(operation.docs_url)}[/]"
    )
    if operation.deprecated:
        route = f"[b $warning]deprecated[/] {route}"
    if not name:
        return f"{route}\n{RULE}"
    if spec is None:
        known = name.partition(".")[0] in OPTION_NAMES
        what = "an option of endpoint()" if known else "GitHub documents no such parameter"
        return f"[b]{escape(name)}[/] · {what}\n{RULE}\n{route}"
    lines = [f"[b]{escape(name)}[/] · {escape(' · '.join(spec.facts))}"]
    if spec.multi_segment:
        lines.append(
            f"[$warning]may hold '/': {{{escape(spec.name)}}} sends it as %2F; "
            f"write {{+{escape(spec.name)}}} in the route to keep it[/]"
        )
    if spec.description:
        lines.append(escape(spec.description))
    return "\n".join([*lines, route])
