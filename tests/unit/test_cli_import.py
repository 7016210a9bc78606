"""`restroute import`: a pasted request back to its route, and the command that
rebuilds it. The expected values are worked out by hand from the pasted text and the
route GitHub documents (tests/cases/import has more)."""

from __future__ import annotations

import io
import json
import shlex

import pytest

from restroute.cli import main

DOCS_CURL = """\
curl -L \\
  -X POST \\
  -H "Accept: application/vnd.github+json" \\
  -H "Authorization: Bearer ghp_secret123" \\
  -H "X-GitHub-Api-Version: 2022-11-28" \\
  https://api.github.com/repos/OWNER/REPO/issues \\
  -d '{"title":"Found a bug","labels":["bug"],"milestone":1}'
"""


def imported(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["import", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def rebuilt(capsys: pytest.CaptureFixture[str], command: str) -> dict[str, object]:
    """What the printed build command builds, run through the same main()."""
    words = shlex.split(command)
    assert words[:2] == ["restroute", "build"]
    assert main(words[1:]) == 0
    out, _ = capsys.readouterr()
    built: dict[str, object] = json.loads(out)
    return built


def command_of(text: str) -> str:
    lines = text.splitlines()
    return lines[lines.index("build it again:") + 1].strip()


def test_a_docs_curl_is_shown_part_by_part_with_its_token_redacted(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(DOCS_CURL))

    status, out, err = imported(capsys, "-")

    assert (status, err) == (0, "")
    assert "ghp_secret123" not in out
    lines = out.splitlines()
    assert lines[:3] == [
        "POST /repos/{owner}/{repo}/issues",
        "issues/create (issues.create): Create an issue",
        "https://docs.github.com/rest/issues/issues#create-an-issue",
    ]
    words = [line.split() for line in lines]
    assert ["headers.authorization", "Bearer", "<REDACTED>"] in words
    assert ["headers.x-github-api-version", "2022-11-28"] in words
    assert ["-X", "POST", "→", "method"] in words
    assert any(line.startswith("  OWNER ") and line.endswith("→ path owner") for line in lines)
    assert any("X-GitHub-Api-Version" in line and "→ headers.x-github" in line for line in lines)
    assert command_of(out) == (
        "restroute build 'POST /repos/{owner}/{repo}/issues' owner=OWNER repo=REPO "
        "'title=Found a bug' 'labels:=[\"bug\"]' milestone:=1 'authorization:Bearer <REDACTED>' "
        "x-github-api-version:2022-11-28"
    )
    assert lines[-1] == "  (secrets are shown as <REDACTED>: --reveal writes them)"


def test_the_printed_command_builds_the_pasted_request_again(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = imported(capsys, DOCS_CURL, "--reveal")

    built = rebuilt(capsys, command_of(out))

    assert built["method"] == "post"  # as endpoint() writes a method
    assert built["url"] == "https://api.github.com/repos/OWNER/REPO/issues"
    assert built["body"] == {"title": "Found a bug", "labels": ["bug"], "milestone": 1}
    assert built["headers"]["authorization"] == "Bearer ghp_secret123"  # type: ignore[index]


@pytest.mark.parametrize(
    ("text", "url", "body"),
    [
        # GHES: the base URL goes with the command; text that reads as a number stays text
        (
            "https://ghe.example.com/api/v3/repos/o/r/contents/a%2Fb.md?ref=1234",
            "https://ghe.example.com/api/v3/repos/o/r/contents/a%2Fb.md?ref=1234",
            None,
        ),
        # a body field that is also a path parameter goes as data.NAME
        (
            "curl -X PATCH https://api.github.com/repos/o/r/actions/variables/V "
            '-d \'{"name":"W","value":"1"}\'',
            "https://api.github.com/repos/o/r/actions/variables/V",
            {"name": "W", "value": "1"},
        ),
        # a raw body goes as data==
        (
            "curl -H 'content-type: text/plain' https://api.github.com/markdown/raw -d '# Hi'",
            "https://api.github.com/markdown/raw",
            "# Hi",
        ),
        # an undocumented route, its query named in the route
        (
            "POST https://api.github.com/not/documented?a=1",
            "https://api.github.com/not/documented?a=1",
            None,
        ),
    ],
)
def test_each_kind_of_value_is_written_so_that_build_reads_it_back(
    capsys: pytest.CaptureFixture[str], text: str, url: str, body: object
) -> None:
    _, out, _ = imported(capsys, text)

    built = rebuilt(capsys, command_of(out))

    assert built["url"] == url
    assert built.get("body") == body


def test_a_media_type_is_written_as_its_row(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = imported(
        capsys, "curl -H 'Accept: application/vnd.github.raw+json' api.github.com/repos/o/r/readme"
    )

    assert command_of(out).endswith("owner=o repo=r media_type.format=raw")
    assert rebuilt(capsys, command_of(out))["headers"]["accept"] == (  # type: ignore[index]
        "application/vnd.github.v3.raw"
    )


def test_json_is_one_object_with_every_key(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = imported(
        capsys, "--format", "json", "https://ghe.example.com/api/v3/users/octocat?x=1#top"
    )

    assert status == 0
    assert json.loads(out) == {
        "route": "GET /users/{username}",
        "operation": "users/get-by-username",
        "base_url": "https://ghe.example.com/api/v3",
        "params": {"username": "octocat", "x": "1"},
        "headers": {},
        "alternatives": [],
        "parts": [
            {"text": "#top", "became": "left out", "note": "a fragment is never sent"},
            {"text": "GET, as a URL alone is", "became": "method"},
            {"text": "https://ghe.example.com/api/v3", "became": "base_url"},
            {"text": "octocat", "became": "path username"},
            {"text": "x=1", "became": "query x"},
        ],
        "warnings": ["users/get-by-username documents no query parameter x; it is kept as given"],
    }


def test_json_has_data_for_a_raw_body_and_redacts_a_secret_field(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, raw, _ = imported(capsys, "-f", "json", "curl https://api.github.com/markdown/raw -d x")
    _, hook, _ = imported(
        capsys,
        "-f",
        "json",
        "curl https://api.github.com/repos/o/r/hooks -d "
        '\'{"config":{"url":"https://me:pw@h/x","secret":"s3cr3t"}}\'',
    )

    assert json.loads(raw)["data"] == "x"
    assert json.loads(hook)["params"]["config"] == {
        "url": "https://<REDACTED>@h/x",
        "secret": "<REDACTED>",
    }
    assert "s3cr3t" not in hook
    assert "me:pw" not in hook


def test_an_undocumented_path_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = imported(capsys, "GET /nothing/here")

    assert out.splitlines()[:2] == [
        "GET /nothing/here",
        "no route GitHub documents: the path is kept as it was",
    ]
    assert "  GitHub documents no GET route for this path" in out.splitlines()


def test_bytes_cannot_go_on_a_command_line_and_that_is_said(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = imported(capsys, "printf '\\377' | curl --data-binary @- https://h/markdown/raw")

    assert ["data", "b'\\xff'"] in [line.split() for line in out.splitlines()]
    assert out.splitlines()[-1] == (
        "  (the body is bytes, which a command line cannot hold: give it as data)"
    )


@pytest.mark.parametrize(
    ("argv", "stdin", "message"),
    [
        (["curl"], "", "the curl command has no URL"),
        (["-"], "", "there is nothing to read"),
        ([], "   ", "there is nothing to read"),
        (["curl 'https://x"], "", "single quote is not closed"),
    ],
)
def test_what_cannot_be_read_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    stdin: str,
    message: str,
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))

    status, out, err = imported(capsys, *argv)

    assert (status, out) == (2, "")
    assert err.startswith("restroute: error: ")
    assert message in err
    assert err.count("\n") == 1


def test_no_text_at_a_terminal_says_how_to_give_one(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr("sys.stdin", Terminal())

    status, _, err = imported(capsys)

    assert status == 2
    assert "import needs TEXT, or the request on stdin" in err


def test_secrets_in_lists_and_numbers_under_secret_names_are_hidden_in_every_part(
    capsys: pytest.CaptureFixture[str],
) -> None:
    body = '{"urls":["https://me:pw@h/x"],"token":987654,"ok":1}'
    _, out, _ = imported(capsys, "-f", "json", f"curl https://api.github.com/x -d '{body}'")

    shown = json.loads(out)
    assert shown["params"] == {"urls": ["https://<REDACTED>@h/x"], "token": "<REDACTED>", "ok": 1}
    assert "987654" not in out
    assert "me:pw" not in out


def test_bytes_in_json_are_one_character_a_byte(capsys: pytest.CaptureFixture[str]) -> None:
    """JSON holds no bytes: each is the character of its Latin-1 code, as \\u00ff."""
    _, out, _ = imported(
        capsys, "-f", "json", "printf '\\377' | curl --data-binary @- https://h/x"
    )

    assert json.loads(out)["data"] == "\u00ff"


def test_an_empty_secret_header_is_hidden_without_touching_the_rest(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = imported(capsys, "curl -H 'Authorization;' https://api.github.com/user")

    assert "  headers.authorization  <REDACTED>" in out.splitlines()
    assert "  https://api.github.com/user" not in out  # the URL is no part; nothing doubled


def test_alternatives_are_listed_under_the_parts() -> None:
    from restroute import pasted
    from restroute.catalog import Operation, Parameter, match

    def op(id: str, name: str) -> Operation:
        parameter = (Parameter(name, "path", "string", True),)
        return Operation(id, "GET", f"/o/{{{name}}}", "", "", "a", "a", False,
                         "https://api.github.com", (), "", parameter)  # fmt: skip

    text = pasted.as_text(match("GET", "/o/x", among=(op("a/one", "a"), op("a/two", "b"))))

    assert "  alternative: GET /o/{b}  a/two" in text.splitlines()


@pytest.mark.parametrize(
    ("text", "secret", "kept"),
    [
        (DOCS_CURL, "ghp_secret123", "Bearer <REDACTED>"),
        ("curl -H 'x-api-key: k3y' https://api.github.com/user", "k3y", "x-api-key: <REDACTED>"),
        ("https://me:pw@api.github.com/user?access_token=t0k", "t0k", "access_token=<REDACTED>"),
        ("curl 'https://me:pw@h/x", "me:pw", "<REDACTED>@h/x"),  # read as no request
    ],
)
def test_redact_text_hides_what_the_paste_sends_as_secrets(
    text: str, secret: str, kept: str
) -> None:
    from restroute.pasted import redact_text

    shown = redact_text(text)

    assert secret not in shown
    assert kept in shown


def test_json_escapes_what_a_terminal_would_obey_and_still_reads_back(
    capsys: pytest.CaptureFixture[str],
) -> None:
    body = "\x1b[2Jx\x9b\u202e"  # clear the screen, C1's CSI, a right-to-left override
    status, out, _ = imported(
        capsys, "-f", "json", f"curl https://api.github.com/markdown/raw -d '{body}'"
    )

    assert status == 0
    assert not any(char in out for char in "\x1b\x9b\u202e")
    assert r'"data": "\u001b[2Jx\u009b\u202e"' in out
    assert json.loads(out)["data"] == body
