"""``Endpoint``: a callable carrying layered defaults, with merge, parse and defaults."""

from __future__ import annotations

from collections.abc import Mapping

from . import _media_type
from ._http import checked_headers
from ._merge import ATOMS, copier, deep_copy, merge_deep, merge_headers
from ._options import call_options, canonical
from ._parse import parse
from ._result import MergedOptions
from ._version import __version__

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from ._result import RequestOptions

BASE_DEFAULTS: dict[str, Any] = {
    "method": "GET",
    "base_url": "https://api.github.com",
    "headers": {
        "accept": "application/vnd.github.v3+json",
        "user-agent": f"restroute/{__version__}",
    },
    "media_type": {"format": "", "previews": []},
}
# Copied by merge() for its caller; endpoint() only reads them, so it shares them.
_READ_ONLY_IN_PARSE = frozenset({"headers", "media_type"})


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

    __slots__ = ("_copy_always", "_copy_for_merge", "_defaults", "_mappings")

    def __init__(self, defaults: Mapping[str, Any] = BASE_DEFAULTS) -> None:
        """Prefer ``endpoint.defaults(...)``: it merges and checks what it is given."""
        self._defaults: dict[str, Any] = deep_copy(canonical(defaults, "Endpoint"))
        copiers = [
            (key, copier(value))
            for key, value in self._defaults.items()
            if value.__class__ not in ATOMS
        ]
        self._copy_for_merge = tuple(copiers)
        self._copy_always = tuple(c for c in copiers if c[0] not in _READ_ONLY_IN_PARSE)
        # Keys a call's mapping merges into rather than replaces.
        self._mappings = tuple(
            key for key, value in self._defaults.items() if isinstance(value, Mapping)
        )

    def __call__(
        self, route: object = None, options: object = None, /, **params: object
    ) -> RequestOptions:
        """Request options for ``route`` with ``options`` and ``params`` over the defaults."""
        return parse(self._merge(route, options, params, self._copy_always))

    def merge(
        self, route: object = None, options: object = None, /, **params: object
    ) -> MergedOptions:
        """The merged options: defaults with the call's options over them, nothing expanded.

        >>> from restroute import endpoint
        >>> merged = endpoint.merge("GET /orgs/{org}/repos", org="octokit")
        >>> merged["url"], merged["org"], merged["base_url"]
        ('/orgs/{org}/repos', 'octokit', 'https://api.github.com')
        """
        return MergedOptions(self._merge(route, options, params, self._copy_for_merge))

    parse = staticmethod(parse)

    def defaults(self, options: object = None, /, **params: object) -> Endpoint:
        """A new endpoint whose defaults are this one's with ``options`` over them.

        >>> from restroute import endpoint
        >>> ghe = endpoint.defaults(base_url="https://ghe.example.com/api/v3", per_page=100)
        >>> ghe("GET /orgs/{org}/repos", org="octokit")["url"]
        'https://ghe.example.com/api/v3/orgs/octokit/repos?per_page=100'
        """
        merged = self._merge(options, None, params, self._copy_for_merge, "defaults")
        checked_headers(merged.get("headers") or {}, "defaults")  # fail now, not at a call
        return Endpoint(merged)

    @property
    def DEFAULTS(self) -> dict[str, Any]:
        """A copy of the defaults: changing it changes nothing."""
        return deep_copy(self._defaults)  # type: ignore[no-any-return]

    def __repr__(self) -> str:
        method, base_url = self._defaults.get("method"), self._defaults.get("base_url")
        return f"<Endpoint {method} {base_url}>"

    def _merge(
        self,
        route: object,
        options: object,
        params: Mapping[str, object],
        copies: tuple[tuple[str, Callable[[Any], Any]], ...],
        where: str = "endpoint",
    ) -> dict[str, Any]:
        call = call_options(route, options, params, where)
        merged = self._defaults.copy()
        for key, copy in copies:
            merged[key] = copy(merged[key])
        for key in self._mappings:  # call is our own new dict: merge into it, then over all
            if key in call and isinstance(call[key], Mapping):
                merge = merge_headers if key == "headers" else merge_deep
                call[key] = merge(merged[key], call[key])
        if "headers" in call and "headers" not in self._mappings:
            call["headers"] = merge_headers({}, call["headers"])
        merged.update(call)
        if call.get("url") == "/graphql":
            media_type = merged.get("media_type") or {}
            previews = _media_type.merge_previews(
                (self._defaults.get("media_type") or {}).get("previews", []),
                media_type.get("previews", []),
            )
            merged["media_type"] = {**media_type, "previews": previews}
        return merged
