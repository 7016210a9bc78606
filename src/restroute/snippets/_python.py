"""Request options as a Python script that sends them with requests or httpx, laid out as
ruff would.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from .._core.cache import compiled
from .._core.encoding import UNRESERVED, safe_repr
from .._core.idna import httpx_host_problem
from .._core.kinds import flag, honest
from .._core.url import authority, dot_segment
from ..errors import EndpointError
from ..redact import Reference
from ..rules import MAX_HTTPX_URL
from ._request import _Request

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_CLIENTS = ("requests", "httpx")
# Characters each client percent-encodes again when it prepares a URL (measured):
_REWRITTEN = {
    "requests": frozenset('"<>[\\]^`{|}'),
    "httpx": frozenset('"<>'),
}
_REWRITTEN_IN_PATH = {"requests": frozenset(), "httpx": frozenset("`{}")}


def to_python(
    options: Mapping[str, Any],
    *,
    client: str = "requests",
    redact: bool = False,
    env: Mapping[str, str] | None = None,
) -> str:
    """A runnable Python script that sends exactly this request with requests or httpx.

    The body is written as a Python value and serialised to the very bytes restroute
    sends; ``json=`` is not used, since it would change them. With ``env`` (header name
    -> ``${VAR}`` template), those headers are read from ``os.environ`` when the script
    runs (a ``KeyError`` names a variable that is not set), and the other secrets are
    redacted.

    >>> from restroute import endpoint
    >>> print(to_python(endpoint("GET /users/{username}", username="octocat")))
    import requests
    <BLANKLINE>
    url = "https://api.github.com/users/octocat"
    headers = {
        "accept": "application/vnd.github.v3+json",
        "user-agent": "restroute/0.1.0",
    }
    <BLANKLINE>
    response = requests.request("GET", url, headers=headers)
    print(response.status_code)
    print(response.text)
    """
    chosen = honest(client, "to_python")  # a str claiming int is text, an int claiming str not
    if type(chosen) is not str or chosen not in _CLIENTS:
        msg = f"to_python: client {safe_repr(chosen)} is not one of {', '.join(_CLIENTS)}; "
        msg += "pass client='requests' or client='httpx'"
        raise EndpointError(msg)
    client = chosen
    request = _Request(options, hide=flag(redact, "to_python", "redact"), env=env)
    _check_url_for(client, request.url)
    body = request.payload
    as_json = request.body is not None and not isinstance(
        body, str | bytes | bytearray | memoryview
    )
    lines = ["import json"] if as_json else []
    if any(isinstance(value, Reference) for value in request.headers.values()):
        lines.append("import os")
    lines += [""] if lines else []
    lines.append(f"import {client}")
    if client == "requests" and "user-agent" not in request.headers:
        lines.append("from urllib3.util import SKIP_HEADER")
    lines.append("")
    lines += [f"url = {_literal(request.url)}", _headers_literal(request.headers, client)]
    if as_json:
        lines += [
            f"payload = {_payload_literal(body)}",
            "body = json.dumps(",
            '    payload, ensure_ascii=False, separators=(",", ":"), allow_nan=False',
            ").encode()",
        ]
    elif isinstance(body, str):
        lines.append(f"body = {_literal(body)}.encode()")
    elif request.body is not None:
        lines.append(f"body = {_bytes_literal(request.body)}")
    lines.append("")
    data = "data" if client == "requests" else "content"
    call = f'"{request.method}", url, headers=headers'
    call += f", {data}=body" if request.body is not None else ""
    missing = [n for n in ("accept", "user-agent") if n not in request.headers]
    if client == "httpx" and missing:  # httpx sends its own unless removed from a client
        lines.append("with httpx.Client() as client:")
        lines += [f'    del client.headers["{name}"]' for name in missing]
        lines.append(f"    response = client.request({call})")
    else:
        lines.append(f"response = {client}.request({call})")
    lines += ["print(response.status_code)", "print(response.text)"]
    return "\n".join(lines)


def _payload_literal(body: object) -> str:
    try:
        return _literal(body)
    except RecursionError:
        msg = "to_python: the body is nested too deeply to write as a Python literal; "
        msg += "use to_curl or to_json, which send it as it is"
        raise EndpointError(msg) from None


def _check_url_for(client: str, url: str) -> None:
    if client == "httpx" and len(url) > MAX_HTTPX_URL:
        msg = f"httpx refuses a URL over {MAX_HTTPX_URL:,} characters (MAX_HTTPX_URL, its "
        msg += f"own limit), and this one has {len(url):,}; use client='requests', which "
        msg += "has none, or shorten the URL"
        raise EndpointError(msg)
    if client == "httpx" and (problem := httpx_host_problem(authority(url).partition(":")[0])):
        msg = f"httpx refuses the host of {url!r}: {problem} (IDNA 2008, which httpx "
        msg += "checks of a host that starts with xn--); use to_curl or client='requests'"
        raise EndpointError(msg)
    path_and_query = url.partition("://")[2].partition("/")[2]
    path = path_and_query.partition("?")[0]
    rewritten = set(path_and_query) & _REWRITTEN[client]  # a set of the characters: in C
    rewritten |= set(path) & _REWRITTEN_IN_PATH[client]
    if client == "requests":
        rewritten |= _requoted_triplets(path_and_query)
    changes = [f"re-encode {' '.join(sorted(rewritten))}"] if rewritten else []
    if client == "requests" and url.endswith("?"):
        changes.append("drop the ? that ends")
    if dot_segment(url, encoded=False):
        changes.append("remove its . and .. segments")
    if changes:
        msg = f"{client} would {' and '.join(changes)} in {url!r} and send another URL; "
        msg += "use to_curl, or another client"
        raise EndpointError(msg)


def _requoted_triplets(text: str) -> set[str]:
    """Percent-escapes requests rewrites: of unreserved characters, lowercase, or broken.
    Each distinct escape is judged once (a URL of megabytes holds millions, of a few
    kinds)."""
    found = {"%"} if compiled(_BROKEN_ESCAPE).search(text) else set()
    for triplet in set(compiled(_ESCAPE).findall(text)):
        hex_digits = triplet[1:]
        if hex_digits != hex_digits.upper() or chr(int(hex_digits, 16)) in UNRESERVED:
            found.add(triplet)
    return found


_ESCAPE = r"%[0-9A-Fa-f]{2}"
_BROKEN_ESCAPE = r"%(?![0-9A-Fa-f]{2})"


def _headers_literal(headers: Mapping[str, Any], client: str) -> str:
    items = [_header_item(name, value) for name, value in headers.items()]
    if client == "requests":
        # None removes requests' own accept; urllib3 adds a user-agent unless it is told to
        # skip it (README, "Copy as curl or Python": the options' headers and no others).
        if "accept" not in headers:
            items.append('    "accept": None,')
        if "user-agent" not in headers:
            items.append('    "user-agent": SKIP_HEADER,')
    return "headers = {\n" + "\n".join(items) + "\n}" if items else "headers = {}"


_LINE = 88  # as ruff and black lay code out


def _header_item(name: str, value: str | Reference) -> str:
    """``    "name": value,``: a reference as ``os.environ[...]`` joined to its text by
    ``+`` (no f-string: the text needs no escapes of its own), laid out as ruff would."""
    if not isinstance(value, Reference):
        return f"    {_literal(name)}: {_literal(value)},"
    terms = [
        f'os.environ["{part}"]' if index % 2 else _literal(part)
        for index, part in enumerate(value.parts)
        if index % 2 or part
    ]
    line = f"    {_literal(name)}: {' + '.join(terms)},"
    if len(line) <= _LINE:
        return line
    if len(terms) == 1:  # ruff breaks the subscript
        return f'    {_literal(name)}: os.environ[\n        "{value.parts[1]}"\n    ],'
    return f"    {_literal(name)}: " + "\n    + ".join(terms) + ","


def _literal(value: object, depth: int = 0) -> str:
    """A Python literal that evaluates to ``value`` (JSON types), laid out as ruff would:
    on one line when it fits, else one item a line."""
    pieces: list[str] = []
    _write(_measured(value), depth, pieces)
    return "".join(pieces)


# A value measured: its literal on one line, the brackets around its items ("" for a
# scalar), and its items, each an optional key and a value, measured alike.
_Measured = tuple[str, str, str, list[tuple["_Measured | None", "_Measured"]]]


def _measured(value: object) -> _Measured:
    """Each part's one-line literal, written once from its items' (a value nested n deep
    takes time in n, where measuring each level again took time in its square)."""
    if isinstance(value, Mapping):
        pairs = [(_measured(k), _measured(v)) for k, v in value.items()]
        one_line = "{" + ", ".join(f"{k[0]}: {v[0]}" for k, v in pairs) + "}"
        return one_line, "{", "}", list(pairs)
    if isinstance(value, list | tuple):
        items: list[tuple[_Measured | None, _Measured]] = [(None, _measured(v)) for v in value]
        return "[" + ", ".join(item[0] for _, item in items) + "]", "[", "]", items
    return _literal_on_one_line(value), "", "", []


def _write(measured: _Measured, depth: int, pieces: list[str]) -> None:
    one_line, opening, closing, items = measured
    if not opening or len(one_line) <= _LINE - 12 - 4 * depth:
        pieces.append(one_line)
        return
    inner = "    " * (depth + 1)
    pieces.append(f"{opening}\n")
    for index, (key, item) in enumerate(items):
        pieces.append(f"\n{inner}" if index else inner)
        if key is not None:
            _write(key, depth + 1, pieces)
            pieces.append(": ")
        _write(item, depth + 1, pieces)
        pieces.append(",")
    pieces.append(f"\n{'    ' * depth}{closing}")


def _literal_on_one_line(value: object) -> str:
    """A scalar's literal (``_measured`` writes lists and mappings): the body was read
    as JSON before, so what is not None, a bool or a number is text."""
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        return float.__repr__(value)
    return _string_literal(value)  # type: ignore[arg-type]


def _bytes_literal(data: bytes) -> str:
    """``b"..."``: printable ASCII as is, other bytes escaped, double quotes as ruff writes."""
    # repr() escapes in C exactly as wanted (\\t \\n \\r \\\\ \\xNN), but quotes with ' when it
    # can: then its \\' goes bare and a " gets its backslash.
    text = repr(bytes(data))
    inner = text[2:-1]
    if text[1] == "'":
        inner = inner.replace("\\'", "'").replace('"', '\\"')
    return f'b"{inner}"'


def _string_literal(text: str) -> str:
    """A double-quoted literal: JSON's escapes (valid in Python), non-printables as \\u."""
    quoted = json.dumps(text, ensure_ascii=False)
    if quoted.isprintable():
        return quoted
    return "".join(
        c if c.isprintable() else f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08x}"
        for c in quoted
    )
