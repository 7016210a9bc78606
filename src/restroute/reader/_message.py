"""A request written out whole, not as a command: an HTTP/1.1 message as on the wire, or
request options as JSON (restroute's JSON snippet, endpoint()'s result)."""

from __future__ import annotations

import json
import re

from ..errors import EndpointError
from ._request import ReadRequest, _check_depth

# An HTTP/1.1 request as written on the wire (RFC 9112), as browsers' tools and proxies
# copy one: the request line, the header lines, a blank line, the body.
_REQUEST_LINE = re.compile(r"([A-Za-z]+) (\S+) HTTP/[0-9.]+[ \t]*(?:\r?\n|$)")


def _http_message(line: re.Match[str], rest: str) -> ReadRequest:
    """The request a message describes; an origin-form target (``/user``) goes to its
    Host (https: GitHub's API answers no other), and the body ends where Content-Length
    says, when it does."""
    request = ReadRequest(line[1].upper(), line[2], source="http")
    request.said["method"] = line[0].strip()
    ended = re.search(r"\r?\n\r?\n|\A\r?\n", rest)  # the blank line after the headers
    head, body = (rest, None) if ended is None else (rest[: ended.start()], rest[ended.end() :])
    for header in filter(None, re.split(r"\r?\n", head)):
        name, colon, value = header.partition(":")
        if not colon or not name.strip():
            request.warnings.append("a header line has no name and colon (Name: value); it "
                                    "is left out")  # fmt: skip
            continue
        request.headers[name.strip().lower()] = value.strip()
        request.said[f"header {name.strip().lower()}"] = header.strip()
    host = request.headers.get("host")
    if request.url.startswith("/") and host:
        request.url = f"https://{host}{request.url}"
    length = request.headers.get("content-length", "")
    if body is not None and length.isascii() and length.isdigit():
        try:
            body = body.encode()[: int(length)].decode()
        except UnicodeDecodeError:
            request.warnings.append("the Content-Length ends inside a character: the body "
                                    "is read to the end of its text")  # fmt: skip
            body = body.removesuffix("\n").removesuffix("\r")
    elif body is not None:
        body = body.removesuffix("\n").removesuffix("\r")
    if body:
        request.body = body
        request.said["body"] = "the body, after the blank line"
    return request


def _json_options(text: str) -> ReadRequest:
    """Request options as JSON (restroute's JSON snippet, endpoint()'s result):
    ``{"method", "url", "headers", "body"}``, a body that is not text sent as JSON."""
    try:
        options = json.loads(text)
    except json.JSONDecodeError as error:  # its message is json's own: it quotes no text
        msg = (
            f"the text starts as JSON but is none ({error.msg}, line {error.lineno} column "
            f"{error.colno}); paste it whole"
        )
        raise EndpointError(msg) from None
    except RecursionError:
        msg = "the text starts as JSON nested deeper than Python reads; paste request options"
        raise EndpointError(msg) from None
    if not isinstance(options, dict) or not isinstance(options.get("url"), str):
        msg = 'the JSON is no request options: it needs at least "url" (and "method")'
        raise EndpointError(msg)
    method = options.get("method", "GET")
    if not isinstance(method, str) or not method.isascii() or not method.isalpha():
        msg = 'the JSON\'s "method" is no HTTP method (a word of letters: "GET", "POST" ...)'
        raise EndpointError(msg)
    request = ReadRequest(method.upper(), options["url"], source="json")
    request.said["method"] = f'"method": {json.dumps(method)}'
    headers = options.get("headers")
    if isinstance(headers, dict):
        _check_depth(headers, "the JSON's headers")
        request.headers = {str(k).lower(): v if isinstance(v, str) else json.dumps(v)
                           for k, v in headers.items() if v is not None}  # fmt: skip
    if "body" in options and options["body"] is not None:
        body = options["body"]
        _check_depth(body, "the JSON's body")
        request.body = body if isinstance(body, str) else json.dumps(body, ensure_ascii=False)
        request.said["body"] = '"body"'
    return request
