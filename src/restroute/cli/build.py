"""``restroute build``: the request options for a route, as JSON, a snippet or an
explanation of where each option came from."""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import endpoint, explain, formats
from .._rows import nest
from ..profiles import Profile, env_references
from ..redact import environment_values, hide_in, hide_values, redact_options, secret_values
from .args import (
    UsageError,
    _no_files,
    _Parser,
    _source,
    header,
    item,
    profile_option,
    quoted,
    row,
    say,
    typed_secrets,
)

if TYPE_CHECKING:
    from ..catalog import Catalog

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


def add_parser(commands: argparse._SubParsersAction[_Parser]) -> _Parser:
    """The build command's arguments."""
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
    return build


def _build(args: argparse.Namespace, profiles: list[Profile]) -> str:
    rows = [row(f"headers.{name}", value) for name, value in args.headers]
    rows += [item(text) for text in args.items]
    if args.base_url is not None:
        rows.append(("base_url", args.base_url))
    options, warnings = nest(rows)
    read = environment_values([each.raw for each in profiles])  # secrets, by any name
    secrets = typed_secrets([], args, read)
    for warning in warnings:
        say("warning", warning, secrets)
    redact = args.redact or args.env_secrets or (args.format == "explain" and not args.reveal)
    env = None
    if args.env_secrets and args.format != "explain":  # explain shows values: redacted
        layers = [(f"profile {each.name!r}", each.options, each.raw) for each in profiles]
        env, notes = env_references([*layers, ("the command line", options, None)])
        for note in notes:
            say("warning", note, secrets)
    source = _source(args, profiles)
    if source is not None:
        from .. import catalog

        api = catalog.load(source)
        op = api.find(args.route)
        if any(each.template for each in api.operations[:1]):  # a description's, styled
            return _described(api, args.route, rows, profiles, args.format, redact, env, read)
        if api is not catalog.load("github"):  # GHEC, GHES, an API version: GitHub's routes
            implied = api.layer(op)
            under = [Profile("catalog", implied, implied), *profiles] if implied else profiles
            _no_files(rows)
            return _request(
                args.route, options, under, args.format, redact=redact, env=env, api=api, read=read
            )
    _no_files(rows)
    return _request(args.route, options, profiles, args.format, redact=redact, env=env, read=read)


def _described(
    api: Catalog,
    typed: str,
    rows: list[tuple[str, object]],
    profiles: list[Profile],
    format: str,
    redact: bool,
    env: dict[str, str] | None,
    read: list[str],
) -> str:
    """The request as the catalog's description says: its parameter styles, header and
    cookie parameters, server, and body media type (a form, multipart, JSON)."""
    op = api.find(typed)
    if op is None:
        msg = f"{api.name} has no route {quoted(typed, 80)}; "
        raise UsageError(msg + f"restroute routes --catalog {shlex.quote(api.name)} lists them")
    values = dict(rows)
    if any(isinstance(value, Path) for value in values.values()) and not (
        op.media_type.startswith("multipart/")
    ):
        msg = f"{op.id}: field@path sends a file in a multipart form, and this route's body is "
        raise UsageError(msg + (op.media_type or "none"))
    secrets = secret_values(values, read)  # once, as in _request: a warning a key
    for warning in api.check(typed, values):
        say("warning", warning, secrets)
    route, parameters = op.call(values)
    catalog_layer = Profile("catalog", op.defaults, op.defaults)
    layers = [catalog_layer, *profiles] if op.defaults else profiles
    return _request(
        route, parameters, layers, format, redact=redact, env=env, check=False, read=read
    )


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
    read: list[str] | None = None,
) -> str:
    """The request in ``format``; redacted, each of ``read`` (values the profiles read
    from the environment: secrets, whatever their names) hidden wherever it went."""
    read = read or []
    hidden = secret_values(None, read) if redact and read else ()
    if format == "explain":  # a display: redacted unless --reveal; what the environment
        # gave hidden before the table cuts a long value (cut, it would no longer be found)
        layers = [(profile.name, _hidden(profile.options, hidden)) for profile in profiles]
        explanation = explain(route, _hidden(options, hidden), layers=layers)
        if explanation.error is not None:
            raise explanation.error
        return hide_values(explanation.table(redact=redact), hidden)
    layered = endpoint
    for profile in profiles:
        layered = layered.defaults(profile.options)
    request = layered(route, options)
    text = hide_values(formats.find(format).render(request, redact=redact, env=env), hidden)
    if not redact:
        _note_secrets_shown(request)
    if not check:
        return text
    from .. import catalog  # GitHub's description of the route: warnings, never errors

    merged = layered.merge(route, options)  # a profile's owner counts too
    judge = api or catalog.load("github")
    secrets = secret_values(merged, read)  # once: a warning a key; a profile has thousands
    for warning in judge.check(f"{merged['method']} {merged['url']}", merged):
        say("warning", warning, secrets)
    return text


SHOWN = "restroute: note: secrets are shown; --redact or --env-secrets hides them"


def _hidden(options: Mapping[str, Any], hidden: tuple[str, ...]) -> dict[str, Any]:
    """``options`` with ``hidden`` hidden in each value but a base URL (a URL of
    ``<REDACTED>`` is none, and the request would not be built)."""
    urls = ("baseUrl", "base_url", "url")
    return {
        key: value if key in urls else hide_in(value, hidden) for key, value in options.items()
    }


def _note_secrets_shown(request: Mapping[str, Any]) -> None:
    """One line on stderr when a snippet shows a secret on a terminal. The snippets reveal
    by default, for piping (``| sh``, ``> send.py``), while the explorers hide by default:
    so when stdout is a terminal (a person reads it, and a screen may be shared) and the
    request holds a secret value (one the redact package hides: ``redact_options``
    changes the request), stderr says so and how to hide it. Piped, nothing is said."""
    isatty = getattr(sys.stdout, "isatty", None)
    if callable(isatty) and isatty() and redact_options(request) != request:
        print(SHOWN, file=sys.stderr)
