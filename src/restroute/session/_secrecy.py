"""Secrets in a session's view: the three ways snippets show them (``SECRETS``); which
values a view hides, and how, ``restroute.redact`` decides."""

from __future__ import annotations

from typing import Literal, get_args

from .._core.encoding import safe_repr
from .._core.kinds import flag, honest
from ..errors import EndpointError

Secrets = Literal["redact", "reveal", "env"]
"""How snippets show secrets: masked, as they are, or as their environment references."""
SECRETS: tuple[Secrets, ...] = get_args(Secrets)
_MODES: dict[str, Secrets] = {mode: mode for mode in SECRETS}


def _secrets(redact: bool | None, secrets: str | None) -> Secrets:
    """The snippets' mode from ``redact`` (the older switch) and ``secrets``: either
    says it, and both must agree, so no caller reveals what it meant to hide."""
    if redact is not None:
        redact = flag(redact, "Session", "redact")
    if secrets is None:
        return "reveal" if redact is False else "redact"
    secrets = honest(secrets, "Session")
    mode = _MODES.get(str.__str__(secrets)) if isinstance(secrets, str) else None
    if mode is None:
        msg = f"secrets is {safe_repr(secrets)}, not one of {', '.join(SECRETS)}"
        raise EndpointError(msg)
    if redact is not None and redact != (mode != "reveal"):
        msg = f"redact={redact!r} and secrets={mode!r} disagree; pass one of them"
        raise EndpointError(msg)
    return mode
