"""The examples in the docstrings of the library, the catalogs, the session and the CLI."""

from __future__ import annotations

import doctest

import pytest

from tests.doctests import examples, run

EXAMPLES = examples(ui=False)


def test_the_examples_are_found() -> None:
    """A guard on the guard: the core's and the catalog's examples are among them."""
    modules = {test.name.rsplit(".", 1)[0] for test in EXAMPLES}
    assert "restroute._core.endpoint" in modules
    assert any(name.startswith("restroute.catalog") for name in modules)
    assert not any(name.startswith("restroute.tui") for name in modules)


@pytest.mark.parametrize("test", EXAMPLES, ids=[test.name for test in EXAMPLES])
def test_each_example_runs_as_written(test: doctest.DocTest) -> None:
    assert run(test) == ""


def test_an_example_that_fails_is_reported() -> None:
    """A guard on the runner: a wrong example fails, saying what was expected."""
    wrong = doctest.DocTestParser().get_doctest(">>> 1 + 1\n3\n", {}, "wrong", None, 0)
    assert "Expected:\n    3\nGot:\n    2" in run(wrong)
