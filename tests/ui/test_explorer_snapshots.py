"""SVG snapshots of the explorer's main states (pytest-textual-snapshot).

Baselines live in tests/__snapshots__/test_explorer_snapshots/; after a deliberate UI
change, regenerate them with ``pytest tests/ui/test_explorer_snapshots.py --snapshot-update``
and look at them before committing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input

from restroute.profiles import load_profile
from restroute.tui import RestrouteApp, make_app
from restroute.tui.widgets.param_row import ParamRow
from tests.ui.test_explorer import click_tab, value_input

SIZES = [(80, 24), (160, 48)]  # the smallest terminal the explorer fits, and a large one
EXAMPLE = "GET /repos/{owner}/{repo}/issues"
TEACHING = Path(__file__).parents[2] / "sample_profiles" / "teaching.toml"
SnapCompare = Callable[..., bool]
Size = tuple[int, int]
size = pytest.mark.parametrize("terminal", SIZES, ids=["80x24", "160x48"])


@pytest.fixture(autouse=True)
def steady_cursor(monkeypatch: pytest.MonkeyPatch) -> None:
    """The input cursor does not blink, so a screenshot does not depend on timing."""
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)


async def fill_placeholders(pilot: Pilot[None]) -> None:
    """Type owner and repo into the placeholder rows of the example route."""
    for name, value in (("owner", "octocat"), ("repo", "hello-world")):
        row = next(row for row in pilot.app.query(ParamRow) if row.pair[0] == name)
        (await value_input(row)).focus()
        await pilot.pause()
        for char in value:  # queued at once, as a fast typist does; pilot.press waits per key
            pilot.app.post_message(events.Key(char if char.isalnum() else "minus", char))
        await pilot.pause()


def then_tab(tab: str) -> Callable[[Pilot[None]], Awaitable[None]]:
    """Fill the placeholders, then click the results tab ``tab``."""

    async def run_before(pilot: Pilot[None]) -> None:
        await fill_placeholders(pilot)
        await click_tab(pilot, tab)
        await pilot.pause()

    return run_before


def example() -> RestrouteApp:
    """The example route under the teaching profile: a layer to see in the cascade."""
    return make_app(route=EXAMPLE, profiles=[load_profile(TEACHING)])


@size
def test_snapshot_example_route_filled(snap_compare: SnapCompare, terminal: Size) -> None:
    """The example route with owner and repo typed: status URL, parsed tab, the layers."""
    assert snap_compare(example(), terminal_size=terminal, run_before=fill_placeholders)


@size
def test_snapshot_curl_tab(snap_compare: SnapCompare, terminal: Size) -> None:
    """The curl tab of the example request."""
    assert snap_compare(example(), terminal_size=terminal, run_before=then_tab("curl"))


@size
def test_snapshot_explain_tab(snap_compare: SnapCompare, terminal: Size) -> None:
    """The explain tab: each option's cascade, the value kept, where it went."""
    assert snap_compare(example(), terminal_size=terminal, run_before=then_tab("explain"))


@size
def test_snapshot_problems_tab(snap_compare: SnapCompare, terminal: Size) -> None:
    """F3 on a route with an error and warnings: every one listed, none behind +N more."""

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.app.workers.wait_for_complete()
        await pilot.press("f3")
        await pilot.pause()

    app = make_app(route=EXAMPLE, values=[("owner", "o"), ("state", "shut"), ("color", "x")])
    assert snap_compare(app, terminal_size=terminal, run_before=run_before)


@size
def test_snapshot_error_state(snap_compare: SnapCompare, terminal: Size) -> None:
    """An unbalanced brace: the library's message in red, the route kept as typed."""
    assert snap_compare(make_app(route="GET /repos/{owner"), terminal_size=terminal)


@size
def test_snapshot_help_screen(snap_compare: SnapCompare, terminal: Size) -> None:
    """F1: the help screen over the explorer."""
    assert snap_compare(example(), terminal_size=terminal, press=["f1"])


@size
def test_snapshot_route_picker(snap_compare: SnapCompare, terminal: Size) -> None:
    """F2 and "create issue": the hits under their categories, the first one highlighted."""

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.app.workers.wait_for_complete()
        await pilot.press("f2")
        for char in "create issue":
            pilot.app.post_message(events.Key(char if char != " " else "space", char))
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=terminal, run_before=run_before)


@size
def test_snapshot_catalog_form_with_a_warning(snap_compare: SnapCompare, terminal: Size) -> None:
    """Create an issue: the form from the catalog, owner and repo typed, the status warns
    that GitHub requires a title, the help shows the focused parameter."""
    app = make_app(route="POST /repos/{owner}/{repo}/issues")
    assert snap_compare(app, terminal_size=terminal, run_before=fill_placeholders)
