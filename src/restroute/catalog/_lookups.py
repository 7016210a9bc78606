"""The package's lookups (catalog.find, search, complete, check, match): each a
Catalog's own, on GitHub's bundled catalog unless another is given."""

from __future__ import annotations

from collections.abc import Mapping

from .._core.encoding import safe_repr
from ..errors import EndpointError
from . import _check, _complete, _find, _search
from ._catalog import Catalog, github
from ._model import Operation
from ._search import Found

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ._matched import Match


def _check_catalog(function: str, catalog: object) -> None:
    if catalog is not None and not isinstance(catalog, Catalog):
        msg = f"catalog.{function}: catalog is {safe_repr(catalog)}, not a Catalog; pass one"
        raise EndpointError(msg + " catalog.load gives, or None for GitHub's")


def find(key: str, *, catalog: Catalog | None = None) -> Operation | None:
    """The operation for a route (``GET /users/{username}``; ``:username``, a ``{+path}``
    that keeps its slashes, a query or ``{?...}`` after the path, a full URL, or no
    method, which means GET, all work), an id (``users/get-by-username``) or an octokit
    name (``users.getByUsername``).

    >>> find("/user?per_page=2").id
    'users/get-authenticated'
    """
    _check_catalog("find", catalog)
    return _find.find(key, catalog=catalog, github=github)


def search(text: str, limit: int = 20, *, catalog: Catalog | None = None) -> list[Operation]:
    """Operations ranked for ``text`` (``searched``, which also says how they were found)."""
    return searched(text, limit, catalog=catalog).operations


def searched(text: str, limit: int = 20, *, catalog: Catalog | None = None) -> Found:
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
    _check_catalog("search", catalog)
    return _search.searched(text, limit, catalog=catalog, github=github)


def complete(prefix: str, *, catalog: Catalog | None = None) -> str | None:
    """The route that completes ``prefix``, or None. The method may be in any case; a
    URL without one completes among GET routes (endpoint() reads it as GET), a full URL
    among the routes of its host, and ``:owner`` among routes written so. Of several
    completions, the most called comes first (``EVERYDAY``), then the shortest. What was
    typed keeps its length, so the route bar can show the rest after it.

    >>> complete("get /repos/{owner}/{repo}/iss")
    'GET /repos/{owner}/{repo}/issues'
    >>> complete("POST /repos/{o")
    'POST /repos/{owner}/{repo}/issues'
    >>> complete("/users/:username/rep")
    '/users/:username/repos'
    >>> complete("GET /no/such/route") is None
    True
    """
    _check_catalog("complete", catalog)
    return _complete.complete(prefix, catalog=catalog, github=github)


def check(
    route: str, parameters: Mapping[str, Any], *, catalog: Catalog | None = None
) -> list[str]:
    """What a user should hear about a call, by GitHub's description of the route: a
    deprecated route or parameter; a required parameter missing; an unknown one; a value
    outside its choices or of the wrong type (as JSON in a body, as text in a URL); an
    undocumented media-type format; and the quirks that send a value somewhere else than
    meant (query parameters of a POST without ``{?...}``, the uploads host, a body field
    named ``url``, body fields next to a ``data`` that replaces them). Body fields are
    checked where they are, among the parameters or inside ``data``. Warnings only: a
    route the catalog does not know gives none. What endpoint() would refuse in a
    mapping (a name that is not text, an int too long to write) is a warning too, and a
    value is shown cut short (a value nested too deep to show, by its type). Only a
    ``route`` that is not a str, or ``parameters`` that are not a mapping, raise
    EndpointError.

    >>> for warning in check("GET /repos/{owner}/{repo}/issues", {"owner": "o", "state": "x"}):
    ...     print(warning)
    issues/list-for-repo: repo (path) is required
    issues/list-for-repo: state='x' is not one of open, closed, all
    """
    _check_catalog("find", catalog)  # the catalog a route is found in
    return _check.check(route, parameters, catalog=catalog, github=github)


def match(
    method: str,
    url: str,
    headers: Mapping[str, str] | None = None,
    body: str | bytes | None = None,
    *,
    said: Mapping[str, str] | None = None,
    among: tuple[Operation, ...] | None = None,
    catalog: Catalog | None = None,
) -> Match:
    """The operation ``method`` and ``url`` are, among GitHub's (or ``among``), and the
    parameters the URL, the ``headers`` (lower-case names) and the ``body`` (what is
    sent) give it. ``said`` names the words a pasted text had for ``method``, ``body``
    and ``header NAME``, for the parts; the URL's own pieces name themselves.

    >>> found = match("GET", "https://api.github.com/repos/o/r/contents/docs/README.md?ref=v2")
    >>> found.route
    'GET /repos/{owner}/{repo}/contents/{path}'
    >>> found.params
    {'owner': 'o', 'repo': 'r', 'path': 'docs/README.md', 'ref': 'v2'}
    """
    from ._match import match  # on first use: a catalog that is only read never pays it

    return match(
        method, url, headers, body, said=said, among=among, catalog=catalog, github=github
    )
