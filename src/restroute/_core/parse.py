"""Merged options -> request options. Pure: reads its input, returns new objects.

``trace`` runs the same parse and also records where each option went (the URL path,
the query, the body, a header, nowhere), and why parse added or changed a header:
``explain`` shows that record, so the rules are written here once.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import EndpointError
from ..redact import is_secret, redact_url, secret_values
from ..rules import BODILESS_METHODS, DATA, EMPTY_BODY_METHODS, OPTIONS
from . import media_type as _media_type
from .cache import Memo, Refused
from .encoding import key_name, safe_repr
from .http import checked_headers, header_value, is_token
from .kinds import honest
from .options import canonical, media_type_option
from .query import add_query
from .result import MergedOptions, RequestOptions
from .template import TEMPLATES, Template
from .url import (
    authority_problem,
    dot_segment,
    is_absolute,
    is_base_url,
    no_dot_segment,
    path,
    unreachable,
)
from .wire import body_bytes, check_body, check_framing

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_JSON_CONTENT_TYPE = "application/json; charset=utf-8"
# Why a request has that content-type when no layer gave one (the reference adds it too).
_ADDED_FOR_JSON = "added: the body is JSON"
_ADDED_FOR_DATA = "added: the body (data) has no content-type"
# RFC 6570's operators, as the place in the URL their variables go to.
_PLACES = {
    "": "URL path",
    "+": "URL path",
    "/": "URL path",
    ".": "URL path",
    ";": "URL path",
    "?": "URL query",
    "&": "URL query",
    "#": "URL fragment",
}


class _Plan:
    """What parse needs to know about one url template, worked out once."""

    __slots__ = (
        "excluded", "not_parameters", "places", "relative", "secret_names", "shown_url",
        "template",
    )  # fmt: skip

    def __init__(self, template: Template) -> None:
        self.template = template
        self.shown_url: str = redact_url(template.text)  # type: ignore[assignment]
        clash = sorted(template.variables & OPTIONS)
        if clash:  # such a placeholder could only ever be filled by the option of that name
            names = ", ".join(f"{{{name}}}" for name in clash)
            msg = f"{names} names an option, not a parameter; rename the placeholder "
            msg += "(e.g. {target_url})"
            raise Refused(msg)
        self.excluded = OPTIONS | template.variables  # never query or body
        self.not_parameters = tuple(self.excluded)
        self.relative = template.head.startswith("/")
        self.secret_names = tuple(sorted(filter(is_secret, template.variables)))
        self.places = {
            name: f"{_PLACES[operator]} {{{name}}}"
            for name, operator in template.operators.items()
        }


def _plan_of(url: str) -> _Plan:
    return _Plan(TEMPLATES[url])  # Refused as it is: the caller names the route


def _checked_method(method: str) -> str:
    if not is_token(method):
        raise Refused("not a token")  # the caller says so, naming the value
    return method.upper()


def _base_without_slash(base_url: object) -> str:
    if isinstance(base_url, str) and base_url.startswith("/") and not base_url.startswith("//"):
        msg = f"base_url {safe_repr(base_url)} is a path with no host (an API description's "
        msg += "server relative to where it is served); pass the API's URL, such as "
        raise Refused(msg + f"'https://api.example.com{base_url.rstrip('/')}'")
    unreached = (
        unreachable(base_url) if isinstance(base_url, str) and is_absolute(base_url) else ""
    )
    if unreached:  # a port or a name no client reaches
        raise Refused(f"base_url {safe_repr(redact_url(base_url))} {unreached}")
    if not isinstance(base_url, str) or not is_base_url(base_url):
        msg = f"base_url {safe_repr(redact_url(base_url))} is not an http(s) URL with a host "
        msg += "that every client reads alike (no credentials, backslash, %, whitespace, query or "
        msg += "fragment); pass one such as 'https://api.github.com'"
        raise Refused(msg)
    base = base_url.rstrip("/")
    segment = dot_segment(base)
    if segment:
        raise Refused(_dot_segment_why(base, segment))
    return base


_PLANS: Memo[str, _Plan] = Memo(_plan_of)
_METHODS: Memo[str, str] = Memo(_checked_method)  # checked method -> uppercase
_BASE_URLS: Memo[str, str] = Memo(_base_without_slash)  # checked base_url -> without "/"


def parse(merged: Mapping[str, Any]) -> RequestOptions:
    """Request options from merged options (see ``Endpoint.merge``); the input is not changed.

    >>> from restroute import endpoint
    >>> merged = endpoint.merge("GET /orgs/{org}/repos", org="octokit", type="private")
    >>> endpoint.parse(merged)["url"]
    'https://api.github.com/orgs/octokit/repos?type=private'
    """
    return _parse(merged, None, None)


def trace(
    merged: Mapping[str, Any],
) -> tuple[RequestOptions | None, EndpointError | None, dict[str, str], dict[str, str]]:
    """The request (or the error that stopped it); where each option went, by key
    (``headers.accept`` for a header), a key parse did not reach before an error left
    out; and, by header name, why parse added or changed a header of the merged options
    (``"added: the body is JSON"``)."""
    record: dict[str, str] = {}
    changes: dict[str, str] = {}
    try:
        return _parse(merged, record, changes), None, record, changes
    except EndpointError as error:
        return None, error, record, changes


def _parse(
    merged: Mapping[str, Any], record: dict[str, str] | None, changes: dict[str, str] | None
) -> RequestOptions:
    if type(merged) is not MergedOptions:  # not what merge gave: may hold anything
        merged = honest(merged, "parse")
    if not isinstance(merged, dict) and not isinstance(merged, Mapping):  # dict: at once
        msg = f"parse: merged options must be a mapping, not {type(merged).__name__}; "
        msg += "pass the result of endpoint.merge(...)"
        raise EndpointError(msg)
    if "baseUrl" in merged or "mediaType" in merged:
        merged = canonical(merged, "parse")
    if record is not None:
        _record_options(merged, record)
    method = checked_method(merged.get("method", "GET"))
    url = merged.get("url")
    plan = url_plan(url, method)
    route = f"{method} {plan.shown_url}"  # plain text, without user:password@
    excluded = plan.excluded
    if merged.__class__ is dict or merged.__class__ is MergedOptions:
        remaining = dict(merged)  # and the few that are not parameters removed: faster
        for key in plan.not_parameters:
            remaining.pop(key, None)
    else:
        remaining = {key: value for key, value in merged.items() if key not in excluded}
    if record is not None:
        _record_parameters(plan, method, remaining, record)
    expanded = plan.template.expand(merged, method)
    if plan.relative and expanded[-1] != "/" and no_dot_segment(expanded):
        url = checked_base(merged.get("base_url"), route) + expanded  # the common case, kept short
    else:
        url = absolute_url(expanded, merged.get("base_url"), route)
    if record is not None and is_absolute(expanded):
        record["base_url"] = "unused: the URL is a full URL"
    headers = checked_headers(merged.get("headers") or {}, route)
    if changes is not None:
        _record_header_values(merged.get("headers") or {}, changes)
    media_type = merged.get("media_type")
    if record is not None and isinstance(media_type, Mapping):  # until the accept takes it
        record.update({f"media_type.{key_name(key)}": "unused" for key in media_type})
    if media_type:
        amend_accept(headers, media_type, url, route, record, changes)

    result = request_options(method, url, headers, remaining, route, changes)
    if plan.secret_names:  # what the URL holds under a secret's name: hidden where shown
        given = {name: merged[name] for name in plan.secret_names if name in merged}
        expanded_as = plan.template.expansions(merged, plan.secret_names)  # {+token}, {token:9}
        result.url_secrets = secret_values(given, expanded_as)
    request = merged.get("request")
    if request is not None:
        result["request"] = request
    return result


def request_options(
    method: str,
    url: str,
    headers: dict[str, str],
    remaining: dict[str, Any],
    route: str,
    changes: dict[str, str] | None = None,
) -> RequestOptions:
    """The request from its parts: the parameters no placeholder took go to the query of
    a GET or HEAD, else to the body. ``headers`` becomes the result's own."""
    result = RequestOptions()
    result["method"] = method.lower()
    result["url"] = url
    result["headers"] = headers
    if method in BODILESS_METHODS:
        if DATA in remaining:
            msg = f"{route}: a {method} request has no body, but data was given; "
            msg += "drop data, or use a method such as POST"
            raise EndpointError(msg)
        if remaining:
            result["url"] = add_query(url, remaining)
    elif remaining:
        body = remaining.get(DATA, remaining)
        check_body(body)
        result["body"] = body
        if "content-type" not in headers:
            headers["content-type"] = _JSON_CONTENT_TYPE
            if changes is not None:
                changes["content-type"] = _ADDED_FOR_DATA if DATA in remaining else _ADDED_FOR_JSON
    elif method in EMPTY_BODY_METHODS:
        result["body"] = ""  # GitHub wants content-length: 0 on these
    if "content-length" in headers or "transfer-encoding" in headers:
        check_framing(headers, body_bytes(result), route)
    return result


def _record_options(merged: Mapping[str, Any], record: dict[str, str]) -> None:
    """Where the options go, before anything can fail."""
    record.update(method="method", url="URL template")
    url = merged.get("url")
    full = isinstance(url, str) and is_absolute(url)
    record["base_url"] = "unused: the URL is a full URL" if full else "URL prefix"
    for name, place in (("headers", "header"), ("request", "request (passed through)")):
        value = merged.get(name)
        if isinstance(value, Mapping):
            record.update({f"{name}.{key_name(key)}": place for key in value})
        else:
            record[name] = place


def _record_header_values(headers: Mapping[str, object], changes: dict[str, str]) -> None:
    """The merged headers parse sends otherwise: ``None`` drops one (merge drops those of
    a layer; only the bottom layer's reach parse), a number goes as its text."""
    for name, value in headers.items():
        if value is None:
            changes[str.lower(name)] = "dropped: None removes a header"
        elif not isinstance(value, str):
            changes[str.lower(name)] = "converted: a header value is text"


def _record_parameters(
    plan: _Plan, method: str, parameters: Mapping[str, object], record: dict[str, str]
) -> None:
    """Where the parameters go: the template's variables, then the query or the body."""
    record.update(plan.places)
    for key, value in parameters.items():
        if method in BODILESS_METHODS:
            if key == DATA:
                place = "refused: a GET or HEAD request has no body"
            else:
                place = "skipped: None is left out of a query" if value is None else "URL query"
        elif key == DATA:
            place = "body (as given)"
        else:
            place = "dropped: data is the body" if DATA in parameters else "JSON body"
        record[key_name(key)] = place


def checked_method(method: object) -> str:
    upper = _METHODS.get(method) if method.__class__ is str else None
    if upper is None:  # seen for the first time, or refused, or no str at all
        upper = _METHODS.of_text(method)
    if upper is not None:
        return upper
    msg = f"method {safe_repr(method)} is not an HTTP token (RFC 9110 9.1); "
    msg += "pass a method such as 'GET' or 'POST'"
    raise EndpointError(msg)


def url_plan(url: object, method: str) -> _Plan:
    if isinstance(url, str) and url:
        text = url if url.__class__ is str else str.__str__(url)
        try:
            return _PLANS[text]
        except Refused as refused:
            raise EndpointError(f"{method} {redact_url(text)}: {refused.why}") from None
    msg = f"{method}: no url" + (f" ({safe_repr(url)})" if url is not None else "")
    msg += "; pass a route like 'GET /user' or url='/user'"
    raise EndpointError(msg)


def checked_base(base_url: object, route: str) -> str:
    """``base_url`` without its trailing "/", once checked to be an absolute http(s) URL."""
    try:
        if base_url.__class__ is str:
            return _BASE_URLS[base_url]
        return _base_without_slash(
            str.__str__(base_url) if isinstance(base_url, str) else base_url
        )
    except Refused as refused:
        raise EndpointError(f"{route}: {refused.why}") from None


def absolute_url(url: str, base_url: object, route: str) -> str:
    """Resolve against ``base_url``; one trailing "/" goes, as in the reference."""
    if len(url) > 1 and url[-1] == "/":
        url = url[:-1]
    if not is_absolute(url):
        url = checked_base(base_url, route) + (url if url[:1] == "/" else f"/{url}")
    else:
        problem = authority_problem(url)
        if problem == "has no host":
            msg = f"{route}: the URL {url!r} has no host; pass a value for the host part"
            raise EndpointError(msg)
        if problem:
            raise EndpointError(f"{route}: the URL {problem}")
    segment = dot_segment(url)
    if segment:
        raise EndpointError(f"{route}: {_dot_segment_why(url, segment)}")
    return url


def _dot_segment_why(url: str, segment: str) -> str:
    return (
        f"the URL path {redact_url(path(url))!r} has a {segment!r} segment, which HTTP "
        "clients remove, "
        "sending the request elsewhere; pass another value"
    )


def amend_accept(
    headers: dict[str, str],
    media_type: object,
    url: str,
    route: str,
    record: dict[str, str] | None,
    changes: dict[str, str] | None,
) -> None:
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
    merged_accept = accept
    if format:
        accept = _media_type.with_format(accept, format)
    if previews:
        accept = _media_type.with_previews(accept, list(previews), format)
    headers["accept"] = header_value("accept", accept, route)
    if record is not None:
        for key, used in (("format", format), ("previews", previews)):
            if used:
                record[f"media_type.{key}"] = "accept header"
    if changes is not None and accept != merged_accept:
        by = [f"media_type.format={format}"] if format else []
        by += [f"media_type.previews={','.join(previews)}"] if previews else []
        changes["accept"] = f"amended by {' and '.join(by)}"
