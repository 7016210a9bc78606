"""The compiled data file read into Operations, once, and the lookups find() needs."""

from __future__ import annotations

import functools
import json
import os
import re

from ._catalog import Catalog
from ._model import Operation, Parameter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

DATA = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "github-rest.json")
PRODUCTS = os.path.join(os.path.dirname(DATA), "github-products.json.gz")
_FORMAT = re.compile(r"application/vnd\.github(?:\.v3)?\.(.+?)(?:\+json)?$")  # v3.raw is raw


@functools.cache
def _text() -> str:
    with open(DATA, encoding="utf-8") as file:
        return file.read()


# Operations made one at a time, before the file was read whole, by (method, URL), and
# the shared parameters they use, by name: the whole catalog takes them in, so a lookup
# returns the same object before and after, and a shared parameter is one object.
_made: dict[tuple[str, str], Operation] = {}
_shared: dict[str, Parameter] = {}


@functools.cache
def operations() -> tuple[Operation, ...]:
    """Every operation, in catalog order (by URL, then method)."""
    data = json.loads(_text())
    shared = {key: _shared.get(key) or _parameter(raw) for key, raw in data["parameters"].items()}
    base, docs = data["base_url"], data["docs_base"]
    return tuple(
        _made.get((raw["method"], raw["url"])) or _operation(raw, base, docs, shared)
        for raw in data["operations"]
    )


def exact(method: str, url: str) -> Operation | None:
    """The operation of ``method`` and ``url`` exactly as the catalog writes them.

    Before the catalog is read whole, it is read from its own line: the explorer, started
    on a route, shows that route's form in the first frame, and reading the file whole
    and making its 1,200 operations took 25 ms of it (the file has an operation a line,
    and a shared parameter a line: scripts/gen_catalog.py writes it so)."""
    if operations.cache_info().currsize:
        return next((op for op in operations() if op.method == method and op.url == url), None)
    key = (method, url)
    if key not in _made:
        found = _from_its_line(method, url)
        if found is None:
            return None
        _made[key] = found
    return _made[key]


def _from_its_line(method: str, url: str) -> Operation | None:
    text = _text()
    first = text.index('\n{"id":')  # past the head and the shared parameters
    at = text.find(f',"method":{_compact(method)},"url":{_compact(url)},', first)
    if at < 0:
        return None
    raw = json.loads(_line(text, at))
    for name in raw.get("params", ()):
        if isinstance(name, str) and name not in _shared:  # on its own line, "name":{...}
            line = _line(text, text.index(f"\n{_compact(name)}:") + 1)
            _shared[name] = _parameter(json.loads("{" + line + "}")[name])
    head = json.loads(text[: text.index(',\n "parameters"')] + "}")
    return _operation(raw, head["base_url"], head["docs_base"], _shared)


def _line(text: str, at: int) -> str:
    """The line of ``text`` that ``at`` is on, without its trailing comma."""
    start = text.rfind("\n", 0, at) + 1
    return text[start : text.find("\n", at)].rstrip(",")


def _compact(value: object) -> str:
    """``value`` as the data file writes it."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _operation(
    raw: dict[str, Any],
    base: str,
    docs: str,
    shared: dict[str, Parameter],
    home: str = "https://api.github.com",
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
        home=home,
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


# The REST API version api.github.com answers a request that names none in its
# x-github-api-version header: GitHub's catalog is of it.
DEFAULT_API_VERSION = "2022-11-28"


@functools.cache
def github() -> Catalog:
    """GitHub's bundled catalog (api.github.com), read at first use."""
    return Catalog(
        "github",
        operations,
        title=f"GitHub.com, REST API {DEFAULT_API_VERSION}",
        version=DEFAULT_API_VERSION,
        source=DATA,
    )


@functools.cache
def _products() -> dict[str, Any]:
    """GHEC's and GHES's catalogs and the calendar versions, one gzip'd table (read
    only when one of them is asked for: 2 MB of JSON, about 20 ms)."""
    import gzip

    with open(PRODUCTS, "rb") as file:
        data: dict[str, Any] = json.loads(gzip.decompress(file.read()))
    return data


def product_names() -> tuple[str, ...]:
    """``ghec``, ``ghes-3.19``, ``github@2026-03-10`` ...: the bundled catalogs besides
    GitHub's own, in the table's order."""
    return tuple(_products()["products"])


@functools.cache
def product(name: str) -> Catalog | None:
    """The bundled catalog ``name`` (``ghec``, ``ghes-3.19``, ``github@2026-03-10``), or
    None. A version is its product with the operations its breaking changes change, and
    the ``x-github-api-version`` header that asks for it."""
    data = _products()
    entry = data["products"].get(name)
    if entry is None:
        return None
    docs = data["docs_base"] + entry.get("docs", "")  # enterprise-server@3.19/ ...

    def made() -> tuple[Operation, ...]:
        shared = {key: _parameter(raw) for key, raw in data["parameters"].items()}
        raws = data["operations"]
        own = [
            _operation(raws[at], entry["base_url"], docs, shared, entry["base_url"])
            for at in entry["operations"]
        ]
        if "of" not in entry:
            return tuple(own)
        base = github() if entry["of"] == "github" else product(entry["of"])
        assert base is not None
        newer = {(op.method, op.url): op for op in own}
        return tuple(newer.get((op.method, op.url), op) for op in base.operations)

    version = entry.get("api_version", "")
    return Catalog(
        name,
        made,
        title=entry["title"] + (f", REST API {version}" if version else ""),
        version=version,
        base_url=entry["base_url"],
        source=PRODUCTS,
        defaults={"headers": {"x-github-api-version": version}} if version else {},
    )


def index(catalog: Catalog) -> dict[str, Operation]:
    """Each operation under every exact key find() takes: its id, its octokit name, its
    method and URL, and its route (with a host and ``{?...}`` when it has them)."""
    made: dict[str, Operation] | None = catalog.memo.get("index")
    if made is None:
        made = {}
        for op in catalog.operations:
            made[op.id] = made[op.octokit_name] = op
        for op in catalog.operations:  # a route is its operation's, whatever an id says
            made[f"{op.method} {op.url}"] = made[op.route] = op
        catalog.memo["index"] = made
    return made


def hosts(catalog: Catalog) -> frozenset[str]:
    """The hosts the operations go to, which find() strips from a full URL."""
    made: frozenset[str] | None = catalog.memo.get("hosts")
    if made is None:
        made = catalog.memo["hosts"] = frozenset(
            op.base_url for op in catalog.operations if op.base_url
        )
    return made
