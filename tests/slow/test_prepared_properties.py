"""Properties of compiled routes: they answer as the general path does, for any values."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from restroute import EndpointError, endpoint
from restroute._core.url import dot_segment, no_dot_segment
from tests.strategies import (
    HOSTILE,
    PROPERTY,
    ROUTES,
    Call,
    calls,
    corruptions,
    derive,
    json_scalars,
    parameter_names,
    realize,
    template_variables,
)
from tests.unit.test_prepared import check_same, general_merge, in_order, route_and_given


@PROPERTY
@given(calls())
def test_compiled_routes_give_what_the_general_path_gives(call: Call) -> None:
    shape = route_and_given(call)
    if shape is not None:
        check_same(derive(call.layers), *shape)


@HOSTILE
@given(calls(max_layers=1), st.lists(corruptions, min_size=1, max_size=2))
def test_hostile_values_get_the_general_answer(
    call: Call, corrupted: list[tuple[str, object]]
) -> None:
    shape = route_and_given(call)
    if shape is not None:
        route, given_ = shape
        given_.update(realize(corrupted))
        check_same(derive(call.layers), route, given_)


@PROPERTY
@given(calls(), st.booleans())
def test_a_merge_in_one_pass_gives_what_merge_gives(call: Call, as_keywords: bool) -> None:
    shape = route_and_given(call)
    if shape is not None:
        route, given_ = shape
        base = derive(call.layers)
        expected = general_merge(base, route, copy.deepcopy(given_))
        try:
            merged = base.merge(route, **given_) if as_keywords else base.merge(route, given_)
            answer: tuple[str, Any] = ("ok", merged)
        except EndpointError as error:
            answer = ("error", str(error))
        assert answer[0] == expected[0]
        assert type(answer[1]) is type(expected[1])
        assert in_order(answer[1]) == in_order(expected[1])


@PROPERTY
@given(
    st.lists(st.sampled_from(["/", ".", "..", "%2e", "%2E", "%20", "%2F", "a", "%"]), max_size=8)
)
def test_no_dot_segment_is_never_wrong(pieces: list[str]) -> None:
    """The quick check says "none" only where dot_segment finds none."""
    url = "https://h.example/" + "".join(pieces)
    if no_dot_segment(url):
        assert dot_segment(url) == ""


@PROPERTY
@given(
    st.dictionaries(parameter_names, json_scalars, max_size=2),
    st.sampled_from(ROUTES),
    st.sampled_from(["GET", "HEAD", "POST", "PUT"]),
    st.dictionaries(parameter_names, json_scalars, max_size=2),
    st.dictionaries(
        st.sampled_from(["Content-Length", "transfer-encoding", "Accept", "x-a"]),
        st.one_of(st.sampled_from(["0", "5", "chunked", "text/plain"]), st.integers(0, 9)),
        max_size=2,
    ),
)
def test_calls_passing_headers_over_defaults_with_parameters(
    defaults: dict[str, Any],
    route: str,
    method: str,
    params: dict[str, Any],
    headers: dict[str, Any],
) -> None:
    """Every way the compiled function builds a result, with framing headers among them."""
    required, _ = template_variables(route)
    given_ = {**dict.fromkeys(required, "v"), **params, "headers": headers}
    check_same(endpoint.defaults(defaults), f"{method} {route}", given_)
    check_same(endpoint.defaults(defaults), f"{method} {route}", {**given_, "headers": {}})
