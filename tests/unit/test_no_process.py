"""A guard on the guard: a unit test that starts a process fails, saying where it belongs."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    "start",
    [
        lambda: subprocess.run([sys.executable, "-c", "pass"], check=False),
        lambda: os.system("true"),
        lambda: os.fork(),
    ],
    ids=["subprocess", "os.system", "os.fork"],
)
def test_a_process_started_in_a_unit_test_fails(start: object) -> None:
    assert callable(start)
    with pytest.raises(AssertionError, match=r"a unit test starts no process: put it in tests/"):
        start()
