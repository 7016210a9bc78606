"""The stack of layers, bottom to top, each switchable, and the TOML of the highlighted one."""

from __future__ import annotations

import dataclasses
import functools

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import SelectionList, Static
from textual.widgets.selection_list import Selection

from ..._core.encoding import printable, printable_lines
from ...redact import redact_toml
from ...session import Layer
from ..messages import LayerEdited, LayerToggled

TYPE_CHECKING = False
if TYPE_CHECKING:
    from textual.document._history import EditHistory
    from textual.widgets import TextArea
    from textual.widgets.text_area import Selection as TextSelection

# Content, not a str: TextArea reads a str placeholder as markup, and "[headers]" vanished.
PLACEHOLDER = Content(
    'TOML, for example:\nper_page = 5\n[headers]\nx-github-api-version = "2022-11-28"'
)
ON = Content.styled("on ", "b green")
OFF = Content.styled("off", "b red")


class LayersPanel(Vertical):
    """Space switches the highlighted layer; its TOML shows below (editable but built-in).
    A layer says on or off in words, not by the colour of its box alone.

    The TOML shows its secrets redacted (``redact_toml``) unless they are revealed, as
    every other view does; only while a person edits the session layer does it show
    what they typed, since no one can edit text they cannot see."""

    BORDER_TITLE = "Layers (bottom to top)"

    def __init__(self, layers: list[Layer], **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._layers = layers
        self._showing = ""
        self._told = False  # that the layer shown is read-only, since it was shown
        self._editor: TextArea | None = None  # made when first used (see editor)
        self._toml = ("", False)  # the layer's TOML, and whether it is read-only
        self._revealed = False  # secrets shown (ctrl+r)
        # While the editor shows the TOML redacted: its undo history and cursor in the
        # TOML as typed, given back with it.
        self._typed: tuple[EditHistory, TextSelection] | None = None
        self._live = False  # the editor holds the TOML as typed (edits since not yet told)

    def compose(self) -> ComposeResult:
        yield SelectionList[str](*self._selections(), id="layer-list")
        yield Static("", id="layer-title")
        yield DrawnToml(self, id="layer-text-drawn", classes="layer-text")

    @property
    def made_editor(self) -> TextArea | None:
        """The TOML editor, if made (None while it is drawn)."""
        return self._editor

    def editor(self) -> TextArea:
        """The TOML editor, made at once the first time it is wanted: until then an
        empty TOML is drawn (DrawnToml). A TextArea and its CSS took 20 ms of the first
        frame, and the session layer starts empty."""
        if self._editor is None:
            from textual.widgets import TextArea  # here: its module takes 10 ms to load

            editor = TextArea(
                "", id="layer-text", classes="layer-text", soft_wrap=True,
                placeholder=PLACEHOLDER, read_only=self._toml[1],
            )  # fmt: skip
            drawn = self.query_one(DrawnToml)  # (an empty layer's TOML: see DrawnToml)
            self.mount(editor, after=drawn)
            drawn.remove()
            self._editor = editor
            self._show_toml()
        return self._editor

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
        wanted = layer.draft if layer.draft is not None else layer.text  # refused TOML too
        # An empty layer (one empty line) shows the editor's placeholder: how to write one.
        wanted = wanted if wanted.strip() else ""
        self._toml = (wanted, not layer.editable)
        self._typed, self._live = None, False  # another layer's TOML: the last one is gone
        if self._editor is not None or wanted:
            self.editor().read_only = not layer.editable
            self._show_toml()
        state = "read-only" if not layer.editable else "edit the TOML below"
        # Content, never markup: a profile is named by its file ("[x].toml" and all), and
        # a character a terminal obeys there drawn escaped ("p\x9b1m.toml").
        title = Content.assemble(Content.styled(printable(name), "b"), f" · {state}")
        self.query_one("#layer-title", Static).update(title)

    def reveal(self, revealed: bool) -> None:
        """Show the TOML's secrets, or hide them again (ctrl+r)."""
        self._revealed = revealed
        self._show_toml()

    def _show_toml(self) -> None:
        """Put the layer's TOML in the editor, redacted unless revealed or being edited."""
        editor = self._editor
        if editor is None:  # an empty layer, drawn: nothing to hide
            return
        typed, read_only = self._toml
        if self._live:  # the editor holds the TOML as typed, with edits not yet told
            typed = editor.text
            self._toml = (typed, read_only)
        editing = editor.has_focus and not read_only
        # not edited, a character a terminal obeys shows escaped (a profile's "v\u202e")
        shown = (
            typed if editing else printable_lines(typed if self._revealed else redact_toml(typed))
        )
        if editor.text != shown:
            if self._live:  # to be hidden: keep what undo needs, for when it shows again
                self._typed = (editor.history, editor.selection)
                editor.history = dataclasses.replace(editor.history)  # a new, empty one
            with editor.prevent(editor.Changed):
                editor.text = shown
            if shown == typed and self._typed is not None:  # as typed again: undo as before
                editor.history, editor.selection = self._typed
                self._typed = None
        self._live = shown == typed

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if event.widget is self._editor:
            self._show_toml()
            self._editing(True)

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        if event.widget is self._editor:
            self._show_toml()
            self._editing(False)

    def _editing(self, editing: bool) -> None:
        """While the TOML is edited the list of layers takes two lines, so that the
        editor's lines are all in the panel: at 80x24 and 100x30 the panel has seven, and
        four layers, the title and the editor's three left the cursor's line out of view
        (what was typed there was invisible)."""
        self.set_class(editing, "-editing")
        selection = self.query_one(SelectionList)
        # The layer edited in view, once the list has its new height (laid out, then
        # refreshed: after one refresh it still had its old one).
        self.call_after_refresh(selection.call_after_refresh, selection.scroll_to_highlight)

    def _selections(self) -> list[Selection[str]]:
        return [
            Selection(
                Content.assemble(
                    ON if layer.enabled else OFF, " ", Content(printable(layer.name))
                ),
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
        if event.selection_index != event.selection_list.highlighted:
            return  # moved on since (the list starts on the first layer: on_mount)
        self.show_layer(event.selection.value)

    def on_key(self, event: events.Key) -> None:
        """A key typed into a read-only layer's TOML says why nothing changes (once a
        layer shown), and where to type instead."""
        text = self._editor
        if text is None:  # drawn: focus makes the editor
            return
        if text.read_only and text.has_focus and event.is_printable and not self._told:
            self._told = True
            self.notify(
                f"{self._showing} is read-only. Type in the session layer's TOML (ctrl+t, then"
                " ↑↓ to it), or give a value in the form.",
                severity="warning",
                markup=False,
            )

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        event.stop()
        self.post_message(LayerEdited(self._showing, event.text_area.text))


class DrawnToml(Widget, can_focus=True):
    """An empty layer's TOML editor, drawn as TextArea draws it unfocused: its placeholder.
    Focused or clicked, it becomes the editor (PaintingScreen asks focus_target)."""

    COMPONENT_CLASSES = {"drawn-toml--placeholder"}
    DEFAULT_CSS = "DrawnToml > .drawn-toml--placeholder { color: $text 40%; }"

    def __init__(self, panel: LayersPanel, *, id: str, classes: str) -> None:
        super().__init__(id=id, classes=classes)
        self._panel = panel

    def focus_target(self) -> Widget:
        return self._panel.editor()

    def render_line(self, y: int) -> Strip:
        lines = _placeholder_lines(self.content_size.width)
        if y >= len(lines):
            return Strip.blank(self.content_size.width, self.rich_style)
        line = lines[y].stylize(self.get_visual_style("drawn-toml--placeholder"))
        return Strip(line.render_segments(self.visual_style), line.cell_length)


@functools.cache
def _placeholder_lines(width: int) -> list[Content]:
    """The placeholder wrapped to ``width``, once a width (not once a line painted)."""
    return Content.from_text(PLACEHOLDER).wrap(width)
