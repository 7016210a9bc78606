"""Every api.github.com route with its parameters: look one up, search, check a call.

The data is GitHub's own OpenAPI description, compacted by ``scripts/gen_catalog.py``
into ``restroute/data/github-rest.json`` (committed; loaded at first use).

>>> from restroute import catalog
>>> catalog.find("POST /repos/{owner}/{repo}/issues").id
'issues/create'
>>> catalog.find("issues.create").summary
'Create an issue'
>>> catalog.search("create issue")[0].id
'issues/create'
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any, NamedTuple

__all__ = ["Operation", "Parameter", "check", "find", "operations", "search"]

DATA = Path(__file__).with_name("data") / "github-rest.json"
_COLON_VAR = re.compile(r":([a-z]\w+)")
_WORD = re.compile(r"[a-z0-9]+")
_FORMAT = re.compile(r"application/vnd\.github\.(.+?)(?:\+json)?$")
_JSON_TYPES: dict[str, type | tuple[type, ...]] = {
    "string": str,
    "integer": int,
    "number": (int, float),
    "boolean": bool,
    "object": dict,
}


class Parameter(NamedTuple):
    """One parameter of an operation, as GitHub documents it."""

    name: str
    location: str  # "path", "query" or "body"
    type: str  # "string", "integer", "array<string>", "string|integer" ...
    required: bool = False
    enum: tuple[object, ...] = ()
    default: object = None
    description: str = ""
    multi_segment: bool = False  # the value may hold "/" (a file path, a ref)
    deprecated: bool = False


class Operation(NamedTuple):
    """One REST operation: its route, its documentation, and its parameters."""

    id: str  # "issues/create"
    method: str  # "POST"
    url: str  # "/repos/{owner}/{repo}/issues"
    summary: str
    docs_url: str
    category: str
    subcategory: str
    deprecated: bool
    base_url: str  # the host it goes to: uploads for release assets
    formats: tuple[str, ...]  # media_type.format values it documents ("raw", "diff" ...)
    body: str  # "" (none), "json", or the type of a raw body ("string", "binary")
    parameters: tuple[Parameter, ...]

    @property
    def route(self) -> str:
        """``METHOD URL`` as endpoint() takes it (full URL when it has its own host)."""
        prefix = self.base_url if self.base_url != "https://api.github.com" else ""
        return f"{self.method} {prefix}{self.url}"

    @property
    def octokit_name(self) -> str:
        """``issues.create``: what octokit's REST methods call it."""
        scope, _, name = self.id.partition("/")
        return f"{_camel(scope)}.{_camel(name)}"


def _camel(text: str) -> str:
    first, *rest = text.split("-")
    return first + "".join(word.capitalize() for word in rest)


@functools.cache
def operations() -> tuple[Operation, ...]:
    """Every operation, in catalog order (by URL, then method)."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    base, docs = data["base_url"], data["docs_base"]
    return tuple(_operation(raw, base, docs) for raw in data["operations"])


def _operation(raw: dict[str, Any], base: str, docs: str) -> Operation:
    body = raw.get("body")
    formats = tuple(match[1] for media in raw.get("accept", ()) if (match := _FORMAT.match(media)))
    category = raw["category"]
    return Operation(  # positional, in field order: 1,223 of them load in a few ms
        raw["id"],
        raw["method"],
        raw["url"],
        raw["summary"],
        docs + raw["docs"] if raw["docs"] else "",
        category,
        raw.get("subcategory", category),
        raw.get("deprecated", False),
        raw.get("base_url", base),
        formats,
        "" if body is None else body.get("raw", "json"),
        tuple(map(_parameter, raw.get("params", ()))),
    )


def _parameter(raw: dict[str, Any]) -> Parameter:
    get = raw.get
    return Parameter(
        raw["name"],
        raw["in"],
        raw["type"],
        get("required", False),
        tuple(get("enum", ())),
        get("default"),
        get("description", ""),
        get("multi_segment", False),
        get("deprecated", False),
    )


@functools.cache
def _index() -> dict[str, Operation]:
    index: dict[str, Operation] = {}
    for op in operations():
        index[op.id] = index[op.octokit_name] = index[f"{op.method} {op.url}"] = op
    return index


@functools.cache
def _hosts() -> frozenset[str]:
    return frozenset(op.base_url for op in operations())


def find(key: str) -> Operation | None:
    """The operation for a route (``GET /users/{username}``, ``:username`` too), an id
    (``users/get-by-username``) or an octokit name (``users.getByUsername``)."""
    index = _index()
    if key in index:
        return index[key]
    method, _, url = key.strip().partition(" ")
    url = _COLON_VAR.sub(r"{\1}", url.strip())
    for prefix in _hosts():
        url = url.removeprefix(prefix)
    return index.get(f"{method.upper()} {url}")


@functools.cache
def _words() -> tuple[tuple[Operation, tuple[str, ...], frozenset[str]], ...]:
    """Per operation: the words of its id, and every word of its id, route, category and
    summary."""
    words = []
    for op in operations():
        id_words = tuple(_WORD.findall(op.id.lower()))
        text = f"{op.id} {op.url} {op.category} {op.method} {op.summary}".lower()
        words.append((op, id_words, frozenset(_WORD.findall(text))))
    return tuple(words)


def search(text: str, limit: int = 20) -> list[Operation]:
    """Operations ranked for ``text``: every word must start a word of the id, route,
    category or summary; the operations whose id the words cover best come first.

    >>> [op.id for op in search("list issues for repo")][:1]
    ['issues/list-for-repo']
    """
    terms = _WORD.findall(text.lower())
    if not terms:
        return []
    ranked = []
    for op, id_words, words in _words():
        if all(any(word.startswith(term) for word in words) for term in terms):
            covered = sum(any(word.startswith(term) for term in terms) for word in id_words)
            exact = sum(term in words for term in terms)
            ranked.append((-covered / len(id_words), -exact, len(op.summary), op.id, op))
    ranked.sort(key=lambda item: item[:4])
    return [item[-1] for item in ranked[:limit]]


def check(route: str, parameters: dict[str, Any]) -> list[str]:
    """What a user should hear about a call, by GitHub's description of the route:
    missing or unknown parameters, values outside an enum, wrong JSON types, deprecation.
    Warnings only: a route the catalog does not know gives none.
    """
    op = find(route)
    if op is None:
        return []
    warnings = [f"{op.id} is deprecated; see {op.docs_url}"] if op.deprecated else []
    known = {p.name: p for p in op.parameters}
    for required in op.parameters:
        if required.required and required.name not in parameters:
            warnings.append(f"{op.id}: {required.name} ({required.location}) is required")
    for name, value in parameters.items():
        if name in ("headers", "media_type", "request", "data", "base_url", "method", "url"):
            continue
        param = known.get(name)
        if param is None:
            warnings.append(f"{op.id}: GitHub documents no parameter {name!r}")
        elif param.enum and value not in param.enum:
            choices = ", ".join(map(str, param.enum))
            warnings.append(f"{op.id}: {name}={value!r} is not one of {choices}")
        elif not _fits(param.type, value):
            warnings.append(f"{op.id}: {name} should be {param.type}, not {type(value).__name__}")
    return warnings


def _fits(type_text: str, value: object) -> bool:
    for kind in _alternatives(type_text):
        if kind.startswith("array<"):
            if isinstance(value, list | tuple):
                return True
        elif kind not in _JSON_TYPES:
            return True  # any, binary: nothing to check
        elif isinstance(value, _JSON_TYPES[kind]) and not (
            isinstance(value, bool) and kind in ("integer", "number")
        ):
            return True
    return value is None


def _alternatives(type_text: str) -> list[str]:
    """``string|array<string|object>`` -> ``["string", "array<string|object>"]``."""
    kinds, depth, start = [], 0, 0
    for at, char in enumerate(type_text):
        depth += {"<": 1, ">": -1}.get(char, 0)
        if char == "|" and depth == 0:
            kinds.append(type_text[start:at])
            start = at + 1
    return [*kinds, type_text[start:]]
