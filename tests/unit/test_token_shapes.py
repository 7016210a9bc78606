"""A token's shape counts wherever it appears (issue 32's target): under a name that is no
secret's in a saved profile, in the route an error names, in a redacted snippet's URL, and
in what `restroute routes` prints of an API's description. Each as the attacker did it."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from restroute import EndpointError, endpoint
from restroute.cli import main
from restroute.cli.routes import _routes
from restroute.formats import FORMATS
from restroute.profiles import dump_profile, left_out, save_profile

GHP = "ghp_" + "A" * 36
PAT = "github_pat_" + "B" * 30
BEARER = "abcdefghijklmnop"  # the credential after "Bearer "


# --- F1b: a profile writes no token shape, whatever name it is under ------------------------


@pytest.mark.parametrize(
    ("options", "where"),
    [
        ({"q": GHP}, "q"),
        ({"note": PAT}, "note"),
        ({"base_url": f"https://{GHP}@ghe.example.com/api"}, "base_url"),
        ({"base_url": f"https://x:{GHP}@ghe.example.com/api"}, "base_url"),
        ({"base_url": f"https://ghe.example.com/{GHP}/api"}, "base_url"),
        ({"headers": {"x-a": f"Bearer {BEARER}"}}, "headers.x-a"),
        ({"data": {"user": {"bio": f"mine is {GHP}"}}}, "data.user.bio"),
        ({"labels": ["ok", GHP]}, "labels[1]"),
        ({"data": {GHP: 1}}, 'data."<REDACTED>"'),  # a key named as a view shows it
    ],
    ids=["q", "pat", "userinfo", "password", "path", "bearer", "deep", "list", "key"],
)
def test_a_profile_leaves_out_a_token_shape_under_any_name(
    options: dict[str, Any], where: str, tmp_path: Path
) -> None:
    text = dump_profile(options)
    for token in (GHP, PAT, BEARER):
        assert token not in text
    assert f"# {where}: left out, a secret;" in text  # the note, as for a secret's name
    tomllib.loads(text)  # still TOML
    assert list(left_out(options)) == [where.removeprefix("headers.")]  # a header by its name
    saved = save_profile(tmp_path / "p.toml", options).read_text(encoding="utf-8")
    for token in (GHP, PAT, BEARER):
        assert token not in saved


def test_a_profile_keeps_what_holds_no_credential() -> None:
    options = {
        "q": "octocat",
        "labels": ["bug", "Bearer"],
        "base_url": "https://ghe.example.com/api/v3",
        "headers": {"x-a": "Bearer ${T}", "accept": "*/*"},
        "data": {"body": "ghp_ is how a token starts"},
    }
    text = dump_profile(options)
    assert left_out(options) == {}
    assert "left out" not in text
    assert tomllib.loads(text) == options


def test_the_token_a_profile_left_out_is_not_in_its_list_either() -> None:
    options = {"labels": [GHP, "keep"], "q": "octocat"}
    assert tomllib.loads(dump_profile(options)) == {"labels": ["keep"], "q": "octocat"}


# --- F2: an error that names the route hides the token in it ---------------------------------


@pytest.mark.parametrize(
    ("route", "token"),
    [("GET /x/" + GHP, GHP), ("GET /x/Bearer%20" + BEARER, BEARER), ("/x/" + PAT, PAT)],
    ids=["ghp", "bearer", "pat"],
)
def test_an_error_naming_the_route_hides_its_token(route: str, token: str) -> None:
    with pytest.raises(EndpointError) as error:
        endpoint(route, method=1)
    message = str(error.value)
    assert token not in message
    assert "method must be a string" in message
    assert message.startswith(("GET /x/", "/x/"))


def test_an_error_naming_a_plain_route_names_it_whole() -> None:
    with pytest.raises(EndpointError, match=r"^GET /repos/o/r: method must be a string"):
        endpoint("GET /repos/o/r", method=1)


# --- F3: a redacted snippet hides a shape in its URL, and still sends ------------------------


@pytest.mark.parametrize("each", FORMATS, ids=lambda each: each.name)
@pytest.mark.parametrize(
    ("params", "token"),
    [({"q": f"Bearer {BEARER}"}, BEARER), ({"q": f"x {GHP}"}, GHP), ({"q": f"{PAT}"}, PAT)],
    ids=["bearer", "ghp-after-a-space", "pat"],
)
def test_a_redacted_snippet_hides_a_token_shape_in_the_query(
    each: Any, params: dict[str, str], token: str
) -> None:
    options = endpoint("GET /x", **params)
    assert token in options["url"]  # sent as given
    text = each.render(options, redact=True)
    assert token not in text
    assert "%3CREDACTED%3E" in text  # the marker every client sends as written


def test_a_redacted_snippet_hides_a_token_shape_in_the_path() -> None:
    options = endpoint("GET /users/{name}", name=f"Bearer {BEARER}")
    assert BEARER in options["url"]
    for each in FORMATS:
        assert BEARER not in each.render(options, redact=True)


def test_a_redacted_snippet_keeps_ordinary_query_values() -> None:
    options = endpoint("GET /x", q="octocat is here", per_page=2)
    for each in FORMATS:
        text = each.render(options, redact=True)
        assert "q=octocat%20is%20here&per_page=2" in text
    text = endpoint("GET /x", q=f"Bearer {BEARER}", page=3).to_curl(redact=True)
    assert "?q=%3CREDACTED%3E&page=3'" in text  # the next parameter kept


# --- F4: `restroute routes` prints no token shape from a description -------------------------


def shaped_description(folder: Path) -> str:
    """A tiny OpenAPI description holding a token's shape in each text a listing prints."""
    document = {
        "openapi": "3.0.0",
        "info": {"title": "Shapes", "version": "1"},
        "paths": {
            f"/x/{GHP}": {
                "get": {
                    "operationId": f"get-{GHP}",
                    "summary": f"Get it with {GHP}",
                    "description": f"Send Bearer {BEARER}",
                    "parameters": [
                        {
                            "name": f"q{GHP}",
                            "in": "query",
                            "description": f"a {PAT}",
                            "schema": {"type": "string", "default": GHP},
                        }
                    ],
                }
            },
            f"/y/{{{GHP}": {"get": {"operationId": "broken", "summary": "s"}},
            "/plain": {"get": {"operationId": "plain", "summary": "Needs a token (Bearer)"}},
        },
    }
    path = folder / "shapes.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("query", ["", "get", f"get-{GHP}", f"GET /x/{GHP}"])
def test_a_listing_hides_the_token_shapes_of_a_description(query: str, tmp_path: Path) -> None:
    text = _routes(query, None, shaped_description(tmp_path))
    for token in (GHP, PAT, BEARER):
        assert token not in text
    assert "<REDACTED>" in text


def test_a_listing_of_plain_texts_is_unchanged(tmp_path: Path) -> None:
    text = _routes("plain", None, shaped_description(tmp_path))
    assert text.splitlines()[-4:] == [
        "GET /plain",
        "plain: Needs a token (Bearer)",
        "",
        "  (no parameters)",
    ]


def test_routes_prints_no_token_shape(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = shaped_description(tmp_path)
    for words in ([], ["get"], [f"get-{GHP}"], [GHP]):
        main(["routes", "--catalog", source, *words])
        captured = capsys.readouterr()
        for token in (GHP, PAT, BEARER):
            assert token not in captured.out + captured.err


def test_a_profile_runs_no_method_of_a_text_it_judges() -> None:
    class Loud(str):
        def __contains__(self, other: object) -> bool:
            raise AssertionError("ran")

    text = dump_profile({"q": Loud(GHP), Loud("k"): Loud("a%20b")})
    assert GHP not in text
    assert 'k = "a%20b"' in text


def bad_version(folder: Path) -> str:
    """A description whose error quotes a text of it: its openapi version, a token."""
    path = folder / "version.json"
    document = {"openapi": GHP, "info": {"title": "x", "version": "1"}, "paths": {}}
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


def test_an_error_quoting_a_description_hides_its_token(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["routes", "--catalog", bad_version(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("restroute: error: version.json: #/openapi is <REDACTED>, not")
    assert GHP not in err


# --- the fifth attack's F1: two tokens written back to back ---------------------------------

FIRST, SECOND = "ghp_" + "Ab1" * 12, "ghs_" + "Zx9" * 12


def test_two_tokens_side_by_side_are_both_hidden() -> None:
    """The first token's 36 characters went on into the second's prefix (ghs), and the
    second, starting at its _, was no token's shape: its 36 characters showed."""
    from restroute.redact import error_text, redact_message, redact_words

    text = f"see {FIRST}{SECOND} end"
    for hide in (redact_message, redact_words, error_text):
        assert hide(text) == "see <REDACTED> end", hide.__name__
    curl = endpoint("GET /x", q=FIRST + SECOND).to_curl(redact=True)
    assert "Zx9" not in curl
    assert "x?q=%3CREDACTED%3E'" in curl
