"""restroute.profiles: TOML layers of defaults, ${VAR} from the environment, secrets kept out."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest

from restroute import EndpointError, endpoint, explain
from restroute.profiles import Profile, dump_profile, load_profile, parse_profile, save_profile
from tests.conftest import UA

SAMPLES = Path(__file__).parents[1] / "sample_profiles"
SAMPLE_FILES = sorted(SAMPLES.glob("*.toml"))
TOKEN = "t0k3n-for-tests"
ENV = {"GITHUB_TOKEN": TOKEN}
ACCEPT = "application/vnd.github.v3+json"
UPLOAD_ROUTE = "POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}"


def test_readme_example() -> None:
    """The module docstring's profile: the token is expanded in options and kept in raw."""
    profile = parse_profile(
        """
base_url = "https://ghe.example.com/api/v3"
per_page = 100
[headers]
authorization = "token ${RESTROUTE_DOC_TOKEN}"
""",
        name="ghe",
        environ={"RESTROUTE_DOC_TOKEN": "t0k3n"},
    )

    assert profile.options["headers"]["authorization"] == "token t0k3n"
    assert profile.raw["headers"]["authorization"] == "token ${RESTROUTE_DOC_TOKEN}"
    assert profile.options == {
        "base_url": "https://ghe.example.com/api/v3",
        "per_page": 100,
        "headers": {"authorization": "token t0k3n"},
    }
    assert (profile.name, profile.warnings, profile.path) == ("ghe", (), None)
    assert repr(profile) == "<Profile 'ghe': 3 options, 0 warnings>"


def test_dump_profile_docstring_example() -> None:
    """dump_profile's docstring example: the literal token is left out with a comment."""
    text = dump_profile({"per_page": 100, "headers": {"authorization": "token abc"}})

    assert text == (
        "per_page = 100\n"
        "\n"
        "[headers]\n"
        '# authorization: left out, a secret; write "${SOME_TOKEN}" to read it from the'
        " environment\n"
    )


# --- parse and expand ---------------------------------------------------------------------


def test_a_set_variable_is_expanded() -> None:
    """A ${VAR} that is set is replaced by its value, with no warning."""
    profile = parse_profile('user = "${WHO}"', name="p", environ={"WHO": "octocat"})

    assert profile.options == {"user": "octocat"}
    assert profile.raw == {"user": "${WHO}"}
    assert profile.warnings == ()


def test_an_unset_variable_stays_literal_with_a_warning() -> None:
    """A ${VAR} that is not set stays as written, and the profile warns once about it."""
    profile = parse_profile(
        '[headers]\nauthorization = "token ${NO_SUCH_TOKEN}"\nx-again = "${NO_SUCH_TOKEN}"\n',
        name="work",
        environ={},
    )

    assert profile.options == {
        "headers": {"authorization": "token ${NO_SUCH_TOKEN}", "x-again": "${NO_SUCH_TOKEN}"}
    }
    assert profile.warnings == ("work: ${NO_SUCH_TOKEN} is not set in the environment",)


def test_two_unset_variables_give_two_warnings_in_order() -> None:
    """Each unset variable has its own warning, in the order they appear."""
    profile = parse_profile('a = "${ZED}"\nb = "${ALPHA}"', name="p", environ={})

    assert profile.warnings == (
        "p: ${ZED} is not set in the environment",
        "p: ${ALPHA} is not set in the environment",
    )


def test_two_references_in_one_string() -> None:
    """Every reference in a string is replaced, the text around them kept."""
    profile = parse_profile(
        'base_url = "https://${HOST}/api/${VERSION}"',
        name="p",
        environ={"HOST": "ghe.example.com", "VERSION": "v3"},
    )

    assert profile.options == {"base_url": "https://ghe.example.com/api/v3"}


def test_references_inside_lists_and_nested_tables() -> None:
    """References in arrays, in tables and in tables of tables are expanded; others stay."""
    text = """
labels = ["${A}", "plain", 3, ["${B}"]]
flag = true
[request]
note = "${A}-${B}"
[request.deeper]
value = "${B}"
"""
    profile = parse_profile(text, name="p", environ={"A": "one", "B": "two"})

    assert profile.options == {
        "labels": ["one", "plain", 3, ["two"]],
        "flag": True,
        "request": {"note": "one-two", "deeper": {"value": "two"}},
    }
    assert profile.raw["request"]["deeper"] == {"value": "${B}"}


def test_only_braced_names_are_references() -> None:
    """$VAR, ${} and ${1X} are not references: kept as they are, without a warning."""
    profile = parse_profile(
        'a = "$A ${} ${1X} ${with-dash}"', name="p", environ={"A": "x", "1X": "y"}
    )

    assert profile.options == {"a": "$A ${} ${1X} ${with-dash}"}
    assert profile.warnings == ()


def test_an_expanded_value_is_not_expanded_again() -> None:
    """A value that itself looks like ${VAR} is inserted as it is."""
    profile = parse_profile(
        'a = "${OUTER}"', name="p", environ={"OUTER": "${INNER}", "INNER": "no"}
    )

    assert profile.options == {"a": "${INNER}"}


def test_the_environment_defaults_to_os_environ(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without environ, references are read from os.environ."""
    monkeypatch.setenv("RESTROUTE_TEST_VALUE", "from-os")
    monkeypatch.delenv("RESTROUTE_TEST_UNSET", raising=False)

    profile = parse_profile('a = "${RESTROUTE_TEST_VALUE}"\nb = "${RESTROUTE_TEST_UNSET}"')

    assert profile.options == {"a": "from-os", "b": "${RESTROUTE_TEST_UNSET}"}
    assert profile.warnings == ("profile: ${RESTROUTE_TEST_UNSET} is not set in the environment",)


@pytest.mark.parametrize("text", ["per_page = ", "a = 1\na = 2", "[headers\n", 'x = "unclosed'])
def test_invalid_toml_is_an_endpoint_error(text: str) -> None:
    """Text that is not TOML raises EndpointError naming the profile."""
    with pytest.raises(EndpointError, match=r"profile 'broken' is not valid TOML"):
        parse_profile(text, name="broken", environ={})


# --- files ----------------------------------------------------------------------------------


def test_load_profile_names_the_profile_after_the_file(tmp_path: Path) -> None:
    """A loaded profile is named after its file's stem and remembers the path."""
    path = tmp_path / "work.toml"
    path.write_text('per_page = 30\n[headers]\nx-team = "${TEAM}"\n', encoding="utf-8")

    profile = load_profile(path, environ={"TEAM": "core"})

    assert profile.name == "work"
    assert profile.path == path
    assert profile.options == {"per_page": 30, "headers": {"x-team": "core"}}


def test_load_profile_reads_os_environ_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """load_profile without environ expands from os.environ."""
    monkeypatch.setenv("RESTROUTE_TEST_TEAM", "docs")
    path = tmp_path / "team.toml"
    path.write_text('team = "${RESTROUTE_TEST_TEAM}"\n', encoding="utf-8")

    assert load_profile(str(path)).options == {"team": "docs"}


def test_load_profile_on_a_missing_file_names_the_path(tmp_path: Path) -> None:
    """A file that does not exist raises EndpointError naming its path."""
    path = tmp_path / "missing.toml"

    with pytest.raises(EndpointError) as caught:
        load_profile(path)

    assert str(path) in str(caught.value)


def test_load_profile_on_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    """A file that is not UTF-8 raises EndpointError naming its path, not UnicodeDecodeError."""
    path = tmp_path / "latin1.toml"
    path.write_bytes('name = "café"\n'.encode("latin-1"))

    with pytest.raises(EndpointError) as caught:
        load_profile(path)

    assert str(path) in str(caught.value)


def test_save_profile_writes_what_load_profile_reads(tmp_path: Path) -> None:
    """save_profile writes a file that load_profile reads back, references intact."""
    options: dict[str, Any] = {
        "base_url": "https://ghe.example.com/api/v3",
        "per_page": 100,
        "headers": {"authorization": "token ${GITHUB_TOKEN}", "x-team": "core"},
        "media_type": {"format": "raw"},
    }
    path = tmp_path / "saved.toml"

    written = save_profile(str(path), options)
    profile = load_profile(path, environ=ENV)

    assert written == path
    assert profile.raw == options
    assert profile.options["headers"]["authorization"] == f"token {TOKEN}"
    assert profile.name == "saved"


def test_save_profile_into_a_missing_directory_is_an_endpoint_error(tmp_path: Path) -> None:
    """A path that cannot be written raises EndpointError naming it."""
    path = tmp_path / "no" / "such" / "dir" / "p.toml"

    with pytest.raises(EndpointError, match="cannot be written") as caught:
        save_profile(path, {"per_page": 1})

    assert str(path) in str(caught.value)


# --- dump -----------------------------------------------------------------------------------

ROUND_TRIP: dict[str, Any] = {
    "base_url": "https://ghe.example.com/api/v3",
    "quotes": "say \"hi\" and 'bye'",
    "backslashes": "C:\\Users\\me\\ and \\n stays two characters",
    "newlines": "line one\nline two\r\n\ttabbed",
    "controls": "\x00\x01\x1f\x7f\x85\u2028",
    "non_ascii": "héllo wörld, 日本語, Ωμέγα",
    "emoji": "🚀 launch 👩‍💻",
    "above_bmp_format_char": "tag\U000e0001",
    "empty": "",
    "dollar": "$HOME ${NOT_EXPANDED_WHEN_DUMPED}",
    "per_page": 100,
    "negative": -3,
    "big": 2**62,
    "zero": 0,
    "ratio": 0.25,
    "tiny": 1e-300,
    "huge": 1.5e300,
    "yes": True,
    "no": False,
    "labels": ["bug", "help wanted"],
    "mixed": [1, "two", True, 2.5],
    "nested_lists": [[1, 2], ["a"], []],
    "nothing": [],
    "dotted.key": 1,
    "with space": "x",
    "a=b": "c",
    "ключ": "значение",
    "": "empty key",
    "headers": {
        "accept": "application/vnd.github.raw+json",
        "X-Trace": 'quoted "value"',
        "x.dotted": "1",
        "authorization": "token ${GITHUB_TOKEN}",
    },
    "media_type": {"format": "raw", "previews": ["mercy", "squirrel-girl"]},
    "request": {"timeout": 5, "retry on": [502, 503]},
}


def test_dump_then_parse_gives_the_same_options() -> None:
    """Every kind of value and key survives dump_profile then parse_profile unchanged."""
    text = dump_profile(ROUND_TRIP)

    assert parse_profile(text, environ={}).raw == ROUND_TRIP


@pytest.mark.parametrize("key", sorted(ROUND_TRIP))
def test_each_value_round_trips_alone(key: str) -> None:
    """Each entry of the round-trip set survives a dump and a parse on its own."""
    options = {key: ROUND_TRIP[key]}

    assert parse_profile(dump_profile(options), environ={}).raw == options


def test_special_floats_round_trip() -> None:
    """nan, inf and -inf are written as TOML's nan, inf and -inf."""
    raw = parse_profile(
        dump_profile({"a": math.nan, "b": math.inf, "c": -math.inf}), environ={}
    ).raw

    assert math.isnan(raw["a"])
    assert (raw["b"], raw["c"]) == (math.inf, -math.inf)


def test_tuples_are_written_as_arrays() -> None:
    """A tuple is written as a TOML array and reads back as a list."""
    assert parse_profile(dump_profile({"t": (1, ("a", "b"))})).raw == {"t": [1, ["a", "b"]]}


def test_empty_options_dump_to_an_empty_profile() -> None:
    """No options give a profile with no options."""
    assert parse_profile(dump_profile({})).raw == {}


def test_scalars_come_before_tables() -> None:
    """Top-level values are written before any table, so none falls into a table."""
    options = {"headers": {"x-a": "1"}, "per_page": 2, "media_type": {"format": "raw"}, "z": 3}

    assert parse_profile(dump_profile(options)).raw == options


def test_secret_headers_are_left_out_unless_references() -> None:
    """Secret header values are left out of a dump unless they are ${VAR} references."""
    options = {
        "headers": {
            "Authorization": "token ghp_literal",
            "x-api-key": "k-123",
            "cookie": "session=1",
            "x-auth-token": 12345,
            "private-token": "${PRIVATE_TOKEN}",
            "proxy-authorization": "Basic ${PROXY_CREDENTIALS}",
            "accept": "*/*",
            "x-keyboard": "qwerty",
        }
    }

    text = dump_profile(options)

    for secret in ("ghp_literal", "k-123", "session=1", "12345"):
        assert secret not in text
    assert "# Authorization: left out" in text
    assert parse_profile(text, environ={}).raw == {
        "headers": {
            "private-token": "${PRIVATE_TOKEN}",
            "proxy-authorization": "Basic ${PROXY_CREDENTIALS}",
            "accept": "*/*",
            "x-keyboard": "qwerty",
        }
    }


def test_a_table_nested_two_deep_is_an_endpoint_error() -> None:
    """A mapping inside a table cannot be written and raises EndpointError naming it."""
    with pytest.raises(EndpointError, match=r"request\.retry"):
        dump_profile({"request": {"retry": {"count": 3}}})


@pytest.mark.parametrize(
    "options",
    [
        {"per_page": None},
        {"headers": {"x-trace": None}},
        {"labels": ["a", None]},
        {"labels": [{"a": 1}]},
        {"when": object()},
    ],
)
def test_a_value_with_no_toml_form_is_an_endpoint_error(options: dict[str, Any]) -> None:
    """None, a mapping in an array and other objects raise EndpointError."""
    with pytest.raises(EndpointError, match="has no TOML form"):
        dump_profile(options)


def test_a_lone_surrogate_is_refused_when_dumping() -> None:
    """A lone surrogate has no TOML form, so dump_profile refuses it instead of bad TOML."""
    with pytest.raises(EndpointError):
        dump_profile({"broken": "\ud800"})


# --- the sample profiles --------------------------------------------------------------------


def test_the_sample_profiles_are_there() -> None:
    """github.com, GHES, uploads and teaching profiles ship in sample_profiles/."""
    assert {path.stem for path in SAMPLE_FILES} >= {"github", "ghes", "uploads", "teaching"}


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda path: path.name)
def test_a_sample_profile_loads_without_warnings(path: Path) -> None:
    """With GITHUB_TOKEN set, a sample profile loads with no warnings."""
    profile = load_profile(path, environ=ENV)

    assert profile.warnings == ()
    assert profile.name == path.stem


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda path: path.name)
def test_a_sample_profile_holds_no_literal_secret(path: Path) -> None:
    """A sample profile writes secrets only as ${VAR} references."""
    text = path.read_text(encoding="utf-8")
    raw = parse_profile(text, environ={}).raw

    assert "ghp_" not in text
    assert re.search(r"token [A-Za-z0-9]{20,}", text) is None
    for name, value in raw.get("headers", {}).items():
        if name.lower() in ("authorization", "proxy-authorization", "x-api-key", "cookie"):
            assert re.fullmatch(r"(\w+ )?\$\{[A-Z_]+\}", value), (name, value)


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda path: path.name)
def test_a_sample_profile_opens_with_how_to_use_it(path: Path) -> None:
    """A sample profile begins with a comment header naming the command that loads it."""
    text = path.read_text(encoding="utf-8")

    assert text.startswith("# ")
    assert f"--profile sample_profiles/{path.name}" in text


def test_an_unset_token_is_a_warning_for_the_github_profile() -> None:
    """Without GITHUB_TOKEN, github.toml loads with one warning and the reference kept."""
    profile = load_profile(SAMPLES / "github.toml", environ={})

    assert profile.warnings == ("github: ${GITHUB_TOKEN} is not set in the environment",)
    assert profile.options["headers"]["authorization"] == "token ${GITHUB_TOKEN}"


def test_the_github_profile_builds_get_user() -> None:
    """github.toml sends GET /user to api.github.com with the token."""
    options = load_profile(SAMPLES / "github.toml", environ=ENV).options

    assert endpoint.defaults(options)("GET /user") == {
        "method": "get",
        "url": "https://api.github.com/user",
        "headers": {
            "accept": ACCEPT,
            "user-agent": UA,
            "authorization": f"token {TOKEN}",
            "x-github-api-version": "2022-11-28",
        },
    }


def test_the_ghes_profile_builds_get_user() -> None:
    """ghes.toml sends GET /user under https://HOST/api/v3 with the token."""
    options = load_profile(SAMPLES / "ghes.toml", environ=ENV).options

    assert endpoint.defaults(options)("GET /user") == {
        "method": "get",
        "url": "https://github.example.com/api/v3/user",
        "headers": {"accept": ACCEPT, "user-agent": UA, "authorization": f"token {TOKEN}"},
    }


def test_the_teaching_profile_builds_get_user() -> None:
    """teaching.toml adds per_page=100 to the query and the full+json format to accept."""
    options = load_profile(SAMPLES / "teaching.toml", environ=ENV).options

    assert endpoint.defaults(options)("GET /user") == {
        "method": "get",
        "url": "https://api.github.com/user?per_page=100",
        "headers": {"accept": "application/vnd.github.v3.full+json", "user-agent": UA},
    }


def test_the_uploads_profile_builds_a_release_asset_upload() -> None:
    """uploads.toml posts the asset's bytes to uploads.github.com as octet-stream."""
    options = load_profile(SAMPLES / "uploads.toml", environ=ENV).options
    zipped = b"PK\x03\x04\x00\xff"

    result = endpoint.defaults(options)(
        UPLOAD_ROUTE, owner="octocat", repo="hello-world", release_id=1, name="hi.zip", data=zipped
    )

    assert result == {
        "method": "post",
        "url": "https://uploads.github.com/repos/octocat/hello-world/releases/1/assets?name=hi.zip",
        "headers": {
            "accept": ACCEPT,
            "user-agent": UA,
            "authorization": f"token {TOKEN}",
            "content-type": "application/octet-stream",
        },
        "body": zipped,
    }


def test_the_teaching_profile_cascades_over_the_github_profile() -> None:
    """teaching.toml over github.toml keeps the token, adds per_page, and the call still wins."""
    github = load_profile(SAMPLES / "github.toml", environ=ENV)
    teaching = load_profile(SAMPLES / "teaching.toml", environ=ENV)
    layers = [(github.name, github.options), (teaching.name, teaching.options)]
    route = "GET /repos/{owner}/{repo}/issues"

    why = explain(route, owner="octocat", repo="hello-world", layers=layers)
    call_wins = explain(route, owner="octocat", repo="hello-world", per_page=2, layers=layers)

    assert why.result == {
        "method": "get",
        "url": "https://api.github.com/repos/octocat/hello-world/issues?per_page=100",
        "headers": {
            "accept": "application/vnd.github.v3.full+json",
            "user-agent": UA,
            "authorization": f"token {TOKEN}",
            "x-github-api-version": "2022-11-28",
        },
    }
    assert why.entry("per_page").layer == "teaching"
    assert why.entry("media_type.format").layer == "teaching"
    assert why.entry("headers.authorization").layer == "github"
    assert why.entry("headers.accept").layer == "built-in defaults"
    assert call_wins.entry("per_page").layer == "call"
    assert call_wins.result is not None
    assert call_wins.result["url"].endswith("/issues?per_page=2")


def test_profile_is_a_plain_value_holder() -> None:
    """A Profile holds what it was given and counts options and warnings in its repr."""
    profile = Profile("p", {"a": "${X}"}, {"a": "${X}"}, ("p: ${X} is not set",), Path("p.toml"))

    assert repr(profile) == "<Profile 'p': 1 options, 1 warnings>"
    assert profile.path == Path("p.toml")
