"""An exploration session, and the one view of it that both explorers render.

The terminal explorer and the notebook widget each hold one ``Session``. After each edit
they ask it for a ``View``: the status line, the merged and parsed options, the
explanation's rows, every snippet and the warnings, with redaction already applied.
Neither builds a request, formats a snippet or decides what is secret.

Snippets show secrets one of three ways (``secrets=``): ``"redact"`` (a mask),
``"reveal"`` (the values) or ``"env"`` (the ``${VAR}`` a layer read each from, so that a
copy can be shared and still run; a secret no variable holds stays masked).

>>> session = Session("GET /repos/{owner}/{repo}/issues")
>>> session.rows = [("owner", "octocat"), ("repo", "hello-world"), ("per_page", "2")]
>>> session.view().status.text
'GET https://api.github.com/repos/octocat/hello-world/issues?per_page=2'
"""

from .._rows import VALUE_HINT, parse_value
from ..rules import MAX_NESTING
from ..rules import MAX_PASTED_ROWS as MAX_PASTED_ROWS
from ._edits import UNDO_STEPS as UNDO_STEPS
from ._edits import _Step as _Step
from ._layers import CATALOG as CATALOG
from ._layers import PASTED as PASTED
from ._layers import SESSION as SESSION
from ._layers import Layer
from ._layers import _canonical_name as _canonical_name
from ._layers import _form_text as _form_text
from ._layers import _hidden as _hidden
from ._layers import _keeping_hidden as _keeping_hidden
from ._layers import _marked as _marked
from ._layers import _option as _option
from ._layers import _written as _written
from ._request import _too_deep_error as _too_deep_error
from ._secrecy import _MODES as _MODES
from ._secrecy import SECRETS, Secrets
from ._secrecy import _secrets as _secrets
from ._session import Session
from ._session import _catalog_class as _catalog_class
from ._view import FORMATS, Status, View
from ._view import NO_SNIPPET as NO_SNIPPET
from ._view import _problems as _problems
from ._view import _status as _status

__all__ = [
    "FORMATS",
    "MAX_NESTING",
    "SECRETS",
    "VALUE_HINT",
    "Layer",
    "Secrets",
    "Session",
    "Status",
    "View",
    "parse_value",
]
