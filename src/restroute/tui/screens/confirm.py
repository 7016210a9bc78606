"""Ask yes or no before a deliberate act (saving over a file, or through a link)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Label

from ..._core.encoding import printable


class Confirm(ModalScreen[bool]):
    """y says yes; n or escape says no. Nothing else answers: a queued enter is no yes."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self._question = question
        self._answered = False  # keys queued behind the answer do nothing

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            # a path: never markup, and a character a terminal obeys drawn escaped
            yield Label(Content(printable(self._question)), id="question")
            yield Label(Content.styled("y yes · n or escape no", "dim"))

    def action_answer(self, yes: bool) -> None:
        if not self._answered:
            self._answered = True
            self.dismiss(yes)
