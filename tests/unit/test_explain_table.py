"""The explorer's Explain tab as rich renders it (results_view._explain_table), without a
running app: each option's cascade, overridden values struck, the kept one bold."""

from __future__ import annotations

from rich.console import Console
from rich.style import Style
from rich.table import Table

from restroute.profiles import parse_profile
from restroute.session import Session
from restroute.tui.widgets.results_view import _explain_table

ACCEPT = '"application/vnd.github.v3+json"'


def teaching_session() -> Session:
    """github's api version header, teaching's per_page=100, the session layer's 50, a
    row's 2: the sample profiles as a learner stacks them."""
    github = parse_profile('[headers]\nx-github-api-version = "2022-11-28"\n', name="github")
    teaching = parse_profile(
        'per_page = 100\n[media_type]\nformat = "full+json"\n', name="teaching", environ={}
    )
    session = Session("GET /repos/{owner}/{repo}/issues", [github, teaching])
    session.edit_layer("session", "per_page = 50\n")
    session.rows = [("owner", "octocat"), ("repo", "hello-world"), ("per_page", "2")]
    return session


def render(table: Table, width: int) -> tuple[str, dict[str, Style]]:
    """The table's text at ``width`` columns, and the style of each piece of text."""
    console = Console(width=width, record=True, force_terminal=True, color_system=None)
    lines = console.render_lines(table, console.options)
    styles = {
        segment.text.strip(): segment.style or Style()
        for line in lines
        for segment in line
        if segment.text.strip()
    }
    return "\n".join("".join(segment.text for segment in line) for line in lines), styles


def test_the_cascade_strikes_the_overridden_and_bolds_the_kept() -> None:
    """per_page's three layers, bottom to top: teaching's and the session layer's values
    struck and dim, the row's bold; the destination under the option's name."""
    text, styles = render(_explain_table(teaching_session().view()), 100)

    cells = [[cell.strip() for cell in line.split("│")] for line in text.splitlines()]
    at = cells.index(["per_page", "100 · teaching"])
    assert cells[at + 1 : at + 3] == [["→ URL query", "50 · session"], ["", "2 · call"]]
    assert styles["100 · teaching"] == Style(strike=True, dim=True)
    assert styles["50 · session"] == Style(strike=True, dim=True)
    assert styles["2"].bold
    assert '→ sent "application/vnd.github.v3.full+json"' in text
    assert "struck: overridden by a layer above" in text


def test_long_tokens_stay_whole_at_the_width_of_the_results_pane() -> None:
    """At 80 columns (the results pane of a 140-column terminal) lines break at spaces:
    the accept value and the longest header name are never cut."""
    text, _ = render(_explain_table(teaching_session().view()), 80)

    assert ACCEPT in text
    assert "headers.x-github-api-version" in text
    assert "application/vnd.github.v3.full+json" in text


def test_rows_still_render_as_one_line_an_option() -> None:
    """Given View.rows, the table is the four columns it was."""
    text, _ = render(_explain_table(teaching_session().view().rows), 140)

    header = text.splitlines()[0].split("┃")
    assert [cell.strip() for cell in header] == ["option", "value", "from layer", "went to"]
    assert "URL path {owner}" in text
