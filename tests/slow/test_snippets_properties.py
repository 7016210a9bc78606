"""restroute.snippets on random requests: each snippet, run by a real shell or client
against a recording server (tests/delivery/test_snippets.py: ``deliver``), sends exactly
the request, for random JSON bodies, header values and query values."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from restroute import RequestOptions, endpoint
from tests.delivery.test_snippets import deliver

# Text that has hurt copy-as tools: shell syntax, quotes, controls, separators, emoji.
_HOSTILE_ALPHABET = st.sampled_from(list("'\"$`\\!&*?~#%;|<>()[]{}@- \n\r\t\x00\x01\x1b\x7f"))
_hostile_text = st.text(
    alphabet=st.one_of(_HOSTILE_ALPHABET, st.characters(codec="utf-8")), max_size=40
)
_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | _hostile_text,
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(_hostile_text, children, max_size=4),
    max_leaves=12,
)  # fmt: skip
_header_values = st.text(
    alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E) | st.just("\t"), max_size=30
).map(str.strip)


@settings(max_examples=80, deadline=None, database=None)
@given(
    body=_json_values,
    header=_header_values,
    query=_hostile_text,
    runner=st.sampled_from(["bash", "dash", "requests", "httpx"]),
)
def test_random_requests_are_delivered_exactly(
    body: object, header: str, query: str, runner: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """For random JSON bodies, header values and query values, the snippet is exact."""
    cwd = tmp_path_factory.mktemp("run")

    def make(base_url: str) -> RequestOptions:
        return endpoint(
            "POST /x{?q}", q=query, data=body, headers={"x-value": header}, base_url=base_url
        )

    assert deliver(runner, make, cwd) == []
