"""Properties of the RFC 6570 expander: it matches uritemplate; simple expansions round-trip."""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from uritemplate import URITemplate

from restroute import MissingParameterError
from tests.unit.test_template import PCT_ENCODED, expand, templates_and_values


@settings(max_examples=300, deadline=None)
@given(templates_and_values())
def test_matches_uritemplate(case: tuple[str, dict[str, Any], list[str]]) -> None:
    """Restroute and uritemplate agree on strings and lists, where uritemplate follows the RFC."""
    template, variables, undefined = case
    if undefined:
        with pytest.raises(MissingParameterError) as raised:
            expand(template, variables)
        assert raised.value.names == tuple(undefined)
    else:
        assert expand(template, variables) == URITemplate(template).expand(variables)


@settings(max_examples=300, deadline=None)
@given(st.text(st.characters(exclude_categories=["Cs"])))
def test_simple_expansion_round_trips(value: str) -> None:
    """A simple expansion holds only unreserved characters and %XX, and decodes to the value."""
    expanded = expand("{v}", {"v": value})
    assert PCT_ENCODED.fullmatch(expanded)
    assert unquote(expanded, errors="strict") == value
