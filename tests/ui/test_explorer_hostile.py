"""Hostile input: what once closed the explorer, one pilot test each, and random keys.

Principle: no input crashes the explorer or loses what the user typed; every problem is
shown in the app (the status line or a notification), and the app keeps running.
``app.run_test()`` raises an exception the app did not handle, so each test also fails
on a crash.
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import pytest
from textual import events
from textual.app import App
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot
from textual.widgets import Input, Select, SelectionList, Static
from textual.widgets._toast import Toast  # the notifications on screen: no public name

from restroute.tui import RestrouteApp, make_app
from restroute.tui.screens.path_prompt import PathPrompt
from restroute.tui.screens.route_picker import RoutePicker
from restroute.tui.widgets.param_help import ParamHelp
from restroute.tui.widgets.params_editor import ParamsEditor
from restroute.tui.widgets.results_view import ResultsView
from tests.ui.test_explorer import (
    API,
    HOSTILE,
    SIZE,
    add_row,
    focus,
    key_name,
    press,
    record_notifications,
    rows,
    shown,
    status,
    tab_text,
    toml_editor,
    type_text,
    until,
    write_profile,
)

pytestmark = pytest.mark.ui  # the explorer, driven by the pilot (tests/conftest.py, "Layers")

TOO_DEEP = "is nested too deep: more than 100 levels of lists or tables inside each other"


@pytest.fixture(autouse=True)
def in_tmp_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """ctrl+s then enter saves "session.toml" where the tests run: there, not in the repo."""
    monkeypatch.chdir(tmp_path)


async def paste(pilot: Pilot[None], text: str) -> None:
    """Paste ``text`` into the focused widget, as a terminal's bracketed paste does."""
    pilot.app.post_message(events.Paste(text))
    await pilot.pause()


def post_keys(app: RestrouteApp, *keys: str) -> None:
    """Queue keys at once, as a fast typist (or a terminal's buffer) sends them."""
    for key in keys:
        app.post_message(events.Key(key, None))


def toasts(app: RestrouteApp) -> list[str]:
    """The notifications as their toasts read (run_test puts none on the screen)."""
    return [Toast(each).render().plain for each in app._notifications]


async def show_tab(pilot: Pilot[None], tab: str) -> None:
    pilot.app.query_one(ResultsView).active = tab
    await pilot.pause()


# --- A1: markup in user data is shown as typed ------------------------------------------------


async def test_a_value_with_markup_is_shown_as_typed_in_the_explain_tab() -> None:
    """A value holding "[/x]" (a closing tag that matches nothing) is text in a cell."""
    app = make_app(route="POST /things")
    async with app.run_test(size=SIZE) as pilot:
        await add_row(pilot, "q", "[/x]")
        await add_row(pilot, "b", "[bold]x[/]")
        await show_tab(pilot, "explain")
        assert app.is_running
        lines = {
            line.split("│")[0].strip(): line for line in tab_text(app, "explain").splitlines()
        }
        assert '"[/x]"' in lines["q"]
        assert '"[bold]x[/]"' in lines["b"]


async def test_markup_in_the_status_line_is_shown_as_typed() -> None:
    """The status quotes the route as typed: "[/x]" and a backslash before it stay text."""
    app = make_app(route="")
    async with app.run_test(size=SIZE) as pilot:
        await type_text(pilot, "GET /a/\\[/x]{b")
        assert app.is_running
        assert status(app).startswith("✗ ")
        assert "/a/\\[/x]{b" in status(app)


async def test_markup_in_a_row_name_is_shown_as_typed_in_the_help_panel() -> None:
    """The help panel names a row as typed, backslashes and brackets alike. (It is told
    the row directly, as a focus change tells it: waiting for the focus to travel made
    the test fail now and then on a loaded machine.)"""
    app = make_app(route="GET /repos/{owner}/{repo}/issues")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.catalog_ready, "catalog loaded")
        app.query_one(ParamHelp).show(app.operation, "a\\[/x]", None)
        await pilot.pause()

        assert shown(app.query_one("#param-help-text", Static)).startswith(
            "a\\[/x] · GitHub documents no such parameter"
        )


async def test_markup_in_a_profile_name_is_shown_as_typed(tmp_path: Path) -> None:
    """A profile named "[red]x" (its file's name) is listed and titled as it is named."""
    path = write_profile(tmp_path, "[red]x", "per_page = 5\n")
    app = make_app(route="GET /user/repos")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "ctrl+o")
        await paste(pilot, str(path))
        await press(pilot, "enter")
        assert app.session.layers[1].name == "[red]x"
        layer_list: SelectionList[str] = app.query_one("#layer-list", SelectionList)
        assert str(layer_list.get_option_at_index(1).prompt) == "on  [red]x"
        assert shown(app.query_one("#layer-title", Static)) == "[red]x · edit the TOML below"
        assert status(app) == f"✓ GET {API}/user/repos?per_page=5"


async def test_markup_in_a_saved_path_is_shown_in_the_notification(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Saving to "[/x]" (a file x] in a folder [) says where, brackets and all."""
    (tmp_path / "[").mkdir()
    app = make_app(route="GET /user")
    seen = record_notifications(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "ctrl+s")
        await press(pilot, "ctrl+u")
        await paste(pilot, "[/x]")
        await press(pilot, "enter")
        assert app.is_running
        assert (tmp_path / "[" / "x]").exists()
        assert "information: Saved the session layer to [/x]" in seen
        assert "Saved the session layer to [/x]" in toasts(app)


# --- A2: values nested too deep ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "tab"),
    [
        ("[" * 5000 + "]" * 5000, "parsed"),
        ("[" * 600 + "]" * 600, "python"),
        ('{"a": ' * 3000 + "1" + "}" * 3000, "explain"),
    ],
    ids=["5000-deep-list", "600-deep-list-python-tab", "3000-deep-object-explain-tab"],
)
async def test_a_value_nested_too_deep_is_one_line_in_the_status(value: str, tab: str) -> None:
    """JSON nested deeper than the explorer reads says so, in every tab; the value
    stays in its row as pasted, and the app keeps running. (Brackets that never close
    are no JSON: text, sent as typed.)"""
    app = make_app(route="POST /things")
    async with app.run_test(size=SIZE) as pilot:
        await show_tab(pilot, tab)
        await add_row(pilot, "q", "")
        await paste(pilot, value)
        assert app.is_running
        assert status(app) == f"✗ parameter 'q' {TOO_DEEP}; flatten it"
        assert rows(app)[-1].pair == ("q", value)  # once: a paste went in twice before
        for each in ("parsed", "merged", "explain", "curl", "python", "json"):
            await show_tab(pilot, each)
            assert tab_text(app, each).startswith(f"✗ parameter 'q' {TOO_DEEP}"), each
        await press(pilot, "ctrl+u")  # emptied: the request comes back
        assert status(app) == f"✓ POST {API}/things"


# --- A3: profiles with dates and nested tables ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "route", "expected"),
    [
        (
            "since = 2024-01-02\nwhen = 2024-01-02T03:04:05Z\n",
            "GET /user/issues",
            "✗ parameter 'since' is a date (datetime.date(2024, 1, 2)); pass a str, int, "
            "float, bool or list in a query string  (+1 more: F3)",
        ),
        (
            '[data.outer.inner]\nx = 1\n[request]\ntimeout = 5\n[media_type]\nformat = "raw"\n',
            "POST /things",
            f"✓ POST {API}/things",
        ),
    ],
    ids=["dates", "nested-tables"],
)
async def test_ctrl_o_loads_a_profile_with_dates_or_nested_tables(
    tmp_path: Path, text: str, route: str, expected: str
) -> None:
    """Everything TOML holds loads as a layer: shown as TOML, and the status says what
    becomes of it (a date is no query text)."""
    path = write_profile(tmp_path, "rich", text)
    app = make_app(route=route)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "ctrl+o")
        await paste(pilot, str(path))
        await press(pilot, "enter")
        assert [layer.name for layer in app.session.layers][1] == "rich"
        assert status(app) == expected
        shown_toml = toml_editor(app).text
        assert ("since = 2024-01-02" in shown_toml) == ("since" in text)
        assert ("[data.outer.inner]" in shown_toml) == ("data.outer" in text)
        for tab in ("parsed", "merged", "explain", "curl", "python", "httpx", "json"):
            await show_tab(pilot, tab)
            assert tab_text(app, tab).strip(), tab


# --- A4: a layer's TOML nested too deep -------------------------------------------------------


async def test_layer_toml_nested_3000_deep_is_an_error_and_the_text_stays() -> None:
    """'a = [[[...' 3,000 deep in the session layer's TOML says so; the text stays as
    pasted and the layer keeps its last options."""
    app = make_app(route="GET /user/repos")
    async with app.run_test(size=SIZE) as pilot:
        text_area = toml_editor(app)
        await focus(pilot, text_area)
        await type_text(pilot, "per_page = 3\n")
        deep = "a = " + "[" * 3000
        await paste(pilot, deep)
        assert app.is_running
        assert status(app) == (
            "✗ profile 'session' is nested too deep: more than 100 tables or arrays inside "
            "each other; flatten it; until then the request uses its last valid TOML"
        )
        assert text_area.text == "per_page = 3\n" + deep  # as typed, kept
        assert app.session.layer("session").options == {"per_page": 3}


# --- A5: the path prompt answered twice at once -----------------------------------------------


@pytest.mark.parametrize("key", ["ctrl+o", "ctrl+s"])
@pytest.mark.parametrize("second", ["enter", "escape"])
async def test_the_path_prompt_answered_twice_at_once(
    tmp_path: Path, key: str, second: str
) -> None:
    """Enter then enter (or escape), queued: the first answers, the second is ignored."""
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, key)
        assert isinstance(app.screen, PathPrompt)
        post_keys(app, "enter", second)
        await pilot.pause()
        await pilot.pause()
        assert app.is_running
        assert not isinstance(app.screen, PathPrompt)
        assert [layer.name for layer in app.session.layers] == ["built-in defaults", "session"]
    # ctrl+s offers session.toml: the first enter saved it (in tmp_path, the cwd here).
    assert (tmp_path / "session.toml").exists() == (key == "ctrl+s")


# --- A6: ctrl+n then F2 -----------------------------------------------------------------------


async def test_ctrl_n_then_f2_at_once_adds_the_row_and_opens_the_picker() -> None:
    """The row added by ctrl+n focuses its name once composed, wherever F2 has gone."""
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        for turns in range(4):  # F2 a few event-loop turns after ctrl+n: one of them raced
            post_keys(app, "ctrl+n")
            for _ in range(turns):
                await asyncio.sleep(0)
            post_keys(app, "f2")
            await pilot.pause()
            assert isinstance(app.screen, RoutePicker)
            await press(pilot, "escape")
            assert app.is_running
        assert len(rows(app)) == 4
        assert app.session.rows == [("", "")] * 4
        assert app.focused is rows(app)[-1].query_one(".param-name", Input)


# --- A7: a NUL in a profile path --------------------------------------------------------------


async def test_a_nul_in_a_profile_path_is_an_error_notification(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ctrl+o and ctrl+s with a NUL in the path say why, and load or write nothing."""
    app = make_app(route="GET /user")
    seen = record_notifications(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "ctrl+o")
        await paste(pilot, "a\x00b.toml")
        await press(pilot, "enter")
        await press(pilot, "ctrl+s")
        await press(pilot, "ctrl+u")
        await paste(pilot, "c\x00d.toml")
        await press(pilot, "enter")
        assert app.is_running
        assert seen[-2:] == [
            "error: profile path 'a\\x00b.toml' holds a NUL character, which no file name can;"
            " pass the file's path",
            "error: profile path 'c\\x00d.toml' holds a NUL character, which no file name can;"
            " pass the file's path",
        ]
        assert [layer.name for layer in app.session.layers] == ["built-in defaults", "session"]
    assert list(tmp_path.iterdir()) == []


# --- A8: pageup / pagedown in a list not laid out yet (Textual 8.2.8) -------------------------


class Plain(App[None]):
    """A Textual app with nothing of restroute's: the command palette is Textual's."""


async def test_textual_itself_still_crashes_on_pageup_in_a_fresh_palette() -> None:
    """Upstream, not restroute: ctrl+p then pageup at once raises KeyError in
    OptionList._move_page in a plain Textual app. When this test fails, a Textual release
    fixed it: pin that version and drop RestrouteApp.action_page."""

    async def page_up_at_once() -> None:
        app = Plain()
        async with app.run_test() as pilot:
            app.post_message(events.Key("ctrl+p", None))
            app.post_message(events.Key("pageup", None))
            await pilot.pause()

    with pytest.raises(KeyError):
        await page_up_at_once()


@pytest.mark.parametrize("key", ["pageup", "pagedown"])
async def test_paging_a_fresh_command_palette(key: str) -> None:
    """ctrl+p, a letter and pageup (or pagedown) at once: the key does nothing while the
    palette has no hits laid out; once it lists them, the same key pages them."""
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(events.Key("ctrl+p", None))
        app.post_message(events.Key("o", "o"))
        app.post_message(events.Key(key, None))
        await pilot.pause()
        assert app.is_running
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        commands = palette.query_one(CommandList)
        await until(pilot, lambda: commands.option_count > 2, "listing hits")
        await press(pilot, "down")  # the list opens on the first hit
        await until(pilot, lambda: commands.highlighted is not None, "a hit highlighted")
        await press(pilot, "pagedown")
        assert (commands.highlighted or 0) > 1  # a page down (the list is taller than a page)
        await press(pilot, "pageup")
        assert commands.highlighted == 0


async def test_paging_a_select_as_it_opens() -> None:
    """Focus on a drawn choice (as Tab gives it), enter, then pagedown or pageup right
    behind: the row becomes a Select at once, its list opens, and the page key does
    nothing (each Select of the form is opened once: a list laid out before pages fine)."""
    app = make_app(route="GET /repos/{owner}/{repo}/issues")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: len(rows(app)) > 4, "the form")
        choices = [row for row in rows(app) if not row.takes_text]
        assert len(choices) >= 4
        assert all(row.drawn for row in choices)
        tries = [(1, "pagedown"), (1, "pageup"), (0, "pagedown"), (2, "pageup")]
        for row, (turns, key) in zip(choices, tries, strict=False):
            app.screen.set_focus(row)
            select = app.focused
            assert isinstance(select, Select)
            assert select.parent is row
            app.post_message(events.Key("enter", None))
            for _ in range(turns):  # the key a few event-loop turns behind enter
                await asyncio.sleep(0)
            app.post_message(events.Key(key, None))
            await pilot.pause()
            assert app.is_running
            assert select.expanded
            await press(pilot, "escape")
            assert not select.expanded


# --- C: random keys ---------------------------------------------------------------------------

SEEDS = [11, 22, 33, 44]
KEYS_PER_SEED = 300  # keys and pastes, at most...
SECONDS_PER_SEED = 6.0  # ...sent in this long: ~24 s for the four seeds, whatever the machine
AT_LEAST = 10  # keys a seed sends however slow the machine
# A burst is answered in this long: the slowest takes ~3 s (8 keys, two of them 100 kB pastes);
# 100 kB pasted in the route picker after {+? once held the explorer for 80 to 280 s.
BURST_SECONDS = 15.0
CONTROL_KEYS = [
    "ctrl+n", "ctrl+d", "ctrl+o", "ctrl+s", "ctrl+r", "ctrl+p", "ctrl+u", "tab", "shift+tab",
    "enter", "escape", "pageup", "pagedown", "up", "down", "left", "right", "home", "end",
    "backspace", "delete", "space",
]  # fmt: skip
# The copy keys more often than F1 and F2, which open a screen (the slowest keys here).
F_KEYS = ["f5", "f6", "f7", "f8"] * 2 + ["f1", "f2"]
PRINTABLE = "abcxyzny019=.[]{}\"' " + HOSTILE
PASTES = [
    "x" * 100_000,  # 100 KB
    ("a = 1\n" * 20_000)[:100_000],  # 100 KB of TOML lines
    "[" * 5000,
    "{" * 5000,
    '{"a": ' * 600 + "1" + "}" * 600,
    "[" * 600 + "]" * 600,
    "[bold]x[/]",
    "[/x]",
    "\\[/x]",
    "[@click=app.quit]q[/]",
    "a\x00b",
    "\x01\x02\x07\x08\x1b[31m\x7f\u200b\ufeff",
    'per_page = 3\n[headers]\nauthorization = "token ghp_x"\n',
    "GET /repos/{owner}/{repo}/issues",
]
SENT: dict[str, int] = {}  # kind of event -> how many were sent, over all seeds


def random_event(rng: random.Random) -> tuple[str, events.Event]:
    """(kind, event): a printable key, a control key, an F-key, or a paste."""
    roll = rng.random()
    if roll < 0.45:
        char = rng.choice(PRINTABLE)
        return "printable", events.Key(key_name(char), char)
    if roll < 0.80:
        return "control", events.Key(rng.choice(CONTROL_KEYS), None)
    if roll < 0.93:
        return "F-key", events.Key(rng.choice(F_KEYS), None)
    return "paste", events.Paste(rng.choice(PASTES))


def editors_agree(app: RestrouteApp) -> None:
    """The session holds what the widgets show: the rows, and the route."""
    assert app.session.rows == app.query_one(ParamsEditor).rows
    assert app.session.route == app.query_one("#route", Input).value


@pytest.mark.no_cover  # random input: its reach is the draws'; written tests cover the code
@pytest.mark.parametrize("seed", SEEDS)
async def test_random_keys_never_crash_or_lose_rows(
    seed: int, no_system_clipboard: list[str]
) -> None:
    """Random keys and pastes (huge, deeply nested, markup, NUL and control characters)
    wherever the focus is, in bursts of 1 to 8 queued at once as a fast typist sends
    them: after each burst the app runs and the session holds the rows and the route the
    editors show, each burst answered in BURST_SECONDS. Copies reach only the fake
    clipboard. Bounded in time: a seed sends its first KEYS_PER_SEED events, or as many
    as SECONDS_PER_SEED allows (-s prints how many)."""
    rng = random.Random(seed)
    app = make_app(route="GET /repos/{owner}/{repo}/issues")
    sent = 0
    async with app.run_test(size=SIZE) as pilot:
        deadline = time.monotonic() + SECONDS_PER_SEED
        # At least AT_LEAST, however loaded the machine: the time bound only cuts it short.
        while sent < AT_LEAST or (sent < KEYS_PER_SEED and time.monotonic() < deadline):
            for _ in range(min(rng.randint(1, 8), KEYS_PER_SEED - sent)):
                kind, event = random_event(rng)
                app.post_message(event)
                SENT[kind] = SENT.get(kind, 0) + 1
                sent += 1
            burst = time.monotonic()
            await pilot.pause()
            assert time.monotonic() - burst < BURST_SECONDS, (
                f"a burst held the explorer, seed {seed}"
            )
            assert app.is_running
            assert app.return_code is None
            editors_agree(app)
        assert status(app)[:1] in {"✓", "✗", "!"}
        # Keys still queued when run_test ends reach an app with no screen left (Textual
        # raises "No screens on stack"): a test's ending, not the user's; let them in.
        await until(pilot, lambda: app._message_queue.empty(), "the keys handled")
        await pilot.pause()
    assert sent >= AT_LEAST  # what the loop guarantees; a regression in it shows here
    assert all(isinstance(text, str) for text in no_system_clipboard)
    print(f"seed {seed}: {sent} sent; all seeds so far, by kind: {SENT}")


async def test_the_palette_dismissed_twice_leaves_the_explorer_running() -> None:
    """Enter twice at once in the command palette (the adversary typed ctrl+p, "10",
    enter at 0-20 ms a key): Textual dismissed the palette a second time and popped the
    explorer's own screen, ScreenStackError. The explorer keeps its screen."""
    app = make_app(route="GET /user")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("ctrl+p")
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        palette.dismiss()
        palette.dismiss()  # the late enter's
        await pilot.pause()
        assert app.is_running
        assert len(app.screen_stack) == 1
        await pilot.press("f1")  # and it still answers keys
        assert type(app.screen).__name__ == "HelpScreen"


async def test_a_path_typed_then_enter_at_once_is_read_whole(tmp_path: Path) -> None:
    """The adversary's case: a path pasted and enter at once saved to "/tmp/ad", the
    rest of the path lost (enter's binding ran before the field had taken the keys)."""
    target = tmp_path / "deep" / "saved.toml"
    target.parent.mkdir()
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, PathPrompt)
        await press(pilot, "ctrl+u")  # the name offered goes
        for char in str(target):  # typed ahead of enter, all queued at once
            app.post_message(events.Key(key_name(char), char))
        post_keys(app, "enter")
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, PathPrompt)
    assert target.exists()
