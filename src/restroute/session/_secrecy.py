"""Secrets in a session's view: the three ways snippets show them (``SECRETS``), and the
values a view hides wherever they show up (``_secret_values``)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable, Mapping

from .._core.encoding import safe_repr
from ..errors import EndpointError
from ..redact import credential_spans, holds_secret, is_secret, references_only, secret_parts
from ..rules import MAX_REDACT_DEPTH, MAX_SECRET_LEAVES, OPTION_NAMES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Literal

    from .._core.explain import Explanation

SECRETS = ("redact", "reveal", "env")
"""How snippets show secrets: masked, as they are, or as their environment references."""
_MODES: dict[str, Literal["redact", "reveal", "env"]] = {
    "redact": "redact",
    "reveal": "reveal",
    "env": "env",
}


def _secrets(redact: bool | None, secrets: str | None) -> Literal["redact", "reveal", "env"]:
    """The snippets' mode from ``redact`` (the older switch) and ``secrets``: either
    says it, and both must agree, so no caller reveals what it meant to hide."""
    if secrets is None:
        return "reveal" if redact is False else "redact"
    mode = _MODES.get(secrets) if isinstance(secrets, str) else None
    if mode is None:
        msg = f"secrets is {safe_repr(secrets)}, not one of {', '.join(SECRETS)}"
        raise EndpointError(msg)
    if redact is not None and redact != (mode != "reveal"):
        msg = f"redact={redact!r} and secrets={mode!r} disagree; pass one of them"
        raise EndpointError(msg)
    return mode


# The options that are not parameters: a value that holds a secret is hidden whole only
# when it is a parameter's (a URL's own secrets are hidden part by part).
_OPTIONS = OPTION_NAMES
_LEAVES = MAX_SECRET_LEAVES  # the strings of the merged options searched for secrets, at most


def _secret_values(explanation: Explanation | None, known: Iterable[str] = ()) -> tuple[str, ...]:
    """The secrets a view hides wherever they show up, in an error message too: the values
    given under names of secrets at any depth (``access_token``, a header's credential),
    those that carry a secret no name marks (``hook=https://user:password@host``:
    ``holds_secret``), the ``user:password`` and secret query values of every URL in the
    options (``secret_parts``), and ``known`` ones (the environment's, that profiles read);
    as text and as a URL carries them (percent-encoded), longest first. Only those of 8
    characters or more: a shorter one would hide the same characters wherever they are."""
    found = set(known)
    # (a value, the name it is under, its depth, whether a name above marks a secret)
    stack: list[tuple[object, object, int, bool]] = []
    if explanation is not None:
        stack = [(value, name, 0, False) for name, value in explanation.merged.items()]
    seen = 0
    while stack and seen < _LEAVES:
        value, name, depth, above = stack.pop()
        seen += 1
        secret = above or (isinstance(name, str) and is_secret(name))
        if isinstance(value, Mapping) and depth < MAX_REDACT_DEPTH:
            stack += [(item, key, depth + 1, secret) for key, item in value.items()]
        elif isinstance(value, list | tuple) and depth < MAX_REDACT_DEPTH:
            stack += [(item, name, depth + 1, secret) for item in value]
        elif isinstance(value, str | int) and not isinstance(value, bool):
            text = str(value)
            if secret and not references_only(text):  # ${VAR} unset: where it comes from
                found.update((text, text.rpartition(" ")[2]))  # "token t0k3n": the word too
            elif depth == 0 and name not in _OPTIONS and holds_secret(text):
                found.add(text)
            found.update(secret_parts(text))
            found.update(text[start:end] for start, end in credential_spans(text))
            if text.lstrip()[:1] in ("{", "[") and len(text) <= 65536:  # JSON in a text
                with contextlib.suppress(ValueError, RecursionError):
                    stack.append((json.loads(text), name, depth + 1, secret))
    from urllib.parse import quote

    forms = {
        form
        for value in found
        for form in (value, quote(value, safe="", errors="replace"))
        if len(form) >= 8
    }
    return tuple(sorted(forms, key=len, reverse=True))
