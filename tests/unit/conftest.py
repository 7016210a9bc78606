"""The fast loop: the library, snippet text, catalogs, session, profiles and CLI, in this
process. A unit test starts no process: one that tries fails, saying where such a test goes."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any, NoReturn

import pytest

from tests.conftest import mark_folder


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    mark_folder(items, Path(__file__).parent, "unit")


def _no_process(*_args: Any, **_kwargs: Any) -> NoReturn:
    raise AssertionError("a unit test starts no process: put it in tests/delivery or tests/slow")


@pytest.fixture(autouse=True)
def no_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(subprocess.Popen, "_execute_child", _no_process)
    for name in ("fork", "forkpty", "posix_spawn", "posix_spawnp", "system"):
        monkeypatch.setattr(os, name, _no_process)
