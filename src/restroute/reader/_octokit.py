"""An Octokit call (``octokit.request(...)``, ``octokit.rest.issues.create(...)``): the
request octokit's endpoint would build from it. The JavaScript data reader is imported
when a call is read, not before: compiling its patterns takes 140 ms."""

from __future__ import annotations

import json
import re

from ..errors import EndpointError, MissingParameterError
from ..rules import MAX_CALL
from ._request import _SURROGATE, ReadRequest, _named

# octokit.request(...), octokit.paginate(...), and a method by its name: octokit.rest.
# issues.create(...), as v17 and later call it, octokit.issues.create(...) as earlier did,
# github.rest.issues.create(...) as actions/github-script names it.
_OCTOKIT = re.compile(
    r"\.(?:request|paginate)\s*(?=\()"
    r"|(?:\.rest|\b(?:octokit|github)(?!\.(?:request|paginate|rest)\b))\.(\w+)\.(\w+)\s*(?=\()"
)


def _octokit(text: str, call: re.Match[str]) -> ReadRequest:
    """An Octokit call: the route (or the method's name, as the catalog knows it) and its
    parameters, built by restroute as octokit's endpoint would build them; the headers
    the call gives, and the body's content-type."""
    from .. import catalog, endpoint
    from ._jsdata import Unread, read_call_arguments  # compiling its patterns takes 140 ms

    request = ReadRequest("GET", "", source="octokit")
    if len(text) > MAX_CALL:
        msg = f"the Octokit call is {len(text):,} characters; one of at most {MAX_CALL:,} is "
        raise EndpointError(msg + "read (paste the call, not the file around it)")
    arguments = read_call_arguments(text[call.end() :])
    route: object
    parameters: object
    if call.group(1) is not None:  # octokit.rest.issues.create({...})
        operation = catalog.find(f"{call.group(1)}.{call.group(2)}")
        if operation is None:
            name = f"octokit.rest.{_named(call.group(1))}.{_named(call.group(2))}"
            msg = f"{name} is no route GitHub documents"
            raise EndpointError(msg)
        route, parameters = operation.route, arguments[0] if arguments else {}
    else:
        route = arguments[0] if arguments else None
        parameters = arguments[1] if len(arguments) > 1 else {}
    if not isinstance(route, str) or isinstance(route, Unread):
        msg = 'the Octokit call\'s route is not text ("METHOD /path"); paste it as written'
        raise EndpointError(msg)
    if not isinstance(parameters, dict):
        msg = "the Octokit call's parameters are not an object ({ owner: ..., repo: ... })"
        raise EndpointError(msg)
    request.warnings += [
        f"{_named(name)} is code, not a value; it is left out" for name in _unread(parameters)
    ]
    given = _without_unread(parameters)
    _check_texts(given)
    headers = given.get("headers")
    try:
        options = endpoint(route, **given)
    except MissingParameterError as error:  # a placeholder whose value is code, say
        said = "; ".join([str(error), *request.warnings])  # it names placeholders only
        raise EndpointError(f"the Octokit call builds no request: {said}") from None
    except EndpointError:  # endpoint()'s message may quote the route or a header's name
        msg = "the Octokit call builds no request: its route (METHOD /path) or a header's "
        raise EndpointError(msg + "name is not as endpoint() takes them") from None
    request.method = str(options["method"]).upper()
    request.url = str(options["url"])
    if isinstance(headers, dict):
        request.headers = {str(name).lower(): str(value) for name, value in headers.items()}
    if "body" in options:
        body = options["body"]
        request.body = body if isinstance(body, str) else json.dumps(body, ensure_ascii=False)
        if "content-type" in options["headers"]:  # none with no body (a PUT's is "")
            request.headers.setdefault("content-type", str(options["headers"]["content-type"]))
    return request


def _unread(value: object, name: str = "") -> list[str]:
    """The dotted name of each value that is code."""
    from ._jsdata import Unread

    if isinstance(value, Unread):
        return [name]
    if isinstance(value, dict):
        return [found for key, item in value.items()
                for found in _unread(item, f"{name}.{key}" if name else key)]  # fmt: skip
    if isinstance(value, list):
        return [found for item in value for found in _unread(item, f"{name}[]")]
    return []


def _without_unread(value: dict[str, object]) -> dict[str, object]:
    from ._jsdata import Unread

    return {key: _without_unread(item) if isinstance(item, dict) else item
            for key, item in value.items() if not isinstance(item, Unread)}  # fmt: skip


def _check_texts(value: object) -> None:
    """Refuse parameters that escapes gave a lone surrogate (``"\\udcff"``): no request
    can send one."""
    texts = [value]
    while texts:
        each = texts.pop()
        if isinstance(each, dict):
            texts += [*each, *each.values()]
        elif isinstance(each, list):
            texts += each
        elif isinstance(each, str) and (bad := _SURROGATE.search(each)) is not None:
            msg = (
                f"the Octokit call holds U+{ord(bad[0]):04X} (an escape gives it), half of a "
                "UTF-16 pair, which no request can send; write the character itself"
            )
            raise EndpointError(msg)
