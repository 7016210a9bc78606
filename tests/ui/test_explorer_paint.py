"""How the explorer paints: only what changed, the results rendered once and cropped, the
picker's rows kept across searches. Each test is a small app or the explorer under
Textual's pilot; what the user finally sees is checked by the snapshots and in tmux."""

from __future__ import annotations

import functools
import io
import pprint
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.highlighter import ReprHighlighter
from rich.style import Style
from rich.text import Text
from textual import events
from textual._compositor import ChopsUpdate
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.geometry import Offset, Region
from textual.screen import Screen
from textual.selection import Selection
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Input, Static
from textual.widgets.input import Selection as TextSelection

from restroute import catalog
from restroute.profiles import load_profile
from restroute.tui import make_app
from restroute.tui.screens.painting import ChangeCompositor, PaintingScreen, repaint_now
from restroute.tui.widgets.code_view import CodeView, Highlighted, wrapped_lines
from restroute.tui.widgets.live_input import SteadyInput
from restroute.tui.widgets.route_list import RouteList, Row
from restroute.tui.widgets.steady_scroll import SteadyBar
from restroute.tui.widgets.tab_bar import TabBar
from tests.ui.test_explorer import cells

SIZE = (100, 30)


@contextmanager
def rendered(app: App[None]) -> Iterator[list[tuple[str, Region]]]:
    """Each (widget id, lines asked) rendered while the block runs."""
    calls: list[tuple[str, Region]] = []
    original = Widget.render_lines

    def recording(widget: Widget, crop: Region) -> list[object]:
        calls.append((widget.id or type(widget).__name__, crop))
        return original(widget, crop)  # type: ignore[return-value]

    Widget.render_lines = recording  # type: ignore[assignment, method-assign]
    try:
        yield calls
    finally:
        Widget.render_lines = original  # type: ignore[method-assign]


class Three(App[None]):
    """Three lines far apart: the top, the middle and the bottom of the screen."""

    CSS = "#top { dock: top; } #bottom { dock: bottom; } #middle { margin-top: 10; }"

    def get_default_screen(self) -> Screen[None]:
        return PaintingScreen(id="_default")

    def compose(self) -> ComposeResult:
        yield Static("top", id="top")
        yield Static("middle", id="middle")
        yield Static("bottom", id="bottom")


async def test_changes_at_top_and_bottom_repaint_their_lines_alone() -> None:
    """Textual's own compositor repainted every widget inside the box around both changes
    (here all three, and the screen's 30 lines); this one repaints the two that changed."""
    app = Three()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        with rendered(app) as calls:
            app.query_one("#top", Static).update("top, changed")
            app.query_one("#bottom", Static).update("bottom, changed")
            await pilot.pause()
        ids = {widget for widget, _ in calls}
        assert {"top", "bottom"} <= ids
        assert "middle" not in ids
        assert all(crop.height == 1 for _, crop in calls)  # a line each, the screen's too
        assert str(app.query_one("#top", Static).content) == "top, changed"
        assert isinstance(app.screen._compositor, ChangeCompositor)


async def test_a_change_inside_a_widget_repaints_its_characters() -> None:
    """A toast gone from the middle of a wide panel: the change starts between the edges
    Textual cuts lines at, and the characters under it are written again (the first
    version of this compositor wrote nothing there, and tmux kept the toast)."""
    app = Three()
    async with app.run_test(size=SIZE) as pilot:
        app.query_one("#top", Static).update("0123456789abcdefghij")
        await pilot.pause()
        compositor = app.screen._compositor
        compositor._dirty_regions.add(Region(5, 0, 5, 1))
        update = compositor.render_update()
        assert isinstance(update, ChopsUpdate)
        written = update.render_segments(app.console)
        assert "56789" in written


class Boxed(App[None]):
    """A line inside a bordered panel, on a screen."""

    CSS = "#panel { border: round red; height: 5; }"

    def get_default_screen(self) -> Screen[None]:
        return PaintingScreen(id="_default")

    def compose(self) -> ComposeResult:
        with Vertical(id="panel"):
            yield Static("inside", id="inside")


async def test_a_change_inside_a_widget_renders_nothing_behind_it() -> None:
    """Each cut of a line takes the piece of the first widget there, so for a change inside
    a widget the panel and the screen behind it are not rendered (a key in the picker's
    field skipped a third of its frame); a change reaching past it, onto the panel's
    border, renders the panel too. What the screen shows is the same."""
    app = Boxed()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        inside = app.query_one("#inside", Static)
        with rendered(app) as calls:
            inside.update("inside, changed")
            await pilot.pause()
        assert {widget for widget, _ in calls} == {"inside"}
        whole = [strip.text for strip in app.screen._compositor.render_strips()]
        assert whole[1].startswith("│inside, changed")
        compositor = app.screen._compositor
        with rendered(app) as calls:
            compositor._dirty_regions.add(inside.region.grow((0, 1, 0, 1)))  # and the border
            update = compositor.render_update()
        assert {"inside", "panel"} <= {widget for widget, _ in calls}
        assert isinstance(update, ChopsUpdate)
        written = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", update.render_segments(app.console))
        assert written == "│inside, changed" + " " * 23 + "│"  # the border's line, whole


async def test_a_whole_render_still_renders_every_widget() -> None:
    """With no change given (an export, a screenshot), every widget renders whole."""
    app = Three()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        with rendered(app) as calls:
            lines = app.screen._compositor.render_strips()
        assert {"top", "middle", "bottom"} <= {widget for widget, _ in calls}
        assert lines[0].text.startswith("top")
        assert "middle" in lines[app.query_one("#middle").region.y].text


async def test_repaint_now_asks_the_screen_once() -> None:
    """The screen is asked directly, and the widget's own request (a turn later, a frame
    of its own) is withdrawn."""
    app = Three()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        middle = app.query_one("#middle", Static)
        middle.update("middle, changed")
        assert middle._repaint_required
        repaint_now(app.screen, [middle])
        assert not middle._repaint_required
        await pilot.pause()
        at = middle.region.y
        assert "middle, changed" in app.screen._compositor.render_strips()[at].text


# --- the results: rendered once a change, cropped to paint ---------------------------------


class Code(App[None]):
    CSS = "CodeView { height: 4; }"

    def compose(self) -> ComposeResult:
        yield CodeView(id="code")


def lines(view: CodeView) -> list[str]:
    return [view.render_line(y).text.rstrip() for y in range(view.size.height)]


async def test_the_code_view_wraps_to_its_width_and_scrolls_in_place() -> None:
    app = Code()
    async with app.run_test(size=(20, 10)) as pilot:
        view = app.query_one(CodeView)
        view.show(Text("one two three four five six\nseven\neight\nnine\nten"))
        await pilot.pause()
        width = view.scrollable_content_region.width  # the scrollbar's column is kept
        assert width == 19
        assert view.virtual_size.height == 6  # the first line wrapped once
        assert lines(view) == ["one two three four", "five six", "seven", "eight"]
        view.scroll_to(y=2, animate=False, immediate=True)
        assert lines(view) == ["seven", "eight", "nine", "ten"]
        assert view.text.splitlines()[:2] == ["one two three four", "five six"]  # no padding


async def test_the_code_view_wraps_again_when_resized_and_not_before_its_size_is_known() -> None:
    app = Code()
    async with app.run_test(size=(20, 10)) as pilot:
        view = app.query_one(CodeView)
        view._wrap(0)  # as before the first layout: nothing to paint yet
        assert view._lines == []
        view.show(Text("alpha beta gamma delta"))
        await pilot.pause()
        assert lines(view)[:2] == ["alpha beta gamma", "delta"]
        await pilot.resize_terminal(40, 10)
        await pilot.pause()
        assert lines(view)[0] == "alpha beta gamma delta"
        assert lines(view)[1] == ""  # past the text: a blank line


async def test_a_mouse_selection_in_the_code_view_copies_and_highlights_what_it_covers() -> None:
    app = Code()
    async with app.run_test(size=(30, 10)) as pilot:
        view = app.query_one(CodeView)
        view.show(Text("GET /user\nhost: api"))
        await pilot.pause()
        selection = Selection(Offset(4, 0), Offset(4, 1))
        assert view.get_selection(selection) == ("/user\nhost", "\n")
        app.screen.selections = {view: selection}
        view.selection_updated(selection)
        first = view.render_line(0)
        picked = app.screen.get_component_rich_style("screen--selection")
        styles = [segment.style for segment in first if segment.text.strip() == "/user"]
        assert styles
        assert all(style is not None and style.bgcolor == picked.bgcolor for style in styles)
        app.screen.selections = {}
        view.selection_updated(None)
        assert view.render_line(0).text.startswith("GET /user")


def segments_of(strips: list[Strip]) -> list[list[tuple[str, Style | None]]]:
    """Each line's text and styles, without the empty segments that paint nothing."""
    return [[(seg.text, seg.style) for seg in strip if seg.text] for strip in strips]


LINE_TEXTS = st.lists(
    st.text(alphabet="ab 日\t<>'\"{}[]0.", max_size=30), min_size=1, max_size=6
).map("\n".join)


@settings(max_examples=200, deadline=None)
@given(
    text=LINE_TEXTS,
    width=st.integers(1, 24),
    spans=st.lists(st.tuples(st.integers(0, 60), st.integers(0, 60)), max_size=4),
    tab_size=st.sampled_from([None, 1, 4]),
    no_wrap=st.sampled_from([None, False, True]),
    overflow=st.sampled_from([None, "fold", "crop", "ellipsis"]),
    justify=st.sampled_from([None, "left", "right", "center", "full"]),
)
def test_text_wrapped_a_line_at_a_time_is_the_text_wrapped_whole(
    text: str,
    width: int,
    spans: list[tuple[int, int]],
    tab_size: int | None,
    no_wrap: bool | None,
    overflow: Any,
    justify: Any,
) -> None:
    """Lines of any characters (tabs, wide ones, blanks), styles across line breaks, the
    text's every setting, any width: wrapped a line at a time, and again from the lines
    wrapped before, they are what Rich makes of the text whole."""
    console = Console(width=80, color_system="truecolor", file=io.StringIO())
    options = console.options.update_width(width)
    shown = Text(text, style="italic", tab_size=tab_size, no_wrap=no_wrap, overflow=overflow,
                 justify=justify)  # fmt: skip
    for start, end in spans:
        shown.stylize("bold red", start, end)
    whole = [Strip(line, width) for line in console.render_lines(shown, options, pad=True)]

    alone, wrapped = wrapped_lines(shown, console, options, {})
    again, _ = wrapped_lines(shown, console, options, wrapped)

    assert segments_of(alone) == segments_of(again) == segments_of(whole)
    assert all(a is b for a, b in zip(alone, again, strict=True))  # taken as they were


def test_a_line_changed_is_the_only_one_wrapped_again() -> None:
    """A key changes the URL's line of the parsed results: the other lines' strips are
    the ones made for the last change, and the highlighter runs on that line alone."""
    console = Console(width=80, color_system="truecolor", file=io.StringIO())
    options = console.options.update_width(40)
    highlighted: list[str] = []

    class Counted(ReprHighlighter):
        def highlight(self, text: Text) -> None:
            highlighted.append(text.plain)
            super().highlight(text)

    counted = Counted()
    first = "{'method': 'get',\n 'url': '/user',\n 'headers': {'accept': 'x'}}"
    before, wrapped = wrapped_lines(Highlighted(first, counted), console, options, {})
    highlighted.clear()

    second = first.replace("/user", "/users")
    after, _ = wrapped_lines(Highlighted(second, counted), console, options, wrapped)

    assert highlighted == [" 'url': '/users',"]
    assert [a is b for a, b in zip(before, after, strict=True)] == [True, False, True]
    assert segments_of(after) == segments_of(
        [Strip(line, 40) for line in console.render_lines(Highlighted(second, counted), options)]
    )  # the same as rendering it whole, a line highlighted at a time
    assert [segment.style for segment in after[1] if segment.text == "'/users'"] == [
        console.get_style("repr.str")
    ]


async def test_the_code_view_shows_highlighted_lines_as_text_and_wraps_them() -> None:
    app = Code()
    async with app.run_test(size=(20, 10)) as pilot:
        view = app.query_one(CodeView)
        view.show(Highlighted("{'a': 1,\n 'long': 'one two three four five'}", ReprHighlighter()))
        await pilot.pause()
        assert lines(view) == ["{'a': 1,", " 'long': 'one two", "three four five'}", ""]


# --- the results' tabs: one widget, a new count repaints two lines ------------------------


async def test_the_problems_count_shows_at_once_and_lays_nothing_out() -> None:
    """A problem more: the Problems tab counts it in the same update, and the screen is
    not laid out for it (Textual's Tabs laid out the whole screen for a new label, so the
    count waited for a pause in typing)."""
    app = make_app(route="GET /repos/{owner}/{repo}/issues")
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        bar = app.query_one(TabBar)
        before = bar.labels["problems"]
        layouts: list[object] = []
        refresh_layout = app.screen._refresh_layout

        def counted(*args: Any, **kwargs: Any) -> None:
            layouts.append(args)
            refresh_layout(*args, **kwargs)

        app.screen._refresh_layout = counted  # type: ignore[method-assign]
        app.session.fill([("state", "shut")])  # a problem more: not one of open, closed, all
        app.update_results()
        assert bar.labels["problems"] == f"Problems {len(app.view.problems)}" != before  # type: ignore[union-attr]
        await pilot.pause()
        assert layouts == []
        line = app.screen._compositor.render_strips()[bar.region.y].text
        assert f"Problems {len(app.view.problems)}" in line  # type: ignore[union-attr]


class Tabbed(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.picked: list[str] = []  # the tabs activated, in turn

    def compose(self) -> ComposeResult:
        yield TabBar({"one": "One", "two": "Two", "three": "Problems 3"}, id="bar")

    def on_tab_bar_activated(self, event: TabBar.Activated) -> None:
        self.picked.append(event.tab)


async def test_the_tab_bar_underlines_the_active_tab_and_moves_by_keys_and_clicks() -> None:
    app = Tabbed()
    async with app.run_test(size=(40, 4)) as pilot:
        bar = app.query_one(TabBar)
        assert bar.spans() == {"one": (0, 5), "two": (5, 10), "three": (10, 22)}
        assert bar.render_line(0).text == " One  Two  Problems 3 " + " " * 18
        underline = bar.render_line(1)
        assert underline.text == "━" * 40
        lit = [segment.style for segment in underline if segment.text][1]  # under "One"
        assert [len(segment.text) for segment in underline if segment.text] == [1, 3, 36]
        assert bar.render_line(2).text == " " * 40

        bar.focus()
        await pilot.press("right")
        assert bar.active == "two"
        await pilot.press("left", "left")  # one, then round to the last
        assert bar.active == "three"
        await pilot.click(TabBar, offset=(6, 0))
        assert bar.active == "two"
        await pilot.click(TabBar, offset=(30, 0))  # past the names: nothing
        assert bar.active == "two"

        bar.active = "two"  # the same: no message
        await pilot.pause()
        assert app.picked == ["two", "one", "three", "two"]
        segments = [segment for segment in bar.render_line(1) if segment.text]
        assert [len(segment.text) for segment in segments] == [6, 3, 31]
        assert segments[1].style != segments[0].style
        assert segments[1].style == lit  # the active tab's part of the line, lit

        assert bar.set_label("three", "Problems")
        assert not bar.set_label("three", "Problems")  # the same: nothing to repaint
        assert bar.spans()["three"] == (10, 20)
        with pytest.raises(ValueError, match="no tab 'four': the tabs are one, two, three"):
            bar.active = "four"


async def test_the_tab_bar_keeps_its_styles_until_they_change() -> None:
    """Read once a style change, not at every repaint (Textual forgets them then): a
    relabel repaints in the styles kept, and focus, which restyles the active tab, is
    painted in the new ones."""
    app = Tabbed()
    async with app.run_test(size=(40, 4)) as pilot:
        bar = app.query_one(TabBar)
        app.set_focus(None)  # the only widget that takes the focus has it at first
        await pilot.pause()
        unfocused = [segment.style for segment in bar.render_line(0) if "One" in segment.text]
        assert bar._styles  # kept
        bar.set_label("three", "Problems 4")
        await pilot.pause()
        assert bar._styles
        assert bar.render_line(0).text.startswith(" One  Two  Problems 4 ")

        bar.focus()
        await pilot.pause()
        focused = [segment.style for segment in bar.render_line(0) if "One" in segment.text]
        cursor = bar.get_component_rich_style("tab-bar--active")
        assert focused != unfocused
        assert focused[0] is not None
        assert focused[0].bgcolor == cursor.bgcolor


# --- the picker's rows --------------------------------------------------------------------


class Listing(App[None]):
    CSS = "RouteList { height: 5; }"

    def __init__(self) -> None:
        super().__init__()
        self.picked: list[str] = []

    def compose(self) -> ComposeResult:
        yield RouteList(id="list")

    def on_route_list_picked(self, message: RouteList.Picked) -> None:
        self.picked.append(message.key)


ROWS = [
    Row(None, (("issues (2)", "heading"),)),
    Row("issues/create", (("POST   ", "method"), ("/repos/{owner}/{repo}/issues", ""))),
    Row("issues/list", (("GET    ", "method"), ("/issues", ""), ("  issues/list", "dim"))),
    Row(None, (("pulls (1)", "heading"),)),
    Row("pulls/list", (("GET    ", "method"), ("/pulls", ""), (" deprecated", "warning"))),
    *(Row(f"more/{n}", ((f"GET /more/{n}", ""),)) for n in range(6)),
]


async def test_the_route_list_highlights_the_first_route_and_moves_past_headings() -> None:
    app = Listing()
    async with app.run_test(size=(60, 10)) as pilot:
        listing = app.query_one(RouteList)
        listing.show(ROWS, 0)
        await pilot.pause()
        assert listing.highlighted_key == "issues/create"  # the heading above is skipped
        listing.move(2)
        assert listing.highlighted_key == "pulls/list"  # over the heading "pulls (1)"
        listing.move(-1)
        assert listing.highlighted_key == "issues/list"
        listing.move(-10)
        assert listing.highlighted_key == "issues/create"  # the first stays the first
        listing.move(100)
        assert listing.highlighted_key == "more/5"
        assert listing.scroll_y > 0  # scrolled to show it
        painted = listing.render_line(listing.highlighted - round(listing.scroll_y))  # type: ignore[operator]
        assert painted.text.startswith(" GET /more/5")


async def test_an_empty_route_list_highlights_nothing_and_paints_blank_lines() -> None:
    app = Listing()
    async with app.run_test(size=(60, 10)) as pilot:
        listing = app.query_one(RouteList)
        listing.show([], 0)
        await pilot.pause()
        assert listing.highlighted is None
        assert listing.highlighted_key is None
        listing.move(1)  # nothing to move
        assert listing.highlighted is None
        assert listing.render_line(0).text.strip() == ""


async def test_a_click_picks_a_route_and_a_heading_is_no_pick() -> None:
    app = Listing()
    async with app.run_test(size=(60, 10)) as pilot:
        listing = app.query_one(RouteList)
        listing.show(ROWS, 0)
        await pilot.pause()
        await pilot.click(RouteList, offset=(5, 2))
        await pilot.click(RouteList, offset=(5, 0))  # "issues (2)"
        await pilot.pause()
        assert app.picked == ["issues/list"]
        assert listing.highlighted_key == "issues/list"


async def test_a_long_route_is_cut_and_its_line_kept_for_the_next_search() -> None:
    app = Listing()
    async with app.run_test(size=(30, 10)) as pilot:
        listing = app.query_one(RouteList)
        long = Row("x", (("GET /" + "a" * 60, ""),))
        listing.show([long], 0)
        await pilot.pause()
        width = listing.scrollable_content_region.width
        line = listing.render_line(0)
        assert line.cell_length == width
        assert line.text.rstrip().endswith("…")
        plain, _ = listing._line(long.parts, width)
        listing.show([Row(None, (("h", "heading"),)), long], 0)  # a new search, same route
        assert listing._line(long.parts, width)[0] is plain  # made once, not again
        for n in range(4100):  # more than a few widths of the catalog: the cache starts over
            listing._line(((str(n), ""),), width)
        assert len(listing._lines) < 4100
        listing.notify_style_update()  # a new theme: every line is made again
        assert listing._lines == {}


def cell_looks(lines: list[Strip]) -> list[list[tuple[str, Style | None]]]:
    """Each cell's character and style (with its mouse actions): two renders compared
    so do not depend on where the lines were cut into segments."""
    return [[(char, seg.style) for seg in line for char in seg.text] for line in lines]


class TallListing(Listing):
    CSS = "RouteList { height: 8; }"


@pytest.mark.parametrize(("rows", "scrolled"), [(3, 0), (40, 0), (40, 17), (200, 150)])
async def test_the_lists_scrollbar_is_drawn_as_textual_draws_it(rows: int, scrolled: int) -> None:
    """The bar's lines are made from its segments, not through Rich (2.4 ms a key): each
    cell, its colours and what a click on it does, is what Textual's own path gives, for
    a short list, a long one at its top and further down, and under the mouse."""
    app = TallListing()
    async with app.run_test(size=(40, 12)) as pilot:
        listing = app.query_one(RouteList)
        listing.show([Row(f"k{n}", ((f"GET /{n}", ""),)) for n in range(rows)], 0)
        listing.scroll_to(y=scrolled, animate=False, immediate=True)
        await pilot.pause()
        bar = listing.vertical_scrollbar
        assert isinstance(bar, SteadyBar)
        for hovered in (False, True):
            bar.mouse_over = hovered
            for crop in (Region(0, 0, *bar.size), Region(0, 2, 1, 3)):
                drawn = cell_looks(bar.render_lines(crop))
                assert drawn == cell_looks(Widget.render_lines(bar, crop))
        whole = cell_looks(bar.render_lines(Region(0, 0, *bar.size)))
        looks = {style for line in whole for _, style in line}
        assert (len(looks) > 1) == (rows > 8)  # a thumb on a track once the list is longer


@pytest.mark.parametrize("padding", [0, 2])
async def test_the_list_paints_what_textuals_styles_would(padding: int) -> None:
    """The list's lines skip Textual's styles cache (70 µs a line): the same cells, the
    highlight and the blank lines past the rows too, whole or cropped, but for the cell
    under the scrollbar, which the bar hides (a line reaching it was cut in two there
    every frame); the screen shows the same either way. With padding (which the
    shortcut does not draw) Textual's path is taken."""
    app = Listing()
    async with app.run_test(size=(40, 10)) as pilot:
        listing = app.query_one(RouteList)
        listing.styles.padding = (0, padding)
        listing.show(ROWS[:3], 0)  # two rows and a heading in five lines
        await pilot.pause()
        view = listing.scrollable_content_region.width
        assert view == listing.size.width - 1  # the bar's column
        for crop in (Region(0, 0, *listing.size), Region(3, 1, 10, 3)):
            painted = cell_looks(listing.render_lines(crop))
            textuals = cell_looks(Widget.render_lines(listing, crop))
            if padding:
                assert painted == textuals
            else:
                assert painted == [line[: view - crop.x] for line in textuals]
        whole = "".join(char for char, _ in painted[0])
        assert whole == ("POST   /re" if padding else "ST   /repo")  # 2 columns in
        screen = cell_looks(app.screen._compositor.render_strips())
        listing.render_lines = functools.partial(Widget.render_lines, listing)  # type: ignore[method-assign]
        assert screen == cell_looks(app.screen._compositor.render_strips())


async def test_the_pickers_hint_is_repainted_only_when_its_count_changes() -> None:
    app = make_app(route="")
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("f2", *"list issues")
        await pilot.pause()
        with rendered(app) as calls:
            await pilot.press("space")  # the same routes: the same count
            await pilot.pause()
        assert "picker-query" in {widget for widget, _ in calls}
        assert "picker-hint" not in {widget for widget, _ in calls}
        with rendered(app) as calls:
            await pilot.press(*"zzz")
            await pilot.pause()
        assert "picker-hint" in {widget for widget, _ in calls}
        hint = app.screen.query_one("#picker-hint", Static)
        assert str(hint.content).startswith("no route has the words 'list issues zzz', nor ")


async def test_keys_in_the_picker_move_its_highlight() -> None:
    app = make_app(route="")
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("f2", *"list issues")
        await pilot.pause()
        listing = app.screen.query_one(RouteList)
        first = listing.highlighted_key
        app.post_message(events.Key("down", None))
        await pilot.press("down")
        await pilot.pause()
        assert listing.highlighted_key not in (None, first)


async def test_a_count_given_while_the_tabs_are_hidden_shows_when_they_are_back() -> None:
    """Relabelled behind a full-screen TOML, Textual's tabs moved their underline to the
    left edge (a tmux trial saw it): back, the count is there and the underline is under
    the active tab."""
    app = make_app(route="GET /repos/{owner}/{repo}/issues")
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        for _ in range(3):
            await pilot.press("ctrl+t")  # the TOML, full screen: the tabs are hidden
        await pilot.pause()
        bar = app.query_one(TabBar)
        assert not bar.region
        app.session.fill([("state", "shut")])
        app.update_results()
        await pilot.press("escape")
        await pilot.pause()
        count = f"Problems {len(app.view.problems)}"  # type: ignore[union-attr]
        lines = app.screen._compositor.render_strips()
        assert count in lines[bar.region.y].text
        underline = [segment for segment in lines[bar.region.y + 1] if "━" in segment.text]
        start, end = bar.spans()[bar.active]
        lit = bar.get_component_rich_style("tab-bar--lit")
        assert [segment.text for segment in underline if segment.style == lit] == [
            "━" * (end - start - 2)  # under the name, not the gaps beside it
        ]


# --- the first frame: styled once, as a full restyle styles it ------------------------------


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
async def test_the_first_frame_is_what_styling_the_whole_screen_again_paints(
    size: tuple[int, int],
) -> None:
    """The screen is not styled a second time when it first shows (PaintingScreen), so
    each widget must have its look right as it mounts: the first frame's cells equal
    those after the whole screen is styled again. (Composed before the app was styled,
    the layer's title, the help and the key legend were drawn in their background's
    colour; a TextArea mounted at start had been styling everything again.)"""
    github = load_profile(Path(__file__).parents[2] / "sample_profiles" / "github.toml")
    app = make_app("GET /repos/{owner}/{repo}/issues", [github], [("owner", "octocat")])
    async with app.run_test(size=size) as pilot:
        # The route's cursor blinks: on a loaded machine a blink came between the two
        # looks (one cell, the cursor's; a newcomer's full run failed on it).
        app.query_one("#route", Input).cursor_blink = False
        await pilot.pause()
        first = cells(app, app.screen.region)
        app.update_styles(app.screen, animate=False)
        for widget in app.screen.walk_children(with_self=True):  # every line painted anew
            widget.refresh()
        await pilot.pause()
        assert cells(app, app.screen.region) == first


async def test_the_picker_says_when_no_route_has_the_words() -> None:
    """GHES 3.19 has no copilot routes: the ids listed hold the letters, and the hint says
    that no route has the word, first (a narrow terminal cuts the rest)."""
    app = make_app(route="", catalog="ghes-3.19")
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        while app.session.catalog is not catalog.load("ghes-3.19"):
            await pilot.pause()
        await pilot.press("f2", *"copilot")
        await pilot.pause()
        hint = str(app.screen.query_one("#picker-hint", Static).content)
        assert hint.startswith("no route has the words 'copilot': ")
        shown = int(hint.split(": ")[1].split()[0])
        assert shown == len(catalog.load("ghes-3.19").search("copilot", 60)) > 0
        await pilot.press(*" {owner}")  # braces in the words are text
        await pilot.pause()
        hint = str(app.screen.query_one("#picker-hint", Static).content)
        assert hint.startswith("no route has the words 'copilot {owner}': ")
        await pilot.press("ctrl+u", *"list issue")
        await pilot.pause()
        hint = str(app.screen.query_one("#picker-hint", Static).content)
        issues = len(catalog.load("ghes-3.19").search("list issue", 60))
        assert hint.startswith(f"{issues} of 1,039 routes · ")  # words found: counted
        await pilot.press(*"qqq")
        await pilot.pause()
        hint = str(app.screen.query_one("#picker-hint", Static).content)
        assert hint.startswith("no route has the words 'list issueqqq', nor their letters · ")
        await pilot.press("ctrl+u", *"[/] [b]x")  # markup is text too
        await pilot.pause()
        hint = str(app.screen.query_one("#picker-hint", Static).content)
        assert hint.startswith("no route has the words '[/] [b]x': ")


class Field(App[None]):
    """A field twenty cells wide, and a button to take the focus away."""

    CSS = "SteadyInput { width: 24; }"

    def get_default_screen(self) -> Screen[None]:
        return PaintingScreen(id="_default")

    def compose(self) -> ComposeResult:
        yield SteadyInput(id="field")
        yield Static("elsewhere", id="elsewhere")


@contextmanager
def inputs_drawing() -> Iterator[list[int]]:
    """The lines Textual's Input.render_line is asked for while the block runs."""
    asked: list[int] = []
    original = Input.render_line

    def recording(field: Input, y: int) -> Strip:
        asked.append(y)
        return original(field, y)

    Input.render_line = recording  # type: ignore[assignment, method-assign]
    try:
        yield asked
    finally:
        Input.render_line = original  # type: ignore[method-assign]


FIELD_STATES = [
    ("drive item children", 19),  # the cursor past the end, the text fits
    ("drive item children", 0),  # at the start
    ("drive item children", 6),  # in the middle
    ("list messages in a mail folder of a user", 41),  # longer than the field: scrolled
    ("list messages in a mail folder of a user", 3),
    ("日本語のルート名", 8),  # wide characters
    ("日本語のルート名", 2),
]


@pytest.mark.parametrize(("value", "cursor"), FIELD_STATES)
async def test_a_fields_text_line_is_the_one_textuals_input_draws(value: str, cursor: int) -> None:
    """The text's line is made without a Rich Text (half an Input's 0.2 ms a key): the
    same cells as Textual's Input draws, focused or not, the cursor shown or blinked off,
    anywhere in the text, scrolled, with wide characters; a selection, a suggestion or a
    password is drawn by Input itself."""
    app = Field()
    async with app.run_test(size=(40, 6)) as pilot:
        field = app.query_one(SteadyInput)
        field.focus()
        field.value = value
        await pilot.pause()
        field.cursor_position = cursor
        await pilot.pause()
        states = []
        for focused in (True, False):
            if not focused:
                app.set_focus(None)
                await pilot.pause()
            assert field.has_focus is focused
            for shown in (True, False):
                field._cursor_visible = shown
                with inputs_drawing() as drawn:
                    states.append(cell_looks([field.render_line(0)]))
                assert drawn == []  # not Input's path
                assert states[-1] == cell_looks([Input.render_line(field, 0)])
        assert len({str(state) for state in states}) >= 2  # the cursor shows, or not
        field.focus()
        await pilot.pause()
        field.selection = TextSelection(0, 2)
        field._suggestion = value + "s"
        for password in (False, True):
            field.password = password
            assert cell_looks([field.render_line(0)]) == cell_looks([Input.render_line(field, 0)])


async def test_a_control_character_in_a_field_is_drawn_escaped() -> None:
    """A tab (Rich expands it), ESC or a bidi override in a field's text is drawn as its
    escape, the cells of a field holding that escape typed out; the value stays."""
    for value, escaped in (("tab\there", "tab\\there"), ("\x1b[31mred", "\\x1b[31mred")):
        cells = []
        for text in (value, escaped):
            app = Field()
            async with app.run_test(size=(40, 6)) as pilot:
                field = app.query_one(SteadyInput)
                field.value = text
                await pilot.pause()
                field.cursor_position = 0
                await pilot.pause()
                cells.append(cell_looks([field.render_line(0)]))
                assert field.value == text
        assert cells[0] == cells[1], value


async def test_a_key_in_a_field_repaints_its_text_line_alone() -> None:
    """The border and padding lines around the text stay painted: a key drew all three
    lines again, its border through Textual's styles, every time."""
    app = Field()
    async with app.run_test(size=(40, 6)) as pilot:
        field = app.query_one(SteadyInput)
        field.focus()
        await pilot.pause()
        with rendered(app) as calls:
            await pilot.press("a", "b")
            await pilot.pause()
        crops = [crop for widget, crop in calls if widget == "field"]
        assert crops
        assert all(crop.height == 1 for crop in crops), crops
        assert all(crop.y == 1 for crop in crops), crops  # below the border
        assert {widget for widget, _ in calls} == {"field"}
        assert field.value == "ab"
        shown = [strip.text for strip in app.screen._compositor.render_strips()]
        assert shown[1].strip(" ▊▎▌").startswith("ab")


async def test_a_field_scrolled_then_emptied_writes_its_whole_line() -> None:
    """The text reaches past the field's content (its cursor's cell), and scrolled, it
    filled the line: the line written after it is replaced by a short one spans the field
    from border to border. Its content width alone left three old characters on screen,
    found by the adversary's terminal (text replaced in the route bar)."""
    app = Field()
    async with app.run_test(size=(40, 6)) as pilot:
        field = app.query_one(SteadyInput)
        field.focus()
        await pilot.press(*"a long value that scrolls the field")
        await pilot.pause()
        assert field.scroll_offset.x > 0
        with written_lines(app) as spans:
            await pilot.press("shift+home", "b")
            await pilot.pause()
        assert field.value == "b"
        line = field.region.y + 1
        assert (line, field.region.x, field.region.right) in spans, spans


@contextmanager
def written_lines(app: App[None]) -> Iterator[list[tuple[int, int, int]]]:
    """The (line, first column, end column) spans each partial update writes."""
    spans: list[tuple[int, int, int]] = []
    original = app._display

    def display(screen: Screen[Any], update: object) -> None:
        if isinstance(update, ChopsUpdate):
            spans.extend(update.spans)
        original(screen, update)  # type: ignore[arg-type]

    app._display = display  # type: ignore[assignment, method-assign]
    try:
        yield spans
    finally:
        app._display = original  # type: ignore[method-assign]


async def test_the_list_writes_what_a_terminal_would_obey_as_escapes() -> None:
    """A row's text from anywhere (a catalog made by hand, not through the loader) has its
    ESC and bidi controls written out: Rich's own stripping keeps ESC, and a summary of
    ``\\x1b[2J`` cleared the screen."""
    app = Listing()
    async with app.run_test(size=(40, 10)) as pilot:
        listing = app.query_one(RouteList)
        listing.show([Row("k", (("a\x1b[2Jb\u202ec", ""),))], 0)
        await pilot.pause()
        (line,) = listing.render_lines(Region(0, 0, listing.size.width, 1))
        assert line.text.startswith(" a\\x1b[2Jb\\u202ec")
        assert "\x1b" not in line.text


async def test_the_parsed_request_is_laid_out_again_for_a_new_width() -> None:
    """Resized, the Parsed tab is pprint's layout for the new width, wrapped as Rich wraps
    it, not the old width's layout wrapped again (the adversary), and no edit needed."""
    values = [("owner", "octo"), ("repo", "hello-world"), ("labels", "bug,ui")]
    app = make_app(route="GET /repos/{owner}/{repo}/issues", values=values)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        view = app.query_one(CodeView)
        assert app.view is not None
        assert app.view.parsed is not None
        parsed = dict(app.view.parsed)
        shown = []
        for size in ((100, 30), (80, 24), (140, 40)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            width = view.scrollable_content_region.width
            laid_out = Text(pprint.pformat(parsed, sort_dicts=False, width=max(40, width)))
            options = app.console.options.update_width(width)
            rich = [
                Strip(line).text.rstrip() for line in app.console.render_lines(laid_out, options)
            ]
            assert view.text == "\n".join(rich)
            shown.append(view.text)
        assert shown[0] != shown[1]  # 93 and 73 columns: two layouts
