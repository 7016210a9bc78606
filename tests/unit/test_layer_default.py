"""Session.layer_default: the form's hint for a row left empty, ``100 · teaching``.

A row's hint names the value the layers give its parameter and the layer that gives it,
so that a learner sees, before typing, what the request would hold without the row.
"""

from __future__ import annotations

from typing import Any

import pytest

from restroute import EndpointError
from restroute.profiles import parse_profile
from restroute.redact import name_shown
from restroute.session import Session

ACCEPT = "application/vnd.github.v3+json"
TOKEN = "ghp_hint_token_123"


def teaching_session() -> Session:
    """github under teaching (per_page = 100, format full+json), the session layer on top."""
    github = parse_profile(
        '[headers]\nauthorization = "token ${T}"\nx-github-api-version = "2022-11-28"\n',
        name="github",
        environ={"T": TOKEN},
    )
    teaching = parse_profile(
        'per_page = 100\n[media_type]\nformat = "full+json"\n', name="teaching", environ={}
    )
    return Session("GET /repos/{owner}/{repo}/issues", [github, teaching])


def test_a_profile_parameter_is_hinted_with_its_layer() -> None:
    """teaching sets per_page = 100: the hint is the value as typed and the layer."""
    assert teaching_session().layer_default("per_page") == ("100", "teaching")


def test_the_topmost_layer_switched_on_gives_the_hint() -> None:
    """The session layer's per_page = 50 is over teaching's 100; switched off, teaching's
    shows again; teaching off too, no layer sets per_page."""
    session = teaching_session()
    session.edit_layer("session", "per_page = 50\n")

    assert session.layer_default("per_page") == ("50", "session")
    session.toggle("session")
    assert session.layer_default("per_page") == ("100", "teaching")
    session.toggle("teaching")
    assert session.layer_default("per_page") is None


def test_nested_options_are_hinted_entry_by_entry() -> None:
    """media_type.format from teaching, a header from github (named in any case), the
    built-in accept; a header no layer sets has no hint."""
    session = teaching_session()

    assert session.layer_default("media_type.format") == ("full+json", "teaching")
    assert session.layer_default("headers.X-GitHub-Api-Version") == ("2022-11-28", "github")
    assert session.layer_default("headers.accept") == (ACCEPT, "built-in defaults")
    assert session.layer_default("headers.x-trace") is None
    session.toggle("built-in defaults")
    assert session.layer_default("headers.accept") is None


def test_a_secret_is_redacted_unless_asked() -> None:
    """The form is on screen: github's token shows as its scheme word and <REDACTED>."""
    session = teaching_session()

    assert session.layer_default("headers.authorization") == ("token <REDACTED>", "github")
    assert session.layer_default("headers.authorization", redact=False) == (
        f"token {TOKEN}",
        "github",
    )


def test_a_base_url_hides_its_user_and_password() -> None:
    """base_url (or its alias, in the row or in the layer) hides user:password@."""
    session = Session("GET /user")
    session.edit_layer("session", 'baseUrl = "https://me:pw@ghe.example.com/api"\n')

    hint = ("https://<REDACTED>@ghe.example.com/api", "session")
    assert session.layer_default("base_url") == hint
    assert session.layer_default(" baseUrl ") == hint


@pytest.mark.parametrize(
    ("toml", "text"),
    [
        ('state = "open"', "open"),
        ('state = "42"', '"42"'),  # typed bare, 42 would be the number
        ("state = true", "true"),
        ('state = ["a", "b"]', '["a", "b"]'),
        ("state = 2024-01-02", "datetime.date(2024, 1, 2)"),  # JSON has no date: its repr
    ],
    ids=["text", "text-that-reads-as-json", "bool", "list", "toml-date"],
)
def test_the_value_is_written_as_the_form_reads_it(toml: str, text: str) -> None:
    """The hint is what to type for the value (value_text), or its repr when JSON has
    no text for it."""
    session = Session("GET /repos/{owner}/{repo}/issues")
    session.edit_layer("session", f"{toml}\n")

    assert session.layer_default("state") == (text, "session")


def test_data_given_whole_above_hides_the_fields_below() -> None:
    """A layer's data "raw" replaces the data table of the layer under it: data.title
    has no default; with only the table, its field is the hint."""
    session = Session("POST /repos/{owner}/{repo}/issues")
    session.add_profile(parse_profile('[data]\ntitle = "Draft"\n', name="drafts", environ={}))

    assert session.layer_default("data.title") == ("Draft", "drafts")
    assert session.layer_default("data.body") is None
    session.edit_layer("session", 'data = "raw"\n')
    assert session.layer_default("data.title") is None


def test_layers_made_in_python_are_read_as_merge_reads_them() -> None:
    """headers = None in a layer sets no header; a key that is not text names no
    parameter and no header (the hint passes over it: the request's error says what is
    wrong); of two spellings of a header the later counts, as in merge; media_type may
    be spelt mediaType."""
    session = Session("GET /user")
    session.add_profile(parse_profile('[headers]\nx-trace = "low"\n', name="low", environ={}))
    python_made: dict[Any, Any] = {"headers": None, 1: "one", "mediaType": {"format": "raw"}}
    session.layers[-1].options = python_made
    session.layers[-2].options["headers"] = {2: "two", "X-Trace": "first", "x-trace": "later"}

    assert session.layer_default("headers.x-trace") == ("later", "low")
    assert session.layer_default("1") is None
    assert session.layer_default("headers.2") is None
    assert session.layer_default("media_type.format") == ("raw", "session")
    assert session.view().status.kind == "error"  # header name 2 is no HTTP token


def test_a_name_that_is_not_text_is_an_endpoint_error() -> None:
    """layer_default names what to pass instead of failing inside."""
    with pytest.raises(EndpointError, match="pass a row's name such as 'per_page'"):
        Session().layer_default(None)  # type: ignore[arg-type]


def test_a_value_read_from_the_environment_is_hidden_while_redacted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """F4, as the attacker did it: ``q = "${RR_V}"`` in the session layer gave the
    environment's value in the hint with redact=True; the view already hid it."""
    monkeypatch.setenv("RR_V", "EnVsEcReT123")
    session = Session("GET /search/issues")
    session.edit_layer("session", 'q = "${RR_V}"\n')
    shown = session.layer_default("q", redact=True)
    assert shown is not None
    assert "EnVsEcReT123" not in shown[0]
    assert shown == ("<REDACTED>", "session")
    assert session.layer_default("q", redact=False) == ("EnVsEcReT123", "session")


def test_a_redacted_views_warnings_hide_a_tokens_shape_in_a_name() -> None:
    """F1, as the attacker did it: a row named by a token, given twice, was named whole in
    the warning of a redacted view; the name now shows as every view shows it."""
    token = "ghp_" + "Ab1" * 12
    for name in (token, "headers.x-" + token):
        session = Session("GET /user")
        session.rows = [(name, "1"), (name, "2")]
        warnings = session.view(redact=True).warnings
        assert warnings[0] == f"{name_shown(name)} is given twice: the later value is sent"
        assert token not in " ".join(warnings)
        assert "<REDACTED>" in warnings[0]
        revealed = session.view(redact=False).warnings
        assert revealed[0] == f"{name} is given twice: the later value is sent"
