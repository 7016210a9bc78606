"""Values serialized as an OpenAPI description says: parameter styles and body media types.

Where a style is an RFC 6570 expression, the route says so and endpoint() expands it:
path ``simple`` is ``{x}``, ``label`` ``{.x}``, ``matrix`` ``{;x}`` (``*`` when exploded),
query ``form`` ``{?x*}`` (``{?x}`` unexploded). The rest have their own exact rule here,
as OpenAPI 3.1.1 writes its examples (4.8.12.4):

- ``deepObject``: ``x[k]=v`` for each key (``x[k][j]=v`` deeper, ``x[k][]=v`` per
  item of a list: the rule of Rails, PHP and Stripe, as OpenAPI leaves it open);
- ``spaceDelimited`` and ``pipeDelimited``, unexploded: ``x=a%20b``, ``x=a%7Cb``;
- a header: ``a,b``; ``k,v,j,w``, or ``k=v,j=w`` exploded;
- cookies: ``name=value`` pairs joined by ``; `` (RFC 6265), a list comma-joined, or a
  pair per item exploded;
- a form body: WHATWG's ``application/x-www-form-urlencoded`` (space as ``+``), each
  field with its encoding's style (form, or deepObject);
- a multipart body: RFC 7578 parts, a fixed boundary, text as it is, objects and lists
  of objects as JSON, a file from a path given as ``pathlib.Path`` (or its bytes).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from pathlib import PurePath

from .._core.encoding import UNRESERVED, _quoter, item_text, quote_unreserved
from .._rows import nest
from ..errors import EndpointError
from ..rules import BODILESS_METHODS, MAX_DEEP_OBJECT, OPTION_NAMES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ._model import Operation, Parameter

_STYLES = {
    "path": ("simple", "label", "matrix"),
    "query": ("form", "spaceDelimited", "pipeDelimited", "deepObject"),
    "header": ("simple",),
    "cookie": ("form",),
}
_DEFAULT_STYLE = {"path": "simple", "query": "form", "header": "simple", "cookie": "form"}
_DELIMITERS = {"spaceDelimited": "%20", "pipeDelimited": "%7C"}
_VARCHAR = frozenset(UNRESERVED) - {"~", "."}  # RFC 6570 2.3: ALPHA, DIGIT, "_" (and "-")
BOUNDARY = "restroute-form-boundary"
FORM = "application/x-www-form-urlencoded"
MULTIPART = "multipart/form-data"
_form_quote = _quoter(UNRESERVED.replace("~", "") + "*")  # WHATWG: *-._ and alphanumerics
# RFC 6265 cookie-octet: visible ASCII but DQUOTE, comma, semicolon and backslash.
_cookie_quote = _quoter("".join(chr(c) for c in range(0x21, 0x7F) if chr(c) not in '",;\\%'))


def style_of(location: str, style: object, content: object) -> str | None:
    """The style a parameter is serialized with: its own, or its location's default;
    ``json`` for one described by its content; None for a style its location lacks."""
    if isinstance(content, dict) and content:  # a document's mapping
        return "json"
    if style is None:
        return _DEFAULT_STYLE[location]
    return style if style in _STYLES[location] else None


@functools.lru_cache(maxsize=4096)  # a description repeats its names (Graph: $select ...)
def varname(name: str) -> str:
    """``name`` as an RFC 6570 variable: characters a varname cannot hold percent-encoded
    (``filter[state]`` is ``filter%5Bstate%5D``, which a template writes back as it is).

    >>> varname("pet-id"), varname("user.name"), varname("filter[state]"), varname(".x")
    ('pet-id', 'user.name', 'filter%5Bstate%5D', '%2Ex')
    """
    text = "".join(c if c in _VARCHAR or c == "." else quote_unreserved(c) for c in name)
    parts = text.split(".")
    if "" in parts:  # a dot that does not stand between two names is a character
        text = text.replace(".", "%2E")
    return text


def _in_template(param: Parameter) -> bool:
    """Whether RFC 6570 writes this query parameter as the description says."""
    return param.style in ("form", "json") or (param.explode and param.style in _DELIMITERS)


def query_expression(params: list[Parameter] | tuple[Parameter, ...]) -> str:
    """``{?a,b*}``: the query parameters a template writes, in order."""
    names = [
        varname(p.name) + ("*" if p.explode and p.style != "json" else "")
        for p in params
        if p.location == "query" and _in_template(p)
    ]
    return f"{{?{','.join(names)}}}" if names else ""


def call(op: Operation, values: Mapping[str, Any]) -> tuple[str, dict[str, object]]:
    """The route and endpoint()'s parameters for ``values`` (by form name), serialized as
    the description says; values it does not describe pass as they are."""
    given, _ = nest(values.items())
    headers = given.get("headers")
    headers = dict(headers) if isinstance(headers, Mapping) else {}
    parameters: dict[str, object] = {}
    query: list[str] = []
    cookies: list[str] = []
    fields: dict[str, object] = {}
    server: dict[str, object] = {}
    taken: set[str] = set()
    data = given.get("data")
    for param in op.parameters:
        name = op.argument_name(param)
        if param.location == "header":
            for key in [k for k in headers if str(k).lower() == param.name.lower()]:
                if headers[key] is not None:
                    headers[key] = _header(param, headers[key])
            continue
        if param.location == "body" and name.startswith("data."):
            if isinstance(data, Mapping) and param.name in data:
                fields[param.name] = data[param.name]
            continue
        if name not in given:
            continue
        taken.add(name)
        value = given[name]
        if value is None:
            continue
        if param.location == "body":
            fields[param.name] = value
        elif param.location == "server":
            server[param.name] = value
        elif param.location == "cookie":
            cookies += _cookie(param, value)
        elif param.location == "query" and not _in_template(param):
            query += _query(param, value)
        else:
            parameters[varname(param.name)] = _json_text(value) if param.style == "json" else value
    others = {k: v for k, v in given.items() if k not in taken and k != "headers"}
    if op.body == "json" and op.method not in BODILESS_METHODS:  # a name it lacks: a field
        for name in [name for name in others if name not in OPTION_NAMES]:
            fields[name] = others.pop(name)
    parameters.update(others)
    if cookies:
        headers["cookie"] = "; ".join(
            filter(None, [*([headers.pop("cookie")] if "cookie" in headers else []), *cookies])
        )
    if server:
        parameters["baseUrl"] = _base_url(op, server)
    _body(op, fields, parameters, headers)
    if headers:
        parameters["headers"] = headers
    route = f"{op.method} {op.template}"
    if query:
        head, brace, rest = op.template.partition("{?")
        literal = "?" + "&".join(query)
        route = f"{op.method} {head}{literal}" + (f"{{&{rest}" if brace else "")
    return route, parameters


def _base_url(op: Operation, server: Mapping[str, object]) -> str:
    url = op.base_url
    for param in op.parameters:
        if param.location == "server":
            value = server.get(param.name, param.default)
            url = url.replace(f"{{{param.name}}}", item_text(param.name, value))
    return url


def _json_text(value: object) -> str:
    """``value`` as JSON text (a parameter or a part described by its JSON content)."""
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        msg = f"a {type(value).__name__} has no JSON text (or is nested too deep, or "
        raise EndpointError(
            msg + "holds itself); pass text, numbers, lists and mappings"
        ) from None


def _query(param: Parameter, value: object) -> list[str]:
    """The query's pairs for a style that is no RFC 6570 expression."""
    name = param.name
    if param.style == "deepObject":
        quote = quote_unreserved
        return [f"{quote(key)}={quote(text)}" for key, text in _deep(name, value)]
    delimiter = _DELIMITERS[param.style]
    if isinstance(value, Mapping):
        items = [item_text(name, v) for pair in value.items() for v in pair]
    elif isinstance(value, list | tuple):
        items = [item_text(name, item) for item in value]
    else:
        items = [item_text(name, value)]
    return [f"{quote_unreserved(name)}={delimiter.join(map(quote_unreserved, items))}"]


def _deep(name: str, value: object, depth: int = 0) -> list[tuple[str, str]]:
    """``name[key]`` and its value's text, for each leaf of ``value``."""
    if depth > MAX_DEEP_OBJECT:
        msg = f"{name} nests more than {MAX_DEEP_OBJECT} levels; pass a flatter value"
        raise EndpointError(msg)
    if isinstance(value, Mapping):
        return [
            pair
            for key, inner in value.items()
            for pair in _deep(f"{name}[{item_text(name, key)}]", inner, depth + 1)
        ]
    if isinstance(value, list | tuple):
        return [pair for item in value for pair in _deep(f"{name}[]", item, depth + 1)]
    if value is None:
        return [(name, "")]
    return [(name, item_text(name, value))]


def _header(param: Parameter, value: object) -> str:
    """A header parameter's value (style simple)."""
    name = param.name
    if param.style == "json":
        return _json_text(value)
    if isinstance(value, Mapping):
        pairs = [(item_text(name, k), item_text(name, v)) for k, v in value.items()]
        joiner = "=" if param.explode else ","
        return ",".join(f"{k}{joiner}{v}" for k, v in pairs)
    if isinstance(value, list | tuple):  # an object in a list: JSON (OpenAPI says nothing)
        return ",".join(
            _json_text(item) if isinstance(item, Mapping | list) else item_text(name, item)
            for item in value
        )
    return item_text(name, value)


def _cookie(param: Parameter, value: object) -> list[str]:
    """A cookie's pairs; an error names the cookie, never its value (a secret)."""
    try:
        return _cookie_pairs(param, value)
    except EndpointError:
        msg = f"cookie.{param.name} is a {type(value).__name__} that no cookie can hold; "
        raise EndpointError(msg + "pass text, a number, or a list or mapping of them") from None


def _cookie_pairs(param: Parameter, value: object) -> list[str]:
    name = param.name
    if param.style == "json":
        return [f"{name}={_cookie_quote(_json_text(value))}"]
    if isinstance(value, Mapping):
        if param.explode:
            return [f"{_cookie_quote(item_text(name, k))}={_cookie_quote(item_text(name, v))}"
                    for k, v in value.items()]  # fmt: skip
        items = [item_text(name, v) for pair in value.items() for v in pair]
    elif isinstance(value, list | tuple):
        items = [item_text(name, item) for item in value]
        if param.explode:
            return [f"{name}={_cookie_quote(item)}" for item in items]
    else:
        items = [item_text(name, value)]
    return [f"{name}=" + ",".join(map(_cookie_quote, items))]


def _body(
    op: Operation,
    fields: dict[str, object],
    parameters: dict[str, object],
    headers: dict[str, object],
) -> None:
    """The body, as ``data``, in the operation's media type, and its content-type."""
    data = parameters.pop("data", None)
    if fields and data is None:
        data = fields
    elif fields and isinstance(data, Mapping):
        data = {**data, **fields}
    if data is None:
        return
    media_type = op.media_type
    given_type = any(str(name).lower() == "content-type" for name in headers)
    if media_type == FORM and isinstance(data, Mapping):
        data = form_body(op, data)
    elif media_type == MULTIPART and isinstance(data, Mapping):
        data, boundary = multipart_body(op, data)
        media_type = f"{MULTIPART}; boundary={boundary}"
    parameters["data"] = data
    if media_type and not given_type and media_type != "application/json":
        headers["content-type"] = media_type


def form_body(op: Operation, fields: Mapping[str, object]) -> str:
    """``fields`` as an ``application/x-www-form-urlencoded`` body: each by its encoding's
    style (form, exploded: a list's items repeated, an object's keys as fields of their
    own; deepObject: ``x[k]=v``); a field the description lacks nests as deepObject."""
    described = {p.name: p for p in op.parameters if p.location == "body"}
    pairs: list[tuple[str, str]] = []
    for name, value in fields.items():
        name = str(name)
        param = described.get(name)
        style = param.style if param is not None else "deepObject"
        if value is None:
            continue
        if isinstance(value, Mapping | list | tuple) and style == "deepObject":
            pairs += _deep(name, value)
        elif isinstance(value, Mapping) and param is not None and not param.explode:
            pairs.append((name, ",".join(item_text(name, v) for kv in value.items() for v in kv)))
        elif isinstance(value, Mapping):
            pairs += [(str(k), item_text(name, v)) for k, v in value.items()]
        elif isinstance(value, list | tuple) and param is not None and not param.explode:
            pairs.append((name, ",".join(item_text(name, v) for v in value)))
        elif isinstance(value, list | tuple):
            pairs += [(name, item_text(name, v)) for v in value]
        else:
            pairs.append((name, item_text(name, value)))
    return "&".join(f"{_plus(k)}={_plus(v)}" for k, v in pairs)


def _plus(text: str) -> str:
    return _form_quote(text.replace(" ", "\x00")).replace("%00", "+")


def multipart_body(op: Operation, fields: Mapping[str, object]) -> tuple[bytes, str]:
    """``fields`` as ``multipart/form-data`` bytes, and the boundary they use."""
    described = {p.name: p for p in op.parameters if p.location == "body"}
    parts: list[tuple[str, str, str, bytes]] = []  # name, filename, content-type, bytes
    for name, value in fields.items():
        name = str(name)
        param = described.get(name)
        items = value if isinstance(value, list) and not _objects(value) else [value]
        for item in items:
            if item is None:
                continue
            parts.append(_part(name, item, param))
    boundary = BOUNDARY
    count = 1
    while any(boundary.encode() in content for *_, content in parts):
        count += 1
        boundary = f"{BOUNDARY}-{count}"
    chunks = []
    for name, filename, content_type, content in parts:
        disposition = f'form-data; name="{_quoted(name)}"'
        if filename:
            disposition += f'; filename="{_quoted(filename)}"'
        head = f"--{boundary}\r\nContent-Disposition: {disposition}\r\n"
        if content_type:
            head += f"Content-Type: {content_type}\r\n"
        chunks.append(head.encode() + b"\r\n" + content + b"\r\n")
    return b"".join(chunks) + f"--{boundary}--\r\n".encode(), boundary


def _objects(items: list[object]) -> bool:
    return any(isinstance(item, Mapping | list) for item in items)


def _part(name: str, value: object, param: Parameter | None) -> tuple[str, str, str, bytes]:
    media = param.media if param is not None else ""
    if isinstance(value, PurePath):
        from .._attachment import read_attachment  # regular files only, of a bounded size

        try:
            attached = read_attachment(str(value))
        except EndpointError as error:
            raise EndpointError(f"{name}: {str(error).removeprefix('attach: ')}") from None
        return name, value.name, media or attached.content_type, attached.data
    if isinstance(value, bytes | bytearray):
        return name, name, media or "application/octet-stream", bytes(value)
    if isinstance(value, Mapping | list):
        return name, "", media or "application/json", _json_text(value).encode()
    text = item_text(name, value)
    try:
        return name, "", media if media != "text/plain" else "", text.encode()
    except UnicodeEncodeError:
        msg = f"{name} holds a lone surrogate, which has no UTF-8 form; pass valid text"
        raise EndpointError(msg) from None


def _quoted(text: str) -> str:
    """A name in a Content-Disposition parameter: quotes and line breaks escaped as
    browsers escape them (WHATWG's multipart/form-data encoding)."""
    return text.replace('"', "%22").replace("\r", "%0D").replace("\n", "%0A")
