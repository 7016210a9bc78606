"""The ``restroute`` command itself: its parser, made of each command's, and ``main``,
which runs the command given and says bad input in one line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .. import __version__
from ..errors import EndpointError
from ..redact import environment_values
from . import build, explore, import_, routes, serve
from .args import (
    UsageError,
    _no_files,
    _Parser,
    _print,
    _profile,
    _source,
    catalog_option,
    escaped,
    item,
    profile_option,
    say,
    typed_secrets,
)
from .build import _build
from .explore import EXAMPLE_ROUTE, _explore
from .import_ import _import
from .routes import _routes
from .serve import _serve


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="restroute",
        description="Turn REST routes into plain request options, and see how it happens.",
    )
    parser.add_argument("--version", action="version", version=f"restroute {__version__}")
    profile_option(parser, dest="profiles")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    explore_ = explore.add_parser(commands)
    serve_ = serve.add_parser(commands)
    routes_ = routes.add_parser(commands)
    imported = import_.add_parser(commands)
    build_ = build.add_parser(commands)
    for command in (explore_, serve_, routes_, imported, build_):
        catalog_option(command)
    for command in (explore_, serve_, routes_, imported, build_):
        command.intermixed = True
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input)."""
    argv = sys.argv[1:] if argv is None else argv
    secrets = typed_secrets(argv)  # what its errors hide: credentials, values of secrets
    try:
        args = build_parser().parse_args(argv)
        secrets = typed_secrets(argv, args)
        profiles = [_profile(path) for path in args.profiles + getattr(args, "more", [])]
        read = environment_values([each.raw for each in profiles])  # secrets, by any name
        secrets = typed_secrets(argv, args, read)
        for profile in profiles:
            for warning in profile.warnings:
                say("warning", warning, secrets)
        if args.command in (None, "explore"):
            values = _no_files([item(text) for text in getattr(args, "items", [])])
            source = _source(args, profiles)
            route = getattr(args, "route", None)
            if route is None:  # GitHub's example, or no route for another API's (F2 picks)
                route = EXAMPLE_ROUTE if source in (None, "github") else ""
            return _explore(route, profiles, values, getattr(args, "catalog", None))
        if args.command == "serve":
            _no_files([item(text) for text in args.items])  # said here, not in a tab
            return _serve(args)
        if args.command == "routes":
            query = " ".join(args.query).strip()
            text = escaped(_routes(query, args.limit, _source(args, profiles)))
        elif args.command == "import":
            text = _import(
                args.text, args.format, reveal=args.reveal, source=_source(args, profiles)
            )
        else:
            text = _build(args, profiles)
            text = escaped(text) if args.format == "explain" else text  # a table, for people
    except (UsageError, EndpointError) as error:
        say("error", error, secrets)
        return 2
    return _print(text)


def entrypoint() -> None:
    sys.exit(main())
