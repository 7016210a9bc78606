"""The explorer, driven by Textual's pilot: one test per interaction, asserting on state."""

from __future__ import annotations

import io
import json
import random
import time
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console, RenderableType
from rich.style import Style
from textual import events
from textual.command import CommandList, CommandPalette
from textual.content import Content
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Input, Label, Select, SelectionList, Static, TextArea

import restroute
from restroute import catalog
from restroute.errors import EndpointError
from restroute.profiles import Profile, load_profile
from restroute.tui import RestrouteApp, make_app
from restroute.tui.screens.confirm import Confirm
from restroute.tui.screens.help_screen import HelpScreen
from restroute.tui.screens.path_prompt import PathPrompt
from restroute.tui.widgets.layers_panel import LayersPanel
from restroute.tui.widgets.param_row import ParamRow
from restroute.tui.widgets.params_editor import ParamsEditor
from restroute.tui.widgets.results_view import ResultsView
from restroute.tui.widgets.tab_bar import TabBar

SIZE = (140, 45)
API = "https://api.github.com"
TOKEN = "token ghp_abc"
HOSTILE = "{}[]:\"'\\$%#?&=;,/.*+!@`~^|<>()-_ \u00e9\u2192\U0001f642"


# --- helpers ---------------------------------------------------------------------------------


def record_notifications(app: RestrouteApp, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every notification the app shows, as 'severity: message'."""
    seen: list[str] = []
    original = app.notify

    def notify(message: str, **kwargs: Any) -> None:
        seen.append(f"{kwargs.get('severity', 'information')}: {message}")
        original(message, **kwargs)

    monkeypatch.setattr(app, "notify", notify)
    return seen


def as_text(renderable: object) -> str:
    """What a rich renderable shows, as plain text."""
    console = Console(record=True, width=120, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.export_text()


def tab_text(app: RestrouteApp, tab: str) -> str:
    renderable: RenderableType = app.query_one(ResultsView).render_tab(tab)
    return as_text(renderable)


async def click_tab(pilot: Pilot[None], tab: str) -> None:
    """Click the name of the results' tab ``tab``, as the user does."""
    start, _ = pilot.app.query_one(TabBar).spans()[tab]
    await pilot.click(TabBar, offset=(start + 1, 0))


def shown(widget: Static) -> str:
    """What a Static shows, as plain text (its Content, or its markup read)."""
    content = widget.content
    if isinstance(content, Content):
        return content.plain
    return Content.from_markup(str(content)).plain


def status(app: RestrouteApp) -> str:
    """The status line as the user reads it (markup removed)."""
    return shown(app.query_one("#status", Static))


def request_headers(app: RestrouteApp) -> dict[str, str]:
    result = app.session.explain().result
    assert result is not None, status(app)
    return dict(result["headers"])


def rows(app: RestrouteApp) -> list[ParamRow]:
    """The rows of the form (a row deleted may stay in the DOM a little longer)."""
    return app.query_one(ParamsEditor).row_widgets()


def row_named(app: RestrouteApp, name: str) -> ParamRow:
    return next(row for row in rows(app) if row.pair[0] == name)


def cells(app: RestrouteApp, region: Region) -> list[list[tuple[str, object]]]:
    """What the terminal shows in ``region``, cell by cell: the character and how it
    looks (colours and attributes; not where Textual cut the line into segments, nor
    the colour or weight of a blank, which shows neither)."""
    lines = []
    for strip in app.screen._compositor.render_strips()[region.y : region.bottom]:
        line: list[tuple[str, object]] = []
        for segment in strip:
            style = segment.style or Style()
            marks = (style.underline, style.reverse, style.strike)
            look = (style.color, style.bgcolor, style.bold, style.dim, style.italic, *marks)
            blank = (None, style.bgcolor, None, None, None, *marks)
            line += [(char, blank if char == " " else look) for char in segment.text]
        lines.append(line[region.x : region.right])
    return lines


def toml_editor(app: RestrouteApp) -> TextArea:
    """The layers' TOML editor (drawn until first used: asked for, it is made)."""
    return app.query_one(LayersPanel).editor()


async def value_field(row: ParamRow) -> Input | Select[str]:
    """The row's value field: a drawn row becomes its widgets, as a click or Tab makes it."""
    mounting = row.wake()
    if mounting is not None:
        await mounting
    assert row.value_field is not None
    return row.value_field


async def value_input(row: ParamRow) -> Input:
    field = await value_field(row)
    assert isinstance(field, Input)
    return field


def url(app: RestrouteApp) -> str:
    result = app.session.explain().result
    assert result is not None, status(app)
    return str(result["url"])


def key_name(char: str) -> str:
    """The key Textual names for a typed character (as its terminal driver does)."""
    if char == "\n":
        return "enter"
    if char.isalnum():
        return char
    return unicodedata.name(char, "unknown").lower().replace("-", "_").replace(" ", "_")


async def type_text(pilot: Pilot[None], text: str) -> None:
    """Type ``text`` into the focused widget as a fast typist does: keys queued, one wait.

    In a one-line field, the wait lasts until the text has arrived: on a loaded machine
    one pause is not always enough for every queued key to reach the field."""
    field = pilot.app.focused
    for char in text:
        pilot.app.post_message(events.Key(key_name(char), "\r" if char == "\n" else char))
    await pilot.pause()
    if isinstance(field, Input) and "\n" not in text:
        await until(pilot, lambda: field.value.endswith(text), f"typed {text!r}")


async def until(
    pilot: Pilot[None], condition: Callable[[], object], what: str, seconds: float = 10.0
) -> None:
    """Wait, a short pause at a time, until ``condition`` holds: a timer or a worker may
    take longer on a loaded machine than any fixed pause allows."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"still not {what} after {seconds} s")
        await pilot.pause(0.05)


async def press(pilot: Pilot[None], key: str) -> None:
    """Press one key and wait until the app is idle (pilot.press waits about twice as long)."""
    pilot.app.post_message(events.Key(key, None))
    await pilot.pause()


async def focus(pilot: Pilot[None], widget: Input | TextArea | SelectionList[str]) -> None:
    """Focus ``widget``; in a text field, with the cursor at the end (nothing selected)."""
    widget.focus()
    await pilot.pause()
    if isinstance(widget, Input):
        await press(pilot, "end")  # focusing an Input selects all it holds
    elif isinstance(widget, TextArea):
        await press(pilot, "ctrl+end")


def focused_has_class(app: RestrouteApp, name: str) -> bool:
    return app.focused is not None and app.focused.has_class(name)


async def add_row(pilot: Pilot[None], name: str, value: str) -> None:
    """ctrl+n, type the name, tab, type the value (each once the field before has it)."""
    app = pilot.app
    assert isinstance(app, RestrouteApp)
    before = len(rows(app))
    await press(pilot, "ctrl+n")
    await until(
        pilot,
        lambda: len(rows(app)) > before and focused_has_class(app, "param-name"),
        "focused on the new row's name",
    )
    await type_text(pilot, name)
    await press(pilot, "tab")
    await until(pilot, lambda: focused_has_class(app, "param-value"), "on the row's value")
    await type_text(pilot, value)


async def fill(pilot: Pilot[None], app: RestrouteApp, **values: str) -> None:
    """Type each value into the row of that name."""
    for name, value in values.items():
        await focus(pilot, (await value_input(row_named(app, name))))
        await type_text(pilot, value)


def write_profile(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def profile(tmp_path: Path, name: str, text: str) -> Profile:
    return load_profile(write_profile(tmp_path, name, text))


# --- the route -------------------------------------------------------------------------------


async def test_typing_route_updates_status_and_placeholder_rows() -> None:
    """Each keystroke in the route updates the session, the status URL and the placeholder rows."""
    app = make_app(route="")
    route = "GET /repos/{owner}/{repo}/issues"
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.focused, Input)
        assert app.focused.id == "route"
        for count, char in enumerate(route, 1):
            await type_text(pilot, char)
            assert app.session.route == route[:count]
            if route[:count] == "GET /repos":
                assert status(app) == f"✓ GET {API}/repos"
        assert [row.pair[0] for row in rows(app)] == ["owner", "repo"]
        assert all(row.laid_out and row.has_class("-missing") for row in rows(app))
        assert "no value for {owner}, {repo}" in status(app)
        await fill(pilot, app, owner="octocat", repo="hello-world")
        assert status(app) == f"✓ GET {API}/repos/octocat/hello-world/issues"
        assert app.query_one("#route", Input).value == route


async def test_suggester_completes_the_route() -> None:
    """Typing the start of an example route and pressing right accepts the suggestion."""
    app = make_app(route="")
    async with app.run_test(size=SIZE) as pilot:
        await type_text(pilot, "POST /repos/{o")
        await app.workers.wait_for_complete()  # the suggestion, shown before right takes it
        await pilot.press("right")
        await pilot.pause()
        assert app.query_one("#route", Input).value == "POST /repos/{owner}/{repo}/issues"
        assert app.session.route == "POST /repos/{owner}/{repo}/issues"
        create = catalog.find("issues/create")
        assert create is not None
        form = [name for name, _ in create.form()]
        await until(
            pilot, lambda: [row.pair[0] for row in rows(app)] == form, "issues/create's form"
        )
        assert form[:3] == ["owner", "repo", "title"]  # required first


# --- parameters ------------------------------------------------------------------------------


async def test_filling_placeholders_turns_the_missing_error_into_the_url() -> None:
    """A missing placeholder is an error marked on its row until a value is typed."""
    app = make_app(route="GET /repos/{owner}/{repo}/issues")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert status(app).startswith("✗")
        assert "no value for {owner}, {repo}" in status(app)
        await fill(pilot, app, owner="octocat")
        assert not row_named(app, "owner").has_class("-missing")
        assert row_named(app, "repo").has_class("-missing")
        assert "no value for {repo}" in status(app)
        await fill(pilot, app, repo="hello-world")
        assert status(app) == f"✓ GET {API}/repos/octocat/hello-world/issues"
        assert not any(row.has_class("-missing") for row in rows(app))


async def test_an_emptied_value_keeps_the_placeholder_missing() -> None:
    """A value typed then erased is no value: the error and the -missing class come back."""
    app = make_app(route="GET /users/{username}")
    async with app.run_test(size=SIZE) as pilot:
        await fill(pilot, app, username="ab")
        assert status(app) == f"✓ GET {API}/users/ab"
        await pilot.press("backspace", "backspace")
        assert row_named(app, "username").pair == ("username", "")
        assert row_named(app, "username").has_class("-missing")
        assert "no value for {username}" in status(app)


@pytest.mark.parametrize(
    ("route", "expected"),
    [
        ("GET /things", {"url": f"{API}/things?visibility=private"}),
        ("POST /things", {"url": f"{API}/things", "body": {"visibility": "private"}}),
    ],
)
async def test_added_parameter_goes_to_query_or_body(route: str, expected: dict[str, Any]) -> None:
    """A row added with ctrl+n goes to the query of a GET and to the body of a POST (on
    routes GitHub does not have, so that no catalog form is laid out)."""
    app = make_app(route=route)
    async with app.run_test(size=SIZE) as pilot:
        await add_row(pilot, "visibility", "private")
        assert app.session.rows == [("visibility", "private")]
        result = app.session.explain().result
        assert result is not None
        assert {key: result.get(key) for key in expected} == expected
        assert ("body" in result) == ("body" in expected)


async def test_ctrl_d_deletes_the_focused_row() -> None:
    """ctrl+d on a row's value removes the row and its parameter from the request."""
    app = make_app(route="GET /things")
    async with app.run_test(size=SIZE) as pilot:
        await add_row(pilot, "per_page", "2")
        await add_row(pilot, "page", "3")
        assert url(app) == f"{API}/things?per_page=2&page=3"
        await focus(pilot, (await value_input(row_named(app, "per_page"))))
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert [row.pair for row in rows(app)] == [("page", "3")]
        assert app.session.rows == [("page", "3")]
        assert url(app) == f"{API}/things?page=3"


async def test_values_are_json_when_they_parse_and_header_rows_are_headers() -> None:
    """per_page=2 is an int, text stays text, and a headers.x-trace row is a header."""
    app = make_app(route="POST /user/repos")
    async with app.run_test(size=SIZE) as pilot:
        await add_row(pilot, "per_page", "2")
        await add_row(pilot, "name", "hello world")
        await add_row(pilot, "headers.x-trace", "42")
        # Keys typed in a burst reach the rows a little later on a loaded machine.
        await until(pilot, lambda: len(app.session.rows) >= 3, "the three rows in the session")
        await until(
            pilot, lambda: app.session.rows[-1] == ("headers.x-trace", "42"), "the last value"
        )
        result = app.session.explain().result
        assert result is not None
        assert result["body"] == {"per_page": 2, "name": "hello world"}
        assert result["headers"]["x-trace"] == "42"  # header values stay text
        assert "x-trace" not in json.dumps(result["body"])


# --- layers ----------------------------------------------------------------------------------


async def test_toggling_a_layer_switches_its_defaults_off_and_on(tmp_path: Path) -> None:
    """Space on a highlighted layer switches it off (per_page goes) and on (it comes back)."""
    teaching = profile(tmp_path, "teaching", "per_page = 100\n")
    app = make_app(route="GET /user/repos", profiles=[teaching])
    async with app.run_test(size=SIZE) as pilot:
        layer_list: SelectionList[str] = app.query_one("#layer-list", SelectionList)
        assert url(app) == f"{API}/user/repos?per_page=100"
        await focus(pilot, layer_list)
        await pilot.press("up")  # from the session layer (on top) to the profile
        assert "per_page = 100" in toml_editor(app).text
        await pilot.press("space")
        await pilot.pause()
        assert not app.session.layer("teaching").enabled
        assert "teaching" not in layer_list.selected
        assert url(app) == f"{API}/user/repos"
        assert status(app) == f"✓ GET {API}/user/repos"
        await pilot.press("space")
        await pilot.pause()
        assert app.session.layer("teaching").enabled
        assert url(app) == f"{API}/user/repos?per_page=100"
        assert status(app) == f"✓ GET {API}/user/repos?per_page=100"


async def test_editing_the_session_layer_changes_the_url() -> None:
    """Typing per_page = 3 into the session layer's TOML adds it to the request."""
    app = make_app(route="GET /user/repos")
    async with app.run_test(size=SIZE) as pilot:
        text_area = toml_editor(app)
        assert not text_area.read_only
        await focus(pilot, text_area)
        await type_text(pilot, "per_page = 3")
        assert app.session.layer("session").options == {"per_page": 3}
        assert status(app) == f"✓ GET {API}/user/repos?per_page=3"


async def test_invalid_toml_shows_the_error_and_keeps_text_and_result() -> None:
    """Invalid TOML shows its error; the text stays, across layer switches, and the result too."""
    app = make_app(route="GET /user/repos")
    async with app.run_test(size=SIZE) as pilot:
        text_area = toml_editor(app)
        await focus(pilot, text_area)
        await type_text(pilot, "per_page = 3\n")
        await type_text(pilot, "broken = [")
        assert "broken = [" in text_area.text
        assert "not valid TOML" in status(app)
        assert app.query_one("#status", Static).has_class("-error")
        assert app.session.layer("session").options == {"per_page": 3}
        assert url(app) == f"{API}/user/repos?per_page=3"
        assert "per_page=3" in tab_text(app, "parsed")
        await focus(pilot, app.query_one("#layer-list", SelectionList))
        await press(pilot, "up")  # look at the built-in layer, then back at the session layer
        await press(pilot, "down")
        assert text_area.text == "per_page = 3\nbroken = ["  # as typed, kept


async def test_the_built_in_layer_is_read_only() -> None:
    """Highlighting the built-in layer shows its TOML read-only."""
    app = make_app(route="GET /user/repos")
    async with app.run_test(size=SIZE) as pilot:
        await focus(pilot, app.query_one("#layer-list", SelectionList))
        await pilot.press("home")
        text_area = toml_editor(app)
        assert text_area.read_only
        assert "api.github.com" in text_area.text
        await type_text(pilot, "xyz")
        assert "xyz" not in text_area.text


# --- profiles --------------------------------------------------------------------------------


async def test_ctrl_o_loads_a_profile(tmp_path: Path) -> None:
    """ctrl+o, a path, enter: the profile is a new layer and its defaults apply."""
    path = write_profile(tmp_path, "paging", "per_page = 50\n")
    app = make_app(route="GET /user/repos")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, PathPrompt)
        await type_text(pilot, str(path))
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, PathPrompt)
        layer_list: SelectionList[str] = app.query_one("#layer-list", SelectionList)
        names = [layer_list.get_option_at_index(i).prompt for i in range(layer_list.option_count)]
        assert [str(name) for name in names] == [
            "on  built-in defaults",
            "on  paging",
            "on  session",
        ]
        assert "paging" in layer_list.selected
        assert "per_page = 50" in toml_editor(app).text
        assert status(app) == f"✓ GET {API}/user/repos?per_page=50"


async def test_a_profile_with_an_unset_variable_is_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unset ${VAR} in a loaded profile shows a warning in the status; nothing crashes."""
    monkeypatch.delenv("RESTROUTE_TEST_UNSET", raising=False)
    path = write_profile(
        tmp_path, "secret", '[headers]\nauthorization = "token ${RESTROUTE_TEST_UNSET}"\n'
    )
    app = make_app(route="GET /user")
    seen = record_notifications(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        await type_text(pilot, str(path))
        await pilot.press("enter")
        await pilot.pause()
        assert status(app).startswith("!")
        assert "${RESTROUTE_TEST_UNSET} is not set" in status(app)
        assert any(note.startswith("warning:") and "RESTROUTE_TEST_UNSET" in note for note in seen)
        assert app.is_running
        assert url(app) == f"{API}/user"


async def test_loading_a_missing_file_is_an_error_notification(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A path that cannot be read is an error notification and changes nothing."""
    app = make_app(route="GET /user/repos")
    seen = record_notifications(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        before = [layer.name for layer in app.session.layers]
        await pilot.press("ctrl+o")
        await type_text(pilot, str(tmp_path / "nowhere.toml"))
        await pilot.press("enter")
        await pilot.pause()
        assert any(note.startswith("error:") and "cannot be read" in note for note in seen)
        assert [layer.name for layer in app.session.layers] == before
        assert app.query_one("#layer-list", SelectionList).option_count == len(before)
        assert status(app) == f"✓ GET {API}/user/repos"


async def test_ctrl_s_saves_the_session_layer_without_typed_secrets(tmp_path: Path) -> None:
    """ctrl+s writes the session layer as a profile that loads back, a typed secret left out."""
    target = tmp_path / "saved.toml"
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        await focus(pilot, toml_editor(app))
        await type_text(
            pilot, f'per_page = 7\n[headers]\nauthorization = "{TOKEN}"\nx-team = "core"\n'
        )
        assert app.session.layer("session").options["headers"]["authorization"] == TOKEN
        await pilot.press("ctrl+s")
        await pilot.pause()
        path_input = app.screen.query_one("#path", Input)
        assert path_input.value == "session.toml"
        await pilot.press("ctrl+u")  # the suggested name goes; type ours
        await type_text(pilot, str(target))
        await pilot.press("enter")
        await pilot.pause()
    saved = load_profile(target)
    assert saved.options == {"per_page": 7, "headers": {"x-team": "core"}}
    assert "ghp_abc" not in target.read_text(encoding="utf-8")


async def test_editing_a_profile_layer_keeps_the_secret_it_leaves_out(tmp_path: Path) -> None:
    """A profile's literal token is a comment line in its TOML; editing per_page keeps the
    token in the request (and out of the text); deleting the comment line removes it."""
    secret = profile(tmp_path, "gh", f'per_page = 100\n[headers]\nauthorization = "{TOKEN}"\n')
    app = make_app(route="GET /user/repos", profiles=[secret])
    async with app.run_test(size=SIZE) as pilot:
        await focus(pilot, app.query_one("#layer-list", SelectionList))
        await press(pilot, "up")  # from the session layer to the profile
        text_area = toml_editor(app)
        assert text_area.text.startswith("# headers.authorization: left out, a secret;")
        assert "ghp_abc" not in text_area.text
        await focus(pilot, text_area)
        lines = text_area.text.splitlines()
        at = lines.index("per_page = 100")
        text_area.move_cursor((at, len(lines[at])))  # at the end of per_page = 100
        for _ in range(3):
            await press(pilot, "backspace")
        await type_text(pilot, "5")
        assert status(app) == f"✓ GET {API}/user/repos?per_page=5"
        assert request_headers(app)["authorization"] == TOKEN
        assert "ghp_abc" not in text_area.text
        text_area.move_cursor((0, 0))
        await press(pilot, "ctrl+shift+k")  # delete the comment line
        assert not text_area.text.startswith("#")
        assert "authorization" not in request_headers(app)
        assert status(app) == f"✓ GET {API}/user/repos?per_page=5"


@pytest.mark.parametrize("answer", ["n", "escape", "y"])
async def test_ctrl_s_over_an_existing_file_asks_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, answer: str
) -> None:
    """Saving over a file asks "overwrite X? y/n": n or escape write nothing, y writes."""
    target = write_profile(tmp_path, "kept", "per_page = 1\n")
    app = make_app(route="GET /user")
    seen = record_notifications(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await focus(pilot, toml_editor(app))
        await type_text(pilot, "per_page = 2")
        await press(pilot, "ctrl+s")
        await press(pilot, "ctrl+u")
        await type_text(pilot, str(target))
        await press(pilot, "enter")
        assert isinstance(app.screen, Confirm)
        question = shown(app.screen.query_one("#question", Label))
        assert question == f"overwrite {target}? y/n"
        await press(pilot, answer)
        assert not isinstance(app.screen, Confirm)
    saved = target.read_text(encoding="utf-8")
    assert saved == ("per_page = 2\n" if answer == "y" else "per_page = 1\n")
    assert any(note.startswith("information: Saved") for note in seen) == (answer == "y")


@pytest.mark.parametrize("answer", ["n", "y"])
async def test_ctrl_s_through_a_symlink_asks_first(tmp_path: Path, answer: str) -> None:
    """Saving to a link names where it points: "X is a link to Y: write Y? y/n"."""
    real = write_profile(tmp_path, "real", "per_page = 1\n")
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        await focus(pilot, toml_editor(app))
        await type_text(pilot, "per_page = 2")
        await press(pilot, "ctrl+s")
        await press(pilot, "ctrl+u")
        await type_text(pilot, str(link))
        await press(pilot, "enter")
        assert isinstance(app.screen, Confirm)
        question = shown(app.screen.query_one("#question", Label))
        assert question == f"{link} is a link to {real}: write {real}? y/n"
        await press(pilot, answer)
    assert link.is_symlink()
    assert real.read_text(encoding="utf-8") == (
        "per_page = 2\n" if answer == "y" else "per_page = 1\n"
    )


# --- copy and reveal -------------------------------------------------------------------------


def _json_token(text: str) -> str:
    return str(json.loads(text)["headers"]["authorization"])


COPIES = {"f5": "{", "f6": "curl", "f7": "import requests", "f8": "import httpx"}


ENV_COPIES = {
    "f5": '"authorization": "token ${GH_T}"',
    "f6": "-H 'authorization: token '\"${GH_T:?}\"",
    "f7": '"authorization": "token " + os.environ["GH_T"]',
    "f8": '"authorization": "token " + os.environ["GH_T"]',
}


async def test_copy_keys_copy_each_format_redacted_then_as_variables_then_revealed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each copy key puts its format in the clipboard: redacted; after ctrl+r, with the
    profile's ${GH_T} as a reference to the variable; after ctrl+r again, revealed. The
    mode stays on screen while it is not the default."""
    monkeypatch.setenv("GH_T", "ghp_abc")
    secret = profile(tmp_path, "gh", '[headers]\nauthorization = "token ${GH_T}"\n')
    app = make_app(route="GET /user", profiles=[secret])
    seen = record_notifications(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        for key, starts in COPIES.items():
            await press(pilot, key)
            assert app.clipboard.startswith(starts), key
            assert "token <REDACTED>" in app.clipboard
            assert "ghp_abc" not in app.clipboard
            assert f"{API}/user" in app.clipboard
            if key == "f5":
                assert _json_token(app.clipboard) == "token <REDACTED>"
        assert shown(app.query_one("#secrets", Static)) == ""
        await press(pilot, "ctrl+r")
        assert "SECRETS AS $VAR" in shown(app.query_one("#secrets", Static))
        for key, reference in ENV_COPIES.items():
            await press(pilot, key)
            assert app.clipboard.startswith(
                COPIES[key].replace("import ", "import os\n\nimport ")
            ), key
            assert reference in app.clipboard, key
            assert "ghp_abc" not in app.clipboard
        assert "ghp_abc" not in tab_text(app, "parsed")  # the screen stays redacted
        await press(pilot, "ctrl+r")
        assert "SECRETS SHOWN" in shown(app.query_one("#secrets", Static))
        for key, starts in COPIES.items():
            await press(pilot, key)
            assert app.clipboard.startswith(starts), key
            assert TOKEN in app.clipboard
            if key == "f5":
                assert _json_token(app.clipboard) == TOKEN
        assert app.is_running
    copied = [note for note in seen if note.startswith("information: Copied")]
    assert len(copied) == 12
    assert all("secrets redacted" in note for note in copied[:4])
    assert all("secrets as $VAR" in note for note in copied[4:8])
    assert all("secrets shown" in note for note in copied[8:])
    assert copied[1].startswith("information: Copied curl")


async def test_reveal_shows_a_session_header_in_view_and_copy(
    no_system_clipboard: list[str],
) -> None:
    """A session-layer token is redacted in the curl tab and the copy until ctrl+r."""
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        await focus(pilot, toml_editor(app))
        await type_text(pilot, f'[headers]\nauthorization = "{TOKEN}"')
        assert "token <REDACTED>" in tab_text(app, "curl")
        assert "ghp_abc" not in tab_text(app, "curl")
        await pilot.press("f6")
        assert "token <REDACTED>" in app.clipboard
        assert no_system_clipboard == [app.clipboard]  # pyperclip was tried with the same text
        await pilot.press("ctrl+r")
        assert app.secrets == "env"  # typed, not a ${VAR}: still redacted
        assert "ghp_abc" not in tab_text(app, "curl")
        await pilot.press("ctrl+r")
        assert app.revealed
        assert TOKEN in tab_text(app, "curl")
        await pilot.press("f6")
        assert TOKEN in app.clipboard
        await pilot.press("ctrl+r")
        assert "ghp_abc" not in tab_text(app, "curl")


async def test_no_tab_shows_a_profile_token_until_revealed(tmp_path: Path) -> None:
    """Parsed, Merged, Explain and every snippet tab, and the status line, hide the
    profile's token; ctrl+r shows it in each (so this test can fail)."""
    secret = profile(tmp_path, "gh", f'[headers]\nauthorization = "{TOKEN}"\n')
    app = make_app(route="GET /user", profiles=[secret])
    tabs = ("parsed", "merged", "explain", "curl", "python", "httpx", "json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for tab in tabs:
            assert "ghp_abc" not in tab_text(app, tab), tab
        assert "ghp_abc" not in status(app)
        await pilot.press("ctrl+r", "ctrl+r")
        for tab in tabs:
            assert "ghp_abc" in tab_text(app, tab), tab


async def test_copy_of_a_broken_request_copies_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A copy key while the request has an error says so and leaves the clipboard alone."""
    app = make_app(route="GET /users/{username}")
    seen = record_notifications(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        assert app.clipboard == ""
        assert any(note.startswith("error: Nothing copied") for note in seen)


# --- results ---------------------------------------------------------------------------------


async def test_explain_tab_shows_layer_and_destination(tmp_path: Path) -> None:
    """The Explain tab says, for each option, the layer it came from and where it went."""
    teaching = profile(tmp_path, "teaching", "per_page = 100\n")
    app = make_app(route="GET /repos/{owner}/{repo}/issues", profiles=[teaching])
    async with app.run_test(size=SIZE) as pilot:
        await fill(pilot, app, owner="octocat", repo="hello-world")
        await click_tab(pilot, "explain")
        await pilot.pause()
        assert app.query_one(ResultsView).active == "explain"
        shown = tab_text(app, "explain").splitlines()
        at = {line.split("│")[0].strip(): number for number, line in enumerate(shown)}
        # Each option: its cascade on its line, where it went on the line below.
        assert '"octocat" · call' in shown[at["owner"]]
        assert "→ URL path {owner}" in shown[at["owner"] + 1]
        assert "100 · teaching" in shown[at["per_page"]]
        assert "→ URL query" in shown[at["per_page"] + 1]
        assert "built-in defaults" in shown[at["headers.accept"]]


async def test_every_tab_renders(tmp_path: Path) -> None:
    """Every results tab renders the current request in its own format."""
    app = make_app(route="GET /users/{username}")
    async with app.run_test(size=SIZE) as pilot:
        await fill(pilot, app, username="octocat")
        expected = {
            "parsed": "'url': 'https://api.github.com/users/octocat'",
            "merged": '"url": "/users/{username}"',
            "curl": "curl",
            "python": "import requests",
            "httpx": "import httpx",
            "json": '"url": "https://api.github.com/users/octocat"',
        }
        for tab, needle in expected.items():
            assert needle in tab_text(app, tab), tab


@pytest.mark.parametrize(
    ("route", "row", "library_call"),
    [
        ("GET /repos/{owner", None, lambda: restroute.endpoint("GET /repos/{owner")),
        (
            "GET /users/octocat",
            ("headers.bad header", "x"),
            lambda: restroute.endpoint("GET /users/octocat", headers={"bad header": "x"}),
        ),
        (
            "GET /users/octocat",
            ("data", "hello"),
            lambda: restroute.endpoint("GET /users/octocat", data="hello"),
        ),
    ],
    ids=["unbalanced-brace", "bad-header-name", "data-on-get"],
)
async def test_errors_show_the_library_message_and_keep_the_input(
    route: str, row: tuple[str, str] | None, library_call: Any
) -> None:
    """A malformed route, a bad header name or data on a GET shows the library's message."""
    with pytest.raises(EndpointError) as raised:
        library_call()
    app = make_app(route="")
    async with app.run_test(size=SIZE) as pilot:
        await type_text(pilot, route)
        if row is not None:
            await add_row(pilot, *row)
        assert status(app) == f"✗ {raised.value}"
        assert app.query_one("#status", Static).has_class("-error")
        assert app.query_one("#route", Input).value == route
        if row is not None:
            assert rows(app)[-1].pair == row
        assert str(raised.value) in " ".join(tab_text(app, "parsed").split())


# --- help and palette ------------------------------------------------------------------------


async def test_f1_opens_help_and_escape_closes_it() -> None:
    """F1 opens the help screen explaining how a request is built; escape closes it."""
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "How a request is built" in shown(app.screen.query_one("#help-text", Static))
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
        assert app.query_one("#route", Input).value == "GET /user"


async def test_command_palette_copies_as_curl() -> None:
    """ctrl+p, "as curl", enter copies the curl command."""
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await type_text(pilot, "as curl")
        palette = app.screen
        await until(pilot, lambda: palette.query_one(CommandList).option_count, "listing hits")
        await pilot.press("enter")
        await pilot.pause()
        assert app.clipboard.startswith("curl")
        assert f"{API}/user" in app.clipboard


# --- garbage in, no crash --------------------------------------------------------------------

PRINTABLE = "abcXYZ019 " + HOSTILE
ACTIONS = ["ctrl+n", "ctrl+d", "ctrl+r", "f5", "f6", "f7", "f8", "tab"]
KEYSTROKES = 300  # per seed


def _garbage(rng: random.Random, newlines: bool) -> str:
    text = "".join(rng.choice(PRINTABLE) for _ in range(rng.randint(5, 40)))
    return text.replace(" ", "\n", 1) if newlines else text


@pytest.mark.no_cover  # random input: its reach is the draws'; written tests cover the code
@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_garbage_typed_everywhere_never_crashes(seed: int) -> None:
    """Random hostile typing in the route, names, values and layer TOML, and random keys,
    crash nothing, and every key typed into a field is in that field."""
    rng = random.Random(seed)
    app = make_app(route="")
    keystrokes = 0
    async with app.run_test(size=SIZE) as pilot:
        while keystrokes < KEYSTROKES:
            where = rng.choice(["route", "name", "value", "toml", "keys"])
            if where == "keys":
                keys = [rng.choice(ACTIONS) for _ in range(rng.randint(1, 3))]
                for key in keys:
                    await press(pilot, key)
                keystrokes += len(keys)
                continue
            if where == "route":
                target: Input | TextArea = app.query_one("#route", Input)
            elif where == "toml":
                target = toml_editor(app)
            else:
                if not rows(app):
                    await add_row(pilot, "", "")
                row = rng.choice(rows(app))
                field = row.name_field if where == "name" else (await value_field(row))
                if not isinstance(field, Input) or not field.can_focus:
                    continue  # a label, a choice, or a name given (Tab passes it by)
                target = field
            await focus(pilot, target)
            assert app.focused is target
            before = target.text if isinstance(target, TextArea) else target.value
            text = _garbage(rng, newlines=where == "toml")
            await type_text(pilot, text)
            keystrokes += len(text)
            if isinstance(target, Input):
                assert target.value == before + text
        assert app.return_code is None
        assert app.is_running
        assert app.session.route == app.query_one("#route", Input).value
        assert status(app)[:1] in {"✓", "✗", "!"}


async def test_deleting_a_placeholder_row_brings_it_back_empty() -> None:
    """A placeholder's row cannot go away: deleting it clears it, and it is marked missing."""
    app = make_app("GET /users/{username}")
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        value = await value_input(row_named(app, "username"))
        value.focus()
        await pilot.press(*"octocat")
        await pilot.pause()
        await pilot.press("ctrl+d")
        await pilot.pause()
        await pilot.pause()

        rows = app.query_one(ParamsEditor).rows
        assert rows == [("username", "")]
        assert "no value for {username}" in str(app.query_one("#status", Static).content)


async def test_saving_invalid_session_toml_says_so(tmp_path: Path) -> None:
    """ctrl+s with invalid TOML on screen writes nothing and shows the TOML error."""
    app = make_app("GET /user")
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        toml_editor(app).focus()
        await pilot.press(*"per_page = ")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        target = tmp_path / "out.toml"
        prompt = app.screen.query_one("#path", Input)
        prompt.value = str(target)
        await pilot.press("enter")
        await pilot.pause()

        assert not target.exists()
        assert app.session.layer("session").options == {}


# --- secrets typed into the explorer ------------------------------------------------------


def screen_text(app: RestrouteApp) -> str:
    """Every character on the screen, as the terminal shows it."""
    return "\n".join(line.text for line in app.screen._compositor.render_strips())


async def test_a_token_typed_into_the_toml_is_redacted_once_the_editor_is_left() -> None:
    """While the session layer's TOML is edited it shows what is typed (no one edits
    what they cannot see); left, it shows its secrets as every other view does. The
    request keeps the token; back in the editor, the text and its undo are as typed."""
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        editor = toml_editor(app)
        await focus(pilot, editor)
        await type_text(pilot, f'per_page = 2\n[headers]\nauthorization = "{TOKEN}"')
        typed = editor.text
        assert TOKEN in typed
        await focus(pilot, app.query_one("#route", Input))
        assert editor.text == 'per_page = 2\n[headers]\nauthorization = "token <REDACTED>"'
        assert "ghp_abc" not in screen_text(app)
        assert request_headers(app)["authorization"] == TOKEN  # still sent
        assert app.session.layer("session").text == typed  # the layer is as typed
        await focus(pilot, editor)
        assert editor.text == typed
        await press(pilot, "ctrl+z")  # the history of the typing is back with it
        assert editor.text != typed
        assert typed.startswith(editor.text)
        assert app.session.layer("session").text == editor.text  # and the undo is an edit


async def test_ctrl_r_shows_the_tomls_secrets_and_hides_them_again() -> None:
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        editor = toml_editor(app)
        await focus(pilot, editor)
        await type_text(pilot, f'[headers]\nauthorization = "{TOKEN}"')
        await focus(pilot, app.query_one("#route", Input))
        seen = []
        for _ in range(3):  # redacted, then as $VAR, then shown, then redacted again
            await press(pilot, "ctrl+r")
            seen.append((app.secrets, "ghp_abc" in editor.text, "ghp_abc" in screen_text(app)))
        assert seen == [("env", False, False), ("reveal", True, True), ("redact", False, False)]


async def test_a_secret_rows_value_shows_as_dots_while_secrets_are_redacted() -> None:
    """A row named as a secret (by the name, as every view judges it) shows its value as
    Textual's password field does: a drawn row of the route, a row typed by hand and one
    renamed into a secret; ctrl+r up to reveal shows them, and the request has them."""
    secret = "gho_row_secret_7"
    values = [("client_id", "Iv1.app"), ("access_token", secret)]
    app = make_app("POST /applications/{client_id}/token", (), values)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        drawn = row_named(app, "access_token")
        assert drawn.drawn  # the route's own row, not yet widgets
        assert "•" * len(secret) in screen_text(app)
        await add_row(pilot, "headers.x-api-key", "k_typed_123")
        await add_row(pilot, "x-team", "ok_plain")
        text = screen_text(app)
        assert secret not in text
        assert "k_typed_123" not in text
        assert "ok_plain" in text
        assert request_headers(app)["x-api-key"] == "k_typed_123"
        field = row_named(app, "x-team").name_field
        assert field is not None
        field.can_focus = True
        await focus(pilot, field)
        await type_text(pilot, "-token")  # now "x-team-token": a secret's name
        assert "ok_plain" not in screen_text(app)
        await press(pilot, "ctrl+r")
        assert "ok_plain" not in screen_text(app)  # as $VAR: still hidden
        await press(pilot, "ctrl+r")
        text = screen_text(app)
        assert secret in text
        assert "k_typed_123" in text
        assert "ok_plain" in text
        await press(pilot, "ctrl+r")
        assert secret not in screen_text(app)


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_every_line_of_the_toml_being_edited_is_in_view(size: tuple[int, int]) -> None:
    """Four layers, the title and the editor's three lines did not fit the panel's
    seven: a newcomer's third line was typed out of view. While the TOML is edited the
    list takes two lines, the layer edited among them."""
    here = Path(__file__).parents[2] / "sample_profiles"
    profiles = [load_profile(here / "github.toml"), load_profile(here / "teaching.toml")]
    app = make_app("GET /repos/{owner}/{repo}/pulls", profiles, [("owner", "o"), ("repo", "r")])
    async with app.run_test(size=size) as pilot:
        editor = toml_editor(app)
        await focus(pilot, editor)
        await type_text(pilot, "per_page = 10\n[headers]\nx-team = 'core'")
        await pilot.pause()
        panel = app.query_one(LayersPanel).content_region
        assert panel.contains_region(editor.region)  # none of its lines cut off
        assert "x-team = 'core'" in screen_text(app)
        listing = app.query_one("#layer-list", SelectionList)
        assert listing.region.height == 2
        shown = listing.scroll_offset.y
        assert shown <= (listing.highlighted or 0) < shown + 2  # the session layer
        assert "on  session" in screen_text(app)
        await focus(pilot, app.query_one("#route", Input))
        assert listing.region.height == 4  # every layer again


@pytest.mark.parametrize(
    ("tmux", "said"),
    [
        (None, "through the terminal (OSC 52)"),
        (
            "/tmp/tmux-0/default,7,0",
            "through the terminal (OSC 52; if nothing arrives in tmux: set -s set-clipboard on)",
        ),
    ],
)
async def test_a_copy_with_no_system_clipboard_says_how_to_let_it_through_tmux(
    monkeypatch: pytest.MonkeyPatch, tmux: str | None, said: str
) -> None:
    """tmux keeps OSC 52 from the outer terminal unless told: a newcomer's copy reached
    no clipboard and nothing said why."""
    from restroute.tui.clipboard import copy

    if tmux is None:
        monkeypatch.delenv("TMUX", raising=False)
    else:
        monkeypatch.setenv("TMUX", tmux)
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE):
        assert copy(app, "curl https://example.com") == said
        assert app.clipboard == "curl https://example.com"


async def test_undo_goes_no_further_back_than_the_form_as_it_opened(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The adversary's case: one ctrl+z too many emptied the values given on the command
    line, and the route's form went down to its two placeholders."""
    app = make_app("GET /repos/{owner}/{repo}/issues", (), [("owner", "o1"), ("state", "closed")])
    seen = record_notifications(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        opened = list(app.session.rows)
        assert ("owner", "o1") in opened
        assert len(opened) > 2  # the catalog's form
        await focus(pilot, await value_input(row_named(app, "owner")))
        await press(pilot, "ctrl+d")  # emptied
        assert ("owner", "") in app.session.rows
        await press(pilot, "ctrl+z")
        await press(pilot, "ctrl+z")  # one too many
        assert app.session.rows == opened
        assert seen[-1] == "warning: Nothing to undo"


async def test_a_value_carrying_a_secret_its_name_does_not_mark_shows_as_dots_when_left() -> None:
    """The adversary's case: a webhook's config JSON with a "secret" field, and a base_url
    with user:password@, showed in the form (the views redacted them). Left, such a value
    shows as dots; edited, as typed (no one edits what they cannot see)."""
    config = '{"url": "https://x", "secret": "s3cr3tHOOK"}'
    values = [("owner", "o"), ("repo", "r"), ("config", config)]
    app = make_app("POST /repos/{owner}/{repo}/hooks", (), values)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "s3cr3tHOOK" not in screen_text(app)
        await add_row(pilot, "base_url", "https://octo:pwUSERINFO@api.github.com")
        assert "pwUSERINFO" in screen_text(app)  # being typed
        await focus(pilot, await value_input(row_named(app, "owner")))
        text = screen_text(app)
        assert "pwUSERINFO" not in text
        assert "s3cr3tHOOK" not in text
        field = await value_input(row_named(app, "config"))
        await focus(pilot, field)
        assert '"secret": "s3cr3t' in screen_text(app)  # edited: as typed (its start)
        await focus(pilot, await value_input(row_named(app, "owner")))
        assert "s3cr3tHOOK" not in screen_text(app)
        await press(pilot, "ctrl+r")
        await press(pilot, "ctrl+r")  # shown
        assert '"secret": "s3cr3t' in screen_text(app)


async def test_a_value_undone_into_a_secret_shows_as_dots() -> None:
    """Undo puts a value back into a row that is kept: masked as a value typed is (the
    first version masked only rows made anew, so an undone config showed its secret)."""
    config = '{"url": "https://x", "secret": "s3cr3tX99"}'
    values = [("owner", "o"), ("repo", "r"), ("config", config)]
    app = make_app("POST /repos/{owner}/{repo}/hooks", (), values)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await focus(pilot, await value_input(row_named(app, "config")))
        await press(pilot, "ctrl+d")  # emptied, the row kept
        assert ("config", "") in app.session.rows
        await focus(pilot, await value_input(row_named(app, "owner")))
        await press(pilot, "ctrl+z")
        assert ("config", config) in app.session.rows
        assert "s3cr3t" not in screen_text(app)
