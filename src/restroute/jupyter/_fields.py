"""Widgets whose secrets stay in the kernel: a text field and a results pane.

A notebook saved with its widget state ("Save Widget State Automatically" in JupyterLab)
writes every synced trait into the ``.ipynb``. An ipywidgets ``Text``, ``Password`` or
``HTML`` would put a typed or revealed token there. These two sync only the redacted
text; what is typed reaches the kernel as a message, and what is revealed reaches the
page as one, which no saved state holds. Each view asks for the live value when it is
drawn, so a page reloaded on a live kernel shows it again.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..errors import EndpointError

_HERE = Path(__file__).parent
FIELD_CSS = """
.restroute-field{display:flex;align-items:flex-start;gap:8px;width:100%;min-width:0;
  box-sizing:border-box;margin:2px 0}
.restroute-field label{flex:0 0 auto;min-width:4em;
  line-height:var(--jp-widgets-inline-height,28px);
  color:var(--jp-widgets-label-color,var(--jp-ui-font-color1,inherit));
  font-size:var(--jp-widgets-font-size,13px)}
.restroute-field input,.restroute-field textarea{flex:1 1 auto;min-width:0;width:100%;
  box-sizing:border-box;padding:4px 8px;font-size:var(--jp-widgets-font-size,13px);
  color:var(--jp-widgets-input-color,var(--jp-ui-font-color1,inherit));
  background:var(--jp-widgets-input-background-color,var(--jp-layout-color1,#fff));
  border:var(--jp-widgets-input-border-width,1px) solid
    var(--jp-widgets-input-border-color,var(--jp-border-color1,#ccc))}
.restroute-field input{height:var(--jp-widgets-inline-height,28px)}
.restroute-field textarea{font-family:var(--jp-code-font-family,monospace);resize:vertical}
.restroute-field input:focus,.restroute-field textarea:focus{
  border-color:var(--jp-widgets-input-focus-border-color,var(--jp-brand-color1,#1976d2));
  outline:none}
"""
PANE_CSS = """
.restroute-pane{min-width:0;max-width:100%;overflow-wrap:anywhere;padding:4px 0;
  color:var(--jp-content-font-color1,inherit)}
"""


class Field(anywidget.AnyWidget):
    """A text field (``kind``: text, password or textarea) whose value is kept here.

    ``shown`` is the value as ``redact`` writes it, the only text that is synced;
    with ``hide_idle`` on, the page shows it while the field does not have the focus."""

    _esm = (_HERE / "field.js").read_text()
    _css = FIELD_CSS
    kind = traitlets.Unicode("text").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    placeholder = traitlets.Unicode("").tag(sync=True)
    hint = traitlets.Unicode("").tag(sync=True)  # the title: DOMWidget owns `tooltip`
    disabled = traitlets.Bool(False).tag(sync=True)
    rows = traitlets.Int(1).tag(sync=True)
    shown = traitlets.Unicode("").tag(sync=True)
    hide_idle = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self, value: str = "", *, redact: Callable[[str], str] = str, **traits: Any
    ) -> None:
        super().__init__(**traits)
        self._value = value
        self._redact = redact
        self.hide: Callable[[str], str] = str
        """The last word on ``shown``: the explorer's view hides every secret it knows."""
        self._typed: list[Callable[[str], None]] = []
        self._seq = 0  # the number of the last edit read from the page (field.js)
        self.refresh()
        self.on_msg(self._heard)

    @property
    def value(self) -> str:
        """The text in the field: set from the kernel, it shows on the page at once."""
        return self._value

    @value.setter
    def value(self, value: str) -> None:
        if not isinstance(value, str):
            msg = f"a field holds text, not {type(value).__name__}"
            raise EndpointError(msg)
        self._value = value
        self.refresh()
        self.send({"value": value, "seq": self._seq})

    def redact_with(self, redact: Callable[[str], str]) -> None:
        """Write ``shown`` another way from now on (the row's name changed)."""
        self._redact = redact
        self.refresh()

    def refresh(self) -> None:
        """Write ``shown`` again, as ``hide`` knows more secrets now."""
        self.shown = self.hide(self._redact(self._value))

    def on_typed(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(text)`` after each edit a person makes (never after ``value``
        is set from the kernel)."""
        self._typed.append(callback)

    def type(self, text: str) -> None:
        """What a keystroke on the page does: the field holds ``text`` now."""
        self._value = text
        self.refresh()
        for callback in self._typed:
            callback(text)

    def _heard(self, _widget: object, content: object, _buffers: object) -> None:
        """A message from the page: text typed (with the edit's number), or a view drawn
        that asks for the value. Anything else (the page is not trusted to send only
        these) is ignored; so is an edit older than the last one read. The value sent back
        names the last edit read, so that the page drops it if more was typed since."""
        if not isinstance(content, dict):
            return
        typed, seq = content.get("typed"), content.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool):
            seq = None  # not numbered: the count stays as it was
        if isinstance(typed, str):
            # ipykernel 7 may run a comm message while the one before is still running:
            # an edit older than one already read is stale, and the newer one holds it all.
            if seq is not None and seq < self._seq:
                return
            self._seq = self._seq if seq is None else seq
            self.type(typed)
        elif content.get("ask") is True:
            self._seq = self._seq if seq is None else seq  # a page drawn again counts from 0
            self.send({"value": self._value, "seq": self._seq})


class Pane(anywidget.AnyWidget):
    """A results pane: ``html`` (synced) is what shows with secrets redacted; the
    revealed HTML, while there is one, is sent to the page and kept here."""

    _esm = (_HERE / "pane.js").read_text()
    _css = PANE_CSS
    html = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **traits: Any) -> None:
        super().__init__(**traits)
        self.revealed: str | None = None
        self.on_msg(self._heard)

    @property
    def text(self) -> str:
        """The HTML on the page: the revealed one while there is one."""
        return self.html if self.revealed is None else self.revealed

    def show(self, html: str, revealed: str | None = None) -> None:
        """Show ``html``, or ``revealed`` over it (None: nothing revealed)."""
        self.html = html
        if revealed != self.revealed:
            self.revealed = revealed
            self.send({"revealed": revealed})

    def _heard(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("ask") is True:
            self.send({"revealed": self.revealed})
