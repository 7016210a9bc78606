"""Reading a request back: a pasted URL, a curl, HTTPie or ``gh api`` command, an Octokit
call, a requests or httpx script, an HTTP message or request options as JSON -> method,
URL, headers, body.

The other way round from the library: people meet requests as a URL in a browser or a
curl command in GitHub's docs, and want the request it describes. ``read_request``
reads the text, before any catalog, and never runs or opens anything: a ``@file`` body,
``$VAR``, ``$(...)`` and backticks are named in a warning, never expanded; an option it
does not know is named too, never dropped in silence.

>>> request = read_request('curl -X POST -H "Accept: application/vnd.github+json" '
...                        'https://api.github.com/repos/o/r/issues -d \\'{"title":"t"}\\'')
>>> request.method, request.url, request.body
('POST', 'https://api.github.com/repos/o/r/issues', '{"title":"t"}')
>>> request.headers  # -d sends curl's form content-type, as GitHub's docs' examples do
{'accept': 'application/vnd.github+json', 'content-type': 'application/x-www-form-urlencoded'}
"""

from ._read import looks_like_request, read_request, read_route
from ._request import ReadRequest

__all__ = ["ReadRequest", "looks_like_request", "read_request", "read_route"]
