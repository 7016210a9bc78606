"""restroute.snippets as text: golden layouts, redaction, JSON copies and refusals."""

from __future__ import annotations

import ast
import json
import shlex
from typing import Any

import pytest

from restroute import EndpointError, RequestOptions, endpoint
from restroute.snippets import is_secret, redact_headers, to_curl, to_json, to_python
from tests.conftest import UA


def test_readme_example() -> None:
    """The README's snippet example reads as shown there."""
    options = endpoint(
        "POST /repos/{owner}/{repo}/issues", owner="octocat", repo="hello-world", title="Hi"
    )

    assert options.to_curl() == to_curl(options)
    assert options.to_python(client="httpx") == to_python(options, client="httpx")
    assert options.to_json(indent=None) == to_json(options, indent=None)


# --- golden layouts: a change here is a deliberate change of the snippets' shape -----------


def test_golden_curl_post() -> None:
    """A JSON POST: method, headers in result order, --data-raw, URL last."""
    options = endpoint("POST /repos/{owner}/{repo}/issues", owner="o", repo="r", title="It's")

    assert to_curl(options) == (
        "curl \\\n"
        "  -X POST \\\n"
        "  -H 'accept: application/vnd.github.v3+json' \\\n"
        f"  -H 'user-agent: {UA}' \\\n"
        "  -H 'content-type: application/json; charset=utf-8' \\\n"
        "  --data-raw '{\"title\":\"It'\\''s\"}' \\\n"
        "  https://api.github.com/repos/o/r/issues"
    )


def test_golden_curl_get_with_query() -> None:
    """A GET has no -X; a URL with ? or & is quoted."""
    options = endpoint("GET /search/issues", q="is:open+label:bug", per_page=2)

    assert to_curl(options) == (
        "curl \\\n"
        "  -H 'accept: application/vnd.github.v3+json' \\\n"
        f"  -H 'user-agent: {UA}' \\\n"
        "  'https://api.github.com/search/issues?q=is%3Aopen+label%3Abug&per_page=2'"
    )


def test_golden_curl_binary_body() -> None:
    """Bytes no shell word can hold go through printf with octal escapes."""
    options = RequestOptions(
        method="post",
        url="http://h/x",
        headers={"accept": "*/*", "user-agent": "t", "content-type": "application/x"},
        body=b"a\x00%\\'\xff\n\xc3\xa9",
    )

    assert to_curl(options) == (
        "printf 'a\\000%%\\\\\\047\\377\\012é' |\n"
        "curl \\\n"
        "  -X POST \\\n"
        "  -H 'accept: */*' \\\n"
        "  -H 'user-agent: t' \\\n"
        "  -H 'content-type: application/x' \\\n"
        "  --data-binary @- \\\n"
        "  http://h/x"
    )


def test_golden_curl_special_cases() -> None:
    """HEAD is --head; empty values are 'name;'; missing defaults are removed from curl."""
    head = RequestOptions(method="head", url="http://h/x", headers={"x-empty": ""})

    assert to_curl(head) == (
        "curl \\\n"
        "  --head \\\n"
        "  -H 'x-empty;' \\\n"
        "  -H 'Accept:' \\\n"
        "  -H 'User-Agent:' \\\n"
        "  http://h/x"
    )


def test_golden_python_requests_json() -> None:
    """The requests script writes the payload as a Python literal and sends its exact bytes."""
    options = endpoint(
        "POST /x", title='a "b"\n\u2028', body="x" * 60, labels=["bug"], draft=False, n=None
    )

    assert to_python(options) == (
        "import json\n"
        "\n"
        "import requests\n"
        "\n"
        'url = "https://api.github.com/x"\n'
        "headers = {\n"
        '    "accept": "application/vnd.github.v3+json",\n'
        f'    "user-agent": "{UA}",\n'
        '    "content-type": "application/json; charset=utf-8",\n'
        "}\n"
        "payload = {\n"
        '    "title": "a \\"b\\"\\n\\u2028",\n'
        f'    "body": "{"x" * 60}",\n'
        '    "labels": ["bug"],\n'
        '    "draft": False,\n'
        '    "n": None,\n'
        "}\n"
        "body = json.dumps(\n"
        '    payload, ensure_ascii=False, separators=(",", ":"), allow_nan=False\n'
        ").encode()\n"
        "\n"
        'response = requests.request("POST", url, headers=headers, data=body)\n'
        "print(response.status_code)\n"
        "print(response.text)"
    )


def test_golden_python_long_lists_one_item_a_line() -> None:
    """A list too long for its line is written one item a line with a trailing comma, as ruff
    lays it out; the dict around it too. Eight labels make the list 88 characters."""
    labels = [f"label-{n}" for n in range(8)]
    options = endpoint("POST /x", labels=labels)

    assert to_python(options) == (
        "import json\n"
        "\n"
        "import requests\n"
        "\n"
        'url = "https://api.github.com/x"\n'
        "headers = {\n"
        '    "accept": "application/vnd.github.v3+json",\n'
        f'    "user-agent": "{UA}",\n'
        '    "content-type": "application/json; charset=utf-8",\n'
        "}\n"
        "payload = {\n"
        '    "labels": [\n'
        '        "label-0",\n'
        '        "label-1",\n'
        '        "label-2",\n'
        '        "label-3",\n'
        '        "label-4",\n'
        '        "label-5",\n'
        '        "label-6",\n'
        '        "label-7",\n'
        "    ],\n"
        "}\n"
        "body = json.dumps(\n"
        '    payload, ensure_ascii=False, separators=(",", ":"), allow_nan=False\n'
        ").encode()\n"
        "\n"
        'response = requests.request("POST", url, headers=headers, data=body)\n'
        "print(response.status_code)\n"
        "print(response.text)"
    )


def test_golden_python_a_long_list_body() -> None:
    """A body that is itself a long list starts its items on the next line, indented once."""
    options = RequestOptions(
        method="post", url="http://h/x", headers={}, body=[f"item-{n:02}" for n in range(10)]
    )

    assert "payload = [\n" + "".join(f'    "item-{n:02}",\n' for n in range(10)) + "]\n" in (
        to_python(options, client="httpx")
    )


def test_golden_python_httpx_put_without_body() -> None:
    """httpx gets content= and an empty body for PUT."""
    options = endpoint("PUT /user/starred/{owner}/{repo}", owner="o", repo="r")

    assert to_python(options, client="httpx") == (
        "import httpx\n"
        "\n"
        'url = "https://api.github.com/user/starred/o/r"\n'
        "headers = {\n"
        '    "accept": "application/vnd.github.v3+json",\n'
        f'    "user-agent": "{UA}",\n'
        "}\n"
        'body = "".encode()\n'
        "\n"
        'response = httpx.request("PUT", url, headers=headers, content=body)\n'
        "print(response.status_code)\n"
        "print(response.text)"
    )


def test_python_without_default_headers() -> None:
    """Headers the options lack are kept out of what requests and httpx add by themselves."""
    options = RequestOptions(method="get", url="http://h/x", headers={})

    assert to_python(options).startswith(
        "import requests\n"
        "from urllib3.util import SKIP_HEADER\n"  # or urllib3 sends python-urllib3/2.x
        "\n"
        'url = "http://h/x"\n'
        'headers = {\n    "accept": None,\n    "user-agent": SKIP_HEADER,\n}\n'
    )
    assert to_python(options, client="httpx").endswith(
        "with httpx.Client() as client:\n"
        '    del client.headers["accept"]\n'
        '    del client.headers["user-agent"]\n'
        '    response = client.request("GET", url, headers=headers)\n'
        "print(response.status_code)\n"
        "print(response.text)"
    )


@pytest.mark.parametrize(
    "body",
    [
        {"k": [1, 2.5, -0.0, 1e21, 10**20, True, None, {"x": []}, {}]},
        ["\x00\x1f\x7f\u0085\u2028\ud7ff\U0001f600", "'\"\\"],
        {1: "int key", "t": (1, 2)},
        "plain text",
        b"\x00bytes\xff",
    ],
)
def test_python_literals_evaluate_to_the_body(body: Any) -> None:
    """The body line of the script evaluates to the exact bytes restroute sends."""
    options = RequestOptions(method="post", url="http://h/x", headers={}, body=body)
    script = to_python(options)
    namespace: dict[str, Any] = {}

    exec(script.split("\nresponse = ")[0], namespace)  # everything but the sending

    from restroute import body_bytes

    assert namespace["body"] == body_bytes(options)
    assert ast.parse(script)


# --- redaction ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "secret"),
    [
        ("Authorization", True),
        ("proxy-authorization", True),
        ("cookie", True),
        ("Set-Cookie", True),
        ("x-api-key", True),
        ("private-token", True),
        ("x-auth-token", True),
        ("X_Secret_Value", True),
        ("x-password", True),
        ("x-keyboard", False),
        ("accept", False),
        ("x-request-id", False),
        ("content-type", False),
        # The later rule (README, "Secrets"): these parts, or these pieces anywhere.
        ("apikey", True),
        ("x-apikey", True),
        ("x-apitoken", True),
        ("x-authtoken", True),
        ("authentication", True),
        ("x-csrftoken", True),
        ("privatetoken", True),
        ("x-secretkey", True),
        ("x-clientsecret", True),
        ("x-session", True),
        ("x-amz-signature", True),
        ("x-credentials", True),
        ("passwd", True),
        ("x-tokenizer", True),  # a false positive the rule accepts: a miss would leak
    ],
)
def test_is_secret(name: str, secret: bool) -> None:
    """Secret headers are known by a -/_ separated part of their name, or by a piece
    of it anywhere (token, secret, passw, auth, apikey, api-key, api_key, credential)."""
    assert is_secret(name) is secret


def test_redact_keeps_the_scheme_word() -> None:
    """authorization keeps 'token'/'Bearer'; everything else secret is replaced whole."""
    assert redact_headers(
        {
            "authorization": "Bearer abc",
            "proxy-authorization": "one-word",
            "x-api-key": "token abc",
            "cookie": "a=1; b=2",
            "accept": "*/*",
        }
    ) == {
        "authorization": "Bearer <REDACTED>",
        "proxy-authorization": "<REDACTED>",
        "x-api-key": "<REDACTED>",
        "cookie": "<REDACTED>",
        "accept": "*/*",
    }


@pytest.mark.parametrize("render", [to_curl, to_python, to_json])
def test_redaction_is_one_switch_in_every_export(render: Any) -> None:
    """redact=True hides the token in every format; the default shows it."""
    options = endpoint(
        "GET /user", headers={"authorization": "token ghp_secret", "x-api-key": "k1"}
    )

    assert "ghp_secret" in render(options)
    hidden = render(options, redact=True)
    assert "ghp_secret" not in hidden
    assert "k1" not in hidden
    assert "token <REDACTED>" in hidden


def test_curl_survives_shlex() -> None:
    """The curl command splits back into its words, hostile text intact."""
    text = "it's $HOME `id` \\ ! \" ;"
    options = endpoint("POST /x", headers={"x-note": text}, data=text)

    words = shlex.split(to_curl(options).replace("\\\n", " "))

    assert words[words.index("--data-raw") + 1] == text
    assert f"x-note: {text}" in words


# --- JSON ---------------------------------------------------------------------------------


def test_to_json_round_trips_the_options() -> None:
    """The JSON copy reads back as the options."""
    options = endpoint("POST /x", title="café", request={"timeout": 5})

    assert json.loads(to_json(options)) == options
    assert "\n  " in to_json(options)
    assert "\n" not in to_json(options, indent=None)
    assert "café" in to_json(options)


def test_to_json_redacts_hand_written_header_values() -> None:
    """Redaction works on any header value, numbers included."""
    options = {"method": "get", "url": "http://h/", "headers": {"x-api-key": 12345}}

    assert json.loads(to_json(options, redact=True))["headers"] == {"x-api-key": "<REDACTED>"}


def test_to_json_bytes_bodies() -> None:
    """UTF-8 bytes become text; other bytes go as base64 under body_base64."""
    text = RequestOptions(method="post", url="http://h/", headers={}, body="é".encode())
    binary = RequestOptions(method="post", url="http://h/", headers={}, body=b"\xff\x00")

    assert json.loads(to_json(text))["body"] == "é"
    assert json.loads(to_json(binary)) == {
        "method": "post",
        "url": "http://h/",
        "headers": {},
        "body_base64": "/wA=",
    }


def test_to_json_refuses_what_json_cannot_hold() -> None:
    """Request metadata that is not JSON is refused by name."""
    options = endpoint("GET /x", request={"hook": print})

    with pytest.raises(EndpointError, match="the request options cannot become JSON"):
        to_json(options)
    with pytest.raises(EndpointError, match="to_json takes request options"):
        to_json([])  # type: ignore[arg-type]


# --- refusals -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ([], "snippets take request options (a mapping), not list"),
        ({"url": "http://h/"}, "snippet: method None is not an HTTP token"),
        ({"method": "get", "url": "/x"}, "snippet: url '/x' is not an absolute http(s) URL"),
        ({"method": "get", "url": "http://h/a b"}, "has whitespace, control or non-ASCII"),
        (
            {
                "method": "post",
                "url": "http://h/",
                "headers": {"content-length": "3"},
                "body": "ab",
            },
            "POST http://h/: content-length is 3 but the body has 2 bytes",
        ),
        (
            {"method": "head", "url": "http://h/", "body": "x"},
            "HEAD http://h/: a HEAD request has no body",
        ),
        ({"method": "post", "url": "http://h/", "body": float("nan")}, "cannot become JSON"),
        ({"method": "get", "url": "http://h/", "headers": {"x": "a\nb"}}, "CR, LF or NUL"),
        # Every client would send it as an authorization header the options do not show.
        ({"method": "get", "url": "https://u:pw@h/x"}, "the url has user:password@ in it"),
        # requests (urllib3) reads "\\" as "/": it would send the token to evil.com.
        (
            {"method": "get", "url": "https://evil.com\\.api.github.com/user"},
            "snippet: the url has a host, 'evil.com\\\\.api.github.com', that HTTP clients",
        ),
    ],
)
def test_snippets_refuse_what_they_cannot_send(options: Any, message: str) -> None:
    """Options no snippet could send exactly are refused, every format alike."""
    for render in (to_curl, to_python):
        with pytest.raises(EndpointError) as raised:
            render(options)
        assert message in str(raised.value)


@pytest.mark.parametrize(
    ("client", "url", "characters"),
    [
        ("requests", "http://h/a?x=[1]", "[ ]"),
        ("requests", "http://h/%7Euser", "%7E"),
        ("requests", "http://h/a%2fb", "%2f"),
        ("requests", "http://h/a%zz", "%"),
        ("requests", "http://h/a|b^c", "^ |"),
        ("httpx", "http://h/{a}?x={1}", "{ }"),
        ("httpx", "http://h/a`b", "`"),
    ],
)
def test_python_refuses_urls_the_client_rewrites(client: str, url: str, characters: str) -> None:
    """A URL the client would re-encode is refused, naming the characters."""
    options = {"method": "get", "url": url, "headers": {}}

    with pytest.raises(EndpointError) as raised:
        to_python(options, client=client)

    assert str(raised.value).startswith(f"{client} would re-encode {characters} in ")


def test_python_clients_that_pass_a_url() -> None:
    """httpx keeps [] and {} in a query, so its script is written."""
    options = {"method": "get", "url": "http://h/a?x=[1]&y={2}", "headers": {}}

    assert "http://h/a?x=[1]&y={2}" in to_python(options, client="httpx")


def test_unknown_client() -> None:
    """Only requests and httpx are known."""
    with pytest.raises(EndpointError, match="client 'urllib' is not one of requests, httpx"):
        to_python(endpoint("GET /x"), client="urllib")


def test_bytes_literals_quote_as_ruff_and_evaluate_to_the_bytes() -> None:
    """Every byte value, and both quote characters together or alone, give a double-quoted
    literal that evaluates to the very bytes."""
    for data in (bytes(range(256)), b"'", b'"', b"'\"\\'", b"\\'", b"\\", b""):
        options = RequestOptions(
            method="post", url="http://h/x", headers={"content-type": "a/b"}, body=data
        )
        line = next(x for x in to_python(options).splitlines() if x.startswith("body = "))

        assert line.startswith('body = b"')
        assert ast.literal_eval(line.removeprefix("body = ")) == data


def test_a_body_too_deep_for_a_literal_is_refused_by_python_only() -> None:
    """A 600-deep list is valid JSON (curl and JSON send it) but no Python literal Python
    can write out here: to_python says so, as an EndpointError."""
    deep: list[object] = []
    for _ in range(600):
        deep = [deep]
    options = endpoint("POST /x", data=deep)

    assert to_curl(options).endswith("https://api.github.com/x")
    with pytest.raises(EndpointError, match="nested too deeply to write as a Python literal"):
        to_python(options)


# --- secrets as environment references -----------------------------------------------------

GH_ENV = {"authorization": "token ${GITHUB_TOKEN}"}


def env_options(**headers: str) -> RequestOptions:
    """A GET of http://h/user with these headers and no others."""
    return RequestOptions(method="get", url="http://h/user", headers=headers)


def test_golden_curl_with_an_env_reference() -> None:
    """The text single-quoted, the variable alone double-quoted; other secrets masked."""
    options = env_options(authorization="token ghp_1", cookie="c=2", accept="*/*")

    assert to_curl(options, env=GH_ENV) == (
        "curl \\\n"
        "  -H 'authorization: token '\"${GITHUB_TOKEN:?}\" \\\n"
        "  -H 'cookie: <REDACTED>' \\\n"
        "  -H 'accept: */*' \\\n"
        "  -H 'User-Agent:' \\\n"
        "  http://h/user"
    )


@pytest.mark.parametrize(
    ("template", "value", "word"),
    [
        ("${K}", "k1", """-H 'x-api-key: '"${K:?}\""""),
        ("Basic ${U}:${P}", "Basic u:p", """-H 'x-api-key: Basic '"${U:?}"':'"${P:?}\""""),
        ("${A}${B}", "ab", """-H 'x-api-key: '"${A:?}${B:?}\""""),
        ("${A}-${A}", "a-a", """-H 'x-api-key: '"${A:?}"'-'"${A:?}\""""),
        ("tok '$`\\${A}", "tok '$`\\a", """-H 'x-api-key: tok '\\''$`\\'"${A:?}\""""),
        ("${lower_case__2}", "v", """-H 'x-api-key: '"${lower_case__2:?}\""""),
    ],
)
def test_curl_writes_each_variable_double_quoted(template: str, value: str, word: str) -> None:
    """Adjacent variables share their quotes; the text around them, ' and $ and all, stays
    single-quoted, so nothing but the variables is expanded."""
    snippet = to_curl(env_options(**{"x-api-key": value}), env={"x-api-key": template})

    assert snippet.splitlines()[1] == f"  {word} \\"


def test_a_posix_reader_of_the_curl_command_sees_the_expansions_as_written() -> None:
    """shlex (which expands nothing) reads the header word as the text and the ${NAME:?}."""
    options = env_options(authorization="Basic u:p")

    words = shlex.split(to_curl(options, env={"authorization": "Basic ${U}:${P}"}))

    assert "authorization: Basic ${U:?}:${P:?}" in words


def test_golden_python_with_env_references() -> None:
    """import os among the standard imports; each reference os.environ[...] joined by +."""
    options = endpoint("POST /x", title="t", headers={"authorization": "Basic u:p"})

    assert to_python(options, env={"authorization": "Basic ${U}:${P}"}) == (
        "import json\n"
        "import os\n"
        "\n"
        "import requests\n"
        "\n"
        'url = "https://api.github.com/x"\n'
        "headers = {\n"
        '    "accept": "application/vnd.github.v3+json",\n'
        f'    "user-agent": "{UA}",\n'
        '    "authorization": "Basic " + os.environ["U"] + ":" + os.environ["P"],\n'
        '    "content-type": "application/json; charset=utf-8",\n'
        "}\n"
        'payload = {"title": "t"}\n'
        "body = json.dumps(\n"
        '    payload, ensure_ascii=False, separators=(",", ":"), allow_nan=False\n'
        ").encode()\n"
        "\n"
        'response = requests.request("POST", url, headers=headers, data=body)\n'
        "print(response.status_code)\n"
        "print(response.text)"
    )


def test_python_imports_os_only_for_a_reference() -> None:
    """Without a body or a reference there is no json or os to import."""
    options = env_options(**{"x-api-key": "k", "accept": "*/*", "user-agent": "t"})

    assert to_python(options, client="httpx", env={"x-api-key": "${K}"}).startswith(
        'import os\n\nimport httpx\n\nurl = "http://h/user"\nheaders = {\n'
        '    "x-api-key": os.environ["K"],\n'
    )
    assert to_python(options, client="httpx", env={}).startswith("import httpx\n")


LONG = "A_VERY_LONG_NAME_FOR_AN_ENVIRONMENT_VARIABLE_THAT_HOLDS_THE_TOKEN"


def test_a_long_python_reference_is_split_as_ruff_splits_it() -> None:
    """The two layouts beyond one line, checked by hand (the test above checks them by ruff)."""
    options = env_options(authorization="Basic u:p", cookie="c")

    script = to_python(options, env={"authorization": "Basic ${" + LONG + "}:${P}"})
    single = to_python(options, env={"cookie": "${" + LONG + "_AND_MORE_OF_IT}"})

    assert (
        '    "authorization": "Basic "\n'
        f'    + os.environ["{LONG}"]\n'
        '    + ":"\n'
        '    + os.environ["P"],\n'
    ) in script
    assert f'    "cookie": os.environ[\n        "{LONG}_AND_MORE_OF_IT"\n    ],\n' in single


def test_golden_json_with_an_env_reference() -> None:
    """JSON holds the template as a profile writes it; other secrets are masked."""
    options = env_options(Authorization="token ghp_1", **{"x-api-key": "k"})

    assert json.loads(to_json(options, env=GH_ENV)) == {
        "method": "get",
        "url": "http://h/user",
        "headers": {"Authorization": "token ${GITHUB_TOKEN}", "x-api-key": "<REDACTED>"},
    }


@pytest.mark.parametrize("render", [to_curl, to_python, to_json])
def test_an_env_copy_never_shows_a_secret(render: Any) -> None:
    """Whatever redact says, a secret env does not map is masked, and one it maps is its
    template; an entry for a header the request lacks is not used."""
    options = env_options(authorization="token ghp_secret", **{"x-api-key": "k1-secret"})
    env = {"AUTHORIZATION": "token ${GITHUB_TOKEN}", "cookie": "${COOKIE}"}

    for redact in (False, True):
        text = render(options, redact=redact, env=env)
        assert "secret" not in text
        assert "GITHUB_TOKEN" in text
        assert "COOKIE" not in text
        assert "<REDACTED>" in text


@pytest.mark.parametrize(
    ("env", "message"),
    [
        (["token ${T}"], "env is list, not a mapping; pass header names"),
        ({"authorization": 1}, "env maps str to int; pass header names and their ${VAR}"),
        ({1: "${T}"}, "env maps int to str; pass header names"),
        # A credential of its own in the template would be copied: refused, not echoed.
        ({"authorization": "token ab${T}"}, "env['authorization'] is not a template of ${VAR}"),
        ({"authorization": "token"}, "env['authorization'] is not a template of ${VAR}"),
        # The request sends "token ...": a copy sending "Bearer ..." would be another one.
        ({"authorization": "Bearer ${T}"}, "env['authorization'] = 'Bearer ${T}' does not fit"),
        ({"authorization": "token ${T}/"}, "env['authorization'] = 'token ${T}/' does not fit"),
    ],
)
@pytest.mark.parametrize("render", [to_curl, to_python, to_json])
def test_env_refuses_what_it_cannot_stand_for(render: Any, env: Any, message: str) -> None:
    """A mapping that is not one of names to ${VAR} templates fitting their values is an
    EndpointError that names the header, never its value."""
    options = env_options(authorization="token ghp_x")

    with pytest.raises(EndpointError) as raised:
        render(options, env=env)

    assert str(raised.value).startswith(message)
    assert "ghp_x" not in str(raised.value)


def test_to_json_refuses_a_template_for_a_header_that_is_no_text() -> None:
    """A hand-written number can have been read from no template: refused."""
    options = {"method": "get", "url": "http://h/", "headers": {"x-api-key": 7}}

    with pytest.raises(EndpointError, match="does not fit the header's value"):
        to_json(options, env={"x-api-key": "${K}"})


@pytest.mark.parametrize("name", ["RANDOM", "_", "status", "PATH", "BASH_ENV", "ZSH_NAME"])
def test_curl_refuses_a_variable_the_shells_set_themselves(name: str) -> None:
    """bash, dash or zsh would read their own value of these, not the environment's: curl
    refuses and says why; Python reads os.environ, and writes its snippet."""
    options = env_options(authorization="token t")
    env = {"authorization": f"token ${{{name}}}"}

    with pytest.raises(EndpointError) as raised:
        to_curl(options, env=env)

    assert str(raised.value) == (
        f"to_curl: the shells set ${name} themselves, so a command cannot read it from the "
        "environment; read the secret from another variable, such as ${GITHUB_TOKEN}"
    )
    assert f'os.environ["{name}"]' in to_python(options, env=env)
