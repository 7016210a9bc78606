"""Properties of the readers: any text, any Octokit call, reads or is one EndpointError."""

from __future__ import annotations

import contextlib

from hypothesis import given
from hypothesis import strategies as st

from restroute import EndpointError
from restroute.reader import read_request


@given(st.text(max_size=200))
def test_any_text_reads_or_is_an_endpoint_error(text: str) -> None:
    """Never a traceback of another kind, whatever is pasted."""
    with contextlib.suppress(EndpointError):
        read_request(text)


@given(st.text(max_size=200))
def test_any_octokit_call_reads_or_is_an_endpoint_error(text: str) -> None:
    with contextlib.suppress(EndpointError):
        read_request(f"octokit.request({text}")
