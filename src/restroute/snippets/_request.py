"""The parts of a request every snippet needs, checked once: a snippet never sends
something else.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from .._core.encoding import safe_repr
from .._core.http import checked_headers, is_token
from .._core.kinds import honest
from .._core.options import plain
from .._core.result import url_secrets
from .._core.url import authority_problem, is_absolute
from .._core.wire import body_bytes, check_framing
from ..errors import EndpointError
from ..redact import redact_fields, redact_headers, referenced_headers, sendable_url

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


# What is no visible ASCII character: whitespace, a control (one search in C, not a call
# for each character of a URL that may hold a 10 MB profile's query).
_NOT_VISIBLE = re.compile(r"[^\x21-\x7e]")


class _Request:
    """The parts every snippet needs, checked once: a snippet never sends something else."""

    __slots__ = ("body", "headers", "method", "payload", "url")

    def __init__(
        self, options: Mapping[str, Any], hide: bool, env: Mapping[str, str] | None
    ) -> None:
        known = url_secrets(options)  # (read before a copy: a plain dict has none)
        options = honest(options, "snippet")
        if not isinstance(options, Mapping):
            msg = f"snippets take request options (a mapping), not {type(options).__name__}"
            raise EndpointError(msg)
        method, url = options.get("method"), options.get("url")
        if not isinstance(method, str) or not is_token(method):
            msg = f"snippet: method {safe_repr(method)} is not an HTTP token; pass request options"
            msg += " from endpoint(...)"
            raise EndpointError(msg)
        if not isinstance(url, str) or not is_absolute(url):
            msg = f"snippet: url {safe_repr(url)} is not an absolute http(s) URL; pass request"
            msg += " options from endpoint(...)"
            raise EndpointError(msg)
        method, url = plain(method), plain(url)  # a subclass's own methods never run
        if not url.isascii() or _NOT_VISIBLE.search(url):
            msg = f"snippet: url {safe_repr(url)} has whitespace, control or non-ASCII characters;"
            msg += " percent-encode them"
            raise EndpointError(msg)
        problem = authority_problem(url)
        if problem:
            raise EndpointError(f"snippet: the url {problem}")
        self.method = method.upper()
        self.url = url.partition("#")[0]  # a fragment is never sent
        route = f"{self.method} {self.url}"
        headers = checked_headers(options.get("headers") or {}, route)
        if (env is not None or hide) and "body" in options:  # its access_token, say
            options = {**options, "body": redact_fields(options["body"])}
        self.payload = options.get("body")  # the body as given (JSON's value), as shown
        self.body = body_bytes(options)
        check_framing(headers, self.body, route)
        self.headers: dict[str, Any] = headers
        if env is not None:  # a reference, or redacted: an env copy never shows a secret
            self.headers = referenced_headers(headers, env)
        elif hide:
            self.headers = redact_headers(headers)
        if env is not None or hide:
            self.url = str(sendable_url(self.url, known))  # access_token=%3CREDACTED%3E
        if self.method == "HEAD" and self.body is not None:
            msg = f"{route}: a HEAD request has no body; drop the body"
            raise EndpointError(msg)
