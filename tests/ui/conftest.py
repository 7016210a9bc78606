"""The explorers as people meet them: Textual's pilot, SVG snapshots, tmux, kernels, and
JupyterLab in Chromium.

What is slow to start is started once per test process (each xdist worker) and shared, each
test getting a part of its own: one JupyterLab server (a folder, a workspace and a theme per
test, its kernels shut down after it), one headless Chromium (a fresh tab per test) and one
tmux server (a session per test, removed after it, with the paste buffers)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.remote.webdriver import WebDriver

from tests.conftest import mark_folder
from tests.ui.test_browser import Lab, chromium, running_lab
from tests.ui.test_explorer_tmux import tmux_server

# The tests that drive another process (a terminal, JupyterLab, a browser, a kernel) wait
# more than they compute, and the longest of the layer are among them.
WAITING = {"shared_tmux", "shared_lab", "shared_chromium", "executed"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the folder's tests ``ui``, and put the waiting ones first, the longest (the
    browser's, the terminal's jobs) at the head: handed out a test at a time
    (``--maxschedchunk 1``, as .ci/run does), the workers fill their waits with the
    pilot tests' computing, and none is left with a long test at the end."""
    mark_folder(items, Path(__file__).parent, "ui")
    items.sort(key=lambda item: WAITING.isdisjoint(getattr(item, "fixturenames", ())))
    for item in items:
        if item.path.name.startswith(TERMINAL_EXPLORER):
            item.add_marker(pytest.mark.no_cover)


# The terminal explorer's tests run without coverage: its code is left out of the measure
# (pyproject.toml, [tool.coverage.run] omit), and what they reach below it (the session,
# the snippets) the unit layer covers; measuring it there doubled their time (37.8 s of
# CPU for two of their files, 18.2 s without).
TERMINAL_EXPLORER = "test_explorer"


@pytest.fixture(scope="session")
def shared_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """The test process's JupyterLab (tests/ui/test_browser.py: ``running_lab``, ``lab``)."""
    with running_lab(tmp_path_factory.mktemp("jupyterlab")) as lab:
        yield lab


@pytest.fixture(scope="session")
def shared_chromium(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    """The test process's headless Chromium (tests/ui/test_browser.py: ``chromium``,
    ``browser``)."""
    with chromium(tmp_path_factory.mktemp("chromium")) as driver:
        yield driver


@pytest.fixture(scope="session")
def shared_tmux(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The test process's tmux server, by its socket (tests/ui/test_explorer_tmux.py:
    ``tmux_server``, ``tmux_socket``)."""
    with tmux_server(tmp_path_factory.mktemp("tmux") / "tmux.sock") as socket:
        yield socket
