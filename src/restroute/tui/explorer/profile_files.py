"""Profile files: one loaded under the session layer (ctrl+o), the session layer saved (ctrl+s)."""

from __future__ import annotations

import os
from pathlib import Path

from ...errors import EndpointError
from ...session import SESSION
from ..widgets.layers_panel import LayersPanel
from ..widgets.params_editor import ParamsEditor
from .live import LiveExplorer


class ProfileFiles(LiveExplorer):
    """Loads and saves profiles, asking before it writes over a file or through a link."""

    def action_load_profile(self) -> None:
        from ..screens.path_prompt import PathPrompt

        self.push_screen(PathPrompt("Load a profile (TOML):"), self._load)

    def action_save_profile(self) -> None:
        from ..screens.path_prompt import PathPrompt

        self.push_screen(PathPrompt("Save the session layer as:", "session.toml"), self._save)

    def load(self, path: str) -> bool:
        """Stack the profile at ``path`` under the session layer; False when it fails."""
        try:
            layer = self.session.open_profile(path)
        except EndpointError as error:
            self.notify(str(error), severity="error", markup=False)
            return False
        self.query_one(LayersPanel).refresh_layers(self.session.layers, show=layer.name)
        for warning in layer.warnings:
            self.notify(warning, severity="warning", markup=False)
        self.query_one(ParamsEditor).refresh_hints()
        self.update_results()
        return True

    def _load(self, path: str | None) -> None:
        if path:
            self.load(path)

    def _save(self, path: str | None) -> None:
        """Save the session layer to ``path``; over a file or through a link only once the
        user says so."""
        if not path:
            return
        layer = self.session.layer(SESSION)
        if layer.problem is not None:  # what is on screen is not what would be saved
            self.notify(f"Not saved: {layer.problem}", severity="error", markup=False)
            return
        question = _overwrite_question(path)
        if question is None:
            self._write(path)
        else:
            from ..screens.confirm import Confirm

            self.push_screen(Confirm(question), lambda yes: self._write(path) if yes else None)

    def _write(self, path: str) -> None:
        try:
            written, left_out = self.session.save_layer(SESSION, Path(path)), self._left_out()
        except EndpointError as error:
            self.notify(str(error), severity="error", markup=False)
            return
        message = f"Saved the session layer to {written}"
        if left_out:
            message += f"; left out {left_out}: a secret typed as text is never written (as "
            message += "${NAME} it is, read from the environment)"
        self.notify(message, markup=False, severity="warning" if left_out else "information")

    def _left_out(self) -> str:
        from ...profiles import left_out, parse_profile

        layer = self.session.layer(SESSION)
        return ", ".join(left_out(parse_profile(layer.text, name=SESSION).raw))


def _overwrite_question(path: str) -> str | None:
    """What to ask before saving to ``path`` (None: nothing there to lose)."""
    try:
        target = Path(path)
        if target.is_symlink():
            real = os.path.realpath(target)
            return f"{path} is a link to {real}: write {real}? y/n"
        if target.exists() and not target.is_dir():
            return f"overwrite {path}? y/n"
    except (OSError, ValueError):  # the write itself says what is wrong with the path
        return None
    return None
