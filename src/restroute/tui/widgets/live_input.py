"""An Input whose edits reach the app in the keystroke's own turn."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from textual.widgets import Input


@runtime_checkable
class LiveEditor(Protocol):
    """What the app offers live inputs: one call per edit."""

    def live_edit(self, field: Input) -> None: ...


class LiveInput(Input):
    """Calls the app from the value watcher instead of answering a Changed message.

    A Changed message is handled after Textual has painted the new text, so the results
    would come a frame (about 17 ms at 60 fps) later; edited here, one frame paints the
    text and the results together (benchmarks/bench_explorer.py measures it).
    """

    def watch_value(self, value: str) -> None:
        if self.is_mounted and isinstance(self.app, LiveEditor):
            self.app.live_edit(self)
