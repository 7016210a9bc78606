"""A request back to its operation and values, by an OpenAPI description: the inverse of
catalog._serialize. The values come back under their form names (``headers.X-Id``,
``cookie.session``, ``server.region``, ``deep`` for ``deep[a]=1``), so that the
operation's ``call`` builds the request again: the round trip law of every catalog.
"""

from __future__ import annotations

import json
import re
from email.parser import BytesParser
from email.policy import HTTP
from urllib.parse import parse_qsl, unquote, urlsplit

from ..errors import EndpointError
from ._match import _NOT_JSON, MAX_PAIRS, Match, Part, _fits, _json, _State, _tree, _typed
from ._model import Operation, Parameter
from ._serialize import FORM, MULTIPART, varname

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._catalog import Catalog

_DEEP = re.compile(r"([^\[\]]+)((?:\[[^\[\]]*\])+)$")


def described_match(
    state: _State,
    url: str,
    headers: dict[str, str],
    body: str | bytes | None,
    api: Catalog,
) -> Match:
    """``match`` for a catalog read from a description."""
    method = state.method
    base, server, path, query = _split(url, api, state)
    state.parts.append(Part(state.said.get("method", method), "method"))
    segments = path.split("/")[1:] if path.startswith("/") else path.split("/")
    op, values = _operation(state, api, segments)
    named = {p.name: p for p in op.parameters} if op is not None else {}
    if op is None:
        route = f"{method} {path}"
    else:
        route = op.route
        state.params.update(values)
        for name, value in server.items():
            param = named.get(name)
            if param is not None and param.location == "server" and value != param.default:
                state.params[f"server.{name}"] = value
    if op is not None and (base == _at_defaults(op) or (server and base == _at(op, server))):
        base = ""  # the description's own server: server.NAME rows say which, if need be
    if base:
        state.parts.append(Part(base, "base_url"))
    _query(state, op, query)
    _headers(state, op, headers, api)
    _body(state, op, body, headers.get("content-type", ""))
    return Match(
        method, route, op, base, state.params, state.headers, state.data,
        (), tuple(state.warnings), tuple(state.parts),
    )  # fmt: skip


def _split(
    url: str, api: Catalog, state: _State
) -> tuple[str, dict[str, str], str, list[tuple[str, str]]]:
    """The server the URL goes to, its variables, the path under it and the query."""
    parts = urlsplit(url if not url.startswith("//") else f"https:{url}")
    path, query = parts.path or "/", parts.query
    base, server = "", {}
    if parts.scheme and parts.netloc:
        whole = f"{parts.scheme.lower()}://{parts.netloc.lower()}{parts.path}"
        for template in _servers(api):
            found = _server_pattern(template).match(whole)
            if found is not None:
                names = re.findall(r"\{([^{}]+)\}", template)
                base, server = found[0], {name: found[_group(name)] for name in names}
                path = whole[len(base) :] or "/"
                break
        else:
            base = f"{parts.scheme.lower()}://{parts.netloc.lower()}"
            state.warnings.append(
                f"{parts.netloc.lower()} is not a server of {api.title}; the path is read "
                "as its routes"
            )
    if query.count("&") >= MAX_PAIRS:
        msg = f"the URL's query has {query.count('&') + 1:,} pairs, and at most {MAX_PAIRS:,} "
        raise EndpointError(msg + "are read")
    pairs = [
        (unquote(n), unquote(v)) for n, _, v in (p.partition("=") for p in query.split("&") if p)
    ]
    return base, server, path, pairs


def _at_defaults(op: Operation) -> str:
    """The operation's server URL, its variables at their defaults."""
    base = op.defaults.get("baseUrl")
    return base if isinstance(base, str) else ""


def _at(op: Operation, server: dict[str, str]) -> str:
    """The operation's server URL with ``server``'s values for its variables."""
    base = op.base_url
    for name, value in server.items():
        base = base.replace(f"{{{name}}}", value)
    return base.lower()


def _servers(api: Catalog) -> list[str]:
    made: list[str] | None = api.memo.get("servers")
    if made is None:
        found = {op.base_url for op in api.operations if op.base_url}
        made = api.memo["servers"] = sorted(found, key=len, reverse=True)
    return made


def _server_pattern(template: str) -> re.Pattern[str]:
    """``https://{region}.example.com``: each variable a group (named again, the same)."""
    pieces = re.split(r"\{([^{}]+)\}", template)
    pattern, seen = [], set()
    for at, piece in enumerate(pieces):
        if not at % 2:
            pattern.append(re.escape(piece.lower()))
        elif _group(piece) in seen:
            pattern.append(f"(?P={_group(piece)})")
        else:
            seen.add(_group(piece))
            pattern.append(f"(?P<{_group(piece)}>[^/]*)")
    return re.compile("".join(pattern) + r"(?=/|$)")


def _group(name: str) -> str:
    return name if name.isidentifier() else "v" + "".join(c if c.isalnum() else "_" for c in name)


def _operation(
    state: _State, api: Catalog, segments: list[str]
) -> tuple[Operation | None, dict[str, object]]:
    fits = []
    elsewhere: set[str] = set()
    for rank, node, values in _fits(segments, _tree(api.operations)):
        op = node.ends.get(state.method)
        if op is None:
            elsewhere.update(node.ends)
            continue
        typed = _path_values(op, values)
        if typed is not None:
            fits.append((rank, op, typed))
    if not fits:
        where = f"; it has {', '.join(sorted(elsewhere))}" if elsewhere else ""
        state.warnings.append(
            f"{api.title} describes no {state.method} route for this path{where}"
        )
        return None, {}
    fits.sort(key=lambda fit: fit[0])
    _, op, typed = fits[0]
    for name, value in typed.items():
        state.parts.append(Part(str(value), f"path {name}"))
    return op, typed


def _path_values(op: Operation, values: tuple[tuple[str, str], ...]) -> dict[str, object] | None:
    named = {p.name: p for p in op.parameters if p.location == "path"}
    typed: dict[str, object] = {}
    for name, text in values:
        param = named.get(name)
        if param is None:
            typed[name] = text
            continue
        value = _styled_path(param, text)
        if value is None:
            return None
        typed[name] = value
    return typed


def _styled_path(param: Parameter, text: str) -> object:
    """A path segment's value, as its style wrote it; None when it does not fit."""
    if param.style == "label":
        if not text.startswith("."):
            return None
        text = text[1:]
        separator = "." if param.explode else ","
    elif param.style == "matrix":
        if not text.startswith(";"):
            return None
        text = text[1:]
        if not param.explode or param.type != "object":
            prefix = f"{varname(param.name)}="
            if param.explode and param.type.startswith("array<"):
                return [_typed(param.type[6:-1], p.removeprefix(prefix)) for p in text.split(";")]
            if not text.startswith(prefix) and text != varname(param.name):
                return None
            text = text.removeprefix(prefix)
        separator = ";" if param.explode else ","
    else:
        separator = ","
    return _value(param, text, separator)


def _value(param: Parameter, text: str, separator: str) -> object:
    kind = param.type
    if param.style == "json":
        value = _json(text)
        return text if value is _NOT_JSON else value
    if kind.startswith("array<"):
        return [_typed(kind[6 : kind.rfind(">")], item) for item in text.split(separator)]
    if kind == "object":
        items = text.split(separator)
        if param.explode:
            return dict(item.partition("=")[::2] for item in items)
        return dict(zip(items[::2], items[1::2], strict=False))
    value = _typed(kind, text)
    if kind == "integer" and not isinstance(value, int):
        return None
    return value


def _query(state: _State, op: Operation | None, pairs: list[tuple[str, str]]) -> None:
    params = [p for p in op.parameters if p.location == "query"] if op is not None else []
    by_name = {p.name: p for p in params}
    deep = {p.name: p for p in params if p.style == "deepObject"}
    taken: dict[str, list[str]] = {}
    extra: list[tuple[str, str]] = []
    for name, text in pairs:
        found = _DEEP.fullmatch(name)
        if found is not None and found[1] in deep:
            keys = re.findall(r"\[([^\[\]]*)\]", found[2])
            _put(state.params.setdefault(found[1], {}), keys, _typed("string", text))
            state.parts.append(Part(f"{name}={text}", f"query {found[1]}"))
        elif name in by_name:
            taken.setdefault(name, []).append(text)
            state.parts.append(Part(f"{name}={text}", f"query {name}"))
        else:
            extra.append((name, text))
    for name, texts in taken.items():
        param = by_name[name]
        if param.style in ("spaceDelimited", "pipeDelimited") and not param.explode:
            separator = " " if param.style == "spaceDelimited" else "|"
            state.params[name] = _value(param, texts[0], separator)
        elif param.type.startswith("array<") and (param.explode or len(texts) > 1):
            state.params[name] = [_typed(param.type[6 : param.type.rfind(">")], t) for t in texts]
        else:
            state.params[name] = _value(param, texts[-1], ",")
    objects = [p for p in params if p.type == "object" and p.explode and p.style == "form"]
    for name, text in extra:
        if objects:  # form, exploded: an object's keys are names of their own
            state.params.setdefault(objects[0].name, {})[name] = text  # type: ignore[index]
            state.parts.append(Part(f"{name}={text}", f"query {objects[0].name}"))
            continue
        if op is not None:
            state.warnings.append(f"{op.id} describes no query parameter {name}; it is kept")
        state.params[name] = _typed("string", text)
        state.parts.append(Part(f"{name}={text}", f"query {name}"))


def _put(target: object, keys: list[str], value: object) -> None:
    """``value`` at ``keys`` in nested dicts and lists (``[]`` appends)."""
    assert isinstance(target, dict)
    node: dict[str, object] = target
    for at, key in enumerate(keys):
        last = at == len(keys) - 1
        if key == "" or (not last and keys[at + 1] == ""):
            if key != "":
                items = node.setdefault(key, [])
                assert isinstance(items, list)
                if keys[at + 1 :] == [""]:
                    items.append(value)
                    return
            return
        if last:
            node[key] = value
        else:
            inner = node.setdefault(key, {})
            assert isinstance(inner, dict)
            node = inner


def _headers(state: _State, op: Operation | None, headers: dict[str, str], api: Catalog) -> None:
    params = {p.name.lower(): p for p in op.parameters if p.location == "header"} if op else {}
    cookies = {p.name: p for p in op.parameters if p.location == "cookie"} if op else {}
    for name, value in headers.items():
        words = state.said.get(f"header {name}", f"{name}: {value}")
        if name == "accept" and op is not None and value == (op.accept or "application/json"):
            state.parts.append(Part(words, "default", f"the accept {api.title} describes"))
        elif name == "user-agent" and value.startswith("restroute/"):
            state.parts.append(Part(words, "default", "the base layer's user-agent"))
        elif name == "content-type":
            continue
        elif name == "cookie" and cookies:
            _cookies(state, cookies, value)
        elif name in params:
            param = params[name]
            state.params[f"headers.{name}"] = _value(param, value, ",")
            state.parts.append(Part(words, f"headers.{name}"))
        else:
            state.headers[name] = value
            state.parts.append(Part(words, f"headers.{name}"))


def _cookies(state: _State, cookies: dict[str, Parameter], value: str) -> None:
    kept = []
    for pair in value.split("; "):
        name, _, text = pair.partition("=")
        param = cookies.get(name)
        if param is None:
            kept.append(pair)
            continue
        key = f"cookie.{name}"
        text = unquote(text)
        if param.type.startswith("array<") and param.explode:
            items = state.params.setdefault(key, [])
            assert isinstance(items, list)
            items.append(_typed(param.type[6 : param.type.rfind(">")], text))
        else:
            state.params[key] = _value(param, text, ",")
        state.parts.append(Part(pair, key))
    if kept:
        state.headers["cookie"] = "; ".join(kept)


def _body(
    state: _State, op: Operation | None, body: str | bytes | None, content_type: str
) -> None:
    if body is None:
        return
    media = content_type.partition(";")[0].strip().lower()
    if op is None or op.body != "json":
        state.data = body
        if content_type:
            state.headers["content-type"] = content_type
        state.parts.append(Part(state.said.get("body", "the body"), "data", "sent as it is"))
        return
    fields = {p.name: p for p in op.parameters if p.location == "body"}
    if media == FORM:
        text = body.decode() if isinstance(body, bytes) else body
        values = _form_fields(fields, parse_qsl(text, keep_blank_values=True))
    elif media == MULTIPART:
        raw = body.encode() if isinstance(body, str) else body
        values = _multipart_fields(fields, raw, content_type)
    else:
        parsed = _json(body.decode() if isinstance(body, bytes) else body)
        if not isinstance(parsed, dict):
            state.data = body
            state.parts.append(Part(state.said.get("body", "the body"), "data", "no JSON object"))
            return
        values = parsed
    for name, value in values.items():
        param = fields.get(name)
        key = op.argument_name(param) if param is not None else name
        state.params[key] = value
        state.parts.append(Part(f"{name}: {json.dumps(value, default=repr)[:60]}", f"body {name}"))


def _form_fields(fields: dict[str, Parameter], pairs: list[tuple[str, str]]) -> dict[str, object]:
    values: dict[str, object] = {}
    for name, text in pairs:
        found = _DEEP.fullmatch(name)
        if found is not None and found[1] in fields:
            keys = re.findall(r"\[([^\[\]]*)\]", found[2])
            _put(values.setdefault(found[1], {}), keys, text)
            continue
        param = fields.get(name)
        kind = param.type if param is not None else "string"
        if kind.startswith("array<"):
            items = values.setdefault(name, [])
            assert isinstance(items, list)
            inner = kind[6 : kind.rfind(">")]
            items += [_typed(inner, t) for t in (text.split(",") if not param.explode else [text])]  # type: ignore[union-attr]
        elif kind == "object" and param is not None and param.style == "form":
            values.setdefault(name, {})
        else:
            values[name] = _typed(kind, text)
    return values


def _multipart_fields(
    fields: dict[str, Parameter], body: bytes, content_type: str
) -> dict[str, object]:
    head = f"Content-Type: {content_type}\r\nMIME-Version: 1.0\r\n\r\n".encode()
    message = BytesParser(policy=HTTP).parsebytes(head + body)
    values: dict[str, object] = {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        if not isinstance(name, str):
            continue
        content = part.get_payload(decode=True)
        assert isinstance(content, bytes)
        param = fields.get(name)
        kind = param.type if param is not None else "string"
        if part.get_filename() is not None or kind == "binary":
            value: object = content
        elif part.get_content_type() == "application/json":
            value = json.loads(content)
        else:
            value = _typed(kind.removeprefix("array<").removesuffix(">"), content.decode())
        if kind.startswith("array<") and not isinstance(value, list):
            items = values.setdefault(name, [])
            assert isinstance(items, list)
            items.append(value)
        else:
            values[name] = value
    return values
