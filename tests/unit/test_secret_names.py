"""The second attack's token-shaped names: a header's name, a ``request`` key, an option's
or a row's name that holds a GitHub token's shape is hidden wherever secrets are redacted
(views show ``<REDACTED>`` in it; a copy that runs sends ``REDACTED``, a name every client
accepts). The token is written out here, by hand, and looked for in what is shown."""

from __future__ import annotations

import json
import shlex
from typing import Any

import pytest

import restroute
from restroute import display, endpoint, explain, pasted
from restroute.cli import main
from restroute.pasted import hidden
from restroute.reader import read_route
from restroute.session import Session
from restroute.snippets import to_curl, to_json, to_python

T = "ghp_" + "1234567890" * 3 + "123456"
SEEN = "1234567890123"  # any run of the token long enough to identify it


@pytest.mark.parametrize("name", [T, "x-" + T])
@pytest.mark.parametrize("render", ["curl", "json", "requests", "httpx"])
def test_a_header_named_by_a_token_is_hidden_in_snippets(name: str, render: str) -> None:
    options = endpoint("GET /", {"headers": {name: "plain"}})
    if render == "curl":
        text = to_curl(options, redact=True)
    elif render == "json":
        text = to_json(options, redact=True)
    else:
        text = to_python(options, redact=True, client=render)
    assert SEEN not in text
    assert "REDACTED" in text
    assert "plain" in text  # the value is no secret: only the name's token is hidden


def test_a_redacted_header_name_is_one_every_client_sends() -> None:
    """The redacted copy runs: the name it sends is a token of RFC 9110 (no < or >)."""
    options = endpoint("GET /", {"headers": {"x-" + T: "plain"}})
    headers = json.loads(to_json(options, redact=True))["headers"]
    assert "x-REDACTED" in headers
    assert headers["x-REDACTED"] == "plain"


def test_a_redacted_token_named_header_is_one_requests_and_httpx_send() -> None:
    """The redacted copy runs: requests prepares it and httpx builds it, name and all."""
    import httpx
    import requests

    options = endpoint("GET https://example.invalid/", {"headers": {"x-" + T: "plain"}})
    headers = json.loads(to_json(options, redact=True))["headers"]
    prepared = requests.Request("GET", "https://example.invalid/", headers=headers).prepare()
    assert prepared.headers["x-REDACTED"] == "plain"
    built = httpx.Request("GET", "https://example.invalid/", headers=headers)
    assert built.headers["x-redacted"] == "plain"
    for client in ("requests", "httpx"):
        assert '"x-REDACTED": "plain"' in to_python(options, redact=True, client=client)


def test_a_token_named_header_is_hidden_in_displays() -> None:
    options = endpoint("GET /x", {"headers": {"x-" + T: "v"}})
    shown = [
        display.options_text(options),
        display.options_html(options),
        json.dumps(options._repr_mimebundle_(), default=str),
    ]
    merged = explain("GET /x", {"headers": {"x-" + T: "v"}}).merged
    shown += [display.merged_text(merged), display.merged_html(merged)]
    for text in shown:
        assert SEEN not in text
        assert "REDACTED" in text


@pytest.mark.parametrize(
    ("options", "name"),
    [
        ({"headers": {"x-" + T: "v"}}, "headers.x-<REDACTED>"),
        ({"request": {T: "v"}}, "request.<REDACTED>"),
        ({T: True}, "<REDACTED>"),
    ],
)
def test_a_token_named_option_is_hidden_in_the_explanation(
    options: dict[str, object], name: str
) -> None:
    why = explain("GET /", options)
    assert SEEN not in why.table(redact=True)
    assert name in [row[0] for row in why.rows(redact=True)]
    assert name in [each.key for each in why.cascade(redact=True)]
    assert SEEN in why.table()  # not redacted: the name as it is


def test_a_token_named_header_row_is_hidden_in_the_session_view() -> None:
    session = Session("GET /user")
    session.rows = [("headers.x-" + T, "v")]
    view = session.view(redact=True)
    for part in (view.merged, view.rows, view.cascade):
        assert SEEN not in json.dumps(part, default=repr)
    assert "headers.x-<REDACTED>" in [row[0] for row in view.rows]
    assert SEEN in json.dumps(session.view(redact=False).merged)


def test_build_redact_hides_a_token_named_header(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "--redact", "GET /user", f"x-{T}:v"]) == 0
    out, _ = capsys.readouterr()
    assert SEEN not in out
    assert json.loads(out)["headers"]["x-REDACTED"] == "v"


def test_import_hides_a_token_named_header(capsys: pytest.CaptureFixture[str]) -> None:
    main(["import", f"curl -H 'x-{T}: v' https://api.github.com/user"])
    out, err = capsys.readouterr()
    assert SEEN not in out + err
    assert "restroute build 'GET /user' x-REDACTED:v" in out  # a command that still runs


def test_a_pasted_token_named_header_is_hidden_in_what_the_reader_shows() -> None:
    found = hidden(read_route("octokit.request('GET /user', {headers: {'" + T + "': 1}})"))
    shown = [
        repr(found),
        pasted.as_text(found),
        json.dumps(pasted.as_json(found)),
        pasted.json_text(found),
        pasted.build_command(found),
        repr(pasted.rows(found)),
    ]
    for text in shown:
        assert SEEN not in text, text


def test_a_build_command_with_a_hidden_name_still_parses() -> None:
    found = hidden(read_route("octokit.request('GET /user', {headers: {'x-" + T + "': 1}})"))
    assert shlex.split(pasted.build_command(found))[:2] == ["restroute", "build"]


def test_restroute_exports_the_rule() -> None:
    assert restroute.redact.name_shown("headers.x-" + T) == "headers.x-<REDACTED>"


def test_a_header_name_that_is_no_text_is_kept() -> None:
    """Only a text holds a token's shape: another name (a number) is left as it is."""
    headers: dict[Any, str] = {7: "v"}
    assert dict(restroute.redact.redact_headers(headers)) == dict(headers)
