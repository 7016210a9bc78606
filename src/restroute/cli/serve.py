"""``restroute serve``: the explorer in a browser tab (textual-serve, the ``serve`` extra),
driven only by the pages of its own address.

textual-serve accepts a WebSocket from any page: a site open in another tab could connect
to ``ws://127.0.0.1:8000/ws``, type into the explorer, read its screen (secrets too, once
revealed) and save files. Browsers send the page's ``Origin`` with every WebSocket
handshake, so the server refuses one that is not the explorer's own. A named host
(never an address) is what DNS rebinding turns into an attacker's origin: only the
address served, ``localhost`` and the loopback addresses are let in.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from typing import Any

from .args import UsageError, _Parser, port, profile_option
from .explore import EXAMPLE_ROUTE

SERVE_HOST = "127.0.0.1"  # this machine only: the explorer reads and writes its files
SERVE_PORT = 8000  # textual-serve's own default
SERVE_EXTRA = "pip install 'restroute[serve]'"
LOOPBACK = ("127.0.0.1", "localhost", "[::1]")


def add_parser(commands: argparse._SubParsersAction[_Parser]) -> _Parser:
    """The serve command's arguments."""
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
    return serve


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


def origins(host: str, port: int) -> frozenset[str]:
    """The origins whose pages may connect to a server on ``host`` and ``port``, as a
    browser writes them: the host in lower case, an IPv6 address bracketed, no port 80."""
    bare = host.strip("[]").lower()
    named = f"[{bare}]" if ":" in bare else bare
    suffix = "" if port == 80 else f":{port}"
    return frozenset(f"http://{name}{suffix}" for name in (named, *LOOPBACK))


def same_origin(server: type[Any]) -> type[Any]:
    """textual-serve's ``Server`` class, refusing WebSockets from other origins (403)."""

    class SameOriginServer(server):  # type: ignore[misc]
        def __init__(self, *args: Any, origins: frozenset[str], **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.origins = origins

        async def handle_websocket(self, request: Any) -> Any:
            from aiohttp import web

            origin = request.headers.get("Origin")
            if origin not in self.origins:
                said = "none" if origin is None else repr(origin[:200])
                return web.Response(status=403, text=f"origin {said} may not drive this explorer")
            return await super().handle_websocket(request)

    return SameOriginServer
