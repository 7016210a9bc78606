"""What the tests written from the fresh attacks ask again and again: the redacted copies
of a request, and the calls that let an exception other than EndpointError leave."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from restroute import EndpointError, endpoint
from restroute.profiles import dump_profile
from restroute.snippets import to_curl, to_json, to_python


def redacted_copies(options: Mapping[str, Any]) -> list[str]:
    """The four redacted copies of ``options``: curl, requests, httpx and JSON."""
    return [
        to_curl(options, redact=True),
        to_python(options, redact=True),
        to_python(options, redact=True, client="httpx"),
        to_json(options, redact=True),
    ]


def body_views(data: object) -> list[str]:
    """What shows a POST with body ``data``: its redacted copies, and the layer that saves
    the body (or the error that refuses it: bytes have no TOML form). None may show a
    secret."""
    views = redacted_copies(endpoint("POST /x", data=data))
    try:
        views.append(dump_profile({"data": data}))
    except EndpointError as error:
        views.append(str(error))
    return views


def escapes(calls: Iterable[Callable[[], object]]) -> list[tuple[int, str, str]]:
    """Each call (its place in ``calls``) that raised anything but EndpointError: only that
    may leave a public function."""
    escaped = []
    for at, call in enumerate(calls):
        try:
            call()
        except EndpointError:
            pass
        except Exception as error:
            escaped.append((at, type(error).__name__, str(error)))
    return escaped
