"""End to end: the real ``restroute explore`` console script in a tmux terminal.

The tests of a test process share one tmux server (``shared_tmux``, tests/ui/conftest.py):
each runs in a session of its own, and leaves the server with no session and no buffer
(``tmux_socket``)."""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
SCRIPT = Path(sys.executable).parent / "restroute"


@pytest.fixture(autouse=True)
def _tmux_installed() -> None:
    """A missing tmux fails these tests, saying how to get it: no test is skipped."""
    if TMUX is None:
        pytest.fail("tmux is not installed: apt-get install tmux (.ci/run installs it)")


def tmux(socket: Path, *args: str, check: bool = True) -> str:
    """Run a tmux command on a server of its own (-S), away from the user's sessions."""
    assert TMUX is not None
    command = [TMUX, "-S", str(socket), *args]
    return subprocess.run(command, capture_output=True, text=True, check=check, timeout=10).stdout


@contextlib.contextmanager
def tmux_server(socket: Path) -> Iterator[Path]:
    """A tmux server of its own at ``socket``: no configuration file read, kept running with
    no session, OSC 52 copies from its panes reaching its paste buffers; killed on exit."""
    if TMUX is None:
        pytest.fail("tmux is not installed: apt-get install tmux (.ci/run installs it)")
    tmux(socket, "-f", "/dev/null", "start-server", ";", "set-option", "-g", "exit-empty",
         "off", ";", "set-option", "-g", "set-clipboard", "on")  # fmt: skip
    try:
        yield socket
    finally:
        tmux(socket, "kill-server", check=False)


@pytest.fixture
def tmux_socket(shared_tmux: Path) -> Iterator[Path]:
    """The shared tmux server's socket, for one test: after it, every session it started is
    killed and every paste buffer deleted, so that the next test finds neither."""
    assert not tmux(shared_tmux, "list-sessions", check=False).strip()
    try:
        yield shared_tmux
    finally:
        for session in tmux(shared_tmux, "list-sessions", "-F", "#{session_id}").split():
            tmux(shared_tmux, "kill-session", "-t", session, check=False)
        for buffer in tmux(shared_tmux, "list-buffers", "-F", "#{buffer_name}").splitlines():
            tmux(shared_tmux, "delete-buffer", "-b", buffer, check=False)


def wait_for(socket: Path, seen: Callable[[str], bool], timeout: float = 15) -> str:
    """Poll the pane until ``seen(screen)``; the last screen either way."""
    deadline = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < deadline:
        screen = tmux(socket, "capture-pane", "-p")
        if seen(screen):
            break
        time.sleep(0.1)
    return screen


def test_typed_username_shows_the_expanded_url(tmux_socket: Path) -> None:
    """Typing a username into the running explorer shows the expanded URL on screen."""
    assert SCRIPT.exists(), f"the console script is not installed next to {sys.executable}"
    session = f"restroute-test-{os.getpid()}-{time.monotonic_ns()}"
    socket = tmux_socket
    command = (
        f"env -u COLUMNS -u LINES {shlex.quote(str(SCRIPT))} explore 'GET /users/{{username}}'"
    )
    tmux(socket, "new-session", "-d", "-s", session, "-x", "140", "-y", "40", command)
    try:
        # Up and running: the route bar and the status line about the missing placeholder.
        ready = "no value for {username}"
        screen = wait_for(socket, lambda screen: "Route" in screen and ready in screen)
        assert "Route" in screen, screen
        assert ready in screen, screen
        # Focus starts in the route; tab goes to the first value (names are labels).
        tmux(socket, "send-keys", "-t", session, "Tab")
        time.sleep(0.3)
        tmux(socket, "send-keys", "-t", session, "-l", "octocat")
        expected = "https://api.github.com/users/octocat"
        screen = wait_for(socket, lambda screen: expected in screen)
        assert f"GET {expected}" in screen, screen
    finally:
        tmux(socket, "kill-session", "-t", session, check=False)


def test_picking_a_route_from_the_catalog_in_a_real_terminal(tmux_socket: Path) -> None:
    """F2, "create issue", enter: the route and its form arrive; owner, repo typed; the
    status warns that GitHub requires a title until one is typed."""
    session = f"restroute-pick-{os.getpid()}-{time.monotonic_ns()}"
    socket = tmux_socket
    command = f"env -u COLUMNS -u LINES {shlex.quote(str(SCRIPT))} explore ''"  # tmux's size
    tmux(socket, "new-session", "-d", "-s", session, "-x", "140", "-y", "40", command)
    try:
        screen = wait_for(socket, lambda screen: "F2 Routes" in screen)
        assert "F2 Routes" in screen, screen
        tmux(socket, "send-keys", "-t", session, "F2")
        screen = wait_for(socket, lambda screen: "type to search" in screen)
        assert "type to search" in screen, screen
        tmux(socket, "send-keys", "-t", session, "-l", "create issue")
        screen = wait_for(socket, lambda screen: "issues (4)" in screen)
        assert "Create an issue" in screen, screen
        tmux(socket, "send-keys", "-t", session, "Enter")
        screen = wait_for(socket, lambda screen: "owner · path · required" in screen)
        assert "owner · path · required · string" in screen, screen  # the focused row's help
        assert "POST /repos/{owner}/{repo}/issues" in screen, screen
        for text in ("octocat", "Tab", "hello"):  # owner's value, then repo's: value to value
            tmux(socket, "send-keys", "-t", session, *(["-l", text] if text != "Tab" else [text]))
            time.sleep(0.3)
        warned = "! issues/create: title (body) is required"
        screen = wait_for(socket, lambda screen: warned in screen)
        assert warned in screen, screen
        tmux(socket, "send-keys", "-t", session, "Tab")
        time.sleep(0.3)
        tmux(socket, "send-keys", "-t", session, "-l", "Found a bug")
        built = "✓ POST https://api.github.com/repos/octocat/hello/issues"
        screen = wait_for(socket, lambda screen: built in screen)
        assert built in screen, screen
    finally:
        tmux(socket, "kill-session", "-t", session, check=False)


DOCS_CURL = """curl -L \\
  -X POST \\
  -H "Accept: application/vnd.github+json" \\
  -H "Authorization: Bearer ghp_tmux_pasted" \\
  -H "X-GitHub-Api-Version: 2022-11-28" \\
  https://api.github.com/repos/octocat/hello-world/issues \\
  -d '{"title":"Found a bug","labels":["bug"]}'"""


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_pasting_a_docs_curl_in_a_real_terminal(
    tmp_path: Path, tmux_socket: Path, size: tuple[int, int]
) -> None:
    """A docs-style curl pasted (tmux paste-buffer -p: a bracketed paste, as a terminal
    sends one) into the route bar: the route, the form filled, the status URL equal to
    the pasted one, and the Pasted tab, with the token nowhere on the screen."""
    session = f"restroute-paste-{os.getpid()}-{time.monotonic_ns()}"
    socket = tmux_socket
    command = f"env -u COLUMNS -u LINES {shlex.quote(str(SCRIPT))} explore ''"
    width, height = size
    tmux(socket, "new-session", "-d", "-s", session, "-x", str(width), "-y", str(height), command)
    try:
        screen = wait_for(socket, lambda screen: "Route" in screen)
        assert "Route" in screen, screen
        buffer = tmp_path / "curl.txt"
        buffer.write_text(DOCS_CURL)
        tmux(socket, "load-buffer", str(buffer))
        tmux(socket, "paste-buffer", "-p", "-t", session)
        built = "POST https://api.github.com/repos/octocat/hello-world/issues"
        screen = wait_for(socket, lambda screen: built in screen and "Pasted" in screen)
        assert built in screen, screen
        assert "POST /repos/{owner}/{repo}/issues" in screen, screen
        assert "octocat" in screen, screen
        assert "ghp_tmux_pasted" not in screen, screen
        if height >= 48:  # the Pasted tab has room for the parts
            parts = wait_for(socket, lambda screen: "→ method" in screen)
            assert "-X POST" in parts, parts
            assert "→ path owner" in parts, parts
    finally:
        tmux(socket, "kill-session", "-t", session, check=False)
