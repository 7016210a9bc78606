"""The console script in a real process: python -m restroute, its exit codes and its streams."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.unit.test_cli import DEEP, GITHUB_LINE, HEADERS


@pytest.mark.parametrize(
    ("argv", "profile"),
    [
        (["build", "GET /x", "a:=" + DEEP], ""),
        (["build", "GET /x", "-p", "deep.toml"], "a = " + "[" * 3000 + "]" * 3000 + "\n"),
        (["routes", "-n", "0"], ""),
        (["build", "POST /x", "a=[" + "[" * 700 + "]" * 700 + "]", "-f", "python"], ""),
    ],
    ids=["deep-json", "deep-toml", "limit-0", "deep-snippet"],
)
def test_bad_input_in_a_real_process(tmp_path: Path, argv: list[str], profile: str) -> None:
    """`python -m restroute` with bad input: one line on stderr, status 2, no traceback."""
    if profile:
        (tmp_path / "deep.toml").write_text(profile)

    done = subprocess.run(
        [sys.executable, "-m", "restroute", *argv],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )

    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("restroute: error: ")
    assert done.stderr.count("\n") == 1


def test_a_reader_that_stops_early() -> None:
    """`restroute routes | head -1`: the command stops quietly when its reader does."""
    process = subprocess.Popen(
        [sys.executable, "-m", "restroute", "routes"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    assert process.stderr is not None
    head = process.stdout.readline()
    first = process.stdout.readline()  # 1,223 lines are more than a pipe holds
    process.stdout.close()
    err = process.stderr.read()
    process.stderr.close()

    assert process.wait() == 1
    assert head.decode() == f"{GITHUB_LINE}\n"
    assert first.startswith(b"GET / ")
    assert err == b""


def test_python_dash_m() -> None:
    """`python -m restroute` is the same command."""
    done = subprocess.run(
        [sys.executable, "-m", "restroute", "build", "DELETE /x/{id}", "id=7"],
        capture_output=True,
        text=True,
        check=True,
    )

    assert json.loads(done.stdout) == {
        "method": "delete",
        "url": "https://api.github.com/x/7",
        "headers": HEADERS,
    }
