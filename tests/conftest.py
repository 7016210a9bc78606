"""Shared test helpers (the case files), the test layers (markers) and Hypothesis profiles."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pyperclip  # type: ignore[import-untyped]
import pytest
from hypothesis import HealthCheck, settings

import restroute

CASES = Path(__file__).with_name("cases")
UA = f"restroute/{restroute.__version__}"


@pytest.fixture(autouse=True)
def no_system_clipboard(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """No test touches the clipboard of the machine it runs on: pyperclip records what it
    was given and fails, as it does on a machine without a clipboard."""
    copied: list[str] = []

    def fake_copy(text: str) -> None:
        copied.append(text)
        raise pyperclip.PyperclipException("no clipboard in the tests")

    monkeypatch.setattr(pyperclip, "copy", fake_copy)
    return copied


@pytest.fixture(scope="session")
def catalog_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("catalog-cache")


@pytest.fixture(autouse=True)
def no_user_cache(monkeypatch: pytest.MonkeyPatch, catalog_cache: Path) -> None:
    """No test writes compiled descriptions into the cache folder of the user who runs
    it: they go to a folder of the test session's own."""
    monkeypatch.setenv("RESTROUTE_CACHE", str(catalog_cache))


def load_cases(name: str) -> list[dict[str, Any]]:
    """Cases from tests/cases/NAME.json, with the user-agent placeholder filled in."""
    text = (CASES / f"{name}.json").read_text().replace("restroute/VERSION", UA)
    cases: list[dict[str, Any]] = json.loads(text)
    return cases


# --- Hypothesis profiles ---------------------------------------------------------------------
# Every run draws the same examples (profile "ci"), CI's and a newcomer's alike, so a green run
# stays green and the coverage gate never depends on what was drawn; a failure prints the blob
# that replays it (@reproduce_failure). HYPOTHESIS_PROFILE=dev draws new examples each run, to
# look for bugs, and its example database replays a failure until it is fixed. Tests that set
# max_examples themselves (@settings) keep their own number.

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,  # a shared CI machine's timing is no test result
    max_examples=100,
    print_blob=True,
    database=None,  # derandomized: nothing to replay, and nothing written into the clone
    suppress_health_check=[HealthCheck.too_slow],  # a timing check, so not deterministic
)
settings.register_profile("dev", deadline=None, max_examples=100, print_blob=True)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or "ci"
settings.load_profile(PROFILE)


# --- Layers ------------------------------------------------------------------------------------
# Markers (registered in pyproject.toml) by test module, so no test file has to say it. The fast
# loop, `-m "not ui and not delivery and not slow"`, is every other test: the core, snippet
# text, catalog, session, profiles, CLI, and the doctests in src/.

UI_MODULES = frozenset(
    {
        "test_explorer",  # Textual pilot
        "test_explorer_catalog",  # Textual pilot
        "test_explorer_form",  # Textual pilot: the form as a person uses it
        "test_explorer_paint",  # Textual pilot: what a change repaints
        "test_explorer_snapshots",  # SVG snapshots
        "test_explorer_tmux",  # the console script in a real terminal
        "test_explorer_jobs",  # the three jobs, end to end, in tmux at three sizes
        "test_notebook",  # examples/explore.ipynb on a real kernel (nbclient)
        "test_browser",  # the notebook explorer in JupyterLab, in headless Chromium (selenium)
    }
)
DELIVERY_MODULES = frozenset(
    {
        "test_snippets",  # snippets run by real shells and HTTP clients against a local server
        "test_wire",  # that recording server, curl and the shells themselves
        "test_wire_described",  # form, multipart and styled requests, sent the same way
    }
)
SLOW_MODULES = frozenset(
    {
        "test_properties",  # all Hypothesis, 300 examples a test
        "test_openapi_real",  # real descriptions from npm (a 29 MB download, once)
        "test_sample_apis",  # the sample profiles with those descriptions
    }
)


def is_hypothesis_test(item: pytest.Item) -> bool:
    """Whether ``item`` is driven by Hypothesis (@given), whatever its module."""
    function = getattr(item, "obj", None)
    return bool(getattr(function, "is_hypothesis_test", False)) or hasattr(function, "hypothesis")


def layers(item: pytest.Item) -> list[str]:
    """The markers of ``item``'s layers: by module, and ``slow`` for every Hypothesis test."""
    module = item.path.stem
    marks = []
    if module in UI_MODULES:
        marks.append("ui")
    if module in DELIVERY_MODULES:
        marks.append("delivery")
    if module in SLOW_MODULES or is_hypothesis_test(item):
        marks.append("slow")
    return marks


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for mark in layers(item):
            item.add_marker(mark)
