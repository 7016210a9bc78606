"""restroute.reader: pasted text read back into the request it describes, never run.

Each expected value below is worked out by hand from curl's manual (what -d, -G, --json,
-H 'Name:' and -H 'Name;' send) and POSIX shell quoting, not copied from the reader.
"""

from __future__ import annotations

import json
import re
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from restroute import EndpointError, endpoint
from restroute.reader import ReadRequest, looks_like_request, read_request, read_route
from restroute.reader import _read as _read_module
from restroute.reader._shell import commands
from restroute.rules import MAX_PASTE as MAX_TEXT

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
        # a command by its kind alone: what it holds may be a secret
        ('curl -H "X-Run: $(rm -rf ~)" URL', "curl's -H holds a command's output, $(...)"),
        ("curl -d `cat secret` URL", "curl's -d holds a command's output, `...`"),
        ('curl "URL/${PATH_PART}"', "the URL holds ${PATH_PART}"),
        ("curl -d @body.json URL", "comes from the file body.json, which is not read"),
        ("cat body.json | curl --data-binary @- URL", "from the pipe before curl, which is not"),
        ("curl --proxy-anyauth URL", "curl's --proxy-anyauth is not read"),
        ("curl -u me URL", "curl's user (-u) has no password, which curl asks for"),
        ("curl -o out.json URL", "curl's -o changes nothing sent"),
        ("curl -H nocolon URL", "curl's -H has a value with no colon"),
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
        ("what is this", "the text is 3 words, and neither a URL"),
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
        ("http -a me h/x", "HTTPie's -a is left out: HTTPie asks for the password"),
        ("http -A digest -a me:pw h/x", "HTTPie's -a is left out: HTTPie answers digest's"),
        ("http --frobnicate h/x", "HTTPie's --frobnicate is not read"),
        ("http h/x nothing", "HTTPie's 1st item is no HTTPie item"),
        ("http h/x a=1 b:=nope", "HTTPie's 2nd item (b:=) takes JSON, and its value is not"),
        ("http h/x file@./a.json", "HTTPie's 1st item (file@) reads a file, which is not"),
        ("http h/x q==$Q", "HTTPie's 1st item holds $Q"),
        ("gh api repos/{owner}/{repo}/issues", "gh fills {owner} from the repository"),
        ("gh api user --input body.json", "--input names the file body.json, which is not"),
        ("gh api user -F avatar=@me.png", "gh api's -F avatar=@... reads a file"),
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
        ["assignee is code, not a value; it is left out"],
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
    from restroute.reader._jsdata import read_call_arguments

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
    from restroute.reader._jsdata import read_call_arguments

    with pytest.raises(EndpointError, match=f"the call's arguments: {says}"):
        read_call_arguments(text)


def test_a_call_left_open_reads_to_the_end_and_says_so() -> None:
    """A value that calls code whose parenthesis never closes takes the rest of the text,
    and the arguments are then not closed either."""
    from restroute.reader._jsdata import read_call_arguments

    with pytest.raises(EndpointError, match="',' or '\\)' is missing at their end"):
        read_call_arguments("(f(a, b")


def test_an_octokit_call_longer_than_any_written_by_hand_is_refused_at_once() -> None:
    """Past 200,000 characters (half a second to read), a call is refused, saying why."""
    call = 'octokit.request("GET /x", {' + "a: 1," * 40_000 + "})"

    with pytest.raises(EndpointError, match=r"200,029 characters; one of at most 200,000"):
        read_request(call)


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
    assert request.warnings == [  # the kind of code, never what it holds
        "secret is code (a call of os.getenv); it is left out",
        "bad is code (an expression (Dict)); it is left out",
        "x is code (an expression (BinOp)); it is left out",
        "the headers is code (the name secret, given no value here); it is left out",
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
        # whole: it is cut where it is shown, once its secrets are hidden (issue 32, F6)
        "body": '-d \'{"title":"Found a bug","body":"I\'"\'"\'m having a problem with this."}\'',
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
        ("x = -'a'", "an expression (UnaryOp)"),
        ("x = 1 + 'a'", "an expression (BinOp)"),
        ("x = os.environ[1]", "an expression (Subscript)"),
        ("x = b'a'.encode()", "a call"),  # of a literal: not shown
        ("x = y = 1", None),
    ],
)
def test_each_value_a_script_computes_is_named(line: str, code: str | None) -> None:
    request = read_request(f"import requests\nimport os\n{line}\nrequests.get('https://h/x')\n")

    assert request.warnings == ([f"x is code ({code}); it is left out"] if code else [])


# --- What the attack found: each case worked out by hand ---------------------------------


def test_an_octokit_put_with_no_body_sends_an_empty_one_and_no_content_type() -> None:
    """@octokit/endpoint sends "" as a PUT's body when no parameter is left for one, and
    sets content-type only when there is a body: none here."""
    request = read_request(
        'octokit.request("PUT /user/starred/{owner}/{repo}", {owner: "o", repo: "r"})'
    )

    assert (request.method, request.url) == ("PUT", f"{API}/user/starred/o/r")
    assert request.body == ""
    assert request.headers == {}


@pytest.mark.parametrize(
    "text",
    [
        "http h/x q==\udcff",  # a query item
        "http -f h/x a=\udcff",  # a form field
        f"curl --data-urlencode a=\udcff {API}/x",
        "gh api user -X GET -f q=\udcff",  # a GET's fields go to the query
        f"printf '\udcff' | curl --data-binary @- {API}/x",
        f"\udcff curl {API}/x",
    ],
)
def test_text_that_is_no_utf8_is_refused_saying_where(text: str) -> None:
    """A lone surrogate (what surrogateescape makes of bytes that are no UTF-8) is refused
    at once, by its place in the text, whatever would read it."""
    place = text.index("\udcff") + 1

    with pytest.raises(EndpointError, match=f"character {place} of the text is U\\+DCFF"):
        read_request(text)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (f"curl -d $'\\udcff' {API}/x", r"a \$'...' quote writes half of a UTF-16 pair"),
        ('{"url": "https://h/\\udcff"}', "the URL holds U\\+DCFF"),
        ('{"url": "https://h", "headers": {"x": "\\ud800"}}', "the header x holds U\\+D800"),
        ('{"url": "https://h", "headers": {"\\ud800": "v"}}', "a header's name holds U\\+D800"),
        ('{"url": "https://h", "method": "\\ud800"}', '"method" is no HTTP method'),
        ('{"url": "https://h", "body": "\\udcff"}', "the body holds U\\+DCFF"),
        ('octokit.request("GET /users/{u}", {u: "\\udcff"})', "the Octokit call holds U\\+DCFF"),
        ('octokit.request("GET /x", {a: ["\\udcff"]})', "the Octokit call holds U\\+DCFF"),
        ("import requests\nrequests.get('https://h/\\udcff')", "the URL holds U\\+DCFF"),
    ],
)
def test_an_escape_that_gives_half_a_utf16_pair_is_refused(text: str, says: str) -> None:
    """The text is UTF-8, but an escape in it (a shell's, JSON's, JavaScript's, Python's)
    writes a lone surrogate, which no request can send."""
    with pytest.raises(EndpointError, match=says):
        read_request(text)


def test_gh_fields_nest_at_most_100_levels() -> None:
    """a[b]...[b]=1 is an object a level per [b]: 99 of them make 100 objects and read;
    600 are refused by name, where json.dumps would recurse past Python's limit."""
    request = read_request("gh api x -f 'a" + "[b]" * 99 + "=1'")
    assert isinstance(request.body, str)
    assert request.body.count("{") == 100

    with pytest.raises(EndpointError, match="gh api's field a is nested 600 levels"):
        read_request("gh api x -f 'a" + "[b]" * 600 + "=1'")


def test_json_nested_too_deep_for_a_body_is_refused() -> None:
    """HTTPie's :=, and a JSON body: at most 100 levels, as in an Octokit call."""
    deep = "[" * 101 + "]" * 101
    with pytest.raises(EndpointError, match="2nd item \\(b:=\\) is nested more than 100"):
        read_request(f"http h/x a=1 b:='{deep}'")
    with pytest.raises(EndpointError, match="HTTPie's JSON body is nested more than 100"):
        read_request(f"http h/x b:='{deep[1:-1]}'")  # 100, and the body's object
    with pytest.raises(EndpointError, match="the JSON's body is nested more than 100"):
        read_request('{"url": "https://h", "body": ' + deep + "}")
    with pytest.raises(EndpointError, match="nested deeper than Python reads"):
        read_request('{"url": ' + "[" * 100_000)


@pytest.mark.parametrize(
    ("start", "step"),
    [
        ("x = [1]", "x = [x, x]"),  # 2**30 items, as json.dumps writes them
        ("x = {'a': 1}", "x = {'a': x, 'b': x}"),
        ("x = 'a'", "x = x + x"),  # 2**30 characters
        ("x = 'a'", "x = [x]"),  # 30 deep is fine; see the depth below
    ],
)
def test_a_script_whose_values_double_is_refused_in_time(start: str, step: str) -> None:
    lines = "\n".join([start, *[step] * (30 if step != "x = [x]" else 150)])
    script = f"import requests\n{lines}\nrequests.post('https://h/x', json=x)\n"

    started = time.perf_counter()
    with pytest.raises(EndpointError, match="the Python builds a value of more than 1,000,000"):
        read_request(script)
    assert time.perf_counter() - started < 5  # ms, refused at once; doubling took minutes


def test_a_script_that_uses_a_name_twice_reads() -> None:
    script = (
        "import requests\nx = [1]\ny = {'a': x, 'b': [x, x]}\nrequests.post('https://h/x', json=y)"
    )

    assert read_request(script).body == '{"a":[1],"b":[[1],[1]]}'


def test_a_dict_keyed_by_a_list_is_code() -> None:
    script = "import requests\nx = {[1]: 2}\nrequests.get('https://h/x')"

    assert read_request(script).warnings == [
        "x is code (a dict with a list or a dict as a key); it is left out"
    ]


@pytest.mark.parametrize("text", [None, b"curl https://h/x", 1, ["curl", "https://h/x"]])
def test_what_is_no_text_is_refused_naming_its_type(text: object) -> None:
    kind = type(text).__name__
    for function in (read_request, read_route, looks_like_request):
        with pytest.raises(EndpointError, match=f"the text to read is {kind}, not a str"):
            function(text)  # type: ignore[arg-type]


class Sly(str):
    """A str whose methods lie: the reader must read its value, not ask it."""

    def split(self, *args: object, **kwargs: object) -> list[str]:
        return ["gh"]

    def strip(self, *args: object) -> str:
        return "https://evil.example/"

    def startswith(self, *args: object) -> bool:
        return True

    def __str__(self) -> str:
        return "https://evil.example/"


def test_a_str_subclass_is_read_as_its_value() -> None:
    request = read_request(Sly(f"curl -X DELETE {API}/gists/1"))

    assert (request.method, request.url) == ("DELETE", f"{API}/gists/1")
    assert looks_like_request(Sly("GET /users/{username}")) is False
    assert read_route(Sly(f"{API}/user")).route == "GET /user"


TOKEN = "ghp_" + "A1b2C3d4E5" * 3 + "F6g7H8"  # a token's shape: ghp_ and 36 letters


@pytest.mark.parametrize(
    "text",
    [
        f"Authorization: Bearer {TOKEN}",  # no command at all
        f"curl -H 'Authorization token {TOKEN}' {API}/user",  # no colon
        f'{{"url": "{API}/user", "headers": {{"authorization": "{TOKEN}"',  # cut short
        f"curl -F 'password=@{TOKEN}' {API}/user",
        f"curl -d @{TOKEN} {API}/user",
        f"curl -o {TOKEN} --cacert {TOKEN} -K {TOKEN} {API}/user",
        f"curl --{TOKEN} -{TOKEN} {API}/user",
        f'curl -H "X-Token: $(echo {TOKEN})" {API}/user',
        f'curl -H "X-Token: ${{T:-{TOKEN}}}" {API}/user',
        f'curl "$(echo https://{TOKEN}@h/x)"',
        f"http h/x 'a:={TOKEN}' '{TOKEN}' 'f=@{TOKEN}' --{TOKEN}",
        f"gh api user --{TOKEN} --input {TOKEN} -F a=@{TOKEN}",
        f'import requests\nrequests.get("{API}/user", headers={{"a": "{TOKEN}"',
        f'import requests\nx = "{TOKEN}" + y\nrequests.get(z + "{TOKEN}")',
        f'import requests\n{TOKEN} = 1\nrequests.get("{API}/user", json={TOKEN}x)',
        f'octokit.request("GET /user", {{ headers: {{ authorization: "{TOKEN}" + x }} }})',
        f'octokit.request("GET /user", {{ a: "{TOKEN} }})',
        f'octokit.request("GET /user", {{ a: 1 {TOKEN} }})',
        f"octokit.rest.{TOKEN}.x({{}})",
    ],
)
def test_no_message_and_no_warning_shows_a_token(text: str) -> None:
    """A message says what is wrong and where, never what the text holds there."""
    assert TOKEN[4:20] not in said(text)


def said(text: str) -> str:
    """The error ``text`` is refused with, or the warnings it is read with."""
    try:
        return " ".join(read_request(text).warnings)
    except EndpointError as error:
        return str(error)


@pytest.mark.parametrize(
    ("options", "header", "said"),
    [
        ("-u user:pass", "Basic dXNlcjpwYXNz", "-u user:pass"),  # base64 of "user:pass"
        ("--user 'a b:c'", "Basic YSBiOmM=", "--user 'a b:c'"),  # of "a b:c"
        ("--oauth2-bearer tok", "Bearer tok", "--oauth2-bearer tok"),
        ("-su user:pass", "Basic dXNlcjpwYXNz", "-u user:pass"),
    ],
)
def test_curl_credentials_are_the_authorization_curl_sends(
    options: str, header: str, said: str
) -> None:
    request = read_request(f"curl {options} {API}/user")

    assert request.url == f"{API}/user"
    assert request.headers == {"authorization": header}
    assert request.said["header authorization"] == said


@pytest.mark.parametrize(
    ("options", "headers", "warning"),
    [
        ("-u user", {}, "curl's user (-u) has no password, which curl asks for"),
        ("--digest -u a:b", {}, "curl's credentials (-u), with --digest, answer the server's"),
        ("-u a:b -H 'Authorization: token x'", {"authorization": "token x"}, None),
        ("-H 'Authorization:' --oauth2-bearer t", {}, None),  # curl's own removed
    ],
)
def test_curl_credentials_curl_does_not_send(
    options: str, headers: dict[str, str], warning: str | None
) -> None:
    request = read_request(f"curl {options} {API}/user")

    assert request.headers == headers
    assert warning is None or any(warning in said for said in request.warnings)


@pytest.mark.parametrize(
    ("options", "method", "headers", "body"),
    [
        ("-sSLX POST", "POST", {}, None),
        ("-sSLXPOST", "POST", {}, None),
        ("-LH 'x: y'", "GET", {"x": "y"}, None),
        ("-Ld '{}'", "POST", {"content-type": "application/x-www-form-urlencoded"}, "{}"),
        ("-d -sS", "POST", {"content-type": "application/x-www-form-urlencoded"}, "-sS"),
        ("-GsSd a=1", "GET", {}, None),  # -G: a=1 goes to the query
    ],
)
def test_curl_short_options_written_together(
    options: str, method: str, headers: dict[str, str], body: str | None
) -> None:
    """Each letter an option; the first that takes a value takes the rest of the word,
    or the next word when nothing is left of it."""
    request = read_request(f"curl {options} {API}/x")

    assert (request.method, request.headers, request.body) == (method, headers, body)
    assert request.url == f"{API}/x" + ("?a=1" if "G" in options else "")


def test_curl_short_options_reading_a_file() -> None:
    request = read_request(f"curl -sd@body.json {API}/x")

    assert request.url == f"{API}/x"
    assert request.warnings == [
        "curl's body comes from the file body.json, which is not read; the body is left out"
    ]


@pytest.mark.parametrize(
    "options",
    [
        "-x http://proxy:3128", "--proxy http://p", "--cacert ca.pem", "--cert c.pem",
        "-E c.pem", "--key k.pem", "-K curlrc", "--config curlrc", "-r 0-99",
        "--range 0-99", "-c jar", "--cookie-jar jar", "--resolve h:443:1.2.3.4",
        "--connect-to a:443:b:443", "-D -", "--dump-header h.txt", "--limit-rate 1k",
        "-z 2024-01-01", "--max-redirs 3", "--interface eth0", "--proto =https", "-Y 1",
        "-y 1", "--retry-delay 1", "--retry-max-time 2", "--url-query a=1",
    ],
)  # fmt: skip
def test_curl_options_with_a_value_never_give_the_url(options: str) -> None:
    """curl 7.88.1's table of options (curl --help all) says which take a value."""
    request = read_request(f"curl {options} {API}/x")

    assert request.url == f"{API}/x"
    name, value = options.split()
    (warning,) = request.warnings
    assert warning.startswith(f"curl's {name} ")
    assert value not in warning.removeprefix(f"curl's {name} ")  # the value is not shown


@pytest.mark.parametrize(
    ("options", "method"),
    [("-F a=b", "POST"), ("--form-string a=b", "POST"), ("-T f.bin", "PUT"),
     ("-X PATCH --upload-file f.bin", "PATCH")],
)  # fmt: skip
def test_curl_bodies_that_are_not_read_are_said_and_set_the_method(
    options: str, method: str
) -> None:
    request = read_request(f"curl {options} {API}/x")

    assert (request.method, request.url, request.body) == (method, f"{API}/x", None)
    assert "which is not read; it is left out" in request.warnings[0]


def test_curl_negated_and_unknown_flags() -> None:
    """--no-location is -L's negation: read and ignored; an unknown one is named."""
    request = read_request(f"curl --no-location --no-frob --frob -Zq {API}/x")

    assert request.url == f"{API}/x"
    assert request.warnings == [
        "curl's --no-frob is not read: it is left out",
        "curl's --frob is not read: it is left out",
        "curl's -Z is not read: it is left out",
        "curl's -q is not read: it is left out",
    ]


@pytest.mark.parametrize(
    ("text", "url"),
    [
        ("http --session s --cert c.pem --proxy http:p --verify no -a u:p h/x", "http://h/x"),
        ("http --timeout=5 -pHB h/x", "http://h/x"),
        ("gh api --cache 1h -q .x -t '{{.}}' user", f"{API}/user"),
    ],
)
def test_httpie_and_gh_options_with_a_value_never_give_the_url(text: str, url: str) -> None:
    assert read_request(text).url == url


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('curl "$(echo https://h/x)"', "a command's output, \\$\\(...\\)"),
        ("curl $URL", "\\$URL"),
        ('curl "${SCHEME}${HOST}" -X POST', "\\${SCHEME}, \\${HOST}"),
        ("http $URL", "\\$URL"),
        ("gh api $ENDPOINT", "\\(\\$ENDPOINT\\)"),
        ("POST $URL", "\\$URL"),
    ],
)
def test_a_url_the_shell_computes_is_refused(text: str, says: str) -> None:
    with pytest.raises(EndpointError, match=f"is computed by the shell .*{says}"):
        read_request(text)


def test_a_url_the_shell_computes_gives_way_to_one_written() -> None:
    request = read_request(f"curl $URL {API}/x")

    assert request.url == f"{API}/x"
    assert request.warnings == ["curl has 2 URLs; the first is read"]


@pytest.mark.parametrize("newline", ["\r\n", "\r"])
def test_windows_and_terminal_line_breaks_continue_a_line(newline: str) -> None:
    text = f"curl -L \\{newline}  -X POST \\{newline}  {API}/x \\{newline}  -d 'a=1'{newline}"

    request = read_request(text)

    assert (request.method, request.url, request.body) == ("POST", f"{API}/x", "a=1")
    assert [w.text for w in commands(f"a{newline}b")[1]] == ["b"]  # and end a command


@pytest.mark.parametrize(
    "item", ["field=@file.txt", "field:=@file.json", "Header:@file", "field@file", "q==@f"]
)
def test_httpie_items_that_read_a_file_are_left_out(item: str) -> None:
    request = read_request(f"http POST h/x {item}")

    assert (request.url, request.headers, request.body) == ("http://h/x", {}, None)
    assert request.warnings[0].startswith("HTTPie's 1st item (")
    assert request.warnings[0].endswith(") reads a file, which is not read; it is left out")


def test_httpie_empty_headers_and_a_raw_body() -> None:
    """Name; sends the header empty; --raw is the body, as HTTPie sends it."""
    request = read_request("http --raw '{\"a\": 1}' h/x 'X-Empty;' 'X-Bad;v'")

    assert request.method == "POST"
    assert request.body == '{"a": 1}'
    assert request.headers == {
        "x-empty": "",
        "content-type": "application/json",
        "accept": "application/json, */*;q=0.5",
    }
    assert request.warnings == [
        "HTTPie's 2nd item (X-Bad;) sends an empty header and has a value after the ;; it "
        "is left out"
    ]
    both = read_request("http -f --raw 'a=1' h/x b=2")
    assert (both.body, both.headers) == (
        "a=1",
        {"content-type": "application/x-www-form-urlencoded"},
    )
    assert both.warnings == ["HTTPie's --raw is the body: the data items are left out"]


def test_warnings_are_said_once_each() -> None:
    assert read_request(f"curl -qqqq {API}/x").warnings == [
        "curl's -q is not read: it is left out"
    ]


def test_the_ordinals_of_items() -> None:
    request = read_request("http h/x " + " ".join(["a"] * 23))

    assert [w.split()[1] for w in request.warnings][::10] == ["1st", "11th", "21st"]
    assert [w.split()[1] for w in request.warnings][1:3] == ["2nd", "3rd"]
    assert request.warnings[21].split()[1] == "22nd"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("curl https://h/x", True),
        ('  {"url": 1}', True),
        ("a\nb", True),
        ("https://h/users/octocat", True),  # a URL with its values
        ("https://h/users/{username}", False),  # a route to type
        ("GET /user", False),
        ("", False),
    ],
)
def test_what_looks_like_a_request_to_read_back(text: str, expected: bool) -> None:
    assert looks_like_request(text) is expected


def test_the_shell_reader_alone_refuses_what_is_no_text_or_too_long() -> None:
    with pytest.raises(EndpointError, match="the text to read is bytes, not a str"):
        commands(b"curl")  # type: ignore[arg-type]
    with pytest.raises(EndpointError, match="paste a request of at most 1,000,000"):
        commands("x" * (MAX_TEXT + 1))


@pytest.mark.parametrize(
    ("terms", "says"),
    [
        (5_000, "the Python does not parse \\(RecursionError\\)"),  # too deep for ast
        (2_000, "the Python nests an expression deeper than is read"),  # ast's, not ours
    ],
)
def test_python_nested_too_deep_is_refused(terms: int, says: str) -> None:
    script = "import requests\nrequests.post('https://h/x', data=" + "'a' + " * terms + "y)"

    with pytest.raises(EndpointError, match=says):
        read_request(script)


@pytest.mark.parametrize(
    ("text", "authorization"),
    [
        ("http -a me:pw h/x", "Basic bWU6cHc="),  # base64 of "me:pw"
        ("http --auth=me:pw h/x", "Basic bWU6cHc="),
        ("http -A bearer -a ghp_T h/x", "Bearer ghp_T"),
        ("http --auth-type=bearer --auth ghp_T h/x 'Authorization:token X'", "Bearer ghp_T"),
    ],
)
def test_httpie_credentials_are_the_authorization_httpie_sends(
    text: str, authorization: str
) -> None:
    request = read_request(text)

    assert request.headers["authorization"] == authorization
    assert request.said["header authorization"].startswith("-a ")
    assert request.warnings == []


@pytest.mark.parametrize(
    "text",
    [
        "sudo curl -X POST https://api.github.com/repos/o/r/issues",
        "sudo -E curl -X POST https://api.github.com/repos/o/r/issues",
        "time curl -X POST https://api.github.com/repos/o/r/issues",
        "GITHUB_TOKEN=x DEBUG=1 curl -X POST https://api.github.com/repos/o/r/issues",
        "env -i A=1 curl -X POST https://api.github.com/repos/o/r/issues",
        "curl.exe -X POST https://api.github.com/repos/o/r/issues",
        "% curl -X POST https://api.github.com/repos/o/r/issues",
        "  $ curl -X POST https://api.github.com/repos/o/r/issues",
        "curl \\  \n  -X POST \\\t\n https://api.github.com/repos/o/r/issues",
    ],
)
def test_what_runs_curl_and_what_a_prompt_adds_are_read_past(text: str) -> None:
    request = read_request(text)

    assert (request.source, request.method, request.url) == (
        "curl",
        "POST",
        "https://api.github.com/repos/o/r/issues",
    )


@pytest.mark.parametrize(
    ("text", "route"),
    [
        ('octokit.paginate("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" })',
         ("GET", "https://api.github.com/repos/o/r/issues")),
        ('await octokit.issues.create({ owner: "o", repo: "r", title: "t" })',
         ("POST", "https://api.github.com/repos/o/r/issues")),
        ('github.rest.issues.create({ owner: "o", repo: "r", title: "t" })',
         ("POST", "https://api.github.com/repos/o/r/issues")),
    ],
)  # fmt: skip
def test_octokit_paginate_and_methods_by_name_with_or_without_rest(
    text: str, route: tuple[str, str]
) -> None:
    request = read_request(text)

    assert (request.method, request.url) == route


def test_an_http_message_as_on_the_wire_goes_to_its_host() -> None:
    text = (
        "POST /repos/o/r/issues HTTP/1.1\r\nHost: api.github.com\r\n"
        "Content-Type: application/json\r\nContent-Length: 13\r\n\r\n"
        '{"title":"x"}\r\n'
    )
    request = read_request(text)

    assert request == ReadRequest(
        "POST",
        "https://api.github.com/repos/o/r/issues",
        {"host": "api.github.com", "content-type": "application/json", "content-length": "13"},
        '{"title":"x"}',  # 13 characters: the line break after it is no body's
        source="http",
    )
    assert request.said["method"] == "POST /repos/o/r/issues HTTP/1.1"


def test_an_http_message_without_host_or_body_keeps_its_target() -> None:
    request = read_request("get /users/octocat HTTP/2\nAccept: */*\nnonsense\n")

    assert (request.method, request.url, request.body) == ("GET", "/users/octocat", None)
    assert request.headers == {"accept": "*/*"}
    assert request.warnings == [
        "a header line has no name and colon (Name: value); it is left out"
    ]


def test_an_http_message_read_back_to_its_route_leaves_host_and_length_out() -> None:
    found = read_route(
        'PATCH https://api.github.com/repos/o/r/issues/1 HTTP/1.1\n\n{"state":"closed"}\n'
    )

    assert found.route == "PATCH /repos/{owner}/{repo}/issues/{issue_number}"
    assert found.params == {"owner": "o", "repo": "r", "issue_number": 1, "state": "closed"}


def test_wrappers_with_no_command_after_them_are_no_request() -> None:
    with pytest.raises(EndpointError, match="the text is 2 words"):
        read_request("A=1 sudo")


def test_a_file_uploaded_with_a_method_given_keeps_the_method() -> None:
    request = read_request("curl -X POST -T asset.zip https://uploads.github.com/x")

    assert request.method == "POST"
    assert request.body is None


def test_a_body_whose_content_type_is_removed_is_sent_without_one() -> None:
    request = read_request("curl -H 'Content-Type:' -d 'x' https://api.github.com/markdown/raw")

    assert (request.body, request.headers) == ("x", {})


@pytest.mark.parametrize(
    "text",
    [
        "GITHUB_TOKEN=ghp_x curl api.github.com/user",
        'GH_TOKEN="ghp_x" gh api user',
        "sudo -E http api.github.com/user",
        "curl.exe api.github.com/user",
    ],
)
def test_a_command_after_what_runs_it_looks_like_a_request_to_paste(text: str) -> None:
    assert looks_like_request(text)


def test_a_url_with_text_of_its_own_between_expansions_is_read() -> None:
    assert read_request('curl "$HOST/users/$USER"').url == "https://$HOST/users/$USER"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        ("octokit.request('GET S3CR3T /user')", "its route (METHOD /path) or a header's name"),
        ("octokit.request('GET /user', {headers: {'S3CR3T bad': 'x'}})", "a header's name"),
        ("octokit.request('GET /users/{username}', {username})", "{username}"),
    ],
)
def test_an_octokit_call_endpoint_refuses_is_said_without_its_values(
    call: str, message: str
) -> None:
    with pytest.raises(EndpointError, match="the Octokit call builds no request") as refused:
        read_request(call)

    assert message in str(refused.value)
    assert "S3CR3T" not in str(refused.value)


@pytest.mark.parametrize("method", [None, "get post", 3, "gét"])
def test_json_options_whose_method_is_no_word_of_letters_are_refused(method: object) -> None:
    with pytest.raises(EndpointError, match='"method" is no HTTP method'):
        read_request(json.dumps({"method": method, "url": "/user"}))


def test_a_content_length_inside_a_character_reads_the_whole_body_and_says_so() -> None:
    request = read_request("POST /markdown/raw HTTP/1.1\nContent-Length: 3\n\néé")

    assert request.body == "éé"  # 4 bytes; 3 ends inside the second é
    assert request.warnings == [
        "the Content-Length ends inside a character: the body is read to the end of its text"
    ]


def test_a_hash_inside_a_word_is_part_of_it() -> None:
    """Only a # that starts a word starts a comment (a URL's fragment is no comment)."""
    assert [word.text for word in commands("curl https://h/a#b c #d")[0]] == [
        "curl", "https://h/a#b", "c",
    ]  # fmt: skip


def test_more_words_than_the_limit_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The limit made small (tests/slow/test_reader_scale.py passes 50,001 words)."""
    from restroute.reader import _shell

    monkeypatch.setattr(_shell, "MAX_WORDS", 3)
    assert len(commands("a b c")[0]) == 3
    with pytest.raises(EndpointError) as refused:
        commands("a b c d")
    assert str(refused.value) == (
        "the text has more than 3 words; paste one request (a curl of 1,000 headers has 2,000)"
    )


def test_a_python_script_over_100_000_characters_is_refused() -> None:
    """Refused before it is parsed (parsing 100,000 characters takes 0.4 s)."""
    script = "import requests\nrequests.get('https://h/x')\n"
    with pytest.raises(EndpointError) as refused:
        read_request(script + "#" * (100_001 - len(script)))
    assert str(refused.value) == (
        "the Python is 100,001 characters; one of at most 100,000 is read (paste the "
        "request's part of the script)"
    )


# The Python scripts' sign as it was: ^ at every line's start, then spaces that went on over
# the lines below, to the end of a long run of newlines each time.
OLD_PYTHON = r"^\s*(?:import|from)\s+(?:requests|httpx)\b"


@settings(max_examples=300)
@given(st.lists(st.sampled_from([*" \t\r\n\fx", "import", "from", " requests"]), max_size=14))
def test_a_python_script_is_known_where_the_old_expression_knew_it(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert _read_module._PYTHON.pattern != OLD_PYTHON  # (no copy of the new one)
    was = re.search(OLD_PYTHON, text, re.MULTILINE) is not None
    assert (_read_module._PYTHON.search(text) is not None) is was


@pytest.mark.parametrize("text", ["\n" * 200_000, "\n " * 100_000, "\r\n" * 100_000])
def test_a_long_run_of_blank_lines_is_read_in_linear_time(text: str) -> None:
    started = time.process_time()
    with pytest.raises(EndpointError):
        read_request(text)
    assert time.process_time() - started < 2  # ms; it was 31 s at 80,000 newlines
