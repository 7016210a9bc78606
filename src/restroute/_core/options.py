"""The five call shapes and the camelCase aliases -> one canonical options dict."""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import EndpointError
from ..redact import redact_route, redact_url
from ..rules import ALIASES as ALIASES  # also here: catalog/ imports them from this module
from ..rules import DATA as DATA
from ..rules import METHODS
from ..rules import OPTIONS as OPTIONS
from .cache import Memo
from .encoding import safe_repr
from .http import is_token, lowercase_headers
from .kinds import honest
from .merge import merge_deep

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def _split_route(route: str) -> tuple[str | None, str]:
    words = route.split()
    if len(words) == 2:
        method, url = words
        if not is_token(method):
            msg = f"route {route!r}: method {method!r} is not an HTTP token (RFC 9110 9.1); "
            msg += "write it as 'GET /path'"
            raise EndpointError(msg)
        return method.upper(), url
    if len(words) == 1 and words[0].upper() not in METHODS:
        return None, words[0]
    if not words:
        why = "is empty"
    elif len(words) == 1:
        why = "has a method but no URL"
    else:
        why = "has whitespace inside its URL"
    shown = str(redact_url(route))  # its credentials hidden: a query's token, by its shape
    msg = f"route {shown!r} {why}; write it as 'METHOD URL', e.g. 'GET /repos/{{owner}}/{{repo}}'"
    msg += " (percent-encode spaces as %20)" if len(words) > 2 else ""
    raise EndpointError(msg)


# "METHOD URL" -> (uppercase method, url); a lone URL has no method.
split_route: Memo[str, tuple[str | None, str]] = Memo(_split_route)


def canonical(options: object, where: str) -> dict[str, Any]:
    """A new dict with canonical names, lowercase header names and checked option types.

    Names that are not strings pass through: they cannot be options, and the query string
    rejects them (a JSON body writes them as JSON does).
    """
    options = honest(options, where)
    if not isinstance(options, dict) and not isinstance(options, Mapping):  # dict: at once
        msg = f"{where}: options must be a mapping, not {type(options).__name__}; "
        msg += "pass a dict such as {'owner': 'octocat'}"
        raise EndpointError(msg)
    out = dict(options)
    if SPECIAL_KEYS.isdisjoint(out):
        return out
    for key in out.keys() & SPECIAL_KEYS:
        name = ALIASES.get(key, key)
        if name is not key and name in out:
            msg = f"{where}: both {name!r} and its alias {key!r} are given; pass only {name!r}"
            raise EndpointError(msg)
        out[name] = _SPECIAL[key](out.pop(key) if name is not key else out[key], where)
    return out


def _text(name: str, value: object, where: str) -> str:
    if not isinstance(value, str):
        msg = f"{where}: {name} must be a string, not {safe_repr(value)}"
        raise EndpointError(msg)
    return plain(value)


def plain(text: str) -> str:
    """``text`` as a plain str: a subclass's own methods (upper, encode...) never run."""
    return text if text.__class__ is str else str.__str__(text)


def _method(value: object, where: str) -> str:
    return _text("method", value, where).upper()


def _url(value: object, where: str) -> str:
    return _text("url", value, where)


def _base_url(value: object, where: str) -> str:
    text = _text("base_url", value, where)
    return text[:-1] if text.endswith("/") and not text.endswith("://") else text


def media_type_option(value: object, where: str) -> dict[str, Any]:
    """A checked copy of a media_type option: a mapping with a str format and str previews."""
    if value.__class__ is dict and value.get("format", "").__class__ is str:  # {"format": "raw"}
        previews = value.get("previews", [])
        if previews.__class__ is list and all(preview.__class__ is str for preview in previews):
            checked: dict[str, Any] = value.copy()
            if "previews" in checked:
                checked["previews"] = previews.copy()
            return checked
    if not isinstance(value, Mapping):
        msg = f"{where}: media_type must be a mapping like {{'format': 'raw'}}, "
        msg += f"not {safe_repr(value)}"
        raise EndpointError(msg)
    media_type = dict(value)
    format = media_type.get("format", "")
    if not isinstance(format, str):
        msg = f"{where}: media_type format must be a string such as 'raw' or 'diff'"
        raise EndpointError(msg)
    previews = media_type.get("previews", [])
    if not isinstance(previews, list | tuple) or not all(isinstance(p, str) for p in previews):
        msg = f"{where}: media_type previews must be a list of strings such as ['mercy']"
        raise EndpointError(msg)
    if "format" in media_type:
        media_type["format"] = plain(format)
    if "previews" in media_type:
        media_type["previews"] = [plain(preview) for preview in previews]
    return media_type


def _headers(value: object, where: str) -> dict[str, object]:
    return {} if value is None else lowercase_headers(value, where)


_SPECIAL: dict[str, Any] = {
    "method": _method,
    "url": _url,
    "base_url": _base_url,
    "baseUrl": _base_url,
    "headers": _headers,
    "media_type": media_type_option,
    "mediaType": media_type_option,
}
SPECIAL_KEYS = frozenset(_SPECIAL)


def option(name: str, value: object, where: str) -> Any:
    """The canonical form of one option's value (``name`` is canonical)."""
    return _SPECIAL[name](value, where)


def call_options(
    route: object, options: object, params: Mapping[str, object], where: str
) -> dict[str, Any]:
    """One canonical dict from the five call shapes: route, then mapping, then keywords."""
    route = honest(route, where)
    if type(route) is not str and isinstance(route, str):
        route = str.__str__(route)
    if type(route) is str:
        method, url = split_route[route]
        call: dict[str, Any] = {"url": url} if method is None else {"method": method, "url": url}
        where = redact_route(route)  # every message about this call names it, tokens hidden
    elif route is None:
        call = {}
    elif isinstance(route, Mapping) and options is None:
        call, options = {}, route
    else:
        what = "two mappings" if isinstance(route, Mapping) else safe_repr(route)
        msg = f"{where}: the first argument must be a route string like 'GET /user' or one "
        msg += f"options mapping, not {what}"
        raise EndpointError(msg)
    if options is not None:
        call.update(canonical(options, where))  # the options win over the route
    if params:
        keywords = canonical(params, where)
        call = merge_deep(call, keywords) if options is not None else {**call, **keywords}
    return call
