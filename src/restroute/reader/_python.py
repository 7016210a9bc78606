"""A Python script that sends a request with requests or httpx, read without running it.

restroute's own scripts name their parts (``url``, ``headers``, ``payload``, ``body``)
and end in ``requests.request(METHOD, url, ...)``. The script is parsed (``ast``), never
run: each name's value is read when it is a literal, ``json.dumps(...)`` of one, its
``.encode()``, or ``os.environ["NAME"]`` (kept as ``${NAME}``, with a warning); anything
else is named in a warning and left out.

A name may be used twice in a value (``x = [x, x]``, ``x = x + x``): each value's size
(its characters and items, as ``json.dumps`` would write them out) and depth are counted
as it is built, and a script whose values grow past what any request holds is refused,
so that thirty such lines cannot take the memory and time of 2**30 items.
"""

from __future__ import annotations

import ast
import json

from ..errors import EndpointError
from ..rules import MAX_NESTING, MAX_PASTE, MAX_SCRIPT
from ._request import ReadRequest

__all__ = ["read_python"]

_CLIENTS = ("requests", "httpx")
_VERBS = ("get", "head", "post", "put", "patch", "delete", "options")
_BODY_KEYWORDS = ("data", "content", "json")


class _Unread(Exception):
    """A value that is code, not a literal: what kind of code, for the warning."""


class _Values:
    """The values read so far by name, and the size and depth of each value built (by
    ``id``: the value is kept, so that no other takes its ``id``)."""

    def __init__(self, text: str) -> None:
        self.text = text  # the script, for the words of the body
        self.names: dict[str, object] = {}
        self.measures: dict[int, tuple[object, int, int]] = {}

    def measure(self, value: object) -> tuple[int, int]:
        """The size and depth of ``value``: one that holds others was built, and measured."""
        if isinstance(value, (str, bytes)):
            return len(value), 0
        if isinstance(value, (list, dict)):
            _, size, depth = self.measures[id(value)]
            return size, depth
        return 1, 0

    def built(self, value: object, parts: list[object]) -> object:
        """``value``, made of ``parts``; refused when it is larger or deeper than any
        request's."""
        measures = [self.measure(part) for part in parts]
        size = 1 + sum(each[0] for each in measures)
        depth = 1 + max((each[1] for each in measures), default=0)
        if size > MAX_PASTE or depth > MAX_NESTING:
            msg = (
                f"the Python builds a value of more than {MAX_PASTE:,} items and characters "
                f"or {MAX_NESTING} levels (a name used twice in it, again and again); no request "
                "holds one"
            )
            raise EndpointError(msg)
        if isinstance(value, (list, dict)):
            self.measures[id(value)] = (value, size, depth)
        return value


def read_python(text: str) -> ReadRequest:
    """The request a requests or httpx script sends (its first call)."""
    if len(text) > MAX_SCRIPT:
        msg = f"the Python is {len(text):,} characters; one of at most {MAX_SCRIPT:,} is read "
        raise EndpointError(msg + "(paste the request's part of the script)")
    try:
        tree = ast.parse(text)
    except SyntaxError as error:  # its message may quote the script: where alone is said
        msg = f"the Python does not parse (line {error.lineno}, column {error.offset}); "
        raise EndpointError(msg + "paste the whole script") from None
    except (ValueError, RecursionError, MemoryError) as error:
        msg = f"the Python does not parse ({type(error).__name__}); paste the whole script"
        raise EndpointError(msg) from None
    try:
        return _read_statements(tree, _Values(text))
    except RecursionError:  # a + b + c ... thousands long: ast reads it, Python recurses
        msg = "the Python nests an expression deeper than is read; paste the request's part"
        raise EndpointError(msg) from None


def _read_statements(tree: ast.Module, values: _Values) -> ReadRequest:
    """The first call's request, and the names assigned before it."""
    request = ReadRequest("GET", "", source="python")
    for statement in tree.body:
        call = _call(statement)
        if call is not None:
            _read_call(call, values, request)
            return request
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target = statement.targets[0]
            if isinstance(target, ast.Name):
                try:
                    values.names[target.id] = _value(statement.value, values, request)
                except _Unread as unread:
                    values.names.pop(target.id, None)
                    request.warnings.append(f"{_name(target.id)} is code ({unread}); it is "
                                            "left out")  # fmt: skip
    msg = "the Python calls neither requests nor httpx (requests.request(...), httpx.get(...))"
    raise EndpointError(msg)


def _name(name: str) -> str:
    """A name as a warning shows it: names are short, and one that is not is shown by its
    length (a token pasted where a name goes)."""
    return name if len(name) <= 32 else f"(a name of {len(name):,} characters)"


def _call(statement: ast.stmt) -> ast.Call | None:
    """``requests.request(...)`` or ``httpx.post(...)``, alone or assigned."""
    value = getattr(statement, "value", None)
    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Attribute):
        return None
    owner, verb = value.func.value, value.func.attr
    if isinstance(owner, ast.Name) and owner.id in _CLIENTS and verb in ("request", *_VERBS):
        return value
    return None


def _read_call(call: ast.Call, values: _Values, request: ReadRequest) -> None:
    assert isinstance(call.func, ast.Attribute)
    arguments = list(call.args)
    verb = call.func.attr
    if verb == "request":
        if not arguments:
            msg = "the request call names no method; paste the whole script"
            raise EndpointError(msg)
        method = _read(arguments.pop(0), values, request, "the method")
        request.method = str(method).upper()
    else:
        request.method = verb.upper()
    request.said["method"] = request.method
    keywords = {each.arg: each.value for each in call.keywords if each.arg is not None}
    url = arguments[0] if arguments else keywords.get("url")
    read = _read(url, values, request, "the URL") if url is not None else None
    if not isinstance(read, str):
        msg = "the request call's URL is not text; paste the whole script"
        raise EndpointError(msg)
    request.url = read
    if "headers" in keywords:
        headers = _read(keywords["headers"], values, request, "the headers")
        if isinstance(headers, dict):
            request.headers = {str(k).lower(): str(v) for k, v in headers.items()}
    if "params" in keywords:
        request.warnings.append("params= is not read: it is left out (the URL has the query)")
    for keyword in _BODY_KEYWORDS:
        if keyword in keywords:
            _read_body(keyword, keywords[keyword], values, request)


def _read_body(keyword: str, node: ast.expr, values: _Values, request: ReadRequest) -> None:
    body = _read(node, values, request, "the body")
    if keyword == "json" and body is not None:
        request.body = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
        request.headers.setdefault("content-type", "application/json")
    elif isinstance(body, bytes):
        try:
            request.body = body.decode()
        except UnicodeDecodeError:
            request.body = body
    elif isinstance(body, str):
        request.body = body
    # whole: cut where it is shown, once its secrets are hidden (redact.pasted_parts)
    request.said["body"] = f"{keyword}={ast.get_source_segment(values.text, node) or ''}"


def _read(node: ast.expr, values: _Values, request: ReadRequest, what: str) -> object:
    try:
        return _value(node, values, request)
    except _Unread as unread:
        request.warnings.append(f"{what} is code ({unread}); it is left out")
        return None


def _value(node: ast.expr, values: _Values, request: ReadRequest) -> object:
    """A literal, a name given one, ``json.dumps(...)``, ``.encode()``, a string joined
    with ``+``, or an environment variable (as ``${NAME}``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes, int, float, bool)):
        return node.value
    if isinstance(node, ast.Constant) and node.value is None:
        return None
    if isinstance(node, ast.Name):
        if node.id in values.names:
            return values.names[node.id]
        raise _Unread(f"the name {_name(node.id)}, given no value here")
    if isinstance(node, ast.Dict) and None not in node.keys:
        pairs = [(_value(key, values, request), _value(item, values, request))  # type: ignore[arg-type]
                 for key, item in zip(node.keys, node.values, strict=True)]  # fmt: skip
        if any(isinstance(key, (list, dict)) for key, _ in pairs):
            raise _Unread("a dict with a list or a dict as a key")
        return values.built(dict(pairs), [part for pair in pairs for part in pair])
    if isinstance(node, (ast.List, ast.Tuple)):
        items = [_value(item, values, request) for item in node.elts]
        return values.built(items, list(items))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        number = _value(node.operand, values, request)
        if isinstance(number, (int, float)) and not isinstance(number, bool):
            return -number
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _value(node.left, values, request), _value(node.right, values, request)
        if isinstance(left, str) and isinstance(right, str):
            values.built(None, [left, right])  # refused before it is joined, when too long
            return left + right
    if isinstance(node, ast.Subscript) and ast.unparse(node.value) == "os.environ":
        name = _value(node.slice, values, request)
        if isinstance(name, str):
            request.warnings.append(f'os.environ["{_name(name)}"] is read when the script '
                                    f"runs; it is kept as ${{{_name(name)}}}")  # fmt: skip
            return f"${{{name}}}"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        called = ast.unparse(node.func)
        if called == "json.dumps" and node.args:
            dumped = _value(node.args[0], values, request)
            return json.dumps(dumped, ensure_ascii=False, separators=(",", ":"))
        if node.func.attr == "encode" and not node.args:
            text = _value(node.func.value, values, request)
            if isinstance(text, str):
                return text.encode()
    raise _Unread(_kind(node))


def _kind(node: ast.expr) -> str:
    """What kind of code ``node`` is, without what it holds (a literal in it may be a
    secret): a call by the name it calls, when that is a name."""
    if isinstance(node, ast.Call):
        called = node.func
        while isinstance(called, ast.Attribute):
            called = called.value
        if isinstance(called, ast.Name) and len(ast.unparse(node.func)) <= 32:
            return f"a call of {ast.unparse(node.func)}"
        return "a call"
    return f"an expression ({type(node).__name__})"
