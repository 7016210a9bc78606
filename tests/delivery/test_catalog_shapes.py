"""`restroute routes --catalog FILE` as a process: no token's shape from an API's
description reaches stdout or stderr (issue 32: a token's shape counts wherever it is)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.unit.test_token_shapes import BEARER, GHP, PAT, bad_version, shaped_description


@pytest.mark.parametrize(
    "words",
    [[], ["get"], [f"get-{GHP}"], [f"GET /x/{GHP}"], ["nothing-matches", GHP]],
    ids=["all", "search", "by-id", "by-route", "no-match"],
)
def test_routes_of_a_description_print_no_token_shape(tmp_path: Path, words: list[str]) -> None:
    done = routes(tmp_path, shaped_description(tmp_path), *words)
    assert (done.returncode, done.stderr) == (0, "")
    assert "<REDACTED>" in done.stdout
    for token in (GHP, PAT, BEARER):
        assert token not in done.stdout


def test_an_error_about_a_description_prints_no_token_shape(tmp_path: Path) -> None:
    done = routes(tmp_path, bad_version(tmp_path))
    assert (done.returncode, done.stdout) == (2, "")
    assert "<REDACTED>" in done.stderr
    assert GHP not in done.stderr


def routes(folder: Path, source: str, *words: str) -> subprocess.CompletedProcess[str]:
    """``restroute routes --catalog SOURCE WORDS...`` run in ``folder``."""
    return subprocess.run(
        [sys.executable, "-m", "restroute", "routes", "--catalog", source, *words],
        capture_output=True,
        text=True,
        check=False,
        cwd=folder,
    )
