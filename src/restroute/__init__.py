"""restroute: turn REST routes into plain request options, and see how it happens.

>>> from restroute import endpoint
>>> endpoint("POST /repos/{owner}/{repo}/issues", owner="octocat", repo="hello-world",
...          title="Found a bug")["body"]
{'title': 'Found a bug'}
"""

from ._core.endpoint import Endpoint
from ._core.explain import Entry, Explanation, explain
from ._core.result import RequestOptions
from ._core.wire import body_bytes
from ._version import __version__
from .errors import EndpointError, MissingParameterError

endpoint = Endpoint()
"""The base endpoint: api.github.com, GitHub's v3 media type, restroute's user-agent."""

__all__ = [
    "Endpoint",
    "EndpointError",
    "Entry",
    "Explanation",
    "MissingParameterError",
    "RequestOptions",
    "__version__",
    "body_bytes",
    "endpoint",
    "explain",
]
