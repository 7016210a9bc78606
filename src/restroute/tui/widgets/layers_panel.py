"""The stack of layers, bottom to top, each switchable, and the TOML of the highlighted one."""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import SelectionList, Static, TextArea
from textual.widgets.selection_list import Selection

from ...session import Layer
from ..messages import LayerEdited, LayerToggled

PLACEHOLDER = 'TOML, e.g.\nper_page = 10\n[headers]\nx-github-api-version = "2022-11-28"'
ON = Content.styled("on ", "b green")
OFF = Content.styled("off", "b red")


class LayersPanel(Vertical):
    """Space switches the highlighted layer; its TOML shows below (editable but built-in).
    A layer says on or off in words, not by the colour of its box alone."""

    BORDER_TITLE = "Layers (bottom to top)"

    def __init__(self, layers: list[Layer], **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._layers = layers
        self._showing = ""
        self._told = False  # that the layer shown is read-only, since it was shown

    def compose(self) -> ComposeResult:
        yield SelectionList[str](*self._selections(), id="layer-list")
        yield Static("", id="layer-title")
        yield TextArea("", id="layer-text", soft_wrap=True, placeholder=PLACEHOLDER)

    def on_mount(self) -> None:
        self.query_one(SelectionList).highlighted = len(self._layers) - 1  # the session layer

    @property
    def showing(self) -> str:
        """The name of the layer whose TOML is shown."""
        return self._showing

    def refresh_layers(self, layers: list[Layer], show: str | None = None) -> None:
        """Rebuild the list (a profile added, a layer switched), the highlight kept on the
        layer shown, or on ``show``."""
        self._layers = layers
        name = show or self._showing or layers[-1].name
        selection = self.query_one(SelectionList)
        with selection.prevent(SelectionList.SelectionHighlighted):
            selection.clear_options()
            selection.add_options(self._selections())
            names = [layer.name for layer in layers]
            selection.highlighted = names.index(name) if name in names else len(names) - 1
        self.show_layer(name)

    def show_layer(self, name: str) -> None:
        layer = next(layer for layer in self._layers if layer.name == name)
        self._showing = name
        self._told = False
        text = self.query_one(TextArea)
        text.read_only = not layer.editable
        wanted = layer.draft if layer.draft is not None else layer.text  # refused TOML too
        if text.text != wanted:
            with text.prevent(TextArea.Changed):
                text.text = wanted
        state = "read-only" if not layer.editable else "edit the TOML below"
        # Content, never markup: a profile is named by its file ("[x].toml" and all).
        title = Content.assemble(Content.styled(name, "b"), f" · {state}")
        self.query_one("#layer-title", Static).update(title)

    def _selections(self) -> list[Selection[str]]:
        return [
            Selection(
                Content.assemble(ON if layer.enabled else OFF, " ", Content(layer.name)),
                layer.name,
                layer.enabled,
            )
            for layer in self._layers
        ]

    @on(SelectionList.SelectionToggled)
    def _toggled(self, event: SelectionList.SelectionToggled[str]) -> None:
        event.stop()
        self.post_message(LayerToggled(event.selection.value))

    @on(SelectionList.SelectionHighlighted)
    def _highlighted(self, event: SelectionList.SelectionHighlighted[str]) -> None:
        event.stop()
        self.show_layer(event.selection.value)

    def on_key(self, event: events.Key) -> None:
        """A key typed into a read-only layer's TOML says why nothing changes (once a
        layer shown), and where to type instead."""
        text = self.query_one(TextArea)
        if text.read_only and text.has_focus and event.is_printable and not self._told:
            self._told = True
            self.notify(
                f"{self._showing} is read-only. Type in the session layer's TOML (ctrl+t, then"
                " ↑↓ to it), or give a value in the form.",
                severity="warning",
                markup=False,
            )

    @on(TextArea.Changed)
    def _edited(self, event: TextArea.Changed) -> None:
        event.stop()
        self.post_message(LayerEdited(self._showing, event.text_area.text))
