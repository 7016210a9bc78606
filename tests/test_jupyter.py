"""restroute.jupyter: the notebook explorer's Python side, driven by setting widget values."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import pytest

from restroute import EndpointError
from restroute.jupyter import Explorer, explore

ROOT = Path(__file__).parents[1]
LISTING = "GET /repos/{owner}/{repo}/issues"
API = "https://api.github.com"


def row(explorer: Explorer, name: str) -> Any:
    return next(each for each in explorer.rows.children if each.children[0].value == name)


def names(explorer: Explorer) -> list[str]:
    return [each.children[0].value for each in explorer.rows.children]


def test_a_known_route_comes_with_its_form() -> None:
    """Required first, defaults as placeholders, enums as dropdowns, the docs linked."""
    explorer = explore(LISTING)

    assert names(explorer)[:3] == ["owner", "repo", "milestone"]
    assert row(explorer, "per_page").children[1].placeholder == "integer · default 30"
    state = row(explorer, "state").children[1]
    assert isinstance(state, widgets.Dropdown)
    assert list(state.options) == ["", "open", "closed", "all"]
    assert "https://docs.github.com/rest/issues/issues#list-repository-issues" in (
        explorer.about.value
    )
    assert explorer.status.value.startswith('<span style="color:#c00">✗ ')  # owner missing
    assert row(explorer, "owner").children[0].style.text_color == "#c00"


def test_values_typed_show_the_request_in_every_tab() -> None:
    """The status, Parsed, Merged, Explain and the snippets follow the values."""
    explorer = explore(LISTING)

    explorer.set_value("owner", "octocat")
    explorer.set_value("repo", "hello-world")
    row(explorer, "state").children[1].value = "closed"

    url = f"{API}/repos/octocat/hello-world/issues?state=closed"
    assert explorer.status.value == f"✓ <code>GET {url}</code>"
    assert url in explorer.tabs["Parsed"].value
    assert "&quot;state&quot;: &quot;closed&quot;" in explorer.tabs["Merged"].value
    assert "<th>went to</th>" in explorer.tabs["Explain"].value
    assert explorer.tabs["curl"].value.startswith("<pre")
    assert url in explorer.tabs["curl"].value
    assert "import requests" in explorer.tabs["Python"].value
    assert "import httpx" in explorer.tabs["httpx"].value
    assert row(explorer, "owner").children[0].style.text_color is None


def test_find_a_route_and_take_it() -> None:
    """Words in Find list the hits; choosing one takes its route and its form, and keeps
    values typed under the same names."""
    explorer = explore(LISTING)
    explorer.set_value("owner", "octocat")

    explorer.search.value = "create issue"
    assert explorer.hits.options[0] == (
        "POST /repos/{owner}/{repo}/issues  ·  Create an issue",
        "issues/create",
    )
    explorer.hits.value = "issues/create"
    explorer.hits.value = None  # the choice cleared: nothing changes

    assert explorer.route.value == "POST /repos/{owner}/{repo}/issues"
    assert names(explorer)[:3] == ["owner", "repo", "title"]
    assert row(explorer, "owner").children[1].value == "octocat"
    explorer.set_value("repo", "r")
    assert explorer.status.value.startswith('<span style="color:#a60">! issues/create: title')


def test_secrets_are_redacted_until_revealed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The github profile's token shows as <REDACTED> until the reveal button is down."""
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_notebook_secret")
    explorer = explore("GET /user", profile=ROOT / "sample_profiles" / "github.toml")

    for title, tab in explorer.tabs.items():  # the Merged tab once showed it
        assert "ghp_notebook_secret" not in tab.value, title
    assert "ghp_notebook_secret" not in explorer.status.value
    assert "token &lt;REDACTED&gt;" in explorer.tabs["curl"].value
    assert "secrets redacted" in explorer.tabs["Parsed"].value  # it once said "shown"
    explorer.reveal.value = True
    assert "secrets shown" in explorer.tabs["Parsed"].value
    for title in ("curl", "Parsed", "Merged", "Explain", "JSON"):
        assert "ghp_notebook_secret" in explorer.tabs[title].value, title


def test_layers_switch_off_and_their_toml_edits_or_says_why() -> None:
    """Unticking the built-in defaults drops their accept header; invalid TOML in the
    session layer is an error that keeps the text; valid TOML takes effect."""
    explorer = explore(
        "GET /user/repos", profile=[str(ROOT / "sample_profiles" / "teaching.toml")]
    )
    built_in, teaching, session = explorer.layers.children
    assert [box.description for box in (built_in, teaching, session)] == [
        "built-in defaults",
        "teaching",
        "session",
    ]

    built_in.value = False
    assert "accept" not in explorer.session.explain().merged.get("headers", {})
    built_in.value = True
    explorer.layer_text.value = "per_page = [unclosed"
    assert "not valid TOML" in explorer.status.value
    assert explorer.layer_text.value == "per_page = [unclosed"
    explorer.layer_text.value = "per_page = 5"
    assert explorer.status.value == f"✓ <code>GET {API}/user/repos?per_page=5</code>"
    explorer.layer_choice.value = "built-in defaults"
    assert explorer.layer_text.disabled
    assert "user-agent" in explorer.layer_text.value


def test_rows_are_added_removed_and_follow_a_typed_route() -> None:
    """A typed route brings its placeholders; add a row, name it, fill it; remove it."""
    explorer = explore()
    assert "Find picks one of GitHub's routes" in explorer.about.value

    explorer.route.value = "GET /things/{id}"
    assert names(explorer) == ["id"]
    explorer.set_value("id", "7")
    explorer.add.click()
    added = explorer.rows.children[-1]
    added.children[0].value = "q"
    added.children[1].value = "x"
    assert explorer.status.value == f"✓ <code>GET {API}/things/7?q=x</code>"
    added.children[2].click()
    assert names(explorer) == ["id"]
    assert explorer.status.value == f"✓ <code>GET {API}/things/7</code>"


def test_errors_and_warnings_show_where_the_user_looks() -> None:
    """A broken route is an error with no request; an unknown row a warning."""
    explorer = explore()
    explorer.route.value = "GET /repos/{owner"
    assert "✗" in explorer.status.value
    assert explorer.tabs["Parsed"].value == ""
    assert explorer.tabs["curl"].value.startswith("<pre")
    explorer.route.value = "GET /a b"  # cannot even be merged: nothing to explain
    assert "has whitespace inside its URL" in explorer.status.value
    assert explorer.tabs["Explain"].value == ""
    assert explorer.tabs["Merged"].value == '<pre style="white-space:pre-wrap">{}</pre>'

    explorer.route.value = "GET /users/{username}"
    explorer.set_value("username", "octocat")
    explorer.add.click()
    explorer.rows.children[-1].children[0].value = "colour"
    explorer.rows.children[-1].children[1].value = "red"
    assert "GitHub documents no parameter &#x27;colour&#x27;" in explorer.status.value
    with pytest.raises(EndpointError, match="no row named 'nope'; the rows are: username"):
        explorer.set_value("nope", "1")


def test_it_shows_as_a_widget_in_a_notebook() -> None:
    """The cell's value is the widget view."""
    bundle = explore("GET /user")._repr_mimebundle_()

    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_a_choice_refuses_a_value_it_does_not_offer() -> None:
    """set_value on a dropdown names the choices instead of a traitlets error."""
    explorer = explore(LISTING)

    with pytest.raises(EndpointError, match="state is one of open, closed, all"):
        explorer.set_value("state", "shut")


def test_without_ipywidgets_the_import_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The extra is named, not a bare ModuleNotFoundError from inside."""
    monkeypatch.setitem(sys.modules, "ipywidgets", None)
    monkeypatch.delitem(sys.modules, "restroute.jupyter")

    with pytest.raises(ImportError, match=r"pip install 'restroute\[jupyter\]'"):
        importlib.import_module("restroute.jupyter")


def test_one_edit_explains_the_session_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A value typed builds the request once: every tab and the status read one view."""
    import restroute.session
    from restroute import explain

    explorer = explore("GET /repos/{owner}/{repo}/issues")
    calls: list[object] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return explain(*args, **kwargs)

    monkeypatch.setattr(restroute.session, "explain", counted)

    explorer.set_value("owner", "octocat")

    assert len(calls) == 1


def test_the_explain_tab_strikes_what_a_row_overrides() -> None:
    """teaching's per_page = 100 under a typed per_page of 2: the Explain tab shows both,
    the profile's struck, the row's bold, and the accept teaching's format amends."""
    explorer = explore(LISTING, profile=[ROOT / "sample_profiles" / "teaching.toml"])
    explorer.set_value("owner", "octocat")
    explorer.set_value("repo", "hello-world")
    explorer.set_value("per_page", "2")

    explain_tab = explorer.tabs["Explain"].value

    assert (
        '<td style="opacity:.6" title="overridden"><s><code>100</code></s></td>'
        '<td style="opacity:.6" title="overridden"><s><code>teaching</code></s></td>'
        '<td rowspan="2"><code>URL query</code></td></tr>'
        "<tr><td><b><code>2</code></b></td><td><code>call</code></td></tr>"
    ) in explain_tab
    assert (
        "→ sent &quot;application/vnd.github.v3.full+json&quot; "
        "(amended by media_type.format=full+json)"
    ) in explain_tab
