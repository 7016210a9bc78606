"""Warnings for a call, by GitHub's description of its route; never errors."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Mapping

from .._core.encoding import safe_repr
from .._core.kinds import honest
from .._rows import nest, value_text
from ..errors import EndpointError
from ..redact import name_shown
from ..rules import ALIASES, BODILESS_METHODS
from ._find import _not_text, find
from ._model import OPTION_NAMES, RAW_BODY_HELP, Operation, Parameter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ._catalog import Catalog

_API = "https://api.github.com"
_TEMPLATE_QUERY = re.compile(r"\{[?&]([^}]*)\}")
_JSON_TYPES: dict[str, type | tuple[type, ...]] = {
    "string": str,
    "integer": int,
    "number": (int, float),
    "boolean": bool,
    "object": dict,
}


def check(
    route: str,
    parameters: Mapping[str, Any],
    *,
    catalog: Catalog | None = None,
    github: Callable[[], Catalog],
) -> list[str]:
    """catalog.check: what to hear about a call, by ``catalog``'s description of the
    route, or ``github()``'s."""
    route, parameters = honest(route, "catalog.check"), honest(parameters, "catalog.check")
    if not isinstance(route, str):
        raise EndpointError(_not_text("check", "route", route, "'METHOD /url' or an id"))
    route = str.__str__(route)  # a str subclass's own methods never run
    if not isinstance(parameters, Mapping):
        msg = f"catalog.check: parameters is {safe_repr(parameters)}, not a mapping; "
        msg += "pass a dict of parameters ({} for none)"
        raise EndpointError(msg)
    op = find(route, catalog=catalog, github=github)
    if op is None:
        return _not_in(catalog, route, github)
    if catalog is not None and "{hostname}" in catalog.base_url:  # GHES: your own server
        base_url = _option(parameters, "base_url") or _API
        if base_url == _API:
            return [_YOUR_SERVER.format(catalog.label), *_checked(op, route, parameters)]
    return _checked(op, route, parameters)


_YOUR_SERVER = (
    "{} is your own server's API: give its URL as base_url (https://HOST/api/v3; "
    "sample_profiles/ghes.toml), or the request goes to api.github.com"
)


def _checked(op: Operation, route: str, parameters: Mapping[str, Any]) -> list[str]:
    if op.template:
        return _described_warnings(op, parameters)
    warnings = [f"{op.id} is deprecated; see {op.docs_url}"] if op.deprecated else []
    data = parameters.get("data")
    in_data = op.body == "json" and isinstance(data, Mapping)
    fields: Mapping[str, Any] = data if isinstance(data, Mapping) and in_data else {}
    given = {name: value for name, value in parameters.items() if name not in OPTION_NAMES}
    for param in op.parameters:
        field = param.location == "body" and in_data
        value = (fields if field else given).get(param.name)
        sent = param.name in (fields if field else given) and (value is not None or field)
        if param.required and not sent:
            name = f"data.{param.name}" if field else param.name
            warnings.append(f"{op.id}: {name} ({param.location}) is required")
    if op.body not in ("", "json") and "data" not in parameters:
        warnings.append(f"{op.id}: data (body) is required: {RAW_BODY_HELP}")
    known = {p.name: p for p in op.parameters if p.location == "body"}
    known.update((p.name, p) for p in op.parameters if p.location != "body")
    body = {p.name: p for p in op.parameters if p.location == "body"}
    checks: list[tuple[str, object, Parameter | None]]
    checks = [(name, value, known.get(name)) for name, value in given.items()]
    checks += [(f"data.{name}", value, body.get(name)) for name, value in fields.items()]
    for name, value, documented in checks:
        warnings += _value_warnings(op, name, value, documented)
    warnings += _quirk_warnings(op, route, parameters, given)
    media_type = _option(parameters, "media_type")
    format = media_type.get("format") if isinstance(media_type, Mapping) else None
    if (
        op.formats
        and isinstance(format, str)
        and format  # "" is octokit's default: no format
        and str.removesuffix(format, "+json") not in op.formats
    ):
        formats = ", ".join(op.formats)
        shown_format = str.__repr__(format)
        warnings.append(f"{op.id}: media_type.format {shown_format} is not one of {formats}")
    return warnings


def _not_in(catalog: Catalog | None, route: str, github: Callable[[], Catalog]) -> list[str]:
    """A route the chosen catalog lacks: said for any but GitHub's own (whose routes a
    user may write freely), with where GitHub has it, if it does."""
    if catalog is None or catalog is github():
        return []
    method, _, url = route.strip().rpartition(" ")
    said = f"{method.upper() or 'GET'} {url}"
    elsewhere = (
        ", though api.github.com has it"
        if catalog.is_github and find(route, github=github)
        else ""
    )
    return [f"{catalog.title} has no route {said}{elsewhere}"]


def _described_warnings(op: Operation, values: Mapping[str, Any]) -> list[str]:
    """The warnings for values by form name (``headers.X-Rate``, ``cookie.session``,
    ``server.region``), by an OpenAPI description's operation."""
    warnings = [f"{op.id} is deprecated" + (f"; see {op.docs_url}" if op.docs_url else "")]
    warnings = warnings if op.deprecated else []
    if all(isinstance(name, str) for name in values):  # headers.NAME given flat, too
        values = nest(values.items())[0]
    given_headers = values.get("headers")
    items = given_headers.items() if isinstance(given_headers, Mapping) else ()
    headers = {str(name).lower(): value for name, value in items}
    data = values.get("data")
    given = {k: v for k, v in values.items() if k not in OPTION_NAMES}
    for name, value in data.items() if isinstance(data, Mapping) else ():  # call()'s body
        given.setdefault(f"data.{name}" if op.body_through_data else name, value)
    for name, param in op.form():
        if param.location == "header":
            found = param.name.lower() in headers
            value = headers.get(param.name.lower())
        elif name == "data":
            found, value = data is not None, None
        else:
            found, value = name in given, given.get(name)
        if param.required and not found:
            warnings.append(f"{op.id}: {name} ({param.location}) is required")
        elif found and name != "data":
            warnings += _value_warnings(op, name, value, param)
    known = {name for name, _ in op.form()}
    for name in given:
        raw = isinstance(name, str) and name.startswith("data.") and "data" in known
        if name not in known and not raw:
            warnings.append(f"{op.id}: the description documents no parameter {_named(name)}")
    return warnings


def _named(name: object) -> str:
    """A parameter's name as a warning quotes it: as a view shows a name (``name_shown``:
    a header line typed as a row's name, ``x-api-key;abc``, shows its value hidden)."""
    return safe_repr(name_shown(name))


def _value_warnings(
    op: Operation, name: str, value: object, documented: Parameter | None
) -> list[str]:
    if not isinstance(name, str):
        return [f"{op.id}: parameter name {safe_repr(name)} is not a str (endpoint() refuses it)"]
    if documented is None:
        return [f"{op.id}: GitHub documents no parameter {_named(name)}"]
    if _too_long(value):
        digits = sys.get_int_max_str_digits()
        return [
            f"{op.id}: {name} is an int of more than {digits} digits, which endpoint() "
            "cannot write; pass it as a str"
        ]
    warnings = [f"{op.id}: {name} is deprecated"] if documented.deprecated else []
    if value is None:
        return warnings  # not sent in a URL; null in a body, which GitHub may allow
    if documented.enum and not _in_enum(documented, value):
        choices = ", ".join(map(value_text, documented.enum))
        warnings.append(f"{op.id}: {name}={safe_repr(value)} is not one of {choices}")
    elif documented.location == "body" and not _fits(documented.type, value):
        kind = type(value).__name__
        warnings.append(f"{op.id}: {name} should be {documented.type}, not {kind}")
    elif documented.location != "body" and not _fits_in_url(documented.type, value):
        warnings.append(f"{op.id}: {name}={safe_repr(value)} should be {documented.type}")
    return warnings


def _quirk_warnings(
    op: Operation, route: str, parameters: Mapping[str, Any], given: Mapping[str, Any]
) -> list[str]:
    """Values that would go somewhere else than the user means."""
    warnings = []
    url = route.strip().rpartition(" ")[2]
    base_url = _option(parameters, "base_url") or _API
    if op.base_url != op.home and not url.startswith(op.base_url) and base_url == _API:
        warnings.append(f"{op.id} goes to {op.base_url}; write the route as {op.route!r}")
    if op.method not in BODILESS_METHODS:
        in_template = {name for match in _TEMPLATE_QUERY.findall(url) for name in match.split(",")}
        for param in op.parameters:
            if param.location == "query" and param.name in given and param.name not in in_template:
                warnings.append(
                    f"{op.id}: {param.name} (query) goes in the body of a {op.method} unless the "
                    f"route has {{?{param.name}}}: write the route as {op.route!r}"
                )
    fields = {p.name for p in op.parameters if p.location == "body"}
    for name in sorted(fields & OPTION_NAMES - {"data"}):
        if name in parameters and parameters[name] != url and name == "url":
            warnings.append(
                f"{op.id}: url is the request's URL here, not the body field url; "
                "give the body whole as data (data.url in a form)"
            )
    if "data" in parameters and op.body == "json":
        outside = {p.name for p in op.parameters if p.location != "body"}
        for name in given:
            if name in fields and name not in outside:
                warnings.append(f"{op.id}: {name} is not sent: data is the whole body")
    return warnings


def _too_long(value: object) -> bool:
    """Whether ``value`` is an int too long for Python to write out."""
    if not isinstance(value, int):
        return False
    try:
        int.__repr__(value)
    except ValueError:
        return True
    return False


def _in_enum(param: Parameter, value: object) -> bool:
    if param.type.startswith("array<") and isinstance(value, list | tuple):
        return all(item in param.enum for item in value)
    return value in param.enum


def _fits(type_text: str, value: object) -> bool:
    for kind in _alternatives(type_text):
        if kind.startswith("array<"):
            if isinstance(value, list | tuple):
                return True
        elif kind not in _JSON_TYPES:
            return True  # any, binary: nothing to check
        elif isinstance(value, _JSON_TYPES[kind]) and not (
            isinstance(value, bool) and kind in ("integer", "number")
        ):
            return True
    return value is None


def _fits_in_url(type_text: str, value: object) -> bool:
    """A value in a path or a query is text: ``"2"`` and ``2`` send the same URL."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, list | tuple):
        return True  # comma-joined: a list, or text with commas
    elif isinstance(value, int):
        text = "0"  # an integer's text, whatever the int: str() refuses one too long
    elif isinstance(value, str):
        text = str.__str__(value)  # a str subclass's own methods never run
    elif isinstance(value, float):
        text = float.__repr__(value)
    else:
        text = ""  # a dict, an object: no number's or boolean's text (endpoint() refuses it)
    for kind in _alternatives(type_text):
        if kind not in ("integer", "number", "boolean"):
            return True
        if kind == "boolean" and text in ("true", "false"):
            return True
        if kind == "integer" and re.fullmatch(r"-?[0-9]+", text):
            return True
        if kind == "number" and re.fullmatch(r"-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?", text):
            return True
    return False


def _alternatives(type_text: str) -> list[str]:
    """``string|array<string|object>`` -> ``["string", "array<string|object>"]``."""
    kinds, depth, start = [], 0, 0
    for at, char in enumerate(type_text):
        depth += {"<": 1, ">": -1}.get(char, 0)
        if char == "|" and depth == 0:
            kinds.append(type_text[start:at])
            start = at + 1
    return [*kinds, type_text[start:]]


def _option(parameters: Mapping[str, object], name: str) -> object:
    """The option ``name`` of a call's ``parameters``, under its name or octokit's alias."""
    if name in parameters:
        return parameters[name]
    return next((parameters[a] for a, n in ALIASES.items() if n == name and a in parameters), None)
