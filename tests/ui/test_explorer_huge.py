"""A value of megabytes in the terminal explorer: each tab shows its lines cut at 64 KiB,
saying how much more they hold, and colours no line too long for Rich's highlighter (its
time grows with the square of a run of word characters); a copy takes the request whole."""

from __future__ import annotations

import io
import re

from rich.console import Console
from rich.highlighter import ReprHighlighter
from rich.text import Text

from restroute.display import LIMIT
from restroute.tui import make_app
from restroute.tui.widgets.code_view import HIGHLIGHTED, Highlighted, wrapped_lines
from restroute.tui.widgets.results_view import TABS
from tests.ui.test_explorer import tab_text

BIG = LIMIT + 1000  # characters of the value
CUT = r"<[0-9,]+ more characters not shown; a copy holds them>"


def test_a_line_longer_than_a_highlighter_can_take_shows_plain() -> None:
    console = Console(width=80, color_system="truecolor", file=io.StringIO())
    options = console.options.update_width(80)
    short = "'a': 'b'"
    longest = "x" * HIGHLIGHTED
    text = "\n".join([short, longest, longest + "x"])

    lines, _ = wrapped_lines(Highlighted(text, ReprHighlighter()), console, options, {})

    styled = [any(segment.style for segment in strip) for strip in lines]
    rows = len(longest) // 80 + 1  # each long line wraps to this many rows
    assert styled[0] is True  # 'b': a string, coloured
    assert len(lines) == 1 + 2 * rows
    assert ReprHighlighter()(Text(longest)).spans == []  # plain by the highlighter's own say
    assert not any(styled[1 + rows :])  # over the length: not given to the highlighter


async def test_every_tab_shows_a_huge_value_cut_and_a_copy_holds_it_whole() -> None:
    app = make_app(route="POST /x", values=[("note", "n" * BIG)])
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for tab in TABS:
            if tab in {"problems", "pasted", "explain"}:
                continue  # a value's summary, or no value at all
            text = tab_text(app, tab)
            runs = [len(run) for run in re.findall("n{1000,}", text.replace("\n", ""))]
            assert runs, tab
            assert max(runs) <= LIMIT, tab
            assert re.search(CUT, text.replace("\n", "")), tab
        await pilot.press("f6")  # copy as curl
        await pilot.pause()
        assert "n" * BIG in app.clipboard
