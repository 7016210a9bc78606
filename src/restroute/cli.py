"""The ``restroute`` command: parse the arguments, call the library, print.

``restroute build ROUTE [key=value ...]`` prints the request options as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import __version__, endpoint, explain, formats
from ._rows import parse_value
from .errors import EndpointError
from .profiles import Profile, load_profile

if TYPE_CHECKING:
    from .catalog import Operation

EXAMPLE_ROUTE = "GET /repos/{owner}/{repo}/issues"

# The snippet formats, and explain: each option, its layer, and where it went.
FORMATS = (*(each.name for each in formats.FORMATS), "explain")

EPILOG = """\
parameters:
  key=value    a JSON value when VALUE parses as JSON (42, true, null, ["a","b"],
               {"k":1}), else the text itself (octocat, hello-world)
  key:=json    always JSON; an error when it does not parse (key:='"42"' is text)

example:
  restroute build 'GET /repos/{owner}/{repo}/issues' owner=octocat repo=hello-world \\
      labels:='["bug","ui"]' per_page=2
"""


def parameter(text: str) -> tuple[str, Any]:
    """``key=value`` (JSON if it parses, else text) or ``key:=json`` (JSON only)."""
    key, equals, value = text.partition("=")
    if not equals or not key or key == ":":
        msg = f"parameter {text!r} is not key=value or key:=json"
        raise argparse.ArgumentTypeError(msg)
    if key.endswith(":"):
        try:
            return key[:-1], json.loads(value)
        except ValueError as error:
            msg = f"parameter {text!r}: {value!r} is not JSON ({error}); "
            msg += f"write {key[:-1]}=... for text"
            raise argparse.ArgumentTypeError(msg) from None
    return key, parse_value(value)


def header(text: str) -> tuple[str, str]:
    """``'name: value'`` as curl and HTTPie write it."""
    name, colon, value = text.partition(":")
    if not colon or not name.strip():
        msg = f"header {text!r} is not 'name: value'"
        raise argparse.ArgumentTypeError(msg)
    return name.strip(), value.strip()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="restroute",
        description="Turn REST routes into plain request options, and see how it happens.",
    )
    parser.add_argument("--version", action="version", version=f"restroute {__version__}")
    profile_option(parser, top=True)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    explore = commands.add_parser(
        "explore",
        help="open the explorer (the default command)",
        description="Open the explorer: type a route and parameters, stack layers of "
        "defaults, and watch the request being built. F1 inside for help.",
    )
    explore.add_argument(
        "route", metavar="ROUTE", nargs="?", default=EXAMPLE_ROUTE, help="the route to start with"
    )
    profile_option(explore)
    routes = commands.add_parser(
        "routes",
        help="search GitHub's REST routes",
        description="List the api.github.com routes that match QUERY (all words must match; "
        "the best match first), or all of them. A QUERY that names one route (an id such as "
        "issues/create, an octokit name such as issues.create, or 'POST /repos/{owner}/"
        "{repo}/issues') shows its parameters.",
    )
    routes.add_argument("query", metavar="QUERY", nargs="*", help="words, e.g. create issue")
    routes.add_argument("-n", "--limit", type=int, default=20, help="at most N routes (20)")
    build = commands.add_parser(
        "build",
        help="print the request options for a route as JSON",
        description="Print the request options (method, url, headers, body) for ROUTE as JSON.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    build.add_argument("route", metavar="ROUTE", help="'METHOD URL', e.g. 'GET /users/{username}'")
    build.add_argument(
        "parameters", metavar="key=value", nargs="*", type=parameter, help="parameters"
    )
    build.add_argument("--base-url", metavar="URL", help="resolve relative URLs against URL")
    profile_option(build)
    build.add_argument(
        "-f",
        "--format",
        choices=FORMATS,
        default="json",
        help="json (the default), "
        + ", ".join(
            f"{each.name} ({each.label})" for each in formats.FORMATS if each.name != "json"
        )
        + ", or explain: each option, the layer it came from, and where it went",
    )
    build.add_argument(
        "--redact",
        action="store_true",
        help="replace credentials (authorization, cookies, *-token, *-key ...) by <REDACTED>",
    )
    build.add_argument(
        "-H",
        "--header",
        dest="headers",
        metavar="'NAME: VALUE'",
        action="append",
        type=header,
        default=[],
        help="a request header (repeatable)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        profiles = [load_profile(path) for path in args.profiles]
        for profile in profiles:
            for warning in profile.warnings:
                print(f"restroute: warning: {warning}", file=sys.stderr)
        if args.command in (None, "explore"):
            return _explore(getattr(args, "route", EXAMPLE_ROUTE), profiles)
        if args.command == "routes":
            text = _routes(" ".join(args.query), args.limit)
        else:
            text = _build(args, profiles)
    except EndpointError as error:
        print(f"restroute: error: {error}", file=sys.stderr)
        return 2
    print(text)
    return 0


def profile_option(parser: argparse.ArgumentParser, *, top: bool = False) -> None:
    """--profile, on the command and on each subcommand (a subcommand adds to the list)."""
    parser.add_argument(
        "-p",
        "--profile",
        dest="profiles",
        metavar="FILE",
        action="append",
        default=[] if top else argparse.SUPPRESS,
        help="a TOML profile of defaults (repeatable; later ones win)",
    )


def _routes(query: str, limit: int) -> str:
    from . import catalog

    named = catalog.find(query) if query else None
    if named is not None:
        return _operation_text(named)
    found = catalog.search(query, limit) if query else list(catalog.operations()[:limit])
    if not found:
        return f"no route matches {query!r}"
    width = max(len(op.route) for op in found)
    return "\n".join(f"{op.route.ljust(width)}  {op.id}: {op.summary}" for op in found)


def _operation_text(op: Operation) -> str:
    """One route in full: what it is, where it is documented, and its form's parameters."""
    lines = [op.route, f"{op.id} ({op.octokit_name}): {op.summary}", op.docs_url]
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


def _build(args: argparse.Namespace, profiles: list[Profile]) -> str:
    options: dict[str, Any] = dict(args.parameters)
    if args.headers:
        options["headers"] = dict(args.headers)
    if args.base_url is not None:
        options["base_url"] = args.base_url
    if args.format == "explain":
        layers = [(profile.name, profile.options) for profile in profiles]
        explanation = explain(args.route, options, layers=layers)
        if explanation.error is not None:
            raise explanation.error
        return explanation.table(redact=args.redact)
    layered = endpoint
    for profile in profiles:
        layered = layered.defaults(profile.options)
    text = formats.find(args.format).render(layered(args.route, options), redact=args.redact)
    from . import catalog  # GitHub's description of the route: warnings, never errors

    merged = layered.merge(args.route, options)  # a profile's owner counts too
    for warning in catalog.check(f"{merged['method']} {merged['url']}", merged):
        print(f"restroute: warning: {warning}", file=sys.stderr)
    return text


def _explore(route: str, profiles: list[Profile]) -> int:
    from .tui import run  # Textual loads only here: `restroute build` stays fast

    run(route, profiles)
    return 0


def entrypoint() -> None:
    sys.exit(main())
