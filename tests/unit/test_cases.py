"""The reference implementation's own test cases (and the behaviours it documents), as data.

Each case in tests/cases/*.json was run through @octokit/endpoint 9.0.4; where restroute's
contract differs, the case records octokit's output and why (see the "octokit"/"why" keys).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

import restroute
from restroute import Endpoint, endpoint
from tests.conftest import load_cases

ENDPOINT_CASES = load_cases("endpoint")
MERGE_CASES = load_cases("merge")
PARSE_CASES = load_cases("parse")


def derived(case: dict[str, Any]) -> Endpoint:
    base = endpoint
    for layer in case.get("defaults", []):
        base = base.defaults(layer)
    return base


def check(case: dict[str, Any], call: Any, *args: Any) -> None:
    before = copy.deepcopy(args)
    if "error" in case:
        error = getattr(restroute, case["error"])
        with pytest.raises(error) as raised:
            call(*args)
        assert type(raised.value) is error
        for text in case.get("message_contains", []):
            assert text in str(raised.value)
    else:
        assert call(*args) == case["expected"]
    assert args == before, "the call changed its input"


@pytest.mark.parametrize("case", ENDPOINT_CASES, ids=[c["id"] for c in ENDPOINT_CASES])
def test_endpoint_case(case: dict[str, Any]) -> None:
    """endpoint(...) gives the reference's result, or the contract's where it differs."""
    check(case, derived(case), *case["args"])


@pytest.mark.parametrize("case", ENDPOINT_CASES, ids=[c["id"] for c in ENDPOINT_CASES])
def test_endpoint_is_parse_of_merge(case: dict[str, Any]) -> None:
    """endpoint(x) == parse(merge(x)) for every case, errors included."""
    base = derived(case)
    try:
        merged = base.merge(*case["args"])
    except restroute.EndpointError as error:
        with pytest.raises(type(error)):
            base(*case["args"])
        return
    check(case, lambda: base.parse(merged))


@pytest.mark.parametrize("case", MERGE_CASES, ids=[c["id"] for c in MERGE_CASES])
def test_merge_case(case: dict[str, Any]) -> None:
    """merge(...) gives the merged options, canonical names, nothing expanded."""
    check(case, derived(case).merge, *case["args"])


@pytest.mark.parametrize("case", PARSE_CASES, ids=[c["id"] for c in PARSE_CASES])
def test_parse_case(case: dict[str, Any]) -> None:
    """parse(merged) gives the result dict."""
    check(case, endpoint.parse, case["merged"])
