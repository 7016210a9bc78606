"""The request a reader reads back (``ReadRequest``), and what every reader shares: the
methods, a value's depth checked, a name as a message shows it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import EndpointError
from ..rules import MAX_NESTING

# Half of a UTF-16 pair: no UTF-8 text holds one (Python's surrogateescape gives one for
# each byte of stdin that is no UTF-8), and no request can send one.
_SURROGATE = re.compile("[\ud800-\udfff]")


@dataclass
class ReadRequest:
    """A request as the pasted text describes it. ``body`` is what is sent, as written
    (bytes only when they are no UTF-8 text; None: no body); ``source`` says what was read
    ("url", "curl", "httpie", "gh", "octokit", "python", "json"); ``warnings`` what was
    left out or not expanded, and why; ``said`` the words of the text that gave the
    ``method``, the ``body`` and each ``header NAME``, for a reader to be shown them."""

    method: str
    url: str
    headers: dict[str, str] = field(default_factory=dict)
    body: str | bytes | None = None
    source: str = "url"
    warnings: list[str] = field(default_factory=list)
    said: dict[str, str] = field(default_factory=dict, compare=False)
    left_out: list[tuple[str, str]] = field(default_factory=list, compare=False)
    """The options read and left out as changing nothing sent (``-L``), and why."""


def _named(name: str) -> str:
    """A name as a message shows it: names are short, and one that is not (a token
    pasted where a name goes) is shown by its length."""
    if len(name) <= 32 and name.isprintable():
        return name
    return f"(a name of {len(name):,} characters)"


def _ordinal(number: int) -> str:
    if number % 100 in (11, 12, 13):
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


def _check_depth(value: object, where: str) -> None:
    """Refuse a value nested deeper than any API's body, which ``json.dumps`` (a
    recursion) may fail on: GitHub's are a few levels deep."""
    level, depth = [value], 0
    while level := [each for each in level if isinstance(each, (dict, list))]:
        depth += 1
        if depth > MAX_NESTING:
            msg = f"{where} is nested more than {MAX_NESTING} levels; no API's body is"
            raise EndpointError(msg)
        level = [inner for each in level
                 for inner in (each.values() if isinstance(each, dict) else each)]  # fmt: skip
