"""restroute.catalog.match and reader.read_route: a request back to its route.

The expected routes and parameters are worked out by hand from the catalog's templates
and GitHub's docs (tests/cases/import/ holds the hand-written docs-style cases); the
round trip checks the reader against what restroute itself built from known values.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from restroute import EndpointError, catalog, endpoint, snippets
from restroute.catalog import Match, Operation, Parameter, Part, match
from restroute.reader import read_route

API = "https://api.github.com"
CASES = sorted((Path(__file__).parents[1] / "cases" / "import").glob("*.json"))


# --- the round trip: every operation, every format --------------------------------------


def example(parameter: Parameter) -> object:
    """A value of the parameter's type, with a space and (when it may) a slash in it."""
    kind = parameter.type
    if parameter.enum:
        return [parameter.enum[0]] if kind.startswith("array<") else parameter.enum[0]
    if kind == "integer":
        return 7
    if kind == "boolean":
        return True
    if kind == "number":
        return 1.5
    if kind.startswith("array<integer"):
        return [1, 2]
    if kind.startswith("array<"):
        return ["a", "b"]
    if kind == "object":
        return {"k": "v"}
    return "a/b c" if parameter.multi_segment else "x y"


def built(op: Operation) -> tuple[str, dict[str, Any]]:
    """The route and parameters for ``op`` with an example for every form row, the first
    format it documents included."""
    values: dict[str, object] = {}
    for name, parameter in op.form():
        if name == "data":
            values[name] = "raw body"
        elif name == "media_type.format":
            values[name] = op.formats[0]
        else:
            values[name] = example(parameter)
    return op.call(values)


def texts(options: dict[str, Any], method: str) -> dict[str, str]:
    written = {
        "curl": snippets.to_curl(options),
        "requests": snippets.to_python(options),
        "httpx": snippets.to_python(options, client="httpx"),
        "json": snippets.to_json(options),
    }
    if method == "GET":
        written["url"] = options["url"]
    return written


# --- the hand-written cases ----------------------------------------------------------------


@pytest.mark.parametrize("path", CASES, ids=[path.stem for path in CASES])
def test_a_request_as_githubs_docs_write_it(path: Path) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))

    found = read_route(case["text"])

    params = dict(found.params)
    media: dict[str, object] = params.pop("media_type", {})  # type: ignore[assignment]
    assert found.route == case["route"]
    assert found.operation is not None
    assert found.operation.id == case["operation"]
    assert found.base_url == case["base_url"]
    assert params == case["params"]
    assert found.headers == case["headers"]
    assert media.get("format") == case["media_type"]


def test_the_cases_cover_every_kind_of_paste() -> None:
    """curl, URLs, routes, gh api, HTTPie and Octokit each have cases of their own."""
    starts = {path.stem.split("-")[0] for path in CASES}

    assert starts >= {"curl", "url", "route", "gh", "httpie", "octokit"}
    assert len(CASES) >= 30


# --- the route ----------------------------------------------------------------------------


def test_a_literal_segment_beats_a_variable() -> None:
    """issues/comments is a route of its own, not issue number "comments"."""
    assert match("GET", "/repos/o/r/issues/comments").operation == catalog.find(
        "issues/list-comments-for-repo"
    )
    assert match("GET", "/repos/o/r/issues/5").params == {
        "owner": "o",
        "repo": "r",
        "issue_number": 5,
    }


def test_a_value_that_is_not_its_parameters_type_does_not_fit() -> None:
    """An issue number is an integer: ``x`` is no issue, and no other GET fits."""
    found = match("GET", "/repos/o/r/issues/x/comments")

    assert found.operation is None
    assert found.route == "GET /repos/o/r/issues/x/comments"
    assert found.warnings == ("GitHub documents no GET route for this path",)


def test_a_multi_segment_parameter_spans_slashes_raw_or_encoded() -> None:
    raw = match("GET", "/repos/o/r/contents/docs/guide/README.md")
    encoded = match("GET", "/repos/o/r/contents/docs%2Fguide%2FREADME.md")

    assert raw.params["path"] == encoded.params["path"] == "docs/guide/README.md"
    assert raw.route == encoded.route == "GET /repos/{owner}/{repo}/contents/{path}"


def test_a_span_leaves_the_literal_segments_after_it_to_their_route() -> None:
    """``branches/feature/x/protection``: a branch feature/x and its protection, since
    protection as a literal beats protection as a third part of the branch's name."""
    found = match("GET", "/repos/o/r/branches/feature/x/protection")

    assert found.operation == catalog.find("repos/get-branch-protection")
    assert found.params["branch"] == "feature/x"
    assert match("GET", "/repos/o/r/branches/feature/x").params["branch"] == "feature/x"


def test_a_segment_with_literal_text_beats_a_bare_variable() -> None:
    """``compare/a...b`` is base and head; a segment without ``...`` is a basehead."""
    both = match("GET", "/repos/o/r/compare/main...feature%2Fx")
    one = match("GET", "/repos/o/r/compare/main")

    assert both.operation == catalog.find("repos/compare-commits")
    assert (both.params["base"], both.params["head"]) == ("main", "feature/x")
    assert one.operation == catalog.find("repos/compare-commits-with-basehead")
    assert one.params["basehead"] == "main"


def operation(id: str, url: str, *names: str) -> Operation:
    parameters = tuple(Parameter(name, "path", "string", True) for name in names)
    return Operation(id, "GET", url, "", "", "x", "x", False, API, (), "", parameters)


def test_routes_as_literal_as_each_other_are_alternatives_with_a_warning() -> None:
    """Two routes that name the same segment differently fit alike: the first one
    documented is read, and the other is given, never dropped in silence."""
    first = operation("a/by-org", "/orgs/{org}/x", "org")
    second = operation("a/by-name", "/orgs/{name}/x", "name")

    found = match("GET", "/orgs/github/x", among=(first, second))

    assert found.operation is first
    assert found.params == {"org": "github"}
    assert found.alternatives == (second,)
    assert found.warnings == (
        "the URL fits a/by-org and, as literally, a/by-name: a/by-org is read (the first "
        "GitHub documents); the others are given as alternatives",
    )


def test_a_path_with_no_route_for_its_method_names_the_methods_it_has() -> None:
    found = match("PUT", "/user")

    assert found.operation is None
    assert found.route == "PUT /user"
    assert found.warnings == ("GitHub documents no PUT route for this path; it has GET, PATCH",)


def test_a_path_longer_than_any_route_is_refused_at_once() -> None:
    with pytest.raises(EndpointError, match=r"10,001 segments.*at most 500"):
        match("GET", "/a" * 10_001)


@pytest.mark.parametrize(
    ("method", "url", "message"),
    [
        (b"GET", "/user", "the method as text"),
        ("GET", None, "the URL as text .str., not NoneType"),
        ("GET", "https://", "no host"),
        ("GET", "http://[::1", "no URL"),
    ],
)
def test_what_is_no_request_is_refused(method: Any, url: Any, message: str) -> None:
    with pytest.raises(EndpointError, match=message):
        match(method, url)


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"headers": [("accept", "x")]}, "the headers as a mapping"),
        ({"headers": {"accept": 1}}, "the headers as a mapping"),
        ({"body": {"title": "t"}}, "the body as str or bytes .or None., not dict"),
        ({"said": {"method": None}}, "said as a mapping"),
        ({"among": [catalog.find("users/get-by-username")]}, "among= as a tuple"),
        ({"among": ("GET /user",)}, "among= as a tuple"),
    ],
)
def test_arguments_of_the_wrong_type_are_refused_by_name(
    given: dict[str, Any], message: str
) -> None:
    with pytest.raises(EndpointError, match=message):
        match("GET", "https://api.github.com/user", **given)


def test_a_url_refused_is_never_quoted_back_as_it_may_hold_a_token() -> None:
    for url in ("https://?access_token=ghp_SECRET", "http://[ghp_SECRET"):
        with pytest.raises(EndpointError) as refused:
            match("GET", url)
        assert "SECRET" not in str(refused.value)


def test_text_of_a_str_subclass_is_read_as_its_plain_value() -> None:
    class Loud(str):
        def upper(self) -> str:
            return "DELETE"

        def partition(self, sep: str) -> tuple[str, str, str]:
            raise RuntimeError

    found = match(Loud("get"), Loud("https://api.github.com/users/octocat"))
    assert (found.method, found.route) == ("GET", "GET /users/{username}")


# --- where it went -----------------------------------------------------------------------


def test_a_urls_user_and_password_are_sent_as_basic_authorization_as_curl_sends_them() -> None:
    found = match("GET", "https://user:p%40ss@api.github.com/user")

    assert (found.route, found.base_url) == ("GET /user", "https://api.github.com")
    assert found.headers == {"authorization": "Basic dXNlcjpwQHNz"}  # "user:p@ss"
    assert Part("user:p%40ss@", "headers.authorization") in found.parts
    assert not any("p%40ss" in warning for warning in found.warnings)


def test_a_token_as_the_urls_user_is_sent_with_an_empty_password() -> None:
    found = match("GET", "https://ghp_x@API.github.com/user")

    assert found.headers == {"authorization": "Basic Z2hwX3g6"}  # "ghp_x:"
    assert found.base_url == "https://api.github.com"


def test_an_authorization_header_is_sent_instead_of_the_urls_user() -> None:
    found = match("GET", "https://u:p@api.github.com/user", {"authorization": "token T"})

    assert found.headers == {"authorization": "token T"}
    assert Part("u:p@", "left out", "an authorization header is given, and is sent instead") in (
        found.parts
    )


def test_another_hosts_warning_names_its_host_and_never_the_urls_password() -> None:
    found = match("GET", "https://me:hunter2@example.com/user")

    assert found.warnings[0].startswith("example.com is not GitHub's API")
    assert "hunter2" not in " ".join(found.warnings)


def test_an_enterprise_servers_base_url_is_reported_and_the_path_matched_under_it() -> None:
    found = match("GET", "https://ghe.example.com/api/v3/repos/o/r/git/ref/heads/a/b")

    assert found.base_url == "https://ghe.example.com/api/v3"
    assert found.route == "GET /repos/{owner}/{repo}/git/ref/{ref}"
    assert found.params["ref"] == "heads/a/b"
    assert Part("https://ghe.example.com/api/v3", "base_url") in found.parts


def test_an_upload_keeps_its_host_and_on_an_enterprise_server_loses_it() -> None:
    upload = "/repos/o/r/releases/1/assets?name=a.zip"
    on_github = match("POST", f"https://uploads.github.com{upload}")
    on_ghes = match("POST", f"https://ghe.example.com/api/uploads{upload}")

    assert on_github.route == (
        "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}"
        "/assets{?name,label}"
    )
    assert on_ghes.route == "POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}"
    assert on_ghes.base_url == "https://ghe.example.com/api/uploads"
    assert (
        on_github.params
        == on_ghes.params
        == {
            "owner": "o",
            "repo": "r",
            "release_id": 1,
            "name": "a.zip",
        }
    )


def test_an_upload_sent_to_the_api_host_is_matched_and_said_to_go_elsewhere() -> None:
    found = match("POST", f"{API}/repos/o/r/releases/1/assets?name=a.zip")

    assert found.operation == catalog.find("repos/upload-release-asset")
    assert found.warnings == (
        "repos/upload-release-asset goes to https://uploads.github.com, not https://api.github.com",
    )


def test_another_host_is_matched_as_githubs_with_a_warning() -> None:
    found = match("GET", "https://example.com/users/octocat")

    assert found.base_url == "https://example.com"
    assert found.params == {"username": "octocat"}
    assert "example.com is not GitHub's API" in found.warnings[0]


def test_http_to_githubs_host_is_read_as_https() -> None:
    """HTTPie's ``http api.github.com/...`` writes http://; GitHub answers only https."""
    found = match("GET", "http://api.github.com/user")

    assert (found.base_url, found.route) == (API, "GET /user")
    assert found.warnings[0].startswith("http://api.github.com is read as https://api.github.com")


# --- the query, the headers, the body ----------------------------------------------------


def test_query_values_are_typed_and_arrays_split_as_endpoint_joins_them() -> None:
    found = match("GET", "/orgs/o/personal-access-token-requests?owner=a,b&per_page=5&sort=x")

    assert found.params == {"org": "o", "owner": ["a", "b"], "per_page": 5, "sort": "x"}


def test_a_query_name_given_twice_is_a_list_and_plus_is_a_space() -> None:
    found = match("GET", "/search/issues?q=is%3Aopen+label%3Abug&per_page=1&per_page=2")

    assert found.params == {"q": "is:open label:bug", "per_page": [1, 2]}


def test_an_array_given_by_repeated_names_is_one_flat_list() -> None:
    # requests writes params={"owner": ["a", "b"]} as owner=a&owner=b; curl users write
    # owner=a,b&owner=c: the three are one array of owners either way.
    url = "/orgs/o/personal-access-token-requests?owner=a&owner=b&owner=c,d"

    assert match("GET", url).params == {"org": "o", "owner": ["a", "b", "c", "d"]}


def test_a_name_repeated_two_thousand_times_is_read_as_one_list_each_value_once() -> None:
    found = match("GET", "/search/issues?" + "&".join(f"per_page={n}" for n in range(2_000)))

    assert found.params["per_page"] == list(range(2_000))
    assert len(found.parts) == 1 + 2_000  # the method, then each value as it was written


def test_an_undocumented_query_parameter_is_kept_with_a_warning() -> None:
    found = match("GET", "/user?mine=1")

    assert found.params == {"mine": "1"}
    assert found.warnings == ("users/get-authenticated documents no query parameter mine; "
                              "it is kept as given",)  # fmt: skip


def test_a_query_parameter_of_a_post_is_named_in_its_route() -> None:
    """endpoint() sends a parameter a POST's route does not name in its body: the route
    names each one the query had, documented or not."""
    documented = match("POST", "https://uploads.github.com/repos/o/r/releases/1/assets?name=a&x=1")
    unknown = match("POST", "/not/documented?a=1&b=2")

    assert documented.route.endswith("/assets{?name,label,x}")
    assert unknown.route == "POST /not/documented{?a,b}"
    assert endpoint(unknown.route, unknown.params)["url"] == f"{API}/not/documented?a=1&b=2"


def test_a_query_value_named_like_an_option_is_left_out() -> None:
    found = match("GET", "/user?headers=x")

    assert found.params == {}
    assert Part("headers=x", "left out", "an option's name, not a parameter") in found.parts


def test_the_path_and_the_query_giving_one_name_keep_the_querys_with_a_warning() -> None:
    found = match("GET", "/users/octocat?username=other")

    assert found.params == {"username": "other"}
    assert "username is given twice" in found.warnings[-1]


def test_defaults_are_recognised_and_other_headers_kept() -> None:
    headers = {
        "accept": "application/vnd.github+json",
        "user-agent": "restroute/0.1.0",
        "x-github-api-version": "2022-11-28",
        "content-length": "0",
        "if-none-match": '"abc"',
        "authorization": "Bearer t",
    }

    found = match("GET", "/user", headers)

    # The API version GitHub uses without one is sent all the same: no layer of
    # restroute's sets it, and a request read back is built with what it sent.
    assert found.headers == {
        "x-github-api-version": "2022-11-28",
        "if-none-match": '"abc"',
        "authorization": "Bearer t",
    }
    assert [part.became for part in found.parts[1:]] == [
        "default",
        "default",
        "headers.x-github-api-version",
        "left out",
        "headers.if-none-match",
        "headers.authorization",
    ]


def test_another_user_agent_and_api_version_are_headers() -> None:
    headers = {"user-agent": "curl/8.5.0", "x-github-api-version": "2026-03-10"}

    assert match("GET", "/user", headers).headers == headers


def test_a_format_written_after_v3_is_the_format_itself() -> None:
    """GitHub documents ``application/vnd.github.v3.repository+json``: its format is
    ``repository``, which endpoint() sends as ``application/vnd.github.v3.repository``."""
    op = catalog.find("teams/check-permissions-for-repo-in-org")

    assert op is not None
    assert op.formats == ("repository",)


def test_a_documented_format_becomes_the_media_type_and_previews_are_read() -> None:
    raw = match("GET", "/repos/o/r/contents/a", {"accept": "application/vnd.github.raw+json"})
    v3 = match("GET", "/repos/o/r/pulls/1", {"accept": "application/vnd.github.v3.diff"})
    preview = match(
        "GET", "/user", {"accept": "application/vnd.github.squirrel-girl-preview+json"}
    )

    assert raw.params["media_type"] == {"format": "raw"}
    assert v3.params["media_type"] == {"format": "diff"}
    assert preview.params["media_type"] == {"previews": ["squirrel-girl"]}
    assert raw.headers == v3.headers == preview.headers == {}


def test_a_format_the_route_does_not_document_stays_a_header() -> None:
    accept = "application/vnd.github.diff"

    found = match("GET", "/user", {"accept": accept})

    assert found.headers == {"accept": accept}
    assert "media_type" not in found.params


def test_a_json_body_gives_its_fields_and_curls_form_type_is_explained() -> None:
    found = match(
        "POST",
        "/repos/o/r/issues",
        {"content-type": "application/x-www-form-urlencoded"},
        '{"title":"t","labels":["bug"]}',
    )

    assert found.params == {"owner": "o", "repo": "r", "title": "t", "labels": ["bug"]}
    assert found.headers == {}
    assert (
        Part(
            "content-type: application/x-www-form-urlencoded",
            "left out",
            "the body is JSON, which GitHub reads as JSON whatever its type says "
            "(curl's -d sends its form type)",
        )
        in found.parts
    )


def test_a_body_whose_fields_clash_goes_whole_into_data() -> None:
    """``name`` is a path parameter of the variable's route and a field of its body."""
    found = match("PATCH", "/repos/o/r/actions/variables/V", None, '{"name":"W","value":"1"}')

    assert found.params == {"owner": "o", "repo": "r", "name": "V",
                            "data": {"name": "W", "value": "1"}}  # fmt: skip


def test_an_undocumented_route_with_clashing_fields_sends_them_as_data() -> None:
    found = match("POST", "/not/documented", None, '{"url":"u","a":1}')

    assert found.params == {"data": {"url": "u", "a": 1}}
    assert endpoint(found.route, found.params)["body"] == {"url": "u", "a": 1}


def test_an_undocumented_body_field_is_kept_with_a_warning() -> None:
    found = match("POST", "/repos/o/r/issues", None, '{"title":"t","mood":"ok"}')

    assert found.params["mood"] == "ok"
    assert found.warnings == ("issues/create documents no body field mood; it is kept as given",)


@pytest.mark.parametrize(
    ("body", "data"),
    [("[1, 2]", [1, 2]), ("a=1&b=2", "a=1&b=2"), (b"\xff\x00", b"\xff\x00"), ("", "")],
)
def test_a_body_that_is_no_json_object_is_data(body: str | bytes, data: object) -> None:
    found = match("POST", "/markdown", {"content-type": "text/plain"}, body)

    assert found.data == data
    assert "title" not in found.params


def test_a_raw_bodys_route_keeps_its_content_type() -> None:
    found = match("POST", "/markdown/raw", {"content-type": "text/plain"}, "# Hi")

    assert found.data == "# Hi"
    assert found.headers == {"content-type": "text/plain"}


def test_the_empty_body_endpoint_gives_a_put_is_no_data() -> None:
    found = match("PUT", "/user/starred/o/r", None, "")

    assert found.data is None
    assert Part("", "default", "the empty body endpoint() sends a PUT, PATCH") in found.parts


def test_a_fragment_is_left_out() -> None:
    found = match("GET", f"{API}/user#top")

    assert Part("#top", "left out", "a fragment is never sent") in found.parts


def test_what_a_match_is_rebuilds_the_request() -> None:
    """endpoint(route, params + headers + base_url) sends what was read."""
    url = "https://ghe.example.com/api/v3/repos/o/r/contents/a%2Fb.md?ref=main"
    found = match("GET", url, {"accept": "application/vnd.github.raw+json", "x-a": "1"})

    options = endpoint(
        found.route, {**found.params, "headers": found.headers, "base_url": found.base_url}
    )

    assert options["url"] == url
    assert options["headers"]["accept"] == "application/vnd.github.v3.raw"
    assert options["headers"]["x-a"] == "1"


def test_a_match_shows_its_operation_by_id_not_in_full() -> None:
    assert "parameters=" not in repr(match("GET", "/user"))
    assert isinstance(match("GET", "/user"), Match)


def test_read_route_puts_the_readers_warnings_first() -> None:
    found = read_route("curl -u me https://api.github.com/user?mine=1")

    assert found.warnings[0].startswith("curl's user (-u) has no password")
    assert found.warnings[1].startswith("users/get-authenticated documents no query parameter")


def test_read_route_names_the_words_that_gave_each_part() -> None:
    found = read_route(
        "curl -X POST -H 'X-Trace: 1' https://api.github.com/repos/o/r/issues "
        '-d \'{"title":"t"}\''
    )

    assert found.parts == (
        Part("-X POST", "method"),
        Part("o", "path owner"),
        Part("r", "path repo"),
        Part("-H 'X-Trace: 1'", "headers.x-trace"),
        Part(
            "content-type: application/x-www-form-urlencoded",
            "left out",
            "the body is JSON, which GitHub reads as JSON whatever its type says "
            "(curl's -d sends its form type)",
        ),
        Part('"title": "t"', "body title"),
    )


@pytest.mark.parametrize(
    ("text", "flags", "why"),
    [
        ("curl -sSL https://api.github.com/user", ["-s", "-S", "-L"], "curl's own"),
        ("https -v --timeout=5 api.github.com/user", ["-v", "--timeout"], "HTTPie's own"),
        ("gh api user --paginate -i", ["--paginate", "-i"], "gh's own"),
    ],
)
def test_the_options_read_and_left_out_are_parts_saying_why(
    text: str, flags: list[str], why: str
) -> None:
    found = read_route(text)

    assert [part.text for part in found.parts[1 : 1 + len(flags)]] == flags
    assert {part.became for part in found.parts[1 : 1 + len(flags)]} == {"left out"}
    assert found.parts[1].note == f"{why}: how it runs, not what it sends"
    assert found.warnings == ()


def test_a_raw_body_without_a_content_type_has_none() -> None:
    bytes_ = match("POST", "/markdown/raw", None, b"\xff")
    text = match("POST", "/markdown/raw", None, "# Hi")

    assert (bytes_.data, text.data) == (b"\xff", "# Hi")
    assert bytes_.headers == text.headers == {}


def test_a_number_parameter_is_read_as_one() -> None:
    op = Operation("a/b", "GET", "/x", "", "", "a", "a", False, API, (), "", (
        Parameter("n", "query", "number"), Parameter("m", "query", "number")))  # fmt: skip

    found = match("GET", "/x?n=1.5&m=2", among=(op,))

    assert found.params == {"n": 1.5, "m": 2}


def test_any_number_of_catalogs_can_be_matched_against_in_turn() -> None:
    """A tree is made once per catalog and a few are kept; a sixth catalog is matched as
    well as the first."""
    catalogs = [(operation(f"a/{n}", f"/n{n}/{{x}}", "x"),) for n in range(6)]

    found = [match("GET", f"/n{n}/v", among=catalogs[n]).operation for n in range(6)]

    assert found == [ops[0] for ops in catalogs]
    assert match("GET", "/n0/v", among=catalogs[0]).operation is catalogs[0][0]


# --- what the adversary's second run found ------------------------------------------------


def test_a_scheme_relative_url_is_https_and_its_password_an_authorization() -> None:
    found = match("GET", "//me:pw@api.github.com/user")

    assert (found.route, found.base_url) == ("GET /user", "https://api.github.com")
    assert found.headers == {"authorization": "Basic bWU6cHc="}  # base64 of "me:pw"


@pytest.mark.parametrize(
    ("url", "route", "params"),
    [
        ("https://api.github.com/repos/o/r/../../../users/x", "GET /users/{username}",
         {"username": "x"}),
        ("/repos/o/r/../../users/x", "GET /repos/{owner}/{repo}",  # /repos/users/x
         {"owner": "users", "repo": "x"}),
        ("/../users/x", "GET /users/{username}", {"username": "x"}),  # nothing above /
        ("/repos/o/r/contents/docs/./../README.md", "GET /repos/{owner}/{repo}/contents/{path}",
         {"owner": "o", "repo": "r", "path": "README.md"}),
        ("/users/x/./../octocat", "GET /users/{username}", {"username": "octocat"}),
        ("/repos/o/r/contents/%2E%2E", "GET /repos/{owner}/{repo}/contents/{path}",
         {"owner": "o", "repo": "r", "path": ".."}),
    ],
)  # fmt: skip
def test_dot_segments_are_resolved_as_curl_and_browsers_send_the_path(
    url: str, route: str, params: dict[str, object]
) -> None:
    found = match("GET", url)

    assert (found.route, found.params) == (route, params)


def test_a_port_that_is_no_number_is_refused_never_read_as_a_host() -> None:
    with pytest.raises(EndpointError, match="the URL's port is no number"):
        match("GET", "https://evil.example.com:zq9secr/user")


@pytest.mark.parametrize("method", ["GET POST", "", "NONE!", "gét"])
def test_a_method_that_is_no_word_of_letters_is_refused(method: str) -> None:
    with pytest.raises(EndpointError, match="the method is no HTTP method"):
        match(method, "/user")


def test_more_query_pairs_headers_or_fields_than_any_operation_takes_are_refused() -> None:
    with pytest.raises(EndpointError, match="query has 2,001 pairs, and at most 2,000"):
        match("GET", "/user?" + "&".join(["a=1"] * 2001))
    with pytest.raises(EndpointError, match="2,001 headers, and at most 2,000"):
        match("GET", "/user", {f"x-h{n}": "v" for n in range(2001)})
    with pytest.raises(EndpointError, match="2,001 fields, and at most 2,000"):
        match("POST", "/user/repos", None, json.dumps({f"f{n}": 1 for n in range(2001)}))


@pytest.mark.parametrize("body", ['{"title": 1e400}', '{"title": NaN}', "[Infinity]"])
def test_numbers_json_cannot_write_again_keep_the_body_as_its_text(body: str) -> None:
    found = match("POST", "/repos/o/r/issues", {"content-type": "application/json"}, body)

    assert found.data == body
    assert "title" not in found.params


def test_a_callers_own_mapping_that_fails_as_it_is_read_is_refused() -> None:
    class Broken(dict[str, str]):
        def items(self) -> Any:
            raise RuntimeError

    with pytest.raises(EndpointError, match=r"reading it failed \(RuntimeError\)"):
        match("GET", "/user", Broken(a="b"))


def test_a_body_of_a_str_subclass_is_read_as_its_plain_text() -> None:
    class Loud(str):
        def __len__(self) -> int:
            raise RuntimeError

    assert match("POST", "/markdown/raw", None, Loud("# Hi")).data == "# Hi"


def test_the_parameters_by_name_are_made_once_and_forgotten_past_4096_operations() -> None:
    from restroute.catalog._match import _named

    op = catalog.find("users/get-by-username")
    assert op is not None
    first = _named(op)
    assert _named(op) is first
    for n in range(4096):
        _named(op._replace(id=f"x/{n}"))

    assert _named(op) is not first  # forgotten, and made again
    assert _named(op) == first == {"username": op.parameters[0]}


def test_a_content_type_without_a_body_is_a_part_left_out_not_dropped_in_silence() -> None:
    found = read_route("curl -H 'Content-Type: application/json' https://api.github.com/user")

    assert found.headers == {}
    assert found.parts[-1] == Part(
        "-H 'Content-Type: application/json'", "left out", "no body is sent, so it types none"
    )


def test_a_finite_number_with_a_fraction_or_exponent_is_read_as_a_float() -> None:
    """What the reader keeps as text is only a number JSON cannot write again."""
    body = '{"title": "t", "weight": 2.5, "n": -1E2}'
    found = match("POST", "/repos/o/r/issues", {"content-type": "application/json"}, body)

    assert found.data is None
    assert (found.params["weight"], found.params["n"]) == (2.5, -100.0)
    assert type(found.params["n"]) is float


@pytest.mark.parametrize("path", ["/repos//r", "/repos/o//issues", "/users//repos"])
def test_an_empty_segment_is_no_path_value(path: str) -> None:
    """GET /repos/{owner}/{repo} would fit /repos//r if "" were an owner: it is none."""
    found = match("GET", path)

    assert (found.operation, found.route) == (None, f"GET {path}")
    assert found.warnings == ("GitHub documents no GET route for this path",)
