"""Many literal texts found in one pass: a regular expression of their characters as a
tree, so a scan costs as many steps as a match is long, however many texts there are (a
paste may hide thousands of secrets; an API may declare a dozen secret names)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from typing import Any

# A secret is looked for by its first characters, and where they are, compared whole.
_PREFIX = 4


def any_of(words: Iterable[str]) -> str:
    """A regular expression that matches each of ``words`` (at least one): at each
    character one branch, not one for each word.

    >>> any_of(["token", "tok", "key"])
    '(?:tok(?:en)?|key)'
    """
    tree: dict[str, Any] = {}
    for word in words:
        node = tree
        for character in word:
            node = node.setdefault(character, {})
        node[""] = {}
    return _tree_pattern(tree)


class Literals:
    """Texts to find: a tree of their first characters, and by those characters, the
    lengths to compare, longest first."""

    def __init__(self, secrets: Iterable[str]) -> None:
        self.secrets = {each for each in secrets if isinstance(each, str) and each}
        lengths: dict[str, set[int]] = {}
        for secret in self.secrets:
            lengths.setdefault(secret[:_PREFIX], set()).add(len(secret))
        self.lengths = {prefix: sorted(each, reverse=True) for prefix, each in lengths.items()}
        self.pattern = _compiled(any_of(self.lengths)) if self.lengths else None

    def spans(self, text: str, *, overlapping: bool = False) -> list[tuple[int, int]]:
        """Where each of the texts is in ``text``, the longest at each place; with
        ``overlapping``, also those that start inside another (``bcd`` in ``abcd``, where
        ``ab`` is one too: hidden together, no part of either shows)."""
        if self.pattern is None:
            return []
        spans: list[tuple[int, int]] = []
        search, at = self.pattern.search, 0
        while (found := search(text, at)) is not None:
            start = found.start()
            length = self._longest(text, start, len(found[0]))
            if length:
                spans.append((start, start + length))
            at = start + (1 if overlapping else max(length, 1))
        return spans

    def _longest(self, text: str, start: int, matched: int) -> int:
        """The length of the longest secret at ``start``, whose first characters
        (``matched`` of them, at most) were found there; 0 for none."""
        for size in range(matched, 0, -1):
            for length in self.lengths.get(text[start : start + size], ()):
                if text[start : start + length] in self.secrets:
                    return length
        return 0


def replaced(text: str, spans: list[tuple[int, int]], marker: Callable[[str], str]) -> str:
    """``text`` with each of ``spans`` (in order) replaced by ``marker`` of what it covers;
    spans that overlap are replaced as one, spans side by side each.

    >>> replaced("abcdef", [(0, 2), (1, 3), (3, 4)], lambda covered: f"<{covered}>")
    '<abc><d>ef'
    """
    merged: list[list[int]] = []
    for start, end in spans:
        if merged and start < merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    shown, at = [], 0
    for start, end in merged:
        shown += [text[at:start], marker(text[start:end])]
        at = end
    shown.append(text[at:])
    return "".join(shown)


def _tree_pattern(tree: dict[str, Any]) -> str:
    """A regular expression of a tree of characters (``""`` marks an end)."""
    import re  # at first use: `import restroute` does not pay for it

    branches = [re.escape(key) + _tree_pattern(child) for key, child in tree.items() if key]
    if not branches:
        return ""
    pattern = branches[0] if len(branches) == 1 else f"(?:{'|'.join(branches)})"
    return f"(?:{pattern})?" if "" in tree else pattern


def _compiled(pattern: str) -> re.Pattern[str]:
    import re

    return re.compile(pattern)
