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
from restroute._core.explain import MERGED, NOT_REACHED, OVERRIDDEN, WON, Cascade, Step
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


# --- the cascade: every layer's value of each option, and what parse did to the headers -------


def cascade_of(why: Explanation, *, redact: bool = False) -> dict[str, Cascade]:
    """The cascade of an explanation, keyed by option name."""
    return {option.key: option for option in why.cascade(redact=redact)}


def test_the_teaching_cascade_has_three_steps_and_two_struck() -> None:
    """A teaching profile's per_page=100 under a session layer's 50, the call's 2 on
    top: three steps, bottom to top, the two below the call overridden."""
    why = explain(
        "GET /repos/{owner}/{repo}/issues",
        owner="octocat",
        repo="hello-world",
        per_page=2,
        layers=[("teaching", {"per_page": 100}), ("session", {"per_page": 50})],
    )

    per_page = cascade_of(why)["per_page"]

    assert per_page == Cascade(
        "per_page",
        2,
        (
            Step("teaching", 100, OVERRIDDEN),
            Step("session", 50, OVERRIDDEN),
            Step("call", 2, WON),
        ),
        "URL query",
    )
    assert [step.text for step in per_page.steps] == ["100", "50", "2"]
    assert (per_page.sent, per_page.why, per_page.notes, per_page.gone) == (None, "", (), False)


def test_the_cascade_follows_the_entries_and_adds_what_they_cannot_show() -> None:
    """One cascade an entry, in the entries' order, the winner's layer the entry's layer;
    the content-type parse added goes after the other headers."""
    why = explain(
        "POST /repos/{owner}/{repo}/issues",
        owner="o",
        repo="r",
        title="t",
        layers=[("gh", {"headers": {"x-github-api-version": "2022-11-28"}})],
    )

    keys = [option.key for option in why.cascade()]

    assert keys == [
        "method",
        "base_url",
        "headers.accept",
        "headers.user-agent",
        "headers.x-github-api-version",
        "headers.content-type",
        "media_type.format",
        "media_type.previews",
        "url",
        "owner",
        "repo",
        "title",
    ]
    for option in why.cascade():
        if option.steps:
            entry = why.entry(option.key)
            assert (option.steps[-1].layer, option.steps[-1].state) == (entry.layer, WON)
            assert option.destination == entry.destination


def test_headers_cascade_name_by_name() -> None:
    """The built-in accept and user-agent stay under a layer's authorization; a header
    two layers set is overridden in the lower one only; the route's method overrides the
    built-in GET."""
    why = explain(
        "GET /user",
        headers={"x-trace": "call"},
        layers=[
            ("gh", {"headers": {"authorization": "token a", "x-trace": "gh"}}),
            ("mine", {"headers": {"Accept": "text/x-mine"}}),
        ],
    )

    shown = cascade_of(why)

    assert shown["headers.accept"].steps == (
        Step(BUILT_IN, ACCEPT, OVERRIDDEN),
        Step("mine", "text/x-mine", WON),
    )
    assert shown["headers.user-agent"].steps == (Step(BUILT_IN, UA, WON),)
    assert shown["headers.authorization"].steps == (Step("gh", "token a", WON),)
    assert shown["headers.x-trace"].steps == (
        Step("gh", "gh", OVERRIDDEN),
        Step("call", "call", WON),
    )
    assert shown["method"].steps == (Step(BUILT_IN, "GET", OVERRIDDEN), Step("call", "GET", WON))


def test_request_entries_cascade_key_by_key() -> None:
    """request merges deeply: a lower layer's retries survives the call's timeout, and a
    timeout both set is the call's."""
    why = explain(
        "GET /user",
        request={"timeout": 5},
        layers=[("net", {"request": {"retries": 2, "timeout": 1}})],
    )

    shown = cascade_of(why)

    assert shown["request.retries"].steps == (Step("net", 2, WON),)
    assert shown["request.timeout"].steps == (
        Step("net", 1, OVERRIDDEN),
        Step("call", 5, WON),
    )


def test_a_mapping_merged_key_by_key_is_marked_merged() -> None:
    """A profile's data {"a": 1} under the call's {"b": 2}: the body holds both, so the
    profile's step is merged (not struck), and a note gives the merged value."""
    why = explain("POST /x", data={"b": 2}, layers=[("profile", {"data": {"a": 1}})])

    data = cascade_of(why)["data"]

    assert data.value == {"a": 1, "b": 2}
    assert data.steps == (Step("profile", {"a": 1}, MERGED), Step("call", {"b": 2}, WON))
    assert data.notes == ('merged: {"a": 1, "b": 2}',)
    assert result_of(why)["body"] == {"a": 1, "b": 2}


def test_a_value_that_is_no_mapping_ends_the_merging_below_it() -> None:
    """data "raw" between two mappings replaces the one below; the call's mapping then
    replaces "raw": both below are overridden, and the body is the call's alone."""
    why = explain(
        "POST /x",
        data={"b": 2},
        layers=[("one", {"data": {"a": 1}}), ("two", {"data": "raw"})],
    )

    data = cascade_of(why)["data"]

    assert data.steps == (
        Step("one", {"a": 1}, OVERRIDDEN),
        Step("two", "raw", OVERRIDDEN),
        Step("call", {"b": 2}, WON),
    )
    assert data.notes == ()
    assert result_of(why)["body"] == {"b": 2}


def test_graphql_previews_of_the_defaults_merge_with_the_calls() -> None:
    """A POST /graphql call keeps the defaults' previews it does not name: the profile's
    step is merged; parse turns both previews into the accept header, and says so."""
    why = explain(
        "POST /graphql",
        query="{ viewer { login } }",
        media_type={"previews": ["ant-man"]},
        layers=[("profile", {"media_type": {"previews": ["mercy"]}})],
    )

    shown = cascade_of(why)

    previews = shown["media_type.previews"]
    assert previews.value == ["mercy", "ant-man"]
    assert previews.steps == (
        Step(BUILT_IN, [], OVERRIDDEN),
        Step("profile", ["mercy"], MERGED),
        Step("call", ["ant-man"], WON),
    )
    accept = shown["headers.accept"]
    assert accept.steps == (Step(BUILT_IN, ACCEPT, WON),)
    assert accept.sent == (
        "application/vnd.github.mercy-preview+json,application/vnd.github.ant-man-preview+json"
    )
    assert accept.why == "amended by media_type.previews=mercy,ant-man"


def test_previews_named_only_below_a_graphql_call_win_there() -> None:
    """A /graphql call that names no previews: the profile's previews are the ones kept,
    the built-in empty list overridden."""
    why = explain(
        "POST /graphql",
        query="{ viewer { login } }",
        layers=[("profile", {"media_type": {"previews": ["mercy"]}})],
    )

    assert cascade_of(why)["media_type.previews"].steps == (
        Step(BUILT_IN, [], OVERRIDDEN),
        Step("profile", ["mercy"], WON),
    )


def test_media_type_format_amends_the_accept_and_the_cascade_shows_both() -> None:
    """teaching's format full+json overrides the built-in "" and amends the built-in
    accept: the merged accept is the built-in one, the sent one carries the format."""
    why = explain(
        "GET /repos/o/r/issues", layers=[("teaching", {"media_type": {"format": "full+json"}})]
    )

    shown = cascade_of(why)

    assert shown["media_type.format"].steps == (
        Step(BUILT_IN, "", OVERRIDDEN),
        Step("teaching", "full+json", WON),
    )
    accept = shown["headers.accept"]
    assert (accept.value, accept.sent) == (ACCEPT, "application/vnd.github.v3.full+json")
    assert accept.why == "amended by media_type.format=full+json"
    assert accept.notes == (
        'sent "application/vnd.github.v3.full+json" (amended by media_type.format=full+json)',
    )


def test_a_format_and_previews_both_amend_the_accept() -> None:
    """On /graphql a format and a preview give the preview's media type with the format."""
    why = explain("POST /graphql", query="q", media_type={"format": "raw", "previews": ["mercy"]})

    accept = cascade_of(why)["headers.accept"]

    assert accept.sent == "application/vnd.github.mercy-preview.raw"
    assert accept.why == "amended by media_type.format=raw and media_type.previews=mercy"


def test_a_format_that_matches_no_part_of_the_accept_changes_nothing() -> None:
    """With accept text/html the format has nothing to amend: no change is reported."""
    why = explain("GET /x", headers={"accept": "text/html"}, media_type={"format": "raw"})

    assert result_of(why)["headers"]["accept"] == "text/html"
    assert cascade_of(why)["headers.accept"].why == ""


def test_parse_adds_a_content_type_for_a_json_body() -> None:
    """No layer sets a content-type and the body is JSON: parse adds one, and the
    cascade lists it with no steps, what was sent, and why."""
    why = explain("POST /repos/o/r/issues", title="t")

    added = cascade_of(why)["headers.content-type"]

    assert added == Cascade(
        "headers.content-type",
        None,
        (),
        "header",
        "application/json; charset=utf-8",
        "added: the body is JSON",
    )
    assert added.notes == ('sent "application/json; charset=utf-8" (added: the body is JSON)',)
    assert not added.gone


def test_parse_adds_a_content_type_for_data_too() -> None:
    """data as the body, no content-type given: the JSON one is added all the same."""
    why = explain("POST /markdown/raw", data="# hi")

    assert cascade_of(why)["headers.content-type"].why == (
        "added: the body (data) has no content-type"
    )


def test_a_content_type_given_is_sent_as_given() -> None:
    """A layer's content-type is the one sent: one step, nothing added."""
    why = explain(
        "POST /markdown/raw",
        data="# hi",
        layers=[("md", {"headers": {"content-type": "text/plain"}})],
    )

    assert cascade_of(why)["headers.content-type"] == Cascade(
        "headers.content-type", "text/plain", (Step("md", "text/plain", WON),), "header"
    )


def test_a_header_number_is_sent_as_its_text() -> None:
    """A header value 5 is sent as "5", and the cascade says it was converted."""
    why = explain("GET /user", headers={"x-count": 5})

    count = cascade_of(why)["headers.x-count"]

    assert (count.value, count.sent, count.why) == (5, "5", "converted: a header value is text")


def test_a_none_header_of_the_bottom_layer_is_dropped_by_parse() -> None:
    """Merge only removes a None header over another layer; one in the built-in layer
    reaches parse, which drops it: not sent, and why."""
    why = explain("GET /user", built_in={"base_url": "https://h", "headers": {"x-gone": None}})

    gone = cascade_of(why)["headers.x-gone"]

    assert result_of(why)["headers"] == {}
    assert (gone.sent, gone.why) == (None, "dropped: None removes a header")
    assert gone.notes == ("not sent (dropped: None removes a header)",)


def test_a_header_removed_by_a_later_layer_shows_its_removal() -> None:
    """x-trace set by one layer and set to None by the next: no entry, but a cascade
    that ends with the removal, which won."""
    why = explain(
        "GET /user",
        layers=[("a", {"headers": {"x-trace": "1"}}), ("b", {"headers": {"x-trace": None}})],
    )

    removed = cascade_of(why)["headers.x-trace"]

    assert removed == Cascade(
        "headers.x-trace",
        None,
        (Step("a", "1", OVERRIDDEN), Step("b", None, WON)),
        "removed: None drops a header",
    )
    assert removed.gone
    assert [option.key for option in why.cascade()].index("headers.x-trace") == 4  # with headers


def test_request_entries_a_whole_request_replaces_are_not_sent() -> None:
    """A layer's request {"retries": 2} under the call's request "tag": retries is
    overridden and gone; and a layer's whole request under the call's mapping is too."""
    replaced = explain("GET /user", request="tag", layers=[("net", {"request": {"retries": 2}})])
    keyed = explain("GET /user", request={"timeout": 5}, layers=[("net", {"request": "below"})])

    retries = cascade_of(replaced)["request.retries"]
    below = cascade_of(keyed)["request"]

    assert retries == Cascade(
        "request.retries",
        None,
        (Step("net", 2, OVERRIDDEN),),
        "not sent: a layer above replaced request",
    )
    assert retries.gone
    assert cascade_of(replaced)["request"].steps == (Step("call", "tag", WON),)
    assert below.steps == (Step("net", "below", OVERRIDDEN),)
    assert below.destination == "not sent: a layer above replaced request"
    assert cascade_of(keyed)["request.timeout"].steps == (Step("call", 5, WON),)


def test_a_removed_header_with_no_other_header_goes_last() -> None:
    """Over no built-in defaults, a header set and removed has no other header to join:
    its cascade comes last."""
    why = explain(
        "GET https://h/x",
        built_in={},
        layers=[("a", {"headers": {"x-trace": "1"}}), ("b", {"headers": {"x-trace": None}})],
    )

    assert [option.key for option in why.cascade()] == ["method", "url", "headers.x-trace"]


def test_a_request_that_stopped_reports_no_header_parse_would_change() -> None:
    """Nothing is sent when the request fails: no added content-type, no sent accept."""
    why = explain(
        "POST /repos/{owner}/{repo}/issues", owner="o", title="t", media_type={"format": "raw"}
    )

    shown = cascade_of(why)

    assert why.result is None
    assert "headers.content-type" not in shown
    assert shown["headers.accept"].why == ""
    assert shown["media_type.format"].destination == NOT_REACHED


def test_every_step_is_redacted_on_request() -> None:
    """redact=True hides each layer's token (the scheme word stays), a number sent for
    a secret header, and a base URL's user:password; redact=False shows them."""
    why = explain(
        "GET /user",
        headers={"authorization": "token call-secret", "x-api-key": 12345},
        layers=[
            ("gh", {"headers": {"authorization": "token gh-secret"}}),
            ("ghe", {"base_url": "https://me:pw-secret@ghe.example.com/api"}),
        ],
    )

    hidden, shown = cascade_of(why, redact=True), cascade_of(why)

    assert hidden["headers.authorization"].steps == (
        Step("gh", "token <REDACTED>", OVERRIDDEN),
        Step("call", "token <REDACTED>", WON),
    )
    assert hidden["headers.authorization"].value == "token <REDACTED>"
    assert hidden["base_url"].steps[-1] == Step(
        "ghe", "https://<REDACTED>@ghe.example.com/api", WON
    )
    assert "secret" not in repr(why.cascade(redact=True))
    assert shown["headers.authorization"].steps[0] == Step("gh", "token gh-secret", OVERRIDDEN)
    assert why.result is None  # user:password@ in a base URL is refused; nothing sent

    sent = explain("GET /user", headers={"x-api-key": 12345})
    assert cascade_of(sent, redact=True)["headers.x-api-key"].sent == "<REDACTED>"
    assert cascade_of(sent)["headers.x-api-key"].sent == "12345"


def test_an_explanation_made_by_hand_cascades_one_step_an_entry() -> None:
    """Without the layers (an Explanation built from entries alone), each option's
    cascade is its entry: the entry's layer won."""
    entries = (Entry("owner", "o", "call", "URL path {owner}"),)
    why = Explanation({"owner": "o"}, None, None, entries)

    assert why.cascade() == [Cascade("owner", "o", (Step("call", "o", WON),), "URL path {owner}")]


def test_steps_and_cascades_are_tuples_that_read_as_their_fields() -> None:
    """A Step and a Cascade are frozen tuples whose repr names what they hold; a cell's
    text is JSON, a long one cut."""
    step = Step("teaching", "x" * 400, OVERRIDDEN)
    option = Cascade("per_page", 2, (Step("call", 2, WON),), "URL query")

    assert (step.layer, step.state) == ("teaching", OVERRIDDEN)
    assert step.text.endswith("… (402 characters)")
    assert Step("call", {(1, 2): "x"}, WON).text == "{(1, 2): 'x'}"  # no JSON key: its repr
    assert step == ("teaching", "x" * 400, OVERRIDDEN)
    assert repr(Step("call", 2, WON)) == "Step('call', 2, 'won')"
    assert repr(option) == (
        "Cascade('per_page', 2, (Step('call', 2, 'won'),), 'URL query', sent=None, why='')"
    )
    with pytest.raises(AttributeError):
        option.key = "other"  # type: ignore[misc]


def test_rows_hide_a_dotted_name_secret_as_the_url_hides_it() -> None:
    """``cookie.x`` (no such parameter: sent as a query named so) is secret by its whole
    name, as redact_url judges it; ``data.password`` by its last part. Only the redacted
    rows hide them."""
    from restroute import explain

    found = explain("POST /x{?q}", {"cookie.x": "c1", "data.password": "p1", "q": "seen"})
    rows = {row[0]: row[1] for row in found.rows(redact=True)}
    assert rows["cookie.x"] == "<REDACTED>"
    assert rows["data.password"] == "<REDACTED>"
    assert rows["q"] == '"seen"'
    shown = {row[0]: row[1] for row in found.rows()}
    assert (shown["cookie.x"], shown["data.password"]) == ('"c1"', '"p1"')


def test_a_value_nested_past_what_json_writes_is_one_line_of_a_row() -> None:
    """json.dumps raises RecursionError past Python's recursion limit: the row says so
    instead of failing (5,000 levels, well past the limit of 1,000)."""
    from restroute import explain

    deep: list[Any] = []
    for _ in range(5000):
        deep = [deep]
    found = explain("POST /repos/{owner}/{repo}/issues", owner="o", repo="r", data=deep)
    rows = {row[0]: row for row in found.rows()}
    assert rows["data"] == ("data", "<nested too deep to show>", "call", "body (as given)")
