"""The results, one tab each: parsed, merged, explain, curl, Python, httpx, JSON."""

from __future__ import annotations

import functools
import json
import pprint

from rich.console import RenderableType
from rich.syntax import Syntax
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static, Tab, Tabs

from ..._explain import Explanation
from ...errors import EndpointError
from ...snippets import redact_headers, to_curl, to_json, to_python

TABS = {
    "parsed": "Parsed",
    "merged": "Merged",
    "explain": "Explain",
    "curl": "curl",
    "python": "Python",
    "httpx": "httpx",
    "json": "JSON",
}
THEME = "ansi_dark"


class ResultsView(Vertical):
    """Shows what the session computes, a tab each; renders only the tab in view."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.revealed = False
        self.explanation: Explanation | None = None
        self.error: EndpointError | None = None
        self._rows: int | None = None

    def compose(self) -> ComposeResult:
        # One view under the tabs: fewer widgets keep every keystroke's layout short.
        yield Tabs(*(Tab(title, id=tab_id) for tab_id, title in TABS.items()), id="tabs")
        with VerticalScroll(id="result-scroll"):
            yield Static("", id="result-text")

    @property
    def active(self) -> str:
        return self.query_one(Tabs).active or "parsed"

    @active.setter
    def active(self, tab: str) -> None:
        self.query_one(Tabs).active = tab

    def show(
        self, explanation: Explanation | None = None, error: EndpointError | None = None
    ) -> None:
        """Keep what the session computed and render the tab in view."""
        if explanation is not None or error is not None:
            self.explanation, self.error = explanation, error
        rendered = self.render_tab(self.active)
        static = self.query_one("#result-text", Static)
        # The same height as before (most keystrokes): repaint it, no layout of the screen.
        height = self._height(rendered, static.content_region.width)
        static.update(rendered, layout=height is None or height != self._rows)
        self._rows = height

    def _height(self, rendered: RenderableType, width: int) -> int | None:
        """Rows the view takes at ``width`` (None before the first layout)."""
        if width <= 0:
            return None
        console = self.app.console
        return len(console.render_lines(rendered, console.options.update_width(width)))

    def render_tab(self, tab: str) -> RenderableType:
        explanation = self.explanation
        if explanation is None:
            return Text(f"✗ {self.error}" if self.error else "", style="bold red")
        hide = not self.revealed
        if tab == "merged":
            merged = dict(explanation.merged)
            if hide and isinstance(merged.get("headers"), dict):
                merged["headers"] = redact_headers(merged["headers"])
            return _code(json.dumps(merged, indent=2, ensure_ascii=False, default=repr), "json")
        if tab == "explain":
            return _explain_table(explanation, hide)
        result = explanation.result
        if result is None:
            return Text(f"✗ {explanation.error}", style="bold red")
        try:
            if tab == "parsed":
                headers = result["headers"]
                shown = dict(result, headers=redact_headers(headers) if hide else headers)
                return _code(pprint.pformat(shown, sort_dicts=False, width=72), "python")
            if tab == "curl":
                return _code(to_curl(result, redact=hide), "bash")
            if tab in ("python", "httpx"):
                client = "requests" if tab == "python" else "httpx"
                return _code(to_python(result, client=client, redact=hide), "python")
            return _code(to_json(result, redact=hide), "json")
        except EndpointError as error:
            return Text(f"✗ {error}", style="bold red")

    @on(Tabs.TabActivated)
    def _activated(self, event: Tabs.TabActivated) -> None:
        event.stop()
        self.show()


def _code(text: str, language: str) -> Text:
    """Highlighted text: lexed once here, so painting it and measuring it do not lex again."""
    return _highlighter(language).highlight(text)


@functools.cache
def _highlighter(language: str) -> Syntax:
    return Syntax("", language, theme=THEME, background_color="default")


def _explain_table(explanation: Explanation, hide: bool) -> Table:
    table = Table(expand=True, show_edge=False, header_style="bold")
    for column in Explanation.COLUMNS:
        table.add_column(column, overflow="fold")
    for row in explanation.rows(redact=hide):
        table.add_row(*row)
    return table
