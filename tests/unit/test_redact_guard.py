"""Every public function of restroute.redact, given what it does not take (None, a text
whose ``__str__`` raises, a list whose ``__iter__`` raises, a mapping that raises as it is
read): an EndpointError naming the function and what it takes, never another error, and
never the words of the error the argument raised (the fourth attack: 8 functions raised
TypeError, AttributeError or the caller's RuntimeError)."""

from __future__ import annotations

import inspect
from types import FunctionType
from typing import Any

import pytest

import restroute.redact as redact
from restroute.errors import EndpointError

SECRET = "hunter2_Qz9Kw7"


class LyingText(str):
    def __str__(self) -> str:
        raise RuntimeError(SECRET)

    def __iter__(self) -> Any:
        raise RuntimeError(SECRET)


class LyingList(list[str]):
    def __iter__(self) -> Any:
        raise RuntimeError(SECRET)


class LyingMapping(dict[str, str]):
    def items(self) -> Any:
        raise RuntimeError(SECRET)

    def __iter__(self) -> Any:
        raise RuntimeError(SECRET)


HOSTILE = [None, LyingText("token"), LyingList(["a"]), LyingMapping(a="b"), 3, object()]
FUNCTIONS = sorted(
    name for name in redact.__all__ if isinstance(getattr(redact, name), FunctionType)
)


def sane(parameter: inspect.Parameter) -> object:
    """A value each parameter takes, by its annotation."""
    text = str(parameter.annotation)
    if "Mapping" in text or "dict" in text:
        return {"a": "b"}
    if "Iterable" in text or "Sequence" in text or "tuple" in text or "list" in text:
        return ("a",)
    return "x"


@pytest.mark.parametrize("name", FUNCTIONS)
def test_a_public_function_refuses_what_it_does_not_take_with_an_endpoint_error(
    name: str,
) -> None:
    function = getattr(redact, name)
    parameters = [
        each
        for each in inspect.signature(function).parameters.values()
        if each.kind in (each.POSITIONAL_ONLY, each.POSITIONAL_OR_KEYWORD)
        and each.default is each.empty
    ]
    for place in range(len(parameters)):
        for hostile in HOSTILE:
            args = [sane(each) for each in parameters]
            args[place] = hostile
            said = refusal(function, args)  # (returning is fine: many take any value)
            assert SECRET not in said


def refusal(function: Any, args: list[object]) -> str:
    """What ``function(*args)`` refused them with: an EndpointError's message ("" for
    none); any other error fails the test."""
    try:
        function(*args)
    except EndpointError as error:
        return str(error)
    return ""
