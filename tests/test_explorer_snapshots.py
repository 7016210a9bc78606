"""SVG snapshots of the explorer's main states (pytest-textual-snapshot).

Baselines live in tests/__snapshots__/test_explorer_snapshots/; after a deliberate UI
change, regenerate them with ``pytest tests/test_explorer_snapshots.py --snapshot-update``
and look at them before committing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input

from restroute.tui import RestrouteApp, make_app
from restroute.tui.widgets.param_row import ParamRow

SIZE = (140, 40)
EXAMPLE = "GET /repos/{owner}/{repo}/issues"

SnapCompare = Callable[..., bool]


@pytest.fixture(autouse=True)
def steady_cursor(monkeypatch: pytest.MonkeyPatch) -> None:
    """The input cursor does not blink, so a screenshot does not depend on timing."""
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)


async def fill_placeholders(pilot: Pilot[None]) -> None:
    """Type owner and repo into the placeholder rows of the example route."""
    for name, value in (("owner", "octocat"), ("repo", "hello-world")):
        row = next(row for row in pilot.app.query(ParamRow) if row.pair[0] == name)
        row.query_one(".param-value", Input).focus()
        await pilot.pause()
        for char in value:  # queued at once, as a fast typist does; pilot.press waits per key
            pilot.app.post_message(events.Key(char if char.isalnum() else "minus", char))
        await pilot.pause()


def then_tab(tab: str) -> Callable[[Pilot[None]], Awaitable[None]]:
    """Fill the placeholders, then click the results tab ``tab``."""

    async def run_before(pilot: Pilot[None]) -> None:
        await fill_placeholders(pilot)
        await pilot.click(f"Tab#{tab}, #--content-tab-{tab}")  # Tabs or TabbedContent
        await pilot.pause()

    return run_before


def example() -> RestrouteApp:
    return make_app(route=EXAMPLE)


def test_snapshot_example_route_filled(snap_compare: SnapCompare) -> None:
    """The example route with owner and repo typed: status URL, parsed tab."""
    assert snap_compare(example(), terminal_size=SIZE, run_before=fill_placeholders)


def test_snapshot_curl_tab(snap_compare: SnapCompare) -> None:
    """The curl tab of the example request, the token-free built-in headers shown."""
    assert snap_compare(example(), terminal_size=SIZE, run_before=then_tab("curl"))


def test_snapshot_explain_tab(snap_compare: SnapCompare) -> None:
    """The explain tab: every option, its value, its layer and where it went."""
    assert snap_compare(example(), terminal_size=SIZE, run_before=then_tab("explain"))


def test_snapshot_error_state(snap_compare: SnapCompare) -> None:
    """An unbalanced brace: the library's message in red, the route kept as typed."""
    assert snap_compare(make_app(route="GET /repos/{owner"), terminal_size=SIZE)


def test_snapshot_help_screen(snap_compare: SnapCompare) -> None:
    """F1: the help screen over the explorer."""
    assert snap_compare(example(), terminal_size=SIZE, press=["f1"])


def test_snapshot_route_picker(snap_compare: SnapCompare) -> None:
    """F2 and "create issue": the hits under their categories, the first one highlighted."""

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.app.workers.wait_for_complete()
        await pilot.press("f2")
        for char in "create issue":
            pilot.app.post_message(events.Key(char if char != " " else "space", char))
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_snapshot_catalog_form_with_a_warning(snap_compare: SnapCompare) -> None:
    """Create an issue: the form from the catalog, owner and repo typed, the status warns
    that GitHub requires a title, the help shows the focused repo parameter."""
    app = make_app(route="POST /repos/{owner}/{repo}/issues")
    assert snap_compare(app, terminal_size=SIZE, run_before=fill_placeholders)
