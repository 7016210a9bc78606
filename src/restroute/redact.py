"""Which values are secrets, and how they are hidden: decided here, and only here.

Snippets, notebook displays, explanations, profiles and both explorers ask this module,
so a header is a secret everywhere or nowhere (README, "Secrets").

>>> redact_headers({"authorization": "token ghp_abc", "x-apikey": "k", "accept": "*/*"})
{'authorization': 'token <REDACTED>', 'x-apikey': '<REDACTED>', 'accept': '*/*'}
"""

from __future__ import annotations

from collections.abc import Mapping

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["REDACTED", "is_secret", "redact_headers", "redact_options"]

REDACTED = "<REDACTED>"
# A name with one of these as a "-"/"_"-separated part is a secret...
_SECRET_PARTS = frozenset(
    {"key", "token", "secret", "password", "passwd", "auth", "cookie", "session"}
    | {"credential", "credentials", "signature"}
)
# ... and so is a name holding one of these anywhere (apikey, x-authtoken, x-csrftoken).
_SECRET_PIECES = ("token", "secret", "passw", "auth", "apikey", "api-key", "api_key", "credential")
# Their value is "scheme credentials": the scheme word is no secret, and helps to read.
_SCHEMED = frozenset({"authorization", "proxy-authorization"})


def is_secret(name: str) -> bool:
    """Whether a header carries a credential, judged by its name. A false positive
    (``x-author``) only hides a value; a miss would show a credential.

    >>> [is_secret(n) for n in ("Authorization", "x-api-key", "X-AuthToken", "x-keyboard")]
    [True, True, True, False]
    """
    lower = str.lower(name) if isinstance(name, str) else ""
    if any(piece in lower for piece in _SECRET_PIECES):
        return True
    return not _SECRET_PARTS.isdisjoint(lower.replace("_", "-").split("-"))


def redacted(name: str, value: object) -> object:
    """``value`` as shown: a secret's value replaced, the scheme word of authorization kept."""
    if not is_secret(name):
        return value
    words = str.split(value) if isinstance(value, str) else []
    if str.lower(name) in _SCHEMED and len(words) == 2:
        return f"{words[0]} {REDACTED}"
    return REDACTED


def redact_headers(headers: Mapping[str, Any]) -> dict[str, Any]:
    """``headers`` with secret values replaced; the scheme word of authorization stays."""
    return {name: redacted(name, value) for name, value in headers.items()}


def redact_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """A shallow copy of request or merged options with their headers redacted.

    >>> redact_options({"url": "/user", "headers": {"authorization": "token t"}})
    {'url': '/user', 'headers': {'authorization': 'token <REDACTED>'}}
    """
    shown = dict(options)
    if isinstance(shown.get("headers"), Mapping):
        shown["headers"] = redact_headers(shown["headers"])
    return shown
