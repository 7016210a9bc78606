"""The ``restroute`` command: parse the arguments, call the library, print.

``restroute build ROUTE [key=value ...]`` prints the request options as JSON;
``restroute serve`` serves the explorer to a browser tab (textual-serve, the ``serve`` extra).

Bad input, wherever it is found (an argument, a profile, the request it makes), is one
line on stderr, ``restroute: error: ...``, and exit status 2; never a traceback.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from . import __version__, endpoint, explain, formats
from ._rows import nest, parse_value, value_text
from .errors import EndpointError
from .profiles import Profile, env_references, load_profile

if TYPE_CHECKING:
    from .catalog import Catalog, Operation

EXAMPLE_ROUTE = "GET /repos/{owner}/{repo}/issues"
ROUTES_SHOWN = 20  # what `restroute routes QUERY` lists without -n: the best matches
SERVE_HOST = "127.0.0.1"  # this machine only: the explorer reads and writes its files
SERVE_PORT = 8000  # textual-serve's own default
SERVE_EXTRA = "pip install 'restroute[serve]'"
MAX_PASTE = 1_000_000  # characters read from stdin by import: the reader's own limit

# The snippet formats, and explain: each option, its layer, and where it went.
FORMATS = (*(each.name for each in formats.FORMATS), "explain")

EPILOG = """\
parameters and headers, after ROUTE (options may come before, between or after them):
  key=value            a JSON value when VALUE parses as JSON (42, true, null, ["a","b"],
                       {"k":1}), else the text itself: per_page=2
  key:=json            always JSON; an error when it does not parse: labels:='["bug","ui"]'
                       (n:='"42"' is the text 42)
  key==text            always the text, never JSON: ref==1234 (the text "1234")
  Name:value           a header, as -H 'Name: value' (NAME is a header name and no =
                       comes before the :): Accept:application/vnd.github.raw
  headers.NAME=...     one header: headers.x-github-api-version=2022-11-28
  media_type.NAME=...  one media type option (format, previews): media_type.format=diff
  request.NAME=...     one request option, passed to the client: request.timeout=5
  data.NAME=...        one body field, for a field whose name a URL parameter has too:
                       data.name=NEW_NAME
  A dotted name takes any of the first three forms (data.value:=42); a name given twice
  is a warning (the later is sent).

example:
  restroute build 'GET /repos/{owner}/{repo}/issues' owner=octocat repo=hello-world \\
      labels:='["bug","ui"]' per_page=2
"""

# Where an item splits: the first of these in it, the longer at the same place (HTTPie).
_SEPARATOR = re.compile(r"==|:=|=|:|@")
_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")  # an HTTP header name (RFC 9110 token)
_ITEM_FORMS = "key=value, key:=json, key==text, Name:value or field@path"


class UsageError(Exception):
    """Bad input the library does not name itself: a malformed argument, an unreadable
    profile, a value nested too deeply for Python to read or to write."""


class _Parser(argparse.ArgumentParser):
    """Errors are one line (raised as UsageError); a subcommand's own options and
    positionals may come in any order (``build ROUTE -f curl owner=o``)."""

    intermixed = False  # set on the subcommands: argparse cannot intermix a subparsers action
    _parsing = False

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        # The subparsers action calls this on the subcommand's parser; the intermixed
        # parse calls it back (twice), and those calls parse as usual.
        if not self.intermixed or self._parsing:
            return super().parse_known_args(args, namespace)
        self._parsing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._parsing = False

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see {self.prog} --help)")


def shown(text: str, width: int = 40) -> str:
    """``text`` quoted for a one-line message, cut short when long.

    >>> print(shown("a=" + "[" * 100))
    'a=[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[…'
    """
    return repr(text if len(text) <= width else text[:width] + "…")


def item(text: str) -> tuple[str, object]:
    """One parameter item as a row (a dotted name and a value): ``key=value`` (JSON if it
    parses, else text), ``key:=json`` (JSON only), ``key==text`` (text only) or
    ``Name:value`` (a header); ``field@path``, a file to send in a multipart form.

    >>> [item(t) for t in ("n=42", "n:=[1]", "n==42", "Accept: a/b", "url=http://x")]
    [('n', 42), ('n', [1]), ('n', '42'), ('headers.accept', 'a/b'), ('url', 'http://x')]
    >>> item("avatar@me.png")
    ('avatar', PosixPath('me.png'))
    """
    found = _SEPARATOR.search(text)
    if found is None or found.start() == 0:
        msg = f"parameter {shown(text)} is not {_ITEM_FORMS}"
        raise UsageError(msg)
    key, separator, value = text[: found.start()], found[0], text[found.end() :]
    try:
        if separator == "=":
            return row(key, parse_value(value))
        if separator == ":=":
            return row(key, json.loads(value))
    except RecursionError:
        msg = f"parameter {shown(text)}: the JSON is nested too deeply to read"
        raise UsageError(msg) from None
    except ValueError as error:
        msg = f"parameter {shown(text)}: {shown(value)} is not JSON ({error}); "
        msg += f"write {key}=... or {key}==... for text"
        raise UsageError(msg) from None
    if separator == "==":
        return row(key, value)
    if separator == "@":
        if not value:
            raise UsageError(f"parameter {shown(text)}: give the file's path after @")
        return key, Path(value)
    if _TOKEN.fullmatch(key) is None:
        msg = f"parameter {shown(text)} is not {_ITEM_FORMS} ({shown(key)} is no header name)"
        raise UsageError(msg)
    return row(f"headers.{key}", value.strip())


def row(name: str, value: object) -> tuple[str, object]:
    """A row; a header's name in lower case, as it is sent (so a repeat is seen as one)."""
    outer, dot, inner = name.partition(".")
    return (f"headers.{inner.lower()}", value) if outer == "headers" and dot else (name, value)


def header(text: str) -> tuple[str, str]:
    """``'name: value'`` as curl and HTTPie write it."""
    name, colon, value = text.partition(":")
    if not colon or not name.strip():
        msg = f"header {shown(text)} is not 'name: value'"
        raise argparse.ArgumentTypeError(msg)
    return name.strip(), value.strip()


def positive(text: str) -> int:
    """A count: a whole number above 0."""
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        msg = f"{shown(text)} is not a whole number above 0"
        raise argparse.ArgumentTypeError(msg)
    return number


def port(text: str) -> int:
    """A TCP port to listen on: 1 to 65535."""
    try:
        number = int(text)
    except ValueError:
        number = 0
    if not 0 < number < 65536:
        msg = f"{shown(text)} is not a port (1 to 65535)"
        raise argparse.ArgumentTypeError(msg)
    return number


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="restroute",
        description="Turn REST routes into plain request options, and see how it happens.",
    )
    parser.add_argument("--version", action="version", version=f"restroute {__version__}")
    profile_option(parser, dest="profiles")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
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
    serve = commands.add_parser(
        "serve",
        help="serve the explorer to a browser tab (needs the serve extra)",
        description="Serve the explorer, started with these arguments, at http://HOST:PORT: "
        "each browser tab that opens it gets an explorer of its own, run by this Python "
        f"(textual-serve: {SERVE_EXTRA}). Whoever opens it can read and write files "
        "(ctrl+o, ctrl+s, F4) and see this environment's secrets: it listens on this "
        "machine only unless --host says otherwise. The keys a browser keeps for itself "
        "have others: alt+n for ctrl+n, alt+t for ctrl+t, alt+backspace for ctrl+w.",
    )
    serve.add_argument(
        "route", metavar="ROUTE", nargs="?", default=EXAMPLE_ROUTE, help="the route to start with"
    )
    serve.add_argument(
        "items", metavar="key=value", nargs="*", default=[], help="values to start with (as build)"
    )
    profile_option(serve)
    serve.add_argument(
        "--host",
        default=SERVE_HOST,
        help=f"the address to listen on ({SERVE_HOST}, the default: this machine only)",
    )
    serve.add_argument(
        "--port", type=port, default=SERVE_PORT, help=f"the port to listen on ({SERVE_PORT})"
    )
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
    imported = commands.add_parser(
        "import",
        help="read a pasted request (URL, curl, gh api, HTTPie, Octokit) back to its route",
        description="Read TEXT (or stdin, for - or no TEXT) as a request: a URL, a curl, "
        "HTTPie or gh api command, an octokit.request(...) call, or restroute's own "
        "snippets. Print its route, the operation, its parameters and headers, what each "
        "part of the text became, and the `restroute build` command that makes it again. "
        "Nothing is run, opened or expanded ($VAR, @file). Secrets are redacted unless "
        "--reveal.",
    )
    imported.add_argument(
        "text", metavar="TEXT", nargs="?", default="-", help="the request, or - for stdin"
    )
    imported.add_argument(
        "-f",
        "--format",
        choices=("text", "json"),
        default="text",
        help="text (the default) or json: one object with route, operation, base_url, "
        "params, headers, data (a raw body), alternatives, parts and warnings",
    )
    imported.add_argument(
        "--reveal", action="store_true", help="show credentials (redacted by default)"
    )
    build = commands.add_parser(
        "build",
        help="print the request options for a route as JSON",
        description="Print the request options (method, url, headers, body) for ROUTE as JSON.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    build.add_argument("route", metavar="ROUTE", help="'METHOD URL', e.g. 'GET /users/{username}'")
    build.add_argument(
        "items", metavar="key=value", nargs="*", default=[], help="parameters and headers (below)"
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
    secrets = build.add_mutually_exclusive_group()
    secrets.add_argument(
        "--redact",
        action="store_true",
        help="replace credentials (authorization, cookies, *-token, *-key ...) by <REDACTED> "
        "(explain does unless --reveal)",
    )
    secrets.add_argument(
        "--reveal",
        action="store_true",
        help="show credentials in --format explain (the snippets show them unless --redact)",
    )
    secrets.add_argument(
        "--env-secrets",
        action="store_true",
        help="write each credential a profile reads from ${VAR} as that variable, read when "
        'the snippet runs ("${GITHUB_TOKEN:?}" in curl, os.environ["GITHUB_TOKEN"] in '
        "Python); any other stays <REDACTED>, with a warning that says why",
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
    for command in (explore, serve, routes, imported, build):
        catalog_option(command)
    for command in (explore, serve, routes, imported, build):
        command.intermixed = True
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input)."""
    try:
        args = build_parser().parse_args(argv)
        profiles = [_profile(path) for path in args.profiles + getattr(args, "more", [])]
        for profile in profiles:
            for warning in profile.warnings:
                print(f"restroute: warning: {warning}", file=sys.stderr)
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
            text = _routes(" ".join(args.query).strip(), args.limit, _source(args, profiles))
        elif args.command == "import":
            text = _import(
                args.text, args.format, reveal=args.reveal, source=_source(args, profiles)
            )
        else:
            text = _build(args, profiles)
    except (UsageError, EndpointError) as error:
        print(f"restroute: error: {error}", file=sys.stderr)
        return 2
    return _print(text)


def catalog_option(parser: argparse.ArgumentParser) -> None:
    """--catalog: the API whose routes a command knows."""
    parser.add_argument(
        "--catalog",
        metavar="FILE|NAME",
        help="the API: the path of an OpenAPI 3 description (JSON or YAML), or a bundled "
        "catalog: github (the default), ghec, ghes-3.17, ghes-3.18, ghes-3.19, "
        "github@2026-03-10, ghec@2026-03-10",
    )


def _no_files(values: list[tuple[str, object]]) -> list[tuple[str, object]]:
    """The values, when none is a file (``field@path``): the explorer has no file rows."""
    for name, value in values:
        if isinstance(value, Path):
            msg = f"{name}@{value}: a file is sent by `restroute build --catalog`, for a "
            raise UsageError(msg + "route whose body is multipart/form-data")
    return values


def profile_option(parser: argparse.ArgumentParser, *, dest: str = "more") -> None:
    """--profile, on the command and on each subcommand (a subcommand's add to the list:
    argparse gives a subcommand a namespace of its own, hence a dest of its own)."""
    parser.add_argument(
        "-p",
        "--profile",
        dest=dest,
        metavar="FILE",
        action="append",
        default=[],
        help="a TOML profile of defaults (repeatable; later ones win)",
    )


def _profile(path: str) -> Profile:
    """A profile, or one line that says why not (load_profile's own errors as they are)."""
    try:
        return load_profile(path)
    except EndpointError:
        raise
    except RecursionError:
        msg = f"profile {path!r} is nested too deeply to read; flatten it"
        raise UsageError(msg) from None
    except (ValueError, OSError) as error:
        msg = f"profile {path!r} cannot be read: {error}"
        raise UsageError(msg) from None


def _print(text: str) -> int:
    """Print ``text``; a reader that stops early (``| head``) ends the command quietly."""
    try:
        print(text, flush=True)
    except BrokenPipeError:
        # Python flushes stdout again at exit: point it at nothing, or that flush fails too.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return 1
    return 0


def _routes(query: str, limit: int | None, source: str | None = None) -> str:
    from . import catalog

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


def _import(text: str, format: str, *, reveal: bool, source: str | None = None) -> str:
    from . import pasted
    from .catalog import load
    from .reader import read_route

    if text == "-":
        if sys.stdin is None or sys.stdin.isatty():
            msg = "import needs TEXT, or the request on stdin (restroute import - < request.sh)"
            raise UsageError(msg)
        text = sys.stdin.read(MAX_PASTE + 1)
    found = read_route(text, catalog=load(source) if source is not None else None)
    if not reveal:
        found = pasted.hidden(found)
    if format == "json":
        return pasted.json_text(found)
    return pasted.as_text(found, reveal="--reveal writes them", catalog=source or "")


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


def _build(args: argparse.Namespace, profiles: list[Profile]) -> str:
    rows = [row(f"headers.{name}", value) for name, value in args.headers]
    rows += [item(text) for text in args.items]
    if args.base_url is not None:
        rows.append(("base_url", args.base_url))
    options, warnings = nest(rows)
    for warning in warnings:
        print(f"restroute: warning: {warning}", file=sys.stderr)
    redact = args.redact or args.env_secrets or (args.format == "explain" and not args.reveal)
    env = None
    if args.env_secrets and args.format != "explain":  # explain shows values: redacted
        layers = [(f"profile {each.name!r}", each.options, each.raw) for each in profiles]
        env, notes = env_references([*layers, ("the command line", options, None)])
        for note in notes:
            print(f"restroute: warning: {note}", file=sys.stderr)
    source = _source(args, profiles)
    if source is not None:
        from . import catalog

        api = catalog.load(source)
        op = api.find(args.route)
        if any(each.template for each in api.operations[:1]):  # a description's, styled
            return _described(api, args.route, rows, profiles, args.format, redact, env)
        if api is not catalog.load("github"):  # GHEC, GHES, an API version: GitHub's routes
            implied = api.layer(op)
            under = [Profile("catalog", implied, implied), *profiles] if implied else profiles
            _no_files(rows)
            return _request(
                args.route, options, under, args.format, redact=redact, env=env, api=api
            )
    _no_files(rows)
    return _request(args.route, options, profiles, args.format, redact=redact, env=env)


def _source(args: argparse.Namespace, profiles: list[Profile]) -> str | None:
    """The catalog a command uses: --catalog's, else the last profile's that names one."""
    if getattr(args, "catalog", None) is not None:
        return str(args.catalog)
    return next((p.catalog for p in reversed(profiles) if p.catalog), None)


def _described(
    api: Catalog,
    typed: str,
    rows: list[tuple[str, object]],
    profiles: list[Profile],
    format: str,
    redact: bool,
    env: dict[str, str] | None,
) -> str:
    """The request as the catalog's description says: its parameter styles, header and
    cookie parameters, server, and body media type (a form, multipart, JSON)."""
    op = api.find(typed)
    if op is None:
        msg = f"{api.name} has no route {shown(typed, 80)}; "
        raise UsageError(msg + f"restroute routes --catalog {shlex.quote(api.name)} lists them")
    values = dict(rows)
    if any(isinstance(value, Path) for value in values.values()) and not (
        op.media_type.startswith("multipart/")
    ):
        msg = f"{op.id}: field@path sends a file in a multipart form, and this route's body is "
        raise UsageError(msg + (op.media_type or "none"))
    for warning in api.check(typed, values):
        print(f"restroute: warning: {warning}", file=sys.stderr)
    route, parameters = op.call(values)
    catalog_layer = Profile("catalog", op.defaults, op.defaults)
    layers = [catalog_layer, *profiles] if op.defaults else profiles
    return _request(route, parameters, layers, format, redact=redact, env=env, check=False)


def _request(
    route: str,
    options: dict[str, Any],
    profiles: list[Profile],
    format: str,
    *,
    redact: bool,
    env: dict[str, str] | None = None,
    check: bool = True,
    api: Catalog | None = None,
) -> str:
    if format == "explain":  # a display: redacted unless --reveal
        layers = [(profile.name, profile.options) for profile in profiles]
        explanation = explain(route, options, layers=layers)
        if explanation.error is not None:
            raise explanation.error
        return explanation.table(redact=redact)
    layered = endpoint
    for profile in profiles:
        layered = layered.defaults(profile.options)
    text = formats.find(format).render(layered(route, options), redact=redact, env=env)
    if not check:
        return text
    from . import catalog  # GitHub's description of the route: warnings, never errors

    merged = layered.merge(route, options)  # a profile's owner counts too
    judge = api or catalog.load("github")
    for warning in judge.check(f"{merged['method']} {merged['url']}", merged):
        print(f"restroute: warning: {warning}", file=sys.stderr)
    return text


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
        from .tui import run
    finally:
        if collecting:
            gc.enable()
    run(route, profiles, [(name, value_text(value)) for name, value in values], catalog)
    return 0


def serve_command(args: argparse.Namespace) -> str:
    """The shell command textual-serve runs for each browser tab: this Python's explorer
    (no PATH, no activated venv needed), with the profiles by absolute path."""
    command = [sys.executable, "-m", "restroute", "explore", args.route, *args.items]
    for path in args.profiles + args.more:
        command += ["--profile", os.path.abspath(path)]
    if args.catalog is not None:  # a path by its absolute form; a bundled name as it is
        exists = os.path.exists(args.catalog)
        command += ["--catalog", os.path.abspath(args.catalog) if exists else args.catalog]
    return shlex.join(command)


def _serve(args: argparse.Namespace) -> int:
    try:
        from textual_serve.server import Server

        from ._serve import origins, same_origin
    except ImportError as error:
        msg = f"serve needs textual-serve ({error}): {SERVE_EXTRA}"
        raise UsageError(msg) from None
    host = f"[{args.host}]" if ":" in args.host else args.host  # an IPv6 address
    url = f"http://{host}:{args.port}"
    command = serve_command(args)
    allowed = origins(args.host, args.port)
    server = same_origin(Server)(
        command, host=args.host, port=args.port, title="restroute", public_url=url, origins=allowed
    )
    print(f"restroute: serving the explorer at {url} (ctrl+c stops it)", flush=True)
    try:
        server.serve()
    except OSError as error:  # the port is taken, the host is not this machine's ...
        msg = f"cannot serve at {url}: {error}"
        raise UsageError(msg) from None
    return 0


def entrypoint() -> None:
    sys.exit(main())
