"""The route that completes the start of one: the route bar's suggestion, per keystroke."""

from __future__ import annotations

import bisect
import re

from .._core.kinds import honest
from ..errors import EndpointError
from ._find import _not_text
from ._words import EVERYDAY, everyday_ranks

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from ._catalog import Catalog
    from ._model import Operation

# A {name} that endpoint() would also read as :name (its COLON_VARIABLE rule); {?query}
# and {enterprise-team} have no colon form and keep their braces.
_BRACED = re.compile(r"\{([a-z][A-Za-z0-9_]+)\}")
_TYPED_COLON = re.compile(r"/:(?:[a-z]|$)")
_AFTER_ASCII = "\x7f"  # sorts after every character a route holds
# The sorted keys (routes in lowercase), each key's route as its rank, and routes by rank.
_Table = tuple[tuple[str, ...], tuple[int, ...], tuple[str, ...]]


def complete(
    prefix: str, *, catalog: Catalog | None = None, github: Callable[[], Catalog]
) -> str | None:
    """catalog.complete: the route that completes ``prefix`` in ``catalog``, or in
    ``github()``'s."""
    prefix = honest(prefix, "catalog.complete")
    if not isinstance(prefix, str):
        raise EndpointError(_not_text("complete", "prefix", prefix, "the start of a route"))
    prefix = str.__str__(prefix)  # a str subclass's own methods never run
    if not prefix or not prefix.isascii():  # routes are ASCII; so lengths stay as typed
        return None
    catalog = catalog or github()
    colon = _TYPED_COLON.search(prefix) is not None
    table: _Table | None = catalog.memo.get(("complete", colon))
    if table is None:
        table = catalog.memo["complete", colon] = _table(catalog.operations, colon)
    typed = prefix.lower()
    found = _best(table, typed)
    if found is None and (found := _best(table, "get " + typed)) is not None:
        found = found.removeprefix("GET ")
    return found


def _best(table: _Table, typed: str) -> str | None:
    """The route that is ``typed`` itself, or else the first of those it starts."""
    keys, ranks, routes = table
    start = bisect.bisect_left(keys, typed)
    end = bisect.bisect_left(keys, typed + _AFTER_ASCII, start)
    if start == end:
        return None
    if keys[start] == typed:
        return routes[ranks[start]]
    return routes[min(ranks[start:end])]


def _colon(variable: re.Match[str]) -> str:
    """``{owner}`` as ``:owner`` (a function: twice as quick as the template ``:\\1``)."""
    return ":" + variable[1]


def _table(operations: tuple[Operation, ...], colon: bool) -> _Table:
    """Every route twice, without its host and with it (``GET /user``, ``GET
    https://api.github.com/user``), variables as ``{name}`` or, if ``colon``, ``:name``."""
    everyday = everyday_ranks()
    ranked = []
    for op in operations:
        method, _, target = op.route.partition(" ")
        path = target.removeprefix(op.base_url)
        if colon:
            path = _BRACED.sub(_colon, path)
        rank = everyday.get(op.id, len(EVERYDAY))
        for route in (f"{method} {path}", f"{method} {op.base_url}{path}"):
            ranked.append((rank, len(route), route))
    routes = tuple(route for *_, route in sorted(ranked))
    keyed = sorted((route.lower(), rank) for rank, route in enumerate(routes))
    return tuple(key for key, _ in keyed), tuple(rank for _, rank in keyed), routes
