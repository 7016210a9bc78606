"""The examples in the docstrings of the explorers' packages (they import Textual, ipywidgets)."""

from __future__ import annotations

import doctest

import pytest

from tests.doctests import examples, run

EXAMPLES = examples(ui=True)


def test_the_examples_are_found() -> None:
    """A guard on the guard: the explorers' examples are found, and only theirs."""
    assert EXAMPLES
    assert all(test.name.startswith(("restroute.tui", "restroute.jupyter")) for test in EXAMPLES)


@pytest.mark.parametrize("test", EXAMPLES, ids=[test.name for test in EXAMPLES])
def test_each_example_runs_as_written(test: doctest.DocTest) -> None:
    assert run(test) == ""
