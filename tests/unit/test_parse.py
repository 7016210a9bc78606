"""restroute.endpoint.parse: merged options -> request options, statelessly."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from restroute import EndpointError, endpoint
from restroute.snippets import to_curl, to_python
from tests.conftest import UA
from tests.strategies import LoudText as Loud

HEADERS = {"accept": "application/vnd.github.v3+json", "user-agent": UA}


def test_readme_example() -> None:
    """parse(merge(x)) is endpoint(x)."""
    merged = endpoint.merge("GET /orgs/{org}/repos", org="octokit", type="private")

    assert endpoint.parse(merged) == {
        "method": "get",
        "url": "https://api.github.com/orgs/octokit/repos?type=private",
        "headers": HEADERS,
    }


def test_parse_does_not_change_its_input() -> None:
    """parse reads the merged options and returns new objects."""
    merged = endpoint.merge("POST /repos/{owner}/{repo}/issues", owner="o", repo="r", title="t")
    before = copy.deepcopy(merged)

    result = endpoint.parse(merged)
    result["headers"]["x"] = "1"

    assert merged == before


def test_hand_written_merged_options() -> None:
    """A merged dict written by hand (octokit names, mixed-case headers, no media_type) works."""
    merged: dict[str, Any] = {
        "method": "patch",
        "baseUrl": "https://ghe.example.com/api/v3/",
        "url": "/repos/{owner}/{repo}",
        "headers": {"Accept": "application/vnd.github+json"},
        "owner": "o",
        "repo": "r",
        "name": "n",
    }

    assert endpoint.parse(merged) == {
        "method": "patch",
        "url": "https://ghe.example.com/api/v3/repos/o/r",
        "headers": {
            "accept": "application/vnd.github+json",
            "content-type": "application/json; charset=utf-8",
        },
        "body": {"name": "n"},
    }


def test_method_defaults_to_get() -> None:
    """A merged dict without a method means GET."""
    result = endpoint.parse({"url": "https://example.com/x", "a": 1})

    assert result == {"method": "get", "url": "https://example.com/x?a=1", "headers": {}}


def test_template_variables_named_like_options() -> None:
    """{url} and {method} in a template could only be the options: they are refused."""
    merged = {"method": "GET", "url": "https://h/{method}/{url}", "headers": {}}

    with pytest.raises(EndpointError, match=r"\{method\}, \{url\} names an option, not a"):
        endpoint.parse(merged)


@pytest.mark.parametrize(
    ("merged", "message"),
    [
        (
            ["GET /x"],
            "parse: merged options must be a mapping, not list; "
            "pass the result of endpoint.merge(...)",
        ),
        (
            {"method": "GE T", "url": "/x"},
            "method 'GE T' is not an HTTP token (RFC 9110 9.1); "
            "pass a method such as 'GET' or 'POST'",
        ),
        (
            {"method": ["GET"], "url": "/x"},
            "method ['GET'] is not an HTTP token (RFC 9110 9.1); "
            "pass a method such as 'GET' or 'POST'",
        ),
        ({"url": ["/x"]}, "GET: no url (['/x']); pass a route like 'GET /user' or url='/user'"),
        ({"url": ""}, "GET: no url (''); pass a route like 'GET /user' or url='/user'"),
        (
            {"url": "/x"},
            "GET /x: base_url None is not an http(s) URL with a host that every client reads "
            "alike (no credentials, backslash, %, whitespace, query or fragment); pass one "
            "such as 'https://api.github.com'",
        ),
        (
            {"url": "/x", "base_url": ["https://h"]},
            "GET /x: base_url ['https://h'] is not an http(s) URL with a host that every "
            "client reads alike (no credentials, backslash, %, whitespace, query or "
            "fragment); pass one such as 'https://api.github.com'",
        ),
        (
            {"url": "https://h/x", "headers": {"accept": "a"}, "media_type": "raw"},
            "GET https://h/x: media_type must be a mapping like {'format': 'raw'}, not 'raw'",
        ),
        (
            {"url": "https://h/x", "headers": {"accept": "a"}, "media_type": {"format": 1}},
            "GET https://h/x: media_type format must be a string such as 'raw' or 'diff'",
        ),
    ],
    ids=[
        "not-mapping",
        "method",
        "method-list",
        "url-list",
        "url-empty",
        "no-base",
        "base-list",
        "media-type",
        "format",
    ],
)
def test_bad_merged_options(merged: Any, message: str) -> None:
    """Merged options that cannot become a request are refused by name."""
    with pytest.raises(EndpointError) as raised:
        endpoint.parse(merged)

    assert str(raised.value) == message


def test_parse_caches_are_keyed_by_text_only() -> None:
    """The same template parsed for two methods names the right method in errors."""
    endpoint.parse({"method": "GET", "url": "https://h/{a}", "a": 1})

    with pytest.raises(EndpointError, match=r"^DELETE https://h/\{a\}: no value for \{a\}"):
        endpoint.parse({"method": "DELETE", "url": "https://h/{a}"})


def test_str_subclasses_are_used_as_the_text_they_are() -> None:
    """A method, base URL, url, header name and query name given as a str subclass build
    the request their text describes, without any of the subclass's own methods."""
    merged = {
        "method": Loud("get"),
        "base_url": Loud("https://h"),
        "url": Loud("/x"),
        "headers": {Loud("X-Trace"): "1"},
        Loud("per_page"): "2",
    }

    assert endpoint.parse(merged) == {
        "method": "get",
        "url": "https://h/x?per_page=2",
        "headers": {"x-trace": "1"},
    }


@pytest.mark.parametrize(
    ("merged", "message"),
    [
        ({"method": Loud("GE T"), "url": "/x"}, "method 'GE T' is not an HTTP token"),
        ({"url": Loud("/x/{url}")}, "GET /x/{url}: {url} names an option, not a parameter"),
        ({"headers": {Loud("x y"): "1"}, "url": "/x"}, "header name 'x y' is not an HTTP token"),
    ],
    ids=["method", "url", "header name"],
)
def test_bad_str_subclasses_are_refused_with_their_text(merged: Any, message: str) -> None:
    """A str subclass that is not a valid method, url or header name is refused like a str."""
    with pytest.raises(EndpointError, match=re.escape(message)):
        endpoint.parse({"base_url": "https://h", **merged})


def test_a_malformed_template_names_the_method_of_each_call() -> None:
    """The same malformed template, refused under POST and then GET, names each method."""
    for method in ("POST", "GET", "POST"):
        with pytest.raises(EndpointError) as raised:
            endpoint(f"{method} /x/{{a")
        assert str(raised.value).startswith(f"{method} /x/{{a: malformed URI template")


def test_str_subclasses_in_every_option_and_snippet() -> None:
    """Route, method, url, base_url, media type, header names and values, parameter values
    and a text body given as a str subclass: the request, its snippets and its redaction
    use their text, and none of the subclass's own methods runs."""
    options = endpoint(
        Loud("POST /x/{v}"),
        {
            "v": Loud("a b"),
            "base_url": Loud("https://h/"),
            "media_type": {"format": Loud("raw"), "previews": [Loud("mercy")]},
            "headers": {Loud("Authorization"): Loud("token t"), "accept": Loud("a/b")},
            "data": Loud("body"),
        },
    )
    hand_made = {**options, "method": Loud("post"), "url": Loud(options["url"])}

    assert options == {
        "method": "post",
        "url": "https://h/x/a%20b",
        "headers": {
            "accept": "a/b",
            "user-agent": UA,
            "authorization": "token t",
            "content-type": "application/json; charset=utf-8",
        },
        "body": "body",
    }
    assert "-H 'authorization: token <REDACTED>'" in to_curl(hand_made, redact=True)
    assert 'response = requests.request("POST", url' in to_python(hand_made)


def test_a_mapping_that_is_no_dict_parses_as_the_dict_would() -> None:
    """A dict (or merge's result) is copied and its options removed; any other mapping
    is read item by item. Both give the same request, in the same order."""
    from types import MappingProxyType

    merged = endpoint.merge("POST /repos/{owner}/{repo}/issues", owner="o", repo="r", b=1, a=2)
    as_dict = endpoint.parse(dict(merged))
    as_proxy = endpoint.parse(MappingProxyType(dict(merged)))
    assert as_proxy == as_dict == endpoint.parse(merged)
    assert list(as_proxy["body"]) == list(as_dict["body"]) == ["b", "a"]


def test_merged_options_in_a_dict_subclass_parse_as_in_a_dict() -> None:
    """A caller's own dict subclass (no reading method of its own) is read as it is; what
    is no parameter (method, url, headers...) stays out of the query, as from a dict."""

    class Options(dict):  # type: ignore[type-arg]
        pass

    merged = endpoint.merge("GET /repos/{owner}/{repo}/issues", owner="o", repo="r", state="open")
    assert endpoint.parse(Options(merged)) == endpoint.parse(dict(merged))
    assert endpoint.parse(Options(merged))["url"].endswith("/repos/o/r/issues?state=open")
