"""The search's last resort, when no operation has a query's words: the ids that hold
each word's letters in order (``crate isue``), the tightest first."""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterable
from typing import NamedTuple

from ._model import Operation

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._search import _Index


def _letters_in_order(made: _Index, terms: list[str], limit: int) -> list[Operation]:
    """Operations whose id holds each term's letters in order: the fewest separate runs
    of letters first (``isscreat`` is two runs in ``issues/create``, three in
    ``gists/create``), then the shortest id."""
    found: dict[int, int] | None = None
    for term in terms:
        runs = _letters(made, term).runs
        found = (
            dict(runs)
            if found is None
            else {at: found[at] + runs[at] for at in runs if at in found}
        )
        if not found:
            return []
    assert found is not None  # terms is never empty
    order = made.fuzzy_order
    best = heapq.nsmallest(limit, ((runs, order[at], at) for at, runs in found.items()))
    return [made.operations[at] for *_, at in best]


class _Letters(NamedTuple):
    """The ids that hold a term's letters in order, each letter found leftmost: per id,
    where its last letter is, and how many separate runs the letters make."""

    at: dict[int, int]  # entry: the place of the term's last letter in its id
    runs: dict[int, int]  # entry: runs


def _letters(made: _Index, term: str) -> _Letters:
    """``term``'s letters in the ids, a letter at a time from its longest prefix found
    before: as a person types a word, each key looks one letter further, in the ids that
    held the word so far (a few ms in 20,000 ids). Past a prefix no id holds, none does."""
    known: dict[str, _Letters] = made.letters
    if term in known:
        return known[term]
    # a copy: the explorer's worker may search the same catalog (Catalog.prepare)
    start = max((len(word) for word in list(known) if term.startswith(word)), default=0)
    found = known.get(term[:start]) if start else None
    if found is None:  # none, or another thread's search emptied the memo since
        start = 0
    for end in range(start + 1, len(term) + 1):
        if found is not None and not found.at:
            return found  # no id holds the letters so far: none holds more
        found = _one_letter_more(made, found, term[end - 1])
        if len(known) > 64:  # the words of a few queries
            known.clear()
        known[term[:end]] = found
    assert found is not None  # a term is never empty
    return found


def _one_letter_more(made: _Index, before: _Letters | None, letter: str) -> _Letters:
    """The ids that hold ``before``'s letters (any id, when None) and then ``letter``."""
    ids = made.lower_ids
    entries: Iterable[int]
    lasts: Iterable[int]
    runs_before: Iterable[int]
    if before is None:
        entries, lasts, runs_before = range(len(ids)), itertools.repeat(-2), itertools.repeat(0)
        starts: Iterable[int] = itertools.repeat(0)
    else:
        entries, lasts, runs_before = before.at.keys(), before.at.values(), before.runs.values()
        starts = [last + 1 for last in lasts]
    places = map(str.find, map(ids.__getitem__, entries), itertools.repeat(letter), starts)
    at, runs = {}, {}
    for entry, place, last, run in zip(entries, places, lasts, runs_before, strict=False):
        if place >= 0:  # a run more unless the letter is the one after the last
            at[entry] = place
            runs[entry] = run + (place != last + 1)
    return _Letters(at, runs)
