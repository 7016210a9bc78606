"""How the notebook explorer masks a row's value and redacts the route and Find."""

from __future__ import annotations

from collections.abc import Callable

from ..redact import REDACTED, holds_secret, is_secret, redact_url, secret_parts

DOTS = "•" * 8  # a secret row's value as the page shows it, and as saved


def _row_redactor(name: str) -> Callable[[str], str]:
    """How a row's value is saved and shown while idle: dots for a secret's."""
    secret = is_secret(name)

    def redact(value: str) -> str:
        return DOTS if value and (secret or holds_secret(value)) else value

    return redact


def _redacted(text: str) -> str:
    """``text`` with the secrets of the URLs in it redacted (``secret_parts``)."""
    for part in secret_parts(text):
        text = text.replace(part, REDACTED)
    return text


def _redacted_route(route: str) -> str:
    """The route with its URL's secrets (``user:password@``, ``access_token=``) redacted."""
    method, space, url = route.strip().partition(" ")
    if not space:
        return _redacted(str(redact_url(route)))
    return _redacted(f"{method} {redact_url(url.strip())}")
