"""One parameter row: ``name = value``, described by the catalog when GitHub documents it."""

from __future__ import annotations

import functools

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label, OptionList, Select

from ...catalog import Parameter
from ...session import VALUE_HINT
from ..paging import page
from .live_input import LiveInput


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
        focus: bool = False,
    ) -> None:
        classes = ["param-row"] + ["-placeholder"] * placeholder
        classes += ["-required"] * bool(spec and spec.required)
        super().__init__(classes=" ".join(classes))
        self._initial = (name, value)
        self.spec = spec
        self._name_input: Input | None = None  # kept, not queried: pair is read on every key
        self._value_widget: Input | Select[str] | None = None
        self._chosen = value  # a Select's value, which reads NULL until it is mounted
        self._offered: list[str] = []  # the choices of the Select, if the value is one
        self._focus = focus  # the name takes the focus when mounted (ctrl+n)
        self.gone = False  # deleted (ctrl+d): no longer one of the rows, while it is removed

    def compose(self) -> ComposeResult:
        name, value = self._initial
        self._name_input = LiveInput(name, placeholder="name", classes="param-name")
        self._offered = _choices(self.spec, value)
        self._value_widget = _value_widget(self.spec, value, self._offered)
        yield self._name_input
        yield Label("=", classes="param-equals")
        yield self._value_widget

    def on_mount(self) -> None:
        if self._focus and self._name_input is not None:
            self._name_input.focus()

    @property
    def pair(self) -> tuple[str, str]:
        """(name, value text); read on every keystroke, so no query of the children."""
        if self._name_input is None or self._value_widget is None:  # not composed yet
            return self._initial
        if isinstance(self._value_widget, Select):
            return self._name_input.value, self._chosen
        return self._name_input.value, self._value_widget.value

    @on(Select.Changed)
    def _chosen_changed(self, event: Select.Changed) -> None:
        self._chosen = event.value if isinstance(event.value, str) else ""

    def describe(self, spec: Parameter | None) -> None:
        """Take the catalog's description of this row (or none): its placeholder, class,
        and whether the value is a choice; what the value holds is kept."""
        self.spec = spec
        self.set_class(bool(spec and spec.required), "-required")
        old = self._value_widget
        if old is None:
            return
        value = self.pair[1]
        choices = _choices(spec, value)
        if isinstance(old, Input) and not choices:
            old.placeholder = hint(spec)
            return
        if isinstance(old, Select) and choices == self._offered:
            return
        self._chosen, self._offered = value, choices
        self._value_widget = _value_widget(spec, value, choices)
        self.mount(self._value_widget, after=old)
        old.remove()


class Choice(Select[str]):
    """A Select whose list pages by ``paging.page``: enter then pagedown, queued, reach
    the list before its first layout, where Textual 8.2.8 raises KeyError (paging.py).

    The list is the Select's own; its page actions are replaced on the instance: the key
    reaches it through the app's bindings, once it has the focus, after any check here."""

    def on_mount(self) -> None:
        listing = self.query_one(OptionList)
        listing.action_page_down = functools.partial(page, listing, 1)  # type: ignore[method-assign]
        listing.action_page_up = functools.partial(page, listing, -1)  # type: ignore[method-assign]


def _value_widget(spec: Parameter | None, value: str, choices: list[str]) -> Input | Select[str]:
    if choices:
        return Choice(
            [(choice, choice) for choice in choices],
            prompt=hint(spec),
            value=value or Select.NULL,
            classes="param-value",
        )
    return LiveInput(value, placeholder=hint(spec), classes="param-value")


def _choices(spec: Parameter | None, value: str) -> list[str]:
    """The choices to offer, when the value is one of them (or empty): a value typed
    before the route offered choices stays typed."""
    choices = list(spec.choices) if spec else []
    return choices if not value or value in choices else []


def hint(spec: Parameter | None) -> str:
    """The placeholder of a value: the catalog's hint, or how values are read."""
    return spec.hint if spec else VALUE_HINT
