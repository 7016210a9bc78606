"""What GitHub says of the focused parameter, and where its route is documented."""

from __future__ import annotations

import re

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.style import Style
from textual.widgets import Static

from ..._core.encoding import printable, printable_lines
from ...catalog import Operation, Parameter
from ...redact import name_shown
from ...rules import OPTION_NAMES

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
DOCS = "https://docs.github.com"
# GitHub's descriptions are Markdown: links (cut short by the catalog's 300 characters,
# so the closing parenthesis may be missing), **strong**, _emphasis_ and `code`.
_MARKDOWN = re.compile(
    r"\[(?P<text>[^\]]*)\]\((?P<url>[^)\s]*)\)?"
    r"|\*\*(?P<strong>[^*]+)\*\*"
    r"|(?<![\w])_(?P<em>[^_]+)_(?![\w])"
    r"|`(?P<code>[^`]+)`"
)


class ParamHelp(VerticalScroll, can_focus=False):
    """The focused row's name, location, type and description; the route's docs URL. A
    fixed height that scrolls, so the form does not jump as the focus moves."""

    BORDER_TITLE = "GitHub says"

    def compose(self) -> ComposeResult:
        yield Static(NO_ROUTE, id="param-help-text")

    def show(
        self, operation: Operation | None, name: str = "", spec: Parameter | None = None
    ) -> None:
        self.query_one("#param-help-text", Static).update(describe(operation, name, spec))
        said = "The description says" if operation is not None and operation.template else ""
        if self.border_title != (said or self.BORDER_TITLE):
            self.border_title = said or self.BORDER_TITLE
        self.scroll_home(animate=False)


def describe(operation: Operation | None, name: str, spec: Parameter | None) -> Content:
    """What the catalog knows of ``name`` under ``operation``. Names and descriptions go
    in as markup variables, never as markup: a row's name is whatever the user typed."""
    if operation is None:
        return NO_ROUTE
    route = Content.from_markup(
        "[dim]$id · $summary[/]" + ("\n[dim]$docs[/]" if operation.docs_url else ""),
        id=printable(operation.id),  # a description's words: drawn escaped
        summary=printable(operation.summary),
        docs=printable(operation.docs_url),
    )
    if operation.deprecated:
        route = Content.assemble(DEPRECATED, route)
    if not name:
        return LINES.join([route, RULE])
    # a name as typed may hold controls (ESC: a terminal's command) or a credential
    shown = printable(name_shown(name))
    if spec is None:
        known = name.partition(".")[0] in OPTION_NAMES
        who = "the description" if operation.template else "GitHub"
        what = "an option of endpoint()" if known else f"{who} documents no such parameter"
        return LINES.join([Content.from_markup("[b]$name[/] · $what", name=shown, what=what),
                           RULE, route])  # fmt: skip
    facts = printable(" · ".join(spec.facts))
    lines = [Content.from_markup("[b]$name[/] · $facts", name=shown, facts=facts)]
    if spec.multi_segment:
        lines.append(
            Content.from_markup(
                "[$warning]may hold '/': {$name} sends it as %2F; "
                "write {+$name} in the route to keep it[/]",
                name=printable(spec.name),
            )
        )
    if spec.description:
        lines.append(from_markdown(printable_lines(spec.description)))
    return LINES.join([*lines, route])


def from_markdown(text: str) -> Content:
    """GitHub's Markdown as the terminal shows it: a link's text, styled as a link to
    its URL; strong, emphasis and code styled; the marks themselves gone."""
    parts: list[Content] = []
    at = 0
    for match in _MARKDOWN.finditer(text):
        parts.append(Content(text[at : match.start()]))
        at = match.end()
        if match["text"] is not None:
            url = match["url"]
            url = DOCS + url if url.startswith("/") else url
            parts.append(Content.styled(match["text"], Style(underline=True, link=url)))
        elif match["strong"] is not None:
            parts.append(Content.styled(match["strong"], "b"))
        elif match["em"] is not None:
            parts.append(Content.styled(match["em"], "i"))
        else:
            parts.append(Content.styled(match["code"], "b"))
    parts.append(Content(text[at:]))
    return Content.assemble(*parts)
