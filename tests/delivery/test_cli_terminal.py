"""`restroute build` printing to a terminal (API.md section 9, "control characters in
output"): no text from input reaches it with a C0/C1 control or a bidi override raw, in
every format the command prints; escaped so that each format still says the same thing
(the JSON reads back to the same values, each snippet sends the same bytes)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from restroute import endpoint
from restroute.cli import FORMATS
from tests.wire import exactly, recording_server, run_python, run_shell

# What a terminal obeys (ESC, BEL, DEL, NEL, CSI) or is fooled by (bidi, line separators):
# written here by hand, not read from restroute, which the test checks.
RAW = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]"
)
HOSTILE = "a\u202eb\u009bc\x1b[2J\x07\x7f\x85\u2028\u2066\u061cd"


def build(*argv: str) -> subprocess.CompletedProcess[str]:
    """`python -m restroute build ARGV`, as a shell passes the real characters."""
    return subprocess.run(
        [sys.executable, "-m", "restroute", "build", *argv],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        check=False,
        timeout=60,
    )


def test_the_attackers_query_reaches_the_terminal_escaped() -> None:
    """The attack as it was made: `restroute build 'GET /x' 'q=a<U+202E>b<U+009B>c'`."""
    done = build("GET /x", "q=a\u202eb\u009bc")

    assert done.returncode == 0, done.stderr
    assert RAW.findall(done.stdout) == []
    assert json.loads(done.stdout)["url"] == "https://api.github.com/x?q=a%E2%80%AEb%C2%9Bc"


@pytest.mark.parametrize("format", FORMATS)
def test_a_body_of_control_characters_reaches_the_terminal_escaped(format: str) -> None:
    """The same characters in a body's value and key, where no URL encodes them: each
    format prints them escaped, and the JSON parses back to the very values."""
    done = build("POST /x", f"q={HOSTILE}", f"k{HOSTILE}=1", "-f", format)

    assert done.returncode == 0, done.stderr
    assert RAW.findall(done.stdout) == []
    if format == "json":
        assert json.loads(done.stdout)["body"] == {"q": HOSTILE, f"k{HOSTILE}": 1}


@pytest.mark.parametrize(("format", "runner"), [("curl", "bash"), ("python", "requests"),
                                                ("httpx", "httpx")])  # fmt: skip
def test_the_printed_snippet_still_sends_the_same_bytes(
    format: str, runner: str, tmp_path: Path
) -> None:
    """What the command printed, run by its client: the body holds the raw characters."""
    with recording_server() as server:
        argv = ("POST /x", f"q={HOSTILE}", "--base-url", server.base_url, "-f", format)
        done = build(*argv)
        assert done.returncode == 0, done.stderr
        run = run_shell("bash", done.stdout, tmp_path) if runner == "bash" else (
            run_python(done.stdout, tmp_path))  # fmt: skip
        assert run.returncode == 0, run.stderr.decode(errors="replace")[-2000:]
        sent = endpoint("POST /x", q=HOSTILE, base_url=server.base_url)
        assert exactly(server.requests, sent) == []
        assert json.loads(server.requests[0].body) == {"q": HOSTILE}
        assert "\u202e".encode() in server.requests[0].body  # raw on the wire, as JSON sends it
