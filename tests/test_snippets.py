"""restroute.snippets: every snippet sends exactly the request, proven on the wire.

Each case runs the real thing against a recording HTTP server on 127.0.0.1: the curl
command under bash, dash, zsh and a pasted-into interactive bash, and the Python script
with the real requests and httpx. `tests.wire.exactly` checks the six points of the
README's "Copy as curl or Python".
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from restroute import EndpointError, RequestOptions, endpoint
from restroute.snippets import to_curl, to_python
from tests.wire import exactly, recording_server, run_pasted, run_python, run_shell

SHELLS = ["bash", "dash", "zsh"]
RUNNERS = [*SHELLS, "pasted", "requests", "httpx"]

MakeOptions = Callable[[str], RequestOptions]


def deliver(runner: str, make: MakeOptions, cwd: Path) -> list[str]:
    """Run the snippet for RUNNER once against a fresh server; the differences found."""
    if runner in SHELLS and shutil.which(runner) is None:
        pytest.fail(f"{runner} is not installed: apt-get install {runner} (.ci/run installs it)")
    with recording_server() as server:
        options = make(server.base_url)
        if runner in SHELLS:
            done = run_shell(runner, to_curl(options), cwd)
        elif runner == "pasted":
            done = run_pasted(to_curl(options), cwd)
        else:
            done = run_python(to_python(options, client=runner), cwd)
        assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
        return exactly(server.requests, options)


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


# Text that has hurt copy-as tools: shell syntax, quotes, controls, separators, emoji.
_HOSTILE_ALPHABET = st.sampled_from(list("'\"$`\\!&*?~#%;|<>()[]{}@- \n\r\t\x00\x01\x1b\x7f"))
_hostile_text = st.text(
    alphabet=st.one_of(_HOSTILE_ALPHABET, st.characters(codec="utf-8")), max_size=40
)
_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | _hostile_text,
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(_hostile_text, children, max_size=4),
    max_leaves=12,
)  # fmt: skip
_header_values = st.text(
    alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E) | st.just("\t"), max_size=30
).map(str.strip)


@settings(max_examples=80, deadline=None, database=None)
@given(
    body=_json_values,
    header=_header_values,
    query=_hostile_text,
    runner=st.sampled_from(["bash", "dash", "requests", "httpx"]),
)
def test_random_requests_are_delivered_exactly(
    body: object, header: str, query: str, runner: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """For random JSON bodies, header values and query values, the snippet is exact."""
    cwd = tmp_path_factory.mktemp("run")

    def make(base_url: str) -> RequestOptions:
        return endpoint(
            "POST /x{?q}", q=query, data=body, headers={"x-value": header}, base_url=base_url
        )

    assert deliver(runner, make, cwd) == []


def test_dot_segments_reach_the_server_with_curl(tmp_path: Path) -> None:
    """Hand-written options with dot segments: curl keeps them; the Python clients cannot."""

    def make(base_url: str) -> RequestOptions:
        headers = {"accept": "*/*", "user-agent": "t"}
        return RequestOptions(method="get", url=f"{base_url}/a/../b/./c", headers=headers)

    assert deliver("bash", make, tmp_path) == []
    for client in ("requests", "httpx"):
        with pytest.raises(EndpointError, match=r"would remove its \. and \.\. segments in"):
            to_python(make("http://127.0.0.1:1"), client=client)
