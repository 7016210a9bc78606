"""Copying: OSC 52 through the terminal (works over SSH), and the system clipboard if any."""

from __future__ import annotations

import os
from typing import Any

from textual.app import App


def copy(app: App[Any], text: str) -> str:
    """Copy ``text`` both ways; returns how it went, for the user to read."""
    app.copy_to_clipboard(text)  # OSC 52: the terminal decides; no error can come back
    try:
        import pyperclip  # type: ignore[import-untyped]

        pyperclip.copy(text)
    except Exception:  # pyperclip.PyperclipException: no clipboard tool here (headless, SSH)
        # tmux passes OSC 52 on only when told to (its default keeps it from the outer
        # terminal, and a newcomer's copy reached no clipboard, with no hint why).
        inside = (
            "; if nothing arrives in tmux: set -s set-clipboard on"
            if os.environ.get("TMUX")
            else ""
        )
        return f"through the terminal (OSC 52{inside})"
    return "to the system clipboard and through the terminal (OSC 52)"
