"""Copies of the request to the clipboard, and how they and the screen show secrets (ctrl+r)."""

from __future__ import annotations

from textual.content import Content

from ... import formats
from ..clipboard import copy
from ..widgets.layers_panel import LayersPanel
from ..widgets.params_editor import ParamsEditor
from ..widgets.route_bar import RouteBar
from ..widgets.status_line import StatusLine
from .live import LiveExplorer, Mode

# ctrl+r goes round these: how the screen and the copies show secrets, said on screen
# for as long as it is not the default.
MODES: tuple[Mode, ...] = ("redact", "env", "reveal")
MODE_NOTES = {
    "redact": ("Secrets redacted", Content("")),
    "env": (
        "Secrets as environment references: snippets read $VAR when run",
        Content.styled(" SECRETS AS $VAR · ctrl+r ", "b reverse $accent"),
    ),
    "reveal": (
        "Secrets shown, on screen and in copies",
        Content.styled(" SECRETS SHOWN · ctrl+r hides ", "b reverse $warning"),
    ),
}


class Copying(LiveExplorer):
    """F5-F8 and the like copy a snippet; ctrl+r goes round the secrets modes."""

    def action_copy(self, format: str) -> None:
        view = self.view or self.session.view(secrets=self.secrets)
        text = view.snippet(format)
        if view.refused(format):
            self.notify(f"Nothing copied: {text}", severity="error", markup=False)
            return
        how = copy(self, text)
        secrets = {"redact": "secrets redacted", "env": "secrets as $VAR"}.get(
            view.secrets, "secrets shown"
        )
        first = text.splitlines()[0] if text else ""
        label = formats.find(format).label
        notes = "".join(f"\n{note}" for note in view.env_notes) if view.secrets == "env" else ""
        self.notify(f"Copied {label} {how}, {secrets}:\n{first} …{notes}", markup=False)

    def action_toggle_reveal(self) -> None:
        """ctrl+r: redacted, then as environment references, then shown, then redacted."""
        self.secrets = MODES[(MODES.index(self.secrets) + 1) % len(MODES)]
        note, banner = MODE_NOTES[self.secrets]
        self.notify(note)
        self.query_one(StatusLine).banner(banner)
        self.query_one(LayersPanel).reveal(self.revealed)
        self.query_one(ParamsEditor).reveal(self.revealed)
        self.query_one(RouteBar).reveal(self.revealed)
        self.query_one(ParamsEditor).refresh_hints()
        self.update_results()
