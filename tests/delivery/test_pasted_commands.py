"""The restroute build command a pasted request is read as, run by bash."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
from contextlib import redirect_stderr, redirect_stdout, suppress
from urllib.parse import parse_qsl, urlsplit

import pytest

from restroute import pasted
from restroute.catalog import match
from restroute.cli import main
from restroute.reader import read_request, read_route
from tests.unit.test_pasted import API


@pytest.mark.parametrize(
    "text",
    [
        # a JSON body that is no object
        f'curl -X PUT -d \'["bug","ui"]\' {API}/repos/o/r/issues/1/labels',
        f"curl -X POST -d '\"just text\"' {API}/repos/o/r/issues",
        f"curl -X POST -d '3' {API}/repos/o/r/issues",
        # body fields named as a path's parameter or as an option of build
        f"""curl -d '{{"owner":"other","title":"x"}}' {API}/repos/o/r/issues""",
        f"""curl -d '{{"method":"PUT","url":"/x","title":"x"}}' {API}/repos/o/r/issues""",
        f"""curl -d '{{"baseUrl":"b","headers":"h","request":1,"data":2}}' {API}/user/repos""",
        f"""curl -d '{{"mediaType":1,"media_type":{{"format":"raw"}}}}' {API}/repos/o/r/issues""",
        # a value that starts with =, and with :=
        "gh api repos/o/r/issues -f 'title==x' -f 'body=:=y'",
        # odd field names
        f"""curl -d '{{"a=b":1,"title":"x"}}' {API}/repos/o/r/issues""",
        f"""curl -d '{{"a:b":1,"a b":2,"a.b":3,"a[0]":4}}' {API}/repos/o/r/issues""",
        f"""curl -d '{{"a.b":1,"c d":2}}' {API}/repos/o/r/issues""",
        # odd header names and values
        f"curl -H 'X-Odd.Name: v' -H 'X-Eq: =x' -H 'X-Json: 42' {API}/user",
        # a + in q, kept as %2B; a name given twice on a POST; leading zeros
        f"{API}/search/issues?q=c%2B%2B",
        f"curl -X POST '{API}/repos/o/r/issues?a=1&a=2' -d '{{\"title\":\"b\"}}'",
        f"{API}/repos/o/r/issues?page=007",
        f"{API}/repos/o/r/issues/1?owner=x",
        f"curl -X POST '{API}/repos/o/r/issues?owner=z' -d '{{\"title\":\"b\"}}'",
        f"{API}/search/issues?method=POST&q=x",
        # a control character in a body's field
        "gh api repos/o/r/issues -f $'title=a\\x1b[2Jb'",
    ],
)
def test_the_command_builds_the_request_read(text: str) -> None:
    request = read_request(text)
    command = pasted.build_command(read_route(text))

    again = built(command)

    assert sent(again) == sent({**request.__dict__, "url": request.url})
    for name, value in request.headers.items():
        if name not in ("content-type", "accept"):
            assert again["headers"][name] == value  # type: ignore[index]


def test_a_command_with_a_quote_and_a_control_character_is_one_word_again() -> None:
    found = match("GET", f"{API}/user", {"x-a": "it's\x1b"})

    command = pasted.build_command(found)

    assert command == "restroute build 'GET /user' $'x-a:it\\'s\\x1b'"
    assert shell_words(command)[3] == "x-a:it's\x1b"


def built(command: str) -> dict[str, object]:
    """What ``restroute build`` builds from the command's words, as a shell splits them."""
    words = shell_words(command)
    assert words[:2] == ["restroute", "build"]
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main([*words[1:], "-f", "json"])
    assert status == 0, err.getvalue()
    result: dict[str, object] = json.loads(out.getvalue())
    return result


def shell_words(command: str) -> list[str]:
    """The words bash makes of ``command`` ($'...' included, which shlex does not read)."""
    bash = shutil.which("bash")
    if bash is None:  # pragma: no cover - every CI image has bash
        pytest.skip("bash is needed to split $'...'")
    done = subprocess.run(  # the command is quoted words: bash only prints them
        [bash, "-c", f"printf '%s\\0' {command.removeprefix('restroute build ')}"],
        capture_output=True, check=True,
    )  # fmt: skip
    return ["restroute", "build", *done.stdout.decode().split("\0")[:-1]]


def sent(request: dict[str, object]) -> tuple[object, ...]:
    """Method, URL (its query decoded, pair by pair), the headers the paste set, body."""
    url = urlsplit(str(request["url"]))
    body = request.get("body")
    if isinstance(body, str):
        with suppress(ValueError):
            body = json.loads(body)
    return (
        str(request["method"]).upper(),
        (url.scheme, url.netloc, url.path, parse_qsl(url.query, keep_blank_values=True)),
        body if body != "" else None,
    )
