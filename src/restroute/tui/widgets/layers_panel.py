"""The stack of layers, bottom to top, each switchable, and the TOML of the highlighted one."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import SelectionList, Static, TextArea
from textual.widgets.selection_list import Selection

from ...session import Layer
from ..messages import LayerEdited, LayerToggled


class LayersPanel(Vertical):
    """Space switches the highlighted layer; its TOML shows below (editable but built-in)."""

    BORDER_TITLE = "Layers (bottom to top)"

    def __init__(self, layers: list[Layer], **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._layers = layers
        self._showing = ""
        self._drafts: dict[str, str] = {}  # the TOML as typed, valid or not, by layer name

    def compose(self) -> ComposeResult:
        yield SelectionList[str](*self._selections(), id="layer-list")
        yield Static("", id="layer-title")
        yield TextArea("", id="layer-text", soft_wrap=True)

    def on_mount(self) -> None:
        self.query_one(SelectionList).highlighted = len(self._layers) - 1  # the session layer

    def refresh_layers(self, layers: list[Layer], show: str | None = None) -> None:
        """Rebuild the list (after a profile was added)."""
        self._layers = layers
        selection = self.query_one(SelectionList)
        selection.clear_options()
        selection.add_options(self._selections())
        self.show_layer(show or self._showing or layers[-1].name)

    def show_layer(self, name: str) -> None:
        layer = next(layer for layer in self._layers if layer.name == name)
        self._showing = name
        text = self.query_one(TextArea)
        text.read_only = not layer.editable
        with text.prevent(TextArea.Changed):
            text.text = self._drafts.get(name, layer.text)  # invalid TOML typed is kept too
        state = "read-only" if not layer.editable else "edit the TOML below"
        # Content, never markup: a profile is named by its file ("[x].toml" and all).
        title = Content.assemble(Content.styled(name, "b"), f" · {state}")
        self.query_one("#layer-title", Static).update(title)

    def draft(self, name: str) -> str | None:
        """The TOML typed for layer ``name``, valid or not (None if it was never edited)."""
        return self._drafts.get(name)

    def _selections(self) -> list[Selection[str]]:
        return [
            Selection(Content(layer.name), layer.name, layer.enabled) for layer in self._layers
        ]

    @on(SelectionList.SelectionToggled)
    def _toggled(self, event: SelectionList.SelectionToggled[str]) -> None:
        event.stop()
        self.post_message(LayerToggled(event.selection.value))

    @on(SelectionList.SelectionHighlighted)
    def _highlighted(self, event: SelectionList.SelectionHighlighted[str]) -> None:
        event.stop()
        self.show_layer(event.selection.value)

    @on(TextArea.Changed)
    def _edited(self, event: TextArea.Changed) -> None:
        event.stop()
        self._drafts[self._showing] = event.text_area.text
        self.post_message(LayerEdited(self._showing, event.text_area.text))
