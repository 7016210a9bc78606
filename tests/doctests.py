"""The examples in restroute's docstrings, found module by module and run as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import restroute

# The explorers' packages import Textual and ipywidgets: their examples run in tests/ui.
UI = ("restroute.tui", "restroute.jupyter")


def examples(*, ui: bool) -> list[doctest.DocTest]:
    """The docstring examples of the explorers' modules (``ui``), or of all the others."""
    names = [restroute.__name__]
    names += [found.name for found in pkgutil.walk_packages(restroute.__path__, "restroute.")]
    finder = doctest.DocTestFinder(exclude_empty=True)
    found = []
    for name in names:
        if name.startswith(UI) == ui:
            found += finder.find(importlib.import_module(name), name)
    return sorted((test for test in found if test.examples), key=lambda test: test.name)


def run(test: doctest.DocTest) -> str:
    """What ``test`` printed where an example failed; empty when every example held."""
    report: list[str] = []
    doctest.DocTestRunner(optionflags=doctest.ELLIPSIS).run(test, out=report.append)
    return "".join(report)
