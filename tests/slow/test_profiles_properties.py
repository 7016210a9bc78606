"""Properties of profiles: what tomllib reads is written back equal; literal secrets left out."""

from __future__ import annotations

import re
import tomllib
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from restroute.profiles import (
    dump_profile,
)
from restroute.redact import holds_credential
from restroute.snippets import is_secret
from tests.unit.test_profiles import (
    _DOCUMENTS,
    _HEADER_NAMES,
    _HEADER_VALUES,
    _PLAIN_HEADERS,
    _REFERENCE,
    _WRITTEN,
    PROPERTY,
    _same,
)


@PROPERTY
@given(_DOCUMENTS, st.none() | _PLAIN_HEADERS)
def test_what_tomllib_reads_is_written_back_equal(
    document: dict[str, Any], headers: dict[str, Any] | None
) -> None:
    """Any TOML-able document (no secret headers) is written as text tomllib reads back equal."""
    if headers is not None:
        document = {**document, "headers": headers}

    text = dump_profile(document)

    assert _same(document, tomllib.loads(text)), text


@PROPERTY
@given(_DOCUMENTS, st.dictionaries(_HEADER_NAMES, _HEADER_VALUES, max_size=6))
def test_only_literal_secret_headers_are_left_out(
    document: dict[str, Any], headers: dict[str, Any]
) -> None:
    """Every header is written back except a secret that is not a ${VAR} string (beside
    its references, a scheme word and separators), and, under any name, a text that holds
    a credential by its shape (redact's rule: "Bearer a${K}", "BEARER 0"); each one left
    out has its comment line."""
    kept = {
        name: value
        for name, value in headers.items()
        if (
            not is_secret(name)
            or (
                isinstance(value, str)
                and re.search(_REFERENCE, value)
                and _WRITTEN.fullmatch(value)
            )
        )
        and not holds_credential(value)
        and not holds_credential(name)
    }

    text = dump_profile({**document, "headers": headers})

    assert _same({**document, "headers": kept}, tomllib.loads(text)), text
    notes = [line for line in text.splitlines() if line.startswith("# headers.")]
    assert len(notes) == len(headers) - len(kept)
