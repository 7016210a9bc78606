"""A request back to its route: which operation a method and URL are, and the values of
its parameters, taken out of the path, the query, the headers and the body.

The routes form a tree of path segments, walked from the left: a literal segment is
tried before a variable, and a variable before one that spans ``/`` (``{path}``, a git
ref: GitHub documents 68 such), so ``GET /repos/o/r/issues/comments`` is the comments'
route, not issue number "comments". Every route that fits is found; the one whose
segments are the most literal, from the left, wins, and routes as literal as it are
reported as alternatives, with a warning, never chosen in silence.

>>> found = match("GET", "https://api.github.com/repos/o/r/contents/docs/README.md?ref=v2")
>>> found.route
'GET /repos/{owner}/{repo}/contents/{path}'
>>> found.params
{'owner': 'o', 'repo': 'r', 'path': 'docs/README.md', 'ref': 'v2'}
"""

from __future__ import annotations

import base64
import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import unquote, unquote_plus, urlsplit

from .._core.options import OPTIONS
from ..errors import EndpointError
from ._data import github
from ._model import OPTION_NAMES, Operation, Parameter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._catalog import Catalog

__all__ = ["Match", "Part", "match"]

API = "https://api.github.com"
UPLOADS = "https://uploads.github.com"
_API_PATH = f"{API}/"
MAX_SEGMENTS = 500  # of a path: GitHub's longest route has 11, a file's path rarely 50
# The media types GitHub answers with its default one: the base layer's, the docs'.
DEFAULT_ACCEPTS = frozenset({
    "application/vnd.github.v3+json", "application/vnd.github+json", "application/json",
    "*/*", "application/json, */*;q=0.5",
})  # fmt: skip
_MEDIA_TYPE = re.compile(r"application/vnd\.github(?:\.v3)?\.([a-z][a-z0-9-]*?)(?:\+json)?")
_PREVIEW = re.compile(r"application/vnd\.github\.([a-z0-9-]+)-preview(?:\+json)?")
_VARIABLE = re.compile(r"\{([^{}]+)\}")
_METHOD = re.compile(r"[A-Z]+")
MAX_PAIRS = 2_000  # query pairs and headers read: GitHub's largest operation has 31
# Headers a client sets from the request itself: never a parameter, never rebuilt.
_FRAMING = frozenset({"content-length", "host", "connection", "transfer-encoding"})


@dataclass(frozen=True, slots=True)
class Part:
    """One recognised piece of the request: the ``text`` as the request had it, what it
    ``became`` (``method``, ``path owner``, ``query state``, ``headers.x-trace``, ``body
    title``, ``default``, ``left out``), and why, when that needs saying."""

    text: str
    became: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class Match:
    """What a request is, as endpoint() would take it back: ``endpoint(route, {**params,
    "headers": headers, "base_url": base_url} | ({"data": data} if has data))`` sends it
    again. ``operation`` is None when GitHub documents no such route (``route`` is then
    the path as it was); ``params`` are endpoint()'s parameters, a body whose fields
    clash with other names under ``data``; ``data`` is a raw body (text, or JSON that is
    no object), None when there is none; ``headers`` hold only what differs from the
    base layer and is no parameter."""

    method: str
    route: str
    operation: Operation | None = field(repr=False)
    base_url: str = API
    params: dict[str, object] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    data: object = None
    alternatives: tuple[Operation, ...] = ()
    warnings: tuple[str, ...] = ()
    parts: tuple[Part, ...] = ()

    def values(self) -> dict[str, object]:
        """Everything read, as values by form name: the parameters, a raw body as
        ``data``, each header as ``headers.NAME``, and the base URL when it was another.
        A description's operation builds the request again from them (``call``)."""
        values: dict[str, object] = dict(self.params)
        if self.data is not None:
            values["data"] = self.data
        values.update((f"headers.{name}", value) for name, value in self.headers.items())
        if self.base_url:
            values["base_url"] = self.base_url
        return values


def match(
    method: str,
    url: str,
    headers: Mapping[str, str] | None = None,
    body: str | bytes | None = None,
    *,
    said: Mapping[str, str] | None = None,
    among: tuple[Operation, ...] | None = None,
    catalog: Catalog | None = None,
) -> Match:
    """The operation ``method`` and ``url`` are, among GitHub's (or ``among``), and the
    parameters the URL, the ``headers`` (lower-case names) and the ``body`` (what is
    sent) give it. ``said`` names the words a pasted text had for ``method``, ``body``
    and ``header NAME``, for the parts; the URL's own pieces name themselves."""
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
    if op is not None and method not in ("GET", "HEAD"):
        unnamed = [name for name in state.query_names if _location(state, name) != "query"]
        route = _with_query(route, unnamed)
    elif op is None and method not in ("GET", "HEAD") and state.query_names:
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


def _text(what: str, value: object) -> str:
    if not isinstance(value, str):
        msg = f"match takes {what} as text (str), not {type(value).__name__}"
        raise EndpointError(msg)
    return str.__str__(value)  # a subclass's own methods are not run


def _texts(what: str, value: object) -> dict[str, str]:
    if value is None:
        return {}
    msg = f"match takes {what} as a mapping of names to text (dict[str, str])"
    if not isinstance(value, Mapping):
        raise EndpointError(msg)
    try:  # a mapping of the caller's own may fail in any way as it is read
        items = list(value.items())
    except Exception as error:
        raise EndpointError(f"{msg}; reading it failed ({type(error).__name__})") from None
    if not all(isinstance(name, str) and isinstance(text, str) for name, text in items):
        raise EndpointError(msg)
    return {str.__str__(name): str.__str__(text) for name, text in items}


class _State:
    """What a match has found so far."""

    def __init__(self, method: str, said: dict[str, str]) -> None:
        self.method, self.said = method, said
        self.params: dict[str, object] = {}
        self.headers: dict[str, str] = {}
        self.data: object = None
        self.warnings: list[str] = []
        self.parts: list[Part] = []
        self.query_names: dict[str, None] = {}  # in order, each once
        self.named: dict[str, Parameter] = {}  # the operation's parameters, by name
        self.userinfo = ""  # the URL's user:password, as written


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


# --- the route: a tree of segments -------------------------------------------------------


class _Node:
    __slots__ = ("edges", "ends", "literals", "variables")

    def __init__(self) -> None:
        self.literals: dict[str, _Node] = {}
        self.variables: dict[tuple[str, bool], _Node] = {}  # (segment, spans "/") -> node
        self.edges: list[_Edge] = []  # the variables, read for the walk
        self.ends: dict[str, Operation] = {}  # method -> its operation


# A variable segment: its one name (None when literal text is in it too), the pattern
# of a segment with literal text, whether it spans "/", and the node it leads to.
_Edge = tuple[str | None, "re.Pattern[str] | None", tuple[str, ...], bool, _Node]


# The trees made, by the id of the operations they hold (kept, so that an id is never
# reused while its tree is here; operations are not hashable: a default can be a list).
_trees: dict[int, tuple[tuple[Operation, ...], _Node]] = {}


def _tree(among: tuple[Operation, ...]) -> _Node:
    made = _trees.get(id(among))
    if made is None or made[0] is not among:
        if len(_trees) >= 4:
            _trees.clear()
        made = _trees[id(among)] = (among, _made_tree(among))
    return made[1]


def _made_tree(among: tuple[Operation, ...]) -> _Node:
    root = _Node()
    for op in among:
        spanning = {p.name for p in op.parameters if p.multi_segment}
        node = root
        for segment in op.url.split("/")[1:]:
            if "{" not in segment:
                node = node.literals.setdefault(segment, _Node())
                continue
            names = _VARIABLE.findall(segment)
            key = (segment, segment == f"{{{names[0]}}}" and names[0] in spanning)
            node = node.variables.setdefault(key, _Node())
        node.ends.setdefault(op.method, op)
    _edges(root)
    return root


def _edges(node: _Node) -> None:
    for (segment, spans), child in node.variables.items():
        names = tuple(_VARIABLE.findall(segment))
        if segment == f"{{{names[0]}}}":
            node.edges.append((names[0], None, names, spans, child))
        else:
            node.edges.append((None, _mixed(segment), names, spans, child))
        _edges(child)
    for child in node.literals.values():
        _edges(child)


def _mixed(segment: str) -> re.Pattern[str]:
    """``{base}...{head}``: the segment's literal text fixed, each variable the shortest
    text that lets the rest fit."""
    pieces = re.split(r"(\{[^{}]+\})", segment)
    pattern = "".join("(.+?)" if p.startswith("{") else re.escape(p) for p in pieces)
    return re.compile(pattern)


# A fit: how literal each of the URL's segments was (0 a literal, 1 in a segment with
# literal text, 2 a variable, 3 spanned by one), the node it ended on, and the values
# taken by variable name. Ranks compare from the left, as GitHub's router reads a path.
_Fit = tuple[tuple[int, ...], _Node, tuple[tuple[str, str], ...]]


def _fits(segments: list[str], tree: _Node) -> list[_Fit]:
    found: list[_Fit] = []
    decoded = [unquote(segment) for segment in segments]
    end = len(segments)

    def walk(
        node: _Node, at: int, rank: tuple[int, ...], values: tuple[tuple[str, str], ...]
    ) -> None:
        if at == end:
            if node.ends:
                found.append((rank, node, values))
            return
        child = node.literals.get(decoded[at])
        if child is not None:
            walk(child, at + 1, (*rank, 0), values)
        if not segments[at]:
            return  # an empty segment is no value
        for name, pattern, names, spans, child in node.edges:
            if name is None:
                assert pattern is not None
                fitted = pattern.fullmatch(segments[at])
                if fitted is not None:
                    taken = tuple(zip(names, map(unquote, fitted.groups()), strict=True))
                    walk(child, at + 1, (*rank, 1), values + taken)
                continue
            walk(child, at + 1, (*rank, 2), (*values, (name, decoded[at])))
            if not spans or at + 1 == end:
                continue
            stops = range(at + 2, end + 1) if child.literals or child.variables else (end,)
            for stop in stops:
                spanned = "/".join(decoded[at:stop])
                walk(child, stop, (*rank, *(3,) * (stop - at)), (*values, (name, spanned)))

    walk(tree, 0, (), ())
    return found


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


def _typed(kind: str, text: str) -> object:
    """``text`` as a value of ``kind``: integers and booleans typed, arrays split at the
    commas endpoint() joins them with; text that does not fit stays text."""
    if kind.startswith("array<"):
        return [_typed(kind[6:-1], item) for item in text.split(",")] if text else []
    if "integer" in kind and re.fullmatch(r"-?[0-9]{1,18}", text):
        return int(text)
    if kind == "number" and re.fullmatch(r"-?[0-9]+(\.[0-9]+)?", text):
        return float(text) if "." in text else int(text)
    if kind == "boolean" and text in ("true", "false"):
        return text == "true"
    return text


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
    words = state.said.get("body", body if len(body) <= 60 else body[:59] + "…")
    if not body and state.method in ("PUT", "PATCH") and op is not None and not op.body:
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
        state.parts.append(Part(f"{json.dumps(name)}: {json.dumps(value)[:60]}", f"body {name}"))


def _clashes(state: _State, fields: dict[str, object]) -> bool:
    return any(name in state.params or name in OPTION_NAMES or name in OPTIONS for name in fields)


_NOT_JSON = object()


def _json(text: str) -> object:
    """The body's JSON, or _NOT_JSON: also for numbers no JSON can write again (1e400,
    NaN), which are kept as the text they are."""
    try:
        return json.loads(text, parse_float=_finite, parse_constant=_not_finite)
    except (ValueError, RecursionError):
        return _NOT_JSON


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(text)
    return number


def _not_finite(text: str) -> float:
    raise ValueError(text)
