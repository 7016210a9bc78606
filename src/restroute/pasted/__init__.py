"""What a pasted request became, shown: as text, as one JSON object, and as the
``restroute build`` command that makes it again. ``restroute import`` prints these, and
the explorer and the notebook show the same parts.

Secrets are hidden unless asked for, as ``restroute.redact`` decides: a pasted curl
usually carries a token, and what is shown is often shared. What is shown goes to a
terminal, so no character of the paste is printed that a terminal would obey.
"""

from ._build import build_command
from ._parameters import rows
from ._secrets import hidden, redact_text
from ._text import as_json, as_text, json_text, printable

__all__ = [
    "as_json",
    "as_text",
    "build_command",
    "hidden",
    "json_text",
    "printable",
    "redact_text",
    "rows",
]
