"""Operations ranked for words a person types (search), by an index made once per catalog."""

from __future__ import annotations

import bisect
import functools
import heapq
import itertools
import re
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import NamedTuple, TypeVar

from .._core.encoding import safe_repr
from .._core.kinds import honest
from ..errors import EndpointError
from ._find import _not_text, find
from ._fuzzy import _letters_in_order
from ._model import Operation
from ._words import (
    EVERYDAY,
    PHRASES,
    READ_BONUS,
    SAID,
    STOP_WORDS,
    SYNONYMS,
    VERBS,
    everyday_ranks,
    singular,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._catalog import Catalog
    from ._fuzzy import _Letters

_WORD = re.compile(r"[a-z0-9]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_PLAIN_FORMAT = re.compile(r"[a-z]+")


class _Index(NamedTuple):
    """What search() needs of a catalog, made once: the words to look terms up in, and per
    word the entries (operations, by their place in the catalog) that have it.

    Ranking scores only the entries a query matches, but a letter or two can match most of
    a large catalog (``g`` 15,000 of Microsoft Graph's 20,000): so each part of a score is
    counted by words, over these postings, in C (Counter, dict.fromkeys), and an entry
    costs a few lookups."""

    operations: tuple[Operation, ...]
    places: dict[str, int]  # an id: its entry
    vocabulary: tuple[str, ...]  # every word of ids, routes, categories, summaries, formats
    postings: tuple[frozenset[int], ...]  # ... and their stems, sorted, and who has each
    id_words: tuple[str, ...]  # the stems of the ids' words, sorted
    id_times: tuple[tuple[frozenset[int], ...], ...]  # ... the entries whose id has each
    # once or more, twice or more ...
    id_lengths: tuple[int, ...]  # the number of words of each entry's id (at least 1)
    said: dict[str, frozenset[int]]  # a word: the entries whose summary has it
    said_stem: dict[str, frozenset[int]]  # a stem: the entries whose summary has it
    read_bonus: tuple[float, ...]  # READ_BONUS for a GET, when no term is a verb
    no_bonus: tuple[float, ...]  # 0.0 for each, when one is
    order: tuple[int, ...]  # each entry's place among equals: everyday, short, by id
    by_order: tuple[int, ...]  # the entries in that order
    lower_ids: tuple[str, ...]  # for letters in order (``_letters``) ...
    fuzzy_order: tuple[int, ...]  # ... and their place among equals: short, by id
    # With reads' bonus and without: the score of each entry one word of whose id the
    # terms start, its summary saying none, and the entries by it (``_one_word_ranks``).
    one_word: dict[bool, tuple[tuple[float, ...], tuple[int, ...]]]
    letters: dict[str, _Letters]  # the terms looked up so far
    # The entries each term's forms start a word of, and what summaries say it: a person
    # types a query a key at a time, and its words before the last come back each key.
    having: dict[_Forms, frozenset[int]]
    saying: dict[_Forms, dict[int, float]]


def _index(catalog: Catalog) -> _Index:
    made: _Index | None = catalog.memo.get("search")
    if made is None:
        made = catalog.memo["search"] = _made_index(catalog.operations)
    return made


def _made_index(operations: tuple[Operation, ...]) -> _Index:
    everyday = everyday_ranks()
    stem = functools.cache(singular)  # a word's stem, once: ids and summaries repeat words
    having: defaultdict[str, set[int]] = defaultdict(set)
    in_ids: defaultdict[str, list[int]] = defaultdict(list)
    said: defaultdict[str, set[int]] = defaultdict(set)
    said_stem: defaultdict[str, set[int]] = defaultdict(set)
    id_lengths = []
    for at, op in enumerate(operations):
        own = _WORD.findall(_CAMEL.sub(" ", op.id).lower())  # listPets: list, pets
        told = _WORD.findall(op.summary.lower())
        for word in own:
            in_ids[stem(word)].append(at)
        id_lengths.append(len(own) or 1)  # an id of no such word ("日本") covers nothing
        for word in told:
            said[word].add(at)
            said_stem[stem(word)].add(at)
        formats = [f for f in op.formats if _PLAIN_FORMAT.fullmatch(f)]
        rest = _WORD.findall(f"{op.url} {op.category} {op.method}".lower())
        for word in {*own, *told, *rest, *formats}:
            having[word].add(at)
    for word in list(having):
        having[stem(word)].update(having[word])
    vocabulary = tuple(sorted(having))
    id_words = tuple(sorted(in_ids))
    ranks = sorted(
        range(len(operations)),
        key=lambda at: (
            everyday.get(operations[at].id, len(EVERYDAY)),
            len(operations[at].summary),
            operations[at].id,
        ),
    )
    lengths, order = tuple(id_lengths), _places(ranks)
    read_bonus = tuple(READ_BONUS if op.method == "GET" else 0.0 for op in operations)
    no_bonus = (0.0,) * len(operations)
    return _Index(
        operations,
        {op.id: at for at, op in enumerate(operations)},
        vocabulary,
        tuple(frozenset(having[word]) for word in vocabulary),
        id_words,
        tuple(_times(in_ids[word]) for word in id_words),
        lengths,
        {word: frozenset(found) for word, found in said.items()},
        {word: frozenset(found) for word, found in said_stem.items()},
        read_bonus,
        no_bonus,
        order,
        tuple(ranks),
        tuple(op.id.lower() for op in operations),
        _places(
            sorted(
                range(len(operations)), key=lambda at: (len(operations[at].id), operations[at].id)
            )
        ),
        {
            True: _one_word_ranks(lengths, read_bonus, order),
            False: _one_word_ranks(lengths, no_bonus, order),
        },
        {},
        {},
        {},
    )


def _times(entries: list[int]) -> tuple[frozenset[int], ...]:
    """Of ``entries``, one per time an id has a word: those there once or more, twice or
    more ..."""
    times = Counter(entries)
    return tuple(
        frozenset(at for at, count in times.items() if count >= least)
        for least in range(1, max(times.values()) + 1)
    )


def _places(ranked: list[int]) -> tuple[int, ...]:
    """Each entry's place in ``ranked``."""
    places = [0] * len(ranked)
    for place, at in enumerate(ranked):
        places[at] = place
    return tuple(places)


def _prefixed(words: tuple[str, ...], form: str) -> slice:
    """The words (sorted) that ``form`` starts: one slice."""
    start = bisect.bisect_left(words, form)
    return slice(start, bisect.bisect_left(words, form + "{", start))  # "{" after a-z, 0-9


_Forms = tuple[str, str, tuple[str, ...]]


def _forms(terms: list[str]) -> list[_Forms]:
    """Per term: the term, its stem, and the words it may also mean."""
    return [(term, stem, SYNONYMS.get(stem, ())) for term in terms for stem in [singular(term)]]


def _terms(text: str) -> list[str]:
    """The words of ``text``, each phrase of PHRASES as GitHub's word for it, each word
    once: a pasted page of repeated words costs what its distinct words cost."""
    terms: list[str] = []
    for word in _WORD.findall(text.lower()):
        if terms and (terms[-1], word) in PHRASES:
            terms[-1] = PHRASES[terms[-1], word]
        else:
            terms.append(word)
    return list(dict.fromkeys(terms))


def search(
    text: str,
    limit: int = 20,
    *,
    catalog: Catalog | None = None,
    github: Callable[[], Catalog],
) -> list[Operation]:
    """Operations ranked for ``text`` (``searched``, which also says how they were found)."""
    return searched(text, limit, catalog=catalog, github=github).operations


class Found(NamedTuple):
    """What a search found, and whether by the letters of its words only: no operation
    has them as words (a picker says so: ``copilot`` on a product without it)."""

    operations: list[Operation]
    by_letters: bool = False


def searched(
    text: str,
    limit: int = 20,
    *,
    catalog: Catalog | None = None,
    github: Callable[[], Catalog],
) -> Found:
    """catalog.searched: operations ranked for ``text`` in ``catalog``, or in ``github()``'s."""
    text, limit = honest(text, "catalog.search"), honest(limit, "catalog.search")
    if not isinstance(text, str):
        raise EndpointError(_not_text("search", "text", text, "the words to look for"))
    text = str.__str__(text)  # a str subclass's own methods never run
    if not isinstance(limit, int) or isinstance(limit, bool) or int.__int__(limit) < 0:
        msg = f"catalog.search: limit={safe_repr(limit)} is not a count; pass an int of 0 or more"
        raise EndpointError(msg)
    catalog = catalog or github()
    limit = min(int.__int__(limit), len(catalog.operations))  # more than all is all
    terms = _terms(text)
    named = find(text, catalog=catalog, github=github) if limit else None
    if not terms:  # no word to look for ("日本", "/"): what it names, if anything
        return Found([] if named is None else [named])
    if not limit:
        return Found([])
    made = _index(catalog)
    forms = _forms(terms)
    matching = _matching(made, forms)
    if named is not None:
        matching = matching.difference({made.places[named.id]})
    found = _ranked(made, forms, matching, limit - (named is not None))
    if named is not None:
        return Found([named, *found])
    if found:
        return Found(found)
    return Found(_letters_in_order(made, terms, limit), by_letters=True)


def _matching(made: _Index, forms: list[_Forms]) -> frozenset[int]:
    """The entries in which each term starts a word, as typed, as its singular or as a
    word it means (the terms after one that leaves none are not looked up)."""
    matching: frozenset[int] | None = None
    for term_forms in forms:
        having = _remembered(made.having, term_forms, _having, made)
        matching = having if matching is None else matching & having
        if not matching:
            break
    return matching or frozenset()


def _having(made: _Index, forms: _Forms) -> frozenset[int]:
    """The entries with a word that one of a term's forms starts (a form another starts
    adds none: ``drive`` holds every word of ``drives``)."""
    term, stem, meant = forms
    shortest: list[str] = []
    for form in sorted({term, stem, *meant}):  # a form sorts right after its prefixes
        if not shortest or not form.startswith(shortest[-1]):
            shortest.append(form)
    postings, vocabulary = made.postings, made.vocabulary
    return frozenset().union(*(p for f in shortest for p in postings[_prefixed(vocabulary, f)]))


_T = TypeVar("_T")


def _remembered(
    memo: dict[_Forms, _T], forms: _Forms, make: Callable[[_Index, _Forms], _T], made: _Index
) -> _T:
    """``make(made, forms)``, kept for the next keys (the last 16 terms' worth)."""
    found = memo.get(forms)
    if found is None:
        if len(memo) >= 16:
            memo.clear()
        found = memo[forms] = make(made, forms)
    return found


def _ranked(
    made: _Index, forms: list[_Forms], matching: frozenset[int], limit: int
) -> list[Operation]:
    """The ``limit`` best of ``matching``: those whose id's words the terms start most
    (as a share of the id), plus how much their summary says the terms (``_said``, as a
    share of the terms that are not STOP_WORDS), plus READ_BONUS for a GET when no term
    is a verb; among equals, ``order``."""
    if not matching or limit <= 0:
        return []
    every = {form for term, stem, meant in forms for form in (term, stem, *meant)}
    long_forms = {form for form in every if len(form) > 2}
    words = {*every.difference(long_forms), *_id_words_started(made, long_forms)}  # "pr": itself
    covered = _covering(made, words)
    said_by = [f for f in forms if f[0] not in STOP_WORDS] or forms
    first, *others = [_remembered(made.saying, f, _said, made) for f in said_by]
    said = {at: first.get(at, 0.0) for at in matching.intersection(set(first).union(*others))}
    for each in others:  # added term by term, as a person reads them: the same sums
        said = {at: score + each.get(at, 0.0) for at, score in said.items()}
    bonus = made.read_bonus if not VERBS.intersection(every) else made.no_bonus
    scored = matching.intersection(covered[0] if covered else ()).union(said)
    # Most scored entries have one word of their id started and no summary saying the
    # terms: their score is their id's share of one word and their bonus, known ahead.
    one_word = scored.difference(said, *covered[1:2])
    counts: dict[int, int] = {}
    for times, having in enumerate(covered, 1):
        counts.update(dict.fromkeys(having.intersection(scored).difference(one_word), times))
    best = _best(made, scored.difference(one_word), counts, said, len(said_by), bonus, limit)
    best += _best_of_one_word(made, one_word, bonus, limit)
    best += _best_unscored(made, matching.difference(scored), bonus, limit)
    best.sort()
    return [made.operations[at] for _, _, at in best[:limit]]


def _covering(made: _Index, words: set[str]) -> list[set[int]]:
    """Per count from one, the entries whose id has ``words`` (stems of ids' words) at
    least that many times: an entry's count adds its counts of each word."""
    at_least: list[set[int]] = []
    for word in words:
        at = bisect.bisect_left(made.id_words, word)
        if at < len(made.id_words) and made.id_words[at] == word:
            own = made.id_times[at]
            # count k: k of the words before, k of this one, or i and k - i of each
            at_least = [
                (at_least[k - 1] if k <= len(at_least) else set()).union(
                    own[k - 1] if k <= len(own) else (),
                    *(
                        at_least[i - 1].intersection(own[k - i - 1])
                        for i in range(max(1, k - len(own)), min(k, len(at_least) + 1))
                    ),
                )
                for k in range(1, len(at_least) + len(own) + 1)
            ]
    return at_least


_Ranked = list[tuple[float, int, int]]  # -score, place among equals, entry


def _best(
    made: _Index,
    entries: frozenset[int],
    covered: dict[int, int],
    said: dict[int, float],
    terms: int,
    bonus: tuple[float, ...],
    limit: int,
) -> _Ranked:
    """The ``limit`` best of ``entries``, scored: only those at or above the ``limit``-th
    score are sorted (ties kept)."""
    entries_ = list(entries)
    lengths, cover, say = made.id_lengths, covered.get, said.get
    scores = [cover(at, 0) / lengths[at] + say(at, 0.0) / terms + bonus[at] for at in entries_]
    least = sorted(scores, reverse=True)[limit - 1] if len(scores) > limit else -1.0
    order = made.order
    return [
        (-score, order[at], at)
        for at, score in zip(entries_, scores, strict=True)
        if score >= least
    ]


def _best_of_one_word(
    made: _Index, entries: frozenset[int], bonus: tuple[float, ...], limit: int
) -> _Ranked:
    """The ``limit`` best of entries one word of whose id the terms start, and whose
    summary says none: the score ``_best`` would sum, ``1 / len(id) + 0.0 + bonus``, is
    each entry's own. Many (``dri`` 7,000 of 20,000) are found by walking the entries in
    the order of that score, which stops early; a few are sorted."""
    share, walk = made.one_word[bonus is made.read_bonus]
    order = made.order
    if len(entries) * 8 < len(order):
        return heapq.nsmallest(limit, ((-share[at], order[at], at) for at in entries))
    wanted = itertools.islice((at for at in walk if at in entries), limit)
    return [(-share[at], order[at], at) for at in wanted]


def _one_word_ranks(
    lengths: tuple[int, ...], bonus: tuple[float, ...], order: tuple[int, ...]
) -> tuple[tuple[float, ...], tuple[int, ...]]:
    """Each entry's score when one word of its id is started and its summary says no term,
    and the entries best first (among equals, ``order``)."""
    share = tuple(1 / length + each for length, each in zip(lengths, bonus, strict=True))
    return share, tuple(sorted(range(len(share)), key=lambda at: (-share[at], order[at])))


def _best_unscored(
    made: _Index, entries: frozenset[int], bonus: tuple[float, ...], limit: int
) -> _Ranked:
    """The ``limit`` best of entries neither covered nor said: their score is their bonus,
    so they are the first in ``order`` (the GETs first when reads have a bonus). Many (a
    letter matches most of a catalog) are found by walking the catalog in that order, which
    stops early; a few are sorted."""
    order = made.order
    if len(entries) * 8 < len(order):
        return heapq.nsmallest(limit, ((-bonus[at], order[at], at) for at in entries))
    found: _Ranked = []
    for tier in (True, False) if bonus is made.read_bonus else (None,):  # GETs, then others
        wanted = (
            at
            for at in made.by_order
            if at in entries and (tier is None or (bonus[at] > 0) is tier)
        )
        found += [(-bonus[at], order[at], at) for at in itertools.islice(wanted, limit)]
    return found


def _id_words_started(made: _Index, forms: set[str]) -> set[str]:
    """The words of ids that one of ``forms`` starts."""
    return {word for form in forms for word in made.id_words[_prefixed(made.id_words, form)]}


def _said(made: _Index, forms: _Forms) -> dict[int, float]:
    """How much each summary says a term: in its very word (SAID[0]), its singular, or
    a word it means; the entries whose summary says it not at all are left out."""
    term, stem, meant = forms
    none: frozenset[int] = frozenset()
    said = dict.fromkeys(set().union(*(made.said_stem.get(m, none) for m in meant)), SAID[2])
    said.update(dict.fromkeys(made.said_stem.get(stem, none), SAID[1]))
    said.update(dict.fromkeys(made.said.get(term, none), SAID[0]))
    return said
