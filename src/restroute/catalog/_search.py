"""Operations by a key (find) and ranked for words a person types (search)."""

from __future__ import annotations

import bisect
import functools
import re
from collections import defaultdict

from .._core.encoding import shown
from .._core.template import COLON_VARIABLE
from ..errors import EndpointError
from ._data import exact, github, hosts, index
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

_COLON_VAR = re.compile(COLON_VARIABLE)  # endpoint()'s own rule
_QUERY_EXPRESSION = re.compile(r"\{[?&][^}]*\}$")
_WORD = re.compile(r"[a-z0-9]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_PLAIN_FORMAT = re.compile(r"[a-z]+")


def find(key: str, *, catalog: Catalog | None = None) -> Operation | None:
    """The operation for a route (``GET /users/{username}``; ``:username``, a ``{+path}``
    that keeps its slashes, a query or ``{?...}`` after the path, a full URL, or no
    method, which means GET, all work), an id (``users/get-by-username``) or an octokit
    name (``users.getByUsername``).

    >>> find("/user?per_page=2").id
    'users/get-authenticated'
    """
    if not isinstance(key, str):
        raise EndpointError(_not_text("find", "key", key, "a route, an id or an octokit name"))
    key = str.__str__(key)  # a str subclass's own methods never run
    method, _, url = key.partition(" ")
    if catalog is None:
        catalog = github()
        if "index" not in catalog.memo and method.isupper() and url.startswith("/"):
            found = exact(method, url)  # a route as the catalog writes it: no index yet
            if found is not None:
                return found
    keyed = index(catalog)
    if key in keyed:
        return keyed[key]
    method, _, url = key.strip().rpartition(" ")
    url = _COLON_VAR.sub(r"{\1}", url).replace("{+", "{")
    while (trimmed := _QUERY_EXPRESSION.sub("", url)) != url:
        url = trimmed
    url = url.partition("?")[0]
    for prefix in hosts(catalog):
        url = url.removeprefix(prefix)
    return keyed.get(f"{(method.strip() or 'GET').upper()} {url}")


# Per operation: the stems of its id's words, its summary's words and their stems, its
# place among EVERYDAY (after them all when not one).
_Entry = tuple[Operation, tuple[str, ...], frozenset[str], frozenset[str], int]


_Index = tuple[tuple[_Entry, ...], tuple[str, ...], tuple[frozenset[int], ...]]


def _index(catalog: Catalog) -> _Index:
    """The entries, in catalog order; every word of their ids, routes, categories,
    summaries and media-type formats (``raw``) and the stems of those words, sorted, so
    that the words a form starts are one slice; and, per word, the entries that have it."""
    made: _Index | None = catalog.memo.get("search")
    if made is None:
        made = catalog.memo["search"] = _made_index(catalog.operations)
    return made


def _made_index(operations: tuple[Operation, ...]) -> _Index:
    everyday = everyday_ranks()
    stem = functools.cache(singular)  # a word's stem, once: ids and summaries repeat words
    entries, having = [], defaultdict(set)
    for at, op in enumerate(operations):
        own = _WORD.findall(_CAMEL.sub(" ", op.id).lower())  # listPets: list, pets
        told = _WORD.findall(op.summary.lower())
        summary = frozenset(told)
        rank = everyday.get(op.id, len(EVERYDAY))
        entries.append((op, tuple(map(stem, own)), summary, frozenset(map(stem, summary)), rank))
        formats = [f for f in op.formats if _PLAIN_FORMAT.fullmatch(f)]
        rest = _WORD.findall(f"{op.url} {op.category} {op.method}".lower())
        for word in {*own, *told, *rest, *formats}:
            having[word].add(at)
    for word in list(having):
        having[stem(word)].update(having[word])
    vocabulary = tuple(sorted(having))
    return tuple(entries), vocabulary, tuple(frozenset(having[word]) for word in vocabulary)


def _starting(made: _Index, form: str) -> set[int]:
    """The entries with a word that ``form`` starts."""
    _, vocabulary, postings = made
    start = bisect.bisect_left(vocabulary, form)
    end = bisect.bisect_left(vocabulary, form + "{", start)  # "{" sorts after a-z and 0-9
    return set().union(*postings[start:end])


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


def search(text: str, limit: int = 20, *, catalog: Catalog | None = None) -> list[Operation]:
    """Operations ranked for ``text``. A route or id that names one operation puts it
    first. Then every word must start a word of the id, route, category, summary or media
    formats, as typed, as its singular or as a word it means (``pr`` means pull, ``file``
    content, ``add`` create: ``SYNONYMS``); the operations whose id and summary the words
    cover best come first, and reads first when no word is a verb. When no operation has
    such words, each word may skip letters (``crate isue``): the ids that hold each word's
    letters in order, the tightest first.

    >>> [op.id for op in search("list issues for repo")][:1]
    ['issues/list-for-repo']
    >>> [op.id for op in search("raw file")][:1]
    ['repos/get-content']
    >>> [op.id for op in search("crate isue")][:1]
    ['issues/create']
    """
    if not isinstance(text, str):
        raise EndpointError(_not_text("search", "text", text, "the words to look for"))
    text = str.__str__(text)  # a str subclass's own methods never run
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
        msg = f"catalog.search: limit={shown(limit)} is not a count; pass an int of 0 or more"
        raise EndpointError(msg)
    if not limit:
        return []
    terms = _terms(text)
    if not terms:
        return []
    catalog = catalog or github()
    named = find(text, catalog=catalog)
    forms = _forms(terms)
    made = _index(catalog)
    entries = made[0]
    matching = _matching(made, forms)
    every = {form for term, stem, meant in forms for form in (term, stem, *meant)}
    long_forms = tuple(form for form in every if len(form) > 2)
    short_forms = every.difference(long_forms)  # "a", "pr": cover only themselves
    said_by = [f for f in forms if f[0] not in STOP_WORDS] or forms
    read = READ_BONUS * (not VERBS.intersection(every))
    ranked = []
    for at in matching:
        op, id_words, summary, stems, everyday = entries[at]
        if op is not named:
            covered = sum(w.startswith(long_forms) or w in short_forms for w in id_words)
            said = sum(_said(f, summary, stems) for f in said_by)
            score = covered / len(id_words) + said / len(said_by)
            score += read if op.method == "GET" else 0.0
            ranked.append((-score, everyday, len(op.summary), op.id, op))
    ranked.sort(key=lambda item: item[:4])
    found = [item[-1] for item in ranked[: limit - (named is not None)]]
    if named is None and not found:
        found = _letters_in_order(catalog.operations, terms, limit)
    return [named, *found] if named is not None else found


def _matching(made: _Index, forms: list[_Forms]) -> set[int]:
    """The entries in which each term starts a word, as typed, as its singular or as a
    word it means (the terms after one that leaves none are not looked up)."""
    matching = set(range(len(made[0])))
    for term, stem, meant in forms:
        matching &= set().union(*(_starting(made, form) for form in (term, stem, *meant)))
        if not matching:
            break
    return matching


def _said(forms: _Forms, summary: frozenset[str], stems: frozenset[str]) -> float:
    """How much a summary says a term: in its very word, its singular, or a synonym."""
    term, stem, meant = forms
    if term in summary:
        return SAID[0]
    if stem in stems:
        return SAID[1]
    return SAID[2] if stems.intersection(meant) else 0.0


def _not_text(function: str, argument: str, value: object, what: str) -> str:
    """The message for an argument that should be text: what it is, and what to pass."""
    return f"catalog.{function}: {argument} is {shown(value)}, not a str; pass {what}"


def _letters_in_order(
    operations: tuple[Operation, ...], terms: list[str], limit: int
) -> list[Operation]:
    """Operations whose id holds each term's letters in order: the fewest separate runs
    of letters first (``isscreat`` is two runs in ``issues/create``, three in
    ``gists/create``), then the shortest id."""
    ranked = []
    for op in operations:
        op_id, runs = op.id.lower(), 0  # GitHub's ids are, an OpenAPI operationId may not be
        for term in terms:
            at, previous = 0, -2
            for letter in term:
                at = op_id.find(letter, at)
                if at < 0:
                    break
                runs += at != previous + 1
                previous, at = at, at + 1
            else:
                continue
            break
        else:
            ranked.append((runs, len(op_id), op.id, op))
    ranked.sort(key=lambda item: item[:3])
    return [item[-1] for item in ranked[:limit]]
