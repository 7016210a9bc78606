"""Who may drive a served explorer: the pages of its own address, and no other.

textual-serve accepts a WebSocket from any page: a site open in another tab could connect
to ``ws://127.0.0.1:8000/ws``, type into the explorer, read its screen (secrets too, once
revealed) and save files. Browsers send the page's ``Origin`` with every WebSocket
handshake, so the server refuses one that is not the explorer's own. A named host
(never an address) is what DNS rebinding turns into an attacker's origin: only the
address served, ``localhost`` and the loopback addresses are let in.
"""

from __future__ import annotations

from typing import Any

LOOPBACK = ("127.0.0.1", "localhost", "[::1]")


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
