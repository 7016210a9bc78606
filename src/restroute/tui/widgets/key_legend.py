"""The keys, on one line at the bottom: what Textual's Footer shows, for a fifth of the cost.

Textual's Footer is a widget per key and recomposes as focus moves; measured here it
added about 5 ms to every keystroke (benchmarks/bench_explorer.py), a third of the
budget for a keystroke to reach the results.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.content import Content
from textual.geometry import Size
from textual.widgets import Static

FIRST = ("help",)  # F1 and the palette come first: the way to every other key
PANELS = ("to-route", "to-form", "to-layers", "to-results")
LINES = 2  # at most: each takes a line from the form


class KeyLegend(Static):
    """``F1 Help  ^p Palette  F2 Routes ...`` from the app's bindings, the most needed
    first. When one line cannot hold them all, the copy keys and the panel keys go in one
    entry each, and the entries take two lines (the newcomer missed ^d, ^z and the panel
    keys cut from one line at 80 columns)."""

    def __init__(self, bindings: list[Binding]) -> None:
        super().__init__(id="keys")
        shown = [each for each in bindings if each.show and each.description]
        self._full = _join(_entries(shown, compact=False))
        self._compact = _entries(shown, compact=True)

    def render(self) -> Content:
        return self._lines(self.content_size.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines(width).split())

    def _lines(self, width: int) -> Content:
        if self._full.cell_length <= width:
            return self._full
        lines: list[list[Content]] = [[]]
        for entry in self._compact:
            if lines[-1] and _join(lines[-1] + [entry]).cell_length > width:
                if len(lines) == LINES:
                    break
                lines.append([])
            lines[-1].append(entry)
        return Content("\n").join(_join(line) for line in lines)


def _entries(bindings: list[Binding], *, compact: bool) -> list[Content]:
    entries: list[tuple[str, str]] = []
    copies = [each for each in bindings if (each.id or "").startswith("copy-")]
    panels = [each for each in bindings if each.id in PANELS]
    for each in bindings:
        if compact and each in copies:
            if each is copies[0]:
                entries.append((f"{_key(copies[0].key)}-{_key(copies[-1].key)}", "Copy"))
        elif compact and each in panels:
            if each is panels[0]:
                entries.append(("/".join(_key(one.key) for one in panels), "Panels"))
        else:
            entries.append((_key(each.key), each.description))
        if each.id in FIRST:
            entries.append(("^p", "Palette"))
    return [
        Content.from_markup("[b $accent]$key[/] $what", key=key, what=what)
        for key, what in entries
    ]


def _join(entries: list[Content]) -> Content:
    return Content("  ").join(entries)


def _key(key: str) -> str:
    return key.replace("ctrl+", "^").upper() if key.startswith("f") else key.replace("ctrl+", "^")
