"""The explorer's three jobs, end to end, as a person does them: the real console script
in tmux, at 160x48, 100x30 and 80x24, read off the screen.

1. Explore a route: F2, a few words, enter; type the values, tab between them.
2. Teach the cascade: load the teaching profile (ctrl+o), read the Explain tab, write a
   value in the session layer and watch it win.
3. Copy a snippet and run it: ctrl+r to secrets as $VAR, F6 copies the curl (through
   the terminal, OSC 52, into tmux's buffer); bash runs it against a recording server.

Every typed value must arrive on the wire, and no screen may show the token before ctrl+r
shows it (the last step, so that the check can fail).
"""

from __future__ import annotations

import difflib
import os
import shlex
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ui.test_explorer_tmux import SCRIPT, TMUX, tmux, tmux_socket

__all__ = ["tmux_socket"]  # a fixture: the shared tmux server, a session per test
from tests.wire import RecordingServer, recording_server, run_shell

TOKEN = "ghp_jobs0secret0token"
TYPED = "typed0key0secret"  # a secret typed into the session layer's TOML
TEACHING = Path(__file__).parents[2] / "sample_profiles" / "teaching.toml"
SIZES = [(160, 48), (100, 30), (80, 24)]


@pytest.fixture
def server() -> Iterator[RecordingServer]:
    with recording_server() as srv:
        yield srv


class Terminal:
    """A tmux session running one command, read and typed into as a person would."""

    def __init__(self, socket: Path, name: str) -> None:
        self.socket, self.name = socket, name
        self.screens: list[str] = []  # every screen read, to check none showed a secret

    def keys(self, *keys: str) -> None:
        for key in keys:
            time.sleep(0.15)  # a person's pace between keys that move the focus
            tmux(self.socket, "send-keys", "-t", self.name, key)

    def text(self, text: str) -> None:
        time.sleep(0.15)
        tmux(self.socket, "send-keys", "-t", self.name, "-l", text)

    def seek(self, part: str, key: str, presses: int = 12) -> str:
        """Press ``key`` (PageDown, say) until ``part`` is on screen, as a reader scrolls
        (from the top: Home first when going down)."""
        screen = tmux(self.socket, "capture-pane", "-p", "-t", self.name)
        if key in ("PageDown", "Down"):
            self.keys("Home")
            screen = self._changed(screen, timeout=1)  # (no change: it was at the top)
        for _ in range(presses):
            self.screens.append(screen)
            if part in screen:
                return screen
            self.keys(key)
            screen = self._changed(screen)  # read the page the key scrolled to, not the last
        return self.see(part, timeout=2)

    def _changed(self, before: str, timeout: float = 3) -> str:
        """The screen once it differs from ``before`` (or as it is after ``timeout``: the
        end of the text does not scroll)."""
        deadline = time.monotonic() + timeout
        while True:
            screen = tmux(self.socket, "capture-pane", "-p", "-t", self.name)
            if screen != before or time.monotonic() > deadline:
                return screen
            time.sleep(0.05)

    def gone(self, part: str, timeout: float = 20) -> None:
        """Wait until ``part`` has left the screen (a notification fading)."""
        deadline = time.monotonic() + timeout
        while part in tmux(self.socket, "capture-pane", "-p", "-t", self.name):
            assert time.monotonic() < deadline, f"still on screen: {part}"
            time.sleep(0.2)

    def see(self, *parts: str, timeout: float = 15) -> str:
        """Wait until every part is on screen; the screen either way (asserted)."""
        deadline = time.monotonic() + timeout
        while True:
            screen = tmux(self.socket, "capture-pane", "-p", "-t", self.name)
            self.screens.append(screen)
            if all(part in screen for part in parts) or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        missing = [part for part in parts if part not in screen]
        assert not missing, f"not on screen: {missing}\n{screen}"
        return screen


def explorer_in_tmux(
    socket: Path, tmp_path: Path, size: tuple[int, int], profile: Path
) -> Terminal:
    """The console script in a session of ``size`` on the tmux server at ``socket``, on
    ``profile``, its token (``JOB_TOKEN``) in its environment and its catalog cache a folder
    of its own; OSC 52 copies reach tmux's buffer (``tmux_server``)."""
    name = f"jobs-{os.getpid()}-{time.monotonic_ns()}"
    command = (
        f"env -u COLUMNS -u LINES JOB_TOKEN={TOKEN} RESTROUTE_CACHE={tmp_path / 'cache'} "
        f"{shlex.quote(str(SCRIPT))} explore '' --profile {shlex.quote(str(profile))}"
    )
    width, height = size
    tmux(socket, "new-session", "-d", "-s", name, "-x", str(width), "-y", str(height),
         "sleep 600")  # fmt: skip
    tmux(socket, "respawn-pane", "-k", "-t", name, command)
    return Terminal(socket, name)


def copy_curl_and_run(term: Terminal, folder: Path) -> str:
    """ctrl+r to secrets as $VAR, F6 copies the curl; bash runs it with the token set.
    The curl copied, which holds the variable, never the token."""
    term.keys("C-r")
    term.see("SECRETS AS $VAR")
    term.keys("F6")
    term.see("Copied curl")
    copied = tmux(term.socket, "show-buffer")
    assert "${JOB_TOKEN:?}" in copied
    assert TOKEN not in copied
    ran = run_shell("bash", copied, folder, env={"JOB_TOKEN": TOKEN})
    assert ran.returncode == 0, ran.stderr.decode()
    return copied


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_three_jobs_in_a_real_terminal(
    tmp_path: Path, tmux_socket: Path, server: RecordingServer, size: tuple[int, int]
) -> None:
    assert TMUX is not None
    assert SCRIPT.exists()
    local = tmp_path / "local.toml"
    local.write_text(
        f'base_url = "{server.base_url}"\n[headers]\nauthorization = "token ${{JOB_TOKEN}}"\n'
    )
    height = size[1]
    term = explorer_in_tmux(tmux_socket, tmp_path, size, local)
    try:
        term.see("F1 Help", "^p Palette")

        # 1. Explore: pick list pull requests, type owner and repo, tab between them.
        term.keys("F2")
        term.see("type to search")
        term.text("list pull requests")
        term.see("List pull requests")
        term.keys("Enter")
        term.see("GET /repos/{owner}/{repo}/pulls")
        term.text("octocat")
        term.keys("Tab")
        term.text("hello-world")
        term.see("octocat/hello-world/pulls")

        # 2. Teach: the teaching profile's per_page in Explain, then the session's 10 wins.
        term.keys("C-o")
        term.see("Load a profile")
        term.text(str(TEACHING))
        term.keys("Enter")
        term.see("on  teaching", "per_page=100")
        term.keys("C-f", "Right", "Right")  # the results' tabs: Parsed, Merged, Explain
        term.see("option → went to")
        term.keys("Tab")  # into the tab's text, to scroll it
        term.seek("100 · teaching", "PageDown")
        term.keys("C-t")  # the layer list: the teaching layer just loaded is highlighted
        term.see("teaching · edit the TOML below")
        term.keys("Down")  # the session layer, on top
        term.see("session · edit the TOML below")
        term.keys("C-t")  # its TOML
        term.text("per_page = 10")
        term.keys("Enter")
        term.text("[headers]")
        term.keys("Enter")
        term.text(f'x-api-key = "{TYPED}"')  # shown as typed while it is edited
        term.see("per_page=10", TYPED)
        term.keys("C-f", "Tab")  # back to the Explain tab's text
        term.see("on  built-in defaults")  # the editor left: every layer listed again
        if height >= 48:  # smaller, the panel shows the TOML's first two lines, unfocused
            term.see('x-api-key = "<REDACTED>"')  # (a screen caught while the editor was
            # left may still show the frame before: on a loaded machine, one did)
        left = len(term.screens)  # from here the typed secret is hidden
        term.seek("10 · session", "PageDown")

        # 3. Copy: secrets as $VAR, F6 copies the curl; bash runs it with the variable set.
        copy_curl_and_run(term, tmp_path)
        (request,) = server.requests
        assert request.method == "GET"
        assert request.target == "/repos/octocat/hello-world/pulls?per_page=10"
        assert request.header_values("authorization") == [f"token {TOKEN}"]
        assert request.header_values("accept") == ["application/vnd.github.v3.full+json"]
        assert request.header_values("x-api-key") == ["<REDACTED>"]  # no variable holds it

        assert not [screen for screen in term.screens if TOKEN in screen]
        assert not [screen for screen in term.screens[left:] if TYPED in screen]
        term.keys("C-r")  # secrets shown: now the token is on screen (the check can fail)
        term.see("SECRETS SHOWN", "Secrets shown,")
        term.gone("Secrets shown,")  # the notices cover the text
        term.keys("C-f", "Left", "Tab")  # Merged, its text
        term.seek(TOKEN, "Down")
    finally:
        tmux(term.socket, "kill-session", "-t", term.name, check=False)


@pytest.mark.parametrize("seed", [1, 2])
def test_what_partial_repaints_leave_on_screen_is_what_a_full_repaint_draws(
    tmux_socket: Path, seed: int
) -> None:
    """The explorer repaints only the lines a change touches (tui/screens/painting.py).
    After a person's mix of keys (values, a pick, tabs, a notice that fades, the picker,
    a toggled layer), the terminal must show what a full repaint then draws: a resize
    there and back makes Textual draw every line. A stale character (a faded toast was
    one) shows as a difference."""
    import random

    rng = random.Random(seed)
    socket, name = tmux_socket, f"paint-{os.getpid()}-{time.monotonic_ns()}"
    command = (
        f"env -u COLUMNS -u LINES {shlex.quote(str(SCRIPT))} explore "
        f"'GET /repos/{{owner}}/{{repo}}/issues' --profile {shlex.quote(str(TEACHING))}"
    )
    tmux(socket, "new-session", "-d", "-s", name, "-x", "100", "-y", "30", "sleep 600")
    tmux(socket, "respawn-pane", "-k", "-t", name, command)
    term = Terminal(socket, name)
    moves = [
        ["Tab"], ["S-Tab"], ["C-g"], ["C-f", "Right"], ["C-f", "Left"], ["F3"], ["C-r"],
        ["C-t", "Space"], ["C-t", "Space"], ["F2", "Escape"], ["C-n"], ["C-z"], ["PageDown"],
    ]  # fmt: skip
    try:
        term.see("F1 Help")
        for _ in range(25):
            if rng.random() < 0.5:
                term.keys(*rng.choice(moves))
            else:
                term.text(rng.choice(["octocat", "x", "hello-world", "{", "per_page"]))
        term.keys("Escape", "Escape", "C-l", "C-r")  # a notice, over the results, that fades
        time.sleep(6)  # every notice faded, the last key painted
        before = tmux(socket, "capture-pane", "-p", "-t", name)
        tmux(socket, "resize-window", "-t", name, "-x", "101", "-y", "30")
        term._changed(before, timeout=2)
        tmux(socket, "resize-window", "-t", name, "-x", "100", "-y", "30")
        time.sleep(1.5)  # redrawn at the old size
        after = tmux(socket, "capture-pane", "-p", "-t", name)
        stale = "\n".join(
            difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="")
        )
        assert after == before, f"left on screen by partial repaints:\n{stale}"
        assert after.strip()  # a screen was read
    finally:
        tmux(term.socket, "kill-session", "-t", term.name, check=False)


STYLES = Path(__file__).parents[1] / "data" / "openapi" / "styles.yaml"


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_three_jobs_on_another_apis_description(
    tmp_path: Path, tmux_socket: Path, server: RecordingServer, size: tuple[int, int]
) -> None:
    """The same jobs on an API described by OpenAPI: its routes picked, its form body
    taught (the catalog's layer under the profile's), its curl run: a form-encoded body."""
    assert TMUX is not None
    local = tmp_path / "local.toml"
    local.write_text(
        f'catalog = "{STYLES}"\nbase_url = "{server.base_url}"\n'
        '[headers]\nauthorization = "Bearer ${JOB_TOKEN}"\n'
    )
    term = explorer_in_tmux(tmux_socket, tmp_path, size, local)
    try:
        term.see("Styles 1.0 · 7 routes")  # the route bar names the API once it is loaded

        # 1. Explore: the description's routes by words; its form, its body fields.
        term.keys("F2")
        term.see("type to search")
        term.text("pet form")
        term.see("Create a pet from a form")
        term.keys("Enter")
        term.see("POST /pets/form")
        term.text("Rex Dog")
        term.keys("Tab")
        term.text('["a","b"]')
        term.see("POST http://127.0.0.1")

        # 2. Teach: the catalog's server under the profile's base_url, in Explain.
        term.keys("C-f", "Right", "Right")
        term.see("option → went to")
        term.keys("Tab")
        term.seek("· catalog", "PageDown")

        # 3. Copy: secrets as $VAR, F6, bash runs it: the form body as the description says.
        copy_curl_and_run(term, tmp_path)
        (request,) = server.requests
        assert (request.method, request.target) == ("POST", "/pets/form")
        assert request.body == b"name=Rex+Dog&tags=a&tags=b"
        assert request.header_values("content-type") == ["application/x-www-form-urlencoded"]
        assert request.header_values("authorization") == [f"Bearer {TOKEN}"]
        assert request.header_values("accept") == ["application/json"]
        assert not [screen for screen in term.screens if TOKEN in screen]
    finally:
        tmux(term.socket, "kill-session", "-t", term.name, check=False)
