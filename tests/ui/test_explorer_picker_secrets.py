"""The route picker's message line says the words searched with their credentials
hidden (issue 32, F7): it is not the field being edited, which keeps them as typed."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Input, Static

from restroute.tui import make_app
from restroute.tui.screens.route_picker import RoutePicker
from tests.ui.test_explorer import SIZE, press, until

T = "ghp_" + "Ab1" * 12


@pytest.mark.parametrize(
    ("query", "secret"),
    [
        (T, "Ab1Ab1"),
        ("Bearer Ab1Ab1Ab1Ab1Ab1", "Ab1Ab1"),
        ("access_token=SeKrEtVaL", "SeKrEtVaL"),
        ("password=SeKrEtVaL create", "SeKrEtVaL"),
    ],
)
async def test_the_pickers_message_hides_the_credentials_searched(query: str, secret: str) -> None:
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await press(pilot, "f2")
        assert isinstance(app.screen, RoutePicker)
        field = app.screen.query_one("#picker-query", Input)
        field.post_message(events.Paste(query))
        await until(pilot, lambda: field.value == query, "pasted")
        hint = app.screen.query_one("#picker-hint", Static)
        await until(pilot, lambda: "no route has the words" in str(hint.render()), "counted")
        assert secret not in str(hint.render())
        assert "<REDACTED>" in str(hint.render())
        assert field.value == query  # the query itself is kept as typed
