"""restroute.explain: where every option came from (its layer) and where it went."""

from __future__ import annotations

import copy
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from restroute import (
    EndpointError,
    Entry,
    Explanation,
    MissingParameterError,
    RequestOptions,
    endpoint,
    explain,
)
from tests.conftest import UA

BUILT_IN = "built-in defaults"
ACCEPT = "application/vnd.github.v3+json"


def result_of(why: Explanation) -> RequestOptions:
    """The explanation's result, which the test expects to exist."""
    assert why.error is None, why.error
    assert why.result is not None
    return why.result


def by_key(why: Explanation) -> dict[str, Entry]:
    """The entries of an explanation, keyed by option name."""
    return {entry.key: entry for entry in why.entries}


def test_readme_example() -> None:
    """The docstring example: the call's per_page wins over the profile's, accept is built in."""
    why = explain(
        "GET /repos/{owner}/{repo}/issues",
        owner="octocat",
        repo="r",
        per_page=2,
        layers=[("my profile", {"per_page": 100})],
    )

    assert result_of(why)["url"] == "https://api.github.com/repos/octocat/r/issues?per_page=2"
    assert why.entry("owner") == Entry("owner", "octocat", "call", "URL path {owner}")
    assert why.entry("headers.accept").layer == BUILT_IN
    assert why.entry("per_page") == Entry("per_page", 2, "call", "URL query")


def test_every_option_has_its_layer_across_three_layers() -> None:
    """Each key names the last layer that set it; headers count name by name; the call wins."""
    layers: list[tuple[str, dict[str, Any]]] = [
        (
            "org",
            {
                "base_url": "https://ghe.example.com/api/v3",
                "per_page": 10,
                "headers": {"X-Trace": "org", "Authorization": "token a"},
            },
        ),
        ("team", {"per_page": 50, "state": "open", "headers": {"x-trace": "team"}}),
        ("me", {"per_page": 100, "sort": "updated", "headers": {"accept": "text/x-me"}}),
    ]

    why = explain(
        "GET /repos/{owner}/{repo}/issues",
        owner="o",
        repo="r",
        state="closed",
        headers={"X-Trace": "call"},
        layers=layers,
    )

    assert by_key(why) == {
        "method": Entry("method", "GET", "call", "method"),
        "url": Entry("url", "/repos/{owner}/{repo}/issues", "call", "URL template"),
        "base_url": Entry("base_url", "https://ghe.example.com/api/v3", "org", "URL prefix"),
        "headers.accept": Entry("headers.accept", "text/x-me", "me", "header"),
        "headers.user-agent": Entry("headers.user-agent", UA, BUILT_IN, "header"),
        "headers.x-trace": Entry("headers.x-trace", "call", "call", "header"),
        "headers.authorization": Entry("headers.authorization", "token a", "org", "header"),
        "media_type.format": Entry("media_type.format", "", BUILT_IN, "unused"),
        "media_type.previews": Entry("media_type.previews", [], BUILT_IN, "unused"),
        "per_page": Entry("per_page", 100, "me", "URL query"),
        "state": Entry("state", "closed", "call", "URL query"),
        "sort": Entry("sort", "updated", "me", "URL query"),
        "owner": Entry("owner", "o", "call", "URL path {owner}"),
        "repo": Entry("repo", "r", "call", "URL path {repo}"),
    }
    url = urlsplit(result_of(why)["url"])
    assert url.netloc + url.path == "ghe.example.com/api/v3/repos/o/r/issues"
    assert parse_qs(url.query) == {"per_page": ["100"], "state": ["closed"], "sort": ["updated"]}
    assert result_of(why)["headers"] == {
        "accept": "text/x-me",
        "user-agent": UA,
        "x-trace": "call",
        "authorization": "token a",
    }


def test_the_merged_options_are_those_of_the_chained_endpoint() -> None:
    """merged equals merge() of the endpoint the layers chain to, and result equals its call."""
    layers: list[tuple[str, dict[str, Any]]] = [
        ("a", {"per_page": 10}),
        ("b", {"base_url": "https://h.example/api"}),
    ]
    chained = endpoint.defaults(layers[0][1]).defaults(layers[1][1])

    why = explain("GET /orgs/{org}/repos", org="octokit", layers=layers)

    assert why.merged == chained.merge("GET /orgs/{org}/repos", org="octokit")
    assert why.result == chained("GET /orgs/{org}/repos", org="octokit")
    assert result_of(why)["url"] == "https://h.example/api/orgs/octokit/repos?per_page=10"


def test_a_header_removed_by_a_later_layer_has_no_entry() -> None:
    """A header a later layer sets to None is gone from the entries, and asking for it fails."""
    why = explain(
        "GET /user",
        layers=[("a", {"headers": {"x-trace": "1"}}), ("b", {"headers": {"x-trace": None}})],
    )

    assert "headers.x-trace" not in by_key(why)
    with pytest.raises(EndpointError, match="x-trace"):
        why.entry("headers.x-trace")


def test_an_unknown_entry_is_an_endpoint_error() -> None:
    """Asking for a key the explanation does not hold raises EndpointError naming the key."""
    why = explain("GET /user")

    with pytest.raises(EndpointError, match="'nope'"):
        why.entry("nope")


def test_a_call_none_wins_over_a_layer_value_and_is_skipped_in_the_query() -> None:
    """per_page=None in the call replaces the layer's 100 and is left out of a GET query."""
    why = explain("GET /user/repos", per_page=None, layers=[("profile", {"per_page": 100})])

    assert why.entry("per_page") == Entry(
        "per_page", None, "call", "skipped: None is left out of a query"
    )
    assert result_of(why)["url"] == "https://api.github.com/user/repos"


@pytest.mark.parametrize(
    ("template", "destination"),
    [
        ("/a/{xs}", "URL path {xs}"),
        ("/a/:xs", "URL path {xs}"),
        ("/a{/xs}", "URL path {xs}"),
        ("/a/{+xs}", "URL path {xs}"),
        ("/a{.xs}", "URL path {xs}"),
        ("/a{;xs}", "URL path {xs}"),
        ("/a{?xs}", "URL query {xs}"),
        ("/a?b=1{&xs}", "URL query {xs}"),
        ("/a{#xs}", "URL fragment {xs}"),
    ],
)
def test_a_template_variable_goes_where_its_operator_puts_it(
    template: str, destination: str
) -> None:
    """A variable of the URL template is placed by its expression's operator."""
    why = explain(f"GET {template}", xs="v")

    assert why.entry("xs") == Entry("xs", "v", "call", destination)


def test_path_query_fragment_and_leftovers_of_a_get() -> None:
    """{kind}, {?q} and {#f} fill the template; a GET's other parameters become the query."""
    why = explain("GET /search/{kind}{?q}{#f}", kind="code", q="x", f="top", per_page=5)

    assert why.entry("kind").destination == "URL path {kind}"
    assert why.entry("q").destination == "URL query {q}"
    assert why.entry("f").destination == "URL fragment {f}"
    assert why.entry("per_page").destination == "URL query"
    assert result_of(why)["url"] == "https://api.github.com/search/code?q=x&per_page=5#top"


def test_leftovers_of_a_post_go_to_the_json_body() -> None:
    """A POST's parameters outside the template become keys of the JSON body, None included."""
    why = explain(
        "POST /repos/{owner}/{repo}/issues",
        owner="o",
        repo="r",
        title="t",
        labels=["bug"],
        milestone=None,
    )

    for key in ("title", "labels", "milestone"):
        assert why.entry(key).destination == "JSON body"
    assert why.entry("owner").destination == "URL path {owner}"
    assert result_of(why)["body"] == {"title": "t", "labels": ["bug"], "milestone": None}


def test_data_is_the_body_and_other_parameters_are_dropped() -> None:
    """With data on a POST, data is the body as given and every other leftover is dropped."""
    why = explain(
        "POST /markdown/raw", data="# hi", mode="gfm", headers={"content-type": "text/plain"}
    )

    assert why.entry("data") == Entry("data", "# hi", "call", "body (as given)")
    assert why.entry("mode") == Entry("mode", "gfm", "call", "dropped: data is the body")
    assert result_of(why)["body"] == "# hi"


def test_query_template_and_data_body_together() -> None:
    """An upload route takes {?name,label} into the query and data as the body."""
    why = explain(
        "POST https://uploads.github.com/repos/o/r/releases/1/assets{?name,label}",
        name="a.zip",
        data=b"PK",
    )

    assert why.entry("name").destination == "URL query {name}"
    assert why.entry("data").destination == "body (as given)"
    assert (
        result_of(why)["url"]
        == "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip"
    )


@pytest.mark.parametrize("method", ["GET", "HEAD"])
def test_data_on_a_get_or_head_is_refused(method: str) -> None:
    """data on a GET or HEAD is an error, and its entry says it was refused."""
    why = explain(f"{method} /user", data="x")

    assert why.result is None
    assert isinstance(why.error, EndpointError)
    assert why.entry("data").destination == "refused: a GET or HEAD request has no body"


def test_base_url_is_the_prefix_of_a_relative_url() -> None:
    """A relative route puts base_url in front of it."""
    why = explain("GET /user", layers=[("ghe", {"base_url": "https://ghe.example.com/api/v3/"})])

    assert why.entry("base_url") == Entry(
        "base_url", "https://ghe.example.com/api/v3", "ghe", "URL prefix"
    )
    assert result_of(why)["url"] == "https://ghe.example.com/api/v3/user"


@pytest.mark.parametrize(
    "route",
    [
        "GET https://example.com/user",
        # Full URLs on the base_url's own host, one of them not buildable: base_url is unused.
        "GET https://api.github.com/user",
        "GET https://example.com/users/{username}",
    ],
)
def test_base_url_is_unused_with_a_full_url(route: str) -> None:
    """A route that is a full URL leaves base_url unused, whatever the URL's host."""
    why = explain(route)

    assert why.entry("base_url").destination == "unused: the URL is a full URL"


def test_media_type_format_amends_the_accept_header() -> None:
    """A media type format goes into the accept header; an empty one is unused."""
    raw = explain("GET /repos/o/r/readme", media_type={"format": "raw"})
    plain = explain("GET /repos/o/r/readme")

    assert raw.entry("media_type.format") == Entry(
        "media_type.format", "raw", "call", "accept header"
    )
    assert result_of(raw)["headers"]["accept"] == "application/vnd.github.v3.raw"
    assert plain.entry("media_type.format") == Entry("media_type.format", "", BUILT_IN, "unused")
    assert result_of(plain)["headers"]["accept"] == ACCEPT


def test_media_type_format_is_unused_with_a_binary_accept_header() -> None:
    """With accept application/octet-stream the format changes nothing, so it is unused."""
    why = explain(
        "GET /repos/o/r/releases/assets/1",
        headers={"accept": "application/octet-stream"},
        media_type={"format": "raw"},
    )

    assert result_of(why)["headers"]["accept"] == "application/octet-stream"
    assert why.entry("media_type.format").destination == "unused"


def test_request_entries_are_passed_through() -> None:
    """request options merge across layers name by name and are passed through."""
    why = explain(
        "GET /user", request={"timeout": 5}, layers=[("net", {"request": {"retries": 2}})]
    )

    assert why.entry("request.timeout") == Entry(
        "request.timeout", 5, "call", "request (passed through)"
    )
    assert why.entry("request.retries") == Entry(
        "request.retries", 2, "net", "request (passed through)"
    )
    assert result_of(why)["request"] == {"retries": 2, "timeout": 5}


def test_a_request_that_is_not_a_mapping_is_one_entry() -> None:
    """A request value that is not a mapping is explained as a single entry."""
    why = explain("GET /user", request="tag", layers=[("l", {"request": "below"})])

    assert why.entry("request") == Entry("request", "tag", "call", "request (passed through)")
    assert result_of(why)["request"] == "tag"


def test_a_missing_parameter_is_held_while_merged_and_entries_stay() -> None:
    """A missing placeholder is kept in .error; .merged and .entries are still given."""
    why = explain("GET /repos/{owner}/{repo}", owner="o")

    assert why.result is None
    assert isinstance(why.error, MissingParameterError)
    assert why.error.names == ("repo",)
    assert why.merged == endpoint.merge("GET /repos/{owner}/{repo}", owner="o")
    assert why.entry("owner") == Entry("owner", "o", "call", "URL path {owner}")
    assert why.entry("base_url").destination == "URL prefix"


def test_a_malformed_template_is_held_as_the_error() -> None:
    """A template that does not compile is the error; the parameters still have entries."""
    why = explain("GET /x/{owner", owner="o")

    assert why.result is None
    assert isinstance(why.error, EndpointError)
    assert "malformed URI template" in str(why.error)
    assert why.entry("owner").layer == "call"


def test_options_without_a_url_are_held_as_the_error() -> None:
    """Options with no url at all are an error, and their entries are still there."""
    why = explain(None, {"owner": "o"})

    assert why.result is None
    assert isinstance(why.error, EndpointError)
    assert "no url" in str(why.error)
    assert why.entry("owner").layer == "call"
    assert why.entry("method") == Entry("method", "GET", BUILT_IN, "method")


def test_no_built_in_defaults_leave_a_relative_route_without_base_url() -> None:
    """built_in={} has no base_url, so a relative route is an error; only the call is merged."""
    why = explain("GET /user", built_in={})

    assert why.result is None
    assert isinstance(why.error, EndpointError)
    assert "base_url" in str(why.error)
    assert why.merged == {"method": "GET", "url": "/user"}
    assert {entry.key for entry in why.entries} == {"method", "url"}


def test_no_built_in_defaults_with_a_full_url_builds_a_bare_request() -> None:
    """built_in={} with a full URL gives a request with no default headers."""
    why = explain("GET https://example.com/x", built_in={})

    assert why.result == {"method": "get", "url": "https://example.com/x", "headers": {}}


def test_no_built_in_defaults_with_a_layer_base_url() -> None:
    """Over built_in={}, a layer's base_url and headers are all there is."""
    why = explain(
        "GET /user",
        built_in={},
        layers=[("mine", {"base_url": "https://h.example", "headers": {"accept": "*/*"}})],
    )

    assert why.result == {
        "method": "get",
        "url": "https://h.example/user",
        "headers": {"accept": "*/*"},
    }
    assert why.entry("headers.accept").layer == "mine"


def test_explain_mutates_nothing() -> None:
    """The layers, the options mapping and the parameters are the same after explain."""
    layers: list[tuple[str, dict[str, Any]]] = [
        (
            "a",
            {
                "baseUrl": "https://h.example/",
                "headers": {"X-One": "1"},
                "mediaType": {"format": "raw", "previews": ["mercy"]},
                "request": {"hooks": ["h"]},
                "labels": ["x"],
            },
        ),
        ("b", {"headers": {"x-one": None, "X-Two": "2"}, "per_page": 5}),
    ]
    built_in: dict[str, Any] = {
        "method": "GET",
        "base_url": "https://api.github.com",
        "headers": {"Accept": ACCEPT},
        "media_type": {"format": "", "previews": []},
    }
    options: dict[str, Any] = {"headers": {"X-Three": "3"}, "request": {"timeout": 1}}
    params: dict[str, Any] = {"labels": ["y", "z"], "media_type": {"format": "diff"}}
    before = copy.deepcopy((layers, built_in, options, params))

    why = explain("GET /x", options, layers=layers, built_in=built_in, **params)

    assert (layers, built_in, options, params) == before
    assert why.error is None


def test_entries_compare_by_their_fields() -> None:
    """Entries are equal when all four fields are, can go in a set, and show them in repr."""
    entry = Entry("owner", "o", "call", "URL path {owner}")
    same_fields_as_a_tuple: object = ("owner", "o", "call", "URL path {owner}")

    assert entry == Entry("owner", "o", "call", "URL path {owner}")
    assert entry != Entry("owner", "p", "call", "URL path {owner}")
    assert entry != same_fields_as_a_tuple
    assert len({entry, Entry("owner", "o", "call", "URL path {owner}")}) == 1
    assert repr(entry) == (
        "Entry(key='owner', value='o', layer='call', destination='URL path {owner}')"
    )


def test_options_parse_did_not_reach_say_so() -> None:
    """A missing placeholder stops parse before the accept header: media_type is "not
    reached", while the parameters' places, decided first, are still there."""
    why = explain("GET /repos/{owner}/{repo}", owner="o", per_page=2, media_type={"format": "raw"})

    assert why.entry("media_type.format").destination == "not reached: the request stopped first"
    assert why.entry("per_page").destination == "URL query"
    assert why.entry("owner").destination == "URL path {owner}"


def test_a_parameter_named_by_a_number_is_explained() -> None:
    """endpoint() sends {1: "a"} as the JSON body {"1":"a"}; explain names it "1"."""
    why = explain("POST /x", {1: "a"})

    assert why.error is None
    assert why.entry("1") == Entry("1", "a", "call", "JSON body")
    assert '1                    "a"' in why.table(redact=True)


@pytest.mark.parametrize("layers", [None, 1, "ab", [1], [("a",)], [(1, {})]])
def test_layers_that_are_not_name_options_pairs_are_refused(layers: Any) -> None:
    """explain() says what layers must be, rather than failing inside."""
    with pytest.raises(EndpointError, match=r"layers must be a list of \(name, options\) pairs"):
        explain("GET /user", layers=layers)


def test_defaults_nested_too_deep_to_keep_are_refused() -> None:
    """A layer 3,000 levels deep is refused with a reason, not a RecursionError."""
    deep: list[object] = []
    for _ in range(3000):
        deep = [deep]

    with pytest.raises(EndpointError, match="nested too deep to keep"):
        explain("GET /user", layers=[("deep", {"a": deep})])
    with pytest.raises(EndpointError, match="nested too deep to keep"):
        endpoint.defaults(a=deep)
