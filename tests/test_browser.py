"""The notebook explorer as a person sees it: JupyterLab in headless Chromium, driven by selenium.

A notebook written here runs two explorers on a real kernel whose environment holds a fake
token; the test looks at the page: the widgets render, each results tab shows its panel, no
panel shows the token until "reveal secrets" is on, and typing a parameter updates the status.
Chromium and ChromeDriver come from apt (``.ci/run`` installs them); without them this fails.
After a run, the test's tmp_path holds jupyterlab.png (the page at the end, pass or fail),
lab.log (the server and kernel) and chromedriver.log.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
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
CELLS = (
    'from restroute.jupyter import explore\n\nexplore("GET /user", profile=["github.toml"])',
    'explore("GET /users/{username}")',
)
# The results tabs in order, and a piece of what each panel shows for GET /user.
PANELS = {
    "Parsed": "GET https://api.github.com/user",
    "Merged": '"url": "/user"',
    "Explain": "from layer",
    "curl": "curl \\",
    "Python": "import requests",
    "httpx": "import httpx",
    "JSON": '"method": "get"',
}
RUN_ALL = "Run All Cells"  # the Run menu's item ("Run All" while no notebook is active)
CODE_CELLS = (By.CSS_SELECTOR, ".jp-Notebook .jp-CodeCell")
STATUS_BAR = (By.ID, "jp-main-statusbar")  # "Python 3 (ipykernel) | Idle"
# Settings as a person would leave them: no "official Jupyter news?" toast over the notebook.
NOTIFICATIONS = {"fetchNews": "false", "checkForUpdates": False}
T = TypeVar("T")


@dataclass(frozen=True)
class Lab:
    """A running JupyterLab: where it listens, its token, its folder and its log."""

    url: str
    token: str
    root: Path
    log: Path

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
def lab(tmp_path: Path) -> Iterator[Lab]:
    """JupyterLab on 127.0.0.1 at a free port with a random token, serving a temporary folder;
    its kernels see GITHUB_TOKEN=TOKEN. No user configuration, settings or workspace is read."""
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
        "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"),
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
    settings = home / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(json.dumps(NOTIFICATIONS))
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
def browser(tmp_path: Path) -> Iterator[WebDriver]:
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


def run_all_cells(driver: WebDriver) -> None:
    """Once the kernel is idle (status bar), Run → Run All Cells from the menu bar."""
    wait(driver, "the notebook's cells", lambda d: len(d.find_elements(*CODE_CELLS)) == len(CELLS))
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


def explorers(driver: WebDriver) -> list[WebElement] | None:
    """The explorers' outer boxes, one a code cell, once every cell shows one; fails at once
    on a traceback or "Error displaying widget"."""
    roots = []
    for cell in driver.find_elements(*CODE_CELLS):
        text = cell.find_element(By.CSS_SELECTOR, ".jp-Cell-outputWrapper").text
        assert "Error displaying widget" not in text, text
        assert "Traceback" not in text, text
        boxes = cell.find_elements(By.CSS_SELECTOR, ".jp-OutputArea-output .widget-vbox")
        if not boxes:
            return None
        roots.append(boxes[0])  # the outermost: document order
    return roots if len(roots) == len(CELLS) else None


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


def value_input(root: WebElement, name: str) -> WebElement:
    """The value field of the parameter row named ``name``."""
    for row in root.find_elements(By.CSS_SELECTOR, ".widget-hbox"):
        fields = row.find_elements(By.XPATH, "./*/input")  # a row's own text fields
        if len(fields) >= 2 and fields[0].get_property("value") == name:
            return fields[1]
    pytest.fail(f"no parameter row {name!r} in {root.text!r}")


def test_the_notebook_explorer_in_jupyterlab(browser: WebDriver, lab: Lab, tmp_path: Path) -> None:
    """Open, run all, look at the tabs with secrets hidden then revealed, type a parameter."""
    write_notebook(lab.root)
    browser.get(f"{lab.url}/lab/tree/{NOTEBOOK}?token={lab.token}")
    try:
        run_all_cells(browser)
        user, username = wait(browser, "both explorers to render", explorers)

        # GET /user with the profile: the route in its box, the request line in the status.
        route, status, *_ = parts(user)
        assert route.find_element(By.TAG_NAME, "label").text == "Route"
        assert route.find_element(By.TAG_NAME, "input").get_property("value") == "GET /user"
        assert status.text == "✓ GET https://api.github.com/user"

        # Every tab shows its panel; none holds the token while "reveal secrets" is off.
        titles = [tab.text for tab in user.find_elements(By.CSS_SELECTOR, ".lm-TabBar-tab")]
        assert titles == list(PANELS)
        for title, shows in PANELS.items():
            panel = open_tab(browser, user, title, shows)
            for text in (panel.text, panel.get_property("textContent")):
                assert TOKEN not in str(text), f"the {title} panel shows the token"
            assert "<REDACTED>" in panel.text, f"{title}: {panel.text}"
        assert TOKEN not in browser.page_source

        # Revealed, the curl panel carries the token from the kernel's environment.
        reveal = user.find_element(By.XPATH, ".//button[contains(., 'reveal secrets')]")
        reveal.click()
        curl = open_tab(browser, user, "curl", f"authorization: token {TOKEN}")
        assert "<REDACTED>" not in curl.text

        # GET /users/{username}: the status names the missing value until one is typed.
        status = parts(username)[1]
        assert "no value for {username}" in status.text
        value_input(username, "username").send_keys("octocat")
        expected = "GET https://api.github.com/users/octocat"
        wait(browser, f"the status to show {expected!r}", lambda _: expected in status.text)
        assert status.text == f"✓ {expected}"
    finally:
        browser.save_screenshot(str(tmp_path / "jupyterlab.png"))
