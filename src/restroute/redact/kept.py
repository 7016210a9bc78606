"""What redaction makes of a long text, kept: a view shows the text of a 10 MB value many
times (its URL as shown and as sent, each snippet, the options), and searching it takes
a second each time. Kept while no name was declared a secret since (``declare_secrets``:
then the same text hides more)."""

from __future__ import annotations

from .names import _DECLARED

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TypeVar

    T = TypeVar("T")

LONG = 4096  # characters: a shorter text is searched again, which costs less than keeping it
LIMIT = 16  # results kept at most; then the least lately used is forgotten
KEPT: dict[tuple[object, ...], object] = {}


def kept(make: Callable[[], T], *key: object) -> T:
    """``make()``, or what it gave last for ``key`` (which holds the text)."""
    known = (*key, len(_DECLARED))
    if known in KEPT:
        found = KEPT[known] = KEPT.pop(known)  # the latest used: kept last
        return found  # type: ignore[return-value]
    made = make()  # which may keep results of its own
    while len(KEPT) >= LIMIT:  # the least lately used go: a view's URL, used by every
        del KEPT[next(iter(KEPT))]  # snippet, stays while its many texts come and go
    KEPT[known] = made
    return made
