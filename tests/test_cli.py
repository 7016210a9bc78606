"""restroute.cli: `restroute build` prints the request options as JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from restroute.cli import main
from tests.conftest import UA

HEADERS = {"accept": "application/vnd.github.v3+json", "user-agent": UA}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, json.loads(out) if out else None, err


def test_readme_example(capsys: pytest.CaptureFixture[str]) -> None:
    """The README's first command prints the request as JSON."""
    status, printed, _ = run(
        capsys,
        "build",
        "GET /repos/{owner}/{repo}/issues",
        "owner=octocat",
        "repo=hello-world",
        "per_page=2",
    )

    assert status == 0
    assert printed == {
        "method": "get",
        "url": "https://api.github.com/repos/octocat/hello-world/issues?per_page=2",
        "headers": HEADERS,
    }


@pytest.mark.parametrize(
    ("argument", "body"),
    [
        ("n=42", {"n": 42}),
        ("flag=true", {"flag": True}),
        ("x=null", {"x": None}),
        ('labels=["bug","ui"]', {"labels": ["bug", "ui"]}),
        ("title=hello world", {"title": "hello world"}),
        ("title=", {"title": ""}),
        ("expr=a=b", {"expr": "a=b"}),
        ('n:="42"', {"n": "42"}),
        ('cfg:={"a":[1]}', {"cfg": {"a": [1]}}),
    ],
)
def test_parameter_values(capsys: pytest.CaptureFixture[str], argument: str, body: Any) -> None:
    """key=value is JSON when it parses, else text; key:=json is always JSON."""
    _, printed, _ = run(capsys, "build", "POST /x", argument)

    assert printed["body"] == body


def test_headers_and_base_url(capsys: pytest.CaptureFixture[str]) -> None:
    """-H adds headers and --base-url moves relative routes."""
    _, printed, _ = run(
        capsys,
        "build",
        "GET /user",
        "-H",
        "Authorization: token abc",
        "--header",
        "X-Empty:",
        "--base-url",
        "https://ghe.example.com/api/v3",
    )

    assert printed == {
        "method": "get",
        "url": "https://ghe.example.com/api/v3/user",
        "headers": {**HEADERS, "authorization": "token abc", "x-empty": ""},
    }


def test_library_errors_are_one_line_and_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    """An EndpointError prints one line on stderr and exits 2."""
    status, printed, err = run(capsys, "build", "GET /users/{username}")

    assert (status, printed) == (2, None)
    assert err == (
        "restroute: error: GET /users/{username}: no value for {username}; pass username=...\n"
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["build", "GET /x", "novalue"], "parameter 'novalue' is not key=value or key:=json"),
        (["build", "GET /x", "=v"], "parameter '=v' is not key=value or key:=json"),
        (["build", "GET /x", "a:=nope"], "parameter 'a:=nope': 'nope' is not JSON"),
        (["build", "GET /x", "-H", "novalue"], "header 'novalue' is not 'name: value'"),
    ],
)
def test_bad_arguments(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    """Malformed arguments are usage errors (status 2) that say what is wrong."""
    with pytest.raises(SystemExit) as raised:
        main(argv)

    assert raised.value.code == 2
    assert message in capsys.readouterr().err


def test_no_command_opens_the_explorer(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`restroute` alone opens the explorer on the example route, with the profiles given."""
    opened: list[tuple[str, list[str]]] = []
    monkeypatch.setattr(
        "restroute.tui.run",
        lambda route, profiles: opened.append((route, [p.name for p in profiles])),
    )
    profile = tmp_path / "mine.toml"
    profile.write_text("per_page = 5\n")

    assert main([]) == 0
    assert main(["--profile", str(profile)]) == 0
    assert main(["explore", "GET /user", "-p", str(profile)]) == 0
    assert opened == [
        ("GET /repos/{owner}/{repo}/issues", []),
        ("GET /repos/{owner}/{repo}/issues", ["mine"]),
        ("GET /user", ["mine"]),
    ]


def test_build_with_profiles(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """build stacks the profiles in order; an unset ${VAR} is a warning on stderr, and so
    is the profiles' per_page, which GET /user does not document (it is sent anyway)."""
    first, second = tmp_path / "a.toml", tmp_path / "b.toml"
    first.write_text(
        'per_page = 5\nbase_url = "https://h/api"\n[headers]\nx-token = "${RESTROUTE_UNSET_VAR}"\n'
    )
    second.write_text("per_page = 7\n")

    status = main(["build", "GET /user", "--profile", str(first), "--profile", str(second)])

    out, err = capsys.readouterr()
    assert status == 0
    assert json.loads(out)["url"] == "https://h/api/user?per_page=7"
    assert err == (
        "restroute: warning: a: ${RESTROUTE_UNSET_VAR} is not set in the environment\n"
        "restroute: warning: users/get-authenticated: GitHub documents no parameter 'per_page'\n"
    )


def test_a_missing_profile(capsys: pytest.CaptureFixture[str]) -> None:
    """A profile that cannot be read is one error line and status 2."""
    assert main(["build", "GET /user", "-p", "/nonexistent/x.toml"]) == 2
    assert capsys.readouterr().err.startswith("restroute: error: profile '/nonexistent/x.toml'")


def test_build_help_documents_the_value_rule(capsys: pytest.CaptureFixture[str]) -> None:
    """`restroute build --help` explains key=value and key:=json."""
    with pytest.raises(SystemExit):
        main(["build", "--help"])

    out = capsys.readouterr().out
    assert "key:=json    always JSON" in out
    assert "a JSON value when VALUE parses as JSON" in out


def test_python_dash_m() -> None:
    """`python -m restroute` is the same command."""
    done = subprocess.run(
        [sys.executable, "-m", "restroute", "build", "DELETE /x/{id}", "id=7"],
        capture_output=True,
        text=True,
        check=True,
    )

    assert json.loads(done.stdout) == {
        "method": "delete",
        "url": "https://api.github.com/x/7",
        "headers": HEADERS,
    }


@pytest.mark.parametrize(
    ("format", "start"),
    [
        ("curl", "curl \\\n  -X POST \\\n"),
        ("python", "import json\n\nimport requests\n"),
        ("httpx", "import json\n\nimport httpx\n"),
        ("json", '{\n  "method": "post",\n'),
    ],
)
def test_formats(capsys: pytest.CaptureFixture[str], format: str, start: str) -> None:
    """--format prints the result as JSON, curl, or a requests or httpx script."""
    status = main(["build", "POST /x", "a=1", "-H", "authorization: token ghp_1", "-f", format])

    out = capsys.readouterr().out
    assert status == 0
    assert out.startswith(start)
    assert "token ghp_1" in out


def test_redact(capsys: pytest.CaptureFixture[str]) -> None:
    """--redact hides credentials and keeps the scheme word."""
    main(
        ["build", "GET /user", "-H", "authorization: token ghp_1", "--format", "curl", "--redact"]
    )

    out = capsys.readouterr().out
    assert "-H 'authorization: token <REDACTED>'" in out
    assert "ghp_1" not in out


def test_a_snippet_that_cannot_be_written(capsys: pytest.CaptureFixture[str]) -> None:
    """A URL requests would rewrite is an error for --format python, and fine for curl."""
    assert main(["build", "GET /search?labels[]=bug", "-f", "python"]) == 2
    assert "restroute: error: requests would re-encode [ ] in " in capsys.readouterr().err
    assert main(["build", "GET /search?labels[]=bug", "-f", "curl"]) == 0
    assert "--globoff" in capsys.readouterr().out


def test_explain_format(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """--format explain prints each option, the layer it came from, and where it went."""
    profile = tmp_path / "team.toml"
    profile.write_text('per_page = 100\n[headers]\nauthorization = "token t0k3n"\n')

    status = main(
        ["build", "GET /repos/{owner}/issues", "owner=octocat", "-p", str(profile),
         "--format", "explain", "--redact"]
    )  # fmt: skip

    lines = capsys.readouterr().out.splitlines()
    assert status == 0
    assert lines[0].split() == ["option", "value", "from", "layer", "went", "to"]
    rows = {line.split()[0]: line.split(None, 2)[2] for line in lines[1:]}
    assert rows["owner"] == "call               URL path {owner}"
    assert rows["per_page"] == "team               URL query"
    assert rows["headers.authorization"] == "team               header"
    assert '"token t0k3n"' not in "\n".join(lines)
    assert "<REDACTED>" in "\n".join(lines)


def test_explain_format_with_a_missing_parameter(capsys: pytest.CaptureFixture[str]) -> None:
    """An explanation whose request fails prints the error and exits 2."""
    assert main(["build", "GET /users/{username}", "--format", "explain"]) == 2
    assert "no value for {username}" in capsys.readouterr().err


def test_routes_search(capsys: pytest.CaptureFixture[str]) -> None:
    """`restroute routes create issue` lists the best match first, with its id and summary."""
    assert main(["routes", "create", "issue", "--limit", "3"]) == 0

    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    assert lines[0].split() == [
        "POST", "/repos/{owner}/{repo}/issues", "issues/create:", "Create", "an", "issue"
    ]  # fmt: skip


def test_routes_without_a_match_or_a_query(capsys: pytest.CaptureFixture[str]) -> None:
    """No match says so; no query lists the first routes."""
    assert main(["routes", "zzzzqqq"]) == 0
    assert capsys.readouterr().out == "no route matches 'zzzzqqq'\n"
    assert main(["routes", "-n", "2"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2


def test_routes_shows_one_route_in_full(capsys: pytest.CaptureFixture[str]) -> None:
    """A query naming one route (id, octokit name or route) shows its form's parameters."""
    assert main(["routes", "repos.uploadReleaseAsset"]) == 0
    upload = capsys.readouterr().out
    assert main(["routes", "PATCH /repos/{owner}/{repo}/actions/variables/{name}"]) == 0
    variable = capsys.readouterr().out
    assert main(["routes", "meta/root"]) == 0
    root = capsys.readouterr().out

    assert upload.splitlines()[:3] == [
        "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets"
        "{?name,label}",
        "repos/upload-release-asset (repos.uploadReleaseAsset): Upload a release asset",
        "https://docs.github.com/rest/releases/assets#upload-a-release-asset",
    ]
    assert "  release_id  path · required · integer\n" in upload
    assert "  name        query · required · string\n" in upload
    assert "  data        body · required · binary\n" in upload
    assert "give them as data.NAME" in variable
    assert "  data.value  body · string\n" in variable
    assert root.endswith("\n  (no parameters)\n")


def test_routes_shows_defaults_choices_slashes_and_deprecation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Defaults as JSON, enums as choices, multi-segment values and deprecated routes."""
    assert main(["routes", "issues/list-for-repo"]) == 0
    listing = capsys.readouterr().out
    assert main(["routes", "repos/get-content"]) == 0
    content = capsys.readouterr().out
    assert main(["routes", "classroom.getAnAssignment"]) == 0
    deprecated = capsys.readouterr().out

    assert "  state               query · string · default open · one of open, closed, all\n" in (
        listing
    )
    assert "  per_page            query · integer · default 30\n" in listing
    assert "  path               path · required · string · may hold '/'\n" in content
    assert content.endswith(
        "  media_type.format  media_type · string · one of html, object, raw\n"
    )
    assert deprecated.splitlines()[3] == "deprecated"


def test_build_counts_a_profiles_parameters_before_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """owner from a profile is not reported missing; the profile's media-type format
    full+json is a documented format (raw, full, html, text, with or without +json)."""
    profile = tmp_path / "p.toml"
    profile.write_text('owner = "o"\n[media_type]\nformat = "full+json"\n', encoding="utf-8")

    status = main(["build", "GET /repos/{owner}/{repo}/issues", "repo=r", "-p", str(profile)])

    assert status == 0
    assert capsys.readouterr().err == ""


def test_build_warns_from_the_catalog(capsys: pytest.CaptureFixture[str]) -> None:
    """build prints GitHub's description's warnings on stderr and still builds."""
    status = main(
        ["build", "GET /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "state=opened"]
    )

    out, err = capsys.readouterr()
    assert status == 0
    assert json.loads(out)["url"].endswith("/repos/o/r/issues?state=opened")
    assert err == (
        "restroute: warning: issues/list-for-repo: state='opened' is not one of "
        "open, closed, all\n"
    )
