"""Many literal texts found in one pass: a regular expression of their characters as a
tree, so a scan costs as many steps as a match is long, however many texts there are (a
paste may hide thousands of secrets; an API may declare a dozen secret names)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

from ..rules import MAX_SECRET_MISSES

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from typing import Any

# A secret is looked for by its first characters, and where they are, compared whole.
_PREFIX = 4
# A long text is found whole by str.find, in time linear however a text repeats it (a
# megabyte compared whole at each place a text of "a: a: ..." starts like it took hours);
# the longest are, up to this many, and any more as pieces of PIECE characters (found
# side by side, they hide as one).
WHOLE = 32
PIECE = 256


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
    """Texts to find: the longest found whole (``WHOLE``); the others by a tree of their
    first characters, and by those characters, the lengths to compare, longest first (or,
    where many start alike, a search of them in order)."""

    def __init__(self, secrets: Iterable[str]) -> None:
        texts = {str.__str__(each) for each in secrets if isinstance(each, str) and each}
        # the longest, the same ones whatever order the texts come in (then by their text)
        longest = sorted((each for each in texts if len(each) >= 2 * PIECE), key=_longest_first)
        self.whole = longest[:WHOLE]
        self.secrets = {piece for each in texts.difference(self.whole) for piece in pieces(each)}
        lengths: dict[str, set[int]] = {}
        for secret in self.secrets:
            lengths.setdefault(secret[:_PREFIX], set()).add(len(secret))
        self.lengths = {prefix: sorted(each, reverse=True) for prefix, each in lengths.items()}
        self.sizes = sorted({len(prefix) for prefix in lengths}, reverse=True)  # theirs
        self.pattern = _compiled(any_of(self.lengths)) if self.lengths else None
        self.reach = max(map(len, self.secrets), default=0)  # of the longest in the tree

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Where each of the texts is in ``text``, in order (some may overlap): each found
        whole everywhere it is, and of the others (or their ``pieces``) the longest at the
        first place one is, then on from its end; and those that start inside one found
        and end past it (a secret's end is another's start: ``ab`` + ``bcd``)."""
        spans = self._found_whole(text)
        if self.pattern is None:
            return sorted(spans)
        search, at, misses = self.pattern.search, 0, 0
        while (found := search(text, at)) is not None:
            start = found.start()
            length = self._longest(text, start)
            if length:
                spans.append((start, start + length))
            elif (misses := misses + 1) > MAX_SECRET_MISSES:
                spans.append((start, len(text)))  # the rest, hidden: see MAX_SECRET_MISSES
                break
            at = start + max(length, 1)
        return self._overlapping(text, sorted(spans), self.pattern.search)

    def _overlapping(
        self, text: str, spans: list[tuple[int, int]], search: Callable[..., re.Match[str] | None]
    ) -> list[tuple[int, int]]:
        """``spans``, and each text of the tree that starts inside a run of them side by
        side and ends past it: one sweep from left to right over the places in the run
        where a text of the tree starts (found by the tree's expression, in C), each looked
        up once; the run grows by each one found, and takes in the spans it reaches. Only
        the places as far back from the run's end as a text of the tree reaches (``reach``)
        are looked at, and none while the run ends with a character no text holds after
        its first (a window looked up place by place at each end took 37 s for 9,000
        values of a kilobyte of tokens)."""
        found_all, inner, misses = list(spans), self._inner, 0
        count, index, size = len(spans), 0, len(text)
        while index < count:
            first, end = spans[index]
            index += 1
            at = first + 1
            while True:
                while index < count and spans[index][0] <= end:
                    end = max(end, spans[index][1])
                    index += 1
                if end >= size or text[end] not in inner:
                    break  # nothing goes on past the text's end, or with this character
                # a text of the tree that starts before the end: its first characters may
                # end past it
                place = search(text, max(at, end - self.reach + 1), end + _PREFIX - 1)
                if place is None or place.start() >= end:
                    break
                at = place.start()
                length = self._longest(text, at)
                if at + length > end:
                    found_all.append((at, at + length))
                    end = at + length
                elif (misses := misses + 1) > MAX_SECRET_MISSES:
                    return sorted([*found_all, (at, size)])  # as spans() gives up
                at += 1
        return sorted(found_all) if len(found_all) > count else found_all

    @functools.cached_property
    def _inner(self) -> frozenset[str]:
        """The characters the texts of the tree hold after their first: what one that
        goes on past a place holds there (after a secret, a quote or a space: none)."""
        return frozenset("".join(secret[1:] for secret in self.secrets))

    def _found_whole(self, text: str) -> list[tuple[int, int]]:
        spans = []
        for whole in self.whole:
            at = text.find(whole)
            while at >= 0:
                spans.append((at, at + len(whole)))
                at = text.find(whole, at + len(whole))
        return spans

    def _longest(self, text: str, start: int) -> int:
        """The length of the longest text of the tree at ``start``; 0 for none: each
        length of those that start with the characters there, longest first; where more
        than a few do, a search in their order (``_longest_in_order``)."""
        for size in self.sizes:
            lengths = self.lengths.get(text[start : start + size], ())
            if len(lengths) > _FEW:
                return self._longest_in_order(text, start)
            for length in lengths:  # (near the end, a slice is shorter than its length)
                if start + length <= len(text) and text[start : start + length] in self.secrets:
                    return length
        return 0

    @functools.cached_property
    def _ordered(self) -> tuple[list[str], list[list[int]]]:
        """The texts of the tree in order, and for each, where the longest other text
        that it starts with is (-1: none), then where the one of that is, and so on by
        twos, fours ...: each text's chain of starts, walked in a few jumps."""
        ordered = sorted(self.secrets)
        starts: list[int] = []
        chain: list[int] = []  # the texts that start the one at hand: those before it
        for at, text in enumerate(ordered):
            while chain and not text.startswith(ordered[chain[-1]]):
                chain.pop()
            starts.append(chain[-1] if chain else -1)
            chain.append(at)
        jumps = [starts]
        while any(each >= 0 for each in jumps[-1]):
            last = jumps[-1]
            jumps.append([last[each] if each >= 0 else -1 for each in last])
        return ordered, jumps

    def _longest_in_order(self, text: str, start: int) -> int:
        """``_longest`` by a search of the texts in order: the last one up to what the text
        holds there, when the text starts with it; else the longest one that starts it
        and is no longer than what it and the text have in common, found in a few jumps
        down its chain of starts. (Each length tried in turn took 20 s for 4,378 secrets
        that each start with the one before: the sixth attack's G5.)"""
        here = text[start : start + self.reach]
        known = self._found.get(here)  # a text that repeats itself asks again and again
        if known is None:
            if len(self._found) > _REMEMBERED:
                self._found.clear()
            known = self._found[here] = self._search_in_order(here)
        return known

    @functools.cached_property
    def _found(self) -> dict[str, int]:
        return {}

    def _search_in_order(self, here: str) -> int:
        from bisect import bisect_right

        ordered, jumps = self._ordered
        at = bisect_right(ordered, here) - 1
        if at < 0:
            return 0
        if here.startswith(ordered[at]):
            return len(ordered[at])
        common = _common(ordered[at], here)
        for jump in reversed(jumps):  # to the last in the chain longer than what is common
            if jump[at] >= 0 and len(ordered[jump[at]]) > common:
                at = jump[at]
        return len(ordered[jumps[0][at]]) if jumps[0][at] >= 0 else 0


_FEW = 16  # lengths tried in turn at a place; past them, a search in order
_REMEMBERED = 256  # places' texts whose search in order is kept, at most


def _common(one: str, other: str) -> int:
    """The length of the start ``one`` and ``other`` have in common (by halves, in C)."""
    low, high = 0, min(len(one), len(other))
    while low < high:
        middle = (low + high + 1) // 2
        if one[:middle] == other[:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _longest_first(text: str) -> tuple[int, str]:
    return -len(text), text


def pieces(text: str) -> list[str]:
    """What finds ``text``: itself, or when long, each ``PIECE`` characters of it side by
    side, the last up to twice as long (so it ends where the text ends). A text holding
    the pieces side by side holds it; a piece alone is a part of a secret, hidden too.

    >>> [len(piece) for piece in pieces("x" * 1200)], pieces("short")
    ([256, 256, 256, 432], ['short'])
    """
    if len(text) < 2 * PIECE:
        return [text]
    last = (len(text) // PIECE - 1) * PIECE
    return [text[at : at + PIECE] for at in range(0, last, PIECE)] + [text[last:]]


def replaced(text: str, spans: list[tuple[int, int]], marker: str) -> str:
    """``text`` with each of ``spans`` (in order) replaced by ``marker``; spans that
    overlap, or side by side (the ``pieces`` of a text), are one.

    >>> replaced("abcdef", [(0, 2), (1, 3), (4, 5)], "<>")
    '<>d<>f'
    """
    merged: list[list[int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    shown, at = [], 0
    for start, end in merged:
        shown += [text[at:start], marker]
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
