"""The explorer with GitHub's route catalog: the picker, the form it lays out, the help of
the focused parameter, choices, and the catalog's warnings, driven by Textual's pilot."""

from __future__ import annotations

import gc
import random
import threading
import weakref
from collections.abc import Callable
from typing import Any

import pytest
from textual import events
from textual.command import CommandList, CommandPalette
from textual.widgets import Input, Select, Static

from restroute import catalog
from restroute.tui import RestrouteApp, make_app
from restroute.tui.screens.route_picker import RoutePicker
from restroute.tui.widgets.params_editor import ParamsEditor
from restroute.tui.widgets.route_bar import RouteBar
from restroute.tui.widgets.route_list import RouteList
from tests.ui.test_explorer import (
    ACTIONS,
    API,
    SIZE,
    fill,
    focus,
    press,
    row_named,
    rows,
    shown,
    status,
    type_text,
    until,
    url,
    value_field,
    value_input,
)
from tests.ui.test_explorer import _garbage as garbage

CREATE = "POST /repos/{owner}/{repo}/issues"
LISTING = "GET /repos/{owner}/{repo}/issues"


def names(app: RestrouteApp) -> list[str]:
    return [row.pair[0] for row in rows(app)]


def help_text(app: RestrouteApp) -> str:
    """The help panel as the user reads it (markup removed)."""
    return shown(app.query_one("#param-help-text", Static))


async def choice(app: RestrouteApp, name: str) -> Select[str]:
    select = await value_field(row_named(app, name))
    assert isinstance(select, Select)
    return select


def picker_options(app: RestrouteApp) -> list[tuple[str | None, bool]]:
    """The picker's list: (operation id or None for a heading, whether it can be chosen)."""
    listing = app.screen.query_one(RouteList)
    return [(row.key, row.pickable) for row in listing.rows]


def highlighted(app: RestrouteApp) -> str | None:
    key = app.screen.query_one(RouteList).highlighted_key
    assert key is not None
    return key


async def test_f2_picks_create_issue_first_and_lays_out_its_form() -> None:
    """The issue's bar: "create issue" finds issues/create as the first hit; enter fills
    the route bar and lays out the form, required parameters first, focus on the first."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await press(pilot, "f2")
        assert isinstance(app.screen, RoutePicker)
        await type_text(pilot, "create issue")

        assert highlighted(app) == "issues/create"
        await press(pilot, "enter")
        await pilot.pause()

        assert not isinstance(app.screen, RoutePicker)
        assert app.query_one(RouteBar).value == CREATE
        assert names(app)[:3] == ["owner", "repo", "title"]
        assert names(app)[-1] == "media_type.format"
        required = [row.pair[0] for row in rows(app) if row.has_class("-required")]
        assert required == ["owner", "repo", "title"]
        assert app.focused is (await value_input(row_named(app, "owner")))
        assert "owner · path · required · string" in help_text(app)
        assert "https://docs.github.com/rest/issues/issues#create-an-issue" in help_text(app)


async def test_the_picker_groups_hits_by_category_in_rank_order() -> None:
    """Each category is a heading that cannot be chosen, followed by its routes in rank
    order; the categories come in the order of their best hit."""
    hits = catalog.search("create issue", limit=60)
    groups: dict[str, list[str]] = {}
    for op in hits:
        groups.setdefault(op.category, []).append(op.id)
    expected = [
        entry
        for ids in groups.values()
        for entry in [(None, False)] + [(op_id, True) for op_id in ids]
    ]
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "f2")
        await type_text(pilot, "create issue")

        assert picker_options(app) == expected
        assert next(iter(groups)) == "issues"
        assert len(groups) > 1


async def test_an_empty_query_lists_the_categories_and_one_lists_its_routes() -> None:
    """With nothing typed the picker lists GitHub's categories from A to Z; enter on one
    lists every route of it; escape closes the picker and keeps the route."""
    categories = sorted({op.category for op in catalog.operations()})
    actions = [op.id for op in catalog.operations() if op.category == "actions"]
    app = make_app(route="GET /things")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "f2")
        assert picker_options(app) == [(f"category:{name}", True) for name in categories]
        await press(pilot, "enter")  # the first category: actions

        assert app.screen.query_one(Input).value == "actions"
        assert [option_id for option_id, _ in picker_options(app)] == [None, *actions]
        await press(pilot, "escape")
        assert not isinstance(app.screen, RoutePicker)
        assert app.session.route == "GET /things"


async def test_keys_queued_behind_the_picking_enter_do_nothing() -> None:
    """Enter twice, or enter then escape, before the picker has closed: the explorer
    keeps running (both used to close a closed screen); two enters take the route once,
    and after an escape the route bar and the session agree on whichever won."""
    for second in ("enter", "escape"):
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await press(pilot, "f2")
            await type_text(pilot, "create issue")
            app.post_message(events.Key("enter", None))
            app.post_message(events.Key(second, None))
            await pilot.pause()
            await pilot.pause()

            assert app.is_running
            assert not isinstance(app.screen, RoutePicker)
            assert app.session.route == app.query_one(RouteBar).value
            assert app.session.route == CREATE or second == "escape"


async def test_picking_keeps_values_typed_under_the_same_names() -> None:
    """Moving from listing issues to creating one keeps owner and repo."""
    app = make_app(route=LISTING)
    async with app.run_test(size=SIZE) as pilot:
        await fill(pilot, app, owner="octocat", repo="hello")
        await app.choose(catalog.find("issues/create"))
        await pilot.pause()

        assert [row.pair for row in rows(app)][:3] == [
            ("owner", "octocat"),
            ("repo", "hello"),
            ("title", ""),
        ]
        assert url(app) == f"{API}/repos/octocat/hello/issues"


async def test_starting_on_a_known_route_lays_out_its_form_with_types_and_defaults() -> None:
    """Defaults show as placeholders; the path parameters are placeholders of the route.
    The route's placeholders are there at the first frame, the rest of the form after it."""
    app = make_app(route=LISTING)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert names(app) == [name for name, _ in catalog.find(LISTING).form()]  # type: ignore[union-attr]
        assert (
            await value_input(row_named(app, "per_page"))
        ).placeholder == "integer · default 30"
        assert (await value_input(row_named(app, "owner"))).placeholder == "required · string"
        assert all(row.laid_out for row in rows(app))  # labels: Tab goes value to value
        assert row_named(app, "owner").has_class("-required")
        assert not row_named(app, "since").has_class("-required")


async def test_an_enum_is_a_choice_that_reaches_the_query() -> None:
    """state offers open, closed and all; choosing closed puts state=closed in the URL."""
    app = make_app(route=LISTING)
    async with app.run_test(size=SIZE) as pilot:
        await fill(pilot, app, owner="o", repo="r")
        state = await choice(app, "state")
        assert [label for label, _ in state._options][1:] == ["open", "closed", "all"]
        assert state.value is Select.NULL

        state.value = "closed"
        await pilot.pause()

        assert ("state", "closed") in app.session.rows
        assert url(app) == f"{API}/repos/o/r/issues?state=closed"


async def test_media_type_formats_are_offered_as_choices() -> None:
    """get-content documents raw, html and object: choosing raw asks for the raw media
    type, written as octokit writes a format into the default accept header."""
    app = make_app(route="GET /repos/{owner}/{repo}/contents/{path}")
    async with app.run_test(size=SIZE) as pilot:
        await fill(pilot, app, owner="o", repo="r", path="README.md")
        formats = await choice(app, "media_type.format")
        assert sorted(str(value) for _, value in formats._options[1:]) == ["html", "object", "raw"]

        formats.value = "raw"
        await pilot.pause()

        result = app.session.explain().result
        assert result is not None
        assert result["headers"]["accept"] == "application/vnd.github.v3.raw"  # as octokit


async def test_the_catalog_warns_live_until_the_required_body_field_is_there() -> None:
    """With owner and repo typed the request builds, and the status warns that GitHub
    requires a title; typing one clears the warning."""
    app = make_app(route=CREATE)
    async with app.run_test(size=SIZE) as pilot:
        await fill(pilot, app, owner="o", repo="r")
        assert status(app).startswith("! issues/create: title (body) is required")

        await fill(pilot, app, title="Found a bug")

        assert status(app) == f"✓ POST {API}/repos/o/r/issues"


async def test_an_unknown_row_and_a_value_outside_its_choices_are_live_warnings() -> None:
    """A row GitHub does not document is named; a state typed by hand outside open,
    closed and all is named with the choices."""
    app = make_app(route="GET /users/{username}")
    async with app.run_test(size=SIZE) as pilot:
        await fill(pilot, app, username="octocat")
        await press(pilot, "ctrl+n")
        await type_text(pilot, "colour")
        await press(pilot, "tab")
        await type_text(pilot, "red")

        assert status(app) == "! users/get-by-username: GitHub documents no parameter 'colour'"
    app = make_app(route="GET /things")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "ctrl+n")
        await type_text(pilot, "state")
        await press(pilot, "tab")
        await type_text(pilot, "shut")
        await focus(pilot, app.query_one(RouteBar))
        app.query_one(RouteBar).value = LISTING
        await pilot.pause()
        await fill(pilot, app, owner="o", repo="r")

        assert status(app) == (
            "! issues/list-for-repo: state='shut' is not one of open, closed, all"
        )


async def test_the_help_follows_the_focus_and_flags_multi_segment_values() -> None:
    """Focusing path on get-content shows that a '/' goes out as %2F, with the way out."""
    app = make_app(route="GET /repos/{owner}/{repo}/contents/{path}")
    async with app.run_test(size=SIZE) as pilot:
        await focus(pilot, (await value_input(row_named(app, "path"))))

        assert "path · path · required · string" in help_text(app)
        assert "sends it as %2F" in help_text(app)
        assert "{+path}" in help_text(app)
        await focus(pilot, (await value_input(row_named(app, "ref"))))
        assert help_text(app).startswith("ref · query · string")


async def test_body_fields_named_like_path_parameters_are_data_rows() -> None:
    """PATCH .../variables/{name}: the body's name and value are data.name and data.value,
    and the request sends them as the body while {name} fills the path."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await app.choose(catalog.find("actions/update-repo-variable"))
        await pilot.pause()
        assert names(app) == ["owner", "repo", "name", "data.name", "data.value"]

        await fill(pilot, app, owner="o", repo="r", name="V")
        await fill(pilot, app, **{"data.value": "1"})

        result = app.session.explain().result
        assert result is not None
        assert result["url"] == f"{API}/repos/o/r/actions/variables/V"
        assert result["body"] == {"value": 1}


async def test_a_route_typed_by_hand_is_described_once_the_catalog_is_loaded() -> None:
    """The catalog loads in a worker after the first frame; then a known route typed into
    the bar gets the catalog's description of its rows."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        assert not app.catalog_ready  # no route asked for: it loads after the first frame
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.catalog_ready
        await type_text(pilot, "GET /users/{username}")
        # The rows are described once the typing pauses.
        await until(pilot, lambda: app.operation is not None, "describing the rows")

        assert app.operation is catalog.find("users/get-by-username")
        assert (await value_input(row_named(app, "username"))).placeholder == "required · string"
        assert "users/get-by-username · Get a user" in help_text(app)


async def test_the_palette_finds_routes_and_lays_out_the_form() -> None:
    """ctrl+p, a few words, enter: the route of the first hit, with its form."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "ctrl+p")
        assert isinstance(app.screen, CommandPalette)
        await type_text(pilot, "upload release asset")
        palette = app.screen  # it gathers hits in a worker
        await until(pilot, lambda: palette.query_one(CommandList).option_count, "listing hits")
        await press(pilot, "enter")
        await pilot.pause()

        upload = catalog.find("repos/upload-release-asset")
        assert upload is not None
        assert app.query_one(RouteBar).value == upload.route
        assert names(app) == ["owner", "repo", "release_id", "name", "data", "label"]


async def test_the_picker_search_field_keeps_what_is_typed() -> None:
    """A query with no hit shows an empty list and keeps the text; enter does nothing."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "f2")
        await type_text(pilot, "zzqqxx")
        assert picker_options(app) == []
        await press(pilot, "enter")

        assert isinstance(app.screen, RoutePicker)
        assert app.screen.query_one(Input).value == "zzqqxx"


@pytest.mark.no_cover  # random input: its reach is the draws'; written tests cover the code
@pytest.mark.parametrize("seed", [1, 2])
async def test_garbage_in_the_picker_and_a_catalog_form_never_crashes(seed: int) -> None:
    """Random hostile queries picked or dismissed, values typed into inputs, choices made
    and keys pressed on catalog forms: nothing crashes, and the route bar, the session and
    the rows on screen always agree."""
    rng = random.Random(seed)
    app = make_app(route=LISTING)
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()  # the rest of the form, after the first frame
        for _ in range(40):
            where = rng.choice(["picker", "value", "choice", "keys"])
            if where == "picker":
                await press(pilot, "f2")
                await type_text(pilot, garbage(rng, newlines=False)[: rng.randint(0, 12)])
                await press(pilot, rng.choice(["enter", "escape", "down", "escape"]))
                if isinstance(app.screen, RoutePicker):
                    await press(pilot, "escape")
                await pilot.pause()
            elif where == "keys":
                await press(pilot, rng.choice(ACTIONS))
            else:
                selects = [r for r in rows(app) if not r.takes_text]
                inputs = [r for r in rows(app) if r not in selects]
                if where == "value" and inputs:
                    await focus(pilot, (await value_input(rng.choice(inputs))))
                    await type_text(pilot, garbage(rng, newlines=False))
                elif where == "choice" and selects:
                    select = await value_field(rng.choice(selects))
                    assert isinstance(select, Select)
                    values = [value for _, value in select._options]
                    select.value = rng.choice(values)
                    await pilot.pause()
            assert app.is_running
            assert app.session.route == app.query_one(RouteBar).value
            on_screen = [row.pair for row in rows(app) if any(row.pair)]  # ctrl+n: ("", "")
            assert [pair for pair in app.session.rows if any(pair)] == on_screen
            assert status(app)[:1] in {"✓", "✗", "!"}


async def test_a_row_renamed_to_a_documented_parameter_is_described() -> None:
    """ctrl+n, "state", tab, "closed" at once (the adversary's burst): the row's value
    stays a field, so the keys after the name land in it (as a choice, the list took them
    as a search and they were lost); its hint and the help say what GitHub documents."""
    app = make_app(route=LISTING)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press(pilot, "ctrl+n")
        await pilot.pause()
        for key in [*"state", "tab", *"closed"]:
            app.post_message(events.Key(key, key if len(key) == 1 else None))
        await until(pilot, lambda: rows(app)[-1].pair == ("state", "closed"), "the burst in")

        added = rows(app)[-1]
        assert isinstance(added.query_one(".param-value"), Input)
        assert added.query_one(".param-value", Input).placeholder == "string · default open"
        assert help_text(app).startswith("state · query · string · default open · one of")
        assert ("state", "closed") in app.session.rows


async def test_choices_follow_a_route_typed_by_hand() -> None:
    """From issues to pulls, sort offers the pulls' choices; on a route without sort it
    is an input again, holding the value chosen."""
    app = make_app(route=LISTING)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        (await choice(app, "sort")).value = "updated"
        await pilot.pause()
        bar = app.query_one(RouteBar)
        await focus(pilot, bar)

        bar.value = "GET /repos/{owner}/{repo}/pulls"
        pulls = catalog.find("pulls/list")
        # The rows are described once the typing pauses.
        await until(pilot, lambda: app.operation is pulls, "describing the pulls' rows")
        await pilot.pause()
        sort = row_named(app, "sort")
        await value_field(sort)
        assert sort._offered == ["created", "updated", "popularity", "long-running"]
        assert sort.pair == ("sort", "updated")
        bar.value = "GET /repos/{owner}/{repo}/things"
        await until(pilot, lambda: app.operation is None, "forgetting the pulls' rows")
        await pilot.pause()

        assert isinstance((await value_field(row_named(app, "sort"))), Input)
        assert row_named(app, "sort").pair == ("sort", "updated")
        assert ("sort", "updated") in app.session.rows


async def test_a_starting_route_is_kept_as_typed() -> None:
    """{+path} keeps the slashes of a file path: the form comes, the route stays."""
    app = make_app(route="GET /repos/{owner}/{repo}/contents/{+path}")
    async with app.run_test(size=SIZE) as pilot:
        await fill(pilot, app, owner="o", repo="r", path="docs/a.md")

        assert app.query_one(RouteBar).value == "GET /repos/{owner}/{repo}/contents/{+path}"
        assert url(app) == f"{API}/repos/o/r/contents/docs/a.md"
        assert "media_type.format" in names(app)


async def test_a_route_chosen_before_the_first_form_is_complete_wins() -> None:
    """The rest of the starting form arrives after the first frame; a route chosen
    before then is laid out alone, and the rows on screen are the session's."""
    app = make_app(route=LISTING)
    async with app.run_test(size=SIZE) as pilot:
        await app.choose(catalog.find("markdown/render-raw"))
        await pilot.pause()

        assert names(app) == ["data"]
        assert app.session.rows == [("data", "")]


async def test_a_late_timer_or_worker_while_the_app_closes_does_nothing() -> None:
    """The rows are described 0.2 s after the last key in the route, and the catalog
    arrives from a worker: either may call in while the app's widgets are being taken
    down, and must not raise (CI once saw NoMatches for the parameters there)."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await type_text(pilot, "GET /users/{username}")
        await app.query_one(ParamsEditor).remove()  # as at teardown

        app.operation = None  # so that the route reads as a change to describe
        app._follow_catalog()  # the describe timer, firing late
        app._catalog_loaded(app.session.catalog)  # the worker's call, arriving late

        assert app.operation is None  # nothing described: there is nothing to describe
        assert app.is_running


async def test_a_loaded_catalog_is_kept_out_of_the_collectors_full_passes() -> None:
    """The catalog and the app live as long as the app: once a catalog is loaded they are
    frozen (a full pass over Graph's 20,000 operations took 70 ms, a key in the picker
    paused as long), and garbage of the moment is collected first, not frozen for good."""

    class Cycle:
        def __init__(self) -> None:
            self.me = self

    app = make_app()
    async with app.run_test(size=SIZE):
        await app.workers.wait_for_complete()
        litter = Cycle()
        gone = weakref.ref(litter)
        del litter  # a cycle: only a collection frees it
        app._catalog_loaded(app.session.catalog)
        assert gone() is None
        assert gc.get_freeze_count() > 0
        operations = app.session.catalog.operations
        assert gc.is_tracked(app)  # the collector's to walk ...
        assert gc.is_tracked(operations)
        tracked = {id(each) for each in gc.get_objects()}  # ... but not in its generations
        assert id(app) not in tracked
        assert id(operations) not in tracked
    gc.unfreeze()  # the next tests' objects are theirs to collect


async def test_a_catalog_frozen_before_is_not_walked_again_and_a_new_one_frees_the_old() -> None:
    """The same catalog loaded again (the cached GitHub one, in the next app) costs no full
    pass: what was frozen stays frozen, garbage of the moment still goes. A catalog met for
    the first time thaws everything first, so what the old one left in cycles is freed."""

    class Cycle:
        def __init__(self) -> None:
            self.me = self

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()  # the loaded catalog is taken in (and frozen) on the app's loop
        github = app.session.catalog
        frozen_litter = Cycle()
        frozen_gone = weakref.ref(frozen_litter)
        gc.freeze()  # frozen_litter is in the permanent generation now
        del frozen_litter
        litter = Cycle()
        gone = weakref.ref(litter)
        del litter
        app._catalog_loaded(github)
        assert gone() is None  # the moment's garbage is collected ...
        assert frozen_gone() is not None  # ... and what was frozen is not walked again
        app._catalog_loaded(catalog.load(STYLES))
        assert frozen_gone() is None  # a new catalog: a full pass frees the frozen cycle
    gc.unfreeze()


# --- any API: a description's catalog, and switching it ---------------------------------------

STYLES = "tests/data/openapi/styles.yaml"
COLLIDING = "tests/data/openapi/colliding-ids.json"  # ids that name other operations


async def test_each_row_of_the_picker_is_its_own_operation_whatever_its_id_names() -> None:
    """An operationId may be another operation's octokit name or route (``things.list``,
    ``GET /d``): the picker showed the other one twice and picked it (the adversary). Each
    row is made from its operation, and enter picks that one."""
    app = make_app(catalog=COLLIDING)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.session.catalog.name.endswith(COLLIDING), "loaded")
        await press(pilot, "f2")
        await type_text(pilot, "things")
        listing = app.screen.query_one(RouteList)
        routes = {row.key: row.parts[1][0].split("  ")[0] for row in listing.rows if row.key}
        assert routes == {
            "things.list": "/a",
            "things/list": "/b",
            "GET /d": "/c",
            "dget": "/d",
            "/d": "/e",
        }
        for _ in listing.rows:  # down to the row of "GET /d", the id of GET /c
            if listing.highlighted_key == "GET /d":
                break
            await press(pilot, "down")
        assert listing.highlighted_key == "GET /d"
        await press(pilot, "enter")
        assert app.query_one(RouteBar).value == "GET /c"


async def test_the_explorer_loads_a_description_in_a_worker_and_uses_its_form() -> None:
    app = make_app("GET /query", values=[("headers.x-request-id", "r1")], catalog=STYLES)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.catalog_ready, "loaded")
        await until(pilot, lambda: "cookie.session" in names(app), "laid out")
        title = str(app.query_one(RouteBar).border_title)
        assert title == "restroute · Route · Styles 1.0 · 7 routes"
        assert names(app)[:2] == ["headers.x-request-id", "cookie.session"]  # required first
        assert status(app).startswith("! getQuery: cookie.session (cookie) is required")
        await fill(pilot, app, **{"cookie.session": "s1"})
        await until(pilot, lambda: status(app).startswith("✓"), "a request")
        headers = app.session.explain().result["headers"]  # type: ignore[index]
        assert (headers["cookie"], headers["x-request-id"]) == ("session=s1", "r1")
        assert url(app) == "https://eu.example.com/v1/query"
        assert app.query_one("#param-help").border_title == "The description says"


async def test_a_load_a_later_switch_cancelled_never_takes_its_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """F9 to a large description, then F9 back to github before it is read: the first
    load, cancelled but still running to its end, arrived last and took the place of
    GitHub's 20 s later (the adversary, in tmux). A cancelled load now says nothing."""
    release = threading.Event()
    compile_apart = catalog.compile_apart

    def slow(source: str, cancelled: Callable[[], bool]) -> None:
        release.wait(10)
        compile_apart(source, cancelled)

    monkeypatch.setattr(catalog, "compile_apart", slow)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        app._switch(STYLES)  # held in compile_apart
        await pilot.pause()
        app._switch("github")  # cancels it, and is done first
        await until(pilot, lambda: app.catalog_ready, "github loaded")
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.session.catalog is catalog.load("github")
        assert app.catalog_source is None
        assert "1,223 routes" in str(app.query_one(RouteBar).border_title)


async def test_f9_switches_the_api_and_back() -> None:
    app = make_app("GET /query", catalog=STYLES)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.catalog_ready, "loaded")
        await press(pilot, "f9")
        prompt = app.screen.query_one("#path", Input)
        assert prompt.value == STYLES
        prompt.value = "github"
        await press(pilot, "enter")
        await until(pilot, lambda: app.session.catalog is catalog.load("github"), "switched")
        await until(pilot, lambda: app.catalog_ready, "loaded")
        assert str(app.query_one(RouteBar).border_title) == (
            "restroute · Route · GitHub.com, REST API 2022-11-28 · 1,223 routes"
        )
        assert "cookie.session" not in names(app)  # GitHub has no such route: no form


async def test_a_description_that_cannot_be_read_keeps_githubs_routes(tmp_path: object) -> None:
    app = make_app(LISTING, catalog="/no/such/openapi.yaml")
    notes: list[str] = []  # each notice as it is given: on a busy machine, taking GitHub's
    notify = app.notify  # routes after it may outlast its 5 s on screen

    def noted(message: str, **options: Any) -> None:
        notes.append(message)
        notify(message, **options)

    app.notify = noted  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.catalog_ready, "given up")
        assert app.session.catalog is catalog.load("github")
        assert "owner" in names(app)  # GitHub's form for the route
        assert any("openapi.yaml': no such file" in note for note in notes), notes
        assert any(note.endswith("the routes of GitHub.com, REST API 2022-11-28 are kept")
                   for note in notes), notes  # fmt: skip
