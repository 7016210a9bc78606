"""restroute.body_bytes: the one rule that turns a body into the bytes sent."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import strategies as st

from restroute import EndpointError, body_bytes, endpoint


def test_readme_example() -> None:
    """The README hands requests and httpx exactly these bytes."""
    options = endpoint("POST /repos/{owner}/{repo}/issues", owner="o", repo="r", title="Bug")

    assert body_bytes(options) == b'{"title":"Bug"}'


@pytest.mark.parametrize(
    ("body", "sent"),
    [
        (b"\x00\xff", b"\x00\xff"),
        (bytearray(b"ab"), b"ab"),
        (memoryview(b"ab"), b"ab"),
        ("", b""),
        ("café", b"caf\xc3\xa9"),
        (None, b"null"),
        (True, b"true"),
        (1.0, b"1.0"),
        ([1, "a", None], b'[1,"a",null]'),
        ({"a": {"b": []}}, b'{"a":{"b":[]}}'),
        # Like JSON.stringify: no ASCII escaping, U+2028 raw, control characters as \u00XX.
        ({"t": 'é\u2028\x7f\x01\n"\\'}, '{"t":"é\u2028\x7f\\u0001\\n\\"\\\\"}'.encode()),
        ((1, 2), b"[1,2]"),
        ({1: "a"}, b'{"1":"a"}'),
    ],
)
def test_body_rules(body: object, sent: bytes) -> None:
    """bytes as they are, str as UTF-8, anything else as compact JSON."""
    assert body_bytes({"body": body}) == sent


def test_no_body() -> None:
    """No body key: nothing to send."""
    assert body_bytes({"method": "get", "url": "https://h/", "headers": {}}) is None


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            {"a": object},
            "the body cannot become JSON: Object of type type is not JSON serializable; pass "
            "str, int, float, bool, None, lists and dicts with string keys, or bytes/str as data",
        ),
        (
            "\ud83d",
            "the body contains a lone surrogate (U+D83D), which has no UTF-8 form; "
            "pass valid text",
        ),
        (
            ["\udfff"],
            "the body contains a lone surrogate (U+DFFF), which has no UTF-8 form; "
            "pass valid text",
        ),
    ],
)
def test_bodies_without_bytes(body: object, message: str) -> None:
    """A body with no byte form is an EndpointError naming why."""
    with pytest.raises(EndpointError) as raised:
        body_bytes({"body": body})

    assert str(raised.value) == message


def test_non_finite_numbers_have_no_json() -> None:
    """NaN and infinities are not JSON; the message keeps json's reason."""
    for number in (float("nan"), float("inf"), -float("inf")):
        with pytest.raises(EndpointError) as raised:
            body_bytes({"body": [number]})

        message = str(raised.value)
        assert message.startswith("the body cannot become JSON: Out of range float values")
        assert message.endswith("; pass str, int, float, bool, None, lists and dicts with "
                                "string keys, or bytes/str as data")  # fmt: skip


json_values: st.SearchStrategy[Any] = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: st.lists(children) | st.dictionaries(st.text(), children),
    max_leaves=20,
)  # fmt: skip


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({1: "a", "1": "b"}, "the keys 1 and '1', which JSON writes as the same key '1'"),
        ({"x": [{"null": 1, None: 2}]}, "the keys 'null' and None, which JSON writes as the same"),
        ({"true": 1, True: 2}, "the keys 'true' and True, which JSON writes as the same key"),
        ({2.5: 1, "2.5": 2}, "the keys 2.5 and '2.5', which JSON writes as the same key '2.5'"),
    ],
    ids=["int", "None, nested", "True", "float"],
)
def test_keys_json_writes_alike_are_refused(body: Any, message: str) -> None:
    """JSON with a key twice is read differently by each server: such a body is refused."""
    with pytest.raises(EndpointError, match=re.escape(message)):
        body_bytes({"body": body})
    with pytest.raises(EndpointError, match=re.escape(message)):
        endpoint("POST /x", data=body)


def test_options_that_are_no_mapping_are_an_endpoint_error() -> None:
    with pytest.raises(EndpointError, match="request options"):
        body_bytes(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "body",
    [{"t": "\ud800"}, {"\ud800": 1}, ["\ud800"], {"a": ["\ud800"]}, [["x", "\ud800"]], "\ud800"],
)
def test_parse_refuses_a_lone_surrogate_anywhere_in_a_body(body: object) -> None:
    """The quick check of a body reads every key, value and item, however nested."""
    with pytest.raises(EndpointError, match=r"lone surrogate \(U\+D800\)"):
        endpoint("POST /x", data=body)


def test_parse_takes_text_beyond_ascii_anywhere_in_a_body() -> None:
    body = {"t": "café", "é": ["ü", ["ß"]], "n": [1, 2.5, True, None]}
    assert endpoint("POST /x", data=body)["body"] == body
    assert (
        body_bytes({"body": body}) == '{"t":"café","é":["ü",["ß"]],"n":[1,2.5,true,null]}'.encode()
    )
