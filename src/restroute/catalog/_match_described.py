"""A request back to its operation and values, by an OpenAPI description: the inverse of
catalog._serialize. The values come back under their form names (``headers.X-Id``,
``cookie.session``, ``server.region``, ``deep`` for ``deep[a]=1``), so that the
operation's ``call`` builds the request again: the round trip law of every catalog.
"""

from __future__ import annotations

import re
from dataclasses import replace
from urllib.parse import unquote, urlsplit

from ..errors import EndpointError
from ..rules import MAX_QUERY_PAIRS as MAX_PAIRS
from ._described_body import _DEEP, _body, _insert
from ._matched import _NOT_JSON, Match, Part, _json, _State, _typed
from ._model import Operation, Parameter
from ._route_tree import _fits, _Node, _tree
from ._serialize import varname

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._catalog import Catalog


def described_match(
    state: _State,
    url: str,
    headers: dict[str, str],
    body: str | bytes | None,
    api: Catalog,
) -> Match:
    """``match`` for a catalog read from a description. Of operations that fit the path
    alike (a description may have twins, told apart by a ``#`` in the path), the first
    whose styles read the request back to the same request wins."""
    base, server, path, query = _split(url, api, state)
    segments = path.split("/")[1:] if path.startswith("/") else path.split("/")
    fitting = _operations(state, api, segments)
    if not fitting:
        return _read(state, None, {}, base, server, path, query, headers, body, api)
    said = dict(state.said)
    found = [
        _read(_state(state, said), op, typed, base, server, path, query, headers, body, api)
        for op, typed in fitting
    ]
    chosen = next((each for each in found if _rebuilds(each, url, headers, body)), found[0])
    if len(found) > 1:
        assert chosen.operation is not None
        others = tuple(each.operation for each in found if each is not chosen)
        names = ", ".join(op.id for op in others if op is not None)
        warning = f"the request fits {chosen.operation.id} and, as well, {names}: "
        warning += f"{chosen.operation.id} is read (it builds the same request again)"
        return replace(
            chosen,
            alternatives=tuple(op for op in others if op is not None),
            warnings=(*chosen.warnings, warning),
        )
    return chosen


def _state(state: _State, said: dict[str, str]) -> _State:
    """A state of its own for one operation's reading, with what the split found."""
    fresh = _State(state.method, dict(said))
    fresh.warnings = list(state.warnings)
    return fresh


def _read(
    state: _State,
    op: Operation | None,
    values: dict[str, object],
    base: str,
    server: dict[str, str],
    path: str,
    query: list[tuple[str, str]],
    headers: dict[str, str],
    body: str | bytes | None,
    api: Catalog,
) -> Match:
    """The request read as ``op``'s (None: no operation of the description)."""
    method = state.method
    state.parts.append(Part(state.said.get("method", method), "method"))
    if op is None:
        route = f"{method} {path}"
    else:
        route = op.route
        for name, value in values.items():
            state.parts.append(Part(str(value), f"path {name}"))
        state.params.update(values)
        named = {p.name: p for p in op.parameters if p.location == "server"}
        for name, value in server.items():
            param = named.get(name)
            if param is not None and value != param.default:
                state.params[f"server.{name}"] = value
        if base == _at_defaults(op) or (server and base == _at(op, server)):
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


def _rebuilds(found: Match, url: str, headers: dict[str, str], body: str | bytes | None) -> bool:
    """Whether the values ``found`` builds the request they were read from again: its
    URL, its headers and its body's bytes."""
    from .. import endpoint
    from .._core.wire import body_bytes

    op = found.operation
    assert op is not None
    try:
        route, parameters = op.call(found.values())
        built = endpoint.defaults(op.defaults)(route, parameters)
    except EndpointError:
        return False
    sent = body.encode() if isinstance(body, str) else body
    same = built["url"] == url and (body_bytes(built) or b"") == (sent or b"")
    return same and all(built["headers"].get(name) == value for name, value in headers.items())


def _split(
    url: str, api: Catalog, state: _State
) -> tuple[str, dict[str, str], str, list[tuple[str, str]]]:
    """The server the URL goes to, its variables, the path under it and the query."""
    try:  # the URL is never quoted back: it may hold a secret
        parts = urlsplit(url if not url.startswith("//") else f"https:{url}")
        parts.port  # noqa: B018  (read for its check: a port is a number)
    except ValueError:
        msg = "the URL is no URL (a host or a port that does not parse); paste it as sent"
        raise EndpointError(msg) from None
    path, query = parts.path or "/", parts.query
    base, server = "", {}
    if parts.scheme and parts.netloc:
        whole = f"{parts.scheme.lower()}://{parts.netloc}{parts.path}"  # a host's case kept
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
    return base


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
            pattern.append(re.escape(piece))
        elif _group(piece) in seen:
            pattern.append(f"(?P={_group(piece)})")
        else:
            seen.add(_group(piece))
            pattern.append(f"(?P<{_group(piece)}>[^/]*)")
    return re.compile("".join(pattern) + r"(?=/|$)", re.IGNORECASE)  # hosts are case-blind


def _group(name: str) -> str:
    return name if name.isidentifier() else "v" + "".join(c if c.isalnum() else "_" for c in name)


def _operations(
    state: _State, api: Catalog, segments: list[str]
) -> list[tuple[Operation, dict[str, object]]]:
    """The operations whose path fits as literally as any does, with their path values."""
    fits = []
    elsewhere: set[str] = set()
    for rank, node, values in _fits(segments, _tree(api.operations)):
        candidates = [op for op in _ending(api, node) if op.method == state.method]
        if not candidates:
            elsewhere.update(node.ends)
            continue
        for op in candidates:
            typed = _path_values(op, values)
            if typed is not None:
                fits.append((rank, op, typed))
    if not fits:
        where = f"; it has {', '.join(sorted(elsewhere))}" if elsewhere else ""
        state.warnings.append(
            f"{api.title} describes no {state.method} route for this path{where}"
        )
        return []
    fits.sort(key=lambda fit: fit[0])
    return [(op, typed) for rank, op, typed in fits if rank == fits[0][0]]


def _ending(api: Catalog, node: _Node) -> list[Operation]:
    """The operations that end at ``node`` of the matcher's tree, twins too (the tree keeps
    one a method; a description's twins share it)."""
    ends = node.ends
    twins: dict[tuple[str, str], list[Operation]] = api.memo.get("twins") or _twins(api)
    found: list[Operation] = []
    for op in ends.values():
        found += twins.get((op.method, op.template.partition("{?")[0]), [op])
    return found


def _twins(api: Catalog) -> dict[tuple[str, str], list[Operation]]:
    """Operations by method and path template: more than one where a description has twins."""
    twins: dict[tuple[str, str], list[Operation]] = {}
    for op in api.operations:
        twins.setdefault((op.method, op.template.partition("{?")[0]), []).append(op)
    api.memo["twins"] = twins
    return twins


def _path_values(op: Operation, values: tuple[tuple[str, str], ...]) -> dict[str, object] | None:
    named = {p.name: p for p in op.parameters if p.location == "path"}
    typed: dict[str, object] = {}
    for name, text in values:
        param = named.get(name)  # the loader gives each placeholder a parameter
        value = _styled_path(param, text) if param is not None else text
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
            state.params[found[1]] = _insert(state.params.get(found[1]), keys, text)
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
    """The cookie header's pairs as the cookie parameters wrote them: by name, and an
    exploded object's keys as cookies of their own (the first such parameter's)."""
    spread = [p for p in cookies.values() if p.type == "object" and p.explode]
    kept = []
    for pair in value.split("; "):
        name, _, text = pair.partition("=")
        param = cookies.get(name)
        text = unquote(text)
        if param is None or param in spread:
            if not spread:
                kept.append(pair)
                continue
            key = f"cookie.{spread[0].name}"
            target = state.params.setdefault(key, {})
            assert isinstance(target, dict)
            target[unquote(name)] = text
        elif param.type.startswith("array<") and param.explode:
            key = f"cookie.{name}"
            items = state.params.setdefault(key, [])
            assert isinstance(items, list)
            items.append(_typed(param.type[6 : param.type.rfind(">")], text))
        else:
            key = f"cookie.{name}"
            state.params[key] = _value(param, text, ",")
        state.parts.append(Part(pair, key))
    if kept:
        state.headers["cookie"] = "; ".join(kept)
