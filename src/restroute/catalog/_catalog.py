"""A catalog: one API's operations, and what is made of them once (lookups, the search
index, completions, the matcher's tree), kept with it; and the catalogs restroute bundles:
GitHub's own, GHEC's, GHES's and GitHub's calendar versions."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping

from .._core.encoding import safe_repr
from ..errors import EndpointError
from ._data import DATA, PRODUCTS, _operation, _parameter, _products, _reading, operations
from ._model import GITHUB, Operation

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ._matched import Match
    from ._model import Skipped
    from ._search import Found


class Catalog:
    """The operations of one API, and the lookups every view of them shares.

    >>> from restroute import catalog
    >>> github = catalog.load("github")
    >>> github.find("issues.create").route
    'POST /repos/{owner}/{repo}/issues'
    >>> github.search("create issue")[0].id
    'issues/create'
    """

    def __init__(
        self,
        name: str,
        operations: tuple[Operation, ...] | Callable[[], tuple[Operation, ...]],
        *,
        title: str = "",
        version: str = "",
        base_url: str = GITHUB,
        source: str = "",
        skipped: tuple[Skipped, ...] = (),
        defaults: Mapping[str, Any] | None = None,
    ) -> None:
        self.name = name  # what --catalog takes: "github", "ghec", a file's path
        self.title = title or name
        self.version = version
        self.base_url = base_url
        self.source = source  # the file it was read from
        self.skipped = skipped
        # Options every request of the API takes, a layer under the profiles: the
        # x-github-api-version a calendar version asks for.
        self.defaults: dict[str, Any] = dict(defaults or {})
        self._operations: tuple[Operation, ...] | None = None
        self._load: Callable[[], tuple[Operation, ...]] | None = None
        if isinstance(operations, tuple) and all(isinstance(op, Operation) for op in operations):
            self._operations = operations  # an Operation is a tuple too, but of its fields
        elif callable(operations):
            self._load = operations
        else:
            msg = "a catalog's operations are a tuple of Operations, or a function that returns "
            raise EndpointError(msg + f"one (read at first use), not {safe_repr(operations)}")
        # What lookups make of the operations, by the lookup's own key; one catalog's
        # indexes live as long as it does.
        self.memo: dict[object, Any] = {}

    @property
    def operations(self) -> tuple[Operation, ...]:
        """Every operation, in the catalog's order."""
        if self._operations is None:
            assert self._load is not None
            self._operations = self._load()
        return self._operations

    @property
    def label(self) -> str:
        """``Swagger Petstore 1.0.0``, ``GitHub Enterprise Server 3.19``: which API."""
        said = self.version and self.version not in self.title
        return f"{self.title} {self.version}" if said else self.title

    @property
    def is_github(self) -> bool:
        """Whether its routes are GitHub's (api.github.com's, GHEC's, GHES's)."""
        return self.base_url == GITHUB or self.name.startswith(("github", "ghec", "ghes-"))

    def layer(self, op: Operation | None) -> dict[str, Any]:
        """The options the catalog implies for a request of ``op``: the API version it
        asks for, and what an OpenAPI description says (its server, its accept)."""
        own = op.defaults if op is not None else {}
        if not self.defaults:
            return dict(own)
        headers = {**self.defaults.get("headers", {}), **own.get("headers", {})}  # type: ignore[dict-item]
        return {**self.defaults, **own, **({"headers": headers} if headers else {})}

    def prepare(self) -> Catalog:
        """Make every lookup's index now (find, search, complete, in both route styles):
        a worker pays for them, not a person's first key (Graph's 20,000 operations cost
        about a second in all)."""
        self.find("GET /")
        self.search("x")
        self.complete("GET /")
        self.complete("GET /:")
        return self

    def find(self, key: str) -> Operation | None:
        """The operation for a route, an id or an octokit name (catalog.find)."""
        from ._find import find

        return find(key, catalog=self, github=github)

    def search(self, text: str, limit: int = 20) -> list[Operation]:
        """Operations ranked for the words of ``text`` (catalog.search)."""
        from ._search import search

        return search(text, limit, catalog=self, github=github)

    def searched(self, text: str, limit: int = 20) -> Found:
        """search(), and whether it found the operations by letters only (catalog.searched)."""
        from ._search import searched

        return searched(text, limit, catalog=self, github=github)

    def complete(self, prefix: str) -> str | None:
        """The route that completes ``prefix`` (catalog.complete)."""
        from ._complete import complete

        return complete(prefix, catalog=self, github=github)

    def check(self, route: str, parameters: Mapping[str, Any]) -> list[str]:
        """What to hear about a call, by this catalog's description (catalog.check)."""
        from ._check import check

        return check(route, parameters, catalog=self, github=github)

    def match(
        self,
        method: str,
        url: str,
        headers: Mapping[str, str] | None = None,
        body: str | bytes | None = None,
        *,
        said: Mapping[str, str] | None = None,
    ) -> Match:
        """The operation a request is, and its parameters (catalog.match)."""
        from ._match import match

        among = self.operations
        return match(
            method, url, headers, body, said=said, among=among, catalog=self, github=github
        )

    def __repr__(self) -> str:
        read = self._operations is not None  # a bundled catalog is read at first use
        count = f"{len(self.operations):,} operations" if read else "not read yet"
        return f"<Catalog {self.name!r}: {count}>"


# The REST API version api.github.com answers a request that names none in its
# x-github-api-version header: GitHub's catalog is of it.
DEFAULT_API_VERSION = "2022-11-28"


def github() -> Catalog:
    """GitHub's bundled catalog (api.github.com), read at first use."""
    with _reading:  # one catalog, and so one index, whichever thread asks first
        return _github()


@functools.cache
def _github() -> Catalog:
    return Catalog(
        "github",
        operations,
        title=f"GitHub.com, REST API {DEFAULT_API_VERSION}",
        version=DEFAULT_API_VERSION,
        source=DATA,
    )


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
