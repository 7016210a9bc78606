"""The line under the route: what the request is, or its worst problem."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from ..._core.encoding import printable
from ...session import Status

MARKS = {
    "ok": Content.styled("✓", "b green"),
    "warning": Content.styled("!", "b yellow"),
    "error": Content.styled("✗", "b red"),
}
_SHOWN = 2_000  # characters of a status a line shows at most (a URL of 10 MB took a minute)


class StatusLine(Horizontal):
    """``✓ GET https://...``, or the first problem and how many more; and, while secrets
    are not redacted, a banner that says so."""

    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        yield Static("", id="secrets")

    def show(self, status: Status) -> Widget:
        """Show ``status``; returns the widget repainted."""
        line = self.query_one("#status", Static)
        more = Content.styled(f"  (+{status.more} more: F3)", "dim") if status.more else ""
        # Content, never markup: the text quotes what the user typed ("[/x]" and all).
        said = status.text if len(status.text) <= _SHOWN else status.text[: _SHOWN - 1] + "…"
        text = Content.assemble(MARKS[status.kind], " ", printable(said), more)
        line.update(text, layout=False)  # a fixed-height line: no layout of the screen
        line.set_class(status.kind == "error", "-error")
        return line

    def banner(self, text: Content) -> None:
        self.query_one("#secrets", Static).update(text)
