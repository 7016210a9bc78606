"""The route bar shows a route's secrets hidden while it does not have the focus, as the
notebook's route field does (issue 32, S14); while it is edited it holds the real text,
and nothing typed is lost."""

from __future__ import annotations

import pytest

from restroute.tui import make_app
from restroute.tui.widgets.route_bar import RouteBar
from tests.ui.test_explorer import SIZE, press, until


def _line(bar: RouteBar) -> str:
    return bar.render_line(0).text


@pytest.mark.parametrize(
    ("route", "secret"),
    [
        ("GET https://u:SeKrEtVaL@api.github.com/user", "SeKrEtVaL"),
        ("GET https://api.github.com/user?access_token=SeKrEtVaL", "SeKrEtVaL"),
    ],
)
async def test_the_route_bar_hides_the_routes_secrets_when_left(route: str, secret: str) -> None:
    app = make_app(route=route)
    async with app.run_test(size=SIZE) as pilot:
        bar = app.query_one(RouteBar)
        await until(pilot, lambda: app.catalog_ready, "loaded")
        assert bar.has_focus
        assert secret in _line(bar)  # edited: the real text
        await press(pilot, "tab")  # the focus leaves the route bar
        await until(pilot, lambda: not bar.has_focus, "left")
        assert secret not in _line(bar)
        assert "<REDACTED>" in _line(bar)
        assert bar.value == route  # the route itself is kept
        await pilot.press("ctrl+r", "ctrl+r")  # secrets shown: the route as it is
        await pilot.pause()
        assert secret in _line(bar)
        await pilot.press("ctrl+r")  # redacted again
        await pilot.pause()
        assert secret not in _line(bar)
        bar.focus()
        await pilot.pause()
        await pilot.press("end", "x")
        await pilot.pause()
        assert bar.value == route + "x"  # nothing typed is lost
        assert secret in _line(bar)


async def test_a_route_without_secrets_shows_as_it_is_when_left() -> None:
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        bar = app.query_one(RouteBar)
        await until(pilot, lambda: app.catalog_ready, "loaded")
        await press(pilot, "tab")  # the focus leaves the route bar
        await pilot.pause()
        assert _line(bar).startswith("GET /user")


TOKEN = "ghp_" + "1234567890" * 3 + "123456"


def _screen(app: object) -> str:
    import html
    import re

    shot = app.export_screenshot()  # type: ignore[attr-defined]
    return html.unescape(re.sub(r"<[^>]+>", "", shot)).replace("\xa0", " ")


async def test_the_route_bar_hides_a_tokens_shape_when_left() -> None:
    """The second attack (F5): a route holding a token's shape, shown as typed."""
    app = make_app(route="GET /user?" + TOKEN + "=1")
    async with app.run_test(size=SIZE) as pilot:
        bar = app.query_one(RouteBar)
        await until(pilot, lambda: app.catalog_ready, "loaded")
        await press(pilot, "tab")  # the focus leaves the route bar
        await until(pilot, lambda: not bar.has_focus, "left")
        assert "1234567890" not in _line(bar)
        assert "<REDACTED>" in _line(bar)


async def test_a_row_named_by_a_tokens_shape_shows_hidden_until_revealed() -> None:
    """The second attack (F5): ``values=[(T, "1")]`` showed the token as the row's name."""
    app = make_app(route="GET /user", values=[(TOKEN, "1")])
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.catalog_ready, "loaded")
        await pilot.pause()
        assert "1234567890" not in _screen(app)
        assert "<REDACTED>" in _screen(app)
        await pilot.press("ctrl+r", "ctrl+r")  # secrets shown: the name as it is
        await pilot.pause()
        assert "1234567890" in _screen(app)


@pytest.mark.parametrize("dialog", ["ctrl+s", "f1", "ctrl+p"])  # save, help, commands
async def test_a_dialog_over_the_route_bar_shows_it_hidden(dialog: str) -> None:
    """The third attack (F8): a screen keeps its focus while a dialog is over it, and the
    route bar below the save prompt, the help or the command palette showed the token
    typed into it. Back from the dialog, the route is edited again: as typed."""
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        bar = app.query_one(RouteBar)
        await until(pilot, lambda: app.catalog_ready, "loaded")
        bar.insert_text_at_cursor("?q=" + TOKEN)
        await pilot.pause()
        assert "1234567890" in _screen(app)
        await pilot.press(dialog)
        await until(pilot, lambda: len(app.screen_stack) == 2, "the dialog open")
        await pilot.pause()
        assert "1234567890" not in _screen(app)
        assert "GET /user?q=<REDACTED>" in _screen(app)
        await pilot.press("escape")
        await until(pilot, lambda: len(app.screen_stack) == 1, "the dialog closed")
        await pilot.pause()
        assert bar.has_focus
        assert f"GET /user?q={TOKEN}" in _screen(app)
