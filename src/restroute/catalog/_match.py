"""A request back to its route: which operation a method and URL are, and the values of
its parameters, taken out of the path, the query, the headers and the body.

The routes form a tree of path segments, walked from the left: a literal segment is
tried before a variable, and a variable before one that spans ``/`` (``{path}``, a git
ref: GitHub documents 68 such), so ``GET /repos/o/r/issues/comments`` is the comments'
route, not issue number "comments". Every route that fits is found; the one whose
segments are the most literal, from the left, wins, and routes as literal as it are
reported as alternatives, with a warning, never chosen in silence (catalog.match shows
one).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping

from ..errors import EndpointError
from ..rules import BODILESS_METHODS, EMPTY_BODY_METHODS, OPTIONS
from ..rules import MAX_PATH_SEGMENTS as MAX_SEGMENTS
from ..rules import MAX_QUERY_PAIRS as MAX_PAIRS
from ._github_url import UPLOADS, _split, _userinfo
from ._matched import _NOT_JSON, API, Match, Part, _json, _State, _text, _texts, _typed
from ._model import OPTION_NAMES, Operation, Parameter
from ._route_tree import _fits, _Node, _tree

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._catalog import Catalog

__all__ = ["Match", "Part", "match"]

# The media types GitHub answers with its default one: the base layer's, the docs'.
DEFAULT_ACCEPTS = frozenset({
    "application/vnd.github.v3+json", "application/vnd.github+json", "application/json",
    "*/*", "application/json, */*;q=0.5",
})  # fmt: skip
_MEDIA_TYPE = re.compile(r"application/vnd\.github(?:\.v3)?\.([a-z][a-z0-9-]*?)(?:\+json)?")
_PREVIEW = re.compile(r"application/vnd\.github\.([a-z0-9-]+)-preview(?:\+json)?")
_METHOD = re.compile(r"[A-Z]+")
# Headers a client sets from the request itself: never a parameter, never rebuilt.
_FRAMING = frozenset({"content-length", "host", "connection", "transfer-encoding"})


def match(
    method: str,
    url: str,
    headers: Mapping[str, str] | None = None,
    body: str | bytes | None = None,
    *,
    said: Mapping[str, str] | None = None,
    among: tuple[Operation, ...] | None = None,
    catalog: Catalog | None = None,
    github: Callable[[], Catalog],
) -> Match:
    """catalog.match: the operation a request is, among ``among`` or ``github()``'s
    operations, and its parameters."""
    method, url = _text("the method", method).upper(), _text("the URL", url)
    if not _METHOD.fullmatch(method):
        msg = "the method is no HTTP method (a word of letters: GET, POST ...)"
        raise EndpointError(msg)
    given = _texts("the headers", headers)
    if body is not None and not isinstance(body, str | bytes):
        msg = f"match takes the body as str or bytes (or None), not {type(body).__name__}"
        raise EndpointError(msg)
    if len(given) > MAX_PAIRS:
        msg = f"the request has {len(given):,} headers, and at most {MAX_PAIRS:,} are read"
        raise EndpointError(msg)
    if isinstance(body, str):
        body = str.__str__(body)  # a subclass's own methods are not run
    elif isinstance(body, bytes):
        body = bytes(body)
    state = _State(method, _texts("said", said))
    if among is not None and (
        type(among) is not tuple or not all(isinstance(op, Operation) for op in among)
    ):
        msg = "match takes among= as a tuple of catalog Operations (catalog.operations())"
        raise EndpointError(msg)
    if catalog is not None and any(op.template for op in catalog.operations[:1]):
        from ._match_described import described_match  # a description's: its styles

        return described_match(state, url, given, body, catalog)
    base, path, query = _split(url, state)
    state.parts.append(Part(state.said.get("method", method), "method"))
    if base != API:
        state.parts.append(Part(base, "base_url"))
    if state.userinfo:
        _userinfo(state, given)
    segments = path.split("/")[1:] if path.startswith("/") else path.split("/")
    if len(segments) > MAX_SEGMENTS:
        msg = f"the URL's path has {len(segments):,} segments, and a path of at most "
        raise EndpointError(msg + f"{MAX_SEGMENTS} is matched (GitHub's longest route has 11)")
    tree = _tree(github().operations if among is None else among)
    chosen, alternatives, values = _route(state, base, segments, tree)
    op = chosen
    route = _rebuilt(method, path, base, op, state)
    if op is not None:
        alternatives = tuple(other for other in alternatives if other is not op)
    for name, value in values:
        state.params[name] = value
    if op is not None:
        state.named = _named(op)
    for name, value in query:
        _query(state, op, name, value)
    _headers(state, op, given)
    _body(state, op, body, given.get("content-type", ""))
    if op is not None and method not in BODILESS_METHODS:
        unnamed = [name for name in state.query_names if _location(state, name) != "query"]
        route = _with_query(route, unnamed)
    elif op is None and method not in BODILESS_METHODS and state.query_names:
        route = _with_query(route, list(state.query_names))
    return Match(
        method,
        route,
        op,
        base,
        state.params,
        state.headers,
        state.data,
        alternatives,
        tuple(state.warnings),
        tuple(state.parts),
    )


# --- the route: a tree of segments -------------------------------------------------------


def _route(
    state: _State, base: str, segments: list[str], tree: _Node
) -> tuple[Operation | None, tuple[Operation, ...], list[tuple[str, object]]]:
    """The operation that wins, those as literal as it, and its path values, typed."""
    fitting: list[tuple[tuple[int, ...], Operation, list[tuple[str, object]]]] = []
    typed: list[tuple[str, object]] | None
    elsewhere: set[str] = set()
    for rank, node, values in _fits(segments, tree):
        op = node.ends.get(state.method)
        if op is None:
            elsewhere.update(node.ends)
            continue
        typed = _path_values(op, values)
        if typed is not None:
            fitting.append((rank, op, typed))
    if not fitting:
        where = f"; it has {', '.join(sorted(elsewhere))}" if elsewhere else ""
        state.warnings.append(f"GitHub documents no {state.method} route for this path{where}")
        return None, (), []
    fitting.sort(key=lambda fit: fit[0])
    best, op, chosen = fitting[0]
    tied = tuple(other for rank, other, _ in fitting[1:] if rank == best)
    if tied:
        names = ", ".join(other.id for other in tied)
        state.warnings.append(
            f"the URL fits {op.id} and, as literally, {names}: {op.id} is read (the first "
            "GitHub documents); the others are given as alternatives"
        )
    if op.base_url != base and op.base_url in (API, UPLOADS) and base in (API, UPLOADS):
        state.warnings.append(f"{op.id} goes to {op.base_url}, not {base}")
    for name, value in chosen:
        state.parts.append(
            Part(value if isinstance(value, str) else json.dumps(value), f"path {name}")
        )
    return op, tied, chosen


def _path_values(
    op: Operation, values: tuple[tuple[str, str], ...]
) -> list[tuple[str, object]] | None:
    """The path's values as their parameters' types say, or None when one does not fit
    (``comments`` is no issue number)."""
    typed: list[tuple[str, object]] = []
    for name, text in values:
        param = _named(op).get(name)
        kind = param.type if param is not None else "string"
        value = _typed(kind, text)
        if kind == "integer" and not isinstance(value, int):
            return None
        typed.append((name, value))
    return typed


def _named(op: Operation) -> dict[str, Parameter]:
    """``op``'s parameters by name, made once (by id: the operation is kept with them,
    so that no other takes its id while they are here)."""
    made = _NAMED.get(id(op))
    if made is None or made[0] is not op:
        if len(_NAMED) >= 4096:
            _NAMED.clear()
        made = _NAMED[id(op)] = (op, {param.name: param for param in op.parameters})
    return made[1]


_NAMED: dict[int, tuple[Operation, dict[str, Parameter]]] = {}


def _location(state: _State, name: str) -> str:
    param = state.named.get(name)
    return param.location if param is not None else ""


def _rebuilt(method: str, path: str, base: str, op: Operation | None, state: _State) -> str:
    """The route endpoint() takes: the operation's (its host left out when the request
    went to another one), or the path as it was."""
    if op is None:
        return f"{method} {path}"
    route = op.route
    if op.base_url != API and base != op.base_url:
        route = route.replace(op.base_url, "", 1)
    return route


def _with_query(route: str, names: list[str]) -> str:
    """``route`` with ``names`` added to its ``{?...}``: a route other than GET sends a
    parameter it does not name in its body."""
    if not names:
        return route
    head, brace, rest = route.partition("{?")
    named = rest[:-1].split(",") if brace else []
    extra = [name for name in dict.fromkeys(names) if name not in named]
    return f"{head}{{?{','.join([*named, *extra])}}}" if extra else route


# --- the query, the headers, the body ----------------------------------------------------


def _query(state: _State, op: Operation | None, name: str, text: str) -> None:
    param = state.named.get(name)
    kind = param.type if param is not None else "string"
    value = _typed(kind, text)
    if name in state.params and param is not None and param.location == "query":
        earlier = state.params[name]  # name=a&name=b: a list, as other clients write one
        values = value if isinstance(value, list) else [value]
        if isinstance(earlier, list):  # the query's own list: grown in place, no copy
            earlier += values
        else:
            state.params[name] = [earlier, *values]
        state.parts.append(Part(f"{name}={text}", f"query {name}"))
        return
    if name in state.params:
        state.warnings.append(
            f"{name} is given twice, in the path and the query: the query's is read"
        )
    if op is not None and param is None:
        state.warnings.append(f"{op.id} documents no query parameter {name}; it is kept as given")
    if name in OPTION_NAMES:
        state.warnings.append(
            f"the query's {name} is one of endpoint()'s own names; it is left out"
        )
        state.parts.append(Part(f"{name}={text}", "left out", "an option's name, not a parameter"))
        return
    state.params[name] = value
    state.query_names[name] = None
    state.parts.append(Part(f"{name}={text}", f"query {name}"))


def _headers(state: _State, op: Operation | None, headers: dict[str, str]) -> None:
    for name, value in headers.items():
        words = state.said.get(f"header {name}", f"{name}: {value}")
        if name == "accept":
            _accept(state, op, value, words)
        elif name == "user-agent" and value.startswith("restroute/"):
            state.parts.append(Part(words, "default", "the base layer's user-agent"))
        elif name in _FRAMING:
            state.parts.append(Part(words, "left out", "a client sets it from the request"))
        elif name == "content-type":
            continue  # the body's: _body decides
        else:
            state.headers[name] = value
            state.parts.append(Part(words, f"headers.{name}"))


def _accept(state: _State, op: Operation | None, value: str, words: str) -> None:
    """A recognised accept becomes ``media_type`` (a format the route documents, the
    previews); GitHub's default is left to the base layer; any other is a header."""
    media: dict[str, object] = {}
    for each in (part.strip() for part in value.split(",")):
        if each in DEFAULT_ACCEPTS or each.partition(";")[0] in DEFAULT_ACCEPTS:
            continue
        if (preview := _PREVIEW.fullmatch(each)) is not None:
            previews = media.setdefault("previews", [])
            assert isinstance(previews, list)
            previews.append(preview[1])
            continue
        found = _MEDIA_TYPE.fullmatch(each)
        if found is None or op is None or found[1] not in op.formats or "format" in media:
            state.headers["accept"] = value
            state.parts.append(Part(words, "headers.accept"))
            return
        media["format"] = found[1]
    if not media:
        state.parts.append(
            Part(words, "default", "GitHub's default media type, as the base layer's")
        )
        return
    state.params["media_type"] = media
    became = ", ".join(f"media_type.{key}" for key in media)
    state.parts.append(Part(words, became))


_JSON_TYPES = ("application/json", "application/vnd.github")


def _body(
    state: _State, op: Operation | None, body: str | bytes | None, content_type: str
) -> None:
    if body is None:
        if content_type:  # said, not dropped in silence
            words = state.said.get("header content-type", f"content-type: {content_type}")
            state.parts.append(Part(words, "left out", "no body is sent, so it types none"))
        return
    if isinstance(body, bytes):
        try:
            body = body.decode()
        except UnicodeDecodeError:
            state.data = body
            if content_type:
                state.headers["content-type"] = content_type
            state.parts.append(
                Part(state.said.get("body", "the body"), "data", "bytes, sent as they are")
            )
            return
    words = state.said.get("body", body)  # cut where it is shown, once its secrets are hidden
    if not body and state.method in EMPTY_BODY_METHODS and op is not None and not op.body:
        state.parts.append(Part(words, "default", "the empty body endpoint() sends a PUT, PATCH"))
        return
    parsed = _json(body)
    wants_raw = op is not None and op.body not in ("", "json")
    if wants_raw or parsed is _NOT_JSON:
        state.data = body
        if content_type:
            state.headers["content-type"] = content_type
        state.parts.append(Part(words, "data", "the body, sent as it is"))
        return
    if content_type and not content_type.startswith(_JSON_TYPES):
        state.parts.append(
            Part(
                f"content-type: {content_type}",
                "left out",
                "the body is JSON, which GitHub reads as JSON whatever its type says "
                "(curl's -d sends its form type)",
            )
        )
    if isinstance(parsed, dict) and len(parsed) > MAX_PAIRS:
        msg = f"the body has {len(parsed):,} fields, and at most {MAX_PAIRS:,} are read"
        raise EndpointError(msg)
    if not isinstance(parsed, dict):
        state.data = parsed
        state.parts.append(Part(words, "data", "a JSON body that is no object"))
        return
    if op.body_through_data if op is not None else _clashes(state, parsed):
        state.params["data"] = parsed
        state.parts.append(Part(words, "data", "its fields share names with other parameters"))
        return
    for name, value in parsed.items():
        if op is not None and _location(state, name) != "body":
            state.warnings.append(f"{op.id} documents no body field {name}; it is kept as given")
        state.params[name] = value
        # whole: cut where it is shown, once its secrets are hidden (redact.pasted_parts)
        state.parts.append(Part(f"{json.dumps(name)}: {json.dumps(value)}", f"body {name}"))


def _clashes(state: _State, fields: dict[str, object]) -> bool:
    return any(name in state.params or name in OPTION_NAMES or name in OPTIONS for name in fields)
