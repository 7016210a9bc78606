"""Which names are secrets (a header's, a parameter's, a field's): by rule, or because an
API's description declares them."""

from __future__ import annotations

import functools
from collections.abc import Iterable

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re

REDACTED = "<REDACTED>"
# The same marker where a client sends it: in the path or query of a snippet's URL,
# percent-encoded, since requests and httpx re-encode < and > there and a snippet would
# then send another URL than it shows. Every client sends it as written, and a server
# reads it as <REDACTED>.
REDACTED_IN_URL = "%3CREDACTED%3E"
# The marker in a header's name a redacted copy sends (``x-ghp_...`` is sent as
# ``x-REDACTED``): a name is an RFC 9110 token, and h11 (so httpx) refuses < and >.
REDACTED_IN_NAME = "REDACTED"
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
# Both as one regular expression, compiled at first use: one pass in C. Every part but
# two holds a piece (password: passw), so only those two are looked for as parts.
_SECRET = None
# Their value is "scheme credentials": the scheme word is no secret, and helps to read...
_SCHEMED = frozenset({"authorization", "proxy-authorization"})
# ... when it is a scheme: a first word that is not one may be half of the secret.
_SCHEMES = frozenset(
    {"basic", "bearer", "digest", "token", "negotiate", "ntlm", "hoba", "mutual", "vapid"}
    | {"aws4-hmac-sha256", "scram-sha-1", "scram-sha-256", "dpop", "gitlab", "key"}
)


# Names an API's description declares a credential in (its securitySchemes' apiKey:
# OpenWeatherMap's appid, Azure Functions' code): secret everywhere from then on.
_DECLARED: set[str] = set()


def declare_secrets(names: Iterable[str]) -> None:
    """Hide the values of ``names`` too, from now on, in every display: an API says it
    takes a credential under a name no rule would guess. A name declared for one API and
    hidden for another costs only a hidden value.

    >>> is_secret("appid"), declare_secrets(["appid"]), is_secret("AppId")
    (False, None, True)
    """
    _DECLARED.update(str.lower(name) for name in names if isinstance(name, str))


def is_secret(name: str) -> bool:
    """Whether a header carries a credential, judged by its name (or by an API's
    description: ``declare_secrets``). A false positive (``x-author``) only hides a
    value; a miss would show a credential.

    >>> [is_secret(n) for n in ("Authorization", "x-api-key", "X-AuthToken", "x-keyboard")]
    [True, True, True, False]
    """
    global _SECRET
    if _SECRET is None:
        import re  # at first use: `import restroute` does not pay for it

        parts = [part for part in _SECRET_PARTS if not any(p in part for p in _SECRET_PIECES)]
        pieces = "|".join(map(re.escape, _SECRET_PIECES))
        _SECRET = re.compile(rf"{pieces}|(?<![^_.-])(?:{'|'.join(parts)})(?![^_.-])").search
    lower = str.lower(name) if isinstance(name, str) else ""
    # (appid[] and appid[0] are a declared appid)
    return bool(_SECRET(lower)) or (bool(_DECLARED) and lower.partition("[")[0] in _DECLARED)


# A name typed without what parts it from its value: a header name's characters (RFC 9110's
# token), then what no name holds (blanks, ; or =), then the value. The name may follow
# other words or characters no name holds (``[password abc``, ``a;x-api-key;abc``, an
# invisible character first): the first run of a name's characters that is a secret's name
# and has text after it gives that text. Runs that hold no secret's word are passed over in
# one pass in C (the lazy run starts only where a run starts: linear in the text).
_TCHAR = r"!#$%&'*+.^_`|~0-9A-Za-z-"
_AFTER = rf"(?s)[^{_TCHAR}]+(.+)"


def unparted_value(text: str) -> int | None:
    """Where the value starts that ``text`` gives a secret's name without ``:`` or ``=``
    between them (``authorization token abc``, ``x-api-key;abc``, a tab, ``[password
    abc``); None when it gives no secret's name a value.

    >>> unparted_value("x-api-key;abc"), unparted_value("[password abc"), unparted_value("page 2")
    (10, 10, None)
    """
    import re  # (as is_secret: at first use)

    for run in _runs(secret_words()).finditer(text):
        after = re.compile(_AFTER).fullmatch(text, run.end()) if is_secret(run[0]) else None
        if after is not None:
            return after.start(1)
    return None


@functools.lru_cache(maxsize=8)  # the words change only as an API declares some
def _runs(words: frozenset[str]) -> re.Pattern[str]:
    """What finds the runs of a name's characters that hold one of ``words``."""
    import re

    alternatives = "|".join(map(re.escape, sorted(words, key=len, reverse=True)))
    return re.compile(rf"(?i)(?<![{_TCHAR}])[{_TCHAR}]*?(?:{alternatives})[{_TCHAR}]*")


def secret_words() -> frozenset[str]:
    """Words, one of which every name ``is_secret`` calls a secret holds whatever its case
    (many a name that is none holds one too): what lets a scan pass over every other name
    without asking.

    >>> sorted(secret_words())[:3]
    ['api-key', 'api_key', 'apikey']
    """
    return frozenset({*_SECRET_PIECES, *_SECRET_PARTS, *_DECLARED})


def is_secret_entry(key: str) -> bool:
    """Whether an option's entry ``key`` (an option, a dot, a name in it: ``data.password``,
    ``cookie.sid``, ``headers.x-api-key``) is a secret, its value hidden whole: by the name
    in it, or by the whole key (a cookie's, sent as a query). An option alone is none.

    >>> [is_secret_entry(k) for k in ("data.password", "cookie.x", "data.title", "token")]
    [True, True, False, False]
    """
    _, dot, inner = key.partition(".")
    return bool(dot) and (is_secret(inner) or is_secret(key))
