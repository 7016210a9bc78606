"""How request options and explanations show in a notebook: HTML, plain text and JSON.

``RequestOptions`` and ``Explanation`` display themselves through these functions, with
secrets redacted (notebooks get shared); ``NotebookView(obj, redact=False)`` is the
switch that shows them. Nothing here imports a notebook package: a display bundle is a
dict of strings, and IPython does the rest.

A value too large, binary or deep to show (a release asset's bytes) shows as a summary
line (``summary``); so do the snippets of its request, which would hold it whole.

>>> from restroute import endpoint
>>> options = endpoint("GET /user", headers={"authorization": "token ghp_1"})
>>> print(options_text(options))
GET https://api.github.com/user
accept: application/vnd.github.v3+json
user-agent: restroute/...
authorization: token <REDACTED>
"""

from ..errors import guard_functions
from ._bundle import VIEWS as VIEWS
from ._bundle import (
    NotebookView,
    bundle,
    explanation_bundle,
    json_bundle,
    merged_bundle,
    options_bundle,
)
from ._explanation import cascade_html, cascade_text, rows_html
from ._explanation import explanation_html as explanation_html
from ._explanation import explanation_text as explanation_text
from ._options import CSS as CSS
from ._options import STYLE as STYLE
from ._options import merged_html, merged_text, options_html, options_text
from ._summary import DEPTH as DEPTH
from ._summary import LIMIT as LIMIT
from ._summary import cut_lines, summary

__all__ = [
    "NotebookView",
    "bundle",
    "cascade_html",
    "cascade_text",
    "cut_lines",
    "explanation_bundle",
    "json_bundle",
    "merged_bundle",
    "merged_html",
    "merged_text",
    "options_bundle",
    "options_html",
    "options_text",
    "rows_html",
    "summary",
]

guard_functions(globals(), __all__)  # only EndpointError leaves: one rule for all
