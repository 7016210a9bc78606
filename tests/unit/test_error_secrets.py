"""No error message repeats a secret (API.md section 9, "secrets in errors and saves"):
the inputs of issue 32's second attack, as the attacker wrote them. A secret is a value
under a secret's name in a URL (``?access_token=``, ``?password=``, ``user:pw@``) or a
token's shape wherever it stands, a name included; what a person needs to fix the call
(the route, a name, the fix) still shows."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from restroute import EndpointError, MissingParameterError, catalog, endpoint, explain
from restroute.display import explanation_html, explanation_text
from restroute.profiles import load_profile
from restroute.session import Session

T = "ghp_" + "Ab1" * 12
PAT = "github_pat_" + "Ab1" * 10
HIDDEN = ("Ab1Ab1Ab1", "SeKrEtVaL")


def message(call: Any, *args: Any, **kwargs: Any) -> str:
    with pytest.raises(EndpointError) as raised:
        call(*args, **kwargs)
    return str(raised.value)


def shows_none(text: str) -> bool:
    return not any(secret in text for secret in HIDDEN)


@pytest.mark.parametrize(
    "route",
    [
        "GET /repos/{owner}?access_token=" + T,
        "GET /repos/{owner}?password=SeKrEtVaL",
        "GET /repos/{owner}#" + T,
    ],
)
def test_the_no_value_error_hides_the_routes_secrets(route: str) -> None:
    """S1: the route is named, its secret hidden; the missing name and the fix still show."""
    text = message(endpoint, route)
    assert shows_none(text)
    shown = route.replace(T, "<REDACTED>").replace("SeKrEtVaL", "<REDACTED>")
    assert text == shown + ": no value for {owner}; pass owner=..."


def test_the_no_value_error_reaches_no_view_with_its_secret() -> None:
    """S1 again: a session's redacted view says why there is no snippet, secret hidden."""
    view = Session("GET /x/{a}?access_token=SeKrEtVaL").view(redact=True)
    shown = view.snippet("curl")
    assert shown.startswith("no snippet: GET /x/{a}?access_token=<REDACTED>")
    assert "no value for {a}; pass a=..." in shown
    assert view.error is not None
    assert shows_none(view.error)
    assert "no value for {a}" in view.error


def test_a_bad_method_hides_the_routes_userinfo() -> None:
    """S2: the route that holds a bad method names it, not the URL's user:token@."""
    text = message(endpoint, "GET\x00 https://u:" + T + "@h/x")
    assert shows_none(text)
    assert "method 'GET\\x00' is not an HTTP token" in text
    assert "@h/x" in text  # the host is no secret


def test_a_content_length_of_a_tokens_shape_is_not_repeated() -> None:
    """S3: a content-length that does not fit the body: what it is, hidden; the body's size."""
    text = message(endpoint, "POST /x", headers={"content-length": T}, data="a")
    assert shows_none(text)
    assert "content-length is <REDACTED> but the body has 1 bytes" in text


def test_a_tokens_shape_as_a_variables_name_is_hidden() -> None:
    """S4: a template variable named as a token: the name is hidden all three times."""
    with pytest.raises(MissingParameterError) as raised:
        endpoint("GET /x/{" + T + "}")
    text = str(raised.value)
    assert shows_none(text)
    assert text == "GET /x/{<REDACTED>}: no value for {<REDACTED>}; pass <REDACTED>=..."
    assert raised.value.names == (T,)  # the program still gets the name it gave


def test_the_same_no_value_error_keeps_a_plain_name() -> None:
    """A name that is no secret still shows, and so does a secret's name (not its value)."""
    assert message(endpoint, "GET /x/{password}").endswith(
        "no value for {password}; pass password=..."
    )


def test_a_tokens_shape_as_a_body_key_is_hidden_in_a_redacted_snippet() -> None:
    """S4: a body key of a token's shape is shown as the marker where secrets are hidden."""
    options = endpoint("POST /x", **{T: 1})
    shown = options.to_curl(redact=True)
    assert shows_none(shown)
    assert '{"<REDACTED>":1}' in shown
    assert T in options.to_curl()  # revealed, the body is what is sent


def test_a_tokens_shape_as_a_row_name_is_not_repeated_by_the_notebook() -> None:
    """S4: the notebook explorer's error for a row it does not have."""
    pytest.importorskip("ipywidgets")
    from restroute.jupyter import explore

    text = message(explore("GET /user").set_value, T, "1")
    assert shows_none(text)
    assert "no row named" in text


@pytest.mark.parametrize("token", [T, PAT])
def test_the_explain_cascade_hides_a_media_type_format_of_a_tokens_shape(token: str) -> None:
    """S5: the value column was hidden; the cascade line repeated it."""
    explanation = explain("GET /x", mediaType={"format": token})
    text = explanation_text(explanation)
    assert "amended by media_type.format=<REDACTED>" in text
    for shown in (
        text,
        explanation_html(explanation),
        json.dumps(explanation._repr_mimebundle_()),
    ):
        assert "Ab1Ab1Ab1" not in shown


def test_a_description_that_names_a_tokens_shape_is_refused_without_it(tmp_path: Path) -> None:
    """S10: catalog.load's errors about a description's values and its path."""
    version = tmp_path / "version.json"
    version.write_text(json.dumps({"openapi": T, "info": {}, "paths": {}}))
    text = message(catalog.load, version)
    assert shows_none(text)
    assert "#/openapi is <REDACTED>" in text
    ref = tmp_path / "ref.json"
    operation = {"parameters": [{"$ref": T}], "responses": {}}
    description = {"openapi": "3.0.0", "info": {"title": "t", "version": "1"}}
    ref.write_text(json.dumps({**description, "paths": {"/x": {"get": operation}}}))
    text = message(catalog.load, ref)
    assert shows_none(text)
    assert "refers to <REDACTED>" in text


def test_a_path_of_a_tokens_shape_is_not_repeated(tmp_path: Path) -> None:
    """S10: a catalog or profile path that does not exist is named, its token hidden."""
    for call in (catalog.load, load_profile):
        text = message(call, str(tmp_path / T))
        assert shows_none(text)
        assert f"{tmp_path}/<REDACTED>" in text


@pytest.mark.parametrize(
    "plain",
    [
        "Session: catalog is 'github'; pass a catalog.load(...) result",
        "redact=True and secrets='reveal' disagree; pass one of them",
        "GET https://h/user: the URL has user:password@ in it; pass an authorization header",
        "GET /x: header 'x-api-key': a value with CR or LF; pass one line",
    ],
)
def test_an_error_keeps_every_word_that_is_no_secret(plain: str) -> None:
    """The one rule every EndpointError's message passes hides only a URL's secrets and a
    token's shape: a secret's name, prose and the fix all show."""
    assert str(EndpointError(plain)) == plain
    assert str(EndpointError(plain + " " + T)) == plain + " <REDACTED>"
    assert str(MissingParameterError(plain, ("a",))) == plain


def test_routes_hides_the_default_of_a_parameter_named_as_a_secret(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """S11: `restroute routes --catalog FILE things/get` named access_token's default."""
    from restroute.cli import main

    parameters = [
        {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}},
        {"name": "access_token", "in": "query",
         "schema": {"type": "string", "default": "SeKrEtVaL", "enum": ["SeKrEtVaL", "x"]}},
        {"name": "per_page", "in": "query", "schema": {"type": "integer", "default": 30}},
    ]  # fmt: skip
    operation = {"operationId": "things/get", "parameters": parameters, "responses": {}}
    description = {"openapi": "3.0.0", "info": {"title": "t", "version": "1"},
                   "paths": {"/things/{id}": {"get": operation}}}  # fmt: skip
    path = tmp_path / "cat_desc.json"
    path.write_text(json.dumps(description))
    assert main(["routes", "--catalog", str(path), "things/get"]) == 0
    out = capsys.readouterr().out
    assert shows_none(out)
    assert "default <REDACTED> · one of <REDACTED>, <REDACTED>" in out
    assert "default 30" in out  # a default under a plain name still shows
    found = catalog.load(path).find("things/get")
    assert found is not None
    hints = {each.name: each.hint for each in found.parameters}
    assert hints["access_token"] == "string · default <REDACTED>"


def test_an_option_named_by_a_tokens_shape_is_explained() -> None:
    """The second attack: an option whose name is a token's shape raised KeyError from the
    explanation's table (its redacted copy renamed the key); its row is shown."""
    token = "ghp_" + "1234567890" * 3 + "123456"
    rows = explain("GET /", {token: True}).rows(redact=True)
    assert [row[1] for row in rows if row[1] == "true"] == ["true"]


def test_an_error_without_a_message_of_text_keeps_its_arguments() -> None:
    """Only a message of text is shown by the rule; other arguments stay as given."""
    assert EndpointError().args == ()
    assert EndpointError(5, "ghp_x").args == (5, "ghp_x")


class _Assigned:
    """An object whose repr assigns a secret, as a list shows it: [password=...]."""

    def __repr__(self) -> str:
        return "password=Qsecret7391abcXYZ"


@pytest.mark.parametrize(
    "call",
    [
        lambda: catalog.find([_Assigned()]),  # type: ignore[arg-type]
        lambda: endpoint([_Assigned()]),
        lambda: endpoint("GET /x", base_url=[_Assigned()]),
    ],
)
def test_an_assignment_just_inside_a_lists_bracket_is_hidden_in_errors(call: Any) -> None:
    """The sixth attack's G7: after a [ that starts a word, password=... was not read as
    an assignment (x[password=...] and (password=...) were)."""
    text = message(call)
    assert "Qsecret7391abcXYZ" not in text
    assert "[password=<REDACTED>]" in text


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("[password=Qsecret7391abcXYZ]", "[password=<REDACTED>]"),
        ("key is [token=Qsecret7391abcXYZ], not a str", "key is [token=<REDACTED>], not a str"),
        ("[[token=Qsecret7391abcXYZ]]", "[[token=<REDACTED>]]"),
        ("[a[0].token=Qsecret7391abcXYZ]", "[a[0].token=<REDACTED>]"),
        ("[x]=1 [token", "[x]=1 [token"),
    ],
)
def test_a_bracket_before_an_assigned_name_starts_it(text: str, shown: str) -> None:
    from restroute.redact import redact_message

    assert redact_message(text, []) == shown
