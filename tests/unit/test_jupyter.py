"""restroute.jupyter: the notebook explorer's Python side, driven as the page drives it.

A field typed into gets ``Field.type`` (what a keystroke's message does); a pane's ``html`` is
what it syncs (secrets redacted, always), its ``text`` what the page shows.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import pytest

from restroute import EndpointError, catalog
from restroute.jupyter import Explorer, explore
from restroute.jupyter._fields import Field, Pane

ROOT = Path(__file__).parents[2]
LISTING = "GET /repos/{owner}/{repo}/issues"
API = "https://api.github.com"
ERROR = '<span style="color:var(--jp-error-color1,#c00)">✗ '
WARNING = '<span style="color:var(--jp-warn-color1,#a60)">! '
TOKEN = "ghp_notebook_secret"


@pytest.fixture(autouse=True)
def no_widgets_of_other_tests() -> None:
    """Each test starts with no widget alive: the saved state holds its explorer's only."""
    widgets.Widget.close_all()


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
    assert [choice for _, choice in state.options] == ["", "open", "closed", "all"]
    assert [label for label, _ in state.options] == ["", "open", "closed", "all"]
    assert "https://docs.github.com/rest/issues/issues#list-repository-issues" in (
        explorer.about.value
    )
    assert explorer.status.html.startswith(ERROR)  # owner missing
    assert row(explorer, "owner").children[0].style.text_color == "#c00"


def test_values_typed_show_the_request_in_every_tab() -> None:
    """The status, Parsed, Merged, Explain and the snippets follow the values."""
    explorer = explore(LISTING)

    explorer.set_value("owner", "octocat")
    explorer.set_value("repo", "hello-world")
    explorer.set_value("state", "closed")  # a choice

    url = f"{API}/repos/octocat/hello-world/issues?state=closed"
    assert explorer.status.html == f"✓ <code>GET {url}</code>"
    assert url in explorer.tabs["Parsed"].html
    assert "&quot;state&quot;: &quot;closed&quot;" in explorer.tabs["Merged"].html
    assert "<th>went to</th>" in explorer.tabs["Explain"].html
    assert '<div class="restroute"><pre>curl \\' in explorer.tabs["curl"].html
    assert url in explorer.tabs["curl"].html
    assert "import requests" in explorer.tabs["Python"].html
    assert "import httpx" in explorer.tabs["httpx"].html
    assert row(explorer, "owner").children[0].style.text_color is None


def test_find_a_route_and_take_it() -> None:
    """Words in Find list the hits; choosing one takes its route and its form, and keeps
    values typed under the same names."""
    explorer = explore(LISTING)
    explorer.set_value("owner", "octocat")

    assert explorer.hits.layout.display == "none"  # no empty box before a search
    explorer.search.type("create issue")
    assert explorer.hits.layout.display is None
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
    assert explorer.status.html.startswith(f"{WARNING}issues/create: title")
    explorer.search.type("  ")
    assert explorer.hits.options == ()
    assert explorer.hits.layout.display == "none"


def test_secrets_are_redacted_until_revealed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The github profile's token shows as <REDACTED> until the reveal button is down."""
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    explorer = explore("GET /user", profile=ROOT / "sample_profiles" / "github.toml")

    for title, tab in explorer.tabs.items():  # the Merged tab once showed it
        assert TOKEN not in tab.text, title
    assert TOKEN not in explorer.status.text
    assert "token &lt;REDACTED&gt;" in explorer.tabs["curl"].text
    assert "secrets redacted" in explorer.tabs["Parsed"].text  # it once said "shown"
    explorer.reveal.value = True
    assert "secrets shown" in explorer.tabs["Parsed"].text
    for title in ("curl", "Parsed", "Merged", "Explain", "JSON"):
        assert TOKEN in explorer.tabs[title].text, title
        assert TOKEN not in explorer.tabs[title].html, title  # what the page's state holds
    explorer.reveal.value = False
    assert all(tab.revealed is None for tab in explorer.tabs.values())


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
    explorer.layer_text.type("per_page = [unclosed")
    assert "not valid TOML" in explorer.status.html
    assert explorer.layer_text.value == "per_page = [unclosed"
    explorer.layer_choice.value = "teaching"
    explorer.layer_choice.value = "session"  # back to it: the text as typed
    assert explorer.layer_text.value == "per_page = [unclosed"
    assert not explorer.layer_text.disabled
    explorer.layer_text.type("per_page = 5")
    assert explorer.status.html == f"✓ <code>GET {API}/user/repos?per_page=5</code>"
    explorer.layer_choice.value = "built-in defaults"
    assert explorer.layer_text.disabled
    assert "user-agent" in explorer.layer_text.value


def test_rows_are_added_removed_and_follow_a_typed_route() -> None:
    """A typed route brings its placeholders; add a row, name it, fill it; remove it."""
    explorer = explore()
    assert "Find picks one of GitHub's routes" in explorer.about.value

    explorer.route.type("GET /things/{id}")
    assert names(explorer) == ["id"]
    explorer.set_value("id", "7")
    explorer.add.click()
    added = explorer.rows.children[-1]
    added.children[0].value = "q"
    added.children[1].type("x")
    assert explorer.status.html == f"✓ <code>GET {API}/things/7?q=x</code>"
    added.children[2].click()
    assert names(explorer) == ["id"]
    assert explorer.status.html == f"✓ <code>GET {API}/things/7</code>"


def test_a_route_typed_by_hand_lays_out_its_own_rows_and_keeps_what_was_typed() -> None:
    """From POST issues to GET /users/{username}/repos by hand (the notebook kept the old
    rows and added none): the terminal's rules, through the session. The new route's
    form comes, required first; values typed stay, and GitHub's check names them."""
    explorer = explore()
    explorer.choose(catalog.find("issues/create"))  # type: ignore[arg-type]
    explorer.set_value("owner", "o")
    explorer.set_value("repo", "r")

    explorer.route.type("GET /users/{username}/repos")

    assert names(explorer) == ["username", "type", "sort", "direction", "per_page", "page",
                               "owner", "repo"]  # fmt: skip
    assert "title" not in names(explorer)  # empty, and not the new route's: gone
    explorer.set_value("username", "octocat")
    assert explorer.status.html.startswith(
        f"{WARNING}repos/list-for-user: GitHub documents no parameter &#x27;owner&#x27;"
    )


def test_errors_and_warnings_show_where_the_user_looks() -> None:
    """A broken route is an error with no request; an unknown row a warning."""
    explorer = explore()
    explorer.route.type("GET /repos/{owner")
    assert "✗" in explorer.status.html
    assert '<p class="error">no request: GET /repos/{owner' in explorer.tabs["Parsed"].html
    assert "no snippet: GET /repos/{owner" in explorer.tabs["curl"].html
    explorer.route.type("GET /a b")  # cannot even be merged: nothing to explain
    assert "has whitespace inside its URL" in explorer.status.html
    for title in ("Parsed", "Merged", "Explain"):
        assert "no request: route &#x27;GET /a b&#x27; has whitespace" in explorer.tabs[title].html

    explorer.route.type("GET /users/{username}")
    explorer.set_value("username", "octocat")
    explorer.add.click()
    explorer.rows.children[-1].children[0].value = "colour"
    explorer.rows.children[-1].children[1].type("red")
    assert "GitHub documents no parameter &#x27;colour&#x27;" in explorer.status.html
    with pytest.raises(EndpointError, match="no row named 'nope'; the rows are: username"):
        explorer.set_value("nope", "1")


def test_it_shows_as_a_widget_or_else_a_summary() -> None:
    """The cell's value is the widget view; where widgets cannot render (GitHub, nbviewer,
    VS Code without the widget manager), its HTML and text say what it is and how to run
    it, secrets redacted: not a VBox repr."""
    explorer = explore(LISTING)
    explorer.set_value("owner", "octocat")
    explorer.set_value("repo", "hello-world")
    explorer.add.click()
    explorer.rows.children[-1].children[0].value = "access_token"
    explorer.rows.children[-1].children[1].type(TOKEN)

    bundle = explorer._repr_mimebundle_()

    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"].splitlines() == [
        "restroute explorer: GET /repos/{owner}/{repo}/issues",
        "! issues/list-for-repo: GitHub documents no parameter 'access_token'",
        "layers: built-in defaults, session",
        "Live, in Jupyter with a kernel running and restroute[jupyter] installed, "
        "or in a terminal:",
        "  restroute explore 'GET /repos/{owner}/{repo}/issues' owner=octocat repo=hello-world",
    ]
    assert "VBox" not in bundle["text/plain"]
    assert (
        "<b>restroute explorer</b> · <code>GET /repos/{owner}/{repo}/issues</code>"
        in (bundle["text/html"])
    )
    assert TOKEN not in json.dumps(bundle)
    explorer.session.toggle("session")
    explorer.route.type("GET /x?access_token=ghp_in_the_route")
    assert explorer.summary()[0].splitlines()[0] == (
        "restroute explorer: GET /x?access_token=<REDACTED>"
    )
    assert "layers: built-in defaults, session (off)" in explorer.summary()[0]
    teaching = ROOT / "sample_profiles" / "teaching.toml"
    assert (
        explore("GET /user", profile=teaching)
        .summary()[0]
        .endswith(f"  restroute explore 'GET /user' --profile {teaching}")
    )


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
    import restroute.session._request
    from restroute import explain

    explorer = explore("GET /repos/{owner}/{repo}/issues")
    calls: list[object] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return explain(*args, **kwargs)

    monkeypatch.setattr(restroute.session._request, "explain", counted)

    explorer.set_value("owner", "octocat")

    assert len(calls) == 1


def test_the_explain_tab_strikes_what_a_row_overrides() -> None:
    """teaching's per_page = 100 under a typed per_page of 2: the Explain tab shows both,
    the profile's struck, the row's bold, and the accept teaching's format amends."""
    explorer = explore(LISTING, profile=[ROOT / "sample_profiles" / "teaching.toml"])
    explorer.set_value("owner", "octocat")
    explorer.set_value("repo", "hello-world")
    explorer.set_value("per_page", "2")

    explain_tab = explorer.tabs["Explain"].html

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


def sent(monkeypatch: pytest.MonkeyPatch, widget: Any) -> list[Any]:
    """The messages ``widget`` sends to the page, from now on."""
    messages: list[Any] = []
    monkeypatch.setattr(widget, "send", messages.append)
    return messages


def test_the_widget_state_a_notebook_saves_holds_no_secret(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every widget's state, as "Save Widget State Automatically" writes it into the
    .ipynb: no token from the environment, revealed or not; none typed into a row named as
    a secret, into a URL's user:password@, into the session layer's TOML or the route."""
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    explorer = explore("GET /user", profile=ROOT / "sample_profiles" / "github.toml")
    explorer.add.click()
    explorer.rows.children[-1].children[0].value = "headers.x-api-key"
    explorer.rows.children[-1].children[1].type("typed_key_1234567")
    explorer.add.click()
    explorer.rows.children[-1].children[0].value = "hook"
    explorer.rows.children[-1].children[1].type("https://user:typed_password@example.com/")
    explorer.layer_text.type('[headers]\nx-other-key = "typed_toml_secret"')
    explorer.route.type("GET /user?access_token=typed_route_secret")
    explorer.reveal.value = True

    state = json.dumps(widgets.Widget.get_manager_state(drop_defaults=False))

    shown = explorer.tabs["curl"].text
    for secret in (TOKEN, "typed_key_1234567", "typed_toml_secret", "typed_route_secret"):
        assert secret in shown, secret  # revealed on the page
        assert secret not in state, secret
    assert "typed_password" not in state
    assert "&lt;REDACTED&gt;" in state  # the panes' state: as they show with reveal off


@pytest.mark.parametrize(
    "typed",
    [
        'password = "hunter2-typed',  # issue 32, item 11: still being typed
        "[headers\nx = ghp_" + "A1b2C3d4E5" * 4,
        'x = "Bearer hunter2-typed" oops\n[',
    ],
)
def test_a_session_toml_that_does_not_parse_syncs_no_secret(typed: str) -> None:
    """The layer's text as the page and the saved notebook get it (``shown``, the widget
    state): every credential hidden even while TOML does not read the text, the rest as
    typed; the kernel keeps the text itself."""
    explorer = explore("GET /user")

    explorer.layer_text.type(typed)

    assert "not valid TOML" in explorer.status.html
    state = json.dumps(widgets.Widget.get_manager_state(drop_defaults=False))
    for secret in ("hunter2-typed", "A1b2C3d4E5"):
        assert secret not in explorer.layer_text.shown
        assert secret not in state
    assert explorer.layer_text.shown.split("\n")[0][:5] == typed[:5]
    assert explorer.layer_text.value == typed


def test_a_row_named_as_a_secret_is_a_password_field_until_revealed() -> None:
    """By its name: a password field, saved as dots. By what it holds (a URL's
    user:password@): saved as dots, and shown so while the field is left. Revealed: text."""
    explorer = explore("GET /user")
    explorer.add.click()
    name, value, _ = explorer.rows.children[-1].children

    value.type("https://user:pw@example.com/")
    assert (value.kind, value.shown, value.hide_idle) == ("text", "••••••••", True)
    name.value = "client_secret"
    assert (value.kind, value.shown) == ("password", "••••••••")
    explorer.reveal.value = True
    assert (value.kind, value.hide_idle) == ("text", False)
    assert explorer.route.hide_idle is explorer.layer_text.hide_idle is False
    assert value.shown == "••••••••"  # what is saved stays redacted
    value.type("")
    assert value.shown == ""  # an empty value is no secret


def test_a_field_takes_what_the_page_sends_and_nothing_else(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Typed text becomes the value and reaches the explorer; a view drawn asks for the
    value and gets it; a value set in the kernel goes to the page. Messages of any other
    shape (the page is not trusted) change nothing."""
    field = Field("GET /user", redact=str.upper)
    heard: list[str] = []
    field.on_typed(heard.append)
    messages = sent(monkeypatch, field)

    field._handle_custom_msg({"typed": "GET /users"}, [])
    field._handle_custom_msg({"ask": True}, [])
    for hostile in ({"typed": 7}, {"ask": "yes"}, ["typed", "x"], "ask", None, {}):
        field._handle_custom_msg(hostile, [])
    field.value = "GET /"

    assert heard == ["GET /users"]  # set from the kernel: no callback
    assert messages == [{"value": "GET /users", "seq": 0}, {"value": "GET /", "seq": 0}]
    assert (field.value, field.shown) == ("GET /", "GET /")


def test_a_value_from_the_kernel_names_the_last_edit_it_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The page numbers its edits (field.js); each value the kernel sends names the last
    one it had read, so that the page can drop a value decided before later keys arrived.
    An {ask} carries the page's count (a reloaded page starts again from 0); a number
    that is not an int (the page is not trusted) leaves the count as it was."""
    field = Field("")
    messages = sent(monkeypatch, field)

    field._handle_custom_msg({"typed": "o", "seq": 1}, [])
    field._handle_custom_msg({"typed": "oc", "seq": 2}, [])
    field.value = "set in the kernel"
    field._handle_custom_msg({"typed": "oct", "seq": True}, [])
    field._handle_custom_msg({"typed": "octo", "seq": "9"}, [])
    field._handle_custom_msg({"ask": True, "seq": 2.5}, [])
    field._handle_custom_msg({"ask": True, "seq": 0}, [])  # a page drawn again
    field._handle_custom_msg({"seq": 40}, [])  # neither an edit nor an ask

    assert messages == [
        {"value": "set in the kernel", "seq": 2},
        {"value": "octo", "seq": 2},
        {"value": "octo", "seq": 0},
    ]


def test_an_edit_read_after_a_later_one_is_dropped() -> None:
    """ipykernel 7 may run a comm message before the one sent ahead of it has finished:
    edits typed fast arrive as 5, 6, 7, then 5 and 4 again. The field keeps what the
    last edit holds (each edit carries the whole text), and the explorer hears no more."""
    field = Field("")
    heard: list[str] = []
    field.on_typed(heard.append)

    for text, seq in (("octoc", 5), ("octoca", 6), ("octocat", 7), ("octoc", 5), ("octo", 4)):
        field._handle_custom_msg({"typed": text, "seq": seq}, [])

    assert field.value == "octocat"
    assert heard == ["octoc", "octoca", "octocat"]


def test_a_pane_sends_what_is_revealed_only_to_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """The revealed HTML goes as a message, once for each change and to each view that
    asks; ``html`` (synced) keeps the redacted one."""
    pane = Pane()
    messages = sent(monkeypatch, pane)

    pane.show("<p>redacted</p>", "<p>revealed</p>")
    pane.show("<p>redacted</p>", "<p>revealed</p>")  # the same: nothing sent again
    pane._handle_custom_msg({"ask": True}, [])
    pane._handle_custom_msg({"ask": 1}, [])
    pane.show("<p>redacted</p>")

    assert messages == [{"revealed": "<p>revealed</p>"}] * 2 + [{"revealed": None}]
    assert (pane.html, pane.text) == ("<p>redacted</p>", "<p>redacted</p>")


def test_a_route_with_no_method_is_redacted_as_a_url() -> None:
    """The route field saves what is typed before the method is complete, URL secrets
    redacted all the same."""
    explorer = explore()

    explorer.route.type("https://user:pw@example.com/x")

    assert explorer.route.shown == "https://<REDACTED>@example.com/x"


def leaks(explorer: Explorer, secret: str) -> list[str]:
    """Where ``secret`` shows with reveal off: the widget state a notebook saves, what
    each pane and the status show, the static fallback."""
    state = json.dumps(widgets.Widget.get_manager_state(drop_defaults=False))
    places = {
        "saved state": state,
        "status": explorer.status.text,
        "fallback": json.dumps(explorer._repr_mimebundle_()),
        **{title: pane.text for title, pane in explorer.tabs.items()},
    }
    return [place for place, text in places.items() if secret in text]


PW = "pw_found_by_the_adversary"


@pytest.mark.parametrize(
    "route",
    [
        f"GET https://me:{PW}@ghe.example.com/api/v3/repos/{{owner}}/{{repo}}",  # an error
        f"GET https://h/{{x}}?token={PW}",
        f"GET https://h/x#access_token={PW}",
        f"GET https://h/x?a=1;token={PW}",
    ],
)
def test_a_secret_in_the_route_shows_nowhere_even_in_an_error(route: str) -> None:
    """The adversary's routes: the error that repeats the route (no value for {owner}),
    the fragment, the `;` separator and the scheme-relative URL hid nothing."""
    explorer = explore()

    explorer.route.type(route)

    assert leaks(explorer, PW) == []
    assert PW in explorer.route.value  # what was typed is kept as typed


def test_a_token_the_environment_gives_under_any_name_shows_nowhere(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A profile that sends the token under a header no name marks as a secret, or as a
    parameter: profiles read secrets from the environment, so the view hides its value."""
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    profile = tmp_path / "forward.toml"
    profile.write_text('q = "${GITHUB_TOKEN}"\n[headers]\nx-forward = "token ${GITHUB_TOKEN}"\n')

    explorer = explore("GET /user", profile=profile)

    assert "x-forward" in explorer.tabs["curl"].text
    assert leaks(explorer, TOKEN) == []
    explorer.reveal.value = True
    assert TOKEN in explorer.tabs["curl"].text  # revealed on the page
    assert TOKEN not in json.dumps(widgets.Widget.get_manager_state(drop_defaults=False))


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("hook", f"//u:{PW}@h/x"),  # a URL without its scheme
        ("hook", f"https://h/x#access_token={PW}"),
        ("headers.x-custom", f'{{"password": "{PW}"}}'),  # JSON in a header
        ("access_token", f'{{"v": "{PW}"}}'),  # an error repeats what a secret holds
    ],
)
def test_a_secret_typed_into_a_row_shows_nowhere(name: str, value: str) -> None:
    """The values the adversary typed under names that do or do not mark a secret."""
    explorer = explore("GET /user")
    explorer.add.click()
    explorer.rows.children[-1].children[0].value = name

    explorer.rows.children[-1].children[1].type(value)

    assert leaks(explorer, PW) == []


def test_find_saves_the_words_with_their_secrets_redacted() -> None:
    """A URL pasted into Find by mistake is saved with its password redacted."""
    explorer = explore()

    explorer.search.type(f"https://me:{PW}@h")

    assert explorer.search.shown == "https://<REDACTED>@h"
    assert leaks(explorer, PW) == []


def test_a_lone_surrogate_in_a_secret_does_not_crash_the_view() -> None:
    """Percent-encoding a secret with a lone surrogate raised UnicodeEncodeError from every
    event: renaming the row, typing into it."""
    explorer = explore("GET /user")
    explorer.add.click()
    explorer.rows.children[-1].children[0].value = "access_token"

    explorer.rows.children[-1].children[1].type("abcdefgh\ud800")

    assert "contains a lone surrogate (U+D800, character 9 of 9)" in explorer.status.html
    assert "abcdefgh" not in explorer.status.html  # where, not the secret


@pytest.mark.parametrize(
    ("call", "says"),
    [
        (lambda: explore("GET /x", 5), "a profile's path or a list of them"),  # type: ignore[arg-type]
        (lambda: explore(7), "a route as text"),  # type: ignore[arg-type]
        (lambda: explore().choose("issues/create"), "choose takes an Operation"),  # type: ignore[arg-type]
        (lambda: explore("GET /users/{username}").set_value("username", 5), 'write "5"'),  # type: ignore[arg-type]
        (lambda: setattr(explore().route, "value", 5), "a field holds text, not int"),
    ],
)
def test_a_wrong_type_is_an_endpoint_error_that_says_what_to_pass(call: Any, says: str) -> None:
    """The adversary's TypeError, AttributeError and TraitError, each now EndpointError."""
    with pytest.raises(EndpointError, match=re.escape(says)):
        call()


PASTED_CURL = (
    "curl -X POST -H 'Authorization: Bearer ghp_pasted_in_notebook' "
    'https://api.github.com/repos/octocat/hello-world/issues -d \'{"title":"Found a bug"}\''
)


def test_explore_paste_fills_the_route_the_rows_and_the_pasted_tab() -> None:
    explorer = explore(paste=PASTED_CURL)

    assert explorer.route.value == "POST /repos/{owner}/{repo}/issues"
    assert explorer.session.rows[:3] == [
        ("owner", "octocat"),
        ("repo", "hello-world"),
        ("title", "Found a bug"),
    ]
    assert ("headers.authorization", "Bearer ghp_pasted_in_notebook") in explorer.session.rows
    assert explorer.status.html == (
        "✓ <code>POST https://api.github.com/repos/octocat/hello-world/issues</code>"
    )
    assert explorer.paste_box.value == PASTED_CURL
    assert "Bearer <REDACTED>" in explorer.paste_box.shown
    pasted = explorer.tabs["Pasted"].html
    assert "→ method" in pasted
    assert "ghp_pasted_in_notebook" not in pasted


def test_the_paste_box_reads_what_is_typed_and_saves_it_redacted() -> None:
    explorer = explore("GET /user")

    explorer.paste_box.type(PASTED_CURL)
    state = json.dumps(widgets.Widget.get_manager_state(drop_defaults=False))

    assert explorer.session.route == "POST /repos/{owner}/{repo}/issues"
    assert "ghp_pasted_in_notebook" not in state
    assert "Bearer &lt;REDACTED&gt;" in state or "Bearer <REDACTED>" in state


def test_text_pasted_that_is_no_request_is_said_and_changes_nothing() -> None:
    explorer = explore("GET /user")

    explorer.paste_box.type("curl -X POST")
    explorer.paste_box.type("   ")

    assert explorer.session.route == "GET /user"
    assert "not read: the curl command has no URL" in explorer.status.html
    with pytest.raises(EndpointError, match="has no URL"):
        explorer.paste("curl")
    with pytest.raises(EndpointError, match="paste takes the request as text"):
        explorer.paste(b"curl")  # type: ignore[arg-type]
    with pytest.raises(EndpointError, match="a request to read back as text"):
        explore(paste=1)  # type: ignore[arg-type]


def test_the_pasted_tab_says_how_to_paste_until_something_is() -> None:
    assert "Paste a request into the Paste box" in explore("GET /user").tabs["Pasted"].html


def test_a_pasted_header_named_by_a_token_is_saved_masked() -> None:
    """The second attack: a pasted header named by a token's shape reached the saved
    widget state as a row's name. The page shows and saves it masked; the kernel keeps
    the real name, and sends it."""
    token = "ghp_" + "1234567890" * 3 + "123456"
    explorer = explore("GET /user")
    explorer.paste(f"curl -H 'x-{token}: v' https://api.github.com/user")
    state = json.dumps([each.get_state() for each in _widgets(explorer.widget)], default=repr)
    assert "1234567890123" not in state
    assert "headers.x-<REDACTED>" in names(explorer)
    assert ("headers.x-" + token, "v") in explorer.session.rows
    explorer.set_value("headers.x-" + token, "w")  # by its real name, as the kernel has it
    assert ("headers.x-" + token, "w") in explorer.session.rows
    assert token not in explorer._command()
    masked = row(explorer, "headers.x-<REDACTED>")
    masked.children[0].value = "headers.x-other"  # renamed: the name typed is the name
    assert ("headers.x-other", "w") in explorer.session.rows


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("x-api-key: Qsecret123456", "x-api-key: <REDACTED>"),
        ("x-api-key;Qsecret123456", "x-api-key;<REDACTED>"),  # the sixth attack's G4
        ("password\tQsecret123456", "password\t<REDACTED>"),
        ("token Qsecret123456", "token <REDACTED>"),
    ],
)
def test_a_header_line_typed_as_a_rows_name_is_shown_and_saved_hidden(
    name: str, shown: str
) -> None:
    """The fifth attack's F8 and the sixth's G4: a header line typed as a row's name
    (``x-api-key: ...``, or with no colon) showed its value in the status, in the URL, in
    the Merged tab's key, and in the name laid out again, all saved with the notebook.
    The session keeps the name as typed."""
    explorer = explore("GET /user")
    explorer.add.click()
    explorer.rows.children[-1].children[0].value = name
    explorer.rows.children[-1].children[1].type("1")
    assert "no parameter &#x27;" in explorer.status.html
    explorer.route.type("GET /users/{username}")  # the rows laid out again
    assert names(explorer) == ["username", shown]
    state = json.dumps([each.get_state() for each in _widgets(explorer.widget)], default=repr)
    assert "Qsecret" not in state
    assert (name, "1") in explorer.session.rows


def _widgets(widget: Any) -> list[Any]:
    found, stack = [], [widget]
    while stack:
        each = stack.pop()
        found.append(each)
        stack.extend(getattr(each, "children", ()) or ())
    return found


@pytest.mark.parametrize(
    ("box", "text"),
    [
        ("layer_text", "password Qsecret7391abcXYZ"),
        ("layer_text", "[headers]\nx-api-key Qsecret7391abcXYZ"),
        ("layer_text", "x-api-key;Qsecret7391abcXYZ"),
        ("paste", "curl -H 'x-api-key;Qsecret7391abcXYZ' https://api.github.com/user"),
        ("paste", "curl -H 'Authorization\tQsecret7391abcXYZ' https://api.github.com/user"),
    ],
)
def test_a_value_typed_after_a_secrets_name_without_a_colon_is_not_saved(
    box: str, text: str
) -> None:
    """The sixth attack's G4: the layer's TOML and the Paste box kept, in their synced
    state, a value given to a secret's name with a blank, a tab or a ``;``."""
    from ipywidgets import widgets

    explorer = explore("GET /user")
    if box == "paste":
        explorer.paste(text)
    else:
        explorer.layer_text.type(text)
    state = json.dumps(widgets.Widget.get_manager_state(drop_defaults=False))
    assert "Qsecret7391abcXYZ" not in state
    assert "&lt;REDACTED&gt;" in state or "<REDACTED>" in state
