"""Request options -> text a person can paste: JSON, a curl command, a Python script.

Every snippet sends exactly the request the options describe: the same method, the
request target byte for byte, each header once with its value, and the body bytes of
:func:`restroute.body_bytes`, framed by an exact content-length. The curl command is
safe in POSIX shells (sh, bash, zsh, dash) and when pasted into an interactive bash:
it uses single quotes only, never reads a local file, and pipes through ``printf``
what no shell word can hold.

Secrets are shown, redacted (``redact=True``), or written as the environment variables
they are read from (``env={"authorization": "token ${GITHUB_TOKEN}"}``), so that a copy
can be shared and still run: the command then reads ``"${GITHUB_TOKEN:?}"``, the only
double-quoted words it has, and the script ``os.environ["GITHUB_TOKEN"]``. A redacted
copy sends ``<REDACTED>`` where each secret was (``%3CREDACTED%3E`` in its URL), in a
body of bytes too, binary or not: it shows the request's shape, and does not send the
secret it hides.

>>> from restroute import endpoint
>>> options = endpoint("POST /repos/{owner}/{repo}/issues", owner="octocat",
...                    repo="hello-world", title="Found a bug")
>>> print(to_curl(options))
curl \\
  -X POST \\
  -H 'accept: application/vnd.github.v3+json' \\
  -H 'user-agent: restroute/0.1.0' \\
  -H 'content-type: application/json; charset=utf-8' \\
  --data-raw '{"title":"Found a bug"}' \\
  https://api.github.com/repos/octocat/hello-world/issues
"""

from ..redact import is_secret, redact_headers
from ._curl import to_curl
from ._json import to_json
from ._python import to_python

__all__ = ["is_secret", "redact_headers", "to_curl", "to_json", "to_python"]
