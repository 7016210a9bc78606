"""Operations by a key (find) and ranked for words a person types (search)."""

from __future__ import annotations

import functools
import re

from .._core.encoding import shown
from .._core.template import COLON_VARIABLE
from ..errors import EndpointError
from ._data import hosts, index, operations
from ._model import Operation

_COLON_VAR = re.compile(COLON_VARIABLE)  # endpoint()'s own rule
_QUERY_EXPRESSION = re.compile(r"\{[?&][^}]*\}$")
_WORD = re.compile(r"[a-z0-9]+")
# Words GitHub's own text lacks but people type: "create pr".
SYNONYMS = {"pulls": "pr"}


def find(key: str) -> Operation | None:
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
    keyed = index()
    if key in keyed:
        return keyed[key]
    method, _, url = key.strip().rpartition(" ")
    url = _COLON_VAR.sub(r"{\1}", url).replace("{+", "{")
    while (trimmed := _QUERY_EXPRESSION.sub("", url)) != url:
        url = trimmed
    url = url.partition("?")[0]
    for prefix in hosts():
        url = url.removeprefix(prefix)
    return keyed.get(f"{(method.strip() or 'GET').upper()} {url}")


@functools.cache
def _words() -> tuple[tuple[Operation, tuple[str, ...], frozenset[str], str, str], ...]:
    """Per operation: the words of its id; the words of its summary; every word of its
    id, route, category and summary (and synonyms), as one text with each word after a
    space, so that ``" " + term in text`` asks "does a word start with term" in one step;
    and its id in lowercase."""
    words = []
    for op in operations():
        id_words = tuple(_WORD.findall(op.id.lower()))
        summary = frozenset(_WORD.findall(op.summary.lower()))
        text = f"{op.id} {op.url} {op.category} {op.method} {op.summary}"
        every = _WORD.findall(f"{text} {SYNONYMS.get(op.category, '')}".lower())
        words.append((op, id_words, summary, " " + " ".join(every), op.id.lower()))
    return tuple(words)


def search(text: str, limit: int = 20) -> list[Operation]:
    """Operations ranked for ``text``. A route or id that names one operation puts it
    first. Then every word must start a word of the id, route, category or summary, and
    the operations whose id and summary the words cover best come first. When no
    operation has such words, each word may skip letters (``crate isue``): the ids that
    hold each word's letters in order, the tightest first.

    >>> [op.id for op in search("list issues for repo")][:1]
    ['issues/list-for-repo']
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
    terms = _WORD.findall(text.lower())
    if not terms:
        return []
    named = find(text)
    starts = [" " + term for term in terms]
    ranked = []
    for op, id_words, summary, spaced, _ in _words():
        if op is not named and all(start in spaced for start in starts):
            covered = sum(any(_covers(term, word) for term in terms) for word in id_words)
            said = sum(term in summary for term in terms)
            score = covered / len(id_words) + said / len(terms)
            ranked.append((-score, len(op.summary), op.id, op))
    ranked.sort(key=lambda item: item[:3])
    found = [item[-1] for item in ranked[: limit - (named is not None)]]
    if named is None and not found:
        found = _letters_in_order(terms, limit)
    return [named, *found] if named is not None else found


def _not_text(function: str, argument: str, value: object, what: str) -> str:
    """The message for an argument that should be text: what it is, and what to pass."""
    return f"catalog.{function}: {argument} is {shown(value)}, not a str; pass {what}"


def _covers(term: str, word: str) -> bool:
    """A term covers a word of an id it starts, unless it is as short as "a" or "of":
    those cover only themselves, or "get a repository" would favour ids full of a-words."""
    return word == term if len(term) <= 2 else word.startswith(term)


def _letters_in_order(terms: list[str], limit: int) -> list[Operation]:
    """Operations whose id holds each term's letters in order: the fewest separate runs
    of letters first (``isscreat`` is two runs in ``issues/create``, three in
    ``gists/create``), then the shortest id."""
    ranked = []
    for op, _, _, _, op_id in _words():
        runs = 0
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
