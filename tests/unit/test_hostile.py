"""Hostile input across modules: values nested past the recursion limit, ints past the
digit limit, names that are not text. Every public function returns, or raises
EndpointError; a display never raises."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from restroute import EndpointError, catalog
from restroute._rows import nest, parse_value, value_text
from restroute.display import bundle
from restroute.profiles import dump_profile

DEEP = 100_000  # levels: far past sys.getrecursionlimit()


def _deep() -> list[Any]:
    value: list[Any] = []
    for _ in range(DEEP - 1):
        value = [value]
    return value


def test_text_parse_value_keeps_is_typed_back_as_it_is() -> None:
    """value_text is parse_value's inverse for text JSON cannot be read from: the text a
    form showed comes back unchanged, rather than raising RecursionError."""
    for text in ("[" * DEEP, "[" * 3000 + "]" * 3000, "1" * 5000):
        assert value_text(text) == text
        assert parse_value(value_text(text)) == text


def test_a_name_that_is_not_text_is_an_endpoint_error() -> None:
    """nest names a row that is not text, rather than failing on str methods."""
    with pytest.raises(EndpointError) as caught:
        nest([("owner", "o"), (("data", "x"), 1)])  # type: ignore[list-item]

    assert (
        str(caught.value) == "the name ('data', 'x') is not a str; give each value a name of text"
    )


def test_an_int_past_the_digit_limit_goes_through_every_path() -> None:
    """10**5000: a check warns, a display shows the rest, a profile refuses it."""
    huge = 10**5000
    digits = sys.get_int_max_str_digits()

    warnings = catalog.check("GET /user/repos", {"per_page": huge})
    shown = bundle({"method": "POST", "url": "https://h/x", "body": {"n": huge}})
    with pytest.raises(EndpointError) as caught:
        dump_profile({"per_page": huge})

    assert warnings == [
        f"repos/list-for-authenticated-user: per_page is an int of more than {digits} digits, "
        "which endpoint() cannot write; pass it as a str"
    ]
    assert shown["text/plain"] == "POST https://h/x\n\n<dict object>"
    assert str(caught.value) == (
        f"profile: per_page is an integer of more than {digits} digits, too long to write; "
        "write a string"
    )
