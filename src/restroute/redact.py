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

__all__ = ["REDACTED", "hide_userinfo", "is_secret", "redact_headers", "redact_options"]

REDACTED = "<REDACTED>"
# A name with one of these as a "-"/"_"-separated part is a secret...
_SECRET_PARTS = frozenset(
    {"key", "token", "secret", "password", "passwd", "auth", "cookie", "session"}
    | {"credential", "credentials", "signature"}
)
# ... and so is a name holding one of these anywhere (apikey, x-authtoken, x-csrftoken),
# or, beyond the README's list, a session id, a cookie or a JWT (x-sessionid, cookie2).
_SECRET_PIECES = (
    *("token", "secret", "passw", "auth", "apikey", "api-key", "api_key", "credential"),
    *("session", "cookie", "jwt"),
)
# Their value is "scheme credentials": the scheme word is no secret, and helps to read...
_SCHEMED = frozenset({"authorization", "proxy-authorization"})
# ... when it is a scheme: a first word that is not one may be half of the secret.
_SCHEMES = frozenset(
    {"basic", "bearer", "digest", "token", "negotiate", "ntlm", "hoba", "mutual", "vapid"}
    | {"aws4-hmac-sha256", "scram-sha-1", "scram-sha-256", "dpop", "gitlab", "key"}
)


def is_secret(name: str) -> bool:
    """Whether a header carries a credential, judged by its name. A false positive
    (``x-author``) only hides a value; a miss would show a credential.

    >>> [is_secret(n) for n in ("Authorization", "x-api-key", "X-AuthToken", "x-keyboard")]
    [True, True, True, False]
    """
    lower = str.lower(name) if isinstance(name, str) else ""
    if any(piece in lower for piece in _SECRET_PIECES):
        return True
    return not _SECRET_PARTS.isdisjoint(lower.replace("_", "-").replace(".", "-").split("-"))


def redacted(name: str, value: object) -> object:
    """``value`` as shown: a secret's value replaced, the scheme word of authorization kept."""
    if not is_secret(name):
        return value
    words = str.split(value) if isinstance(value, str) else []
    if str.lower(name) in _SCHEMED and len(words) == 2 and words[0].lower() in _SCHEMES:
        return f"{words[0]} {REDACTED}"
    return REDACTED


def hide_userinfo(url: object) -> object:
    """A URL's ``user:password@`` replaced: clients send it as an authorization header.

    >>> hide_userinfo("https://me:ghp_1@ghe.example.com/api")
    'https://<REDACTED>@ghe.example.com/api'
    """
    if not isinstance(url, str) or "@" not in url:
        return url
    scheme, separator, rest = str.partition(url, "://")
    end = min((at for at in map(rest.find, "/?#") if at >= 0), default=len(rest))
    authority = rest[:end]
    if "@" not in authority:
        return url
    return f"{scheme}{separator}{REDACTED}@{authority.rpartition('@')[2]}{rest[end:]}"


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
    for name in ("url", "base_url"):
        if name in shown:
            shown[name] = hide_userinfo(shown[name])
    return shown
