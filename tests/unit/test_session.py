"""restroute.session: layers, a route and parameter rows, as the explorer holds them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from restroute import EndpointError, MissingParameterError, RequestOptions, catalog
from restroute.profiles import Profile, load_profile, parse_profile
from restroute.rules import MAX_PASTED_ROWS
from restroute.session import FORMATS, Layer, Session, Status, parse_value
from tests.conftest import UA

BUILT_IN = "built-in defaults"
ACCEPT = "application/vnd.github.v3+json"
SECRET = "s3cr3t-value-for-tests"


def result_of(session: Session) -> RequestOptions:
    """The request a session builds, which the test expects to succeed."""
    why = session.explain()
    assert why.error is None, why.error
    assert why.result is not None
    return why.result


def profile(name: str, text: str, environ: dict[str, str] | None = None) -> Profile:
    """A profile from TOML text, with its own environment (empty unless given)."""
    return parse_profile(text, name=name, environ=environ or {})


def test_readme_example() -> None:
    """The module docstring's session: rows fill the route and per_page goes to the query."""
    session = Session("GET /repos/{owner}/{repo}/issues")
    session.rows = [("owner", "octocat"), ("repo", "hello-world"), ("per_page", "2")]

    assert (
        result_of(session)["url"]
        == "https://api.github.com/repos/octocat/hello-world/issues?per_page=2"
    )


def test_parse_value_docstring_example() -> None:
    """parse_value reads JSON when the text is JSON, and keeps any other text as it is."""
    assert [parse_value(t) for t in ("42", "true", "null", '["a"]', "octocat", "")] == [
        42,
        True,
        None,
        ["a"],
        "octocat",
        "",
    ]


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000, "[" * 3000 + "]" * 3000, '{"a":' * 3000 + "1" + "}" * 3000, "1" * 5000],
    ids=["100000 brackets", "3000-deep array", "3000-deep object", "5000-digit int"],
)
def test_json_python_cannot_read_is_kept_as_typed(text: str) -> None:
    """Text json.loads refuses with a RecursionError (nested past the recursion limit) or
    a ValueError (an int over the digit limit) is not JSON to a form: the row keeps it,
    as text, rather than the form failing."""
    assert parse_value(text) == text


def test_json_nested_within_the_limit_is_still_read() -> None:
    """Nesting Python reads is JSON as before: 500 arrays deep, and a 4300-digit int."""
    value = parse_value("[" * 500 + "]" * 500)

    depth = 0
    while isinstance(value, list) and value:
        value, depth = value[0], depth + 1
    assert (value, depth) == ([], 499)
    assert parse_value("9" * 4300) == int("9" * 4300)


def test_parse_value_of_what_is_not_text_is_an_endpoint_error() -> None:
    """A row's value is text; anything else is the caller's mistake, said as one."""
    with pytest.raises(EndpointError) as caught:
        parse_value(42)  # type: ignore[arg-type]

    assert type(caught.value) is EndpointError
    assert (
        str(caught.value)
        == "parse_value takes the text of a row (a str), not int; pass the text as typed"
    )


# --- placeholders ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("route", "names"),
    [
        ("GET /repos/{owner}/{repo}/issues", ["owner", "repo"]),
        ("POST /repos/:owner/:repo/issues", ["owner", "repo"]),
        ("/search/code{?q,per_page}", ["q", "per_page"]),
        ("GET /x{/path*}{.ext}{;m}{+r}{&a}{#frag}", ["path", "ext", "m", "r", "a", "frag"]),
        ("GET /a/{b}/{b}{?b}", ["b"]),
        ("GET https://uploads.example.com:8443/assets/{id}", ["id"]),
        ("GET /user", []),
        ("GET /x/{owner", []),
        ("GET /x/{=bad}", []),
        ("", []),
        ("   ", []),
    ],
)
def test_placeholders_of_a_route(route: str, names: list[str]) -> None:
    """The route's template variables in order; none for a malformed or empty route."""
    assert Session(route).placeholders() == names


# --- rows -> parameters ---------------------------------------------------------------------


def test_rows_become_typed_parameters() -> None:
    """Values are JSON when they parse, names are stripped, empty names and values skipped."""
    session = Session("GET /user")
    session.rows = [
        ("owner", "octocat"),
        ("per_page", "100"),
        ("ratio", "0.5"),
        ("draft", "true"),
        ("milestone", "null"),
        ("labels", '["bug", "ui"]'),
        ("meta", '{"a": 1}'),
        ("quoted", '"42"'),
        ("title", "Found a bug"),
        ("blank", ""),
        ("empty_text", '""'),
        ("", "ignored"),
        ("   ", "ignored too"),
        ("  spaced  ", "x"),
    ]

    assert session.parameters() == {
        "owner": "octocat",
        "per_page": 100,
        "ratio": 0.5,
        "draft": True,
        "milestone": None,
        "labels": ["bug", "ui"],
        "meta": {"a": 1},
        "quoted": "42",
        "title": "Found a bug",
        "empty_text": "",
        "spaced": "x",
    }


def test_dotted_rows_nest_under_headers_media_type_and_request() -> None:
    """headers.X stays text even when it looks like JSON; media_type and request are typed."""
    session = Session("GET /user")
    session.rows = [
        ("headers.X-Trace", "123"),
        ("headers.if-none-match", '"etag"'),
        ("headers.x-flag", "true"),
        ("media_type.format", "raw"),
        ("request.timeout", "5"),
        ("request.hooks", '["a"]'),
    ]

    assert session.parameters() == {
        "headers": {"X-Trace": "123", "if-none-match": '"etag"', "x-flag": "true"},
        "media_type": {"format": "raw"},
        "request": {"timeout": 5, "hooks": ["a"]},
    }


def test_data_rows_build_a_body_given_whole() -> None:
    """data.NAME rows make the ``data`` body that routes with clashing field names need."""
    session = Session("PATCH /repos/{owner}/{repo}/actions/variables/{name}")
    session.rows = [("owner", "o"), ("repo", "r"), ("name", "V"), ("data.name", "W"),
                    ("data.value", "1")]  # fmt: skip

    result = result_of(session)

    assert session.parameters()["data"] == {"name": "W", "value": 1}
    assert (result["url"], result["body"]) == (
        "https://api.github.com/repos/o/r/actions/variables/V",
        {"name": "W", "value": 1},
    )


def test_other_dotted_names_are_plain_parameters() -> None:
    """A dot outside headers/media_type/request, or with nothing after it, is part of the name."""
    session = Session("GET /user")
    session.rows = [("headers.", "1"), ("filter.state", "2"), (".x", "3")]

    assert session.parameters() == {"headers.": 1, "filter.state": 2, ".x": 3}


def test_a_dotted_row_adds_to_an_earlier_mapping_row() -> None:
    """headers.NAME after a headers row that is a JSON object adds one header to it."""
    session = Session("GET /user")
    session.rows = [("headers", '{"x-a": "1"}'), ("headers.x-b", "2")]

    assert session.parameters() == {"headers": {"x-a": "1", "x-b": "2"}}


def test_a_dotted_row_leaves_an_earlier_non_mapping_value_alone() -> None:
    """request.NAME after a request row that is not a mapping does not replace that value."""
    session = Session("GET /user")
    session.rows = [("request", "5"), ("request.timeout", "1")]

    assert session.parameters() == {"request": 5}


def test_a_later_row_with_the_same_name_wins() -> None:
    """Two rows with one name: the later one is the parameter."""
    session = Session("GET /user")
    session.rows = [("per_page", "1"), ("per_page", "2")]

    assert session.parameters() == {"per_page": 2}


def test_rows_reach_the_request() -> None:
    """Rows fill placeholders, the query, a header, the media type and request."""
    session = Session("GET /repos/{owner}/{repo}/issues")
    session.rows = [
        ("owner", "octocat"),
        ("repo", "hello-world"),
        ("per_page", "2"),
        ("headers.X-Trace", "123"),
        ("media_type.format", "raw"),
        ("request.timeout", "5"),
    ]

    assert result_of(session) == {
        "method": "get",
        "url": "https://api.github.com/repos/octocat/hello-world/issues?per_page=2",
        "headers": {
            "accept": "application/vnd.github.v3.raw",
            "user-agent": UA,
            "x-trace": "123",
        },
        "request": {"timeout": 5},
    }
    assert session.explain().entry("per_page").layer == "call"


def test_an_empty_route_is_an_error_in_the_explanation() -> None:
    """A session with no route has no url: the explanation holds the error."""
    why = Session().explain()

    assert why.result is None
    assert isinstance(why.error, EndpointError)
    assert "no url" in str(why.error)


def test_a_route_that_is_not_method_url_raises() -> None:
    """A route with whitespace inside its URL cannot be merged: explain raises."""
    with pytest.raises(EndpointError, match="whitespace"):
        Session("GET /a b").explain()


# --- layers ---------------------------------------------------------------------------------


def test_the_layers_are_built_in_profiles_then_session() -> None:
    """A new session stacks the built-in defaults, its profiles in order, then the session."""
    session = Session("GET /user", profiles=[profile("one", "a = 1"), profile("two", "b = 2")])

    assert [layer.name for layer in session.layers] == [BUILT_IN, "one", "two", "session"]
    assert [layer.editable for layer in session.layers] == [False, True, True, True]
    assert all(layer.enabled for layer in session.layers)
    assert session.layer("two").options == {"b": 2}


def test_an_unknown_layer_is_an_endpoint_error() -> None:
    """Asking for a layer that is not there raises EndpointError listing the layers."""
    session = Session("GET /user")

    with pytest.raises(EndpointError, match="'nope'; layers: built-in defaults, session"):
        session.layer("nope")


def test_a_profile_warning_is_kept_on_its_layer() -> None:
    """The warnings of a profile with an unset variable travel with its layer."""
    gh = profile("gh", '[headers]\nauthorization = "token ${NO_SUCH_TOKEN}"')

    layer = Session("GET /user", profiles=[gh]).layer("gh")

    assert layer.warnings == ("gh: ${NO_SUCH_TOKEN} is not set in the environment",)


def test_toggling_a_layer_off_and_on() -> None:
    """A layer switched off no longer counts; switched back on, the result is as before."""
    team = profile("team", 'per_page = 100\n[headers]\nx-team = "core"')
    session = Session("GET /user", profiles=[team])
    before = result_of(session)

    off = session.toggle("team")
    without = result_of(session)
    on = session.toggle("team")

    assert before == {
        "method": "get",
        "url": "https://api.github.com/user?per_page=100",
        "headers": {"accept": ACCEPT, "user-agent": UA, "x-team": "core"},
    }
    assert without == {
        "method": "get",
        "url": "https://api.github.com/user",
        "headers": {"accept": ACCEPT, "user-agent": UA},
    }
    assert off is on is session.layer("team")
    assert on.enabled
    assert result_of(session) == before


def test_a_layer_repr_says_whether_it_is_on() -> None:
    """A layer's repr shows its name, on or off, and its option names."""
    session = Session("GET /user", profiles=[profile("team", 'per_page = 1\nsort = "x"')])

    assert repr(session.layer("team")) == "<Layer 'team' on: ['per_page', 'sort']>"
    session.toggle("team")
    assert repr(session.layer("team")) == "<Layer 'team' off: ['per_page', 'sort']>"


def test_switching_the_built_in_defaults_off() -> None:
    """Without the built-in layer there are no default headers and no base_url."""
    session = Session("GET /user")

    session.toggle(BUILT_IN)
    why = session.explain()

    assert why.result is None
    assert isinstance(why.error, EndpointError)
    assert "base_url" in str(why.error)
    assert "headers" not in why.merged
    assert "base_url" not in why.merged


def test_built_in_off_with_a_full_url_sends_no_default_headers() -> None:
    """A full URL with the built-in layer off builds a request with no headers at all."""
    session = Session("GET https://example.com/x")
    session.toggle(BUILT_IN)

    assert result_of(session) == {"method": "get", "url": "https://example.com/x", "headers": {}}


def test_built_in_off_leaves_a_profile_to_supply_everything() -> None:
    """With the built-in layer off, a profile's base_url and headers are all there is."""
    mine = profile("mine", 'base_url = "https://h.example"\n[headers]\naccept = "*/*"')
    session = Session("GET /user", profiles=[mine])
    session.toggle(BUILT_IN)

    assert result_of(session) == {
        "method": "get",
        "url": "https://h.example/user",
        "headers": {"accept": "*/*"},
    }


def test_editing_the_session_layer_changes_the_result() -> None:
    """TOML written into the session layer applies over the layers below it."""
    session = Session("GET /user")

    layer = session.edit_layer("session", 'per_page = 10\n[headers]\nx-trace = "s"\n')

    assert layer is session.layer("session")
    assert layer.options == {"per_page": 10, "headers": {"x-trace": "s"}}
    assert result_of(session) == {
        "method": "get",
        "url": "https://api.github.com/user?per_page=10",
        "headers": {"accept": ACCEPT, "user-agent": UA, "x-trace": "s"},
    }
    assert session.explain().entry("headers.x-trace").layer == "session"


def test_editing_the_built_in_layer_is_refused() -> None:
    """The built-in layer is read-only: editing it raises and changes nothing."""
    session = Session("GET /user")
    before = session.layer(BUILT_IN).options

    with pytest.raises(EndpointError, match="read-only"):
        session.edit_layer(BUILT_IN, "per_page = 1")

    assert session.layer(BUILT_IN).options == before
    assert result_of(session)["url"] == "https://api.github.com/user"


def test_bad_toml_leaves_the_layer_as_it_was() -> None:
    """Invalid TOML raises EndpointError and keeps the layer's options and text."""
    session = Session("GET /user")
    session.edit_layer("session", "per_page = 10\n")

    with pytest.raises(EndpointError, match="is not valid TOML"):
        session.edit_layer("session", "per_page = \n")

    layer = session.layer("session")
    assert layer.options == {"per_page": 10}
    assert layer.text == "per_page = 10\n"
    assert result_of(session)["url"] == "https://api.github.com/user?per_page=10"


def test_editing_a_layer_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """References in edited TOML are expanded from os.environ; unset ones warn."""
    monkeypatch.setenv("RESTROUTE_TEST_TOKEN", SECRET)
    monkeypatch.delenv("RESTROUTE_TEST_UNSET", raising=False)
    session = Session("GET /user")

    layer = session.edit_layer(
        "session",
        '[headers]\nauthorization = "token ${RESTROUTE_TEST_TOKEN}"\n'
        'x-other = "${RESTROUTE_TEST_UNSET}"\n',
    )

    assert result_of(session)["headers"]["authorization"] == f"token {SECRET}"
    assert layer.warnings == ("session: ${RESTROUTE_TEST_UNSET} is not set in the environment",)


def test_added_profiles_stack_under_the_session_layer() -> None:
    """add_profile puts a profile just below the session layer, which still wins."""
    session = Session("GET /user", profiles=[profile("one", "per_page = 1")])
    session.edit_layer("session", "per_page = 10")

    added = session.add_profile(profile("two", 'per_page = 50\n[headers]\nx-team = "t"'))

    assert [layer.name for layer in session.layers] == [BUILT_IN, "one", "two", "session"]
    assert added is session.layer("two")
    why = session.explain()
    assert why.entry("per_page").value == 10
    assert why.entry("per_page").layer == "session"
    assert why.entry("headers.x-team").layer == "two"
    session.toggle("session")
    assert session.explain().entry("per_page").layer == "two"


# --- snippets -------------------------------------------------------------------------------


def token_session() -> Session:
    """A session whose profile sends an authorization token."""
    gh = profile("gh", '[headers]\nauthorization = "token ${T}"', {"T": SECRET})
    return Session("GET /user", profiles=[gh])


@pytest.mark.parametrize("format", FORMATS)
def test_snippets_are_redacted_by_default(format: str) -> None:
    """Each snippet format hides the token by default and shows it with redact=False."""
    session = token_session()

    redacted = session.snippet(format)
    revealed = session.snippet(format, redact=False)

    assert "token <REDACTED>" in redacted
    assert SECRET not in redacted
    assert f"token {SECRET}" in revealed
    assert "<REDACTED>" not in revealed


@pytest.mark.parametrize(
    ("format", "reference"),
    [
        ("curl", "-H 'authorization: token '\"${T:?}\""),
        ("python", '"authorization": "token " + os.environ["T"],'),
        ("httpx", '"authorization": "token " + os.environ["T"],'),
        ("json", '"authorization": "token ${T}"'),
    ],
)
def test_an_env_snippet_names_the_variable_not_the_token(format: str, reference: str) -> None:
    """secrets="env": each format reads the profile's ${T} where it runs."""
    snippet = token_session().snippet(format, secrets="env")

    assert reference in snippet
    assert SECRET not in snippet


def env_of(session: Session) -> dict[str, str]:
    return session.env_references()[0]


def test_the_env_reference_comes_from_the_layer_that_sets_the_header() -> None:
    """As the merge does: the topmost layer switched on decides, and a row above them all
    sets a value, which no variable holds."""
    gh = profile("gh", 'headers.authorization = "token ${GH}"', {"GH": "g"})
    ci = profile("ci", 'headers.authorization = "Bearer ${CI}"', {"CI": "c"})
    session = Session("GET /user", profiles=[gh, ci])

    assert env_of(session) == {"authorization": "Bearer ${CI}"}
    session.toggle("ci")
    assert env_of(session) == {"authorization": "token ${GH}"}
    session.edit_layer("session", 'headers.authorization = "token ${SESSION_T}"')
    assert env_of(session) == {"authorization": "token ${SESSION_T}"}
    session.rows = [("headers.authorization", "token typed")]
    assert env_of(session) == {}
    assert session.env_references()[1][0].startswith(
        "authorization stays <REDACTED>: a parameter row sets it as a value"
    )
    session.rows = [("headers", '{"authorization": null}')]  # removed: nothing to name
    assert session.env_references() == ({}, [])
    assert "authorization" not in result_of(session)["headers"]


def test_a_variable_unset_when_the_profile_was_read_is_still_named() -> None:
    """The request holds "token ${T}" as it is; the env copy reads T where it runs."""
    session = Session(
        "GET /user", profiles=[profile("gh", 'headers.authorization = "token ${T}"')]
    )

    assert result_of(session)["headers"]["authorization"] == "token ${T}"
    assert "-H 'authorization: token '\"${T:?}\"" in session.snippet("curl", secrets="env")


def test_a_layer_whose_text_is_no_profile_names_no_variable() -> None:
    """A layer made from options with text that does not parse: its secret stays masked."""
    session = Session("GET /user")
    odd = Layer("odd", {"headers": {"x-api-key": "k"}}, text="[not toml")
    session.layers.insert(1, odd)

    assert session.env_references() == (
        {},
        [
            "x-api-key stays <REDACTED>: layer 'odd' sets it as a value, not as a ${VAR}; "
            'write it "${SOME_TOKEN}" in a profile to copy a reference to the environment'
        ],
    )
    assert "x-api-key: <REDACTED>" in session.snippet("curl", secrets="env")


def test_a_row_too_deep_leaves_the_layers_references() -> None:
    """Rows that cannot be read stop the request, not the references of the layers."""
    session = token_session()
    session.rows = [("deep", "[" * 101 + "]" * 101)]

    assert env_of(session) == {"authorization": "token ${T}"}


def test_the_json_snippet_is_the_redacted_request() -> None:
    """The JSON snippet is the result dict with the token's value redacted."""
    assert json.loads(token_session().snippet("json")) == {
        "method": "get",
        "url": "https://api.github.com/user",
        "headers": {"accept": ACCEPT, "user-agent": UA, "authorization": "token <REDACTED>"},
    }


@pytest.mark.parametrize(("format", "client"), [("python", "requests"), ("httpx", "httpx")])
def test_the_python_snippets_use_their_client(format: str, client: str) -> None:
    """python writes a requests script and httpx an httpx one."""
    assert f"import {client}\n" in token_session().snippet(format)


def test_the_curl_snippet_targets_the_url() -> None:
    """The curl snippet sends to the session's URL."""
    snippet = token_session().snippet("curl")

    assert snippet.startswith("curl")
    assert "https://api.github.com/user" in snippet


def test_a_snippet_of_a_failing_request_raises_its_error() -> None:
    """When the request cannot be built, snippet raises the explanation's error."""
    session = Session("GET /repos/{owner}")

    with pytest.raises(MissingParameterError) as caught:
        session.snippet("curl")

    assert caught.value.names == ("owner",)


def test_an_unknown_snippet_format_is_an_endpoint_error() -> None:
    """A format that is not curl, python, httpx or json raises EndpointError listing them."""
    with pytest.raises(EndpointError, match=r"not one of curl, python, httpx, json$"):
        Session("GET /user").snippet("xml")


# --- layers as TOML -------------------------------------------------------------------------


def test_a_layer_toml_round_trips_through_parse_profile() -> None:
    """A layer's TOML parses back to the layer's options."""
    options: dict[str, Any] = {
        "base_url": "https://ghe.example.com/api/v3",
        "per_page": 100,
        "headers": {"accept": "*/*", "x-trace": 'a "quoted" value'},
        "media_type": {"format": "raw"},
    }
    layer = Layer("mine", options)

    assert parse_profile(layer.toml(), environ={}).options == options


def test_the_built_in_layer_toml_is_the_built_in_defaults() -> None:
    """The built-in layer's TOML reads back as the built-in defaults."""
    text = Session().layer(BUILT_IN).toml()

    assert parse_profile(text, environ={}).options == {
        "method": "GET",
        "base_url": "https://api.github.com",
        "headers": {"accept": ACCEPT, "user-agent": UA},
        "media_type": {"format": "", "previews": []},
    }


def test_a_profile_layer_toml_keeps_its_references() -> None:
    """A profile's layer writes ${VAR} back, and parses back to the same options."""
    env = {"GITHUB_TOKEN": SECRET}
    gh = profile("gh", 'per_page = 5\n[headers]\nauthorization = "token ${GITHUB_TOKEN}"', env)
    layer = Session("GET /user", profiles=[gh]).layer("gh")

    text = layer.toml()

    assert SECRET not in text
    assert parse_profile(text, environ={}).raw == gh.raw
    assert parse_profile(text, environ=env).options == layer.options


def test_a_session_layer_toml_keeps_references_and_drops_literal_secrets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Edited TOML is kept as written: ${VAR} stays in toml(); a literal token is left out."""
    monkeypatch.setenv("GITHUB_TOKEN", SECRET)
    session = Session("GET /user")
    session.edit_layer(
        "session", '[headers]\nauthorization = "token ${GITHUB_TOKEN}"\nx-api-key = "abc123"\n'
    )

    text = session.layer("session").toml()

    assert parse_profile(text, environ={}).raw == {
        "headers": {"authorization": "token ${GITHUB_TOKEN}"}
    }
    assert SECRET not in text
    assert "abc123" not in text


def test_save_layer_writes_a_loadable_profile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """save_layer writes the layer as a profile file, references unexpanded."""
    monkeypatch.setenv("GITHUB_TOKEN", SECRET)
    session = Session("GET /user")
    session.edit_layer(
        "session", 'per_page = 20\n[headers]\nauthorization = "token ${GITHUB_TOKEN}"\n'
    )
    path = tmp_path / "mine.toml"

    written = session.save_layer("session", path)
    loaded = load_profile(path, environ={"GITHUB_TOKEN": "other"})

    assert written == path
    assert SECRET not in path.read_text(encoding="utf-8")
    assert loaded.raw == {"per_page": 20, "headers": {"authorization": "token ${GITHUB_TOKEN}"}}
    assert loaded.options["headers"]["authorization"] == "token other"


def test_save_layer_of_an_unknown_layer_is_an_endpoint_error(tmp_path: Path) -> None:
    """Saving a layer that does not exist raises EndpointError and writes nothing."""
    path = tmp_path / "x.toml"

    with pytest.raises(EndpointError, match="no layer named"):
        Session().save_layer("nope", path)

    assert not path.exists()


def test_operation_is_the_catalog_entry_of_the_route() -> None:
    """A known route has its operation; an unknown or empty one has none."""
    assert Session("POST /repos/{owner}/{repo}/issues").operation() is catalog.find(
        "issues/create"
    )
    assert Session("GET /not/githubs").operation() is None
    assert Session("").operation() is None


def test_choosing_an_operation_lays_out_its_form_and_drops_what_it_does_not_take() -> None:
    """The route becomes the operation's; rows follow its form, required first; a value
    typed under a name the form has stays, and so does a header of one's own (it goes
    with any route); the others are dropped and returned."""
    upload = catalog.find("repos/upload-release-asset")
    assert upload is not None
    session = Session("GET /repos/{owner}/{repo}")
    session.rows = [("repo", "hello"), ("owner", ""), ("headers.x-trace", "1"), ("sha", "a1")]

    dropped = session.choose(upload)

    assert session.route == upload.route
    assert session.rows == [
        ("owner", ""),
        ("repo", "hello"),
        ("release_id", ""),
        ("name", ""),
        ("data", ""),
        ("label", ""),
        ("headers.x-trace", "1"),
    ]
    assert dropped == [("sha", "a1")]


def test_warnings_come_from_the_layers_and_the_catalog() -> None:
    """Merged parameters (a profile's included) are checked against GitHub's description;
    catalog=False leaves the catalog out; layer warnings come first."""
    layer = profile("p", 'owner = "${OWNER}"\nunknown_key = 1\n')
    session = Session("GET /repos/{owner}/{repo}/issues", [layer])
    session.rows = [("repo", "r"), ("state", "shut")]
    explanation = session.explain()

    warnings = session.warnings(explanation)

    assert layer.warnings == ("p: ${OWNER} is not set in the environment",)
    assert warnings == [
        *layer.warnings,
        "issues/list-for-repo: GitHub documents no parameter 'unknown_key'",
        "issues/list-for-repo: state='shut' is not one of open, closed, all",
    ]
    assert session.warnings(explanation, catalog=False) == list(layer.warnings)
    assert session.warnings(None) == list(layer.warnings)


def test_rows_that_do_not_reach_the_request_are_warnings() -> None:
    """A name given twice and a data.NAME after a whole data are named, not dropped in
    silence."""
    session = Session("POST /things")
    session.rows = [("n", "1"), ("n", "2"), ("data", '"raw"'), ("data.value", "1")]

    assert session.parameters() == {"n": 2, "data": "raw"}
    assert session.warnings(session.explain()) == [
        "n is given twice: the later value is sent",
        "data.value is not sent: data is already given whole (a str)",
    ]


def test_choosing_can_keep_the_typed_route() -> None:
    """keep_route keeps {+path} as typed, and the form is the catalog's; an empty row of
    the user's own goes without a word (no value is lost)."""
    content = catalog.find("repos/get-content")
    assert content is not None
    session = Session("GET /repos/{owner}/{repo}/contents/{+path}")
    session.rows = [*session.rows, ("headers.x-trace", "")]

    assert session.choose(content, keep_route=True) == []

    assert session.route == "GET /repos/{owner}/{repo}/contents/{+path}"
    assert [name for name, _ in session.rows] == [
        "owner",
        "repo",
        "path",
        "ref",
        "media_type.format",
    ]
    session.rows = [("owner", "o"), ("repo", "r"), ("path", "docs/a.md")]
    assert result_of(session)["url"] == "https://api.github.com/repos/o/r/contents/docs/a.md"


def test_a_url_row_on_a_route_with_a_url_field_is_a_warning() -> None:
    """A webhook config takes a body field url; a url row would replace the request's URL
    instead, and the session says so (it checks its own route, not the merged url)."""
    session = Session("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config")
    session.rows = [("owner", "o"), ("repo", "r"), ("hook_id", "1"),
                    ("url", "https://evil.example/x")]  # fmt: skip

    assert session.warnings(session.explain()) == [
        "repos/update-webhook-config-for-repo: url is the request's URL here, not the body "
        "field url; give the body whole as data (data.url in a form)"
    ]


def test_choosing_again_replaces_the_form() -> None:
    """From listing issues to rendering markdown: the listing's rows go, and the value
    typed in one of them is returned as dropped, so the explorer can say so."""
    listing = catalog.find("issues/list-for-repo")
    raw = catalog.find("markdown/render-raw")
    assert listing is not None
    assert raw is not None
    session = Session()
    session.choose(listing)
    session.rows = [("owner", "octocat"), *session.rows[1:], ("headers.x-trace", "")]

    dropped = session.choose(raw)

    assert session.rows == [("data", "")]
    assert dropped == [("owner", "octocat")]


def test_outcome_is_the_explanation_and_the_error_without_raising() -> None:
    """A built request, a missing parameter, and a route that cannot even be merged."""
    built, missing, broken = Session("GET /user"), Session("GET /users/{u}"), Session("GET")

    assert built.outcome()[1] is None
    assert built.outcome()[0] is not None
    assert isinstance(missing.outcome()[1], MissingParameterError)
    assert missing.outcome()[0] is not None  # the merged options are still there to show
    assert broken.outcome()[0] is None
    assert "has a method but no URL" in str(broken.outcome()[1])


def test_a_profile_with_a_date_and_a_nested_table_is_shown_and_saved_whole(
    tmp_path: Path,
) -> None:
    """Everything tomllib reads can be a layer: shown as TOML, saved and read back equal,
    and the explorer's view is built (a date is no URL text, so the request says why)."""
    text = "since = 2024-01-01\n\n[request.retry]\nattempts = 3\nbackoff = 0.5\n"
    team = profile("team", text)
    session = Session("GET /repos/{owner}/{repo}/issues", profiles=[team])
    session.rows = [("owner", "o"), ("repo", "r")]

    layer = session.layer("team")
    saved = session.save_layer("team", tmp_path / "team.toml")

    assert parse_profile(layer.text, environ={}).raw == team.raw
    assert load_profile(saved, environ={}).raw == team.raw
    view = session.view()
    assert view.merged is not None
    assert view.merged["request"] == {"retry": {"attempts": 3, "backoff": 0.5}}
    assert view.status.kind == "error"
    assert "parameter 'since' is a date" in view.status.text


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Session(None), "Session: the route is None; pass text such as 'GET /user'"),  # type: ignore[arg-type]
        (lambda: Session("GET /x", [1]), "Session: profiles are [1]; pass a list of loaded"),  # type: ignore[list-item]
        (lambda: setattr(Session(), "rows", [(1, "a")]), "Session: rows are [(1, 'a')]; pass"),
        (lambda: setattr(Session(), "rows", [("a", 1)]), "Session: rows are [('a', 1)]; pass"),
        (lambda: setattr(Session(), "rows", [("a",)]), "Session: rows are [('a',)]; pass"),
        (lambda: Layer("x", None), "layer 'x': options are None, not a mapping"),  # type: ignore[arg-type]
    ],
    ids=["route", "profiles", "row name", "row value", "row shape", "layer options"],
)
def test_what_a_session_cannot_hold_is_an_endpoint_error(make: Any, message: str) -> None:
    """A route, profiles, rows or layer options of the wrong shape are refused, saying what
    to pass, not crashed on later."""
    with pytest.raises(EndpointError) as raised:
        make()

    assert str(raised.value).startswith(message)


def test_a_layer_names_keys_of_any_type() -> None:
    """A layer with a number among its keys still names them (sorted as text)."""
    options: dict[Any, object] = {1: "a", "b": 2}

    assert repr(Layer("x", options, text="b = 2")) == "<Layer 'x' on: ['1', 'b']>"


# --- secrets a layer's text leaves out ------------------------------------------------------

LITERAL = "token ghp_literal"
GH_TEXT = f'per_page = 100\n[headers]\nauthorization = "{LITERAL}"\nx-team = "core"\n'
NOTE = "# headers.authorization: left out"


def test_a_profile_layer_shows_a_literal_secret_as_a_comment_only() -> None:
    """The layer's text stands a comment line for the literal token; the options hold it."""
    layer = Session("GET /user", profiles=[profile("gh", GH_TEXT)]).layer("gh")

    assert layer.text.startswith(f"{NOTE}, a secret; ")
    assert "ghp_literal" not in layer.text
    assert layer.options["headers"]["authorization"] == LITERAL
    assert layer.hidden == {"authorization": (NOTE, LITERAL)}


def test_an_edit_keeps_the_left_out_secret_while_its_comment_stays(tmp_path: Path) -> None:
    """Editing per_page leaves the untouched secret header in the request; it stays out
    of the text, the layer's TOML and a saved file; deleting its comment line removes it."""
    session = Session("GET /user", profiles=[profile("gh", GH_TEXT)])
    text = session.layer("gh").text

    layer = session.edit_layer("gh", text.replace("per_page = 100", "per_page = 5"))

    assert result_of(session)["headers"]["authorization"] == LITERAL
    assert result_of(session)["url"] == "https://api.github.com/user?per_page=5"
    assert layer.options["headers"] == {"authorization": LITERAL, "x-team": "core"}
    assert "ghp_literal" not in layer.text
    assert "ghp_literal" not in layer.toml()
    saved = session.save_layer("gh", tmp_path / "gh.toml")
    assert "ghp_literal" not in saved.read_text(encoding="utf-8")
    assert load_profile(saved, environ={}).options == {
        "per_page": 5,
        "headers": {"x-team": "core"},
    }

    without = "\n".join(line for line in layer.text.splitlines() if not line.startswith("#"))
    layer = session.edit_layer("gh", without)

    assert "authorization" not in result_of(session)["headers"]
    assert layer.hidden == {}
    layer = session.edit_layer("gh", f"{NOTE}, a secret\n{without}")  # too late: it is gone
    assert "authorization" not in result_of(session)["headers"]


def test_a_header_typed_in_the_text_wins_over_the_left_out_one() -> None:
    """Typing the header (any case) sends what was typed; a text whose headers is no
    table sends that; once the typed line goes, the left-out value is back."""
    session = Session("GET /user", profiles=[profile("gh", GH_TEXT)])
    text = session.layer("gh").text

    session.edit_layer("gh", text.replace("[headers]", '[headers]\nAuthorization = "typed"'))
    assert result_of(session)["headers"]["authorization"] == "typed"

    session.edit_layer("gh", f'{NOTE}\nheaders = "not a table"\n')
    assert session.layer("gh").options == {"headers": "not a table"}

    session.edit_layer("gh", text)
    assert result_of(session)["headers"]["authorization"] == LITERAL


def test_a_layer_made_from_options_hides_its_literal_secret_too() -> None:
    """Layer(name, options) writes its text like a profile's, hidden headers and all."""
    layer = Layer("mine", {"headers": {"x-api-key": "k-123", "accept": "*/*"}})

    assert layer.hidden == {"x-api-key": ("# headers.x-api-key: left out", "k-123")}
    assert "k-123" not in layer.text


# --- nesting too deep to read ----------------------------------------------------------------

DEEP = "is nested too deep: more than 100 levels of lists or tables inside each other"
PROFILE_DEEP = "is nested too deep: more than 100 tables or arrays inside each other"


@pytest.mark.parametrize(
    "text",
    ["[" * 5000 + "]" * 5000, "[" * 600 + "]" * 600, '{"a": ' * 101 + "1" + "}" * 101],
    ids=["5000-deep-list", "600-deep-list", "101-deep-object"],
)
def test_a_value_nested_too_deep_is_the_views_error(text: str) -> None:
    """JSON too deep to read is an error in the view, never a RecursionError."""
    session = Session("POST /things")
    session.rows = [("q", text), ("n", "1")]

    view = session.view()

    assert view.status == Status("error", f"parameter 'q' {DEEP}; flatten it")
    assert view.parsed is None
    with pytest.raises(EndpointError, match="nested too deep"):
        session.parameters()


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100 + "]" * 100,
        '["' + "[" * 200 + '"]',  # brackets in a string nest nothing
        '["\\"' + "[" * 200 + '"]',  # nor after an escaped quote
        " x" + "[" * 200,  # text, not JSON
        "[" * 5000,  # brackets that never close: no JSON, text (issue 32)
        "{" * 101,
        "[" * 200 + "x" + "]" * 200,  # closed, and still no JSON
    ],
    ids=[
        "100-deep",
        "brackets-in-a-string",
        "after-an-escaped-quote",
        "text",
        "5000-open",
        "101-open-braces",
        "200-deep-not-json",
    ],
)
def test_a_value_nested_no_deeper_than_the_limit_is_read(text: str) -> None:
    session = Session("POST /things")
    session.rows = [("q", text)]

    assert session.view().status.kind == "ok"
    assert session.parameters()["q"] == parse_value(text)


@pytest.mark.parametrize(
    "toml", ["a = " + "[" * 3000, "a = " + "[" * 150 + "]" * 150], ids=["3000-open", "150-deep"]
)
def test_a_layer_nested_too_deep_is_refused_and_kept_as_it_was(toml: str) -> None:
    session = Session("GET /user")
    session.edit_layer("session", "per_page = 3")

    with pytest.raises(EndpointError) as raised:
        session.edit_layer("session", toml)

    assert str(raised.value) == f"profile 'session' {PROFILE_DEEP}; flatten it"
    assert session.layer("session").options == {"per_page": 3}
    assert session.layer("session").text == "per_page = 3"


def test_opening_a_profile_says_why_it_cannot(tmp_path: Path) -> None:
    """open_profile stacks a profile file, or says why not: a NUL in the path, a file
    too deep to read, or nested deeper than the limit."""
    session = Session("GET /user")
    deep = tmp_path / "deep.toml"
    deep.write_text("a = " + "[" * 3000, encoding="utf-8")
    nested = tmp_path / "nested.toml"
    nested.write_text("a = " + "[" * 150 + "]" * 150, encoding="utf-8")
    fine = tmp_path / "fine.toml"
    fine.write_text("per_page = 9\n", encoding="utf-8")

    with pytest.raises(EndpointError, match="holds a NUL character, which no file name can"):
        session.open_profile("a\x00b.toml")
    with pytest.raises(EndpointError, match=f"profile 'deep' {PROFILE_DEEP}"):
        session.open_profile(deep)
    with pytest.raises(EndpointError, match=f"profile 'nested' {PROFILE_DEEP}"):
        session.open_profile(nested)
    layer = session.open_profile(fine)

    assert [each.name for each in session.layers] == [BUILT_IN, "fine", "session"]
    assert layer.options == {"per_page": 9}


def test_saving_to_a_path_with_a_nul_is_an_endpoint_error() -> None:
    with pytest.raises(EndpointError, match="holds a NUL character, which no file name can"):
        Session().save_layer("session", "a\x00b.toml")


def test_undo_passes_over_steps_that_changed_only_the_form() -> None:
    """A step that changed neither the route nor the rows (the catalog's form read again)
    is no step the user can see: undo goes past it, and says so when nothing is left."""
    session = Session("GET /users/{username}")
    session.remember()
    session.form = ("username", "per_page")
    session.remember()
    assert session.undo() is False
    assert session.form == ("username", "per_page")


def test_undo_goes_no_further_back_than_forget() -> None:
    """The explorer opens with the values given on the command line, then forgets: one
    ctrl+z too many leaves them, where it had emptied the form."""
    session = Session("GET /users/{username}")
    session.edit_rows([("username", "octocat")], field="username")
    session.forget()
    assert session.undo() is False
    assert session.rows == [("username", "octocat")]
    session.clear_form()
    assert session.undo() is True
    assert session.rows == [("username", "octocat")]


def test_a_paste_of_more_rows_than_a_form_takes_is_refused_and_changes_nothing() -> None:
    session = Session("GET /user")
    query = "&".join(f"p{n}=1" for n in range(MAX_PASTED_ROWS + 1))
    with pytest.raises(EndpointError, match=f"{MAX_PASTED_ROWS + 1} parameters.*at most "):
        session.paste(f"https://api.github.com/search/issues?{query}")
    assert (session.route, session.rows) == ("GET /user", [])
