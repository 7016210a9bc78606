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
# A test's layer is its folder: tests/unit (the fast loop: no process, no pilot, no browser),
# tests/ui, tests/delivery and tests/slow. Each folder's conftest.py marks its tests with the
# folder's marker (registered in pyproject.toml), through ``mark_folder`` below.


def mark_folder(items: list[pytest.Item], folder: Path, marker: str) -> None:
    """Mark with ``marker`` each of ``items`` collected from ``folder``."""
    for item in items:
        if folder in item.path.parents:
            item.add_marker(marker)
