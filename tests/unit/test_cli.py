"""restroute.cli: `restroute build` prints the request options as JSON."""

from __future__ import annotations

import gc
import json
import os
import re
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from restroute import catalog
from restroute.cli import entrypoint, main
from tests.conftest import UA

README = (Path(__file__).parents[2] / "README.md").read_text()

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
        ("n==42", {"n": "42"}),
        ("flag==true", {"flag": "true"}),
        ('labels==["a"]', {"labels": '["a"]'}),
        ("title==", {"title": ""}),
        ("expr==a==b", {"expr": "a==b"}),
        ("link=https://example.com:8080/x", {"link": "https://example.com:8080/x"}),
        ("link==https://example.com:8080/x", {"link": "https://example.com:8080/x"}),
        ("time=12:30", {"time": "12:30"}),
        ("data.name=V", {"name": "V"}),
        ("data.n:=[1]", {"n": [1]}),
        ("data.n==1", {"n": "1"}),
        ("deep.name=V", {"deep.name": "V"}),
    ],
)
def test_parameter_values(capsys: pytest.CaptureFixture[str], argument: str, body: Any) -> None:
    """key=value is JSON when it parses, else text; key:=json is always JSON; key==text is
    always text; an = before any : makes a parameter (a URL in a value is no header);
    data.NAME is one body field (only headers, media_type, request and data nest)."""
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


@pytest.mark.parametrize(
    ("argument", "headers"),
    [
        ("Accept:application/vnd.github.raw", {"accept": "application/vnd.github.raw"}),
        ("X-Trace: 1 ", {"x-trace": "1"}),
        ("X-Empty:", {"x-empty": ""}),
        ("X-Url:https://a.example/b?c=d", {"x-url": "https://a.example/b?c=d"}),
        ("headers.X-Trace=abc", {"x-trace": "abc"}),
        ("headers.x-github-api-version=2022-11-28", {"x-github-api-version": "2022-11-28"}),
    ],
)
def test_header_items(capsys: pytest.CaptureFixture[str], argument: str, headers: Any) -> None:
    """Name:value (HTTPie's form) and headers.NAME=value are headers, named in lower case."""
    status, printed, err = run(capsys, "build", "GET /x", argument)

    assert (status, err) == (0, "")
    assert printed["headers"] == {**HEADERS, **headers}


def test_dotted_names_nest(capsys: pytest.CaptureFixture[str]) -> None:
    """media_type.format, request.timeout and headers.NAME set one entry each, as in the
    explorer; the diff format makes the accept header."""
    status, printed, err = run(
        capsys,
        "build",
        "GET /repos/{owner}/{repo}/pulls/{pull_number}",
        "owner=o",
        "repo=r",
        "pull_number=1",
        "media_type.format=diff",
        "request.timeout=5",
        "headers.x-github-api-version=2022-11-28",
    )

    assert (status, err) == (0, "")
    assert printed == {
        "method": "get",
        "url": "https://api.github.com/repos/o/r/pulls/1",
        "headers": {
            "accept": "application/vnd.github.v3.diff",
            "user-agent": UA,
            "x-github-api-version": "2022-11-28",
        },
        "request": {"timeout": 5},
    }


def test_rows_that_cannot_all_be_sent_are_warnings(capsys: pytest.CaptureFixture[str]) -> None:
    """A header given twice (by -H, Name:value or headers.NAME, in any case), a data.NAME
    after a whole data, and a --base-url with a base_url item: a warning each; the later
    is sent (-H comes before the items, --base-url after them)."""
    status, printed, err = run(
        capsys,
        "build",
        "POST /x",
        "-H",
        "X-A: 1",
        "x-a:2",
        "headers.X-A=3",
        "data=raw",
        "data.x=1",
        "base_url=https://a.example",
        "--base-url",
        "https://b.example",
    )

    assert status == 0
    assert printed["url"] == "https://b.example/x"
    assert printed["headers"]["x-a"] == "3"
    assert printed["body"] == "raw"
    assert err == (
        "restroute: warning: headers.x-a is given twice: the later value is sent\n"
        "restroute: warning: headers.x-a is given twice: the later value is sent\n"
        "restroute: warning: data.x is not sent: data is already given whole (a str)\n"
        "restroute: warning: base_url is given twice: the later value is sent\n"
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["build", "GET /repos/{owner}/{repo}", "--format", "curl", "owner=o", "repo=r"],
        ["build", "-f", "curl", "GET /repos/{owner}/{repo}", "owner=o", "repo=r"],
        ["build", "GET /repos/{owner}/{repo}", "owner=o", "-f", "curl", "repo=r"],
        ["-p", "{empty}", "build", "GET /repos/{owner}/{repo}", "owner=o", "-fcurl", "repo=r"],
    ],
)
def test_arguments_in_any_order(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str]
) -> None:
    """Options may come before, between or after ROUTE and the parameters."""
    empty = tmp_path / "empty.toml"
    empty.write_text("")

    status = main([word.replace("{empty}", str(empty)) for word in argv])

    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    assert out.splitlines()[-1] == "  https://api.github.com/repos/o/r"


def test_routes_arguments_in_any_order(capsys: pytest.CaptureFixture[str]) -> None:
    """`routes create -n 3 issue` is `routes create issue -n 3`."""
    assert main(["routes", "create", "-n", "3", "issue"]) == 0
    intermixed = capsys.readouterr().out
    assert main(["routes", "create", "issue", "-n", "3"]) == 0

    assert intermixed == capsys.readouterr().out
    assert intermixed.startswith(f"{GITHUB_LINE}\nPOST /repos/{{owner}}/{{repo}}/issues ")


def test_profiles_before_and_after_the_command_add_up(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`restroute -p a build -p b` stacks a, then b (the subcommand's -p adds to the list)."""
    first, second = tmp_path / "a.toml", tmp_path / "b.toml"
    first.write_text('per_page = 5\nsort = "created"\n')
    second.write_text("per_page = 7\n")

    status, printed, _ = run(capsys, "-p", str(first), "build", "GET /x", "-p", str(second))

    assert status == 0
    assert printed["url"] == "https://api.github.com/x?per_page=7&sort=created"


def test_library_errors_are_one_line_and_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    """An EndpointError prints one line on stderr and exits 2."""
    status, printed, err = run(capsys, "build", "GET /users/{username}")

    assert (status, printed) == (2, None)
    assert err == (
        "restroute: error: GET /users/{username}: no value for {username}; pass username=...\n"
    )


FORMS = "key=value, key:=json, key==text, Name:value or field@path"
DEEP = "[" * 100_000
HUGE = "1" * 5000


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["build", "GET /x", "novalue"], f"parameter 'novalue' is not {FORMS}"),
        (["build", "GET /x", "=v"], f"parameter '=v' is not {FORMS}"),
        (["build", "GET /x", "==v"], f"parameter '==v' is not {FORMS}"),
        (["build", "GET /x", ":v"], f"parameter ':v' is not {FORMS}"),
        (["build", "GET /x", ":=1"], f"parameter ':=1' is not {FORMS}"),
        (
            ["build", "GET /x", "my header:v"],
            f"parameter 'my header:v' is not {FORMS} ('my header' is no header name)",
        ),
        (
            ["build", "GET /x", "a:=nope"],
            "parameter 'a:=nope': 'nope' is not JSON (Expecting value: line 1 column 1 "
            "(char 0)); write a=... or a==... for text",
        ),
        (
            ["build", "GET /x", "a:=" + DEEP],
            "parameter 'a:=" + "[" * 37 + "…': '" + "[" * 40 + "…' is not JSON (its brackets "
            "do not close); write a=... or a==... for text",
        ),
        (
            ["build", "GET /x", "n:=" + HUGE],
            "parameter 'n:=" + "1" * 37 + "…': '" + "1" * 40 + "…' is not JSON (Exceeds the "
            "limit (4300 digits) for integer string conversion: value has 5000 digits; use "
            "sys.set_int_max_str_digits() to increase the limit); write n=... or n==... for text",
        ),
        (
            ["build", "GET /x", "-H", "novalue"],
            "argument -H/--header: header 'novalue' is not 'name: value' "
            "(see restroute build --help)",
        ),
        (["build"], "the following arguments are required: ROUTE (see restroute build --help)"),
        (
            ["build", "GET /x", "--redact", "--reveal"],
            "argument --reveal: not allowed with argument --redact (see restroute build --help)",
        ),
        (
            ["build", "GET /x", "--redact", "--env-secrets"],
            "argument --env-secrets: not allowed with argument --redact "
            "(see restroute build --help)",
        ),
        (
            ["build", "GET /x", "--nope"],
            "unrecognized arguments: --nope (see restroute --help)",
        ),
        (
            ["routes", "-n", "0"],
            "argument -n/--limit: '0' is not a whole number above 0 (see restroute routes --help)",
        ),
        (
            ["routes", "-n", "-1"],
            "argument -n/--limit: '-1' is not a whole number above 0 "
            "(see restroute routes --help)",
        ),
        (
            ["routes", "issue", "-n", "x"],
            "argument -n/--limit: 'x' is not a whole number above 0 (see restroute routes --help)",
        ),
        (
            ["routes", "-n", HUGE],
            "argument -n/--limit: '" + "1" * 40 + "…' is not a whole number above 0 "
            "(see restroute routes --help)",
        ),
    ],
    ids=lambda value: " ".join(value)[:50] if isinstance(value, list) else "",
)
def test_bad_arguments(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    """Malformed arguments are one line on stderr and status 2, saying what is wrong (a
    long argument cut to its first 40 characters), never a traceback."""
    assert main(argv) == 2

    assert capsys.readouterr() == ("", f"restroute: error: {message}\n")


@pytest.mark.parametrize(
    ("argv", "start", "choices", "command"),
    [
        (
            ["build", "GET /x", "-f", "xml"],
            "argument -f/--format: invalid choice: ",
            ["xml", "curl", "python", "httpx", "json", "explain"],
            "restroute build",
        ),
        (
            ["nope"],
            "argument COMMAND: invalid choice: ",
            ["nope", "explore", "routes", "build"],
            "restroute",
        ),
    ],
)
def test_a_name_not_among_the_choices(
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    start: str,
    choices: list[str],
    command: str,
) -> None:
    """A format or command that does not exist: one line naming it and the choices (in
    argparse's words, which differ between Python versions), and status 2."""
    assert main(argv) == 2

    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"restroute: error: {start}")
    assert err.endswith(f" (see {command} --help)\n")
    assert err.count("\n") == 1
    assert all(name in err for name in choices)


def test_a_request_too_deep_to_write_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """JSON that parses but nests past the limit is one line and status 2 (the same
    limit as the explorers': more than 100 levels)."""
    deep = "[" * 700 + "]" * 700

    assert main(["build", "POST /x", f"a={deep}", "--format", "python"]) == 2
    assert capsys.readouterr() == (
        "",
        "restroute: error: parameter 'a=" + "[" * 38 + "…': the JSON is nested too deep: "
        "more than 100 levels of lists or objects inside each other; flatten it\n",
    )


def test_text_too_deep_to_be_json_is_sent_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    """key=VALUE is JSON when it parses, else text: brackets nested past what JSON reads
    are text (key:= would be an error, above)."""
    assert main(["build", "GET /x", "a=" + DEEP]) == 0
    out, err = capsys.readouterr()

    assert json.loads(out)["url"] == "https://api.github.com/x?a=" + "%5B" * len(DEEP)
    assert err == ""


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ("a = " + "[" * 3000 + "]" * 3000 + "\n", "deep.toml"),
        (f"a = {HUGE}\n", "huge.toml"),
        ("", "nul\0.toml"),
        ("", "missing/x.toml"),
    ],
    ids=["deep", "huge-int", "nul", "missing"],
)
def test_a_bad_profile_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, path: str
) -> None:
    """A profile too deep for tomllib, with an int too long for Python, with a NUL in its
    path, or missing: one line naming the profile, status 2 (the words are the loader's or
    the command line's, whichever catches it first)."""
    if text:
        (tmp_path / path).write_text(text)

    assert main(["build", "GET /x", "-p", str(tmp_path / path)]) == 2

    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("restroute: error: profile ")
    named = {"deep.toml": "'deep'", "huge.toml": "huge", "nul\0.toml": "holds a NUL"}
    assert named.get(path, path) in err  # named (by its path or its name), or the NUL
    assert err.count("\n") == 1
    assert err.endswith("\n")


@pytest.mark.parametrize(
    ("error", "message"),
    [
        (RecursionError(), "profile 'p.toml' is nested too deeply to read; flatten it"),
        (ValueError("embedded null byte"), "profile 'p.toml' cannot be read: embedded null byte"),
        (IsADirectoryError(21, "Is a directory"), "profile 'p.toml' cannot be read: [Errno 21] "
         "Is a directory"),
    ],
)  # fmt: skip
def test_what_the_profile_loader_lets_through(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    error: Exception,
    message: str,
) -> None:
    """The command line's own words for what load_profile does not turn into its errors."""

    def load(path: str) -> None:
        raise error

    monkeypatch.setattr("restroute.cli.args.load_profile", load)

    assert main(["build", "GET /x", "-p", "p.toml"]) == 2
    assert capsys.readouterr() == ("", f"restroute: error: {message}\n")


def test_the_installed_command_exits_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The `restroute` script (entrypoint) reads sys.argv and exits with main's status."""
    monkeypatch.setattr(sys, "argv", ["restroute", "routes", "-n", "0"])

    with pytest.raises(SystemExit) as raised:
        entrypoint()

    assert raised.value.code == 2
    assert capsys.readouterr().err == (
        "restroute: error: argument -n/--limit: '0' is not a whole number above 0 "
        "(see restroute routes --help)\n"
    )


def test_a_closed_stdout_in_process(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """On a broken pipe, stdout is pointed at the null device (Python's exit flush then has
    nowhere to fail) and the status is 1."""
    target = tmp_path / "stdout"
    descriptor = os.open(target, os.O_WRONLY | os.O_CREAT)

    class Closed:
        def write(self, text: str) -> int:
            raise BrokenPipeError

        def flush(self) -> None:
            raise BrokenPipeError

        def fileno(self) -> int:
            return descriptor

    monkeypatch.setattr(sys, "stdout", Closed())
    try:
        status = main(["routes", "zzzzqqq"])
        os.write(descriptor, b"gone")
    finally:
        os.close(descriptor)

    assert status == 1
    assert target.read_bytes() == b""  # written after the switch: to the null device
    assert capsys.readouterr().err == ""


def test_no_command_opens_the_explorer(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`restroute` alone opens the explorer on the example route, with the profiles given;
    key=value items are values to start with, as text the form shows."""
    opened: list[tuple[str, list[str], list[tuple[str, str]]]] = []
    monkeypatch.setattr(
        "restroute.tui.run",
        lambda route, profiles, values, catalog=None: opened.append(
            (route, [p.name for p in profiles], list(values))
        ),
    )
    profile = tmp_path / "mine.toml"
    profile.write_text("per_page = 5\n")

    assert main([]) == 0
    assert main(["--profile", str(profile)]) == 0
    assert main(["explore", "GET /user", "-p", str(profile)]) == 0
    assert main(["explore", "GET /users/{u}", "u=octocat", "n=2", "s==2", "l:=[1]"]) == 0
    assert opened == [
        ("GET /repos/{owner}/{repo}/issues", [], []),
        ("GET /repos/{owner}/{repo}/issues", ["mine"], []),
        ("GET /user", ["mine"], []),
        ("GET /users/{u}", [], [("u", "octocat"), ("n", "2"), ("s", '"2"'), ("l", "[1]")]),
    ]


def test_the_explorer_starts_with_the_collector_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    """The garbage collector is paused while Textual loads, then as it was: on for the
    app (which pauses it again until its first frame), off if the caller had it off."""
    seen: list[bool] = []
    monkeypatch.setattr("restroute.tui.run", lambda *args: seen.append(gc.isenabled()))
    assert gc.isenabled()
    assert main(["explore", "GET /user"]) == 0
    gc.disable()
    try:
        assert main(["explore", "GET /user"]) == 0
        assert not gc.isenabled()
    finally:
        gc.enable()
    assert seen == [True, False]


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
    """`restroute build --help` explains every form of parameter and header, an example
    each."""
    with pytest.raises(SystemExit):
        main(["build", "--help"])

    out = capsys.readouterr().out
    assert "options may come before, between or after them" in out
    assert "  key=value            a JSON value when VALUE parses as JSON (42, true" in out
    assert '{"k":1}), else the text itself: per_page=2\n' in out
    assert "  key:=json            always JSON; an error when it does not parse: " in out
    assert 'labels:=\'["bug","ui"]\'\n' in out
    assert "  key==text            always the text, never JSON: ref==1234" in out
    assert "  Name:value           a header, as -H 'Name: value' (NAME is a header name" in out
    assert "comes before the :): Accept:application/vnd.github.raw\n" in out
    assert "  headers.NAME=...     one header: headers.x-github-api-version=2022-11-28\n" in out
    assert "media_type.NAME=...  one media type option (format, previews): " in out
    assert "media_type.format=diff\n" in out
    assert "  request.NAME=...     one request option, passed to the client: " in out
    assert "request.timeout=5\n" in out
    assert "  data.NAME=...        one body field" in out
    assert "data.name=NEW_NAME\n" in out
    assert "--reveal              show credentials in --format explain" in out


def readme_forms() -> dict[str, str]:
    """The command-line section's table: each form's example."""
    section = README.split("## The command line\n", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([^`]+)` \|[^\n]*\| `([^`]+)`[^|\n]* \|$", section, re.MULTILINE)
    return dict(rows)


def test_readme_shows_every_form_with_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    """The README's table lists the forms --help lists, and each example does what it says."""
    examples = readme_forms()
    sent: dict[str, Any] = {}
    for form, example in examples.items():
        status, printed, err = run(capsys, "build", "POST /x", *shlex.split(example))
        assert (status, err) == (0, ""), form
        sent[form] = printed

    assert list(examples) == [
        "key=value", "key:=json", "key==text", "Name:value", "headers.NAME=...",
        "media_type.NAME=...", "request.NAME=...", "data.NAME=...",
    ]  # fmt: skip
    assert sent["key=value"]["body"] == {"per_page": 2}
    assert sent["key:=json"]["body"] == {"labels": ["bug", "ui"]}
    assert sent["key==text"]["body"] == {"ref": "1234"}
    assert sent["Name:value"]["headers"]["accept"] == "application/vnd.github.raw"
    assert sent["headers.NAME=..."]["headers"]["x-github-api-version"] == "2022-11-28"
    assert sent["media_type.NAME=..."]["headers"]["accept"] == "application/vnd.github.v3.diff"
    assert sent["request.NAME=..."]["request"] == {"timeout": 5}
    assert sent["data.NAME=..."]["body"] == {"name": "NEW_NAME"}


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


NOTE = "restroute: note: secrets are shown; --redact or --env-secrets hides them\n"
_TTY_TOKEN = "ghp_" + "TtyN0te5ecret" * 3


@pytest.mark.parametrize(
    ("tty", "argv", "noted"),
    [  # issue 32, item 14: a terminal is told; a pipe gets the snippet as it always did
        (True, ["-H", f"authorization: token {_TTY_TOKEN}"], True),
        (True, ["-f", "curl", f"access_token={_TTY_TOKEN}"], True),
        (True, ["-f", "python", f"data.user.password={_TTY_TOKEN}"], True),
        (False, ["-H", f"authorization: token {_TTY_TOKEN}"], False),  # piped
        (True, ["per_page=2"], False),  # a terminal, and no secret to show
        (True, ["-H", f"authorization: token {_TTY_TOKEN}", "--redact"], False),
        (True, ["-H", f"authorization: token {_TTY_TOKEN}", "--env-secrets"], False),
        (True, ["-H", f"authorization: token {_TTY_TOKEN}", "-f", "explain"], False),
        (True, ["-H", f"authorization: token {_TTY_TOKEN}", "-f", "explain", "--reveal"], False),
    ],
)
def test_a_terminal_is_told_once_that_build_shows_secrets(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tty: bool,
    argv: list[str],
    noted: bool,
) -> None:
    """``restroute build`` reveals by default, for piping: on a terminal, one line on
    stderr says so and how to hide them, when the request holds a secret to show."""
    monkeypatch.setattr(sys.stdout, "isatty", lambda: tty)

    assert main(["build", "POST /x", *argv]) == 0
    out, err = capsys.readouterr()

    assert err.count(NOTE) == (1 if noted else 0)
    assert err.replace(NOTE, "").count("secrets are shown") == 0
    if noted:
        assert _TTY_TOKEN in out  # as it always was: the note only says so


def test_explain_is_redacted_unless_revealed(capsys: pytest.CaptureFixture[str]) -> None:
    """explain is a display: the token of -H 'authorization: token T' shows only with
    --reveal (the snippets, for piping, show it unless --redact)."""
    argv = ["build", "GET /user", "-H", "authorization: token ghp_Secret1", "-f", "explain"]

    assert main(argv) == 0
    hidden = capsys.readouterr().out
    assert main([*argv, "--reveal"]) == 0
    revealed = capsys.readouterr().out

    assert "ghp_Secret1" not in hidden
    assert "headers.authorization  <REDACTED>  " in hidden
    assert 'headers.authorization  "token ghp_Secret1"  ' in revealed


def test_redact(capsys: pytest.CaptureFixture[str]) -> None:
    """--redact hides credentials and keeps the scheme word."""
    main(
        ["build", "GET /user", "-H", "authorization: token ghp_1", "--format", "curl", "--redact"]
    )

    out = capsys.readouterr().out
    assert "-H 'authorization: token <REDACTED>'" in out
    assert "ghp_1" not in out


def test_env_secrets(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--env-secrets writes the profile's ${VAR} where the token would be; a header given
    on the command line stays masked, and a warning says why."""
    monkeypatch.setenv("RESTROUTE_CLI_TOKEN", "ghp_from_env_1")
    profile = tmp_path / "gh.toml"
    profile.write_text('[headers]\nauthorization = "token ${RESTROUTE_CLI_TOKEN}"\n')

    status = main(
        ["build", "GET /user", "-p", str(profile), "-H", "x-api-key: k-typed", "-f", "curl",
         "--env-secrets"]
    )  # fmt: skip

    out, err = capsys.readouterr()
    assert status == 0
    assert out == (
        "curl \\\n"
        "  -H 'accept: application/vnd.github.v3+json' \\\n"
        f"  -H 'user-agent: {UA}' \\\n"
        "  -H 'authorization: token '\"${RESTROUTE_CLI_TOKEN:?}\" \\\n"
        "  -H 'x-api-key: <REDACTED>' \\\n"
        "  https://api.github.com/user\n"
    )
    assert err == (
        "restroute: warning: x-api-key stays <REDACTED>: the command line sets it as a value, "
        'not as a ${VAR}; write it "${SOME_TOKEN}" in a profile to copy a reference to the '
        "environment\n"
    )


@pytest.mark.parametrize(("format", "shown"), [("json", "token ${T}"), ("explain", "<REDACTED>")])
def test_env_secrets_in_json_and_explain(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    format: str,
    shown: str,
) -> None:
    """JSON holds the template; explain shows values, so it stays redacted."""
    monkeypatch.setenv("T", "ghp_env_json_2")
    profile = tmp_path / "gh.toml"
    profile.write_text('[headers]\nauthorization = "token ${T}"\n')

    status = main(["build", "GET /user", "-p", str(profile), "-f", format, "--env-secrets"])

    out = capsys.readouterr().out
    assert status == 0
    assert shown in out
    assert "ghp" not in out


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


# The first line of every listing: which API, product and REST API version it is of.
GITHUB_LINE = "GitHub.com, REST API 2022-11-28 · 1,223 operations (github)"


def routes(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    """The lines `restroute routes ARGV` prints after the one naming GitHub's API."""
    assert main(["routes", *argv]) == 0
    head, *lines = capsys.readouterr().out.splitlines()
    assert head == GITHUB_LINE
    return lines


def test_routes_search(capsys: pytest.CaptureFixture[str]) -> None:
    """`restroute routes create issue -n 3` lists the best match first, with its id and
    summary, and then how many more there are."""
    every = routes(capsys, "create", "issue", "-n", "1223")
    lines = routes(capsys, "create", "issue", "--limit", "3")

    assert [line.split() for line in lines[:3]] == [line.split() for line in every[:3]]
    assert lines[0].split() == [
        "POST", "/repos/{owner}/{repo}/issues", "issues/create:", "Create", "an", "issue"
    ]  # fmt: skip
    assert len(every) > 3
    assert not every[-1].startswith("…")
    assert lines[3:] == [f"… and {len(every) - 3} more; -n {len(every)} lists them all"]


def test_a_query_lists_its_best_20(capsys: pytest.CaptureFixture[str]) -> None:
    """Without -n, a query lists its best 20, then how many more there are."""
    every = routes(capsys, "issue", "-n", "100000000000000000000")
    lines = routes(capsys, "issue")

    assert len(every) > 20
    # The columns are padded to the widest route listed, so compare the words.
    assert [line.split() for line in lines] == [
        *(line.split() for line in every[:20]),
        f"… and {len(every) - 20} more; -n {len(every)} lists them all".split(),
    ]


def test_no_query_lists_every_route(capsys: pytest.CaptureFixture[str]) -> None:
    """`restroute routes` lists every route (1,223), one a line, as its help says."""
    lines = routes(capsys)

    assert len(lines) == len(catalog.operations()) == 1223
    assert [line.split()[2] for line in lines] == [f"{op.id}:" for op in catalog.operations()]
    assert routes(capsys, " ") == lines
    first_two = routes(capsys, "-n", "2")
    assert [line.split() for line in first_two[:2]] == [line.split() for line in lines[:2]]
    assert first_two[2:] == ["… and 1,221 more; -n 1223 lists them all"]


def test_routes_without_a_match(capsys: pytest.CaptureFixture[str]) -> None:
    """No match says so."""
    assert routes(capsys, "zzzzqqq") == ["no route matches 'zzzzqqq'"]


def test_routes_shows_one_route_in_full(capsys: pytest.CaptureFixture[str]) -> None:
    """A query naming one route (id, octokit name or route) shows its form's parameters."""
    assert main(["routes", "repos.uploadReleaseAsset"]) == 0
    upload = capsys.readouterr().out
    assert main(["routes", "PATCH /repos/{owner}/{repo}/actions/variables/{name}"]) == 0
    variable = capsys.readouterr().out
    assert main(["routes", "meta/root"]) == 0
    root = capsys.readouterr().out

    assert upload.splitlines()[1:4] == [
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
    assert deprecated.splitlines()[4] == "deprecated"


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
