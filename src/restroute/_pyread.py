"""A Python script that sends a request with requests or httpx, read without running it.

restroute's own scripts name their parts (``url``, ``headers``, ``payload``, ``body``)
and end in ``requests.request(METHOD, url, ...)``. The script is parsed (``ast``), never
run: each name's value is read when it is a literal, ``json.dumps(...)`` of one, its
``.encode()``, or ``os.environ["NAME"]`` (kept as ``${NAME}``, with a warning); anything
else is named in a warning and left out.
"""

from __future__ import annotations

import ast
import json

from .errors import EndpointError
from .reader import ReadRequest

__all__ = ["read_python"]

_CLIENTS = ("requests", "httpx")
_VERBS = ("get", "head", "post", "put", "patch", "delete", "options")
_BODY_KEYWORDS = ("data", "content", "json")


class _Unread(Exception):
    """A value that is code, not a literal: what it is, for the warning."""


def read_python(text: str) -> ReadRequest:
    """The request a requests or httpx script sends (its first call)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as error:
        msg = f"the Python does not parse ({type(error).__name__}: {str(error)[:80]}); paste "
        raise EndpointError(msg + "the whole script") from None
    request = ReadRequest("GET", "", source="python")
    names: dict[str, object] = {}
    for statement in tree.body:
        call = _call(statement)
        if call is not None:
            _read_call(call, names, request)
            return request
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target = statement.targets[0]
            if isinstance(target, ast.Name):
                try:
                    names[target.id] = _value(statement.value, names, request)
                except _Unread as unread:
                    names.pop(target.id, None)
                    request.warnings.append(f"{target.id} is code ({unread}); it is left out")
    msg = "the Python calls neither requests nor httpx (requests.request(...), httpx.get(...))"
    raise EndpointError(msg)


def _call(statement: ast.stmt) -> ast.Call | None:
    """``requests.request(...)`` or ``httpx.post(...)``, alone or assigned."""
    value = getattr(statement, "value", None)
    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Attribute):
        return None
    owner, verb = value.func.value, value.func.attr
    if isinstance(owner, ast.Name) and owner.id in _CLIENTS and verb in ("request", *_VERBS):
        return value
    return None


def _read_call(call: ast.Call, names: dict[str, object], request: ReadRequest) -> None:
    assert isinstance(call.func, ast.Attribute)
    arguments = list(call.args)
    verb = call.func.attr
    if verb == "request":
        if not arguments:
            msg = "the request call names no method; paste the whole script"
            raise EndpointError(msg)
        method = _read(arguments.pop(0), names, request, "the method")
        request.method = str(method).upper()
    else:
        request.method = verb.upper()
    request.said["method"] = request.method
    keywords = {each.arg: each.value for each in call.keywords if each.arg is not None}
    url = arguments[0] if arguments else keywords.get("url")
    read = _read(url, names, request, "the URL") if url is not None else None
    if not isinstance(read, str):
        msg = "the request call's URL is not text; paste the whole script"
        raise EndpointError(msg)
    request.url = read
    if "headers" in keywords:
        headers = _read(keywords["headers"], names, request, "the headers")
        if isinstance(headers, dict):
            request.headers = {str(k).lower(): str(v) for k, v in headers.items()}
    if "params" in keywords:
        request.warnings.append("params= is not read: it is left out (the URL has the query)")
    for keyword in _BODY_KEYWORDS:
        if keyword in keywords:
            body = _read(keywords[keyword], names, request, "the body")
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
            request.said["body"] = f"{keyword}={ast.unparse(keywords[keyword])[:50]}"


def _read(node: ast.expr, names: dict[str, object], request: ReadRequest, what: str) -> object:
    try:
        return _value(node, names, request)
    except _Unread as unread:
        request.warnings.append(f"{what} is code ({unread}); it is left out")
        return None


def _value(node: ast.expr, names: dict[str, object], request: ReadRequest) -> object:
    """A literal, a name given one, ``json.dumps(...)``, ``.encode()``, a string joined
    with ``+``, or an environment variable (as ``${NAME}``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes, int, float, bool)):
        return node.value
    if isinstance(node, ast.Constant) and node.value is None:
        return None
    if isinstance(node, ast.Name):
        if node.id in names:
            return names[node.id]
        raise _Unread(node.id)
    if isinstance(node, ast.Dict) and None not in node.keys:
        return {
            _value(key, names, request): _value(item, names, request)  # type: ignore[arg-type]
            for key, item in zip(node.keys, node.values, strict=True)
        }
    if isinstance(node, (ast.List, ast.Tuple)):
        return [_value(item, names, request) for item in node.elts]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        number = _value(node.operand, names, request)
        if isinstance(number, (int, float)) and not isinstance(number, bool):
            return -number
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _value(node.left, names, request), _value(node.right, names, request)
        if isinstance(left, str) and isinstance(right, str):
            return left + right
    if isinstance(node, ast.Subscript) and ast.unparse(node.value) == "os.environ":
        name = _value(node.slice, names, request)
        if isinstance(name, str):
            request.warnings.append(
                f'os.environ["{name}"] is read when the script runs; it is kept as ${{{name}}}'
            )
            return f"${{{name}}}"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        called = ast.unparse(node.func)
        if called == "json.dumps" and node.args:
            return json.dumps(
                _value(node.args[0], names, request), ensure_ascii=False, separators=(",", ":")
            )
        if node.func.attr == "encode" and not node.args:
            text = _value(node.func.value, names, request)
            if isinstance(text, str):
                return text.encode()
    raise _Unread(ast.unparse(node)[:40])
