"""examples/explore.ipynb runs on a real kernel (nbclient + ipykernel) and shows what it says."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

EXAMPLE = Path(__file__).parents[2] / "examples" / "explore.ipynb"
TOKEN = "ghp_kernel_secret_never_shown"
ISSUES = "https://api.github.com/repos/octocat/hello-world/issues"


def run(folder: Path) -> list[dict[str, Any]]:
    """The notebook's code cells after a run by a kernel started in ``folder``, with a
    token in its environment."""
    notebook = nbformat.read(EXAMPLE, as_version=4)  # type: ignore[no-untyped-call]
    assert all(not cell.get("outputs") for cell in notebook.cells if cell.cell_type == "code")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GITHUB_TOKEN", TOKEN)  # the kernel inherits it
        client = NotebookClient(
            notebook,
            timeout=120,
            kernel_name="python3",
            resources={"metadata": {"path": str(folder)}},
        )
        client.execute()
    return [cell for cell in notebook.cells if cell.cell_type == "code"]


@pytest.fixture(scope="module")
def executed() -> list[dict[str, Any]]:
    """The cells after a run in the notebook's folder, as Jupyter and VS Code start it."""
    return run(EXAMPLE.parent)


def data(cell: dict[str, Any]) -> dict[str, Any]:
    """The display bundle of a cell's result."""
    (result,) = [out for out in cell["outputs"] if out["output_type"] == "execute_result"]
    bundle: dict[str, Any] = result["data"]
    return bundle


def test_every_cell_runs_and_no_output_holds_the_token(executed: list[dict[str, Any]]) -> None:
    """No errors; the token from the environment shows nowhere, redacted everywhere."""
    everything = json.dumps(executed)

    assert [
        out for cell in executed for out in cell["outputs"] if out["output_type"] == "error"
    ] == []
    assert TOKEN not in everything
    assert "token <REDACTED>" in everything


def test_merge_keeps_the_template_and_parse_expands_it(executed: list[dict[str, Any]]) -> None:
    """The merged dict still holds {owner}; the parsed options show as HTML (which
    JupyterLab shows: no JSON beside it), and as a JSON tree when asked."""
    _, merged, parsed, as_json, explained, posted, widget = executed

    for cell in (merged, parsed, explained, posted):
        assert set(data(cell)) == {"text/plain", "text/html"}
    assert (
        "<td><code>url</code></td><td><code>&quot;/repos/{owner}/{repo}/issues&quot;"
        in (data(merged)["text/html"])
    )
    assert "<td><code>headers.authorization</code></td>" in data(merged)["text/html"]
    assert data(as_json)["application/json"]["url"] == f"{ISSUES}?per_page=100"
    assert f"<b>GET</b> {ISSUES}?per_page=100" in data(parsed)["text/html"]
    assert "application/vnd.github.v3.full+json" in data(parsed)["text/html"]
    assert "<summary>curl</summary>" in data(parsed)["text/html"]
    assert "<th>from layer</th>" in data(explained)["text/html"]
    assert "<td><code>teaching</code></td>" in data(explained)["text/html"]
    assert "&quot;title&quot;: &quot;Found a bug&quot;" in data(posted)["text/html"]
    assert "application/vnd.jupyter.widget-view+json" in data(widget)
    assert data(widget)["text/plain"].startswith("restroute explorer: GET /repos/")


def test_it_runs_from_another_working_folder(tmp_path: Path) -> None:
    """A kernel started elsewhere (papermill, a script) still finds sample_profiles/."""
    cells = run(tmp_path)

    assert [
        out for cell in cells for out in cell["outputs"] if out["output_type"] == "error"
    ] == []
    assert f"<b>GET</b> {ISSUES}?per_page=100" in data(cells[2])["text/html"]
