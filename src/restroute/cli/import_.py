"""``restroute import``: read a pasted request (a URL, curl, gh api, HTTPie, Octokit) back
to its route."""

from __future__ import annotations

import argparse
import sys

from ..rules import MAX_PASTE
from .args import UsageError, _Parser


def add_parser(commands: argparse._SubParsersAction[_Parser]) -> _Parser:
    """The import command's arguments."""
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
    return imported


def _import(text: str, format: str, *, reveal: bool, source: str | None = None) -> str:
    from .. import pasted
    from ..catalog import load
    from ..reader import read_route

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
