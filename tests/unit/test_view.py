"""restroute.session.View: what both explorers show, computed once an edit, redacted there.

The view is where redaction is decided for the explorers: a field that shows a secret
while redaction is on would show it in the terminal and in the notebook alike. The
notebook's Merged tab once did, because it redacted by itself and forgot to.
"""

from __future__ import annotations

from typing import Any

import pytest

from restroute import EndpointError, formats
from restroute._core.explain import OVERRIDDEN, WON, Step
from restroute.profiles import parse_profile
from restroute.session import Session, Status, View

TOKEN = "ghp_profile_token_123"  # from a profile, through ${T}
API_KEY = "session-layer-key-456"  # typed in the session layer's TOML
ROW_TOKEN = "row-typed-token-789"  # typed as a headers.NAME row
SECRETS = (TOKEN, API_KEY, ROW_TOKEN)


def secret_session(route: str = "GET /repos/{owner}/{repo}") -> Session:
    """Secrets in every place a session holds them: a profile, the session layer, a row."""
    gh = parse_profile('[headers]\nauthorization = "token ${T}"', name="gh", environ={"T": TOKEN})
    session = Session(route, profiles=[gh])
    session.edit_layer("session", f'[headers]\nx-apikey = "{API_KEY}"\n')
    session.rows = [("owner", "o"), ("headers.x-authtoken", ROW_TOKEN)]
    return session


def fields(view: View) -> dict[str, object]:
    """Every public field of the view, each computed part and every snippet included."""
    shown = {
        name: getattr(view, name)
        for name in dir(view)
        if not name.startswith("_") and not callable(getattr(view, name))
    }
    shown.update({f"snippet {name}": view.snippet(name) for name in formats.BY_NAME})
    return shown


def test_the_view_lists_every_part_the_explorers_show() -> None:
    """The fields the explorers render are all there (a guard on the test below)."""
    assert {
        "env",
        "env_notes",
        "cascade",
        "error",
        "merged",
        "missing",
        "parsed",
        "redact",
        "rows",
        "secrets",
        "snippets",
        "status",
        "warnings",
    } <= set(fields(secret_session().view()))


@pytest.mark.parametrize(
    "route",
    [
        "GET /repos/{owner}/{repo}",  # repo missing: merged and explained, no request
        "GET /repos/{owner}",  # a request, and every snippet
        "POST /repos/{owner}/issues",  # a body
        "GET /repos/{owner} {",  # a route that does not compile
    ],
)
@pytest.mark.parametrize("secrets", ["redact", "env"])
def test_no_field_shows_a_secret_while_redaction_is_on(route: str, secrets: str) -> None:
    """No field of the view holds a token, a key or a row's token, whatever the outcome,
    redacted or with its snippets reading secrets from the environment."""
    view = secret_session(route).view(secrets=secrets)  # type: ignore[arg-type]

    leaks = {
        name: secret
        for name, value in fields(view).items()
        for secret in SECRETS
        if secret in repr(value)
    }

    assert leaks == {}


def test_the_secrets_show_when_revealed() -> None:
    """With redaction off the same fields do show them: the test above can fail."""
    view = secret_session("GET /repos/{owner}").view(redact=False)

    for secret in SECRETS:
        assert secret in repr(view.merged)
        assert secret in repr(view.parsed)
        assert secret in view.snippet("curl")
    assert TOKEN in repr(view.rows)
    assert TOKEN in repr(view.cascade)


def test_a_bad_secret_header_value_is_not_echoed_in_the_error() -> None:
    """A token with a line break is refused, and the error says why without the token."""
    session = Session("GET /user")
    session.rows = [("headers.authorization", f"token {ROW_TOKEN}\n")]

    view = session.view()

    assert view.status.kind == "error"
    assert "contains CR, LF or NUL" in view.status.text
    assert ROW_TOKEN not in view.status.text


def test_the_status_is_the_request_line_a_warning_or_the_error() -> None:
    """ok names the request; a warning is the first one and how many more; an error says why."""
    ok = Session("GET /users/{username}")
    ok.rows = [("username", "octocat")]
    warned = Session("GET /repos/{owner}/{repo}/issues")
    warned.rows = [("owner", "o"), ("repo", "r"), ("state", "x"), ("color", "blue")]
    failed = Session("GET /users/{username}")

    assert ok.view().status == Status("ok", "GET https://api.github.com/users/octocat")
    assert warned.view().status == Status(
        "warning", "issues/list-for-repo: state='x' is not one of open, closed, all", 1
    )
    assert failed.view().status == Status(
        "error", "GET /users/{username}: no value for {username}; pass username=..."
    )
    assert failed.view().missing == ("username",)


def test_a_refused_snippet_says_why() -> None:
    """A URL requests would rewrite has no requests snippet; the view says why, curl works."""
    view = Session("GET https://h/a[b]").view()

    assert view.refused("python")
    assert view.snippet("python").startswith("no snippet: requests would re-encode [ ]")
    assert not view.refused("curl")
    assert view.snippet("curl").startswith("curl")


def test_each_part_is_computed_once_per_view() -> None:
    """Reading a part twice gives the very same object: the view is not recomputed."""
    view = secret_session("GET /repos/{owner}").view()

    assert view.merged is view.merged
    assert view.parsed is view.parsed
    assert view.rows is view.rows
    assert view.cascade is view.cascade
    assert view.snippet("curl") is view.snippet("curl")
    assert view.snippets["curl"] is view.snippet("curl")


def test_a_snippet_is_written_when_first_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    """Showing the curl tab writes the curl snippet only: the others wait to be shown."""
    written: list[str] = []
    real = View._snippet

    def counted(view: View, format: formats.Format, secrets: str) -> str:
        written.append(format.name)
        return real(view, format, secrets)

    monkeypatch.setattr(View, "_snippet", counted)
    view = secret_session("GET /repos/{owner}").view()

    view.snippet("curl")
    view.snippet("curl")
    assert written == ["curl"]
    assert set(view.snippets) == {"curl", "python", "httpx", "json"}
    assert sorted(written) == ["curl", "httpx", "json", "python"]


# --- secrets as environment references ---------------------------------------------------


def test_an_env_view_writes_references_and_says_why_the_rest_is_masked() -> None:
    """The profile's ${T} becomes the reference; the session layer's key and the row's
    token stay masked, and the notes name where each was set as a value."""
    view = secret_session("GET /repos/{owner}").view(secrets="env")

    assert (view.secrets, view.redact) == ("env", True)
    assert view.env == {"authorization": "token ${T}"}
    assert view.snippet("json").count("<REDACTED>") == 2
    assert '"authorization": "token ${T}"' in view.snippet("json")
    assert "-H 'authorization: token '\"${T:?}\"" in view.snippet("curl")
    assert '"authorization": "token " + os.environ["T"],' in view.snippet("python")
    assert [note.split(";")[0] for note in view.env_notes] == [
        "x-apikey stays <REDACTED>: layer 'session' sets it as a value, not as a ${VAR}",
        "x-authtoken stays <REDACTED>: a parameter row sets it as a value, not as a ${VAR}",
    ]
    assert view.merged is not None
    assert view.merged["headers"]["authorization"] == "token <REDACTED>"  # a display


def test_a_copy_key_can_ask_one_snippet_in_another_mode() -> None:
    """snippet(name, secrets=...) writes that copy without changing the view's tabs; each
    mode's text is kept apart."""
    view = secret_session("GET /repos/{owner}").view()

    env = view.snippet("curl", secrets="env")
    revealed = view.snippet("curl", secrets="reveal")

    assert '"${T:?}"' in env
    assert TOKEN in revealed
    assert view.snippet("curl") == view.snippet("curl", secrets="redact")
    assert TOKEN not in view.snippet("curl")
    assert '"${T:?}"' not in view.snippet("curl")
    assert view.snippet("curl", secrets="env") is env
    assert not view.refused("curl", secrets="env")


def test_an_env_snippet_can_be_refused_alone() -> None:
    """A variable the shells set themselves: the env curl says why; the others are written."""
    gh = parse_profile(
        '[headers]\nauthorization = "token ${RANDOM}"', name="gh", environ={"RANDOM": TOKEN}
    )
    view = Session("GET /user", profiles=[gh]).view(secrets="env")

    assert view.refused("curl")
    assert view.snippet("curl").startswith("no snippet: to_curl: the shells set $RANDOM")
    assert not view.refused("curl", secrets="redact")
    assert not view.refused("python")


@pytest.mark.parametrize(
    ("redact", "secrets", "mode"),
    [
        (None, None, "redact"),
        (True, None, "redact"),
        (False, None, "reveal"),
        (None, "env", "env"),
        (True, "env", "env"),
        (True, "redact", "redact"),
        (False, "reveal", "reveal"),
    ],
)
def test_redact_and_secrets_say_the_mode_together(
    redact: bool | None, secrets: str | None, mode: str
) -> None:
    """The older redact switch still works; secrets says the mode; given both, they agree."""
    view = Session("GET /user").view(redact=redact, secrets=secrets)  # type: ignore[arg-type]

    assert view.secrets == mode
    assert view.redact is (mode != "reveal")


@pytest.mark.parametrize(
    ("redact", "secrets", "message"),
    [
        (False, "env", "redact=False and secrets='env' disagree; pass one of them"),
        (True, "reveal", "redact=True and secrets='reveal' disagree; pass one of them"),
        (None, "show", "secrets is 'show', not one of redact, reveal, env"),
        (None, 1, "secrets is 1, not one of redact, reveal, env"),
    ],
)
def test_a_mode_that_cannot_be_is_refused(redact: bool | None, secrets: Any, message: str) -> None:
    """A contradiction or an unknown mode is an EndpointError, in view, snippet and View."""
    session = Session("GET /user")
    view = session.view()

    for call in (
        lambda: session.view(redact=redact, secrets=secrets),
        lambda: session.snippet("curl", redact=redact, secrets=secrets),
        lambda: View(None, None, (), redact is not False, secrets=secrets),
    ):
        with pytest.raises(EndpointError) as raised:
            call()
        assert str(raised.value) == message
    if redact is None:
        with pytest.raises(EndpointError, match=message):
            view.snippet("curl", secrets=secrets)


def test_the_cascade_is_each_options_layers_bottom_to_top() -> None:
    """A teaching profile's per_page=100, the session layer's 50, the row's 2: the view's
    cascade has the three, the two below struck; the profile's token is redacted at
    every step."""
    teaching = parse_profile("per_page = 100", name="teaching", environ={})
    session = secret_session("GET /repos/{owner}/issues")
    session.add_profile(teaching)
    session.edit_layer("session", f'per_page = 50\n[headers]\nx-apikey = "{API_KEY}"\n')
    session.rows = [("owner", "o"), ("per_page", "2")]

    cascade = {option.key: option for option in session.view().cascade}

    assert cascade["per_page"].steps == (
        Step("teaching", 100, OVERRIDDEN),
        Step("session", 50, OVERRIDDEN),
        Step("call", 2, WON),
    )
    assert cascade["headers.authorization"].steps == (Step("gh", "token <REDACTED>", WON),)
    assert cascade["headers.x-apikey"].steps == (Step("session", "<REDACTED>", WON),)


def test_a_route_that_cannot_be_merged_has_no_cascade() -> None:
    """Nothing merged, nothing to tell: the cascade is empty, as the rows are."""
    view = Session("GET /a b").view()

    assert (view.rows, view.cascade) == ((), ())


def test_a_token_from_the_environment_is_hidden_under_any_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A profile that forwards the token under a header no name marks, and as a query
    value: the view hides the environment's value in the status, Parsed, Merged and every
    snippet, and the reveal mode shows it."""
    monkeypatch.setenv("FORWARDED", TOKEN)
    text = 'q = "${FORWARDED}"\n[headers]\nx-forward = "token ${FORWARDED}"\n'
    session = Session("GET /user", [parse_profile(text, name="fwd")])

    view, revealed = session.view(), session.view(secrets="reveal")

    shown = [view.status.text, str(view.parsed), str(view.merged), *view.snippets.values()]
    assert [part for part in shown if TOKEN in part] == []
    assert view.parsed is not None
    assert view.parsed["headers"]["x-forward"] == "token <REDACTED>"
    assert TOKEN in revealed.snippet("curl")
    assert session.environment_secrets() == [TOKEN]
