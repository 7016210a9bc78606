"""The explorer's form as a person uses it: each test is a user's keys (as the trial in a
real terminal typed them) and what the user then sees. The numbers are those of the
issue "The explorer as a person uses it"."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.command import CommandPalette
from textual.pilot import Pilot
from textual.widgets import Input, SelectionList, Static, TextArea
from textual.widgets.input import Selection

from restroute.profiles import load_profile
from restroute.tui import RestrouteApp, make_app
from restroute.tui.screens.help_screen import HelpScreen
from restroute.tui.widgets.layers_panel import LayersPanel
from restroute.tui.widgets.param_row import ParamRow
from restroute.tui.widgets.params_editor import ParamsEditor
from restroute.tui.widgets.results_view import ResultsView
from restroute.tui.widgets.tab_bar import TabBar
from tests.ui.test_explorer import (
    API,
    cells,
    focus,
    focused_has_class,
    press,
    record_notifications,
    row_named,
    rows,
    shown,
    status,
    tab_text,
    toml_editor,
    type_text,
    until,
    value_field,
    value_input,
    write_profile,
)
from tests.ui.test_explorer_hostile import paste, post_keys

SIZE = (100, 30)
PULLS = "GET /repos/{owner}/{repo}/pulls"


def names(app: RestrouteApp) -> list[str]:
    return [row.pair[0] for row in rows(app)]


def values(app: RestrouteApp) -> dict[str, str]:
    return {name: value for name, value in app.session.rows if value}


async def pick(pilot: Pilot[None], words: str) -> None:
    """F2, the words, enter: as the user picks a route."""
    app = pilot.app
    await app.workers.wait_for_complete()
    await press(pilot, "f2")
    await type_text(pilot, words)
    await press(pilot, "enter")
    assert isinstance(app, RestrouteApp)
    await until(pilot, lambda: not app.screen.is_modal and bool(rows(app)), "the form laid out")


def focused_row(app: RestrouteApp) -> ParamRow | None:
    return app.query_one(ParamsEditor).row_of(app.focused)


# --- 1. Tab goes from value to value --------------------------------------------------------


async def test_1_tab_goes_from_value_to_value_and_never_into_a_name() -> None:
    """F2, list pull requests, enter, octocat, tab, hello-world: both values where typed."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pick(pilot, "list pull requests")
        await type_text(pilot, "octocat")
        await press(pilot, "tab")
        await type_text(pilot, "hello-world")

        assert values(app) == {"owner": "octocat", "repo": "hello-world"}
        assert status(app) == f"✓ GET {API}/repos/octocat/hello-world/pulls"
        assert all(row.name_field is None for row in rows(app))  # names are labels


async def test_1_a_named_row_of_ones_own_is_passed_by_tab() -> None:
    """ctrl+n, a name, tab, a value: from then on tab goes past that name, not into it."""
    app = make_app(route="GET /users/{username}")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "ctrl+n")
        await type_text(pilot, "per_page")
        await press(pilot, "tab")
        await type_text(pilot, "2")
        await focus(pilot, app.query_one("#route", Input))
        await press(pilot, "tab")  # the username value
        await press(pilot, "tab")  # the per_page value, its name passed by
        await type_text(pilot, "0")

        assert app.session.rows == [("username", ""), ("per_page", "20")]


# --- 2. delete moves on, and undo brings back ------------------------------------------------


async def test_2_ctrl_d_three_times_empties_three_rows_downward() -> None:
    """Three ctrl+d from base: base, then the rows after it; none above; all in place."""
    app = make_app(route=PULLS)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "base" in names(app), "the pulls form")
        order = names(app)
        for name in ("head", "base", "sort"):
            await focus(pilot, (await value_field(row_named(app, name))))  # type: ignore[arg-type]
            if isinstance(app.focused, Input):
                await type_text(pilot, "x")
        await focus(pilot, (await value_field(row_named(app, "base"))))  # type: ignore[arg-type]
        for _ in range(3):
            await press(pilot, "ctrl+d")

        assert names(app) == order  # the route's own rows are emptied, never reordered
        assert row_named(app, "head").pair == ("head", "x")  # the row above is untouched
        assert row_named(app, "base").pair == ("base", "")
        assert focused_row(app) is row_named(app, names(app)[order.index("base") + 3])


async def test_2_ctrl_z_brings_back_a_deleted_row_and_an_edit() -> None:
    app = make_app(route="GET /users/{username}")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "tab")
        await type_text(pilot, "octocat")
        await press(pilot, "ctrl+n")
        await type_text(pilot, "per_page")
        await press(pilot, "tab")
        await type_text(pilot, "5")
        await press(pilot, "ctrl+d")
        assert app.session.rows == [("username", "octocat")]

        await press(pilot, "ctrl+z")
        assert app.session.rows == [("username", "octocat"), ("per_page", "5")]
        assert names(app) == ["username", "per_page"]
        await press(pilot, "ctrl+z")  # the value typed into per_page
        await press(pilot, "ctrl+z")  # the name typed
        await press(pilot, "ctrl+z")  # the row added
        await press(pilot, "ctrl+z")  # octocat
        assert app.session.rows == [("username", "")]
        seen = record_notifications(app, pytest.MonkeyPatch())
        await press(pilot, "ctrl+z")
        assert seen == ["warning: Nothing to undo"]


async def test_2_ctrl_z_in_the_toml_undoes_the_toml_and_elsewhere_the_form() -> None:
    """In the TOML editor ctrl+z is the editor's own undo; with the focus on no field at
    all, it is the form's (the editor not made yet is not "focused")."""
    app = make_app(route="GET /users/{username}")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "tab")
        await type_text(pilot, "octocat")
        app.screen.set_focus(None)
        await pilot.pause()
        await press(pilot, "ctrl+z")
        assert app.session.rows == [("username", "")]
        editor = toml_editor(app)
        await focus(pilot, editor)
        await type_text(pilot, "per_page = 5")
        await press(pilot, "ctrl+z")
        assert editor.text == ""
        assert app.session.rows == [("username", "")]


# --- 3 and 4. a pick replaces the form, and focuses what to fill ------------------------------


async def test_3_picking_a_route_drops_what_it_does_not_take_and_says_so() -> None:
    """From pulls (state=closed, per_page=50) to create issue: the body carries neither;
    the notice names them; ctrl+z brings the pulls form back with both."""
    app = make_app(route=PULLS, values=[("owner", "o"), ("state", "closed"), ("per_page", "50")])
    async with app.run_test(size=SIZE) as pilot:
        seen = record_notifications(app, pytest.MonkeyPatch())
        await pick(pilot, "create an issue")

        assert app.session.route == "POST /repos/{owner}/{repo}/issues"
        assert values(app) == {"owner": "o"}
        assert "state" not in tab_text(app, "parsed")
        assert any("state=closed, per_page=50" in note and "ctrl+z" in note for note in seen)
        await press(pilot, "ctrl+z")
        assert app.session.route == PULLS
        assert values(app) == {"owner": "o", "state": "closed", "per_page": "50"}


async def test_3_from_upload_to_get_contents_no_body_is_left() -> None:
    app = make_app(route="POST https://uploads.github.com/repos/{owner}/{repo}/releases/"
                   "{release_id}/assets{?name,label}", values=[("data", "zip bytes")])  # fmt: skip
    async with app.run_test(size=SIZE) as pilot:
        await pick(pilot, "get repository content")

        assert "data" not in values(app)
        assert "has no body" not in status(app)


async def test_4_after_a_pick_the_focus_is_on_the_first_empty_required_value_in_view() -> None:
    """The old form scrolled to its end; the new one starts at its top, owner focused."""
    app = make_app(route="GET /repos/{owner}/{repo}/issues", values=[("owner", "octocat")])
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: len(rows(app)) > 10, "the issues form")
        editor = app.query_one(ParamsEditor)
        editor.scroll_end(animate=False)
        await pilot.pause()
        await pick(pilot, "list pull requests")
        await pilot.pause()

        assert focused_row(app) is row_named(app, "repo")  # owner kept its value
        assert editor.scroll_y == 0
        await type_text(pilot, "x")
        assert values(app) == {"owner": "octocat", "repo": "x"}


# --- 5. rows follow the route ----------------------------------------------------------------


async def test_5_typing_a_placeholder_key_by_key_leaves_one_row() -> None:
    app = make_app(route="GET /users/")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "end")
        await type_text(pilot, "{username}")

        assert names(app) == ["username"]


async def test_5_a_route_typed_anew_drops_the_last_forms_empty_rows() -> None:
    app = make_app(route="GET /repos/{owner}/{repo}/issues", values=[("owner", "o")])
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: len(rows(app)) > 10, "the issues form")
        await press(pilot, "ctrl+u")  # the route emptied (Input: delete to the start)
        await type_text(pilot, "GET /users/{username}")
        described = lambda: getattr(app.operation, "id", "") == "users/get-by-username"  # noqa: E731
        await until(pilot, described, "the route described")

        assert names(app) == ["username", "owner"]  # the value typed stays, as a row of its own
        assert app.session.rows == [("username", ""), ("owner", "o")]


# --- 6 and 7. every problem readable; refused TOML stays a problem -----------------------------


async def test_6_f3_lists_every_problem() -> None:
    app = make_app(route="GET /repos/{owner}/{repo}/issues", values=[("owner", "o"),
                   ("state", "shut"), ("color", "blue"), ("labels", "1")])  # fmt: skip
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        await press(pilot, "f3")

        assert app.query_one(ResultsView).active == "problems"
        shown_problems = tab_text(app, "problems")
        assert "✗ GET /repos/{owner}/{repo}/issues: no value for {repo}" in shown_problems
        assert "state='shut' is not one of open, closed, all" in shown_problems
        assert "GitHub documents no parameter 'color'" in shown_problems
        assert status(app).endswith(f"(+{len(app.view.problems) - 1} more: F3)")  # type: ignore[union-attr]
        assert app.query_one(TabBar).labels["problems"] == f"Problems {len(app.view.problems)}"  # type: ignore[union-attr]


async def test_7_invalid_toml_stays_reported_after_a_parameter_edit() -> None:
    app = make_app(route="GET /users/{username}/repos")
    async with app.run_test(size=SIZE) as pilot:
        await focus(pilot, toml_editor(app))
        await type_text(pilot, "per_page = 5\n")
        await type_text(pilot, "sort = ")
        await focus(pilot, (await value_field(row_named(app, "username"))))  # type: ignore[arg-type]
        await type_text(pilot, "octocat")

        assert status(app).startswith("✗ profile 'session' is not valid TOML")
        assert "fix the text; until then the request uses its last valid TOML" in status(app)
        assert "per_page=5" in tab_text(app, "parsed")  # the request is still shown


# --- 9. keyboard travel ----------------------------------------------------------------------


async def test_9_panel_keys_and_enter_in_the_route() -> None:
    app = make_app(route="GET /users/{username}")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")  # in the route: to the first value to fill
        assert focused_row(app) is row_named(app, "username")
        await press(pilot, "ctrl+l")
        assert app.focused is app.query_one("#route", Input)
        await press(pilot, "ctrl+t")
        assert isinstance(app.focused, SelectionList)
        await press(pilot, "ctrl+t")
        editor = toml_editor(app)
        assert app.focused is editor
        await press(pilot, "ctrl+t")
        assert app.screen.maximized is editor  # the TOML full screen
        await press(pilot, "ctrl+t")
        assert app.screen.maximized is None
        await press(pilot, "ctrl+f")
        assert isinstance(app.focused, TabBar)
        await press(pilot, "ctrl+g")
        assert focused_row(app) is row_named(app, "username")


async def test_9_tab_into_the_route_keeps_it_and_a_key_there_appends() -> None:
    app = make_app(route="GET /users/{username}")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "tab")
        await press(pilot, "shift+tab")
        await type_text(pilot, "/repos")

        assert app.session.route == "GET /users/{username}/repos"


@pytest.mark.parametrize("focus_leaves", [False, True])
async def test_9_the_route_opens_with_the_cursor_at_its_end(focus_leaves: bool) -> None:
    """Nothing in the route is selected as the explorer opens: the first key typed goes
    after it, not in its place; also once the terminal (or the browser tab) has lost the
    focus and got it back (tests/ui/test_serve.py types the same in a browser)."""
    app = make_app(route="GET /users/{username}")
    async with app.run_test(size=SIZE) as pilot:
        route = app.query_one("#route", Input)
        assert app.focused is route
        assert route.selection == Selection.cursor(len(route.value))
        if focus_leaves:
            app.post_message(events.AppBlur())
            await pilot.pause()
            app.post_message(events.AppFocus())
            await pilot.pause()
            assert app.focused is route
        await type_text(pilot, "x")

        assert app.session.route == "GET /users/{username}x"


async def test_9_alt_n_and_alt_t_are_ctrl_n_and_ctrl_t() -> None:
    """A browser keeps ctrl+n and ctrl+t for itself (a new window, a new tab); alt+n adds a
    row and alt+t goes round the layers as they do."""
    app = make_app(route="GET /users/{username}")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "alt+n")
        await until(pilot, lambda: focused_has_class(app, "param-name"), "on the new name")
        await type_text(pilot, "per_page")
        await press(pilot, "tab")
        await type_text(pilot, "5")
        assert values(app) == {"per_page": "5"}
        await press(pilot, "alt+t")
        assert isinstance(app.focused, SelectionList)
        await press(pilot, "alt+t")
        editor = toml_editor(app)
        assert editor.has_focus
        await press(pilot, "alt+t")
        assert app.screen.maximized is editor
        await press(pilot, "alt+t")
        assert app.screen.maximized is None
        assert values(app) == {"per_page": "5"}  # neither key was typed into a field


async def test_9_the_form_is_no_stop_of_its_own() -> None:
    app = make_app(route="GET /users/{username}")
    async with app.run_test(size=SIZE):
        assert not app.query_one(ParamsEditor).can_focus


# --- 10. small terminals ---------------------------------------------------------------------


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 48)])
async def test_10_every_panel_fits(size: tuple[int, int]) -> None:
    """At least 4 rows, the layer list, every tab's name and the keys for help and the
    palette are on screen; each row is one line."""
    app = make_app(route="GET /repos/{owner}/{repo}/issues")
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: len(rows(app)) > 10, "the issues form")
        await pilot.pause()
        screen = app.screen.region
        editor = app.query_one(ParamsEditor)
        visible = [row for row in rows(app) if editor.region.contains_region(row.region)]
        assert len(visible) >= 4
        assert all(row.region.height == 1 for row in rows(app))
        assert screen.contains_region(app.query_one("#layer-list").region)
        tabs = app.query_one(TabBar)
        assert screen.contains_region(tabs.region)
        for tab, (_, end) in tabs.spans().items():
            assert end <= tabs.region.width, tab
        legend = app.query_one("#keys", Static).render().plain  # type: ignore[union-attr]
        assert legend.startswith("F1 Help  ^p Palette")
        for key in ("^d Del", "^z Undo", "Panels", "^s Save"):  # two lines when narrow
            assert key in legend
        assert screen.contains_region(app.query_one("#keys").region)


# --- drawn rows: the form paints its rows until one is used ---------------------------------


@pytest.mark.parametrize(
    ("route", "size"),
    [
        ("GET /repos/{owner}/{repo}/issues", (80, 24)),
        ("GET /repos/{owner}/{repo}/issues", (100, 30)),
        ("GET /repos/{owner}/{repo}/pulls", (160, 48)),
        ("PUT /repos/{owner}/{repo}/contents/{path}", (62, 40)),
        ("PUT /repos/{owner}/{repo}/contents/{path}", (40, 30)),
    ],
)
async def test_a_drawn_row_looks_as_its_widgets_do(route: str, size: tuple[int, int]) -> None:
    """Every row of a route's form, drawn, then woken into its widgets (the focus back on
    the route): the form's cells are the same, character and colour. Values typed,
    placeholders, choices with and without a value, a missing row, a long name."""
    github = load_profile(Path(__file__).parents[2] / "sample_profiles" / "github.toml")
    app = make_app(route, [github], [("owner", "octocat"), ("state", "closed"),
                                     ("sort", "updated"), ("message", "x" * 300)])  # fmt: skip
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        form = app.query_one(ParamsEditor)
        assert all(row.drawn for row in rows(app) if row.laid_out)
        drawn = cells(app, form.region)
        assert "octocat" in "".join(char for line in drawn for char, _ in line)
        for row in rows(app):
            await value_field(row)
        await pilot.pause()
        assert not any(row.drawn for row in rows(app))

        assert cells(app, form.region) == drawn


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 48)])
async def test_the_drawn_toml_editor_looks_as_the_editor_does(size: tuple[int, int]) -> None:
    """The session layer's TOML starts empty (one empty line), drawn as the editor's
    placeholder, which says how to write one (its "[headers]" was read as markup and
    lost); made into the editor, unfocused, the panel's cells are the same."""
    app = make_app("GET /repos/{owner}/{repo}/issues")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        panel = app.query_one(LayersPanel)
        assert not panel.query(TextArea)  # drawn
        drawn = cells(app, panel.region)
        shown = "\n".join("".join(char for char, _ in line) for line in drawn)
        assert "TOML, for example:" in shown
        assert "[headers]" in shown or size[1] < 48  # the whole example where it fits
        toml_editor(app)
        await pilot.pause()
        assert panel.query(TextArea)
        assert cells(app, panel.region) == drawn


async def test_a_hint_wider_than_its_field_ends_in_an_ellipsis() -> None:
    """``required · string`` in a field of 12: ``required · …``, drawn or as a field
    (Textual wrapped it at the space and showed ``required ·``, as if it said all)."""
    app = make_app("PUT /repos/{owner}/{repo}/contents/{path}")
    async with app.run_test(size=(62, 40)) as pilot:
        await pilot.pause()
        form = app.query_one(ParamsEditor)
        line = next(
            "".join(char for char, _ in line).strip("│ ")
            for line in cells(app, form.region)
            if "path" in "".join(char for char, _ in line)
        )
        hint = line.split(" = ")[1].rstrip()
        assert hint.endswith("…")
        assert "required · string".startswith(hint[:-1])
        field = await value_input(row_named(app, "path"))
        await pilot.pause()
        assert field.render_line(0).text.rstrip() == hint


# --- 12 and 13. layer state in words; secrets said on screen -----------------------------------


async def test_12_a_layer_says_on_or_off_and_a_loaded_one_is_highlighted(tmp_path: Path) -> None:
    path = write_profile(tmp_path, "paging", "per_page = 50\n")
    app = make_app(route="GET /user/repos")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "ctrl+o")
        await paste(pilot, str(path))
        await press(pilot, "enter")
        layer_list: SelectionList[str] = app.query_one("#layer-list", SelectionList)
        await focus(pilot, layer_list)
        await press(pilot, "space")  # the loaded layer is the highlighted one

        prompts = [str(layer_list.get_option_at_index(i).prompt) for i in range(3)]
        assert prompts == ["on  built-in defaults", "off paging", "on  session"]
        assert status(app) == f"✓ GET {API}/user/repos"


async def test_13_revealed_secrets_are_said_on_screen_until_hidden() -> None:
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        banner = app.query_one("#secrets", Static)
        await press(pilot, "ctrl+r")
        await press(pilot, "ctrl+r")
        assert "SECRETS SHOWN" in shown(banner)
        await press(pilot, "ctrl+r")
        assert shown(banner) == ""


# --- 15. the palette lists the app's commands at once --------------------------------------


async def test_15_the_palette_lists_the_commands_before_a_key() -> None:
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "ctrl+p")
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
        listing = app.screen.query_one("CommandList")
        await until(pilot, lambda: listing.option_count >= 10, "the commands listed")  # type: ignore[attr-defined]
        titles = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]  # type: ignore[attr-defined]
        assert any("form: clear every value" in title for title in titles)
        assert any("copy: as curl" in title for title in titles)


# --- 16. bursts ------------------------------------------------------------------------------


async def test_16_keys_typed_after_tab_in_a_burst_land_in_the_next_field() -> None:
    """octocat, tab, hello-world queued at once, as a fast typist or a paste sends them."""
    app = make_app(route="GET /repos/{owner}/{repo}")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "tab")
        for char in "octocat":
            app.post_message(events.Key(char, char))
        post_keys(app, "tab")
        for char in "hello":
            app.post_message(events.Key(char, char))
        await until(pilot, lambda: values(app).get("repo") == "hello", "hello in repo")

        assert values(app) == {"owner": "octocat", "repo": "hello"}


async def test_16_a_300_character_paste_is_one_update() -> None:
    app = make_app(route="GET /users/{username}")
    async with app.run_test(size=SIZE) as pilot:
        updates = 0
        update = app.update_results

        def counted() -> None:
            nonlocal updates
            updates += 1
            update()

        app.update_results = counted  # type: ignore[method-assign]
        await press(pilot, "tab")
        await pilot.pause()
        updates = 0
        await paste(pilot, "o" * 300)

        assert values(app) == {"username": "o" * 300}
        assert updates == 1


# --- 18. polish ------------------------------------------------------------------------------


async def test_18_f1_opens_at_once_and_a_second_f1_closes_it() -> None:
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "f1")
        assert isinstance(app.screen, HelpScreen)
        assert "ctrl+g" in shown(app.screen.query_one("#help-text", Static))
        await press(pilot, "f1")
        assert not isinstance(app.screen, HelpScreen)


async def test_18_ctrl_d_in_the_toml_deletes_a_character() -> None:
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        seen = record_notifications(app, pytest.MonkeyPatch())
        text = toml_editor(app)
        await focus(pilot, text)
        await type_text(pilot, "per_page = 12")
        await press(pilot, "left")
        await press(pilot, "ctrl+d")

        assert text.text.rstrip("\n") == "per_page = 1"
        assert not seen


async def test_18_a_pasted_multi_line_value_is_kept_whole_and_said() -> None:
    app = make_app(route="POST /markdown")
    async with app.run_test(size=SIZE) as pilot:
        seen = record_notifications(app, pytest.MonkeyPatch())
        await press(pilot, "ctrl+n")
        await type_text(pilot, "text")
        await press(pilot, "tab")
        await paste(pilot, "# Title\n\nsome text")

        assert values(app) == {"text": "# Title some text"}
        assert seen == ["warning: Pasted 3 lines as one: a value is one line (joined by spaces)"]


async def test_18_saving_a_typed_token_says_it_was_left_out(tmp_path: Path) -> None:
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        seen = record_notifications(app, pytest.MonkeyPatch())
        await focus(pilot, toml_editor(app))
        await type_text(pilot, '[headers]\nauthorization = "token ghp_typed"')
        await press(pilot, "ctrl+s")
        await press(pilot, "ctrl+u")
        await type_text(pilot, str(tmp_path / "s.toml"))
        await press(pilot, "enter")

        assert "ghp_typed" not in (tmp_path / "s.toml").read_text()
        assert f"warning: Saved the session layer to {tmp_path / 's.toml'}; left out " in seen[-1]
        assert seen[-1].endswith(
            "authorization: a secret typed as text is never written (as ${NAME} it is, read "
            "from the environment)"
        )


async def test_18_the_help_panel_shows_links_not_markdown() -> None:
    app = make_app(route="GET /repos/{owner}/{repo}/issues")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: len(rows(app)) > 10, "the issues form")
        await focus(pilot, (await value_field(row_named(app, "since"))))  # type: ignore[arg-type]
        text = shown(app.query_one("#param-help-text", Static))

        assert "](" not in text
        assert "**" not in text


# --- 14. uploads: a file as the body ---------------------------------------------------------


async def test_14_f4_sends_a_file_as_the_body_with_its_names_type(tmp_path: Path) -> None:
    """F4, a path, enter: the body is the file's bytes, content-type from its name, and the
    data row says which file; the palette's detach forgets it."""
    asset = tmp_path / "release.zip"
    asset.write_bytes(b"PK\x03\x04")
    route = "POST https://uploads.github.com/repos/o/r/releases/1/assets{?name}"
    app = make_app(route=route, values=[("name", "release.zip")])
    async with app.run_test(size=SIZE) as pilot:
        seen = record_notifications(app, pytest.MonkeyPatch())
        await press(pilot, "f4")
        await type_text(pilot, str(asset))
        await press(pilot, "enter")

        parsed = app.view.parsed  # type: ignore[union-attr]
        assert parsed is not None
        assert parsed["body"] == b"PK\x03\x04"
        assert parsed["headers"]["content-type"] == "application/zip"
        data = await value_field(row_named(app, "data"))
        assert isinstance(data, Input)
        assert data.placeholder == "release.zip · 4 bytes (F4)"
        assert seen[-1].startswith("information: The body is release.zip · 4 bytes; "
                                   "content-type: application/zip")  # fmt: skip
        await app.run_action("detach")
        await pilot.pause()
        assert "body" not in app.view.parsed  # type: ignore[operator,union-attr]


async def test_14_a_file_that_cannot_be_read_is_an_error_and_nothing_changes(
    tmp_path: Path,
) -> None:
    app = make_app(route="POST /markdown/raw")
    async with app.run_test(size=SIZE) as pilot:
        seen = record_notifications(app, pytest.MonkeyPatch())
        await press(pilot, "f4")
        await type_text(pilot, str(tmp_path / "missing.md"))
        await press(pilot, "enter")

        assert app.session.attachment is None
        assert seen[-1].startswith("error: attach: ")
        assert "cannot be read" in seen[-1]


# --- 16. bursts: every key lands where and when it was typed -----------------------------------

USERS = "GET /users/{username}"
BURSTS = [
    ("tab", [*"abc", "backspace", "d"], "username=abd"),
    ("tab", [*"abc", "left", "d"], "username=abdc"),
    ("tab", [*"abc", "home", "d"], "username=dabc"),
    ("tab", [*"octocat", "ctrl+l", *"/repos"], "route=GET /users/{username}/repos"),
    ("", ["ctrl+g", *"octocat"], "username=octocat"),
    ("", ["enter", *"octocat"], "username=octocat"),
    ("tab", ["ctrl+n", *"per_page", "tab", "5"], "per_page=5"),
    ("tab", ["ctrl+t", "ctrl+t", *"per_page = 3"], "toml=per_page = 3"),
]


@pytest.mark.parametrize(("first", "keys", "expected"), BURSTS)
async def test_16_a_burst_of_keys_lands_as_typed(
    first: str, keys: list[str], expected: str
) -> None:
    """Keys queued at once, as a fast typist or a terminal's buffer sends them: editing
    keys act in turn with the letters, and the keys after one that moves the focus go
    where it moved (the adversary found each of these landing in the old field)."""
    app = make_app(route=USERS)
    async with app.run_test(size=SIZE) as pilot:
        if first:
            await press(pilot, first)
        for key in keys:
            app.post_message(events.Key(key, key if len(key) == 1 else None))
        await until(pilot, lambda: app._message_queue.empty(), "the keys handled")
        await pilot.pause()

        what, _, value = expected.partition("=")
        if what == "route":
            assert app.session.route == value
        elif what == "toml":
            assert app.session.layer("session").text.strip() == value
        else:
            assert (what, value) in app.session.rows


async def test_13_a_row_named_headers_hints_no_token(monkeypatch: pytest.MonkeyPatch) -> None:
    """A row named after a whole option shows the layers' value as its hint, the token in
    it redacted (the adversary saw it in clear), in every mode but reveal."""
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_hint0leak")
    github = load_profile(Path(__file__).parents[2] / "sample_profiles" / "github.toml")
    app = make_app(route="GET /user", profiles=[github])
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "ctrl+n")
        await type_text(pilot, "headers")
        await press(pilot, "tab")
        field = rows(app)[-1].value_field
        assert isinstance(field, Input)

        assert "token <REDACTED>" in field.placeholder
        await press(pilot, "ctrl+r")  # secrets as $VAR: the screen stays redacted
        assert "ghp_hint0leak" not in field.placeholder
        await press(pilot, "ctrl+r")  # shown
        assert "ghp_hint0leak" in field.placeholder


# --- what the newcomer and the adversary found in tmux -------------------------------------


async def test_typing_into_the_built_in_toml_says_it_is_read_only_and_where_to_type() -> None:
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        seen = record_notifications(app, pytest.MonkeyPatch())
        layer_list: SelectionList[str] = app.query_one("#layer-list", SelectionList)
        await focus(pilot, layer_list)
        await press(pilot, "home")  # built-in defaults
        await focus(pilot, toml_editor(app))
        await type_text(pilot, "per_page = 1")

        told = [note for note in seen if "read-only" in note]
        assert told == [told[0]]  # once, not a notice a key
        assert told[0].startswith("warning: built-in defaults is read-only")
        assert "session layer" in told[0]
        assert "per_page" not in toml_editor(app).text


async def test_the_full_screen_toml_is_framed_and_says_how_back() -> None:
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3):
            await press(pilot, "ctrl+t")  # the list, the TOML, the TOML full screen
        editor = toml_editor(app)
        assert app.screen.maximized is editor
        assert editor.styles.border_top[0] == "round"
        assert editor.border_title == "session · TOML · ctrl+t or escape: back"
        await press(pilot, "escape")
        assert app.screen.maximized is None
        assert editor.styles.border_top[0] in ("", "none")  # framed full screen only


async def test_an_off_layer_shows_no_x() -> None:
    """The box of an off layer is drawn in its background: no X to read as "on"."""
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        layer_list: SelectionList[str] = app.query_one("#layer-list", SelectionList)
        off = layer_list.get_component_rich_style("selection-list--button")
        on = layer_list.get_component_rich_style("selection-list--button-selected")
        assert off.color == off.bgcolor
        assert on.color != on.bgcolor


async def test_a_panel_key_leaves_the_full_screen_toml_for_its_panel() -> None:
    """ctrl+l from the full-screen TOML: the route is hidden there, so the TOML leaves
    full screen and the route has the focus (focus on a hidden route left a faded notice
    painted over the TOML, the adversary found in tmux)."""
    app = make_app(route="GET /user")
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3):
            await press(pilot, "ctrl+t")
        assert app.screen.maximized is not None
        await press(pilot, "ctrl+l")
        assert app.screen.maximized is None
        assert app.focused is app.query_one("#route", Input)
