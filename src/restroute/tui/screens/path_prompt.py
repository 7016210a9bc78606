"""Ask for a file path (load or save a profile)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from ..widgets.live_input import SteadyInput


class PathPrompt(ModalScreen[str | None]):
    """Enter confirms, escape cancels."""

    # enter is the screen's, not the Input's Submitted message: that comes after a key
    # queued behind enter (escape), and enter then escape must be enter.
    BINDINGS = [
        Binding("enter", "submit", "Open", priority=True),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(
        self, title: str, value: str = "", *, placeholder: str = "path/to/profile.toml"
    ) -> None:
        super().__init__()
        self._title, self._value, self._placeholder = title, value, placeholder
        self._answered = False  # enter then enter (or escape), queued: the first one answers

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt"):
            yield Label(self._title)
            # (a path pasted with a terminal's commands in it is drawn escaped)
            yield SteadyInput(self._value, placeholder=self._placeholder, id="path")

    def action_submit(self) -> None:
        # A priority binding runs as the app reads enter, before the field has taken the
        # keys typed ahead of it (a path pasted then enter, at once, saved to "/tmp/ad"):
        # the answer is read in the field's own turn, after them.
        field = self.query_one(Input)
        field.call_later(lambda: self._answer(field.value.strip() or None))

    def action_cancel(self) -> None:
        self._answer(None)

    def _answer(self, path: str | None) -> None:
        if not self._answered:
            self._answered = True
            self.dismiss(path)
