"""Messages the widgets send up to the app."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from ..catalog import Parameter


@dataclass
class RowsChanged(Message):
    """A choice was made in a row: the rows as (name, value text) pairs, in order, and
    the field chosen in (its edits are one step of undo)."""

    rows: list[tuple[str, str]]
    field: object


@dataclass
class LayerToggled(Message):
    """A layer was switched on or off."""

    name: str


@dataclass
class LayerEdited(Message):
    """A layer's TOML text was edited."""

    name: str
    text: str


@dataclass
class ParamFocused(Message):
    """A parameter row took the focus: its name, and the catalog's description of it."""

    name: str
    spec: Parameter | None


@dataclass
class RequestPasted(Message):
    """A request was pasted into the route bar (a curl, a URL with values ...)."""

    text: str
