"""Which values are secrets, and how they are hidden: decided here, and only here.

Snippets, notebook displays, explanations, profiles and both explorers ask this package,
so a header is a secret everywhere or nowhere (README, "Secrets"). A secret is hidden
one of two ways: replaced by a mask, or (for a copy that must still run) written as the
``${VAR}`` environment references it was read from.

>>> redact_headers({"authorization": "token ghp_abc", "x-apikey": "k", "accept": "*/*"})
{'authorization': 'token <REDACTED>', 'x-apikey': '<REDACTED>', 'accept': '*/*'}
>>> referenced_headers({"authorization": "token ghp_abc", "x-apikey": "k"},
...                    {"authorization": "token ${GITHUB_TOKEN}"})
{'authorization': Reference('token ${GITHUB_TOKEN}'), 'x-apikey': '<REDACTED>'}
"""

from __future__ import annotations

from .. import errors as _errors
from .fields import (
    header_name,
    holds_secret,
    name_shown,
    redact_fields,
    redact_headers,
    redact_options,
)
from .fields import redacted as redacted  # a header's value as shown: the core asks it
from .fields import redacted_value as redacted_value  # an option's entry as shown
from .names import (
    REDACTED,
    REDACTED_IN_NAME,
    REDACTED_IN_URL,
    declare_secrets,
    is_secret,
    is_secret_entry,
)
from .pasted import hide_each, hides_header, masked_bodies, pasted_hiding, pasted_parts
from .references import (
    REFERENCE,
    Reference,
    environment_values,
    literal_secret,
    referenced,
    referenced_headers,
    references_only,
)
from .text import (
    credential_spans,
    hide_userinfo,
    holds_credential,
    masked,
    masked_shapes,
    masker,
    redact_url,
    secret_parts,
    sendable_url,
    unparted_shown,
)
from .toml import redact_toml
from .views import (
    DOTS,
    error_text,
    hide_in,
    hide_values,
    options_shown,
    redact_message,
    redact_repr,
    redact_route,
    redact_words,
    row_shown,
    scrub_options,
    secret_values,
    shows_dots,
    url_shown,
)

_errors.show_messages_by(error_text)  # every EndpointError's message: errors sits below
__all__ = [
    "DOTS",
    "REDACTED",
    "REDACTED_IN_NAME",
    "REDACTED_IN_URL",
    "REFERENCE",
    "Reference",
    "credential_spans",
    "declare_secrets",
    "environment_values",
    "error_text",
    "header_name",
    "hide_each",
    "hide_in",
    "hide_userinfo",
    "hide_values",
    "hides_header",
    "holds_credential",
    "holds_secret",
    "is_secret",
    "is_secret_entry",
    "literal_secret",
    "masked",
    "masked_bodies",
    "masked_shapes",
    "masker",
    "name_shown",
    "options_shown",
    "pasted_hiding",
    "pasted_parts",
    "redact_fields",
    "redact_headers",
    "redact_message",
    "redact_options",
    "redact_repr",
    "redact_route",
    "redact_toml",
    "redact_url",
    "redact_words",
    "referenced",
    "referenced_headers",
    "references_only",
    "row_shown",
    "scrub_options",
    "secret_parts",
    "secret_values",
    "sendable_url",
    "shows_dots",
    "unparted_shown",
    "url_shown",
]


_errors.guard_functions(globals(), __all__)  # every public function: one rule for all
