"""The keys, on one line at the bottom: what Textual's Footer shows, for a fifth of the cost.

Textual's Footer is a widget per key and recomposes as focus moves; measured here it
added about 5 ms to every keystroke (benchmarks/bench_explorer.py), a third of the
budget for a keystroke to reach the results.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Static


class KeyLegend(Static):
    """``F5 JSON  F6 curl ...`` from the app's bindings, and ctrl+p for the palette."""

    def __init__(self, bindings: list[Binding]) -> None:
        keys = [
            f"[b $accent]{_key(binding.key)} [/]{binding.description}"
            for binding in bindings
            if binding.show and binding.description
        ]
        keys.append("[b $accent]^p [/]palette")
        super().__init__("  ".join(keys), id="keys")


def _key(key: str) -> str:
    return key.replace("ctrl+", "^").upper() if key.startswith("f") else key.replace("ctrl+", "^")
