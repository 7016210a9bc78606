"""A request's URL read for GitHub's matcher: its base URL (api, uploads or a GitHub
Enterprise Server's), its path as a client sends it, its query's pairs, its user:password."""

from __future__ import annotations

import base64
from urllib.parse import unquote, unquote_plus, urlsplit

from ..errors import EndpointError
from ..rules import MAX_QUERY_PAIRS as MAX_PAIRS
from ._matched import API, Part, _State

UPLOADS = "https://uploads.github.com"


_API_PATH = f"{API}/"


def _split(url: str, state: _State) -> tuple[str, str, list[tuple[str, str]]]:
    """The base URL, the path under it (still percent-encoded) and the query's pairs."""
    if url.startswith("//"):  # scheme-relative: the API answers https only
        url = f"https:{url}"
    if url.startswith("/"):
        base, rest = API, url
    elif url.startswith(_API_PATH) and "#" not in url:  # the most common: no parse needed
        base, rest = API, url[len(API) :]
    else:
        try:  # the URL is never quoted back: it may hold a secret
            parts = urlsplit(url)
        except ValueError as error:
            msg = f"the URL is no URL ({error}); paste the request's URL as it was sent"
            raise EndpointError(msg) from None
        if not parts.scheme or not parts.netloc:
            msg = "the URL has no host; paste it with its host (https://api.github.com/...)"
            raise EndpointError(msg)
        try:
            parts.port  # noqa: B018  (read for its check: a port is a number)
        except ValueError:
            msg = "the URL's port is no number; paste the URL as it was sent"
            raise EndpointError(msg) from None
        state.userinfo, _, host = parts.netloc.rpartition("@")
        host = host.lower()
        origin = f"{parts.scheme.lower()}://{host}"
        if origin in (API.replace("https", "http"), UPLOADS.replace("https", "http")):
            origin = origin.replace("http", "https", 1)
            state.warnings.append(
                f"http://{host} is read as {origin}: GitHub answers only https "
                "(HTTPie's http command writes http:// before a URL without one)"
            )
        rest = parts.path + (f"?{parts.query}" if parts.query else "")
        base = origin
        if origin not in (API, UPLOADS):
            for prefix in ("/api/v3", "/api/uploads"):  # GitHub Enterprise Server
                if rest == prefix or rest.startswith((f"{prefix}/", f"{prefix}?")):
                    base, rest = origin + prefix, rest[len(prefix) :] or "/"
                    break
            else:
                state.warnings.append(
                    f"{host} is not GitHub's API (api.github.com, uploads.github.com, "
                    "or a GitHub Enterprise Server's HOST/api/v3): the path is read as "
                    "GitHub's routes"
                )
        if parts.fragment:
            state.parts.append(Part(f"#{parts.fragment}", "left out", "a fragment is never sent"))
    path, _, query = rest.partition("?")
    if query.count("&") >= MAX_PAIRS:
        msg = f"the URL's query has {query.count('&') + 1:,} pairs, and at most {MAX_PAIRS:,} "
        raise EndpointError(msg + "are read (GitHub's largest operation takes 31)")
    pairs = []
    for pair in filter(None, query.split("&")):
        name, _, value = pair.partition("=")
        pairs.append((unquote_plus(name), unquote_plus(value)))
    return base, _without_dot_segments(path) or "/", pairs


def _without_dot_segments(path: str) -> str:
    """The path a client sends: ``.`` and ``..`` segments resolved (RFC 3986, 5.2.4), as
    curl and browsers do; an encoded ``%2E%2E`` is a name, and stays."""
    if "/." not in path:
        return path
    kept: list[str] = []
    segments = path.split("/")
    for segment in segments[1:]:
        if segment == "..":
            if kept:
                kept.pop()
        elif segment != ".":
            kept.append(segment)
    ends_in_dir = segments[-1] in (".", "..")
    return "/" + "/".join(kept) + ("/" if ends_in_dir and kept else "")


def _userinfo(state: _State, headers: dict[str, str]) -> None:
    """The URL's ``user:password@``: sent as basic authorization, as curl and browsers
    send it (a user alone with an empty password), unless an authorization header is
    given, which curl sends instead."""
    written = f"{state.userinfo}@"
    if "authorization" in headers:
        note = "an authorization header is given, and is sent instead"
        state.parts.append(Part(written, "left out", note))
        return
    user, _, password = state.userinfo.partition(":")
    credentials = f"{unquote(user)}:{unquote(password)}".encode()
    headers["authorization"] = f"Basic {base64.b64encode(credentials).decode()}"
    state.said["header authorization"] = written
