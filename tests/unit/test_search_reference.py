"""search() ranks by counts over an index, so that a key costs a few milliseconds in
20,000 operations. Here is the ranking as its docstring states it, scored operation by
operation, with nothing precomputed: the two must agree on every query, at every limit."""

from __future__ import annotations

import functools
import re

import pytest

from restroute import catalog
from restroute.catalog import Catalog, Operation
from restroute.catalog._words import (
    EVERYDAY,
    PHRASES,
    READ_BONUS,
    SAID,
    STOP_WORDS,
    SYNONYMS,
    VERBS,
    singular,
)

WORD = re.compile(r"[a-z0-9]+")
CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def words_of(text: str) -> list[str]:
    return WORD.findall(text.lower())


def reference(api: Catalog, text: str, limit: int) -> list[str]:
    """The ids search() should give, scored one operation at a time."""
    terms: list[str] = []
    for word in words_of(text):
        if terms and (terms[-1], word) in PHRASES:
            terms[-1] = PHRASES[terms[-1], word]
        else:
            terms.append(word)
    terms = list(dict.fromkeys(terms))
    if not limit:
        return []
    named = api.find(text)  # a route or id that names one operation: it comes first
    if not terms:  # and alone, when there is no word to look for ("日本", "/")
        return [] if named is None else [named.id]
    forms = [(t, singular(t), SYNONYMS.get(singular(t), ())) for t in terms]
    every = {form for term, stem, meant in forms for form in (term, stem, *meant)}
    said_by = [f for f in forms if f[0] not in STOP_WORDS] or forms
    read = READ_BONUS * (not VERBS.intersection(every))
    ranked = []
    for op, own, summary, stems, everything in words_by_operation(api):
        if op is named or not all(
            any(w.startswith(form) for w in everything for form in (t, s, *m)) for t, s, m in forms
        ):
            continue
        covered = sum(
            singular(w).startswith(tuple(f for f in every if len(f) > 2))
            or singular(w) in {f for f in every if len(f) <= 2}
            for w in own
        )
        said = 0.0
        for term, stem, meant in said_by:
            if term in summary:
                said += SAID[0]
            elif stem in stems:
                said += SAID[1]
            elif stems.intersection(meant):
                said += SAID[2]
        score = covered / max(len(own), 1) + said / len(said_by)
        score += read if op.method == "GET" else 0.0
        rank = EVERYDAY.index(op.id) if op.id in EVERYDAY else len(EVERYDAY)
        ranked.append((-score, rank, len(op.summary), op.id))
    found = [op_id for *_, op_id in sorted(ranked)][: limit - (named is not None)]
    if named is None and not found:
        found = letters_in_order(api, terms, limit)
    return [named.id, *found] if named is not None else found


Words = tuple[Operation, list[str], list[str], set[str], set[str]]


def words_by_operation(api: Catalog) -> list[Words]:
    """Each operation with its id's words, its summary's words and their stems, and every
    word it may be found by (with their stems): the same for every query, so read once."""
    made: list[Words] | None = api.memo.get("reference words")
    if made is None:
        made = api.memo["reference words"] = []
        for op in api.operations:
            own = words_of(CAMEL.sub(" ", op.id))
            summary = words_of(op.summary)
            everything = {
                *own, *summary, *words_of(f"{op.url} {op.category} {op.method}"),
                *(f for f in op.formats if re.fullmatch("[a-z]+", f)),
            }  # fmt: skip
            everything |= {singular(w) for w in everything}
            made.append((op, own, summary, {singular(w) for w in summary}, everything))
    return made


def letters_in_order(api: Catalog, terms: list[str], limit: int) -> list[str]:
    """Ids holding each term's letters in order, each found leftmost: fewest runs first."""
    ranked = []
    for op in api.operations:
        op_id, runs = op.id.lower(), 0
        for term in terms:
            at = previous = -2
            for letter in term:
                at = op_id.find(letter, at + 1 if at >= 0 else 0)
                if at < 0:
                    break
                runs += at != previous + 1
                previous = at
            if at < 0:
                break
        else:
            ranked.append((runs, len(op_id), op.id))
    return [op_id for *_, op_id in sorted(ranked)][:limit]


@functools.cache
def github() -> Catalog:
    return catalog.load("github")


def operation(op_id: str, method: str, url: str, summary: str) -> Operation:
    return Operation(op_id, method, url, summary, "", "things", "things", False, "", (), "", ())


def small() -> Catalog:
    """Ties, an id of no ASCII word, camelCase, a verb-less GET against a POST."""
    return Catalog(
        "small",
        (
            operation("日本", "GET", "/things", "List things"),
            operation("listThings", "GET", "/things/all", "List things"),
            operation("createThing", "POST", "/things", "Create a thing"),
            operation("things/get", "GET", "/things/{id}", "Get a thing"),
            operation("things/update", "PATCH", "/things/{id}", "Update a thing"),
            operation("things/delete", "DELETE", "/things/{id}", "Delete a thing"),
            operation("a/b", "GET", "/a/b", "A b"),
        ),
        base_url="https://example.com",
    )


QUERIES = [
    *("i", "is", "iss", "issue", "issues", "g", "ge", "get", "c", "pr", "a", "the"),
    *("list issues for repo", "create pr", "add comment", "get all repos", "my repos"),
    *("raw file", "file contents", "the a of", "release asset", "search code"),
    *("crate isue", "isscreat", "rpo gt", "zzz", "qqq xxx", "GET /user", "issues/create"),
    *("repos/get", "POST /repos/{owner}/{repo}/issues", "delete star", "x y z"),
]


@pytest.mark.parametrize(
    "query",
    ["thing", "things", "list", "list things", "t", "get thing", "a", "a b", "日本", "thng", "xq"],
)
def test_search_ranks_a_small_catalog_as_the_rules_read(query: str) -> None:
    api = small()
    for limit in (1, 2, 20):
        assert [op.id for op in api.search(query, limit)] == reference(api, query, limit)


def test_an_id_with_no_word_is_ranked_not_divided_by_zero() -> None:
    # "日本" has no [a-z0-9] word: it covers nothing, and its summary still counts.
    assert "日本" in [op.id for op in small().search("list things")]


@pytest.mark.parametrize("word", ["x" * 1000, "k" * 3000, "usre" * 1000, "a" * 100_000])
def test_a_word_of_thousands_of_letters_is_looked_up_a_letter_at_a_time(word: str) -> None:
    """The adversary's 1,000-letter word recursed a letter at a time past Python's limit
    (and crashed the picker): letters are looked up in a loop, which stops where no id
    holds them."""
    found = github().searched(word, 60)
    assert found == ([], True)
    assert github().searched(word[:-1] + "y", 60) == ([], True)  # from the prefix known
