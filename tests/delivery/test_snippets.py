"""restroute.snippets: every snippet sends exactly the request, proven on the wire.

Each case runs the real thing against a recording HTTP server on 127.0.0.1: the curl
command under bash, dash, zsh and a pasted-into interactive bash, and the Python script
with the real requests and httpx. `tests.wire.exactly` checks the six points of the
README's "Copy as curl or Python". Snippets that read their secrets from the environment
run with the variables set, and must deliver the very token they do not contain. Random
requests delivered the same way (a long Hypothesis run) are in
tests/slow/test_snippets_properties.py.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from restroute import EndpointError, RequestOptions, endpoint
from restroute.profiles import dump_profile, parse_profile
from restroute.session import Session
from restroute.snippets import to_curl, to_python
from tests.wire import exactly, recording_server, run_pasted, run_python, run_shell

SHELLS = ["bash", "dash", "zsh"]
RUNNERS = [*SHELLS, "pasted", "requests", "httpx"]

MakeOptions = Callable[[str], RequestOptions]


def deliver(runner: str, make: MakeOptions, cwd: Path) -> list[str]:
    """Run the snippet for RUNNER once against a fresh server; the differences found."""
    with recording_server() as server:
        options = make(server.base_url)
        done = run(
            runner, to_curl(options) if runner in CURL else to_python(options, client=runner), cwd
        )
        assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
        return exactly(server.requests, options)


CURL = [*SHELLS, "pasted"]


def run(
    runner: str, snippet: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    """SNIPPET run by RUNNER (a shell, a pasted-into bash, or python), ENV added."""
    if runner in SHELLS and shutil.which(runner) is None:
        pytest.fail(f"{runner} is not installed: apt-get install {runner} (.ci/run installs it)")
    if runner in SHELLS:
        return run_shell(runner, snippet, cwd, env)
    if runner == "pasted":
        return run_pasted(snippet, cwd, env)
    return run_python(snippet, cwd, env)


def on(route: str, **params: Any) -> MakeOptions:
    return lambda base_url: endpoint(route, params, base_url=base_url)


HOSTILE_TEXT = 'it\'s "quoted" $HOME $(id) `id` \\ ! & * ~ # ; | < > ? [x] {y} %s %%'

CASES: dict[str, MakeOptions] = {
    "get": on("GET /repos/{owner}/{repo}/issues", owner="octocat", repo="r", per_page=2),
    "hostile JSON": on("POST /x", title=HOSTILE_TEXT, n=[1, 2.5, None, True]),
    "hostile header": on("GET /x", headers={"x-note": HOSTILE_TEXT}),
    "hostile query": on("GET /search/issues", q=HOSTILE_TEXT + " is:open+label:bug"),
    "hostile path": on("GET /users/{name}", name=HOSTILE_TEXT),
    "body starts with @": on("POST /x", data="@secret.txt"),
    "body starts with -": on("POST /x", data="-d @secret.txt"),
    "binary body starts with -": on("POST /x", data=b"-n\x00\r", headers={"content-type": "a/b"}),
    "CRLF TAB controls": on(
        "POST /x", data="a\r\nb\tc\x01d\x7fe\u0085f\u2028g", headers={"content-type": "text/plain"}
    ),
    "non-ASCII text": on("POST /x", title="café naïve ✓ 😀 \u2028 </x>"),
    "all 256 bytes": on(
        "POST /x", data=bytes(range(256)), headers={"content-type": "application/octet-stream"}
    ),
    "200 KB text": on("POST /x", data="a'b$c\n" * 34_000, headers={"content-type": "text/plain"}),
    "3 MB JSON": on("POST /x", blob="x" * 3_000_000),
    "HEAD": on("HEAD /repos/{owner}/{repo}", owner="o", repo="r"),
    "PUT empty body": on("PUT /user/starred/{owner}/{repo}", owner="o", repo="r"),
    "DELETE with JSON": on("DELETE /x", reason="spam"),
    "POST without body": on("POST /x"),
    "empty header value": on("GET /x", headers={"x-empty": "", "authorization": "token t"}),
    # No user-agent or accept in the options: no client may add its own.
    "no user-agent": on("GET /x", headers={"user-agent": None}),
    "no accept": on("GET /x", headers={"accept": None}),
    "no headers at all": on("POST /x", data=b"raw", headers={"user-agent": None, "accept": None}),
    "query ending in ?": on("GET /search?"),
    "empty query after ?": on("GET /x?{&a}", a=None),
    "upload on another host": lambda base_url: endpoint(
        "POST {+origin}/repos/{owner}/{repo}/releases/{id}/assets{?name,label}",
        origin=base_url,
        owner="o",
        repo="r",
        id=1,
        name="a b.zip",
        data="Hello, world!\n",
        headers={"content-type": "application/zip", "content-length": 14},
    ),
}


# requests drops a ? that nothing follows: to_python refuses rather than send another URL.
REFUSED = {("query ending in ?", "requests"), ("empty query after ?", "requests")}


@pytest.mark.parametrize("runner", RUNNERS)
@pytest.mark.parametrize("case", list(CASES))
def test_snippets_send_exactly(case: str, runner: str, tmp_path: Path) -> None:
    """The snippet delivers the method, target, headers and body bytes of the options."""
    (tmp_path / "secret.txt").write_text("LEAKED")  # a body starting with @ must not read it
    if (case, runner) in REFUSED:
        with pytest.raises(EndpointError, match="requests would drop the \\? that ends"):
            deliver(runner, CASES[case], tmp_path)
        return

    assert deliver(runner, CASES[case], tmp_path) == []


def test_a_url_with_brackets_and_braces(tmp_path: Path) -> None:
    """curl (with --globoff) and httpx send []; requests would not, so to_python refuses it."""

    def make(base_url: str) -> RequestOptions:
        headers = {"accept": "*/*", "user-agent": "t"}
        url = f"{base_url}/search?labels[]=a&f={{x}}"
        return RequestOptions(method="get", url=url, headers=headers)

    for runner in ("bash", "httpx"):
        assert deliver(runner, make, tmp_path) == []
    with pytest.raises(EndpointError) as raised:
        to_python(make("http://127.0.0.1:1"), client="requests")
    assert str(raised.value).startswith("requests would re-encode [ ] { } in ")


def test_dot_segments_reach_the_server_with_curl(tmp_path: Path) -> None:
    """Hand-written options with dot segments: curl keeps them; the Python clients cannot."""

    def make(base_url: str) -> RequestOptions:
        headers = {"accept": "*/*", "user-agent": "t"}
        return RequestOptions(method="get", url=f"{base_url}/a/../b/./c", headers=headers)

    assert deliver("bash", make, tmp_path) == []
    for client in ("requests", "httpx"):
        with pytest.raises(EndpointError, match=r"would remove its \. and \.\. segments in"):
            to_python(make("http://127.0.0.1:1"), client=client)


# --- secrets as environment references -----------------------------------------------------

# Everything a shell could act on, in a token: quotes, $ and ${...}, $(...), backticks, a
# backslash, history (!), globs, separators and spaces. A header value has no CR/LF.
HOSTILE_TOKEN = "gh'p\"_$HOME $(id) `id` ${T} \\ ! !! * ? [a] ~ ; | & < > %s #x"

# A profile's secret headers as written, and the variables the snippet runs with.
ENV_CASES: dict[str, tuple[dict[str, str], dict[str, str]]] = {
    "scheme and variable": (
        {"authorization": "token ${GITHUB_TOKEN}"},
        {"GITHUB_TOKEN": "ghp_wire0123456789"},
    ),
    "hostile token": ({"authorization": "token ${GITHUB_TOKEN}"}, {"GITHUB_TOKEN": HOSTILE_TOKEN}),
    "variable alone, hostile": ({"x-api-key": "${API_KEY}"}, {"API_KEY": HOSTILE_TOKEN}),
    "odd but valid name": ({"x-api-key": "${_gh__Token_2}"}, {"_gh__Token_2": "k-odd-31337"}),
    "lowercase name": ({"private-token": "${gitlab_token}"}, {"gitlab_token": "glpat-lower-42"}),
    "two variables": (
        {"authorization": "Basic ${GH_USER}:${GH_PASS}"},
        {"GH_USER": "us$er-8a1", "GH_PASS": "pa'ss\"`x`-6b2"},
    ),
    "adjacent variables, one twice": (
        {"x-auth-token": "${HALF_A}${HALF_B}/${HALF_A}"},
        {"HALF_A": "first-7f3", "HALF_B": "'second-9c1"},
    ),
    "hostile separators": ({"authorization": "token '$`\"${T}\"`$'"}, {"T": "sep-tok-55"}),
}


def env_session(base_url: str, templates: dict[str, str], variables: dict[str, str]) -> Session:
    """A session whose profile reads its secrets from VARIABLES, as loading it would."""
    profile = parse_profile(dump_profile({"headers": templates}), name="env", environ=variables)
    assert profile.raw["headers"] == templates  # written as references, not left out
    session = Session("POST /repos/{owner}/issues", profiles=[profile])
    session.rows = [("owner", "o"), ("title", "env"), ("base_url", base_url)]
    return session


@pytest.mark.parametrize("runner", RUNNERS)
@pytest.mark.parametrize("case", list(ENV_CASES))
def test_env_snippets_send_the_token_they_do_not_contain(
    case: str, runner: str, tmp_path: Path
) -> None:
    """An "env" snippet holds no secret, and run with the variables set, it sends exactly
    the request: the token arrives as it is, never read again by the shell."""
    templates, variables = ENV_CASES[case]
    with recording_server() as server:
        session = env_session(server.base_url, templates, variables)
        snippet = session.snippet(
            "curl" if runner in CURL else runner.replace("requests", "python"), secrets="env"
        )
        options = session.explain().result
        assert options is not None
        done = run(runner, snippet, tmp_path, variables)

        assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
        assert exactly(server.requests, options) == []
    for value in variables.values():
        assert value not in snippet
    for name, template in templates.items():
        expected = template
        for variable, value in variables.items():
            expected = expected.replace(f"${{{variable}}}", value)
        assert server.requests[0].header_values(name) == [expected]


@pytest.mark.parametrize("runner", RUNNERS)
def test_an_unset_variable_stops_the_snippet_before_it_sends(runner: str, tmp_path: Path) -> None:
    """With the variable unset, the command or script fails naming it, and sends nothing:
    never a request without its credential."""
    name = "RESTROUTE_WIRE_UNSET_TOKEN"
    assert name not in os.environ
    with recording_server() as server:
        options = endpoint(
            "GET /user", headers={"authorization": "token t"}, base_url=server.base_url
        )
        env = {"authorization": f"token ${{{name}}}"}
        snippet = (
            to_curl(options, env=env)
            if runner in CURL
            else to_python(options, client=runner, env=env)
        )
        done = run(runner, snippet, tmp_path)

        assert done.returncode != 0
        assert name in done.stderr.decode(errors="replace")
        assert server.requests == []


# --- issue 32: a redacted copy still sends; a header too long for one argument -------------


@pytest.mark.parametrize("runner", RUNNERS)
def test_a_redacted_query_secret_is_sent_as_the_snippet_shows_it(
    runner: str, tmp_path: Path
) -> None:
    """The attacker's request, ``endpoint("GET /x", access_token="abc")``, copied with its
    secrets redacted: every client sends the redacted URL the snippet shows, byte for
    byte (requests and httpx re-encoded ``<REDACTED>``, so to_python refused it)."""
    with recording_server() as server:
        options = endpoint("GET /x", access_token="abc", page=2, base_url=server.base_url)
        shown = f"{server.base_url}/x?access_token=%3CREDACTED%3E&page=2"
        snippet = (
            to_curl(options, redact=True)
            if runner in CURL
            else to_python(options, client=runner, redact=True)
        )
        assert shown in snippet
        assert "abc" not in snippet
        done = run(runner, snippet, tmp_path)

        assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
        assert exactly(server.requests, {**options, "url": shown}) == []


KIB = 1024


def test_a_long_header_is_sent_whole_by_curl_or_refused_before_a_shell_runs(
    tmp_path: Path,
) -> None:
    """A 60 KiB header is one argument bash's curl sends exactly; one of 100 KiB, past
    MAX_CURL_ARGUMENT (64 KiB), is refused by to_curl up front, naming the limit, and so
    is one of 200 KiB, on which every shell's curl failed ("Argument list too long")."""

    def make(size: int) -> MakeOptions:
        return lambda base_url: endpoint(
            "GET /x", headers={"x-big": "b" * size}, base_url=base_url
        )

    assert deliver("bash", make(60 * KIB), tmp_path) == []
    with pytest.raises(EndpointError, match=r"the header x-big is .* past 65,536"):
        to_curl(make(100 * KIB)("http://127.0.0.1:1"))
    with pytest.raises(EndpointError, match=r"the header x-big is .* past 65,536"):
        to_curl(make(200 * KIB)("http://127.0.0.1:1"))
