"""The notebook explorer as a person sees it: JupyterLab in headless Chromium, driven by selenium.

A notebook written here runs two explorers on a real kernel whose environment holds a fake
token; the test looks at the page: the widgets render, each results tab shows its panel, no
panel shows the token until "reveal secrets" is on, and typing a parameter updates the status.
Chromium and ChromeDriver come from apt (``.ci/run`` installs them); without them this fails.

One JupyterLab server and one Chromium serve every test of a test process (tests/ui/conftest.py:
``shared_lab``, ``shared_chromium``); each test has a folder and a theme of its own in that
server and none of the workspaces (open tabs) earlier tests left, a fresh tab in that
browser, and its kernels are shut down after it. After a run, the test's tmp_path holds
jupyterlab.png (the page at the end, pass or fail); the shared lab.log (the server and
kernels) and chromedriver.log are in the session's temporary folders.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.wait import WebDriverWait

CHROMIUM = shutil.which("chromium")
CHROMEDRIVER = shutil.which("chromedriver")
INSTALL = "apt-get install -y chromium chromium-driver"
TOKEN = "ghp_browser_secret_never_shown"
WAIT = 60.0  # seconds: the bound on every wait (the first JupyterLab load takes ~10 s here)
NOTEBOOK = "explore.ipynb"
PROFILE = """\
base_url = "https://api.github.com"

[headers]
authorization = "token ${GITHUB_TOKEN}"
"""
TYPED = "ghp_typed_into_a_row_never_saved"
# Results as a notebook shows them (HTML, never the JSON tree), then the two explorers.
CELLS = (
    "import os\n\nfrom restroute import endpoint, explain\n"
    "from restroute.jupyter import explore\n\n"
    'headers = {"authorization": f"token {os.environ[\'GITHUB_TOKEN\']}"}',
    'endpoint("GET /repos/{owner}/{repo}/issues", owner="octocat", repo="hello-world", '
    "headers=headers, per_page=2)",
    'explain("GET /repos/{owner}/{repo}/issues", owner="octocat", repo="hello-world", '
    'layers=[("github", {"headers": headers}), ("teaching", {"per_page": 5})])',
    'endpoint.merge("GET /repos/{owner}/{repo}", owner="octocat", headers=headers)',
    'explore("GET /user", profile=["github.toml"])',
    'explore("GET /repos/{owner}/{repo}")',
    "explore(paste=f\"curl -H 'Authorization: Bearer {os.environ['GITHUB_TOKEN']}' \"\n"
    '        "https://api.github.com/repos/octocat/hello-world/issues?state=open")',
    'explore("GET /query", catalog="styles.yaml")',
)
ISSUES = "https://api.github.com/repos/octocat/hello-world/issues"
# What each result cell shows, as text a person reads.
RESULTS = {
    1: ("GET " + ISSUES + "?per_page=2", "authorization", "token <REDACTED>"),
    2: ("from layer", "went to", "github", "teaching", "per_page 5 teaching URL query"),
    3: ("merged options", "headers.authorization", "/repos/{owner}/{repo}"),
}
EXPLORERS = (4, 5, 6, 7)
OPENAPI = Path(__file__).parents[1] / "data" / "openapi"  # styles.yaml and the file it refers to
# The results tabs in order, and a piece of what each panel shows for GET /user.
PANELS = {
    "Parsed": "GET https://api.github.com/user",
    "Merged": '"url": "/user"',
    "Explain": "from layer",
    "curl": "curl \\",
    "Python": "import requests",
    "httpx": "import httpx",
    "JSON": '"method": "get"',
    "Pasted": "Paste a request into the Paste box",
}
RUN_ALL = "Run All Cells"  # the Run menu's item ("Run All" while no notebook is active)
CODE_CELLS = (By.CSS_SELECTOR, ".jp-Notebook .jp-CodeCell")
STATUS_BAR = (By.ID, "jp-main-statusbar")  # "Python 3 (ipykernel) | Idle"
# Settings as a person would leave them: no "official Jupyter news?" toast over the notebook.
NOTIFICATIONS = {"fetchNews": "false", "checkForUpdates": False}
# ...and "Settings → Save Widget State Automatically" on: a save writes every widget's state.
SETTINGS = {
    "@jupyterlab/apputils-extension/notification": NOTIFICATIONS,
    "@jupyter-widgets/jupyterlab-manager/plugin": {"saveState": True},
}
THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}
T = TypeVar("T")


@dataclass(frozen=True)
class Lab:
    """A running JupyterLab: where it listens, its token, its folder and its log; and, for a
    test, ``folder``: the test's own folder under the server's root (``root`` is then that
    folder)."""

    url: str
    token: str
    root: Path
    log: Path
    folder: str = ""

    def page(self, name: str) -> str:
        """The address that opens ``name`` (in the test's folder)."""
        path = f"{self.folder}/{name}" if self.folder else name
        return f"{self.url}/lab/tree/{path}?token={self.token}"

    def api(self, method: str, path: str) -> Any:
        """A call to the server's REST API (``/api/...``): its JSON answer, None if empty."""
        request = urllib.request.Request(
            f"{self.url}{path}", method=method, headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(request, timeout=WAIT) as response:
            body = response.read()
        return json.loads(body) if body else None

    def tail(self) -> str:
        """The end of the server's log, for a failure message."""
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-30:])


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def ready(lab: Lab, process: subprocess.Popen[bytes]) -> bool:
    """Whether the server answers its REST API; fails at once if it has exited."""
    assert process.poll() is None, f"JupyterLab exited ({process.returncode}):\n{lab.tail()}"
    request = urllib.request.Request(
        f"{lab.url}/api/status", headers={"Authorization": f"token {lab.token}"}
    )
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return bool(response.status == 200)
    except OSError:  # not listening yet (URLError, refused, reset)
        return False


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop a process we started, by its id: SIGTERM (JupyterLab then shuts its kernels
    down), SIGKILL if it does not exit in time."""
    if process.poll() is None:
        os.kill(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.kill(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


@pytest.fixture
def lab(shared_lab: Lab, theme: str, request: pytest.FixtureRequest) -> Iterator[Lab]:
    """The shared JupyterLab (``running_lab``, tests/ui/conftest.py) for one test: in
    ``theme`` (the test's parameter: "light" or "dark"), with a folder of the test's own,
    no workspace; every kernel it started is shut down after it (``own_folder``)."""
    with own_folder(shared_lab, theme, request.node.name) as running:
        yield running


def settings_file(lab: Lab, plugin: str) -> Path:
    """Where ``running_lab`` keeps the user settings of ``plugin``."""
    return lab.log.parent / "jupyter" / "settings" / f"{plugin}.jupyterlab-settings"


def workspaces(lab: Lab) -> Path:
    """Where ``running_lab`` keeps the workspaces: each page's open tabs and layout."""
    return lab.log.parent / "jupyter" / "workspaces"


@contextlib.contextmanager
def own_folder(shared: Lab, theme: str, name: str) -> Iterator[Lab]:
    """``shared`` in ``theme`` (its settings file, read on each page load), with a new folder
    named for the test under its root, and no workspace (the server reads them on each page
    load: the tabs an earlier test left open are not restored); after the test, every
    session and kernel on the server is shut down, so the next test starts with none."""
    folder = "".join(each if each.isalnum() else "-" for each in name)
    (shared.root / folder).mkdir()
    for workspace in workspaces(shared).glob("*"):
        workspace.unlink()
    theme_file = settings_file(shared, "@jupyterlab/apputils-extension/themes")
    theme_file.write_text(json.dumps({"theme": THEMES[theme]}))
    try:
        yield dataclasses.replace(shared, root=shared.root / folder, folder=folder)
    finally:
        for session in shared.api("GET", "/api/sessions"):
            shared.api("DELETE", f"/api/sessions/{session['id']}")
        for kernel in shared.api("GET", "/api/kernels"):
            shared.api("DELETE", f"/api/kernels/{kernel['id']}")


@contextlib.contextmanager
def running_lab(tmp_path: Path) -> Iterator[Lab]:
    """JupyterLab on 127.0.0.1 at a free port with a random token, serving a temporary folder;
    its kernels see GITHUB_TOKEN=TOKEN. No user configuration, settings or workspace is
    read: the settings are SETTINGS (the theme is each test's: ``own_folder``)."""
    root = tmp_path / "notebooks"
    root.mkdir()
    home = tmp_path / "jupyter"
    lab = Lab(f"http://127.0.0.1:{free_port()}", secrets.token_hex(16), root, tmp_path / "lab.log")
    env = {
        **os.environ,
        "GITHUB_TOKEN": TOKEN,  # the kernel inherits the server's environment
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_DATA_DIR": str(home / "data"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(workspaces(lab)),
        "IPYTHONDIR": str(home / "ipython"),
    }
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--allow-root",
        "--ip=127.0.0.1",
        f"--port={lab.url.rsplit(':', 1)[1]}",
        "--ServerApp.port_retries=0",  # that port or fail, never a neighbour nobody looks at
        f"--IdentityProvider.token={lab.token}",
        f"--ServerApp.root_dir={root}",
        "--LabApp.news_url=None",  # nothing fetched from the web
    ]
    for plugin, values in SETTINGS.items():
        file = settings_file(lab, plugin)
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(json.dumps(values))
    with lab.log.open("wb") as log:
        process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + WAIT
        while not ready(lab, process):
            assert time.monotonic() < deadline, f"JupyterLab did not answer:\n{lab.tail()}"
            time.sleep(0.2)
        yield lab
    finally:
        stop(process)


@pytest.fixture
def browser(shared_chromium: WebDriver) -> Iterator[WebDriver]:
    """The shared headless Chromium (``chromium``, tests/ui/conftest.py), in a fresh tab
    (``fresh_tab``)."""
    with fresh_tab(shared_chromium) as driver:
        yield driver


@contextlib.contextmanager
def fresh_tab(driver: WebDriver) -> Iterator[WebDriver]:
    """``driver`` in a new tab, the only one, at 1400x1100, no cookie in the browser; after the
    test, what the page's site stored (local storage, IndexedDB, caches, service workers) is
    cleared and the tab is closed, which closes its connections (a server's WebSocket) at
    once. A tab's own state (scripts added by CDP, history) goes with it."""
    only_tab(driver)
    driver.set_window_size(1400, 1100)
    driver.delete_all_cookies()
    try:
        yield driver
    finally:
        url = urllib.parse.urlsplit(driver.current_url)
        if url.scheme in ("http", "https"):
            origin = f"{url.scheme}://{url.netloc}"
            driver.execute_cdp_cmd(
                "Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"}
            )
        only_tab(driver)


def only_tab(driver: WebDriver) -> None:
    """A new blank tab, every other one closed (the browser goes on: it has one left), in
    front, as the first tab is: a page in a tab opened later is otherwise never focused,
    and JupyterLab then shows no kernel in its status bar."""
    driver.switch_to.new_window("tab")
    tab = driver.current_window_handle
    for handle in driver.window_handles:
        if handle != tab:
            driver.switch_to.window(handle)
            driver.close()
    driver.switch_to.window(tab)
    driver.execute_cdp_cmd("Page.bringToFront", {})
    driver.execute_cdp_cmd("Emulation.setFocusEmulationEnabled", {"enabled": True})


@contextlib.contextmanager
def chromium(tmp_path: Path) -> Iterator[WebDriver]:
    """Headless Chromium through ChromeDriver (which listens on localhost only)."""
    if CHROMIUM is None or CHROMEDRIVER is None:
        pytest.fail(
            f"the browser test needs Chromium and ChromeDriver on PATH: {INSTALL} "
            "(.ci/run installs them; `-m 'not ui'` leaves this test out)"
        )
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",  # root in a container
        "--disable-gpu",
        "--disable-dev-shm-usage",  # a container's /dev/shm is small
        "--window-size=1400,1100",
        f"--user-data-dir={tmp_path / 'chromium'}",
    ):
        options.add_argument(argument)
    service = Service(CHROMEDRIVER, log_output=str(tmp_path / "chromedriver.log"))
    driver = webdriver.Chrome(options=options, service=service)
    try:
        yield driver
    finally:
        driver.quit()  # ends the browser, then ChromeDriver by its process id
        assert service.process.poll() is not None, "ChromeDriver is still running"


def write_notebook(folder: Path) -> None:
    cells: list[dict[str, object]] = [
        {
            "cell_type": "code",
            "id": f"cell-{number}",
            "metadata": {},
            "execution_count": None,
            "outputs": [],
            "source": source,
        }
        for number, source in enumerate(CELLS)
    ]
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    notebook = {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {"kernelspec": kernel, "language_info": {"name": "python"}},
        "cells": cells,
    }
    (folder / NOTEBOOK).write_text(json.dumps(notebook, indent=1))
    (folder / "github.toml").write_text(PROFILE)
    for name in ("styles.yaml", "common.yaml"):
        (folder / name).write_bytes((OPENAPI / name).read_bytes())


def wait(driver: WebDriver, what: str, found: Callable[[WebDriver], T | None]) -> T:
    """``found(driver)`` once it is truthy, polled; fails saying ``what`` after WAIT seconds."""
    waiting = WebDriverWait(
        driver, WAIT, poll_frequency=0.1, ignored_exceptions=[StaleElementReferenceException]
    )
    try:
        result: T = waiting.until(lambda driver: found(driver) or False)
    except TimeoutException:
        pytest.fail(f"waited {WAIT:.0f} s for {what}")
    return result


def run_all_cells(driver: WebDriver, cells: int = len(CELLS)) -> None:
    """Once the ``cells`` code cells are there and the kernel is idle (status bar), Run →
    Run All Cells from the menu bar."""
    wait(driver, "the notebook's cells", lambda d: len(d.find_elements(*CODE_CELLS)) == cells)
    wait(driver, "an idle kernel", lambda d: "| Idle" in d.find_element(*STATUS_BAR).text)
    menu = wait(driver, "the Run menu", lambda d: by_text(d, ".lm-MenuBar-item", "Run"))
    menu.click()
    item = wait(
        driver, "Run All", lambda d: by_text(d, ".lm-Menu-item:not(.lm-mod-disabled)", RUN_ALL)
    )
    item.click()


def by_text(scope: WebDriver | WebElement, selector: str, text: str) -> WebElement | None:
    """The first element matching ``selector`` whose visible text is ``text``."""
    return next(
        (e for e in scope.find_elements(By.CSS_SELECTOR, selector) if e.text == text), None
    )


def cell_output(driver: WebDriver, index: int) -> WebElement | None:
    """Code cell ``index``'s first output, scrolled into view (JupyterLab keeps the cells
    off screen out of the page); fails at once on a traceback or "Error displaying widget"."""
    cells = driver.find_elements(*CODE_CELLS)
    if len(cells) <= index:
        return None
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", cells[index])
    wrapper = cells[index].find_element(By.CSS_SELECTOR, ".jp-Cell-outputWrapper")
    assert "Error displaying widget" not in wrapper.text, wrapper.text
    assert "Traceback" not in wrapper.text, wrapper.text
    outputs = cells[index].find_elements(By.CSS_SELECTOR, ".jp-OutputArea-output")
    return outputs[0] if outputs and outputs[0].text.strip() else None


def output_of(index: int) -> Callable[[WebDriver], WebElement | None]:
    """What waits for code cell ``index``'s output."""
    return lambda driver: cell_output(driver, index)


def explorer(driver: WebDriver, index: int) -> WebElement | None:
    """The outer box of the explorer in code cell ``index``, once it has rendered."""
    output = cell_output(driver, index)
    boxes = output.find_elements(By.CSS_SELECTOR, ".widget-vbox") if output else []
    return boxes[0] if boxes else None  # the outermost: document order


def parts(root: WebElement) -> list[WebElement]:
    """The explorer's rows, top to bottom: route, status, find, hits, inputs and results."""
    return root.find_elements(By.XPATH, "./*")


def shown_panel(root: WebElement) -> WebElement | None:
    """The one results panel on display (the tab widget keeps the others hidden)."""
    panels = root.find_elements(By.CSS_SELECTOR, ".widget-tab-contents > *")
    displayed = [panel for panel in panels if panel.is_displayed()]
    return displayed[0] if len(displayed) == 1 else None


def open_tab(driver: WebDriver, root: WebElement, title: str, shows: str) -> WebElement:
    """Click the results tab ``title``; its panel, once it shows ``shows``."""
    tab = by_text(root, ".lm-TabBar-tab", title)
    assert tab is not None, f"no tab {title!r} in {root.text!r}"
    tab.click()

    def showing(_: WebDriver) -> WebElement | None:
        panel = shown_panel(root)
        return panel if panel is not None and shows in panel.text else None

    return wait(driver, f"the {title} panel to show {shows!r}", showing)


def row_inputs(root: WebElement) -> list[tuple[WebElement, WebElement]]:
    """Each parameter row's name and value fields (a row with a choice has no value input)."""
    pairs = []
    for row in root.find_elements(By.CSS_SELECTOR, ".widget-hbox"):
        fields = row.find_elements(By.TAG_NAME, "input")
        if len(fields) == 2:
            pairs.append((fields[0], fields[1]))
    return pairs


def value_input(root: WebElement, name: str) -> WebElement:
    """The value field of the parameter row named ``name``."""
    for name_field, value_field in row_inputs(root):
        if name_field.get_property("value") == name:
            return value_field
    pytest.fail(f"no parameter row {name!r} in {root.text!r}")


def status_of(root: WebElement) -> WebElement:
    return parts(root)[1]


OVERFLOW = """
const output = arguments[0], right = output.getBoundingClientRect().right;
const wider = [];
for (const each of output.querySelectorAll('*')) {
  const box = each.getBoundingClientRect();
  if (box.width > 0 && box.right > right + 0.5) {
    wider.push(`${each.tagName.toLowerCase()}.${each.className} ends at ${box.right}`);
  }
}
if (output.scrollWidth > output.clientWidth) wider.push(`scrolls: ${output.scrollWidth}`);
return [right, wider];
"""


def overflowing(driver: WebDriver) -> list[str]:
    """What is wider than its output area, in every result and explorer output."""
    found = []
    for index in (*RESULTS, *EXPLORERS):
        output = cell_output(driver, index)
        assert output is not None, f"cell {index} has no output"
        right, wider = driver.execute_script(OVERFLOW, output)
        found += [f"cell {index} (output ends at {right}): {each}" for each in wider[:5]]
    return found


def luminance(colour: str) -> float:
    """0 (black) to 1 (white), of a computed ``rgb(r, g, b)``."""
    red, green, blue = (int(part) for part in colour[colour.index("(") + 1 :].split(",")[:3])
    return (0.299 * red + 0.587 * green + 0.114 * blue) / 255


def saved_widget_state(path: Path, before: float) -> str | None:
    """The notebook file as saved after ``before`` with its widget state; else None."""
    if not path.exists() or path.stat().st_mtime <= before:
        return None
    text = path.read_text()
    return text if "application/vnd.jupyter.widget-state+json" in text else None


def results_in_the_theme(browser: WebDriver, theme: str) -> None:
    """Run all, and the results show as HTML tables, never as the JSON tree; left-aligned,
    in the theme's colours; the explorers render."""
    run_all_cells(browser)
    wait(browser, "the explorers to render", lambda d: explorer(d, EXPLORERS[-1]))
    for index, pieces in RESULTS.items():
        output = wait(browser, f"cell {index}'s result", output_of(index))
        classes = str(output.get_attribute("class"))
        assert "jp-RenderedHTMLCommon" in classes, classes
        assert "jp-RenderedJSON" not in classes, classes
        for piece in pieces:
            assert piece in output.text, f"cell {index}: {piece!r} not in {output.text!r}"
        assert TOKEN not in output.text
        cell = output.find_element(By.CSS_SELECTOR, "td")
        assert cell.value_of_css_property("text-align") == "left"
        light = luminance(cell.value_of_css_property("color")) < 0.5
        assert light == (theme == "light"), cell.value_of_css_property("color")


@pytest.mark.parametrize("theme", ["dark"])
def test_the_notebook_in_the_dark_theme(
    browser: WebDriver, lab: Lab, theme: str, tmp_path: Path
) -> None:
    """What the theme decides, in the dark one: the results' colours, and an explorer's
    text as light on its background as the theme's (the rest is the light run's: it does
    not depend on the theme)."""
    write_notebook(lab.root)
    browser.get(lab.page(NOTEBOOK))
    try:
        results_in_the_theme(browser, theme)
        user = wait(browser, "the first explorer", lambda d: explorer(d, EXPLORERS[0]))
        status = parts(user)[1]
        assert status.text == "✓ GET https://api.github.com/user"
        assert luminance(status.value_of_css_property("color")) > 0.5
        assert TOKEN not in browser.page_source
    finally:
        browser.save_screenshot(str(tmp_path / "jupyterlab.png"))


@pytest.mark.parametrize("theme", ["light"])
def test_the_notebook_in_jupyterlab(
    browser: WebDriver, lab: Lab, theme: str, tmp_path: Path
) -> None:
    """Open, run all, and look, as a person would: results as HTML, the explorers' tabs
    with secrets hidden then revealed, values typed, the layout at 1400 and 900 px, and the
    widget state saved in the file."""
    write_notebook(lab.root)
    browser.get(lab.page(NOTEBOOK))
    try:
        results_in_the_theme(browser, theme)

        # GET /user with the profile: the route in its box, the request line in the status.
        user = wait(browser, "the first explorer", lambda d: explorer(d, EXPLORERS[0]))
        route, status, *_ = parts(user)
        assert route.find_element(By.TAG_NAME, "label").text == "Route"
        assert route.find_element(By.TAG_NAME, "input").get_property("value") == "GET /user"
        assert status.text == "✓ GET https://api.github.com/user"
        layers = user.find_elements(By.CSS_SELECTOR, ".widget-checkbox")
        assert [each.text for each in layers] == ["built-in defaults", "github", "session"]

        # Every tab shows its panel; none holds the token while "reveal secrets" is off.
        titles = [tab.text for tab in user.find_elements(By.CSS_SELECTOR, ".lm-TabBar-tab")]
        assert titles == list(PANELS)
        for title, shows in PANELS.items():
            panel = open_tab(browser, user, title, shows)
            for text in (panel.text, panel.get_property("textContent")):
                assert TOKEN not in str(text), f"the {title} panel shows the token"
            if title != "Pasted":  # until a request is pasted, it says how
                assert "<REDACTED>" in panel.text, f"{title}: {panel.text}"
        assert TOKEN not in browser.page_source

        # Revealed, the curl panel carries the token from the kernel's environment.
        reveal = user.find_element(By.XPATH, ".//button[contains(., 'reveal secrets')]")
        reveal.click()
        curl = open_tab(browser, user, "curl", f"authorization: token {TOKEN}")
        assert "<REDACTED>" not in curl.text

        # GET /repos/{owner}/{repo}: the status names what is missing until it is typed.
        repo = wait(browser, "the second explorer", lambda d: explorer(d, EXPLORERS[1]))
        status = status_of(repo)
        assert "no value for {owner}, {repo}" in status.text
        typed = {"owner": "octocat", "repo": "hello-world"}
        for row, text in typed.items():
            value_input(repo, row).send_keys(text)
        expected = "GET https://api.github.com/repos/octocat/hello-world"
        wait(browser, f"the status to show {expected!r}", lambda _: expected in status.text)
        assert status.text == f"✓ {expected}"
        for row, text in typed.items():  # every key kept, whatever the kernel said meanwhile
            assert value_input(repo, row).get_property("value") == text

        # A row of one's own named as a secret: a password field, redacted in the status.
        rows = len(row_inputs(repo))
        repo.find_element(By.XPATH, ".//button[contains(., 'add a row')]").click()
        wait(browser, "the row added", lambda _: len(row_inputs(repo)) == rows + 1)
        name, value = row_inputs(repo)[-1]
        assert name.get_property("value") == value.get_property("value") == ""
        name.send_keys("access_token")
        value.send_keys(TYPED)
        warning = "! repos/get: GitHub documents no parameter 'access_token'"
        wait(browser, f"the status to say {warning!r}", lambda _: status.text == warning)
        open_tab(browser, repo, "Parsed", f"{expected}?access_token=<REDACTED>")
        assert value.get_attribute("type") == "password"
        assert TYPED not in browser.page_source

        # A curl pasted (explore(paste=...)): its route, the URL it sends, and the Pasted
        # tab part by part; its authorization's token nowhere on the page.
        pasted = wait(browser, "the pasted explorer", lambda d: explorer(d, EXPLORERS[2]))
        route = parts(pasted)[0].find_element(By.TAG_NAME, "input")
        assert route.get_property("value") == "GET /repos/{owner}/{repo}/issues"
        sent = f"✓ GET {ISSUES}?state=open"
        wait(browser, f"the status {sent!r}", lambda _: status_of(pasted).text == sent)
        panel = open_tab(browser, pasted, "Pasted", "→ path owner")
        assert "Bearer <REDACTED>" in panel.text
        assert TOKEN not in str(pasted.get_attribute("innerHTML"))  # the first is revealed
        box = parts(pasted)[4].find_element(By.TAG_NAME, "textarea")
        assert TOKEN not in str(box.get_property("value"))
        assert "Bearer <REDACTED>" in str(box.get_property("value"))

        # Another API (explore(..., catalog=...)): its form by the description, header and
        # cookie rows, the request sent to its server; the cookie a secret, never shown.
        styled = wait(browser, "the catalog's explorer", lambda d: explorer(d, EXPLORERS[3]))
        status = status_of(styled)
        assert status.text == "! getQuery: headers.x-request-id (header) is required (+1 more)"
        find = parts(styled)[2].find_element(By.TAG_NAME, "input")
        assert find.get_attribute("placeholder") == "Styles 1.0: routes by words"
        value_input(styled, "headers.x-request-id").send_keys("r1")
        cookie = value_input(styled, "cookie.session")
        cookie.send_keys(TYPED)
        sent = "✓ GET https://eu.example.com/v1/query"
        wait(browser, f"the status {sent!r}", lambda _: status.text == sent)
        panel = open_tab(browser, styled, "curl", "cookie: <REDACTED>")
        assert "x-request-id: r1" in panel.text
        assert cookie.get_attribute("type") == "password"
        assert TYPED not in browser.page_source

        # Side by side at 1400 px, stacked at 900 px, and nothing wider than its output.
        for width, side_by_side in ((1400, True), (900, False)):
            browser.set_window_size(width, 1100)
            gone = wait(browser, f"no overflow at {width} px", lambda d: not overflowing(d))
            assert gone, overflowing(browser)
            inputs, results = parts(parts(repo)[-1])
            beside = inputs.rect["y"] == results.rect["y"]
            assert beside == side_by_side, (width, inputs.rect, results.rect)

        # Saved with its widget state (the setting is on), the file holds neither secret:
        # the token revealed in the first explorer, nor the one typed in the second.
        saved = lab.root / NOTEBOOK
        before = saved.stat().st_mtime
        value.click()
        ActionChains(browser).key_down(Keys.CONTROL).send_keys("s").key_up(Keys.CONTROL).perform()
        text = wait(browser, "the notebook saved", lambda _: saved_widget_state(saved, before))
        assert TOKEN not in text
        assert TYPED not in text
        assert "<REDACTED>" in text  # the panes' state: what they show with reveal off
    finally:
        browser.save_screenshot(str(tmp_path / "jupyterlab.png"))
