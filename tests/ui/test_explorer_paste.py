"""Pasting a request into the explorer's route bar reads it back: the route, the form
and the header rows, explain's "pasted" layer, and the Pasted tab's parts."""

from __future__ import annotations

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input

from restroute.tui import make_app
from restroute.tui.widgets.results_view import PASTE_HINT, ResultsView
from restroute.tui.widgets.route_bar import RouteBar
from tests.ui.test_explorer import SIZE, record_notifications, rows, status, tab_text

DOCS_CURL = """\
curl -L \\
  -X POST \\
  -H "Accept: application/vnd.github+json" \\
  -H "Authorization: Bearer ghp_pasted_token" \\
  -H "X-GitHub-Api-Version: 2022-11-28" \\
  https://api.github.com/repos/octocat/hello-world/issues \\
  -d '{"title":"Found a bug","labels":["bug"]}'
"""


async def paste(pilot: Pilot[None], text: str) -> None:
    """Paste into the focused widget, as a terminal's bracketed paste does."""
    pilot.app.post_message(events.Paste(text))
    await pilot.pause()
    await pilot.pause()


async def test_a_docs_curl_fills_the_route_the_form_and_the_headers() -> None:
    app = make_app(route="")
    async with app.run_test(size=SIZE) as pilot:
        await paste(pilot, DOCS_CURL)

        assert app.query_one("#route", Input).value == "POST /repos/{owner}/{repo}/issues"
        form = {row.pair[0]: row.pair[1] for row in rows(app) if row.pair[1]}
        assert form == {
            "owner": "octocat",
            "repo": "hello-world",
            "title": "Found a bug",
            "labels": '["bug"]',
            "headers.authorization": "Bearer ghp_pasted_token",
            "headers.x-github-api-version": "2022-11-28",
        }
        assert status(app) == "✓ POST https://api.github.com/repos/octocat/hello-world/issues"
        assert app.query_one(ResultsView).active == "pasted"
        pasted = tab_text(app, "pasted")
        assert "-X POST" in pasted
        assert "→ method" in pasted
        assert "ghp_pasted_token" not in pasted
        layers = {row[0]: row[2] for row in app.session.explain().rows()}
        assert layers["title"] == layers["headers.authorization"] == "pasted"


async def test_line_breaks_a_terminal_sends_as_carriage_returns_are_read() -> None:
    app = make_app(route="")
    async with app.run_test(size=SIZE) as pilot:
        await paste(pilot, DOCS_CURL.replace("\n", "\r"))

        assert app.query_one("#route", Input).value == "POST /repos/{owner}/{repo}/issues"
        assert status(app) == "✓ POST https://api.github.com/repos/octocat/hello-world/issues"


async def test_a_pasted_url_is_the_url_the_explorer_builds() -> None:
    url = "https://api.github.com/repos/octocat/hello-world/contents/docs%2FREADME.md?ref=main"
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        await paste(pilot, url)

        assert app.session.route == "GET /repos/{owner}/{repo}/contents/{path}"
        assert status(app) == f"✓ GET {url}"


async def test_an_edited_value_leaves_the_pasted_layer() -> None:
    app = make_app(route="")
    async with app.run_test(size=SIZE) as pilot:
        await paste(pilot, "https://api.github.com/users/octocat")
        app.session.edit_rows([("username", "monalisa")], "username")

        assert {row[0]: row[2] for row in app.session.explain().rows()}["username"] == "call"


async def test_text_that_is_no_request_changes_nothing_and_says_why() -> None:
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        seen = record_notifications(app, pytest.MonkeyPatch())
        await paste(pilot, "curl -X POST")

        assert app.query_one("#route", Input).value == "GET /user"
        assert seen == ["error: Not read: the curl command has no URL; paste the whole command"]


async def test_a_route_template_pasted_is_typed_as_a_route() -> None:
    app = make_app(route="")
    async with app.run_test(size=SIZE) as pilot:
        await paste(pilot, "GET /users/{username}")

        assert app.query_one("#route", Input).value == "GET /users/{username}"
        assert app.session.reading is None


async def test_undo_after_a_paste_brings_the_form_back() -> None:
    app = make_app(route="GET /users/{username}", values=[("username", "octocat")])
    async with app.run_test(size=SIZE) as pilot:
        await paste(pilot, "https://api.github.com/repos/o/r/issues?state=open")
        await pilot.press("ctrl+z")
        await pilot.pause()

        assert app.query_one("#route", Input).value == "GET /users/{username}"
        assert app.session.rows == [("username", "octocat")]


async def test_the_pasted_tab_says_how_to_paste_until_something_is() -> None:
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE):
        assert " ".join(tab_text(app, "pasted").split()) == PASTE_HINT


async def test_a_warning_of_the_paste_is_said() -> None:
    app = make_app(route="")
    async with app.run_test(size=SIZE) as pilot:
        seen = record_notifications(app, pytest.MonkeyPatch())
        await paste(pilot, "curl --frobnicate https://api.github.com/user")

        assert seen == [
            "warning: Pasted request read as users/get-authenticated: 0 rows, "
            "1 warning (Pasted tab)"
        ]


def test_a_raw_body_and_an_enterprise_base_url_become_rows() -> None:
    from restroute.session import Session

    session = Session()
    session.paste(
        "curl -H 'content-type: text/plain' https://ghe.example.com/api/v3/markdown/raw -d '# Hi'"
    )

    assert session.rows == [
        ("data", "# Hi"),
        ("headers.content-type", "text/plain"),
        ("base_url", "https://ghe.example.com/api/v3"),
    ]
    assert session.view().status.text == "POST https://ghe.example.com/api/v3/markdown/raw"


# --- what is typed around a paste ------------------------------------------------------

USER = "curl https://api.github.com/users/octocat"


async def burst(pilot: Pilot[None], *arriving: str | events.Paste) -> None:
    """Keys and pastes in one burst, as a terminal delivers them when keys follow a paste
    at once: all are queued before the app reads any. Then wait until the route bar
    holds nothing back any more."""
    for each in arriving:
        character = None if isinstance(each, events.Paste) or len(each) > 1 else each
        message = each if isinstance(each, events.Paste) else events.Key(each, character)
        pilot.app.post_message(message)
    await pilot.pause()
    for _ in range(100):  # a paste read is a few frames; under load, more
        if not pilot.app.query_one(RouteBar).holding:
            break
        await pilot.pause(0.05)
    await pilot.pause()


async def test_keys_typed_at_once_after_a_paste_go_in_after_it() -> None:
    app = make_app(route="")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"GET /x")
        await burst(pilot, events.Paste(USER), "a", "b")

        assert app.query_one("#route", Input).value == "GET /users/{username}ab"


async def test_a_tab_after_a_paste_moves_from_the_pasted_route_to_its_form() -> None:
    app = make_app(route="")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, events.Paste(USER), "tab", "x")

        assert app.session.rows == [("username", "octocatx")]


async def test_ctrl_z_at_once_after_a_paste_undoes_the_paste() -> None:
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, events.Paste(USER), "ctrl+z")

        assert app.query_one("#route", Input).value == "GET /user"
        assert app.session.reading is None


async def test_a_second_paste_in_the_burst_is_read_after_the_first() -> None:
    issues = 'curl -d \'{"title":"t"}\' https://api.github.com/repos/o/r/issues'
    app = make_app(route="")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, events.Paste(USER), "a", events.Paste(issues), "b")

        assert app.query_one("#route", Input).value == "POST /repos/{owner}/{repo}/issuesb"
        filled = [(name, value) for name, value in app.session.rows if value]
        assert filled == [("owner", "o"), ("repo", "r"), ("title", "t")]


async def test_typing_after_a_paste_appends_to_the_route_not_where_the_cursor_was() -> None:
    app = make_app(route="")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"GET /x")
        await paste(pilot, USER)
        await pilot.press("z")

        assert app.query_one("#route", Input).value == "GET /users/{username}z"


async def test_undo_brings_back_what_the_earlier_paste_was_read_as() -> None:
    app = make_app(route="")
    async with app.run_test(size=SIZE) as pilot:
        await paste(pilot, "curl -H 'X-Trace: 1' https://api.github.com/users/octocat")
        await paste(pilot, "https://api.github.com/repos/o/r/issues")
        await pilot.press("ctrl+z")
        await pilot.pause()

        reading = app.session.reading
        assert reading is not None
        assert reading.route == "GET /users/{username}"
        assert "headers.x-trace" in tab_text(app, "pasted")
        layers = {row[0]: row[2] for row in app.session.explain().rows()}
        assert layers["headers.x-trace"] == "pasted"


async def test_a_paste_of_more_rows_than_a_form_holds_is_refused_and_changes_nothing() -> None:
    headers = " ".join(f"-H 'X-N{n}: v'" for n in range(101))
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        seen = record_notifications(app, pytest.MonkeyPatch())
        await paste(pilot, f"curl {headers} https://api.github.com/user")

        assert app.query_one("#route", Input).value == "GET /user"
        assert seen == [
            "error: Not read: the request gives 101 parameters and headers, and a form takes "
            "at most 100: `restroute import` reads it whole"
        ]


async def test_what_came_just_before_a_paste_goes_in_before_it() -> None:
    app = make_app(route="")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "a", events.Paste(USER), "x")

        assert app.query_one("#route", Input).value == "GET /users/{username}x"


async def test_a_route_pasted_just_before_a_request_is_typed_before_it() -> None:
    app = make_app(route="")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, events.Paste("hello"), events.Paste(USER), "x", "y")

        assert app.query_one("#route", Input).value == "GET /users/{username}xy"
