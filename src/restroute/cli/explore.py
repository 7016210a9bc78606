"""``restroute explore`` (and ``restroute`` alone): open the explorer in this terminal."""

from __future__ import annotations

import argparse
import gc

from .._rows import value_text
from ..profiles import Profile
from .args import _Parser, profile_option

EXAMPLE_ROUTE = "GET /repos/{owner}/{repo}/issues"


def add_parser(commands: argparse._SubParsersAction[_Parser]) -> _Parser:
    """The explore command's arguments."""
    explore = commands.add_parser(
        "explore",
        help="open the explorer (the default command)",
        description="Open the explorer: type a route and parameters, stack layers of "
        "defaults, and watch the request being built. F1 inside for help.",
    )
    explore.add_argument(
        "route",
        metavar="ROUTE",
        nargs="?",
        help=f"the route to start with ({EXAMPLE_ROUTE} on GitHub's catalog; none on another)",
    )
    explore.add_argument(
        "items", metavar="key=value", nargs="*", default=[], help="values to start with (as build)"
    )
    profile_option(explore)
    return explore


def _explore(
    route: str,
    profiles: list[Profile],
    values: list[tuple[str, object]],
    catalog: str | None = None,
) -> int:
    # Textual loads only here: `restroute build` stays fast. Its import makes some 60,000
    # objects that live as long as the process, and the cyclic garbage collector ran 90
    # times over them (15 ms of the first frame); the app pauses it again until its first
    # frame is painted (RestrouteApp.run).
    collecting = gc.isenabled()
    gc.disable()
    try:
        from ..tui import run
    finally:
        if collecting:
            gc.enable()
    run(route, profiles, [(name, value_text(value)) for name, value in values], catalog)
    return 0
