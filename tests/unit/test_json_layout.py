"""JSON laid out one item a line in linear time: the standard library's own
``json.dumps(..., indent=...)`` is the oracle, text for text and error for error."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from restroute._core.json_layout import json_indented

# Text that looks like the layout's own punctuation, escapes and quotes, and any character.
texts = st.text(st.sampled_from('[]{},:"\\ \n\t\x00é\u2028x') | st.characters(), max_size=8)
keys = st.one_of(texts, st.integers(), st.floats(), st.booleans(), st.none())
scalars = st.one_of(texts, st.integers(), st.floats(), st.booleans(), st.none())
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.lists(inner, max_size=3).map(tuple)
        | st.dictionaries(keys, inner, max_size=4)
    ),
    max_leaves=20,
)
indents = st.sampled_from([0, 1, 2, 4, -1, "\t", "--", ""])


@settings(max_examples=200)
@given(value=values, indent=indents, ensure_ascii=st.booleans())
@example(value={'a",b': ["\\", '"]', '\\"', '":{', "[]{}"]}, indent=2, ensure_ascii=False)
def test_the_text_is_what_json_dumps_writes(value: Any, indent: Any, ensure_ascii: bool) -> None:
    expected = json.dumps(value, indent=indent, ensure_ascii=ensure_ascii)
    assert json_indented(value, indent=indent, ensure_ascii=ensure_ascii) == expected


@pytest.mark.parametrize("indent", [None, 2])
def test_a_value_json_cannot_write_raises_what_json_dumps_raises(indent: Any) -> None:
    circular: list[Any] = []
    circular.append(circular)
    for value, allow_nan in (
        ({"a": {1, 2}}, True),  # a set
        ({(1, 2): "a"}, True),  # a tuple as a key
        ([circular], True),
        ({"n": math.nan}, False),
        ({"i": -math.inf}, False),
    ):
        with pytest.raises((TypeError, ValueError)) as expected:
            json.dumps(value, indent=indent, allow_nan=allow_nan)
        with pytest.raises(expected.type):
            json_indented(value, indent=indent, allow_nan=allow_nan)


def test_default_writes_what_json_cannot_as_json_dumps_does() -> None:
    value = {"when": complex(1, 2), "items": [object.__new__(object)]}
    got = json_indented(value, default=lambda item: type(item).__name__)
    assert got == '{\n  "when": "complex",\n  "items": [\n    "object"\n  ]\n}'


def test_a_body_nested_nine_hundred_deep_is_laid_out_as_json_dumps_lays_it_out() -> None:
    """The case the standard library takes a second over (its generators nested 900 deep);
    here, one pass."""
    value: Any = "x"
    for _ in range(450):  # an object and an array a turn
        value = {"a": [value]}
    assert json_indented(value) == json.dumps(value, indent=2)
