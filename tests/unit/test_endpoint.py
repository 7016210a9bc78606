"""restroute.endpoint: route + parameters + defaults -> request options."""

from __future__ import annotations

import enum
from typing import Any

import pytest

from restroute import EndpointError, MissingParameterError, RequestOptions, endpoint
from tests.conftest import UA

GITHUB = "https://api.github.com"
HEADERS = {"accept": "application/vnd.github.v3+json", "user-agent": UA}
JSON_HEADERS = {**HEADERS, "content-type": "application/json; charset=utf-8"}


def test_readme_example() -> None:
    """The README's library example gives the result the README shows."""
    options = endpoint(
        "POST /repos/{owner}/{repo}/issues",
        owner="octocat",
        repo="hello-world",
        title="Found a bug",
        labels=["bug"],
    )

    assert options == {
        "method": "post",
        "url": "https://api.github.com/repos/octocat/hello-world/issues",
        "headers": JSON_HEADERS,
        "body": {"title": "Found a bug", "labels": ["bug"]},
    }
    assert type(options) is RequestOptions


def test_api_example() -> None:
    """The README's first example: path placeholders filled, the rest in the query."""
    options = endpoint(
        "GET /repos/{owner}/{repo}/issues", owner="octocat", repo="hello-world", per_page=2
    )

    assert options == {
        "method": "get",
        "url": "https://api.github.com/repos/octocat/hello-world/issues?per_page=2",
        "headers": HEADERS,
    }


CREATE_ISSUE = {
    "method": "post",
    "url": "https://api.github.com/repos/o/r/issues",
    "headers": JSON_HEADERS,
    "body": {"title": "t"},
}


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        (("POST /repos/{owner}/{repo}/issues",), {"owner": "o", "repo": "r", "title": "t"}),
        (("POST /repos/{owner}/{repo}/issues", {"owner": "o", "repo": "r", "title": "t"}), {}),
        (
            ({"method": "POST", "url": "/repos/{owner}/{repo}/issues", "owner": "o"},),
            {"repo": "r", "title": "t"},
        ),
        (
            (),
            {
                "method": "POST",
                "url": "/repos/{owner}/{repo}/issues",
                "owner": "o",
                "repo": "r",
                "title": "t",
            },
        ),
        (("post /repos/{owner}/{repo}/issues", None), {"owner": "o", "repo": "r", "title": "t"}),
        ((None, {"method": "post", "url": "/repos/o/r/issues", "title": "t"}), {}),
    ],
    ids=["route+keywords", "route+mapping", "mapping+keywords", "keywords", "lowercase", "none"],
)
def test_call_shapes(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """Every call shape (README, the library) gives the same request."""
    assert endpoint(*args, **kwargs) == CREATE_ISSUE


def test_url_only_route_is_get() -> None:
    """A route that is only a URL means GET."""
    assert endpoint("/user") == {"method": "get", "url": f"{GITHUB}/user", "headers": HEADERS}


def test_url_only_route_keeps_a_derived_method() -> None:
    """A URL-only route takes the method from the defaults, as the reference does."""
    posting = endpoint.defaults(method="POST")

    assert posting("/markdown", text="# hi")["method"] == "post"


def test_keywords_merge_over_the_mapping() -> None:
    """Keywords deep-merge over the mapping: headers name by name, values replaced."""
    options = endpoint(
        "GET /user",
        {"headers": {"X-A": "1", "x-b": "2"}, "per_page": 1},
        headers={"x-b": "3", "X-C": "4"},
        per_page=2,
    )

    assert options["headers"] == {**HEADERS, "x-a": "1", "x-b": "3", "x-c": "4"}
    assert options["url"] == f"{GITHUB}/user?per_page=2"


def test_options_win_over_the_route() -> None:
    """method and url in the options replace the route's, as in the reference."""
    options = endpoint("GET /a", {"method": "DELETE", "url": "/b"})

    assert (options["method"], options["url"]) == ("delete", f"{GITHUB}/b")


@pytest.mark.parametrize(
    ("route", "url"),
    [
        ("  GET   /user  ", f"{GITHUB}/user"),
        ("GET\t/user", f"{GITHUB}/user"),
        ("GET user", f"{GITHUB}/user"),
        ("GET https://example.com/x/", "https://example.com/x"),
        ("GET HTTPS://example.com/x", "HTTPS://example.com/x"),
        ("GET http://localhost:8080/x", "http://localhost:8080/x"),
        ("GET /", f"{GITHUB}/"),
        ("GET /repos/{owner}/", f"{GITHUB}/repos/o"),
    ],
)
def test_route_text(route: str, url: str) -> None:
    """Whitespace around and between route parts collapses; one trailing slash goes."""
    params = {"owner": "o"} if "{owner}" in route else {}

    assert endpoint(route, params)["url"] == url


@pytest.mark.parametrize(
    ("route", "message"),
    [
        ("", "route '' is empty; write it as 'METHOD URL', e.g. 'GET /repos/{owner}/{repo}'"),
        (
            "GET",
            "route 'GET' has a method but no URL; write it as 'METHOD URL', "
            "e.g. 'GET /repos/{owner}/{repo}'",
        ),
        (
            "GET /search?q=a b",
            "route 'GET /search?q=a b' has whitespace inside its URL; write it as 'METHOD URL', "
            "e.g. 'GET /repos/{owner}/{repo}' (percent-encode spaces as %20)",
        ),
        (
            "GE@T /x",
            "route 'GE@T /x': method 'GE@T' is not an HTTP token (RFC 9110 9.1); "
            "write it as 'GET /path'",
        ),
    ],
)
def test_bad_routes(route: str, message: str) -> None:
    """A route that is not 'METHOD URL' is refused with the fix."""
    with pytest.raises(EndpointError) as raised:
        endpoint(route)

    assert str(raised.value) == message


def test_route_errors_are_not_cached_away() -> None:
    """A refused route is refused again on the next call."""
    for _ in range(2):
        with pytest.raises(EndpointError):
            endpoint("GET")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            (42,),
            "endpoint: the first argument must be a route string like 'GET /user' or one "
            "options mapping, not 42",
        ),
        (
            ({"url": "/a"}, {"b": 1}),
            "endpoint: the first argument must be a route string like "
            "'GET /user' or one options mapping, not two mappings",
        ),
        (
            ("GET /a", ["b"]),
            "GET /a: options must be a mapping, not list; "
            "pass a dict such as {'owner': 'octocat'}",
        ),
    ],
    ids=["int", "two-mappings", "list-options"],
)
def test_bad_call_shapes(args: tuple[Any, ...], message: str) -> None:
    """Arguments of the wrong shape are refused, naming what was passed."""
    with pytest.raises(EndpointError) as raised:
        endpoint(*args)

    assert str(raised.value) == message


def test_no_url() -> None:
    """A call without any url is an error, not a request to the API root."""
    with pytest.raises(EndpointError) as raised:
        endpoint(method="GET")

    assert str(raised.value) == "GET: no url; pass a route like 'GET /user' or url='/user'"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"url": 5}, "endpoint: url must be a string, not 5"),
        ({"url": "/x", "method": None}, "endpoint: method must be a string, not None"),
        ({"url": "/x", "base_url": 1}, "endpoint: base_url must be a string, not 1"),
        (
            {"url": "/x", "baseUrl": "https://a", "base_url": "https://b"},
            "endpoint: both 'base_url' and its alias 'baseUrl' are given; pass only 'base_url'",
        ),
        (
            {"url": "/x", "headers": ["a"]},
            "endpoint: headers must be a mapping of name to value, not list",
        ),
        (
            {"url": "/x", "media_type": "raw"},
            "endpoint: media_type must be a mapping like {'format': 'raw'}, not 'raw'",
        ),
        (
            {"url": "/x", "media_type": {"format": 1}},
            "endpoint: media_type format must be a string such as 'raw' or 'diff'",
        ),
        (
            {"url": "/x", "mediaType": {"previews": "mercy"}},
            "endpoint: media_type previews must be a list of strings such as ['mercy']",
        ),
        (  # 5,001 digits: more than int's repr writes out (sys.get_int_max_str_digits())
            {"url": "/x", "method": 10**5000},
            "endpoint: method must be a string, not <int object>",
        ),
    ],
    ids=[
        "url",
        "method",
        "base_url",
        "alias-twice",
        "headers",
        "media_type",
        "format",
        "previews",
        "method-unprintable",
    ],
)
def test_bad_option_types(options: dict[str, Any], message: str) -> None:
    """Options of the wrong type are refused by name."""
    with pytest.raises(EndpointError) as raised:
        endpoint(options)

    assert str(raised.value) == message


def test_camel_case_aliases() -> None:
    """baseUrl and mediaType work as octokit spells them."""
    options = endpoint(
        "GET /repos/{owner}/{repo}/readme",
        {"baseUrl": "https://ghe.example.com/api/v3/", "mediaType": {"format": "raw"}},
        owner="o",
        repo="r",
    )

    assert options == {
        "method": "get",
        "url": "https://ghe.example.com/api/v3/repos/o/r/readme",
        "headers": {"accept": "application/vnd.github.v3.raw", "user-agent": UA},
    }


# --- placeholders -----------------------------------------------------------------------


def test_missing_placeholders() -> None:
    """Every missing simple placeholder is named, in template order, with the fix."""
    with pytest.raises(MissingParameterError) as raised:
        endpoint("GET /repos/{owner}/{repo}/issues/:issue_number", repo=None)

    assert raised.value.names == ("owner", "repo", "issue_number")
    assert str(raised.value) == (
        "GET /repos/{owner}/{repo}/issues/:issue_number: no value for {owner}, {repo}, "
        "{issue_number}; pass owner=..., repo=..., issue_number=..."
    )
    assert isinstance(raised.value, EndpointError)
    assert isinstance(raised.value, ValueError)


def test_operator_placeholders_are_optional() -> None:
    """Query, path and fragment expressions skip undefined values, as RFC 6570 says."""
    options = endpoint("GET /x{/a}{?b,c}{&d}{#e}", c=1)

    assert options["url"] == f"{GITHUB}/x?c=1"


class Color(enum.IntEnum):
    RED = 1


class Name(str):
    pass


class Unprintable:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (7, "7"),
        (1.5, "1.5"),
        (True, "true"),
        (False, "false"),
        (Color.RED, "1"),
        (Name("a b"), "a%20b"),
        ("", ""),
        (["a", "b"], "a,b"),
        ("é/?#", "%C3%A9%2F%3F%23"),
    ],
)
def test_placeholder_values(value: object, text: str) -> None:
    """Placeholder values render as RFC 6570 text, fully encoded."""
    assert endpoint("GET /x/{v}/y", v=value)["url"] == f"{GITHUB}/x/{text}/y"


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (float("nan"), "parameter 'v' is nan, which has no URL form; pass a finite number"),
        (
            object,
            "parameter 'v' is a type (<class 'object'>); "
            "pass a str, int, float, bool, list or dict",
        ),
        (
            "\ud800",
            "a value contains a lone surrogate (U+D800, character 1 of 1), which has no UTF-8 "
            "form; pass valid text",
        ),
        (
            Unprintable(),
            "parameter 'v' is a Unprintable (<Unprintable object>); "
            "pass a str, int, float, bool, list or dict",
        ),
    ],
)
def test_bad_placeholder_values(value: object, message: str) -> None:
    """A value with no URL form is refused, named; one whose repr fails by its type."""
    with pytest.raises(EndpointError) as raised:
        endpoint("GET /x/{v}", v=value)

    assert str(raised.value) == message


def test_colon_placeholders() -> None:
    """:name placeholders work like {name}; a port is not a placeholder."""
    assert endpoint("GET /repos/:owner/:repo", owner="o", repo="r")["url"] == (
        f"{GITHUB}/repos/o/r"
    )
    assert endpoint("GET https://h:8080/:owner", owner="o")["url"] == "https://h:8080/o"


@pytest.mark.parametrize(
    ("route", "params", "segment"),
    [
        ("GET /repos/{owner}/{repo}", {"owner": "o", "repo": ".."}, ".."),
        ("GET /repos/{owner}/{repo}", {"owner": ".", "repo": "r"}, "."),
        ("GET /contents/{+path}", {"path": "a/../b"}, ".."),
        ("GET /contents/{+path}", {"path": "%2E%2e"}, "%2E%2e"),
        ("GET /x{/p}", {"p": ".."}, ".."),
        ("GET /a/../b", {}, ".."),
    ],
)
def test_dot_segments_are_refused(route: str, params: dict[str, str], segment: str) -> None:
    """A '.' or '..' path segment would send the request elsewhere: it is refused."""
    with pytest.raises(EndpointError) as raised:
        endpoint(route, params)

    assert f"has a {segment!r} segment, which HTTP clients remove" in str(raised.value)


@pytest.mark.parametrize(
    ("route", "params", "url"),
    [
        ("GET /repos/{owner}/{repo}", {"owner": "o", "repo": "..x"}, "/repos/o/..x"),
        ("GET /search{?q}", {"q": ".."}, "/search?q=.."),
        ("GET /x/{a}.json", {"a": "."}, "/x/..json"),
        ("GET /x/%20", {}, "/x/%20"),
    ],
)
def test_dots_that_are_not_segments(route: str, params: dict[str, str], url: str) -> None:
    """Dots inside a segment, in the query, or next to text are kept."""
    assert endpoint(route, params)["url"] == GITHUB + url


# --- base URL ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("base_url", "url"),
    [
        ("https://ghe.example.com/api/v3", "https://ghe.example.com/api/v3/user"),
        ("https://ghe.example.com/api/v3/", "https://ghe.example.com/api/v3/user"),
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080/user"),
    ],
)
def test_base_url_join(base_url: str, url: str) -> None:
    """A relative url is appended to the base URL, whose trailing slash goes."""
    assert endpoint("GET /user", base_url=base_url)["url"] == url


def test_full_url_ignores_base_url() -> None:
    """A full URL in the route is used as it is."""
    options = endpoint(
        "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets"
        "{?name,label}",
        base_url="https://ghe.example.com/api/v3",
        owner="o",
        repo="r",
        release_id=1,
        name="a b.zip",
        data=b"PK",
        headers={"content-type": "application/zip"},
    )

    assert options == {
        "method": "post",
        "url": "https://uploads.github.com/repos/o/r/releases/1/assets?name=a%20b.zip",
        "headers": {**HEADERS, "content-type": "application/zip"},
        "body": b"PK",
    }


def test_hosts_every_client_reads_alike_are_accepted() -> None:
    """Names, ports, IPv4 and bracketed IPv6 addresses, underscores: all read alike."""
    for base_url, url in [
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080/user"),
        ("https://[::1]:8443/api/", "https://[::1]:8443/api/user"),
        ("https://my_host.local", "https://my_host.local/user"),
        ("https://xn--bcher-kva.example/v3", "https://xn--bcher-kva.example/v3/user"),
    ]:
        assert endpoint("GET /user", base_url=base_url)["url"] == url


@pytest.mark.parametrize(
    ("route", "why"),
    [
        # "\\" in a literal is written as %5C, and a host with % is read differently.
        ("GET https://evil.com\\.api.github.com/user", "that HTTP clients read differently"),
        ("GET https://{host}/user", "that HTTP clients read differently"),
        ("GET https://{+host}/user", "that HTTP clients read differently"),
        ("GET https://evil.com\\@api.github.com/user", "has user:password@ in it"),
    ],
)
def test_a_full_url_whose_host_clients_read_differently_is_refused(route: str, why: str) -> None:
    """A full URL whose authority holds a delimiter (or %) is refused, saying why."""
    with pytest.raises(EndpointError, match=why):
        endpoint(route, host="evil.com\\.api.github.com")


# An error message never shows user:password@: the password is a credential.
SHOWN = {
    "http://u:p@h": "http://<REDACTED>@h",
    "https://evil.com\\@api.github.com": "https://<REDACTED>@api.github.com",
}


@pytest.mark.parametrize(
    "base_url",
    [
        "api.github.com",
        "http://u:p@h",
        "ftp://h",
        "https://",
        "HTTP://",
        "https:///x",
        "https://a b",
        "https://h/x?a=1",
        "https://h/#x",
        "https://hé",
        "https://h\t",
        # A WHATWG parser (and urllib3) reads "\\" as "/": the host would be evil.com.
        "https://evil.com\\.api.github.com",
        "https://evil.com\\@api.github.com",
        "https://evil%2Ecom",
        "https://h:44x",
        "https://h<x>",
        "https://[::1",
    ],
)
def test_base_url_must_be_an_http_url_with_a_host(base_url: str) -> None:
    """A base URL that is not http(s)://host[/path], with a host every client reads
    alike, is refused."""
    with pytest.raises(EndpointError) as raised:
        endpoint("GET /user", base_url=base_url)

    assert str(raised.value) == (
        f"GET /user: base_url {SHOWN.get(base_url, base_url)!r} is not an http(s) URL with a "
        "host that every client reads alike (no credentials, backslash, %, whitespace, query "
        "or fragment); pass one such as 'https://api.github.com'"
    )


def test_base_url_with_dot_segments() -> None:
    """A base URL whose path has a '..' segment is refused like a URL that has one."""
    with pytest.raises(EndpointError, match=r"has a '\.\.' segment"):
        endpoint("GET /user", base_url="https://h/a/../b")


def test_full_url_needs_a_host() -> None:
    """A full URL left without a host by its parameters is refused."""
    with pytest.raises(EndpointError) as raised:
        endpoint("GET https://{host}/x", host="")

    assert str(raised.value) == (
        "GET https://{host}/x: the URL 'https:///x' has no host; pass a value for the host part"
    )


# --- query string --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "query"),
    [
        ({"a": True, "b": False}, "a=true&b=false"),
        ({"labels": ["bug", "ui"]}, "labels=bug%2Cui"),
        ({"labels": ["bug", None, 3]}, "labels=bug%2C%2C3"),
        ({"labels": []}, "labels="),
        ({"a": None, "b": ""}, "b="),
        ({"q": "repo:o/r is:open+label:bug"}, "q=repo%3Ao%2Fr%20is%3Aopen+label%3Abug"),
        ({"p": "a+b"}, "p=a%2Bb"),
        ({"x y": "!*'()~"}, "x%20y=!*'()~"),
        ({"f": 0.5}, "f=0.5"),
        # "%" is escaped first, so the escapes made after it stay as they are.
        ({"d": "50% off: now"}, "d=50%25%20off%3A%20now"),
        ({"d": "%3A"}, "d=%253A"),
        ({"since": "2024-01-01T00:00:00Z"}, "since=2024-01-01T00%3A00%3A00Z"),
        ({"page": 2, "id": -7}, "page=2&id=-7"),
        ({"labels": ("bug", "ui")}, "labels=bug%2Cui"),
    ],
    ids=[
        *("bool", "list", "list-none", "empty-list", "none", "q", "plus", "names", "float"),
        *("percent-first", "percent-escape", "colons", "ints", "tuple"),
    ],
)
def test_query_values(params: dict[str, Any], query: str) -> None:
    """GET parameters without a placeholder become the query, encoded as the reference does."""
    assert endpoint("GET /search", params)["url"] == f"{GITHUB}/search?{query}"


def test_a_query_int_too_long_to_write_is_an_endpoint_error() -> None:
    """An int with more digits than Python writes out is refused, naming the parameter."""
    with pytest.raises(EndpointError, match="parameter 'n' is an int too long to write out"):
        endpoint("GET /search", n=10**5000)


@pytest.mark.parametrize(
    ("route", "url"),
    [
        ("GET /x?a=1", "/x?a=1&b=2"),
        ("GET /x?", "/x?b=2"),
        ("GET /x#top", "/x?b=2#top"),
        ("GET /x{?a}", "/x?b=2"),
    ],
)
def test_query_joins_what_is_there(route: str, url: str) -> None:
    """Parameters join an existing query, and go before a fragment."""
    assert endpoint(route, b=2)["url"] == GITHUB + url


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (
            {"a": 1},
            "parameter 'p' is a dict ({'a': 1}); "
            "pass a str, int, float, bool or list in a query string",
        ),
        (
            [["a"]],
            "parameter 'p[...]' is a list (['a']); pass str, int, float or bool items",
        ),
    ],
)
def test_bad_query_values(value: object, message: str) -> None:
    """Values with no query form are refused."""
    with pytest.raises(EndpointError) as raised:
        endpoint("GET /x", p=value)

    assert str(raised.value) == message


def test_query_names_must_be_strings() -> None:
    """A mapping key that is not a string cannot name a query parameter."""
    with pytest.raises(EndpointError) as raised:
        endpoint("GET /x", {1: "a"})

    assert str(raised.value) == "query parameter names must be strings, not 1; pass str keys"


def test_head_takes_a_query_too() -> None:
    """HEAD routes parameters like GET."""
    assert endpoint("HEAD /x", a=1) == {
        "method": "head",
        "url": f"{GITHUB}/x?a=1",
        "headers": HEADERS,
    }


# --- body ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("route", "params", "body"),
    [
        ("PATCH /x", {}, ""),
        ("PUT /x", {}, ""),
        ("PUT /x", {"data": ""}, ""),
        ("POST /x", {"data": None}, None),
        ("DELETE /x", {"reason": None}, {"reason": None}),
        ("OPTIONS /x", {"a": 1}, {"a": 1}),
        ("PROPFIND /x", {"a": 1}, {"a": 1}),
        ("POST /x", {"body": "text", "title": "t"}, {"body": "text", "title": "t"}),
        ("POST /x", {"data": {"a": 1}, "ignored": 2}, {"a": 1}),
    ],
)
def test_bodies(route: str, params: dict[str, Any], body: object) -> None:
    """Non-GET leftovers form the JSON body; data replaces it; PATCH/PUT always have one."""
    assert endpoint(route, params)["body"] == body


def test_no_body_for_post_or_delete_without_parameters() -> None:
    """POST and DELETE without parameters have no body and no content-type."""
    assert endpoint("DELETE /x") == {"method": "delete", "url": f"{GITHUB}/x", "headers": HEADERS}
    assert "content-type" not in endpoint("PUT /x")["headers"]


def test_content_type_default_and_override() -> None:
    """A body gets a JSON content-type unless the caller set one, in any case."""
    assert endpoint("POST /x", data="a")["headers"]["content-type"] == (
        "application/json; charset=utf-8"
    )
    custom = endpoint("POST /markdown/raw", data="# hi", headers={"Content-Type": "text/plain"})
    assert custom["headers"]["content-type"] == "text/plain"


def test_data_on_get_is_refused() -> None:
    """GET and HEAD carry no body, so data is an error rather than a query parameter."""
    with pytest.raises(EndpointError) as raised:
        endpoint("GET /x", data="a")

    assert str(raised.value) == (
        "GET /x: a GET request has no body, but data was given; "
        "drop data, or use a method such as POST"
    )


@pytest.mark.parametrize(
    ("params", "reason"),
    [
        ({"n": float("nan")}, "Out of range float values are not JSON compliant"),
        ({"n": [float("inf")]}, "Out of range float values are not JSON compliant"),
        ({"s": {1, 2}}, "Object of type set is not JSON serializable"),
        ({"d": {("a",): 1}}, "keys must be str, int, float, bool or None, not tuple"),
    ],
)
def test_bodies_that_cannot_be_json(params: dict[str, Any], reason: str) -> None:
    """A body that has no canonical JSON form is refused when the request is built."""
    with pytest.raises(EndpointError) as raised:
        endpoint("POST /x", params)

    assert reason in str(raised.value)


def test_lone_surrogate_in_body_is_refused() -> None:
    """Text with a lone surrogate has no UTF-8 form: refused, with the code point."""
    with pytest.raises(EndpointError) as raised:
        endpoint("POST /x", title="a\udcff")

    assert "lone surrogate (U+DCFF)" in str(raised.value)


def test_json_body_accepts_what_json_accepts() -> None:
    """Tuples, int keys and subclasses pass as JSON does."""
    options = endpoint("POST /x", {"t": (1, 2), "d": {1: "a"}, "n": Name("x")})

    assert options["body"] == {"t": (1, 2), "d": {1: "a"}, "n": "x"}


# --- headers ------------------------------------------------------------------------------


def test_header_names_are_lowercased_and_values_rendered() -> None:
    """Header names become lowercase; numbers become text; None drops a header."""
    options = endpoint(
        "GET /x",
        headers={"X-Count": 3, "X-Ratio": 0.5, "User-Agent": "me/1", "Accept": None},
    )

    assert options["headers"] == {"user-agent": "me/1", "x-count": "3", "x-ratio": "0.5"}


@pytest.mark.parametrize(
    ("headers", "message"),
    [
        (
            {"x y": "1"},
            "GET /x: header name 'x y' is not an HTTP token (RFC 9110 5.6.2); "
            "use letters, digits and !#$%&'*+-.^_`|~ only",
        ),
        (
            {"x": "a\r\nInjected: 1"},
            "GET /x: the value of header 'x' ('a\\r\\nInjected: 1') contains CR, LF or NUL, "
            "which would inject headers; pass printable ASCII text "
            "(percent- or base64-encode anything else)",
        ),
        (
            {"x": " a"},
            "GET /x: the value of header 'x' (' a') starts or ends with whitespace, which HTTP "
            "strips; pass printable ASCII text (percent- or base64-encode anything else)",
        ),
        (
            {"x": "é"},
            "GET /x: the value of header 'x' ('é') is not printable ASCII, which clients send "
            "differently; pass printable ASCII text (percent- or base64-encode anything else)",
        ),
        (
            {"x": True},
            "GET /x: header 'x' is True; pass a string, a number, or None to drop the header",
        ),
        (
            {"x": float("inf")},
            "GET /x: header 'x' is inf; pass a string, a number, or None to drop the header",
        ),
    ],
    ids=["name", "crlf", "edge-space", "non-ascii", "bool", "inf"],
)
def test_bad_headers(headers: dict[str, object], message: str) -> None:
    """Headers that HTTP clients would send wrongly, or that inject, are refused."""
    with pytest.raises(EndpointError) as raised:
        endpoint("GET /x", headers=headers)

    assert str(raised.value) == message


def test_header_values_may_be_empty_or_hold_tabs() -> None:
    """An empty value and inner tabs and spaces are valid field values."""
    headers = endpoint("GET /x", headers={"x-a": "", "x-b": "a\tb c"})["headers"]

    assert (headers["x-a"], headers["x-b"]) == ("", "a\tb c")


def test_a_header_name_that_is_not_a_string() -> None:
    """A non-string header name is refused, not crashed on."""
    with pytest.raises(EndpointError, match="header name 1 is not an HTTP token"):
        endpoint("GET /x", headers={1: "a"})


# --- media type -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("accept", "format", "amended"),
    [
        ("application/vnd.github.v3+json", "raw", "application/vnd.github.v3.raw"),
        ("application/vnd.github.v3+json", "text+json", "application/vnd.github.v3.text+json"),
        ("application/vnd.github+json", "diff", "application/vnd.github.diff"),
        ("application/vnd.github.v3.raw", "html", "application/vnd.github.v3.html"),
        ("text/html", "raw", "text/html"),
        (
            "application/vnd.github.v3+json,application/vnd.github.squirrel-girl-preview",
            "raw",
            "application/vnd.github.v3.raw,application/vnd.github.squirrel-girl-preview",
        ),
        (  # the reference's rule drops a third name part; kept for fidelity
            "application/vnd.github.v3+json, application/vnd.github.squirrel_girl",
            "raw",
            "application/vnd.github.v3.raw, application/vnd.github.raw",
        ),
        ("application/octet-stream", "raw", "application/octet-stream"),
    ],
)
def test_media_type_format(accept: str, format: str, amended: str) -> None:
    """media_type.format rewrites each vnd part of the accept header; binary stays."""
    options = endpoint("GET /x", headers={"accept": accept}, media_type={"format": format})

    assert options["headers"]["accept"] == amended


def test_format_without_accept_header() -> None:
    """No accept header: nothing to amend, and no crash."""
    options = endpoint("GET /x", headers={"accept": None}, media_type={"format": "raw"})

    assert "accept" not in options["headers"]


def test_format_that_would_inject_is_refused() -> None:
    """The amended accept header is checked like any header."""
    with pytest.raises(EndpointError, match="contains CR, LF or NUL"):
        endpoint("GET /x", media_type={"format": "raw\r\nx: 1"})


def test_graphql_previews() -> None:
    """/graphql previews become GitHub preview media types, defaults first."""
    derived = endpoint.defaults(media_type={"previews": ["jean-grey"]})

    options = derived(
        "POST /graphql", query="{ viewer { login } }", mediaType={"previews": ["symmetra-preview"]}
    )

    assert options["headers"]["accept"] == (
        "application/vnd.github.jean-grey-preview+json,application/vnd.github.symmetra-preview+json"
    )
    assert endpoint("POST /graphql", query="{}")["headers"]["accept"] == HEADERS["accept"]


# --- request ----------------------------------------------------------------------------------


def test_request_is_passed_through_as_the_same_object() -> None:
    """request comes back as the very object given, and is never a parameter."""
    request = {"timeout": 5}

    options = endpoint("GET /x", request=request)

    assert options["request"] is request
    assert options["url"] == f"{GITHUB}/x"


def test_request_from_defaults_and_call_is_merged() -> None:
    """request given in defaults and call merges into a new dict."""
    derived = endpoint.defaults(request={"timeout": 5, "retries": {"max": 2}})
    call_request = {"retries": {"delay": 1}}

    request = derived("GET /x", request=call_request)["request"]

    assert request == {"timeout": 5, "retries": {"max": 2, "delay": 1}}
    assert call_request == {"retries": {"delay": 1}}


def test_results_do_not_alias_defaults() -> None:
    """Changing a result never changes a later result."""
    derived = endpoint.defaults(request={"timeout": 5}, labels=["bug"])

    first = derived("POST /x")
    first["request"]["timeout"] = 99
    first["body"]["labels"].append("oops")
    first["headers"]["accept"] = "evil"

    assert derived("POST /x") == {
        "method": "post",
        "url": f"{GITHUB}/x",
        "headers": JSON_HEADERS,
        "body": {"labels": ["bug"]},
        "request": {"timeout": 5},
    }


def test_credentials_in_a_url_are_refused() -> None:
    """user:password@ would become an authorization header the options do not show."""
    with pytest.raises(EndpointError) as raised:
        endpoint("GET https://user:secret@example.com/x")

    assert str(raised.value) == (
        "GET https://<REDACTED>@example.com/x: the URL has user:password@ in it, which "
        "clients send as an authorization header the options do not show; "
        "pass an authorization header"
    )


def test_a_circular_body_is_refused() -> None:
    """A body that contains itself has no JSON form: an EndpointError, not a RecursionError."""
    body: dict[str, Any] = {}
    body["self"] = body

    with pytest.raises(EndpointError, match="Circular reference detected"):
        endpoint("POST /x", a=body)


def test_a_route_that_is_a_str_subclass() -> None:
    """A str subclass works as a route like a str."""
    assert endpoint(Name("GET /users/{u}"), u="o")["url"] == f"{GITHUB}/users/o"


def test_malformed_template_column_after_a_colon_placeholder() -> None:
    """With :var rewritten, the message leaves out a column it could not count right."""
    with pytest.raises(EndpointError) as raised:
        endpoint("GET /:owner/x}", owner="o")

    assert str(raised.value) == (
        "GET /:owner/x}: malformed URI template: '}' closes nothing; "
        "balance the braces or write it as %7D"
    )


# --- framing ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("route", "params", "message"),
    [
        (
            "POST /x",
            {"data": "ab", "headers": {"transfer-encoding": "chunked"}},
            "POST /x: transfer-encoding is set, but framing is the HTTP client's job; drop the "
            "header (the client frames the body it sends)",
        ),
        (
            "POST /x",
            {"data": "ab", "headers": {"content-length": 3}},
            "POST /x: content-length is 3 but the body has 2 bytes; drop the header or fix it",
        ),
        (
            "GET /x",
            {"headers": {"Content-Length": "5"}},
            "GET /x: content-length is 5 but the body has 0 bytes; drop the header or fix it",
        ),
        (
            "POST /x",
            {"title": "é", "headers": {"content-length": "13"}},  # {"title":"é"} is 14 bytes
            "POST /x: content-length is 13 but the body has 14 bytes; drop the header or fix it",
        ),
    ],
    ids=["transfer-encoding", "longer", "no body", "utf-8 bytes"],
)
def test_framing_headers_that_disagree_with_the_body_are_refused(
    route: str, params: dict[str, Any], message: str
) -> None:
    """A request must not say one length and send another: framing is the client's job."""
    with pytest.raises(EndpointError) as raised:
        endpoint(route, **params)

    assert str(raised.value) == message


def test_a_content_length_that_agrees_with_the_body_is_kept() -> None:
    """The exact length of the body's bytes (and 0 for an empty PUT) is a valid header."""
    assert (
        endpoint("POST /x", data="ab", headers={"content-length": 2})["headers"]["content-length"]
        == "2"
    )
    assert endpoint("PUT /x", headers={"content-length": "0"})["body"] == ""


def test_a_media_type_that_is_no_dict_is_copied_with_only_the_keys_it_has() -> None:
    """Another mapping (or a str subclass, a tuple) is read key by key: a format or
    previews it lacks is not added, and what it has becomes plain str and list."""
    from types import MappingProxyType

    from restroute._core.options import media_type_option

    class Loud(str):
        pass

    previews = media_type_option(MappingProxyType({"previews": ("mercy",)}), "endpoint")
    format = media_type_option(MappingProxyType({"format": Loud("raw")}), "endpoint")

    assert previews == {"previews": ["mercy"]}
    assert format == {"format": "raw"}
    assert type(format["format"]) is str
    merged = endpoint.merge("GET /x", media_type=MappingProxyType({"previews": ("mercy",)}))
    assert merged["media_type"] == {"format": "", "previews": ["mercy"]}
    options = endpoint("GET /x", media_type=MappingProxyType({"format": Loud("raw")}))
    assert options["headers"]["accept"] == "application/vnd.github.v3.raw"


@pytest.mark.parametrize("base_url", ["/api/v3", "/api/v3/"])
def test_a_base_url_that_is_a_path_alone_says_to_pass_the_apis_url(base_url: str) -> None:
    """A description's server relative to where it is served ("/api/v3") has no host:
    the error shows what to pass instead."""
    with pytest.raises(EndpointError) as raised:
        endpoint("GET /user", base_url=base_url)

    assert str(raised.value) == (
        "GET /user: base_url '/api/v3' is a path with no host (an API description's server "
        "relative to where it is served); pass the API's URL, such as "
        "'https://api.example.com/api/v3'"
    )


# --- the fifth attack's F3 and F6: errors about a secret's value do not repeat it ------------


@pytest.mark.parametrize(
    ("route", "values"),
    [
        ("GET /x", {"password": "Qsecret123456\ud800"}),
        ("GET /x/{a}", {"a": "b", "token": "Qsecret123456\udcff"}),
        ("GET /x", {"password": {"v": "Qsecret123456"}}),
        ("GET /x", {"apikey": {"v": "Qsecret123456"}}),
        ("GET /x", {"access_token": {"v": "Qsecret123456"}}),
    ],
)
def test_an_error_about_a_secrets_value_does_not_repeat_it(
    route: str, values: dict[str, object]
) -> None:
    with pytest.raises(EndpointError) as error:
        endpoint(route, **values)
    assert "Qsecret123456" not in str(error.value)
    assert "surrogate (U+D" in str(error.value) or "is a dict; pass" in str(error.value)
