"""Write screenshots/jupyterlab-*.png: examples/explore.ipynb run in JupyterLab, light and dark.

Usage: python scripts/notebook_screenshots.py   (needs the test extra, chromium and
chromedriver: the same harness as tests/ui/test_browser.py)

The token in the kernel's environment is the browser test's made-up one, and every
screenshot is taken with secrets redacted, as a notebook shows them by default.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402
from tests.ui.test_browser import (  # noqa: E402
    CODE_CELLS,
    chromium,
    explorer,
    output_of,
    own_folder,
    run_all_cells,
    running_lab,
    value_input,
    wait,
)

OUT = ROOT / "screenshots"
NOTEBOOK = ROOT / "examples" / "explore.ipynb"
VALUES = {"owner": "octocat", "repo": "hello-world", "milestone": "3"}
EXPLAIN, EXPLORER = 4, 6  # the code cells shown: explain(...), and the live explorer


def code_cells() -> int:
    cells = json.loads(NOTEBOOK.read_text())["cells"]
    return sum(cell["cell_type"] == "code" for cell in cells)


def shoot(driver: WebDriver, index: int, name: str) -> None:
    """Scroll code cell ``index`` to the top of the notebook and save the window."""
    cell = driver.find_elements(*CODE_CELLS)[index]
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", cell)
    driver.save_screenshot(str(OUT / name))
    print(f"wrote screenshots/{name}")


def screenshots(theme: str) -> None:
    """Run the example notebook in JupyterLab's ``theme``, type into its explorer, shoot."""
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        with (
            running_lab(tmp) as shared,
            own_folder(shared, theme, "screenshots") as lab,
            chromium(tmp) as driver,
        ):
            shutil.copytree(ROOT / "sample_profiles", lab.root / "sample_profiles")
            (lab.root / "examples").mkdir()
            shutil.copy(NOTEBOOK, lab.root / "examples" / NOTEBOOK.name)
            driver.set_window_size(1400, 1000)
            driver.get(lab.page(f"examples/{NOTEBOOK.name}"))
            run_all_cells(driver, code_cells())
            wait(driver, "the explain table", output_of(EXPLAIN))
            root = wait(driver, "the explorer", lambda d: explorer(d, EXPLORER))
            for name, value in VALUES.items():
                value_input(root, name).send_keys(value)
            wait(driver, "the status", lambda _: "&milestone=3" in root.text)
            driver.find_element(By.CSS_SELECTOR, ".jp-SideBar .lm-TabBar-tab").click()
            if theme == "light":
                shoot(driver, EXPLAIN, "jupyterlab-explain-light.png")
            shoot(driver, EXPLORER, f"jupyterlab-explorer-{theme}.png")


def main() -> None:
    for theme in ("light", "dark"):
        screenshots(theme)


if __name__ == "__main__":
    main()
