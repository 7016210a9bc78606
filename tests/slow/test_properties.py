"""Properties of endpoint, merge, parse, defaults and body_bytes, over generated input.

The strategies live in tests/strategies.py: ``calls()`` draws valid calls in every call
shape against layered defaults, the ``hostile_*`` strategies draw anything at all.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from hypothesis import given
from hypothesis import strategies as st

from restroute import Endpoint, EndpointError, body_bytes, endpoint
from tests.strategies import (
    HOSTILE,
    JSON_CONTENT_TYPE,
    NOT_PARAMETERS,
    PROPERTY,
    TOKEN,
    Call,
    calls,
    corruptions,
    derive,
    garbage,
    hostile_kwargs,
    hostile_merged,
    hostile_options,
    hostile_routes,
    json_values,
    query_calls,
    realize,
    safe_text,
    template_variables,
)

Outcome = tuple[str, Any]


def outcome(call: Callable[[], Any]) -> Outcome:
    """("ok", the value) or (the EndpointError's type name, its message)."""
    try:
        return "ok", call()
    except EndpointError as error:
        return type(error).__name__, str(error)


def attempt(call: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
    """The call's value, or None when it raises EndpointError; anything else propagates."""
    try:
        return call(*args, **kwargs)
    except EndpointError:
        return None


def mutate(value: object) -> None:
    """Change every dict and list reachable from ``value``: new keys, changed text, appends."""
    containers: list[dict[Any, Any] | list[Any]] = []
    seen: set[int] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        if isinstance(item, dict):
            seen.add(id(item))
            containers.append(item)
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            seen.add(id(item))
            if isinstance(item, list):
                containers.append(item)
            stack.extend(item)
    for container in containers:
        if isinstance(container, dict):
            for key, item in list(container.items()):
                if isinstance(item, str):
                    container[key] = item + "-mutated"
            container["mutated-key"] = ["mutated"]
        else:
            container.append("mutated")


def url_path(url: str) -> str:
    """The path of an absolute URL: after the authority, before any query or fragment."""
    after_scheme = url.partition("://")[2]
    authority = re.match(r"[^/?#]*", after_scheme)
    path = after_scheme[authority.end() :] if authority else after_scheme
    return re.split(r"[?#]", path, maxsplit=1)[0]


def check_headers(result: dict[str, Any]) -> None:
    """Property 4: lowercase token names, str values."""
    for name, value in result["headers"].items():
        assert isinstance(name, str)
        assert name == name.lower(), name
        assert TOKEN.fullmatch(name), name
        assert isinstance(value, str), (name, value)


def check_url(result: dict[str, Any]) -> None:
    """Property 5: absolute http(s), no whitespace, no dot segments in the path."""
    url = result["url"]
    assert isinstance(url, str)
    assert url[:8].lower().startswith(("https://", "http://")), url
    assert not any(c.isspace() for c in url), url
    for segment in url_path(url).split("/"):
        assert segment.lower().replace("%2e", ".") not in (".", ".."), url


def check_result(result: dict[str, Any]) -> None:
    """Properties 4 and 5, and a body that body_bytes can always send."""
    check_headers(result)
    check_url(result)
    if "body" in result:
        assert isinstance(body_bytes(result), bytes)


@PROPERTY
@given(calls())
def test_endpoint_is_parse_of_merge(call: Call) -> None:
    """endpoint(...) gives what parse(merge(...)) gives, or raises the same EndpointError."""
    layers, args, kwargs = call.fresh()
    derived = derive(layers)
    again_args, again_kwargs = copy.deepcopy((args, kwargs))
    via_merge = outcome(lambda: derived.parse(derived.merge(*again_args, **again_kwargs)))
    assert outcome(lambda: derived(*args, **kwargs)) == via_merge


@PROPERTY
@given(calls(defaults=True))
def test_inputs_are_not_mutated(call: Call) -> None:
    """Endpoint, merge, parse and defaults leave every argument as it was."""
    layers, args, kwargs = call.fresh()
    before = copy.deepcopy((layers, args, kwargs))
    derived = endpoint
    for layer in layers:
        derived = derived.defaults(layer)
    assert layers == before[0], "defaults() changed its argument"
    attempt(derived, *args, **kwargs)
    assert (args, kwargs) == before[1:], "endpoint() changed its arguments"
    merged = attempt(derived.merge, *args, **kwargs)
    assert (args, kwargs) == before[1:], "merge() changed its arguments"
    if merged is not None:
        merged_before = copy.deepcopy(merged)
        attempt(derived.parse, merged)
        assert merged == merged_before, "parse() changed its argument"


@PROPERTY
@given(calls(defaults=True))
def test_results_do_not_alias_defaults(call: Call) -> None:
    """Mutating a result, a merge result or DEFAULTS never changes a later identical call."""
    layers, args, kwargs = call.fresh()
    derived = derive(layers, Endpoint())  # a private base: a failure must not leak

    def call_again() -> Outcome:
        again_args, again_kwargs = copy.deepcopy((args, kwargs))
        return outcome(lambda: derived(*again_args, **again_kwargs))

    def merge_again() -> Outcome:
        again_args, again_kwargs = copy.deepcopy((args, kwargs))
        return outcome(lambda: derived.merge(*again_args, **again_kwargs))

    defaults = derived.DEFAULTS
    result = call_again()
    expected_result = copy.deepcopy(result)
    mutate(result[1])
    assert call_again() == expected_result, "a result aliases the defaults"
    merged = merge_again()
    expected_merged = copy.deepcopy(merged)
    mutate(merged[1])
    assert merge_again() == expected_merged, "a merge result aliases the defaults"
    assert call_again() == expected_result, "a merge result aliases the defaults"
    mutate(derived.DEFAULTS)
    assert defaults == derived.DEFAULTS, "DEFAULTS aliases the defaults"
    assert call_again() == expected_result, "DEFAULTS aliases the defaults"


@PROPERTY
@given(calls())
def test_header_names_are_lowercase_tokens(call: Call) -> None:
    """Every result header name is a lowercase RFC 9110 token with a str value."""
    layers, args, kwargs = call.fresh()
    result = attempt(derive(layers), *args, **kwargs)
    if result is not None:
        check_headers(result)


@PROPERTY
@given(calls())
def test_url_is_absolute_and_clean(call: Call) -> None:
    """The result url is absolute http(s), has no whitespace and no dot segments."""
    layers, args, kwargs = call.fresh()
    result = attempt(derive(layers), *args, **kwargs)
    if result is not None:
        check_url(result)


@PROPERTY
@given(calls())
def test_body_rules(call: Call) -> None:
    """GET/HEAD have no body, PATCH/PUT always have one, and a body gets the JSON type."""
    layers, args, kwargs = call.fresh()
    derived = derive(layers)
    merged = attempt(derived.merge, *args, **kwargs)
    result = None if merged is None else attempt(derived.parse, merged)
    if result is None:
        return
    method = result["method"]
    if method in ("get", "head"):
        assert "body" not in result
    if method in ("put", "patch"):
        assert "body" in result
    caller_gave_type = merged["headers"].get("content-type") is not None
    if "body" in result and not caller_gave_type:
        required, optional = template_variables(merged["url"])
        parameters = set(merged) - NOT_PARAMETERS - set(required) - set(optional)
        if parameters:
            assert result["headers"]["content-type"] == JSON_CONTENT_TYPE
        else:  # the reference's empty PUT/PATCH body: content-length 0, no content-type
            assert method in ("put", "patch")
            assert result["body"] == ""
            assert "content-type" not in result["headers"]


@PROPERTY
@given(
    calls(),
    st.one_of(st.none(), st.binary(max_size=16), safe_text, json_values),
    st.booleans(),
)
def test_body_bytes_rule(call: Call, data: object, with_data: bool) -> None:
    """body_bytes gives bytes as they are, str as UTF-8, anything else as canonical JSON."""
    layers, args, kwargs = call.fresh()
    if with_data:
        kwargs["data"] = data
    result = attempt(derive(layers), *args, **kwargs)
    if result is None or "body" not in result:
        return
    body = result["body"]
    if isinstance(body, bytes):
        expected = body
    elif isinstance(body, str):
        expected = body.encode()
    else:
        text = json.dumps(body, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        expected = text.encode()
    assert body_bytes(result) == expected


@HOSTILE
@given(hostile_routes, st.one_of(st.none(), hostile_options(), garbage), hostile_kwargs)
def test_garbage_in_endpoint_merge_defaults(
    route: object, options: object, kwargs: dict[str, object]
) -> None:
    """Hostile input to endpoint, merge and defaults either works or raises EndpointError."""
    route, options, kwargs = realize((route, options, kwargs))
    result = attempt(endpoint, route, options, **kwargs)
    if result is not None:
        check_result(result)
    merged = attempt(endpoint.merge, route, options, **kwargs)
    if merged is not None:
        parsed = attempt(endpoint.parse, merged)
        if parsed is not None:
            check_result(parsed)
    for given_defaults in (route, options):
        derived = attempt(endpoint.defaults, given_defaults, **kwargs)
        if derived is not None:
            for result in (
                attempt(derived, "GET /repos/{owner}/{repo}", owner="o", repo="r"),
                attempt(derived, "POST /repos/{owner}/{repo}/issues", owner="o", repo="r", t=1),
                attempt(derived, route, options, **kwargs),
            ):
                if result is not None:
                    check_result(result)


@HOSTILE
@given(calls(max_layers=1), st.lists(corruptions, min_size=1, max_size=2))
def test_garbage_in_a_valid_call(call: Call, corrupted: list[tuple[str, object]]) -> None:
    """A valid call with hostile values put in it either works or raises EndpointError."""
    layers, args, kwargs = call.fresh()
    derived = derive(layers)
    kwargs.update(realize(corrupted))
    result = attempt(derived, *args, **kwargs)
    if result is not None:
        check_result(result)
    with_defaults = attempt(derived.defaults, kwargs)
    if with_defaults is not None:
        result = attempt(with_defaults, *args)
        if result is not None:
            check_result(result)


@HOSTILE
@given(calls(max_layers=1), st.lists(corruptions, min_size=1, max_size=2))
def test_garbage_in_a_merge_result(call: Call, corrupted: list[tuple[str, object]]) -> None:
    """Parse of a merge result with hostile values put in it works or raises EndpointError."""
    layers, args, kwargs = call.fresh()
    merged = attempt(derive(layers).merge, *args, **kwargs)
    if merged is not None:
        merged.update(realize(corrupted))
        result = attempt(endpoint.parse, merged)
        if result is not None:
            check_result(result)


@HOSTILE
@given(hostile_merged())
def test_garbage_in_parse(merged: dict[object, object]) -> None:
    """Parse of a hostile merged dict either works or raises EndpointError."""
    merged = realize(merged)
    result = attempt(endpoint.parse, merged)
    if result is not None:
        check_result(result)


@PROPERTY
@given(query_calls())
def test_query_round_trip(query_call: tuple[str, dict[str, str], list[tuple[str, str]]]) -> None:
    """The query string of a GET decodes back to exactly its string parameters, in order."""
    route, kwargs, expected = query_call
    query = urlsplit(endpoint(route, **kwargs)["url"]).query
    assert "+" not in query  # "+" in values is %2B, so parse_qsl's + -> space cannot bite
    assert parse_qsl(query, keep_blank_values=True) == expected
