"""The formats a request can be copied as: one registry, which the command line, the
notebook display, the session and both explorers iterate. A new format is one entry.

>>> [each.name for each in FORMATS]
['curl', 'python', 'httpx', 'json']
>>> from restroute import endpoint
>>> print(find("curl").render(endpoint("GET /user"), redact=True).splitlines()[0])
curl \\
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from ._core.encoding import safe_repr
from ._core.kinds import honest
from .errors import EndpointError
from .snippets import to_curl, to_json, to_python

__all__ = ["BY_NAME", "FORMATS", "Format", "find"]


@dataclass(frozen=True, slots=True)
class Format:
    """One way to write a request down."""

    name: str  # "python": the command line's --format, the session's key
    label: str  # "Python (requests)": what a menu or a copy notice says
    tab: str  # "Python": a tab's short title
    syntax: str  # "python": the lexer a viewer highlights it with
    key: str  # "f7": the explorer's copy key
    render: Callable[..., str]  # (options, *, redact, env) -> text (restroute.snippets)
    call: str = ""
    """The method of request options that writes it, secrets hidden, as a hint names it:
    ``to_curl(redact=True)`` (a result has it after ``import restroute`` alone)."""


_HTTPX = partial(to_python, client="httpx")
_HTTPX_CALL = "to_python(client='httpx', redact=True)"
FORMATS = (
    Format("curl", "curl", "curl", "bash", "f6", to_curl, "to_curl(redact=True)"),
    Format(
        "python",
        "Python (requests)",
        "Python",
        "python",
        "f7",
        to_python,
        "to_python(redact=True)",
    ),
    Format("httpx", "Python (httpx)", "httpx", "python", "f8", _HTTPX, _HTTPX_CALL),
    Format("json", "JSON", "JSON", "json", "f5", to_json, "to_json(redact=True)"),
)

BY_NAME = {each.name: each for each in FORMATS}


def find(name: str) -> Format:
    """The format called ``name``.

    >>> find("xml")
    Traceback (most recent call last):
    ...
    restroute.errors.EndpointError: format 'xml' is not one of curl, python, httpx, json
    """
    name = honest(name, "format")
    if type(name) is str and name in BY_NAME:
        return BY_NAME[name]
    msg = f"format {safe_repr(name)} is not one of {', '.join(each.name for each in FORMATS)}"
    raise EndpointError(msg)
