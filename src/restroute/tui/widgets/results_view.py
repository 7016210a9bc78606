"""The results, one tab each: parsed, merged, explain, curl, Python, httpx, JSON,
problems, and what a pasted request was read as."""

from __future__ import annotations

import functools
import pprint

from rich.console import RenderableType
from rich.highlighter import ReprHighlighter
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widget import Widget

from ... import formats
from ..._core.encoding import printable_lines
from ..._core.explain import Explanation
from ..._core.json_layout import json_indented
from ...display import cut_lines
from ...session import View
from .code_view import CodeView, Highlighted
from .tab_bar import TabBar

TYPE_CHECKING = False
if TYPE_CHECKING:
    from rich.syntax import Syntax

TABS = {
    "parsed": "Parsed",
    "merged": "Merged",
    "explain": "Explain",
    **{each.name: each.tab for each in formats.FORMATS},
    "problems": "Problems",
    "pasted": "Pasted",
}
PASTE_HINT = (
    "Paste a request into the route bar (ctrl+l): a URL, a curl, HTTPie or gh api "
    "command, an octokit.request(...) call, or one of restroute's own snippets. It is "
    "read back into its route, the form and the headers, and shown here part by part: "
    "which words became the method, each parameter and each header, and what was left "
    "out and why. Nothing in it is run."
)
MARKS = {"error": ("✗", "bold red"), "warning": ("!", "bold yellow")}
THEME = "ansi_dark"
REPR = ReprHighlighter()


class ResultsView(Vertical):
    """Shows the session's view, a tab each; renders only the tab in view."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.view: View | None = None

    def compose(self) -> ComposeResult:
        # One view under the tabs: fewer widgets keep every keystroke's layout short.
        yield TabBar(TABS, id="tabs")
        yield CodeView(id="result-text")

    @property
    def active(self) -> str:
        return self.query_one(TabBar).active

    @active.setter
    def active(self, tab: str) -> None:
        self.query_one(TabBar).active = tab

    def show(self, view: View | None = None) -> tuple[Widget, ...]:
        """Keep the session's view (when given) and render the tab in view; returns the
        widgets repainted."""
        bar = self.query_one(TabBar)
        relabelled = False
        if view is not None:
            self.view = view
            relabelled = bar.set_label("problems", self._problems_label)
        code = self.query_one(CodeView)
        code.show(self.render_tab(self.active))
        return (code, bar) if relabelled else (code,)

    @property
    def _problems_label(self) -> str:
        count = len(self.view.problems) if self.view is not None else 0
        return f"Problems {count}" if count else "Problems"

    def render_tab(self, tab: str) -> RenderableType:
        view = self.view
        if view is None:
            return Text("")
        if tab == "problems":
            return _problems(view)
        if tab == "pasted":
            return Text(_lines(view.pasted) or PASTE_HINT, style="" if view.pasted else "dim")
        if tab == "merged" and view.merged is not None:
            return _code(_lines(json_indented(view.merged, default=repr)), "json")
        if tab == "explain" and view.merged is not None:
            return _explain_table(view)
        if tab == "parsed" and view.parsed is not None:
            parsed = dict(view.parsed)
            # Data, highlighted as Rich's pretty printer does: a third of Pygments' time;
            # laid out for the view's width, and again when it is resized.
            return Highlighted(
                lambda width: _lines(
                    pprint.pformat(parsed, sort_dicts=False, width=max(40, width))
                ),
                REPR,
            )
        if tab in formats.BY_NAME and view.parsed is not None:
            text = _lines(view.snippet(tab))  # a copy takes the snippet whole
            if view.refused(tab):
                return Text(f"✗ {text}", style="bold red")
            return _code(text, formats.BY_NAME[tab].syntax)
        return Text(f"✗ {printable_lines(str(view.error))}", style="bold red")

    @on(TabBar.Activated)
    def _activated(self, event: TabBar.Activated) -> None:
        event.stop()
        self.show()
        self.query_one(CodeView).scroll_home(animate=False)  # a tab opens at its top


def _problems(view: View) -> Text:
    """Every error and warning, one paragraph each, the worst first."""
    if not view.problems:
        return Text("✓ No problems: the request is built as shown.", style="green")
    text = Text()
    for problem in view.problems:
        mark, style = MARKS[problem.kind]
        text.append(f"{mark} ", style=style)
        text.append(f"{printable_lines(problem.text)}\n\n")  # Text, never markup
    text.rstrip()
    return text


def _lines(text: str) -> str:
    """A text as the pane draws it: its long lines cut, a terminal's controls escaped."""
    return printable_lines(cut_lines(text))


def _code(text: str, language: str) -> Text:
    """Highlighted text: lexed once here, so painting it and measuring it do not lex again."""
    return _highlighter(language).highlight(text)


@functools.cache
def _highlighter(language: str) -> Syntax:
    # Imported here: Pygments costs 12 ms, and the first frame shows Parsed (data, not code).
    from rich.syntax import Syntax

    # Given its lexer, not the lexer's name, which Syntax looks up on every highlight.
    lexer = Syntax("", language).lexer
    return Syntax("", lexer or language, theme=THEME, background_color="default")


def _explain_table(shown: View | tuple[tuple[str, str, str, str], ...]) -> Table:
    """The Explain tab. Given the view: each option's cascade (``View.cascade``), a
    layer's value a line, bottom to top, the overridden struck and dim, the one merge
    kept bold, what parse sent instead under them; the option's name over where it went.
    Two columns, so that at the width of the results pane each column is wider than the
    longest token (a header name, the accept value) and lines break at spaces; ``fold``
    only cuts a token wider than its column. Given rows (``View.rows``): a line an option."""
    from ..._core.explain import MERGED, OVERRIDDEN

    table = Table(expand=True, show_edge=False, header_style="bold")
    if not isinstance(shown, View):
        for column in Explanation.COLUMNS:
            table.add_column(column, overflow="fold")
        for row in shown:
            table.add_row(*(Text(printable_lines(cell)) for cell in row))  # never markup
        return table
    table.add_column("option → went to", overflow="fold")
    table.add_column("value · layer, bottom layer first", overflow="fold")
    table.caption = "struck: overridden by a layer above · bold: the value merge keeps"
    table.caption_style = "dim"
    for option in shown.cascade:
        name = Text(option.key, style="bold")
        name.append(f"\n→ {option.destination}", style="dim")
        said = Text()
        for step in option.steps:
            if said:
                said.append("\n")
            if step.state == OVERRIDDEN:
                said.append(f"{step.text} · {step.layer}", style="strike dim")
            elif step.state == MERGED:
                said.append(f"{step.text} · {step.layer} (merged into the one above)", "dim")
            else:
                said.append(step.text, style="bold")
                said.append(f" · {step.layer}")
        for note in option.notes:
            said.append("\n" if said else "")
            said.append(f"→ {note}", style="italic")
        table.add_row(name, said)  # Text, never markup: the user's values
    return table
