"""Memo tables: what is derived from text that repeats (routes, templates, headers).

Every table is a ``Memo``: a dict whose missing keys are computed by one function and
kept, so a site reads ``TABLE[text]`` and the first sight of a text is the only slow
one. A text that cannot be used raises ``Refused`` from that function, with the reason
only; the site names the route and raises ``EndpointError`` (the table knows no route).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from collections.abc import Callable
    from typing import TypeVar

    K = TypeVar("K")
    V = TypeVar("V")


# Texts longer than this are worked out each time, not kept: a table of 4096 entries then
# holds at most a few tens of megabytes, whatever the input.
LONGEST = 2048


def _length(key: object) -> int:
    if isinstance(key, tuple):
        return sum(map(_length, key))
    return len(key) if isinstance(key, str) else 0


class Refused(Exception):
    """Why a text cannot be used, said without the route: the caller adds it."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class Memo(dict["K", "V"]):
    """A dict that computes what it lacks, and forgets everything once full: the few
    texts in use refill it at once, and memory stays bounded whatever the input."""

    __slots__ = ("limit", "make")

    def __init__(self, make: Callable[[K], V], limit: int = 4096) -> None:
        super().__init__()
        self.make, self.limit = make, limit

    def of_text(self, text: object) -> V | None:
        """The value for ``text`` (a str subclass as the plain str it is, so none of its own
        methods run); None for anything that is not a str, and for a text refused."""
        if not isinstance(text, str):
            return None
        try:
            return self[text if text.__class__ is str else str.__str__(text)]  # type: ignore[index]
        except Refused:
            return None

    def __missing__(self, key: K) -> V:
        value = self.make(key)  # raises (Refused, EndpointError) before anything is kept
        if _length(key) > LONGEST:  # a megabyte header value is not worth keeping
            return value
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


def compiled(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``pattern`` compiled at first use (``re`` caches it), so that compiling the
    patterns of slow paths costs nothing at import time."""
    import re

    return re.compile(pattern, flags)
