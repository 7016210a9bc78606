"""A route prepared against fixed defaults: what ``parse(merge(...))`` works out from the
route and the defaults alone (method, template, base URL, checked headers, the defaults'
parameters) is done once, and a function written for that route does the rest.

``Endpoint.__call__`` asks the route's function first. It answers the common call only:
a route and a dict of parameters, with ``headers`` or ``media_type`` among them at most.
It says None to anything else (another option, a value its fast checks do not take, any
error), and the general path then answers: that path stays the one definition, and
``tests/slow/test_prepared_properties.py`` checks that both give the same result.

The function is Python source made from the template and compiled, with the template's
pieces unrolled: no loop, and one check of all the values for encoding. Compiling costs
0.2 to 1 ms, as much as 10 to 30 calls by the general path, so a route is compiled on its
33rd call, once its calls have cost more than compiling it will: a route called only a
few times never pays for it. A template of more than 16 expressions is not compiled (its
function would hold 16 kB and more), and an endpoint keeps 1,024 functions at most, so
that they hold 16 MB at most. No text from the route or the values is written into the
source: the template's literals and names reach the function as the values of numbered
globals.
"""

from __future__ import annotations

from ..errors import EndpointError
from ..rules import ALIASES, BODILESS_METHODS, EMPTY_BODY_METHODS, OPTIONS
from .cache import LONGEST
from .codegen import Source
from .http import checked_headers
from .merge import ATOMS
from .options import option, split_route
from .parse import (
    absolute_url,
    amend_accept,
    checked_base,
    checked_method,
    request_options,
    url_plan,
)
from .query import add_query
from .result import RequestOptions
from .template import EXPANSION_NAMES, write_expansion
from .url import authority_problem, is_absolute, no_dot_segment

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from .merge import Layered
    from .template import Template

    Call = Callable[[dict[str, Any]], RequestOptions | None]

# Options the route's function takes among the parameters; any other is the general path's.
_TAKEN = frozenset({"headers", "media_type"})
NOT_TAKEN = (OPTIONS | ALIASES.keys()) - _TAKEN
# Calls a route takes the general path for before it is compiled; the routes whose calls
# are counted, and the functions kept, at most; the expressions of a template compiled.
WARM_UP = 32
LIMIT = 4096
COMPILED_LIMIT = 1024
PIECES_LIMIT = 16


class CompiledRoutes:
    """The routes compiled over one set of defaults, by route text, and how often each
    other route was called."""

    __slots__ = ("_layered", "_uses", "compiled")

    def __init__(self, layered: Layered) -> None:
        self._layered = layered
        self._uses: dict[str, int] = {}
        self.compiled: dict[str, Call] = {}

    def warm_up(self, route: str, given: dict[str, Any]) -> RequestOptions | None:
        """None for a route's first calls (the general path answers), then the answer of
        the function compiled for it. Both tables forget everything once full, as Memo
        does, and a route longer than a Memo keeps is never compiled."""
        if len(route) > LONGEST:
            return None
        uses = self._uses.get(route, 0) + 1
        if uses <= WARM_UP:
            if len(self._uses) >= LIMIT:
                self._uses.clear()
            self._uses[route] = uses
            return None
        if len(self.compiled) >= COMPILED_LIMIT:
            self.compiled.clear()
        compiled = self.compiled[route] = compile_route(self._layered, route)
        self._uses.pop(route, None)
        return compiled(given)


def _declined(given: dict[str, Any]) -> None:
    return None


class _Unsuited(Exception):
    """Defaults a call must copy into its result, or a template too long to compile: the
    general path answers."""


def compile_route(layered: Layered, route: str) -> Call:
    """The function that answers ``route``'s calls; one that always says None when the
    general path refuses the route or its defaults, or must copy from the defaults (a
    request option, a parameter that is not a plain value) so that no result shares them,
    or when the template has more than PIECES_LIMIT expressions."""
    try:
        return _Source(layered, route).compiled()
    except (EndpointError, _Unsuited):
        return _declined


class _Source(Source):
    """The source of one route's function, and the globals it reads."""

    def __init__(self, layered: Layered, route: str) -> None:
        defaults = layered.options
        if defaults.get("request") is not None or any(
            value.__class__ not in ATOMS for key, value in defaults.items() if key not in OPTIONS
        ):
            raise _Unsuited
        method, url = split_route[route]
        method = checked_method(method or defaults.get("method", "GET"))
        plan = url_plan(url, method)
        if len(plan.template.pieces) > PIECES_LIMIT or plan.secret_names:
            raise _Unsuited  # (a secret in the URL: the general path notes it, url_secrets)
        self.route = f"{method} {plan.shown_url}"
        headers = checked_headers(defaults.get("headers") or {}, self.route)
        media_type = defaults.get("media_type")
        if media_type:  # for no URL: a GraphQL one is left to the general path
            amend_accept(headers, media_type, "", self.route, None, None)
        names = {
            **EXPANSION_NAMES,
            "NOT_TAKEN": NOT_TAKEN,
            "absolute_url": absolute_url,
            "no_dot_segment": no_dot_segment,
            "request_options": request_options,
            "add_query": add_query,
            "RequestOptions": RequestOptions,
            "taken_headers": _taken_headers,
            "LAYERED": layered,
            "HEADERS": headers,
            "ROUTE": self.route,
            "METHOD": method,
            "LOWER": method.lower(),
            "BASE_URL": defaults.get("base_url"),
        }
        super().__init__("call(given)", names)
        # (checked inside the try: a caller's key whose own __hash__ raises declines)
        self.lines += [" try:", "  if not NOT_TAKEN.isdisjoint(given):", "   return None"]
        self.depth = 2
        self.parameters = parameters = {k: v for k, v in defaults.items() if k not in OPTIONS}
        if parameters:
            self.names["PARAMETERS"] = parameters
            self.line("p = {**PARAMETERS, **given}")
        else:
            self.line("p = given")
        template = plan.template
        self.plain_names = {name for name, _, _ in template.pieces if name is not None}
        self.every_piece_plain = all(name is not None for name, _, _ in template.pieces)
        write_expansion(self, template, "return None")
        self._url(layered, plan.template, plan.relative)
        self._result(method, headers, plan.template)
        self.lines += [" except Exception:", "  return None"]

    def _url(self, layered: Layered, template: Template, relative: bool) -> None:
        try:
            base = checked_base(layered.options.get("base_url"), self.route) if relative else None
        except EndpointError:
            base = None
        if base is None and _fixed_host(template.head):  # "https://host/{...}": checked now
            base = ""
        if base is not None:  # then a URL with no dot segment needs no more checks
            self.names["BASE"] = base
            self.line('if e[-1] != "/" and no_dot_segment(e):')
            self.line("url = BASE + e", 1)
            self.line("else:")
            self.line("url = absolute_url(e, BASE_URL, ROUTE)", 1)
        else:
            self.line("url = absolute_url(e, BASE_URL, ROUTE)")
        self.line('if url.endswith("/graphql"):')  # previews are merged for those
        self.line("return None", 1)
        self.line('taken = "headers" in given or "media_type" in given')
        self.line(
            "headers = taken_headers(LAYERED, given, url, ROUTE) if taken else HEADERS.copy()"
        )

    def _result(self, method: str, headers: dict[str, str], template: Template) -> None:
        """The parameters no placeholder took go to the query or the body, as parse does."""
        framed = "content-length" in headers or "transfer-encoding" in headers
        if self.every_piece_plain and not framed:  # every parameter went into the URL
            self.line(f"if len(p) == {len(template.variables)}:")
            self.line("r = RequestOptions()", 1)
            self.line('r["method"] = LOWER', 1)
            self.line('r["url"] = url', 1)
            self.line('r["headers"] = headers', 1)
            if method in EMPTY_BODY_METHODS:
                self.line('r["body"] = ""', 1)
            self.line("return r", 1)
        if method in BODILESS_METHODS and not framed:
            self._query_of_defaults(template)
        # Removing the few that are not parameters is faster than a comprehension.
        self.line("remaining = p if p is not given else p.copy()")
        for name in template.variables:
            constant = self.constant("NAME", name)
            if name in self.plain_names:  # it had a value, or the call returned
                self.line(f"del remaining[{constant}]")
            else:
                self.line(f"remaining.pop({constant}, None)")
        self.line("if taken:")
        self.line('remaining.pop("headers", None)', 1)
        self.line('remaining.pop("media_type", None)', 1)
        self.line("return request_options(METHOD, url, headers, remaining, ROUTE)")

    def _query_of_defaults(self, template: Template) -> None:
        """A GET's query starts with the defaults' parameters, written out now, when the
        call passes none of them: the call's own go after them, as parse puts them. Not
        for a call that passes headers: one may set a content-length, for parse to check."""
        if not self.parameters or "data" in self.parameters:
            return
        defaults = {k: v for k, v in self.parameters.items() if k not in template.variables}
        try:
            self.names["DEFAULT_QUERY"] = add_query("", defaults)[1:]  # without its "?"
        except EndpointError:
            return
        self.names["DEFAULT_KEYS"] = frozenset(defaults)
        unfilled = 'DEFAULT_KEYS.isdisjoint(given) and "?" not in url and "#" not in url'
        self.line(f"if not taken and {unfilled}:")
        self.line("rest = given.copy()", 1)
        for name in template.variables:  # a default may have given a placeholder's value
            self.line(f"rest.pop({self.constant('NAME', name)}, None)", 1)
        self.line('if "data" in rest:', 1)
        self.line("return None", 2)
        self.line("if DEFAULT_QUERY:", 1)
        self.line('url = url + "?" + DEFAULT_QUERY', 2)
        self.line("r = RequestOptions()", 1)
        self.line('r["method"] = LOWER', 1)
        self.line('r["url"] = add_query(url, rest) if rest else url', 1)
        self.line('r["headers"] = headers', 1)
        self.line("return r", 1)

    def compiled(self) -> Call:
        return self.compile(f"<restroute route {self.route}>")


def _fixed_host(head: str) -> bool:
    """Whether a template starting with ``head`` names its host in full, one every client
    reads alike: no value can then change the host."""
    ended = any(end in head.partition("://")[2] for end in "/?#")
    return is_absolute(head) and ended and not authority_problem(head)


def _taken_headers(
    layered: Layered, given: dict[str, Any], url: str, route: str
) -> dict[str, str]:
    """The headers of a call that passes ``headers`` or ``media_type``: merged over the
    defaults and checked by the general path's own steps."""
    headers = layered.options.get("headers")
    if "headers" in given:
        headers = layered.merged_option(
            "headers", headers, option("headers", given["headers"], route)
        )
    checked = checked_headers(headers or {}, route)
    media_type = layered.options.get("media_type")  # read only: never in the result
    if "media_type" in given:
        value = option("media_type", given["media_type"], route)
        media_type = layered.merged_option("media_type", media_type, value)
    if media_type:
        amend_accept(checked, media_type, url, route, None, None)
    return checked
