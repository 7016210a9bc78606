"""restroute.pasted, the display of a pasted request: what it hides (``hidden``,
``redact_text``), the command that builds it again (``build_command``), the form's rows
and the text a terminal shows. Each expected value is worked out by hand from the paste."""

from __future__ import annotations

import json
from typing import Any

import pytest

from restroute import pasted
from restroute.catalog import Match, Part, match
from restroute.errors import EndpointError
from restroute.reader import read_route

API = "https://api.github.com"
SECRET = "hunter2"


# --- hidden and redact_text ------------------------------------------------------------------


def shown_everywhere(text: str) -> str:
    """Everything a paste is shown as: the redacted text, the CLI's text and JSON."""
    found = pasted.hidden(read_route(text))
    return "\n".join(
        [pasted.redact_text(text), pasted.as_text(found), json.dumps(pasted.as_json(found))]
    )


@pytest.mark.parametrize(
    "text",
    [
        # a form body: the secret field first, between others, last, alone
        f"curl -d 'password={SECRET}&title=x' {API}/repos/o/r/issues",
        f"curl -d 'title=x&password={SECRET}&body=y' {API}/repos/o/r/issues",
        f"curl -d 'title=x&password={SECRET}' {API}/repos/o/r/issues",
        f"curl --data-urlencode 'password={SECRET}' {API}/repos/o/r/issues",
        f"curl -d 'client_secret={SECRET}' {API}/markdown/raw",
        # a JSON body: at the top, nested, in an array
        f"""curl -d '{{"password":"{SECRET}","title":"x"}}' {API}/repos/o/r/issues""",
        f"""curl -d '{{"config":{{"secret":"{SECRET}"}}}}' {API}/repos/o/r/hooks""",
        f"""curl -X PATCH -d '[{{"token":"{SECRET}"}}]' {API}/user""",
        # a secret query value given twice, and the same token in two places
        f"{API}/user?access_token={SECRET}&access_token={SECRET}",
        f"curl -H 'Authorization: token {SECRET}' '{API}/user?access_token={SECRET}'",
    ],
)
def test_a_secret_is_hidden_wherever_the_paste_is_shown(text: str) -> None:
    assert SECRET not in shown_everywhere(text)


def test_a_form_body_keeps_what_is_no_secret() -> None:
    text = f"curl -d 'password={SECRET}&title=x' {API}/repos/o/r/issues"

    assert (
        pasted.redact_text(text) == f"curl -d 'password=<REDACTED>&title=x' {API}/repos/o/r/issues"
    )
    assert pasted.hidden(read_route(text)).data == "password=<REDACTED>&title=x"


def test_a_body_nested_500_deep_is_hidden_without_recursing() -> None:
    body = '{"a":' * 500 + f'{{"password":"{SECRET}"}}' + "}" * 500
    text = f"curl -X PATCH -d '{body}' {API}/user"

    found = pasted.hidden(read_route(text))

    assert SECRET not in pasted.redact_text(text)
    assert SECRET not in json.dumps(pasted.as_json(found))


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        # text that reads as no request: what looks like a credential is hidden all the same
        ("Authorization: token t0k3n", "Authorization: token <REDACTED>"),
        ("curl -H 'X-Api-Key: k3y'", "curl -H 'X-Api-Key: <REDACTED>'"),
        ("curl -u me:pw", "curl -u <REDACTED>"),
        ("curl --user 'me:pw'", "curl --user '<REDACTED>'"),
        ("curl --oauth2-bearer t0k3n", "curl --oauth2-bearer <REDACTED>"),
        ('new Octokit({ auth: "t0k3n" })', 'new Octokit({ auth: "<REDACTED>" })'),
        ("{token: 't0k3n'}", "{token: '<REDACTED>'}"),
        ('requests.get(u, auth=("me", "pw"))', 'requests.get(u, auth=("<REDACTED>"))'),
        ("export GITHUB_TOKEN=t0k3n", "export GITHUB_TOKEN=<REDACTED>"),
        ("GITHUB_TOKEN=t0k3n gh api user", "GITHUB_TOKEN=<REDACTED> gh api user"),
        ("see ghp_" + "a" * 36 + " and github_pat_" + "b" * 22, "see <REDACTED> and <REDACTED>"),
        # a variable, a command's output, a placeholder: no credential to hide
        ("export GITHUB_TOKEN=$(gh auth token)", "export GITHUB_TOKEN=$(gh auth token)"),
        ("Authorization: Bearer <YOUR-TOKEN>", "Authorization: Bearer <YOUR-TOKEN>"),
    ],
)
def test_redact_text_hides_credentials_in_text_that_reads_as_no_request(
    text: str, shown: str
) -> None:
    assert pasted.redact_text(text) == shown


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # a second command after the one read
        (f"curl {API}/user; curl -H 'Authorization: token t0k3n' {API}/user", "t0k3n"),
        # the Octokit's auth, before the call read
        ('const o = new Octokit({ auth: "t0k3n" });\no.request("GET /user")', "t0k3n"),
        # an export before the curl
        (f"export GITHUB_TOKEN=t0k3n\ncurl {API}/user", "t0k3n"),
    ],
)
def test_redact_text_hides_credentials_beside_the_request_read(text: str, secret: str) -> None:
    read_route(text)  # reads as a request

    assert secret not in pasted.redact_text(text)


def test_warnings_that_quote_a_secret_hide_it() -> None:
    found = Match(
        "GET", "GET /users/{username}", None, base_url="https://ghe.example.com",
        warnings=(f"me:{SECRET}@ghe.example.com is not GitHub's API",
                  f"-H 'Authorization: token {SECRET}' is read"),
    )  # fmt: skip

    assert pasted.hidden(found).warnings == (
        "<REDACTED>@ghe.example.com is not GitHub's API",
        "-H 'Authorization: token <REDACTED>' is read",
    )


def test_a_warning_holding_what_separates_texts_is_hidden_alone() -> None:
    found = Match("GET", "GET /user", None, headers={"x-api-key": "k3y"},
                  warnings=("a\n\x00\nk3y", "k3y"))  # fmt: skip

    assert pasted.hidden(found).warnings == ("a\n\x00\n<REDACTED>", "<REDACTED>")


def test_a_basic_header_hides_the_words_it_was_said_in() -> None:
    """As the reader writes curl's -u: the header is base64, its part the pasted words."""
    found = Match(
        "GET", "GET /user", None,
        headers={"authorization": "Basic bWU6aHVudGVyMg=="},
        parts=(Part("-u 'me:hunter2'", "headers.authorization"),),
        warnings=("-u 'me:hunter2' is sent as authorization: Basic bWU6aHVudGVyMg==",),
    )  # fmt: skip

    shown = pasted.hidden(found)

    assert shown.headers == {"authorization": "Basic <REDACTED>"}
    assert shown.parts == (Part("-u '<REDACTED>'", "headers.authorization"),)
    assert shown.warnings == ("-u '<REDACTED>' is sent as authorization: Basic <REDACTED>",)


def test_words_of_a_secret_header_in_no_known_shape_are_hidden_whole() -> None:
    found = Match(
        "GET", "GET /user", None, headers={"x-api-key": "k3y"},
        parts=(Part("the key, said so", "headers.x-api-key"), Part("GET", "method")),
    )  # fmt: skip

    assert pasted.hidden(found).parts == (
        Part("<REDACTED>", "headers.x-api-key"),
        Part("GET", "method"),
    )


def test_a_secret_field_that_holds_an_object_hides_each_of_its_values() -> None:
    field = f'"token":{{"value":"{SECRET}","n":314159,"on":true,"l":["l1st"]}}'
    text = f"curl -X PATCH -d '{{{field}}}' {API}/user"

    shown = pasted.redact_text(text)

    assert SECRET not in shown
    assert "314159" not in shown
    assert "l1st" not in shown
    assert "true" in shown  # a boolean is no secret: hiding every "true" would hide prose


def test_bytes_in_a_body_are_hidden_as_text_is() -> None:
    found = Match("POST", "POST /x", None, data=b"password=" + SECRET.encode() + b"&x=\xff")

    assert pasted.hidden(found).data == b"password=<REDACTED>&x=\xff"
    assert pasted.hidden(Match("POST", "POST /x", None, data=b"\xff")).data == b"\xff"


def test_a_header_that_is_only_references_shows_as_it_is() -> None:
    text = f"curl -H 'Authorization: token ${{GITHUB_TOKEN}}' {API}/user"

    assert pasted.redact_text(text) == text
    assert pasted.hidden(read_route(text)).headers == {"authorization": "token ${GITHUB_TOKEN}"}


# --- build_command -----------------------------------------------------------------------------


def test_a_command_reads_as_people_write_one() -> None:
    text = f'curl -X POST \'{API}/repos/o/r/issues?a=1&a=2\' -d \'{{"owner":"z","title":"=b"}}\''

    assert pasted.build_command(read_route(text)) == (
        "restroute build 'POST /repos/{owner}/{repo}/issues?a=1&a=2' owner=o "
        "data.owner=z data.title===b repo=r"
    )


@pytest.mark.parametrize(
    ("text", "note"),
    [
        (f"curl -X POST -d 'null' {API}/repos/o/r/issues", "the body is JSON null"),
        (f"curl -H 'x y: 1' {API}/user", "the header 'x y' is no header name build can send"),
        (
            f"printf '\\377' | curl --data-binary @- {API}/markdown/raw",
            "the body is bytes, which a command line cannot hold",
        ),
    ],
)
def test_what_the_command_cannot_say_is_said_under_it(text: str, note: str) -> None:
    lines = pasted.as_text(read_route(text)).splitlines()

    assert any(line.startswith(f"  ({note}") for line in lines[lines.index("build it again:") :])


def test_a_body_sent_with_a_get_is_said_to_be_left_out() -> None:
    found = Match("GET", "GET /user", None, params={"a": 1}, parts=(Part('"a": 1', "body a"),))

    assert pasted.build_command(found) == "restroute build 'GET /user'"
    assert pasted.as_text(found).splitlines()[-1] == (
        "  (a GET request's body cannot be built: endpoint() sends none)"
    )


def test_a_hand_made_match_without_parts_sends_its_other_parameters_as_the_body() -> None:
    found = Match("POST", "POST /repos/{owner}/{repo}/issues", None,
                  params={"owner": "o", "repo": "r", "title": "t", "data.x": 1})  # fmt: skip

    assert pasted.build_command(found) == (
        "restroute build 'POST /repos/{owner}/{repo}/issues' owner=o repo=r "
        "data.title=t data.data.x:=1"
    )


def test_a_query_value_that_no_parameter_can_say_goes_in_the_route() -> None:
    found = Match("GET", "GET /x", None, params={"a": float("nan")},
                  parts=(Part("a=nan", "query a"),))  # fmt: skip

    assert pasted.build_command(found) == "restroute build 'GET /x?a=nan'"


# --- rows ------------------------------------------------------------------------------------


def test_rows_are_what_a_person_types_in_the_form() -> None:
    text = 'curl -d \'{"owner":"z","title":"t"}\' -H \'X-A: 1\' https://ghe.io/api/v3/repos/o/r/issues'

    assert pasted.rows(read_route(text)) == [
        ("owner", "o"),
        ("data.owner", "z"),
        ("data.title", "t"),
        ("repo", "r"),
        ("headers.x-a", "1"),
        ("base_url", "https://ghe.io/api/v3"),
    ]
    assert pasted.rows(read_route(f"curl -X PUT -d '[1,2]' {API}/repos/o/r/topics")) == [
        ("owner", "o"),
        ("repo", "r"),
        ("data", "[1, 2]"),
    ]


def test_a_body_given_as_data_is_its_rows() -> None:
    whole = Match("POST", "POST /x", None, params={"data": {"a:b": 1}})
    empty = Match("POST", "POST /x", None, params={"data": {}})
    text = Match("POST", "POST /x", None, params={"data": "raw"})

    assert pasted.rows(whole) == [("data", '{"a:b": 1}')]
    assert pasted.rows(empty) == [("data", "{}")]
    assert pasted.rows(text) == [("data", "raw")]


# --- what a terminal shows ---------------------------------------------------------------------


def test_as_text_shows_control_characters_as_escapes() -> None:
    found = match("GET", f"{API}/user", {"x-trace": "\x1b]52;c;aGk=\x07\u202eb\rc\x9bd"})

    shown = pasted.as_text(found)

    assert not any(c in shown for c in "\x1b\x07\u202e\r\x9b")
    assert "  headers.x-trace  \\x1b]52;c;aGk=\\x07\\u202eb\\rc\\x9bd" in shown.splitlines()
    assert (
        "  restroute build 'GET /user' $'x-trace:\\x1b]52;c;aGk=\\x07\\u202eb\\x0dc\\u009bd'"
        in (shown.splitlines())
    )


def test_printable_keeps_what_a_terminal_shows_as_it_is() -> None:
    assert pasted.printable("é ✓ 😀 \\x1b") == "é ✓ 😀 \\x1b"
    assert pasted.printable("\t\n\x7f\ud800\u2066") == "\\t\\n\\x7f\\ud800\\u2066"


@pytest.mark.parametrize(
    "function",
    [pasted.hidden, pasted.as_json, pasted.as_text, pasted.build_command, pasted.rows],
)
@pytest.mark.parametrize("given", [None, "curl https://api.github.com/user", 3])
def test_what_is_no_match_is_refused_by_name(function: Any, given: object) -> None:
    with pytest.raises(EndpointError, match=rf"{function.__name__} takes what read_route gives"):
        function(given)


@pytest.mark.parametrize("given", [None, b"curl https://api.github.com/user", 3])
def test_redact_text_takes_only_text(given: object) -> None:
    with pytest.raises(EndpointError, match="redact_text takes the pasted text"):
        pasted.redact_text(given)  # type: ignore[arg-type]


def test_the_text_says_how_secrets_are_shown_where_it_is_read() -> None:
    found = pasted.hidden(
        read_route("curl -H 'Authorization: token t1' https://api.github.com/user")
    )

    assert pasted.as_text(found).endswith("(secrets are shown as <REDACTED>: redaction is on)")
    assert pasted.as_text(found, reveal="--reveal writes them").endswith(
        "(secrets are shown as <REDACTED>: --reveal writes them)"
    )


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("curl --pass S3cr3tPass https://h/x", "curl --pass <REDACTED> https://h/x"),
        ("curl --tlspassword S3cr3t https://h/x", "curl --tlspassword <REDACTED> https://h/x"),
        ("curl -E cert.pem:S3cr3t https://h/x", "curl -E <REDACTED> https://h/x"),
        (
            "requests.get(u, headers={'Authorization': f'token S3cr3t'})",
            "requests.get(u, headers={'Authorization': f'token <REDACTED>'})",
        ),
    ],
)
def test_redact_text_hides_passwords_of_keys_and_python_f_strings(text: str, shown: str) -> None:
    assert pasted.redact_text(text) == shown


def test_printable_and_redact_text_read_a_str_subclass_as_its_text() -> None:
    class Loud(str):
        def __len__(self) -> int:
            raise RuntimeError

    assert pasted.printable(Loud("a\x1bb")) == "a\\x1bb"
    assert (
        pasted.redact_text(Loud("curl -u me:pw https://h/x")) == "curl -u <REDACTED> https://h/x"
    )
    with pytest.raises(EndpointError, match="printable takes text"):
        pasted.printable(None)  # type: ignore[arg-type]


def test_the_readers_warnings_on_credentials_read_whole_once_hidden() -> None:
    for text in ("curl -u me https://h/x", "curl --digest -u me:pw https://h/x"):
        found = read_route(text)

        assert pasted.hidden(found).warnings == found.warnings


def test_a_path_github_does_not_document_hides_a_token_in_its_route() -> None:
    found = pasted.hidden(read_route("https://api.github.com/user/ghp_" + "A" * 36))

    assert found.route == "GET /user/<REDACTED>"
    assert "ghp_" not in pasted.as_text(found) + pasted.json_text(found)


UNPARTED = "Qsecret7391abcXYZ"


@pytest.mark.parametrize(
    ("header", "shown"),
    [
        (f"-H 'x-api-key;{UNPARTED}'", "-H 'x-api-key;<REDACTED>'"),
        (f"-H 'Authorization {UNPARTED}'", "-H 'Authorization <REDACTED>'"),
        (f"-H 'Authorization\t{UNPARTED}'", "-H 'Authorization\t<REDACTED>'"),
        (f"-H 'password {UNPARTED}'", "-H 'password <REDACTED>'"),
        (f"--header=x-api-key;{UNPARTED}", "--header=x-api-key;<REDACTED>"),
        ("-H 'x-api-key ${API_KEY}'", "-H 'x-api-key ${API_KEY}'"),  # says where it comes from
    ],
)
def test_a_header_without_its_colon_shows_its_value_hidden(header: str, shown: str) -> None:
    """The sixth attack's G4: a pasted -H that gives a secret's name a value without a
    colon (x-api-key;..., a blank, a tab) showed the value in the Paste box and its
    saved state."""
    text = f"curl {header} https://api.github.com/user"
    assert pasted.redact_text(text) == f"curl {shown} https://api.github.com/user"
