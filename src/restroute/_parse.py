"""Merged options -> request options. Pure: reads its input, returns new objects."""

from __future__ import annotations

from collections.abc import Mapping

from . import _media_type
from ._cache import BoundedCache
from ._encoding import shown
from ._http import checked_headers, header_value, is_token
from ._options import canonical, media_type_option
from ._query import add_query
from ._result import RequestOptions, check_body
from ._template import compile_template
from .errors import EndpointError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# Option keys that are never parameters (never expanded, queried or sent as body).
NOT_PARAMETERS = frozenset({"method", "base_url", "url", "headers", "request", "media_type"})
_JSON_CONTENT_TYPE = "application/json; charset=utf-8"

_METHODS: BoundedCache[str, str] = BoundedCache()  # checked method -> uppercase
_BASE_URLS: BoundedCache[str, str] = BoundedCache()  # checked base_url -> without "/"


class _Plan:
    """What parse needs to know about one url template, worked out once."""

    __slots__ = ("excluded", "relative", "template")

    def __init__(self, url: str, method: str) -> None:
        self.template = template = compile_template(url, method)
        clash = sorted(template.variables & NOT_PARAMETERS)
        if clash:  # such a placeholder could only ever be filled by the option of that name
            names = ", ".join(f"{{{name}}}" for name in clash)
            msg = f"{method} {url}: {names} names an option, not a parameter; rename the "
            msg += "placeholder (e.g. {target_url})"
            raise EndpointError(msg)
        self.excluded = NOT_PARAMETERS | template.variables  # never query or body
        self.relative = template.head.startswith("/")


_PLANS: BoundedCache[str, _Plan] = BoundedCache()


def parse(merged: Mapping[str, Any]) -> RequestOptions:
    """Request options from merged options (see ``Endpoint.merge``); the input is not changed.

    >>> from restroute import endpoint
    >>> merged = endpoint.merge("GET /orgs/{org}/repos", org="octokit", type="private")
    >>> endpoint.parse(merged)["url"]
    'https://api.github.com/orgs/octokit/repos?type=private'
    """
    if merged.__class__ is not dict and not isinstance(merged, Mapping):
        msg = f"parse: merged options must be a mapping, not {type(merged).__name__}; "
        msg += "pass the result of endpoint.merge(...)"
        raise EndpointError(msg)
    if "baseUrl" in merged or "mediaType" in merged:
        merged = canonical(merged, "parse")
    method = merged.get("method", "GET")
    method = (_METHODS.get(method) if method.__class__ is str else None) or _method(method)
    url = merged.get("url")
    plan = (_PLANS.get(url) if url.__class__ is str else None) or _plan(url, method)
    route = f"{method} {url}"
    url = plan.template.expand(merged, method)
    if plan.relative and url[-1] != "/" and "/." not in url and "%2" not in url:
        url = _base(merged.get("base_url"), route) + url  # the common case, kept short
    else:
        url = _absolute(url, merged.get("base_url"), route)
    excluded = plan.excluded
    remaining = {key: value for key, value in merged.items() if key not in excluded}
    headers = checked_headers(merged.get("headers") or {}, route)
    media_type = merged.get("media_type")
    if media_type:
        _amend_accept(headers, media_type, url, route)

    result = RequestOptions(method=method.lower(), url=url, headers=headers)
    if method == "GET" or method == "HEAD":
        if "data" in remaining:
            msg = f"{route}: a {method} request has no body, but data was given; "
            msg += "drop data, or use a method such as POST"
            raise EndpointError(msg)
        if remaining:
            result["url"] = add_query(url, remaining)
    elif remaining:
        body = remaining.get("data", remaining)
        check_body(body)
        result["body"] = body
        if "content-type" not in headers:
            headers["content-type"] = _JSON_CONTENT_TYPE
    elif method == "PATCH" or method == "PUT":
        result["body"] = ""  # GitHub wants content-length: 0 on these
    request = merged.get("request")
    if request is not None:
        result["request"] = request
    return result


def _plan(url: object, method: str) -> _Plan:
    if not url or not isinstance(url, str):
        msg = f"{method}: no url" + (f" ({shown(url)})" if url is not None else "")
        msg += "; pass a route like 'GET /user' or url='/user'"
        raise EndpointError(msg)
    return _PLANS.put(url, _Plan(url, method))


def _method(method: object) -> str:
    if not isinstance(method, str) or not is_token(method):
        msg = f"method {shown(method)} is not an HTTP token (RFC 9110 9.1); "
        msg += "pass a method such as 'GET' or 'POST'"
        raise EndpointError(msg)
    return _METHODS.put(method, method.upper())


def _base(base_url: object, route: str) -> str:
    """``base_url`` without its trailing "/", once checked to be an absolute http(s) URL."""
    base = _BASE_URLS.get(base_url) if base_url.__class__ is str else None
    if base is None:
        if not isinstance(base_url, str) or not _is_base_url(base_url):
            msg = f"{route}: base_url {shown(base_url)} is not an http(s) URL with a host "
            msg += "(and no credentials, whitespace, query or fragment); "
            msg += "pass one such as 'https://api.github.com'"
            raise EndpointError(msg)
        base = base_url.rstrip("/")
        _check_dot_segments(base, route)
        _BASE_URLS.put(base_url, base)
    return base


def _is_absolute(url: str) -> bool:
    return url[:8].lower().startswith(("https://", "http://"))


def _has_host(url: str) -> bool:
    return url.partition("://")[2][:1] not in ("", "/", "?", "#")


def _has_credentials(url: str) -> bool:
    """user:password@ in the authority, which clients turn into an authorization header."""
    authority = url.partition("://")[2].partition("/")[0].partition("?")[0].partition("#")[0]
    return "@" in authority


def _is_base_url(url: str) -> bool:
    printable = url.isascii() and url.isprintable() and not any(c in url for c in " ?#")
    return printable and _is_absolute(url) and _has_host(url) and not _has_credentials(url)


def _absolute(url: str, base_url: object, route: str) -> str:
    """Resolve against ``base_url``; one trailing "/" goes, as in the reference."""
    if len(url) > 1 and url[-1] == "/":
        url = url[:-1]
    if not _is_absolute(url):
        url = _base(base_url, route) + (url if url[:1] == "/" else f"/{url}")
    elif not _has_host(url):
        msg = f"{route}: the URL {url!r} has no host; pass a value for the host part"
        raise EndpointError(msg)
    elif _has_credentials(url):
        msg = f"{route}: the URL has user:password@ in it, which clients send as an "
        msg += "authorization header the options do not show; pass an authorization header"
        raise EndpointError(msg)
    _check_dot_segments(url, route)
    return url


def _check_dot_segments(url: str, route: str) -> None:
    """HTTP clients squash "." and ".." segments: the request would go elsewhere."""
    after_scheme = url.partition("://")[2]
    path = "/" + after_scheme.partition("/")[2]
    path = path.partition("?")[0].partition("#")[0]
    for segment in path.split("/"):
        if segment.lower().replace("%2e", ".") in (".", ".."):
            msg = f"{route}: the URL path {path!r} has a {segment!r} segment, which HTTP "
            msg += "clients remove, sending the request elsewhere; pass another value"
            raise EndpointError(msg)


def _amend_accept(headers: dict[str, str], media_type: object, url: str, route: str) -> None:
    """media_type.format and /graphql previews, applied to the accept header."""
    graphql = url.endswith("/graphql")
    if media_type.__class__ is dict:  # as merge makes it: checked only when it is used
        format = media_type.get("format")
        if not (format or (graphql and media_type.get("previews"))):
            return
    media_type = media_type_option(media_type, route)
    format = media_type.get("format") or ""
    previews = media_type.get("previews") if graphql else None
    accept = headers.get("accept")
    if not (format or previews) or accept is None or _media_type.is_binary(accept):
        return
    if format:
        accept = _media_type.with_format(accept, format)
    if previews:
        accept = _media_type.with_previews(accept, list(previews), format)
    headers["accept"] = header_value("accept", accept, route)
