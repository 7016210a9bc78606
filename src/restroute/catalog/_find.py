"""Operations by a key: a route in any way endpoint() takes one, an id or an octokit name."""

from __future__ import annotations

import re
from collections.abc import Callable

from .._core.encoding import safe_repr
from .._core.kinds import honest
from .._core.template import COLON_VARIABLE
from ..errors import EndpointError
from ._data import exact, hosts, index
from ._model import Operation

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._catalog import Catalog


_COLON_VAR = re.compile(COLON_VARIABLE)  # endpoint()'s own rule


def find(
    key: str, *, catalog: Catalog | None = None, github: Callable[[], Catalog]
) -> Operation | None:
    """catalog.find: the operation for ``key`` in ``catalog``, or in ``github()``'s."""
    key = honest(key, "catalog.find")
    if not isinstance(key, str):
        raise EndpointError(_not_text("find", "key", key, "a route, an id or an octokit name"))
    key = str.__str__(key)  # a str subclass's own methods never run
    method, _, url = key.partition(" ")
    if catalog is None:
        catalog = github()
        if "index" not in catalog.memo and method.isupper() and url.startswith("/"):
            found = exact(method, url)  # a route as the catalog writes it: no index yet
            if found is not None:
                return found
    keyed = index(catalog)
    if key in keyed:
        return keyed[key]
    method, _, url = key.strip().rpartition(" ")
    url = _without_query_expressions(_COLON_VAR.sub(r"{\1}", url).replace("{+", "{"))
    url = url.partition("?")[0]
    for prefix in hosts(catalog):
        url = url.removeprefix(prefix)
    return keyed.get(f"{(method.strip() or 'GET').upper()} {url}")


def _without_query_expressions(url: str) -> str:
    """``url`` without the ``{?...}`` and ``{&...}`` expressions that end it, as removing
    ``\\{[?&][^}]*\\}$`` again and again would leave it, in one pass from the end (that
    loop scanned the whole text each time: a pasted 120 kB of ``{?}`` took 64 s)."""
    end = len(url)
    while end and url[end - 1] == "}":
        inside = url.rfind("}", 0, end - 1) + 1  # an expression holds no "}"
        starts = [
            at for at in (url.find("{?", inside, end), url.find("{&", inside, end)) if at >= 0
        ]
        if not starts:
            break
        end = min(starts)
    return url[:end]


def _not_text(function: str, argument: str, value: object, what: str) -> str:
    """The message for an argument that should be text: what it is, and what to pass."""
    return f"catalog.{function}: {argument} is {safe_repr(value)}, not a str; pass {what}"
