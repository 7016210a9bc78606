"""``restroute routes``: search a catalog's routes, or show one route's parameters."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..redact import masked_shapes
from .args import _Parser, positive

if TYPE_CHECKING:
    from ..catalog import Catalog, Operation

ROUTES_SHOWN = 20  # what `restroute routes QUERY` lists without -n: the best matches


def add_parser(commands: argparse._SubParsersAction[_Parser]) -> _Parser:
    """The routes command's arguments."""
    routes = commands.add_parser(
        "routes",
        help="search the REST routes of GitHub (or of --catalog's API)",
        description="List the routes of api.github.com (or of --catalog's API) that match "
        "QUERY (all words must match; "
        f"the best {ROUTES_SHOWN} first, and how many more there are), or all of them without "
        "a QUERY. A QUERY that names one route (an id such as issues/create, an octokit name "
        "such as issues.create, or 'POST /repos/{owner}/{repo}/issues') shows its parameters.",
    )
    routes.add_argument("query", metavar="QUERY", nargs="*", help="words, e.g. create issue")
    routes.add_argument(
        "-n",
        "--limit",
        metavar="N",
        type=positive,
        help=f"at most N routes ({ROUTES_SHOWN} for a QUERY; all without one)",
    )
    return routes


def _routes(query: str, limit: int | None, source: str | None = None) -> str:
    """The listing ``restroute routes`` prints, every token's shape in it hidden: the
    description's texts (paths, names, ids, summaries) and the query are anyone's."""
    return masked_shapes(_listing(query, limit, source))


def _listing(query: str, limit: int | None, source: str | None) -> str:
    from .. import catalog

    api = catalog.load(source or "github")
    head = [_catalog_line(api)]  # which API, product and version: GitHub's too
    named = api.find(query) if query else None
    if named is not None:
        return "\n".join([*head, _operation_text(named)])
    everything = api.operations
    found, by_letters = api.searched(query, len(everything)) if query else (everything, False)
    if not found:
        return "\n".join([*head, f"no route matches {query!r}"])
    if by_letters:  # "copilot" on GHES: say these are no matches of the words
        head.append(f"no route has the words {query!r}; these ids hold their letters in order:")
    if limit is None:
        limit = ROUTES_SHOWN if query else len(found)
    shown_ops = found[:limit]
    width = max(len(op.route) for op in shown_ops)
    lines = [*head, *(f"{op.route.ljust(width)}  {op.id}: {op.summary}" for op in shown_ops)]
    if len(found) > limit:
        lines.append(f"… and {len(found) - limit:,} more; -n {len(found)} lists them all")
    return "\n".join(lines)


def _catalog_line(api: Catalog) -> str:
    """Which API a listing is of: ``Swagger Petstore 1.0.0 · 20 operations (petstore.yaml)``,
    and the operations skipped, with why."""
    line = f"{api.label} · {len(api.operations):,} operations ({api.name})"
    for skipped in api.skipped:
        line += f"\n  skipped {skipped.method} {skipped.url}: {skipped.reason}".replace(
            "  skipped  ", "  skipped "
        )
    return line


def _operation_text(op: Operation) -> str:
    """One route in full: what it is, where it is documented, and its form's parameters."""
    named = f" ({op.octokit_name})" if op.octokit_name != op.id else ""
    lines = [op.route, f"{op.id}{named}: {op.summary}", *([op.docs_url] * bool(op.docs_url))]
    if op.deprecated:
        lines.append("deprecated")
    if op.body == "json" and op.body_through_data:
        lines.append("body fields clash with other names: give them as data.NAME (below)")
    lines.append("")
    form = op.form()
    width = max((len(name) for name, _ in form), default=0)
    for name, param in form:
        lines.append(f"  {name.ljust(width)}  {' · '.join(param.facts)}")
    if not form:
        lines.append("  (no parameters)")
    return "\n".join(lines)
