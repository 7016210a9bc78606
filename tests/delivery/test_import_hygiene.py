"""`import restroute` stays light: no terminal UI, no clipboard, no notebook packages."""

from __future__ import annotations

import subprocess
import sys

import pytest

FORBIDDEN = ("textual", "pyperclip", "ipywidgets", "IPython", "rich")


@pytest.mark.parametrize(
    "statement",
    [
        "import restroute",
        "import restroute.cli",
        # a result's notebook display is strings: no notebook package for it
        "import restroute; restroute.endpoint('GET /user')._repr_mimebundle_()",
    ],
)
def test_import_loads_no_ui_packages(statement: str) -> None:
    """A fresh interpreter importing the library loads none of the UI packages."""
    code = (
        f"{statement}\nimport sys\nprint(','.join(m for m in {FORBIDDEN!r} if m in sys.modules))"
    )

    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()

    assert loaded == ""


@pytest.mark.parametrize("statement", ["import restroute.reader", "import restroute.tui"])
def test_the_octokit_reader_loads_only_for_an_octokit_call(statement: str) -> None:
    """Compiling its patterns takes 140 ms, which the explorer's first frame paid: the
    route bar imports the reader, and reads an Octokit call only once one is pasted."""
    code = f"{statement}\nimport sys\nprint('restroute.reader._jsdata' in sys.modules)"

    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )

    assert loaded.stdout.strip() == "False"
