"""restroute.endpoint.defaults and DEFAULTS: layered defaults that cascade."""

from __future__ import annotations

import enum
from typing import Any

import pytest

from restroute import Endpoint, EndpointError, endpoint
from tests.conftest import UA


def test_readme_example() -> None:
    """A derived endpoint carries its base URL and parameters into every call."""
    ghe = endpoint.defaults(base_url="https://ghe.example.com/api/v3", per_page=100)

    assert ghe("GET /orgs/{org}/repos", org="octokit") == {
        "method": "get",
        "url": "https://ghe.example.com/api/v3/orgs/octokit/repos?per_page=100",
        "headers": {"accept": "application/vnd.github.v3+json", "user-agent": UA},
    }
    assert isinstance(ghe, Endpoint)


def test_defaults_cascade_to_any_depth() -> None:
    """Each layer adds to and overrides the one below; the call overrides them all."""
    layer = endpoint
    for depth in range(1, 8):
        layer = layer.defaults(headers={f"x-layer-{depth}": str(depth), "x-top": str(depth)})
    layer = layer.defaults(owner="octocat", media_type={"format": "raw"})

    options = layer("GET /repos/{owner}/{repo}/readme", repo="r", headers={"x-call": "c"})

    assert options["url"] == "https://api.github.com/repos/octocat/r/readme"
    assert options["headers"] == {
        "accept": "application/vnd.github.v3.raw",
        "user-agent": UA,
        **{f"x-layer-{depth}": str(depth) for depth in range(1, 8)},
        "x-top": "7",
        "x-call": "c",
    }


def test_DEFAULTS_of_the_base_endpoint() -> None:
    """The base DEFAULTS name api.github.com, GitHub's v3 media type and our user-agent."""
    assert endpoint.DEFAULTS == {
        "method": "GET",
        "base_url": "https://api.github.com",
        "headers": {"accept": "application/vnd.github.v3+json", "user-agent": UA},
        "media_type": {"format": "", "previews": []},
    }


def test_DEFAULTS_is_a_copy() -> None:
    """Changing what DEFAULTS returns changes nothing."""
    defaults = endpoint.DEFAULTS
    defaults["headers"]["accept"] = "evil"
    defaults["media_type"]["previews"].append("evil")
    defaults["base_url"] = "https://evil.example"

    assert endpoint.DEFAULTS["headers"]["accept"] == "application/vnd.github.v3+json"
    assert endpoint("GET /x")["url"] == "https://api.github.com/x"


def test_defaults_snapshot_what_they_are_given() -> None:
    """Changing the mapping given to defaults() afterwards changes nothing."""
    given: dict[str, Any] = {"headers": {"x-a": "1"}, "labels": ["bug"]}
    derived = endpoint.defaults(given)
    given["headers"]["x-a"] = "2"
    given["labels"].append("oops")

    assert derived.DEFAULTS["headers"]["x-a"] == "1"
    assert derived("POST /x")["body"] == {"labels": ["bug"]}


class PerPage(enum.IntEnum):
    MAX = 100


def test_defaults_copy_lists_of_containers_and_share_other_values() -> None:
    """A default list is copied for every call, merge and DEFAULTS down to the dicts and lists
    inside it, so changing one changes no other; a value that is no container (an IntEnum
    member) is handed on as the same object."""
    derived = endpoint.defaults(labels=[{"name": "bug"}, ["nested"]], per_page=PerPage.MAX)

    first = derived("POST /x")
    first["body"]["labels"][0]["name"] = "changed"
    first["body"]["labels"][1].append("oops")
    merged = derived.merge("POST /x")
    merged["labels"][0]["name"] = "changed too"
    defaults = derived.DEFAULTS
    defaults["labels"][1].append("evil")

    body = derived("POST /x")["body"]
    assert body == {"labels": [{"name": "bug"}, ["nested"]], "per_page": 100}
    assert body["per_page"] is PerPage.MAX
    assert derived.DEFAULTS["labels"] == [{"name": "bug"}, ["nested"]]
    assert derived.DEFAULTS["per_page"] is PerPage.MAX
    assert endpoint.defaults(per_page=PerPage.MAX)("GET /x")["url"] == (
        "https://api.github.com/x?per_page=100"
    )


def test_derived_base_url_in_DEFAULTS() -> None:
    """DEFAULTS['base_url'] of a derived endpoint is the one given, without trailing '/'."""
    derived = endpoint.defaults({"baseUrl": "https://ghe.example.com/api/v3/"})

    assert derived.DEFAULTS["base_url"] == "https://ghe.example.com/api/v3"
    assert endpoint.DEFAULTS["base_url"] == "https://api.github.com"


def test_defaults_refuse_bad_headers_at_once() -> None:
    """A bad header fails when the layer is made, not at the first call."""
    with pytest.raises(EndpointError, match="contains CR, LF or NUL"):
        endpoint.defaults(headers={"authorization": "token x\r\ny: z"})


def test_defaults_refuse_a_route_string() -> None:
    """defaults() takes options, not a route; a route string is refused with the fix."""
    with pytest.raises(EndpointError, match="has a method but no URL"):
        endpoint.defaults("GET")


def test_repr_names_method_and_base_url() -> None:
    """An endpoint's repr says what it targets."""
    derived = endpoint.defaults(base_url="https://ghe.example.com/api/v3")

    assert repr(derived) == "<Endpoint GET https://ghe.example.com/api/v3>"


def test_a_bytearray_in_the_defaults_is_never_shared() -> None:
    """A bytearray body given to defaults() is copied: changing what a call returns, or
    what was given, changes no later result and not DEFAULTS."""
    given = bytearray(b"ab")
    uploads = endpoint.defaults(data=given)

    first = uploads("POST /x")["body"]
    first[0:1] = b"X"
    given[0:1] = b"Y"

    assert first is not given
    assert uploads("POST /x")["body"] == bytearray(b"ab")
    assert uploads.DEFAULTS["data"] == bytearray(b"ab")
