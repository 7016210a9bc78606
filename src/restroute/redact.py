"""Which values are secrets, and how they are hidden: decided here, and only here.

Snippets, notebook displays, explanations, profiles and both explorers ask this module,
so a header is a secret everywhere or nowhere (README, "Secrets"). A secret is hidden
one of two ways: replaced by a mask, or (for a copy that must still run) written as the
``${VAR}`` environment references it was read from.

>>> redact_headers({"authorization": "token ghp_abc", "x-apikey": "k", "accept": "*/*"})
{'authorization': 'token <REDACTED>', 'x-apikey': '<REDACTED>', 'accept': '*/*'}
>>> referenced_headers({"authorization": "token ghp_abc", "x-apikey": "k"},
...                    {"authorization": "token ${GITHUB_TOKEN}"})
{'authorization': Reference('token ${GITHUB_TOKEN}'), 'x-apikey': '<REDACTED>'}
"""

from __future__ import annotations

from collections.abc import Mapping

from .errors import EndpointError

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from typing import Any

__all__ = [
    "REDACTED",
    "REFERENCE",
    "Reference",
    "hide_userinfo",
    "is_secret",
    "redact_headers",
    "redact_options",
    "redact_url",
    "referenced_headers",
    "references_only",
]

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


def redact_url(url: object) -> object:
    """A URL as shown: its ``user:password@`` replaced (``hide_userinfo``), and the value
    of every query parameter named as a secret (``access_token=``, ``client_secret=``).

    >>> redact_url("https://h/user?access_token=gho_1&per_page=2#top")
    'https://h/user?access_token=<REDACTED>&per_page=2#top'
    """
    url = hide_userinfo(url)
    if not isinstance(url, str) or "?" not in url:
        return url
    head, _, rest = str.partition(url, "?")
    query, hash_, fragment = rest.partition("#")
    parts = []
    for part in query.split("&"):
        name, equals, value = part.partition("=")
        if equals and value and is_secret(_unquoted(name)):
            part = f"{name}={REDACTED}"
        parts.append(part)
    return f"{head}?{'&'.join(parts)}{hash_}{fragment}"


def _unquoted(name: str) -> str:
    from urllib.parse import unquote_plus  # at first use: a URL with a query

    return unquote_plus(name)


def redact_headers(headers: Mapping[str, Any]) -> dict[str, Any]:
    """``headers`` with secret values replaced; the scheme word of authorization stays."""
    return {name: redacted(name, value) for name, value in headers.items()}


def redact_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """A shallow copy of request or merged options with their headers redacted, the
    secrets of their URLs, and parameters named as secrets.

    >>> redact_options({"url": "/user", "headers": {"authorization": "token t"}})
    {'url': '/user', 'headers': {'authorization': 'token <REDACTED>'}}
    >>> redact_options({"url": "/x?access_token=t", "client_secret": "s", "page": 2})
    {'url': '/x?access_token=<REDACTED>', 'client_secret': '<REDACTED>', 'page': 2}
    """
    shown = dict(options)
    for name, value in shown.items():
        if name == "headers" and isinstance(value, Mapping):
            shown[name] = redact_headers(value)
        elif name in ("url", "base_url"):
            shown[name] = redact_url(value)
        elif isinstance(name, str) and is_secret(name):
            shown[name] = REDACTED
    return shown


# --- environment references ------------------------------------------------------------------

REFERENCE = r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}"
"""``${VAR}``, as profiles write a secret: the name is one group, so ``re.split`` on it
alternates literal text and variable names."""
# An authorization scheme as people write one before their credentials: token, Bearer,
# Basic, AWS4-HMAC-SHA256. No underscore, so that a GitHub token (ghp_...) is none.
_SCHEME = r"[A-Za-z][A-Za-z0-9-]*"


def _pattern(pattern: str) -> re.Pattern[str]:
    import re  # at first use: `import restroute` does not pay for it; re caches the pattern

    return re.compile(pattern)


def references_only(value: object) -> bool:
    """Whether ``value`` holds no credential of its own, only ``${VAR}`` references to one:
    beside them a scheme word may come first (``token``, ``Bearer``, then whitespace) and
    separators, and no other letter or digit. Profiles write a secret only when it is so,
    and a copy writes only such a template in place of a secret: anything else would put
    part of the credential in the text.

    >>> [references_only(v) for v in ("token ${T}", "Basic ${U}:${P}", "Bearer abc${T}")]
    [True, True, False]
    """
    if not isinstance(value, str) or not _pattern(REFERENCE).search(value):
        return False
    words = str.split(value, None, 1)  # a str subclass's own methods never run
    rest = words[1] if len(words) == 2 and _pattern(_SCHEME).fullmatch(words[0]) else value
    return not any(character.isalnum() for character in _pattern(REFERENCE).sub("", rest))


class Reference:
    """A header value to be written as the environment variables it is read from: each
    snippet spells a reference its own way (``"${GITHUB_TOKEN:?}"`` in a shell,
    ``os.environ["GITHUB_TOKEN"]`` in Python, the template itself in JSON).

    >>> Reference("Basic ${USER}:${PASSWORD}").parts
    ('Basic ', 'USER', ':', 'PASSWORD', '')
    """

    __slots__ = ("parts", "template")

    def __init__(self, template: str) -> None:
        self.template = template
        self.parts: tuple[str, ...] = tuple(_pattern(REFERENCE).split(template))
        """Literal text and variable names in turn: text first and last, maybe empty."""

    @property
    def variables(self) -> tuple[str, ...]:
        return self.parts[1::2]

    def fits(self, value: str) -> bool:
        """Whether some values of the variables make the template read ``value``: then a
        copy that reads them sends what the options say, and only then may it stand in."""
        import re

        groups: set[str] = set()
        pattern = ""
        for index, part in enumerate(self.parts):
            if not index % 2:
                pattern += re.escape(part)
            elif part in groups:
                pattern += f"(?P={part})"
            else:
                groups.add(part)
                pattern += f"(?P<{part}>.*)"
        return re.fullmatch(pattern, value, re.DOTALL) is not None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reference) and other.template == self.template

    def __hash__(self) -> int:
        return hash(self.template)

    def __repr__(self) -> str:
        return f"Reference({self.template!r})"


def referenced_headers(headers: Mapping[str, Any], env: Mapping[str, str]) -> dict[str, Any]:
    """``headers`` for a copy that reads its secrets from the environment: each header
    that ``env`` names (any case) becomes the ``Reference`` of its ``${VAR}`` template,
    every other secret is redacted, as no variable holds it. Never is a value revealed.

    A template must hold references only (:func:`references_only`) and fit the value
    (:meth:`Reference.fits`); an entry for a header ``headers`` does not have is unused.
    """
    if not isinstance(env, Mapping):
        msg = f"env is {type(env).__name__}, not a mapping; pass header names and their "
        msg += '${VAR} templates, e.g. {"authorization": "token ${GITHUB_TOKEN}"}'
        raise EndpointError(msg)
    templates = {}
    for name, template in env.items():
        if not isinstance(name, str) or not isinstance(template, str):
            msg = f"env maps {type(name).__name__} to {type(template).__name__}; pass header "
            msg += 'names and their ${VAR} templates as text: {"authorization": "token ${T}"}'
            raise EndpointError(msg)
        if not references_only(template):
            msg = f"env[{name!r}] is not a template of ${{VAR}} references: a scheme word, "
            msg += "references and separators only, no credential of its own "
            msg += '(write "token ${GITHUB_TOKEN}")'
            raise EndpointError(msg)
        templates[str.lower(name)] = Reference(str.__str__(template))
    shown: dict[str, Any] = {}
    for name, value in headers.items():
        reference = templates.get(str.lower(name)) if isinstance(name, str) else None
        if reference is None:
            shown[name] = redacted(name, value)
        elif isinstance(value, str) and reference.fits(value):
            shown[name] = reference
        else:  # the value is not shown: it is a secret's
            msg = f"env[{name!r}] = {reference.template!r} does not fit the header's value, "
            msg += "so a copy reading it would send another one; map the header to the "
            msg += "template its value was read from"
            raise EndpointError(msg)
    return shown
