"""restroute.reader: pasted text read back into the request it describes, never run.

Each expected value below is worked out by hand from curl's manual (what -d, -G, --json,
-H 'Name:' and -H 'Name;' send) and POSIX shell quoting, not copied from the reader.
"""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from restroute import EndpointError, endpoint
from restroute._shell import MAX_TEXT, commands
from restroute.reader import ReadRequest, read_request

API = "https://api.github.com"
# As GitHub's REST docs write a call (curl -L, a token placeholder, the API version).
DOCS_CURL = """\
curl -L \\
  -X POST \\
  -H "Accept: application/vnd.github+json" \\
  -H "Authorization: Bearer <YOUR-TOKEN>" \\
  -H "X-GitHub-Api-Version: 2022-11-28" \\
  https://api.github.com/repos/OWNER/REPO/issues \\
  -d '{"title":"Found a bug","body":"I'\\''m having a problem with this."}'
"""


def test_a_curl_from_githubs_docs() -> None:
    """The method, the URL, each header by its lower-case name, the body as written (the
    '\\'' in it is a quote), and curl's form content-type, which -d adds."""
    request = read_request(DOCS_CURL)

    assert request == ReadRequest(
        "POST",
        f"{API}/repos/OWNER/REPO/issues",
        {
            "accept": "application/vnd.github+json",
            "authorization": "Bearer <YOUR-TOKEN>",
            "x-github-api-version": "2022-11-28",
            "content-type": "application/x-www-form-urlencoded",
        },
        '{"title":"Found a bug","body":"I\'m having a problem with this."}',
        "curl",
        [],
    )


def test_restroutes_own_curl_reads_back_to_its_request() -> None:
    """The snippet restroute writes: -H 'Content-Type:' removes curl's own header (so it
    is not read as one), --data-raw is the body as it is."""
    options = endpoint("POST /repos/{owner}/{repo}/issues", owner="o", repo="r", title="t b")

    request = read_request(options.to_curl())

    assert request.method == "POST"
    assert request.url == options["url"]
    assert request.headers == options["headers"]
    assert request.body == '{"title":"t b"}'
    assert request.warnings == []


@pytest.mark.parametrize(
    ("text", "method", "url"),
    [
        ("https://api.github.com/user", "GET", f"{API}/user"),
        ("api.github.com/users/octocat", "GET", f"{API}/users/octocat"),  # no scheme
        ("DELETE https://api.github.com/gists/1", "DELETE", f"{API}/gists/1"),
        ("patch /repos/o/r", "PATCH", "/repos/o/r"),  # a path alone stays a path
        ("  $ curl https://api.github.com/zen  ", "GET", f"{API}/zen"),  # a prompt pasted
    ],
)
def test_a_url_with_or_without_a_method(text: str, method: str, url: str) -> None:
    request = read_request(text)

    assert (request.method, request.url, request.body) == (method, url, None)


@pytest.mark.parametrize(
    ("options", "method", "url", "headers", "body"),
    [
        # -G puts the data in the query; several -d are joined with &
        ("-G -d per_page=2 -d state=open URL", "GET", "URL?per_page=2&state=open", {}, None),
        # --json: the body, and both JSON headers unless given
        (
            "--json '{\"a\":1}' URL",
            "POST",
            "URL",
            {"content-type": "application/json", "accept": "application/json"},
            '{"a":1}',
        ),
        (
            "--data-urlencode 'q=a b&c' URL",
            "POST",
            "URL",
            {"content-type": "application/x-www-form-urlencoded"},
            "q=a%20b%26c",
        ),
        ("-XPUT --url URL", "PUT", "URL", {}, None),  # a value joined to its option
        ("--request=patch URL", "PATCH", "URL", {}, None),
        ("-I URL", "HEAD", "URL", {}, None),
        (
            "-A agent/1 -e https://r -b 'a=1' URL",
            "GET",
            "URL",
            {"user-agent": "agent/1", "referer": "https://r", "cookie": "a=1"},
            None,
        ),
        ("-H 'X-Empty;' -H 'X-Gone:' URL", "GET", "URL", {"x-empty": ""}, None),
        (
            "-d $'a\\nb' URL",
            "POST",
            "URL",  # -d drops line breaks
            {"content-type": "application/x-www-form-urlencoded"},
            "ab",
        ),
        ("-L -s -i -v --compressed URL", "GET", "URL", {}, None),  # read and ignored
        ("-sSLG -d a=1 URL", "GET", "URL?a=1", {}, None),  # short flags together
    ],
)
def test_curls_options_as_curl_sends_them(
    options: str, method: str, url: str, headers: dict[str, str], body: str | None
) -> None:
    request = read_request(f"curl {options.replace('URL', f'{API}/x')}")

    assert request.method == method
    assert request.url == url.replace("URL", f"{API}/x")
    assert request.headers == headers
    assert request.body == body
    assert request.warnings == []


@pytest.mark.parametrize(
    ("text", "warning"),
    [
        ('curl -H "Authorization: Bearer $TOKEN" URL', "curl's -H holds $TOKEN"),
        ('curl -H "X-Run: $(rm -rf ~)" URL', "curl's -H holds $(rm -rf ~)"),
        ("curl -d `cat secret` URL", "curl's -d holds `cat secret`"),
        ('curl "URL/${PATH_PART}"', "the URL holds ${PATH_PART}"),
        ("curl -d @body.json URL", "comes from the file body.json, which is not read"),
        ("cat body.json | curl --data-binary @- URL", "from the pipe before curl, which is not"),
        ("curl --retry-all-errors URL", "curl's --retry-all-errors is not read"),
        ("curl -u me:pw URL", "curl's -u sends user:password as basic authorization"),
        ("curl -o out.json URL", "curl's -o out.json changes nothing sent"),
        ("curl -H nocolon URL", "curl's -H 'nocolon' is no header"),
        ("curl URL URL", "curl has 2 URLs; the first is read"),
    ],
)
def test_what_is_not_read_is_said(text: str, warning: str) -> None:
    """Nothing is expanded, opened or run; each such thing is named."""
    request = read_request(text.replace("URL", f"{API}/x"))

    assert any(warning in said for said in request.warnings), request.warnings


def test_single_quotes_expand_nothing() -> None:
    """'$TOKEN' is text: no warning."""
    request = read_request(f"curl -H 'Authorization: Bearer $TOKEN' {API}/user")

    assert request.headers == {"authorization": "Bearer $TOKEN"}
    assert request.warnings == []


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "there is nothing to read"),
        ("   # a comment only", "there is nothing to read"),
        ("curl -H 'unclosed", "a single quote is not closed"),
        ('curl -H "unclosed', "a double quote is not closed"),
        ("curl -d $'unclosed", "a $'...' quote is not closed"),
        ("curl -H", "curl's -H needs a value"),
        ("curl -s", "the curl command has no URL"),
        ("what is this", "'what is this' is neither a URL nor a curl command"),
        ("x" * (MAX_TEXT + 1), "paste a request of at most 1,000,000"),
    ],
)
def test_what_cannot_be_read_is_one_clear_error(text: str, says: str) -> None:
    with pytest.raises(EndpointError, match=says.replace("$", r"\$").replace("(", r"\(")):
        read_request(text)


def test_a_thousand_headers_and_a_long_url() -> None:
    """The issue's sizes read whole (benchmarks/bench_reader.py times them)."""
    headers = " ".join(f"-H 'x-h{n}: v'" for n in range(1000))

    request = read_request(f"curl {headers} {API}/{'/'.join(['s'] * 10_000)}")

    assert len(request.headers) == 1000
    assert request.url.count("/s") == 10_000


def test_shell_words_split_at_operators_and_keep_expansions() -> None:
    """Operators end a command; a word keeps each expansion as written, in order."""
    (first, second) = commands('a "b $X ${Y}"`z` && c')

    assert [word.text for word in first] == ["a", "b $X ${Y}`z`"]
    assert first[1].expansions == ["$X", "${Y}", "`z`"]
    assert [word.text for word in second] == ["c"]
    assert commands("a\\ b c\\\\") [0][0].text == "a b"  # fmt: skip


@given(st.text(max_size=200))
def test_any_text_reads_or_is_an_endpoint_error(text: str) -> None:
    """Never a traceback of another kind, whatever is pasted."""
    with contextlib.suppress(EndpointError):
        read_request(text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('"a\\"b\\$c\\\\d\\e"', ['a"b$c\\d\\e']),  # the four escapes; another backslash stays
        ('"a\\\nb"', ["ab"]),  # a line continued inside double quotes
        ("$'\\x41\\t\\''", ["A\t'"]),  # bash's C quoting
        ("cost $ 5", ["cost", "$", "5"]),  # a lone $ is text
        ("a>b", ["a"]),  # a redirection ends the words of the command
    ],
)
def test_shell_quoting_as_posix_reads_it(text: str, words: list[str]) -> None:
    assert [word.text for word in commands(text)[0]] == words


def test_what_the_shell_reader_refuses() -> None:
    """Not text, and a C-quoted escape that does not decode: one clear error each."""
    with pytest.raises(EndpointError, match="the text to read is bytes, not a str"):
        read_request(b"curl https://h")  # type: ignore[arg-type]
    with pytest.raises(EndpointError, match=r"a \$'...' quote has an escape that does not"):
        read_request("curl -d $'\\x' https://h")


@pytest.mark.parametrize(
    ("text", "method", "url", "headers", "body"),
    [
        # HTTPie: a header, a query item, a text field and a raw JSON field (JSON body,
        # with HTTPie's own accept), POST implied by the data
        (
            "http api.github.com/repos/o/r/issues Authorization:'token t' per_page==2 "
            "title='Found a bug' labels:='[\"bug\"]'",
            "POST",
            "http://api.github.com/repos/o/r/issues?per_page=2",
            {
                "authorization": "token t",
                "content-type": "application/json",
                "accept": "application/json, */*;q=0.5",
            },
            '{"title": "Found a bug", "labels": ["bug"]}',
        ),
        (
            "https put api.github.com/user/starred/o/r",
            "PUT",
            "https://api.github.com/user/starred/o/r",
            {},
            None,
        ),
        (
            "http -f POST :3000/form a=1 b='x y'",
            "POST",
            "http://localhost:3000/form",
            {"content-type": "application/x-www-form-urlencoded"},
            "a=1&b=x%20y",
        ),
        ("http --print=HB -v GET https://h/x", "GET", "https://h/x", {}, None),
        # --json after --form: JSON again; "Name:" with no value removes a header
        (
            "http -f --json h/x User-Agent: n:=1",
            "POST",
            "http://h/x",
            {"content-type": "application/json", "accept": "application/json, */*;q=0.5"},
            '{"n": 1}',
        ),
        (
            "gh api user -F name=Mona -F bio=-",
            "POST",
            f"{API}/user",
            {"content-type": "application/json"},
            '{"name": "Mona", "bio": "-"}',
        ),
        # gh api: the endpoint under api.github.com, -f text, -F typed, POST implied
        (
            "gh api repos/octocat/hello-world/issues -f title='Found a bug' -F draft=true "
            "-F milestone=3 -H 'Accept: application/vnd.github+json'",
            "POST",
            f"{API}/repos/octocat/hello-world/issues",
            {"accept": "application/vnd.github+json", "content-type": "application/json"},
            '{"title": "Found a bug", "draft": true, "milestone": 3}',
        ),
        (
            "gh api -X GET search/issues -f q='is:open' -F per_page=5",
            "GET",
            f"{API}/search/issues?q=is%3Aopen&per_page=5",
            {},
            None,
        ),
        (
            "gh api --hostname ghe.example.com /user --method=PATCH -F hireable=null",
            "PATCH",
            "https://ghe.example.com/api/v3/user",
            {"content-type": "application/json"},
            '{"hireable": null}',
        ),
        (
            "gh api -p mercy repos/o/r/topics --paginate --jq .names",
            "GET",
            f"{API}/repos/o/r/topics",
            {"accept": "application/vnd.github.mercy-preview+json"},
            None,
        ),
    ],
)
def test_httpie_and_gh_api(
    text: str, method: str, url: str, headers: dict[str, str], body: str | None
) -> None:
    """Each item as HTTPie's and gh's manuals define them, worked out by hand."""
    request = read_request(text)

    assert (request.method, request.url, request.headers, request.body) == (
        method,
        url,
        headers,
        body,
    )
    assert request.warnings == []


@pytest.mark.parametrize(
    ("text", "warning"),
    [
        ("http -a me:pw h/x", "HTTPie's -a (authentication) is left out"),
        ("http --frobnicate h/x", "HTTPie's --frobnicate is not read"),
        ("http h/x nothing", "'nothing' is no HTTPie item"),
        ("http h/x a:=nope", "a:= takes JSON, and 'nope' is not"),
        ("http h/x file@./a.json", "sends a file, which is not read"),
        ("http h/x q==$Q", "the item 'q==$Q' holds $Q"),
        ("gh api repos/{owner}/{repo}/issues", "gh fills {owner} from the repository"),
        ("gh api user --input body.json", "--input body.json is a file, which is not read"),
        ("gh api user -F avatar=@me.png", "-F @me.png reads a file"),
        ("gh api user --frob", "gh api's --frob is not read"),
        ('gh api user -H "Authorization: token $T"', "gh api's -H holds $T"),
    ],
)
def test_what_httpie_and_gh_leave_unread_is_said(text: str, warning: str) -> None:
    request = read_request(text)

    assert any(warning in said for said in request.warnings), request.warnings


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("http -v", "the HTTPie command has no URL"),
        ("gh api --paginate", "gh api has no endpoint"),
        ("gh api user -X", "gh api's -X needs a value"),
    ],
)
def test_httpie_and_gh_without_what_they_need(text: str, says: str) -> None:
    with pytest.raises(EndpointError, match=says):
        read_request(text)


def test_gh_types_only_plain_integers() -> None:
    """-F's integers are ASCII digits with one minus at most: "--5" and "²" stay text."""
    request = read_request("gh api user -F a=--5 -F b=² -F c=-7 -F d=12")

    assert request.body == '{"a": "--5", "b": "²", "c": -7, "d": 12}'


OCTOKIT_CALL = """\
const { data } = await octokit.request("POST /repos/{owner}/{repo}/issues", {
  owner: "octocat",
  repo: 'hello-world', // single quotes
  title: `Found a bug`,
  labels: ["bug",],  /* a trailing comma */
  assignee: user.login,
  headers: { "X-GitHub-Api-Version": "2022-11-28" },
});
"""


def test_an_octokit_request_call() -> None:
    """The route and parameters built as octokit builds them; the headers the call gives;
    a value that is code (user.login) named and left out."""
    request = read_request(OCTOKIT_CALL)

    assert request == ReadRequest(
        "POST",
        f"{API}/repos/octocat/hello-world/issues",
        {"x-github-api-version": "2022-11-28", "content-type": "application/json; charset=utf-8"},
        '{"title": "Found a bug", "labels": ["bug"]}',
        "octokit",
        ["assignee is code (user.login), not a value; it is left out"],
    )


def test_an_octokit_rest_method_is_its_route() -> None:
    """octokit.rest.repos.get is GET /repos/{owner}/{repo}, as the catalog knows it."""
    request = read_request('octokit.rest.repos.get({ owner: "o", repo: "r" })')

    assert (request.method, request.url, request.body) == ("GET", f"{API}/repos/o/r", None)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('octokit.rest.repos.get({ owner: "o", repo })', "builds no request: .*no value for"),
        ("octokit.rest.nope.never({})", "octokit.rest.nope.never is no route GitHub documents"),
        ("octokit.request(route, {})", "the Octokit call's route is not text"),
        ('octokit.request("GET /x", [1])', "the Octokit call's parameters are not an object"),
        ('octokit.request("GET /x", { a: "unclosed })', 'a " string is not closed'),
        ('octokit.request("GET /x", { a: 1 /* open', "a /\\* comment is not closed"),
        ('octokit.request("GET /x" { })', "',' or '\\)' is missing"),
        ("octokit.request(" + "[" * 200, "nested more than 100 levels"),
    ],
)
def test_an_octokit_call_that_cannot_be_read(text: str, says: str) -> None:
    with pytest.raises(EndpointError, match=says):
        read_request(text)


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("'it\\'s'", "it's"),
        ('"\\x41\\u0042\\u{1F600}\\n\\z"', "AB😀\nz"),
        ('"\\u{110000}"', "\\u{110000}"),  # past the last code point: kept as written
        ("`a ${b}`", "`a ${b}`"),  # a template that runs code: code
        ("-1.5e3", -1500.0),
        ("0x1F", "0x1F"),  # JavaScript's hex: not read as a number
        ("undefined", "undefined"),
        ("fn(a, (b))", "fn(a, (b))"),
        ("null", None),
    ],
)
def test_javascript_values_as_octokit_gets_them(written: str, value: object) -> None:
    """Strings with JavaScript's escapes, numbers, words; code kept as written, unread."""
    from restroute._jsdata import read_call_arguments

    assert read_call_arguments(f"({{ v: {written} }})") == [{"v": value}]


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("x", "'\\(' is missing"),
        ("(", "the text ends before a value"),
        ("({ a: 1 ", "',' or '}' is missing"),
        ("([1 2]", "',' or ']' is missing"),
        ("({ : 1 })", "a key is missing"),
        ("(, )", "a value is missing"),
        ("( // only a comment", "the text ends before a value"),
    ],
)
def test_javascript_that_does_not_read_is_one_clear_error(text: str, says: str) -> None:
    from restroute._jsdata import read_call_arguments

    with pytest.raises(EndpointError, match=f"the call's arguments: {says}"):
        read_call_arguments(text)


def test_a_call_left_open_reads_to_the_end_and_says_so() -> None:
    """A value that calls code whose parenthesis never closes takes the rest of the text,
    and the arguments are then not closed either."""
    from restroute._jsdata import read_call_arguments

    with pytest.raises(EndpointError, match="',' or '\\)' is missing at ''"):
        read_call_arguments("(f(a, b")


def test_the_longest_texts_read_whole() -> None:
    """Near the size limit, in one word, in double quotes and as object keys (reading a
    character at a time, joined per character, took 23 s on the first; the benchmark
    times each)."""
    assert len(read_request(f"curl {API}/{'a' * 999_000}").url) == len(API) + 999_001
    assert read_request('curl -d "' + "a\\\\" * 100_000 + f'" {API}/x').body == "a\\" * 100_000
    octokit = read_request('octokit.request("GET /x", {' + "a: 1," * 20_000 + "})")
    assert octokit.url == f"{API}/x?a=1"


def test_an_octokit_call_longer_than_any_written_by_hand_is_refused_at_once() -> None:
    """Past 200,000 characters (half a second to read), a call is refused, saying why."""
    call = 'octokit.request("GET /x", {' + "a: 1," * 40_000 + "})"

    with pytest.raises(EndpointError, match=r"200,029 characters; one of at most 200,000"):
        read_request(call)


@given(st.text(max_size=200))
def test_any_octokit_call_reads_or_is_an_endpoint_error(text: str) -> None:
    with contextlib.suppress(EndpointError):
        read_request(f"octokit.request({text}")


# --- restroute's own snippets, and scripts like them -------------------------------------


def test_a_bare_url_keeps_its_query_whole() -> None:
    """A URL from an address bar: its ``&`` is no shell's, and a method may come first."""
    assert read_request(f"{API}/search/issues?q=a&per_page=2").url == (
        f"{API}/search/issues?q=a&per_page=2"
    )
    assert read_request("delete /user/starred/o/r").method == "DELETE"
    assert read_request("api.github.com/users?since=1&per_page=2").url == (
        f"{API}/users?since=1&per_page=2"
    )


def test_restroutes_json_reads_back() -> None:
    text = (
        '{"method": "post", "url": "https://h/x", '
        '"headers": {"X-A": "1", "x-n": 2, "x-none": null}, "body": {"a": [1]}}'
    )

    request = read_request(text)

    assert (request.method, request.url, request.source) == ("POST", "https://h/x", "json")
    assert request.headers == {"x-a": "1", "x-n": "2"}
    assert request.body == '{"a": [1]}'
    assert read_request('{"url": "https://h/x", "body": "text"}').body == "text"
    assert read_request('{"url": "https://h/x"}').method == "GET"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"url": ', "starts as JSON but is none"),
        ('{"method": "GET"}', 'needs at least "url"'),
        ("{" * 100_000, "starts as JSON but is none"),
    ],
)
def test_json_that_is_no_request_is_refused(text: str, message: str) -> None:
    with pytest.raises(EndpointError, match=message):
        read_request(text)


@pytest.mark.parametrize(
    ("printf", "body"),
    [
        (r"printf '\000\001a\377'", b"\x00\x01a\xff"),  # octal, as restroute writes bytes
        (r"printf 'a%%b\\c\n\td'", "a%b\\c\n\td"),  # %% and C escapes
        (r"printf '\q\1234'", "\\qS4"),  # an unknown escape is itself; three octal digits
        ("printf '%s' 'a b'", "a b"),  # text, as restroute writes a long one
    ],
)
def test_a_body_piped_from_printf_is_what_printf_writes(printf: str, body: object) -> None:
    request = read_request(f"{printf} |\ncurl -X POST --data-binary @- {API}/markdown/raw")

    assert request.body == body
    assert request.warnings == []


@pytest.mark.parametrize(
    "printf",
    ["printf '%d'", 'printf "$BODY"', "printf '%s' a b", "printf", "cat f"],
)
def test_a_pipe_that_is_not_plain_printf_is_not_read(printf: str) -> None:
    """A conversion with no argument, an expansion, more words than restroute writes, or
    another command: the body is left out, and said to be."""
    request = read_request(f"{printf} | curl --data-binary @- {API}/markdown/raw")

    assert request.body == ""
    assert "from the pipe before curl, which is not read" in request.warnings[0]


def test_a_printf_body_among_others_is_left_out() -> None:
    request = read_request(f"printf x | curl --data-binary @- -d a=1 {API}/x")

    assert request.body == "&a=1"
    assert request.warnings == ["curl's body from printf is one of several; it is left out"]


def test_gh_fields_build_arrays_and_objects_as_gh_does() -> None:
    request = read_request("gh api /x -f 'a[]=1' -f 'a[]=2' -F 'o[k]=3' -f 'o[j][]=z' -f p=q")

    assert request.body == '{"a": ["1", "2"], "o": {"k": 3, "j": ["z"]}, "p": "q"}'


PYTHON = """\
import json
import os

import requests

url = "https://api.github.com/repos/o/r/issues"
headers = {
    "accept": "application/vnd.github.v3+json",
    "authorization": "token " + os.environ["GITHUB_TOKEN"],
}
payload = {"title": "t", "n": -1, "f": 1.5, "ok": True, "none": None, "list": ("a",)}
body = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()

response = requests.request("POST", url, headers=headers, data=body)
"""


def test_a_requests_script_is_read_without_running_it() -> None:
    request = read_request(PYTHON)

    assert (request.method, request.url, request.source) == (
        "POST",
        f"{API}/repos/o/r/issues",
        "python",
    )
    assert request.headers == {
        "accept": "application/vnd.github.v3+json",
        "authorization": "token ${GITHUB_TOKEN}",
    }
    assert request.body == '{"title":"t","n":-1,"f":1.5,"ok":true,"none":null,"list":["a"]}'
    assert request.warnings == [
        'os.environ["GITHUB_TOKEN"] is read when the script runs; it is kept as ${GITHUB_TOKEN}'
    ]


@pytest.mark.parametrize(
    ("call", "method", "body"),
    [
        ('httpx.post("https://h/x", json={"a": 1})', "POST", '{"a":1}'),
        ('requests.get(url="https://h/x")', "GET", None),
        ('httpx.put("https://h/x", content=b"\\xff")', "PUT", b"\xff"),
        ('httpx.patch("https://h/x", content="text")', "PATCH", "text"),
        ('requests.delete("https://h/x", data=make())', "DELETE", None),
    ],
)
def test_a_script_calling_a_verb_is_read(call: str, method: str, body: object) -> None:
    request = read_request(f"import httpx\nimport requests\n{call}\n")

    assert (request.method, request.url, request.body) == (method, "https://h/x", body)


def test_what_a_script_computes_is_named_and_left_out() -> None:
    script = (
        "import requests\nimport os\nsecret = os.getenv('T')\nbad = {**secret}\nx = 1 - 2\n"
        "requests.request('GET', 'https://h/x', headers={'a': secret}, params={'q': 1})\n"
    )

    request = read_request(script)

    assert request.headers == {}
    assert request.warnings == [
        "secret is code (os.getenv('T')); it is left out",
        "bad is code ({**secret}); it is left out",
        "x is code (1 - 2); it is left out",
        "the headers is code (secret); it is left out",
        "params= is not read: it is left out (the URL has the query)",
    ]


@pytest.mark.parametrize(
    ("script", "message"),
    [
        ("import requests\nrequests.request(", "does not parse"),
        ("import requests\nprint(1)\n", "calls neither requests nor httpx"),
        ("import requests\nrequests.request()\n", "names no method"),
        ("import requests\nrequests.get(x)\n", "URL is not text"),
        ("import requests\nrequests.get()\n", "URL is not text"),
        ("import requests\n" + "(" * 10_000 + ")" * 10_000, "does not parse"),
    ],
)
def test_a_script_that_sends_nothing_readable_is_refused(script: str, message: str) -> None:
    with pytest.raises(EndpointError, match=message):
        read_request(script)


def test_said_names_the_words_of_each_part() -> None:
    request = read_request(DOCS_CURL)

    assert request.said == {
        "method": "-X POST",
        "header accept": "-H 'Accept: application/vnd.github+json'",
        "header authorization": "-H 'Authorization: Bearer <YOUR-TOKEN>'",
        "header x-github-api-version": "-H 'X-GitHub-Api-Version: 2022-11-28'",
        "body": '-d \'{"title":"Found a bug","body":"I\'"\'"\'m having a problem…',
    }
    assert read_request(f"curl -d a=1 {API}/x").said["method"] == "POST, as curl sends a body"
    assert read_request(f"{API}/x").said["method"] == "GET, as a URL alone is"


def test_a_quoted_url_after_a_method_is_read_as_the_shell_reads_it() -> None:
    request = read_request(f"PATCH '{API}/user?a=1&b=2'")

    assert (request.method, request.url) == ("PATCH", f"{API}/user?a=1&b=2")


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("a.b = 1", None),  # not a name: not read, not warned
        ("x = -'a'", "-'a'"),
        ("x = 1 + 'a'", "1 + 'a'"),
        ("x = os.environ[1]", "os.environ[1]"),
        ("x = b'a'.encode()", "b'a'.encode()"),
        ("x = y = 1", None),
    ],
)
def test_each_value_a_script_computes_is_named(line: str, code: str | None) -> None:
    request = read_request(f"import requests\nimport os\n{line}\nrequests.get('https://h/x')\n")

    assert request.warnings == ([f"x is code ({code}); it is left out"] if code else [])
