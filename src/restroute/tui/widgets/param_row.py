"""One parameter row: ``name = value``."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label

from .live_input import LiveInput


class ParamRow(Horizontal):
    """A name input, '=', and a value input; ``-placeholder`` and ``-missing`` style it."""

    def __init__(self, name: str = "", value: str = "", *, placeholder: bool = False) -> None:
        super().__init__(classes="param-row -placeholder" if placeholder else "param-row")
        self._initial = (name, value)

    def compose(self) -> ComposeResult:
        name, value = self._initial
        yield LiveInput(name, placeholder="name", classes="param-name")
        yield Label("=", classes="param-equals")
        yield LiveInput(value, placeholder="value (JSON or text)", classes="param-value")

    @property
    def pair(self) -> tuple[str, str]:
        inputs = list(self.query(Input))
        if len(inputs) < 2:  # not composed yet
            return self._initial
        return inputs[0].value, inputs[1].value
