"""The explorer: a Textual app that shows, live, how a route becomes a request.

The only package that imports textual or pyperclip. Everything it shows comes from
``restroute.session.Session``; it builds nothing of its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..profiles import Profile
from .app import RestrouteApp

__all__ = ["RestrouteApp", "make_app", "run"]


def make_app(
    route: str = "",
    profiles: Sequence[Profile] = (),
    values: Sequence[tuple[str, str]] = (),
    catalog: str | None = None,
) -> RestrouteApp:
    """The explorer app, not yet running (the CLI, the tests and the screenshots use it);
    ``values``: (name, value text) to fill in; ``catalog``: the API (a description's path,
    or a bundled catalog's name), else a profile's, else GitHub's."""
    return RestrouteApp(route=route, profiles=profiles, values=values, catalog=catalog)


def run(
    route: str = "",
    profiles: Sequence[Profile] = (),
    values: Sequence[tuple[str, str]] = (),
    catalog: str | None = None,
) -> None:
    make_app(route, profiles, values, catalog).run()
