"""``Endpoint``: the public face of the pipeline; each member hands over to one stage.

``endpoint(...)`` is ``parse(merge(...))``, as in the reference's
``endpoint-with-defaults``; ``defaults(...)`` layers new defaults over these.
"""

from __future__ import annotations

from .._version import __version__
from .merge import Layered, deep_copy, owned_copy
from .options import SPECIAL_KEYS, call_options, canonical, split_route
from .parse import parse
from .prepared import CompiledRoutes
from .result import MergedOptions

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from .result import RequestOptions

BASE_DEFAULTS: dict[str, Any] = {
    "method": "GET",
    "base_url": "https://api.github.com",
    "headers": {
        "accept": "application/vnd.github.v3+json",
        "user-agent": f"restroute/{__version__}",
    },
    "media_type": {"format": "", "previews": []},
}


class Endpoint:
    """Route + parameters + layered defaults -> request options. Sends nothing.

    >>> from restroute import endpoint
    >>> options = endpoint("GET /repos/{owner}/{repo}/issues", owner="octocat",
    ...                    repo="hello-world", per_page=2)
    >>> options["method"], options["url"]
    ('get', 'https://api.github.com/repos/octocat/hello-world/issues?per_page=2')

    ``endpoint(...)`` is ``endpoint.parse(endpoint.merge(...))``; ``endpoint.defaults(...)``
    derives an endpoint whose defaults cascade over this one's.
    """

    __slots__ = ("_compiled", "_layered", "_merged_apart", "_routes")

    def __init__(self, defaults: Mapping[str, Any] = BASE_DEFAULTS) -> None:
        """Prefer ``endpoint.defaults(...)``: it merges and checks what it is given."""
        self._use(Layered(owned_copy(canonical(defaults, "Endpoint"), "Endpoint")))

    def _use(self, layered: Layered) -> None:
        self._layered = layered
        # A call's options that merge otherwise than by replacing what is below.
        self._merged_apart = SPECIAL_KEYS | layered.mapping_keys
        self._routes = CompiledRoutes(layered)
        self._compiled = self._routes.compiled

    def __call__(
        self, route: object = None, options: object = None, /, **params: object
    ) -> RequestOptions:
        """Request options for ``route`` with ``options`` and ``params`` over the defaults."""
        if type(route) is str:  # the common call, answered by its compiled route
            given = params if options is None else options if not params else None
            if type(given) is dict:  # not __class__, which an object can fake
                compiled = self._compiled.get(route)
                if compiled is not None:
                    result = compiled(given)
                else:
                    result = self._routes.warm_up(route, given)
                if result is not None:
                    return result
        call = call_options(route, options, params, "endpoint")
        return parse(self._layered.merge(call, parse_next=True))

    def merge(
        self, route: object = None, options: object = None, /, **params: object
    ) -> MergedOptions:
        """The merged options: defaults with the call's options over them, nothing expanded.

        >>> from restroute import endpoint
        >>> merged = endpoint.merge("GET /orgs/{org}/repos", org="octokit")
        >>> merged["url"], merged["org"], merged["base_url"]
        ('/orgs/{org}/repos', 'octokit', 'https://api.github.com')
        """
        if type(route) is str:  # route and parameters: merged in one pass
            given = params if options is None else options if not params else None
            if type(given) is dict and _disjoint(self._merged_apart, given):
                method, url = split_route[route]
                if url != "/graphql":
                    return self._layered.merge_parameters(method, url, given)
        call = call_options(route, options, params, "endpoint")
        return MergedOptions(self._layered.merge(call))

    parse = staticmethod(parse)

    def defaults(self, options: object = None, /, **params: object) -> Endpoint:
        """A new endpoint whose defaults are this one's with ``options`` over them.

        >>> from restroute import endpoint
        >>> ghe = endpoint.defaults(base_url="https://ghe.example.com/api/v3", per_page=100)
        >>> ghe("GET /orgs/{org}/repos", org="octokit")["url"]
        'https://ghe.example.com/api/v3/orgs/octokit/repos?per_page=100'
        """
        layer = call_options(options, None, params, "defaults")
        derived = Endpoint.__new__(Endpoint)
        derived._use(self._layered.over(layer, "defaults"))
        return derived

    @property
    def DEFAULTS(self) -> dict[str, Any]:
        """A copy of the defaults: changing it changes nothing."""
        return deep_copy(self._layered.options)  # type: ignore[no-any-return]

    def __repr__(self) -> str:
        defaults = self._layered.options
        return f"<Endpoint {defaults.get('method')} {defaults.get('base_url')}>"


def _disjoint(names: frozenset[str], given: dict[Any, Any]) -> bool:
    """Whether ``given`` names none of ``names``; False when a caller's key's own
    ``__hash__`` raises (the general path reads such a key by its type, ``honest``)."""
    try:
        return names.isdisjoint(given)
    except Exception:
        return False
