"""Request options as JSON, secrets redacted or written as the templates they are read from."""

from __future__ import annotations

from collections.abc import Mapping

from .._core.encoding import json_printable, safe_repr
from .._core.json_layout import json_indented
from .._core.kinds import flag, honest
from .._core.result import url_secrets
from ..errors import EndpointError
from ..redact import Reference, redact_fields, redact_headers, referenced_headers, sendable_url
from ..rules import MAX_INDENT

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def to_json(
    options: Mapping[str, Any],
    *,
    indent: int | None = 2,
    redact: bool = False,
    env: Mapping[str, str] | None = None,
) -> str:
    """The request options as JSON; a bytes body that is not UTF-8 goes as ``body_base64``.

    With ``env``, a header it maps is written as its template, as a profile writes it
    (``"token ${GITHUB_TOKEN}"``), for whoever reads the JSON to fill in; every other
    secret is redacted.

    >>> options = {"method": "get", "url": "https://h/user",
    ...            "headers": {"authorization": "token ghp_1"}}
    >>> print(to_json(options, indent=None, redact=True))
    {"method": "get", "url": "https://h/user", "headers": {"authorization": "token <REDACTED>"}}
    >>> print(to_json(options, indent=None, env={"authorization": "token ${GH_TOKEN}"}))
    {"method": "get", "url": "https://h/user", "headers": {"authorization": "token ${GH_TOKEN}"}}
    """
    known = url_secrets(options)  # (read before a copy: a plain dict has none)
    options, indent = honest(options, "to_json"), honest(indent, "to_json")
    redact = flag(redact, "to_json", "redact")
    if indent is not None and (type(indent) is not int or not 0 <= indent <= MAX_INDENT):
        msg = f"to_json: indent={safe_repr(indent)} is no indentation; pass None (one line) "
        msg += f"or a number of spaces from 0 to {MAX_INDENT}"
        raise EndpointError(msg)
    if not isinstance(options, Mapping):
        msg = f"to_json takes request options (a mapping), not {type(options).__name__}"
        raise EndpointError(msg)
    shown_options = dict(options)
    headers = options.get("headers")
    if env is not None and isinstance(headers, Mapping):
        shown_options["headers"] = {
            name: value.template if isinstance(value, Reference) else value
            for name, value in referenced_headers(headers, env).items()
        }
    elif redact and isinstance(headers, Mapping):
        shown_options["headers"] = redact_headers(headers)
    if (redact or env is not None) and "url" in options:
        shown_options["url"] = sendable_url(options["url"], known)  # as the others send it
    if redact or env is not None:  # the body's fields, and request.* (request.auth, say)
        for name in shown_options.keys() - {"method", "url", "headers"}:
            shown_options[name] = redact_fields(shown_options[name])
    body = shown_options.get("body")  # redacted, a bytes one too
    if isinstance(body, bytes | bytearray | memoryview):
        try:
            shown_options["body"] = bytes(body).decode()
        except UnicodeDecodeError:
            import base64

            del shown_options["body"]
            shown_options["body_base64"] = base64.b64encode(body).decode()
    try:
        text = json_indented(shown_options, indent=indent, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as error:
        msg = f"the request options cannot become JSON: {error}; "
        msg += "keep request metadata JSON-able, or leave it out of the copy"
        raise EndpointError(msg) from None
    # Read on a terminal too: a control character or bidi override a string holds (U+009B,
    # U+202E, which json.dumps leaves raw) is written as its \\u escape, read back the same.
    return json_printable(text)
