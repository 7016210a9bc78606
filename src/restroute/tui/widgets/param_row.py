"""One parameter row: ``name = value``, described by the catalog when GitHub documents it."""

from __future__ import annotations

import json

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label, Select

from ...catalog import Parameter
from ...session import parse_value
from .live_input import LiveInput

FREE_TEXT = "value (JSON or text)"


class ParamRow(Horizontal):
    """A name input, '=', and a value: a choice for an enum or a boolean the catalog
    documents, an input otherwise. ``-placeholder``, ``-required`` and ``-missing`` style it.
    """

    def __init__(
        self,
        name: str = "",
        value: str = "",
        *,
        placeholder: bool = False,
        spec: Parameter | None = None,
    ) -> None:
        classes = ["param-row"] + ["-placeholder"] * placeholder
        classes += ["-required"] * bool(spec and spec.required)
        super().__init__(classes=" ".join(classes))
        self._initial = (name, value)
        self.spec = spec
        self._name_input: Input | None = None  # kept, not queried: pair is read on every key
        self._value_widget: Input | Select[str] | None = None

    def compose(self) -> ComposeResult:
        name, value = self._initial
        self._name_input = LiveInput(name, placeholder="name", classes="param-name")
        choices = choice_texts(self.spec) if self.spec else []
        if choices and (not value or value in choices):
            self._value_widget = Select(
                [(choice, choice) for choice in choices],
                prompt=hint(self.spec),
                value=value or Select.NULL,
                classes="param-value",
            )
        else:
            self._value_widget = LiveInput(
                value, placeholder=hint(self.spec), classes="param-value"
            )
        yield self._name_input
        yield Label("=", classes="param-equals")
        yield self._value_widget

    @property
    def pair(self) -> tuple[str, str]:
        """(name, value text); read on every keystroke, so no query of the children."""
        if self._name_input is None or self._value_widget is None:  # not composed yet
            return self._initial
        if isinstance(self._value_widget, Select):
            chosen = self._value_widget.value
            return self._name_input.value, chosen if isinstance(chosen, str) else ""
        return self._name_input.value, self._value_widget.value

    def describe(self, spec: Parameter | None) -> None:
        """Take the catalog's description of this row (or none): placeholder, class."""
        self.spec = spec
        self.set_class(bool(spec and spec.required), "-required")
        if isinstance(self._value_widget, Input):
            self._value_widget.placeholder = hint(spec)


def choice_texts(spec: Parameter) -> list[str]:
    """The values a row offers as choices, as a value text would type them (``"1"`` for
    the string 1, so that it stays a string)."""
    if spec.type.startswith("array<"):
        return []
    values = list(spec.enum) or ([True, False] if spec.type == "boolean" else [])
    return [value_text(value) for value in values]


def value_text(value: object) -> str:
    """What to type for ``value``: text as it is, unless it would read as other JSON."""
    if isinstance(value, str) and parse_value(value) == value:
        return value
    return json.dumps(value)


def hint(spec: Parameter | None) -> str:
    """``required · string``, ``integer · default 30``: the placeholder of a value."""
    if spec is None:
        return FREE_TEXT
    parts = ["required"] * spec.required + [spec.type]
    if spec.default is not None:
        parts.append(f"default {value_text(spec.default)}")
    if spec.multi_segment:
        parts.append("/ sent as %2F")
    return " · ".join(parts)
