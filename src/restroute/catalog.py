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
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass

from ._rows import nest, value_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Operation", "Parameter", "check", "find", "operations", "search"]

DATA = os.path.join(os.path.dirname(__file__), "data", "github-rest.json")
_COLON_VAR = re.compile(r":([a-z]\w+)")
_QUERY_EXPRESSION = re.compile(r"\{[?&][^}]*\}$")
# endpoint()'s own option names, octokit's camelCase aliases too: not parameters.
OPTION_NAMES = frozenset(
    {"method", "url", "base_url", "headers", "request", "media_type", "data"}
    | {"baseUrl", "mediaType"}
)
_WORD = re.compile(r"[a-z0-9]+")
_FORMAT = re.compile(r"application/vnd\.github\.(.+?)(?:\+json)?$")
_RAW_BODY = "The request body, sent as it is: text, or bytes for a binary upload."
_FORMATS = (
    "The media type to ask for: application/vnd.github.FORMAT+json in the accept header "
    "(raw, html, diff ...), as this route documents."
)
_JSON_TYPES: dict[str, type | tuple[type, ...]] = {
    "string": str,
    "integer": int,
    "number": (int, float),
    "boolean": bool,
    "object": dict,
}


@dataclass(frozen=True, slots=True)
class Parameter:
    """One parameter of an operation, as GitHub documents it."""

    name: str
    location: str  # "path", "query" or "body" ("media_type" for a form's format row)
    type: str  # "string", "integer", "array<string>", "string|integer" ...
    required: bool = False
    enum: tuple[object, ...] = ()
    default: object = None
    description: str = ""
    multi_segment: bool = False  # the value may hold "/" (a file path, a ref)
    deprecated: bool = False

    @property
    def choices(self) -> tuple[str, ...]:
        """What a form offers to pick, as value texts (``"1"`` for the string 1, so that
        it stays a string): the enum, or true and false; none for arrays (a list)."""
        if self.type.startswith("array<"):
            return ()
        values = self.enum or ((True, False) if self.type == "boolean" else ())
        return tuple(map(value_text, values))

    @property
    def hint(self) -> str:
        """``required · string``, ``integer · default 30``: a form's placeholder."""
        parts = ["required"] * self.required + [self.type]
        if self.default is not None:
            parts.append(f"default {value_text(self.default)}")
        if self.multi_segment:
            parts.append("/ sent as %2F")
        return " · ".join(parts)

    @property
    def facts(self) -> list[str]:
        """Where it goes, whether required, its type, default, choices and quirks."""
        facts = [self.location, *["required"] * self.required, self.type]
        if self.default is not None:
            facts.append(f"default {value_text(self.default)}")
        if self.enum:
            facts.append("one of " + ", ".join(map(value_text, self.enum)))
        if self.multi_segment:
            facts.append("may hold '/'")
        if self.deprecated:
            facts.append("deprecated")
        return facts


@dataclass(frozen=True, slots=True)
class Operation:
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
        """``METHOD URL`` as endpoint() takes it: the full URL when the operation has a
        host of its own, and ``{?name,label}`` when a route other than GET or HEAD takes
        query parameters (endpoint() would otherwise send them in the body, SPEC 4.2).

        >>> find("repos/upload-release-asset").route
        'POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}'
        """
        prefix = self.base_url if self.base_url != "https://api.github.com" else ""
        query = [p.name for p in self.parameters if p.location == "query"]
        if query and self.method not in ("GET", "HEAD"):
            return f"{self.method} {prefix}{self.url}{{?{','.join(query)}}}"
        return f"{self.method} {prefix}{self.url}"

    @property
    def body_through_data(self) -> bool:
        """Whether the body must be given whole, as ``data``: a raw body (text, bytes), or
        a JSON body with a field named like a path or query parameter or like one of
        endpoint()'s options (``name`` in ``PATCH .../variables/{name}``, a webhook's
        ``url``), which as a parameter would land in the URL or the options instead.
        """
        if self.body not in ("", "json"):
            return True
        names = OPTION_NAMES.union(p.name for p in self.parameters if p.location != "body")
        return any(p.location == "body" and p.name in names for p in self.parameters)

    def argument_name(self, parameter: Parameter) -> str:
        """The name ``parameter`` takes among endpoint()'s parameters: its own, or
        ``data.NAME`` when the body goes through ``data`` (explorer rows use these).

        >>> variable = find("PATCH /repos/{owner}/{repo}/actions/variables/{name}")
        >>> [variable.argument_name(p) for p in variable.parameters][2:4]
        ['name', 'data.name']
        """
        if parameter.location == "body" and self.body_through_data:
            return f"data.{parameter.name}"
        return parameter.name

    def form(self) -> list[tuple[str, Parameter]]:
        """The parameters as a form lays them out, each with its argument name: required
        first (path parameters in URL order, then the rest), then optional ones; then
        ``data`` for a raw body (text, bytes), and ``media_type.format`` with the formats
        the route documents as its choices.

        >>> [name for name, _ in find("repos/get-content").form()]
        ['owner', 'repo', 'path', 'ref', 'media_type.format']
        """
        form = [(self.argument_name(p), p) for p in self.parameters]
        if self.body not in ("", "json"):
            form.append(
                ("data", Parameter("data", "body", self.body, True, description=_RAW_BODY))
            )
        form.sort(key=lambda entry: not entry[1].required)  # stable: documented order kept
        if self.formats:
            format = Parameter(
                "format", "media_type", "string", enum=self.formats, description=_FORMATS
            )
            form.append(("media_type.format", format))
        return form

    def call(self, values: Mapping[str, object]) -> tuple[str, dict[str, object]]:
        """The route and the parameters for endpoint(), from values by parameter name or
        by form name (``data.value``, ``media_type.format``), with the body moved into
        ``data`` when it must be. A name that is both a path parameter and a body field
        fills both; a ``data`` given (whole, or as ``data.NAME``) is the body as given.

        >>> from restroute import endpoint
        >>> op = find("PATCH /repos/{owner}/{repo}/actions/variables/{name}")
        >>> route, parameters = op.call({"owner": "o", "repo": "r", "name": "V", "value": "1"})
        >>> parameters
        {'owner': 'o', 'repo': 'r', 'name': 'V', 'data': {'name': 'V', 'value': '1'}}
        >>> endpoint(route, parameters)["body"]
        {'name': 'V', 'value': '1'}
        """
        parameters, _ = nest(values.items())
        if self.body != "json" or not self.body_through_data or "data" in parameters:
            return self.route, parameters
        body = {p.name for p in self.parameters if p.location == "body"}
        outside = {p.name for p in self.parameters if p.location != "body"}
        fields = {k: v for k, v in parameters.items() if k in body}
        parameters = {k: v for k, v in parameters.items() if k not in body or k in outside}
        return self.route, {**parameters, "data": fields} if fields else parameters

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
    with open(DATA, "rb") as file:
        data = json.loads(file.read())
    shared = {key: _parameter(raw) for key, raw in data["parameters"].items()}
    base, docs = data["base_url"], data["docs_base"]
    return tuple(_operation(raw, base, docs, shared) for raw in data["operations"])


def _operation(
    raw: dict[str, Any], base: str, docs: str, shared: dict[str, Parameter]
) -> Operation:
    get = raw.get  # most keys are absent from most operations: one lookup each
    body, accept, params, category = get("body"), get("accept"), get("params"), raw["category"]
    formats = tuple([m[1] for media in accept if (m := _FORMAT.match(media))]) if accept else ()
    parameters = (
        tuple([shared[p] if p.__class__ is str else _parameter(p) for p in params])
        if params
        else ()
    )
    return Operation(
        raw["id"],
        raw["method"],
        raw["url"],
        raw["summary"],
        docs + raw["docs"] if raw["docs"] else "",
        category,
        get("subcategory", category),
        get("deprecated", False),
        get("base_url", base),
        formats,
        "" if body is None else body.get("raw", "json"),
        parameters,
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
        index[op.route] = op
    return index


@functools.cache
def _hosts() -> frozenset[str]:
    return frozenset(op.base_url for op in operations())


def find(key: str) -> Operation | None:
    """The operation for a route (``GET /users/{username}``; ``:username``, a ``{+path}``
    that keeps its slashes, a query or ``{?...}`` after the path, a full URL, or no
    method, which means GET, all work), an id (``users/get-by-username``) or an octokit
    name (``users.getByUsername``).

    >>> find("/user?per_page=2").id
    'users/get-authenticated'
    """
    index = _index()
    if key in index:
        return index[key]
    method, _, url = key.strip().rpartition(" ")
    url = _COLON_VAR.sub(r"{\1}", url).replace("{+", "{")
    while (trimmed := _QUERY_EXPRESSION.sub("", url)) != url:
        url = trimmed
    url = url.partition("?")[0]
    for prefix in _hosts():
        url = url.removeprefix(prefix)
    return index.get(f"{(method.strip() or 'GET').upper()} {url}")


# Words GitHub's own text lacks but people type: "create pr".
SYNONYMS = {"pulls": "pr"}


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


def check(route: str, parameters: Mapping[str, Any]) -> list[str]:
    """What a user should hear about a call, by GitHub's description of the route: a
    deprecated route or parameter; a required parameter missing; an unknown one; a value
    outside its choices or of the wrong type (as JSON in a body, as text in a URL); an
    undocumented media-type format; and the quirks that send a value somewhere else than
    meant (query parameters of a POST without ``{?...}``, the uploads host, a body field
    named ``url``, body fields next to a ``data`` that replaces them). Body fields are
    checked where they are, among the parameters or inside ``data``. Warnings only: a
    route the catalog does not know gives none.

    >>> for warning in check("GET /repos/{owner}/{repo}/issues", {"owner": "o", "state": "x"}):
    ...     print(warning)
    issues/list-for-repo: repo (path) is required
    issues/list-for-repo: state='x' is not one of open, closed, all
    """
    op = find(route)
    if op is None:
        return []
    warnings = [f"{op.id} is deprecated; see {op.docs_url}"] if op.deprecated else []
    data = parameters.get("data")
    in_data = op.body == "json" and isinstance(data, Mapping)
    fields: Mapping[str, Any] = data if isinstance(data, Mapping) and in_data else {}
    given = {name: value for name, value in parameters.items() if name not in OPTION_NAMES}
    for param in op.parameters:
        field = param.location == "body" and in_data
        value = (fields if field else given).get(param.name)
        sent = param.name in (fields if field else given) and (value is not None or field)
        if param.required and not sent:
            name = f"data.{param.name}" if field else param.name
            warnings.append(f"{op.id}: {name} ({param.location}) is required")
    if op.body not in ("", "json") and "data" not in parameters:
        warnings.append(f"{op.id}: data (body) is required: {_RAW_BODY}")
    known = {p.name: p for p in op.parameters if p.location == "body"}
    known.update((p.name, p) for p in op.parameters if p.location != "body")
    body = {p.name: p for p in op.parameters if p.location == "body"}
    checks: list[tuple[str, object, Parameter | None]]
    checks = [(name, value, known.get(name)) for name, value in given.items()]
    checks += [(f"data.{name}", value, body.get(name)) for name, value in fields.items()]
    for name, value, documented in checks:
        warnings += _value_warnings(op, name, value, documented)
    warnings += _quirk_warnings(op, route, parameters, given)
    media_type = parameters.get("media_type", parameters.get("mediaType"))
    format = media_type.get("format") if isinstance(media_type, Mapping) else None
    if (
        op.formats
        and isinstance(format, str)
        and format  # "" is octokit's default: no format
        and format.removesuffix("+json") not in op.formats
    ):
        formats = ", ".join(op.formats)
        warnings.append(f"{op.id}: media_type.format {format!r} is not one of {formats}")
    return warnings


_API = "https://api.github.com"


def _value_warnings(
    op: Operation, name: str, value: object, documented: Parameter | None
) -> list[str]:
    if documented is None:
        return [f"{op.id}: GitHub documents no parameter {name!r}"]
    warnings = [f"{op.id}: {name} is deprecated"] if documented.deprecated else []
    if value is None:
        return warnings  # not sent in a URL; null in a body, which GitHub may allow
    if documented.enum and not _in_enum(documented, value):
        choices = ", ".join(map(value_text, documented.enum))
        warnings.append(f"{op.id}: {name}={value!r} is not one of {choices}")
    elif documented.location == "body" and not _fits(documented.type, value):
        kind = type(value).__name__
        warnings.append(f"{op.id}: {name} should be {documented.type}, not {kind}")
    elif documented.location != "body" and not _fits_in_url(documented.type, value):
        warnings.append(f"{op.id}: {name}={value!r} should be {documented.type}")
    return warnings


def _quirk_warnings(
    op: Operation, route: str, parameters: Mapping[str, Any], given: Mapping[str, Any]
) -> list[str]:
    """Values that would go somewhere else than the user means."""
    warnings = []
    url = route.strip().rpartition(" ")[2]
    base_url = parameters.get("base_url", parameters.get("baseUrl")) or _API
    if op.base_url != _API and not url.startswith(op.base_url) and base_url == _API:
        warnings.append(f"{op.id} goes to {op.base_url}; write the route as {op.route!r}")
    if op.method not in ("GET", "HEAD"):
        in_template = {name for match in _TEMPLATE_QUERY.findall(url) for name in match.split(",")}
        for param in op.parameters:
            if param.location == "query" and param.name in given and param.name not in in_template:
                warnings.append(
                    f"{op.id}: {param.name} (query) goes in the body of a {op.method} unless the "
                    f"route has {{?{param.name}}}: write the route as {op.route!r}"
                )
    fields = {p.name for p in op.parameters if p.location == "body"}
    for name in sorted(fields & OPTION_NAMES - {"data"}):
        if name in parameters and parameters[name] != url and name == "url":
            warnings.append(
                f"{op.id}: url is the request's URL here, not the body field url; "
                "give the body whole as data (data.url in a form)"
            )
    if "data" in parameters and op.body == "json":
        outside = {p.name for p in op.parameters if p.location != "body"}
        for name in given:
            if name in fields and name not in outside:
                warnings.append(f"{op.id}: {name} is not sent: data is the whole body")
    return warnings


_TEMPLATE_QUERY = re.compile(r"\{[?&]([^}]*)\}")


def _in_enum(param: Parameter, value: object) -> bool:
    if param.type.startswith("array<") and isinstance(value, list | tuple):
        return all(item in param.enum for item in value)
    return value in param.enum


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


def _fits_in_url(type_text: str, value: object) -> bool:
    """A value in a path or a query is text: ``"2"`` and ``2`` send the same URL."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, list | tuple):
        return True  # comma-joined: a list, or text with commas
    else:
        text = str(value)
    for kind in _alternatives(type_text):
        if kind not in ("integer", "number", "boolean"):
            return True
        if kind == "boolean" and text in ("true", "false"):
            return True
        if kind == "integer" and re.fullmatch(r"-?[0-9]+", text):
            return True
        if kind == "number" and re.fullmatch(r"-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?", text):
            return True
    return False


def _alternatives(type_text: str) -> list[str]:
    """``string|array<string|object>`` -> ``["string", "array<string|object>"]``."""
    kinds, depth, start = [], 0, 0
    for at, char in enumerate(type_text):
        depth += {"<": 1, ">": -1}.get(char, 0)
        if char == "|" and depth == 0:
            kinds.append(type_text[start:at])
            start = at + 1
    return [*kinds, type_text[start:]]
