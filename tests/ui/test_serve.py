"""`restroute serve`: the explorer in a browser tab, through textual-serve.

The command's arguments are checked with textual-serve's Server replaced by a recorder; one
test starts the real command on 127.0.0.1 and opens it in apt's headless Chromium through
selenium, as tests/ui/test_browser.py does (its ``browser`` fixture), and types into the
explorer as a person would. That test is marked ``ui`` here (the rest of this file is the
CLI, in the fast loop). After a run, its tmp_path holds serve.png (the page at the end, pass
or fail) and serve.log (the server's output); the shared Chromium's chromedriver.log is in
the session's temporary folders.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shlex
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from restroute.cli import EXAMPLE_ROUTE, build_parser, main
from restroute.cli.serve import origins, same_origin
from tests.ui import test_browser
from tests.ui.test_browser import WAIT, free_port, stop, wait

browser = test_browser.browser  # the same headless Chromium, a fresh tab (a fixture)

EXPLORE = [sys.executable, "-m", "restroute", "explore"]


@dataclass
class Served:
    """What Server was given, and whether it served."""

    command: str = ""
    host: str = ""
    port: int = 0
    title: str | None = None
    public_url: str | None = None
    serving: list[bool] = field(default_factory=list)


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> Served:
    """textual-serve's Server, replaced by one that records its arguments and returns."""
    seen = Served()

    class Recorder:
        def __init__(
            self,
            command: str,
            host: str = "localhost",
            port: int = 8000,
            title: str | None = None,
            public_url: str | None = None,
        ) -> None:
            seen.command, seen.host, seen.port = command, host, port
            seen.title, seen.public_url = title, public_url

        def serve(self, debug: bool = False) -> None:
            seen.serving.append(debug)

    monkeypatch.setattr("textual_serve.server.Server", Recorder)
    return seen


def explore_args(command: str) -> argparse.Namespace:
    """The arguments `restroute explore` reads from the command textual-serve runs."""
    words = shlex.split(command)
    assert words[: len(EXPLORE)] == EXPLORE
    return build_parser().parse_args(words[len(EXPLORE) - 1 :])


# --- the command's arguments -----------------------------------------------------------------


def test_serve_runs_this_pythons_explorer_on_this_machine(
    served: Served, capsys: pytest.CaptureFixture[str]
) -> None:
    """No arguments: the example route, 127.0.0.1:8000, and the URL printed."""
    assert main(["serve"]) == 0

    assert served.command == shlex.join([*EXPLORE, EXAMPLE_ROUTE])
    assert (served.host, served.port) == ("127.0.0.1", 8000)
    assert served.public_url == "http://127.0.0.1:8000"
    assert served.title == "restroute"  # the page's name for the app, not the long command
    assert served.serving == [False]
    out, err = capsys.readouterr()
    assert out == "restroute: serving the explorer at http://127.0.0.1:8000 (ctrl+c stops it)\n"
    assert err == ""


def test_serve_passes_its_arguments_and_profiles_by_absolute_path(
    served: Served, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The route, the values and the profiles (before and after the subcommand) reach the
    explorer as given, the profiles as absolute paths; the command needs no PATH."""
    folder = tmp_path / "my profiles"  # a space: the command is quoted for the shell
    folder.mkdir()
    (folder / "a.toml").write_text('base_url = "https://ghe.example"\n')
    (folder / "b's.toml").write_text("per_page = 5\n")
    monkeypatch.chdir(folder)
    items = ["username=octocat", "n:=[1]", "Accept:text/plain", "q==$(id)"]

    argv = ["-p", "a.toml", "serve", "GET /users/{username}", *items, "--profile", "b's.toml"]
    assert main([*argv, "--host", "0.0.0.0", "--port", "8123"]) == 0

    assert shlex.split(served.command)[0] == sys.executable
    explore = explore_args(served.command)
    assert explore.command == "explore"
    assert explore.route == "GET /users/{username}"
    assert explore.items == items
    assert explore.more == [str(folder / "a.toml"), str(folder / "b's.toml")]
    assert (served.host, served.port, served.public_url) == (
        "0.0.0.0",
        8123,
        "http://0.0.0.0:8123",
    )


def test_an_ipv6_host_is_bracketed_in_the_url(
    served: Served, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--host", "::1", "--port", "9000"]) == 0

    assert (served.host, served.public_url) == ("::1", "http://[::1]:9000")
    assert "http://[::1]:9000" in capsys.readouterr().out


@pytest.mark.parametrize("port", ["0", "65536", "-1", "http"])
def test_a_port_out_of_range_is_one_line(
    served: Served, capsys: pytest.CaptureFixture[str], port: str
) -> None:
    assert main(["serve", "--port", port]) == 2

    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"restroute: error: argument --port: {port!r} is not a port (1 to 65535) "
        "(see restroute serve --help)\n"
    )
    assert served.serving == []


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["serve", "GET /x", "=1"], "parameter '=1' is not key=value"),
        (["serve", "GET /x", "-p", "/no/such/profile.toml"], "profile '/no/such/profile.toml'"),
    ],
)
def test_bad_input_is_said_before_serving(
    served: Served, capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    """A value or a profile the explorer could not read: said here, once, not in a tab."""
    assert main(argv) == 2

    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"restroute: error: {says}")
    assert err.count("\n") == 1
    assert served.serving == []


def test_without_textual_serve_it_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)  # import fails

    assert main(["serve"]) == 2

    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("restroute: error: serve needs textual-serve (")
    assert err.endswith("): pip install 'restroute[serve]'\n")
    assert err.count("\n") == 1


def test_a_port_it_cannot_listen_on_is_one_line(
    served: Served, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def taken(self: object, debug: bool = False) -> None:
        raise OSError(98, "address already in use")

    monkeypatch.setattr("textual_serve.server.Server.serve", taken)

    assert main(["serve", "--port", "8001"]) == 2

    out, err = capsys.readouterr()
    assert out.startswith("restroute: serving the explorer at http://127.0.0.1:8001")
    assert err == (
        "restroute: error: cannot serve at http://127.0.0.1:8001: "
        "[Errno 98] address already in use\n"
    )


def test_the_real_server_on_a_taken_port_is_one_line(tmp_path: Path) -> None:
    """The same with textual-serve itself (aiohttp's bind fails): no traceback."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        command = [*EXPLORE[:3], "serve", "--port", str(port)]
        done = subprocess.run(command, capture_output=True, text=True, timeout=WAIT, check=False)

    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"restroute: error: cannot serve at http://127.0.0.1:{port}: ")
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1


# --- in a browser ----------------------------------------------------------------------------

# textual-serve's page draws the terminal on a canvas (xterm.js with its WebGL renderer), so
# no element holds its text. Its script stores the xterm.js Terminal as `this.terminal` and
# then sets `this.fitAddon`: a setter for that name, run before the page's own scripts,
# keeps the Terminal, and the test reads the screen through xterm.js's public buffer API.
KEEP_TERMINAL = """
Object.defineProperty(Object.prototype, "fitAddon", {
  configurable: true,
  get() { return undefined; },
  set(value) {
    Object.defineProperty(this, "fitAddon", {value, writable: true, configurable: true});
    if (this.terminal) (window.restrouteTerminals ||= []).push(this.terminal);
  },
});
"""
READ_SCREEN = """
const terminal = (window.restrouteTerminals || [])[0];
if (!terminal) return null;
const buffer = terminal.buffer.active, lines = [];
for (let row = 0; row < terminal.rows; row++) {
  const line = buffer.getLine(buffer.viewportY + row);
  lines.push(line ? line.translateToString(true) : "");
}
return lines.join("\\n");
"""
PROFILE = '[headers]\nx-from-profile = "served"\n'


@dataclass(frozen=True)
class Server:
    url: str
    log: Path


def screen(driver: WebDriver) -> str:
    """The terminal's text as the page shows it, a line a row ("" before it is drawn)."""
    return str(driver.execute_script(READ_SCREEN) or "")


def shows(driver: WebDriver, what: str, *texts: str) -> str:
    """The screen once it holds every one of ``texts``."""

    def holding(driver: WebDriver) -> str | None:
        text = screen(driver)
        return text if all(each in text for each in texts) else None

    return wait(driver, what, holding)


def route_line(driver: WebDriver) -> str:
    """The route field's text: the second row, inside its border."""
    lines = screen(driver).splitlines()
    return lines[1].strip("│ ") if len(lines) > 1 else ""


def press(driver: WebDriver, *keys: str, holding: str | None = None) -> None:
    """Keys typed into the focused page (xterm.js's textarea), with a modifier held."""
    chain = ActionChains(driver)
    if holding is not None:
        chain.key_down(holding)
    chain.send_keys(*keys)
    if holding is not None:
        chain.key_up(holding)
    chain.perform()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """`restroute serve` on 127.0.0.1 at a free port, started as `python -m restroute`,
    with a PATH that leads to no venv: the command it serves must not need one."""
    (tmp_path / "served.toml").write_text(PROFILE)
    port = free_port()
    log = tmp_path / "serve.log"
    command = [*EXPLORE[:3], "serve", "GET /users/{username}", "--port", str(port)]
    command += ["--profile", "served.toml"]  # relative to the server's folder
    env = {**os.environ, "PATH": os.defpath}
    env.pop("VIRTUAL_ENV", None)
    with log.open("wb") as output:
        process = subprocess.Popen(
            command, cwd=tmp_path, env=env, stdout=output, stderr=subprocess.STDOUT
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + WAIT
        while not listening(port):
            assert process.poll() is None, f"restroute serve exited:\n{log.read_text()}"
            assert time.monotonic() < deadline, (
                f"restroute serve did not listen:\n{log.read_text()}"
            )
            time.sleep(0.1)
        yield Server(url, log)
    finally:
        # The browser's tab has left the page first (a fixture set up later is torn down
        # first), so the server stops at once. With a tab still open it takes textual-serve
        # some 20 s, and a server killed then leaves its explorers running: those go by
        # their ids.
        explorers = descendants(process.pid)
        stop(process)
        for pid in explorers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def descendants(pid: int) -> list[int]:
    """The processes ``pid`` started (a shell, the explorer it runs), theirs, and so on."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:  # gone, or no /proc
        return []
    return [each for child in map(int, children) for each in (child, *descendants(child))]


@pytest.mark.ui
def test_the_explorer_in_a_browser_tab(server: Server, browser: WebDriver, tmp_path: Path) -> None:
    """Open it, type into the route (appended), fill {username} (alt+backspace deletes a
    word on the way), add a header row with alt+n, alt+t to the layers, and read the curl
    tab: the typed value, the row and the profile's header are in its snippet."""
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": KEEP_TERMINAL})
    browser.get(server.url)
    try:
        shows(browser, "the explorer to draw", "restroute · Route", "Parameters", "username")
        assert route_line(browser) == "GET /users/{username}"

        # The keyboard goes to the terminal (as when the page is tabbed into; a click would
        # go to the app as well, and put the cursor where it lands). The first key typed
        # goes after the route: nothing in it is selected.
        terminal = browser.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea")
        browser.execute_script("arguments[0].focus()", terminal)
        press(browser, "x")
        wait(browser, "x after the route", lambda d: route_line(d) == "GET /users/{username}x")
        press(browser, Keys.BACKSPACE)
        wait(browser, "the route again", lambda d: route_line(d) == "GET /users/{username}")

        # enter: the first value to fill. alt+backspace (a browser keeps ctrl+w) deletes
        # the word before the cursor.
        press(browser, Keys.ENTER, "someone")
        shows(browser, "someone in the status", "✓ GET https://api.github.com/users/someone")
        press(browser, Keys.BACKSPACE, holding=Keys.ALT)
        press(browser, "octocat")
        shows(browser, "octocat in the status", "✓ GET https://api.github.com/users/octocat")

        # alt+n (a browser keeps ctrl+n): a row of one's own, its name, tab, its value.
        press(browser, "n", holding=Keys.ALT)
        wait(browser, "a new row", lambda d: screen(d).count(" = ") >= 2)
        press(browser, "headers.x-added", Keys.TAB, "by-alt-n")
        shows(browser, "the added row", "headers.x-added", "by-alt-n")

        # alt+t (a browser keeps ctrl+t): the layers (space switches the session layer off
        # and on), again: its TOML (a comment typed), again: the TOML full screen, and back.
        # One at a time, as a person presses them: Textual reads an alt+letter followed by
        # another key's escape sequence within 100 ms (ESCDELAY) as ^ and the letter.
        press(browser, "t", holding=Keys.ALT)
        press(browser, " ")
        shows(browser, "the session layer off", "off session")
        press(browser, " ")
        shows(browser, "the session layer on", "on  session")
        press(browser, "t", holding=Keys.ALT)
        press(browser, "# typed after alt+t")
        shows(browser, "the comment in the TOML", "# typed after alt+t")
        press(browser, "t", holding=Keys.ALT)
        full = shows(browser, "the TOML full screen", "session · TOML · ctrl+t or escape: back")
        assert "Parameters" not in full
        press(browser, "t", holding=Keys.ALT)
        shows(browser, "the form again", "Parameters")

        # ctrl+f: the results' tabs; → three times: Parsed, Merged, Explain, curl.
        press(browser, "f", holding=Keys.CONTROL)
        press(browser, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
        curl = shows(
            browser,
            "the curl tab",
            "curl \\",
            "-H 'x-from-profile: served'",
            "-H 'x-added: by-alt-n'",
            "https://api.github.com/users/octocat",
        )
        assert "someone" not in curl
    finally:
        browser.save_screenshot(str(tmp_path / "serve.png"))


def test_the_origins_that_may_drive_it_are_its_own_address_and_loopback() -> None:
    """A host of its own, then the loopback names; an IPv6 address bracketed."""
    assert origins("0.0.0.0", 8000) == {
        "http://0.0.0.0:8000",
        "http://127.0.0.1:8000",
        "http://localhost:8000",
        "http://[::1]:8000",
    }
    assert "http://[fe80::1]:9000" in origins("fe80::1", 9000)
    assert "http://[fe80::1]:9000" in origins("[fe80::1]", 9000)  # given bracketed
    assert "http://myhost:9000" in origins("MyHost", 9000)  # browsers write it lower case
    assert origins("127.0.0.1", 80) >= {"http://127.0.0.1", "http://localhost"}  # no :80


@pytest.mark.parametrize(
    ("origin", "status"),
    [
        ("http://127.0.0.1:8000", 200),
        ("http://localhost:8000", 200),
        ("http://evil.example", 403),  # a site open in another tab
        ("http://evil.example:8000", 403),  # DNS rebinding: the attacker's name, this port
        ("http://127.0.0.1:8001", 403),  # another local server's page
        (None, 403),  # no browser sends no Origin with a WebSocket
    ],
)
async def test_a_websocket_from_another_origin_is_refused(
    monkeypatch: pytest.MonkeyPatch, origin: str | None, status: int
) -> None:
    """textual-serve let any page drive the explorer (type, read the screen, save files):
    the handshake from a page that is not the explorer's own is refused with a 403, and
    one from its own goes on to textual-serve (here a stand-in that answers 200)."""
    from aiohttp import web
    from aiohttp.test_utils import TestClient, TestServer
    from textual_serve.server import Server

    async def handled(self: Server, request: web.Request) -> web.Response:
        return web.Response(text="textual-serve's handshake")

    monkeypatch.setattr(Server, "handle_websocket", handled)
    server = same_origin(Server)("true", origins=origins("127.0.0.1", 8000))
    headers = {} if origin is None else {"Origin": origin}

    async with TestClient(TestServer(await server._make_app())) as client:
        response = await client.get("/ws", headers=headers)
        text = await response.text()

    assert response.status == status
    if status == 403:
        assert (
            text
            == f"origin {'none' if origin is None else repr(origin)} may not drive this explorer"
        )
