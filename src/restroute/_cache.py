"""Memo tables for what is derived from repeating text (routes, templates, headers)."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from typing import TypeVar

    K = TypeVar("K")
    V = TypeVar("V")


class BoundedCache(dict["K", "V"]):
    """A dict that forgets everything once full: the few texts in use refill it at once."""

    __slots__ = ("limit",)

    def __init__(self, limit: int = 4096) -> None:
        super().__init__()
        self.limit = limit

    def put(self, key: K, value: V) -> V:
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


def compiled(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``pattern`` compiled at first use (``re`` caches it): ``import restroute`` loads no ``re``.

    Only slow paths (a template or header seen for the first time) match patterns.
    """
    import re

    return re.compile(pattern, flags)
