"""restroute.endpoint.merge: defaults with the call over them, nothing expanded."""

from __future__ import annotations

import pytest

from restroute import EndpointError, endpoint
from tests.conftest import UA

BASE = {
    "method": "GET",
    "base_url": "https://api.github.com",
    "headers": {"accept": "application/vnd.github.v3+json", "user-agent": UA},
    "media_type": {"format": "", "previews": []},
}


def test_readme_example() -> None:
    """merge keeps the template and moves no parameter."""
    merged = endpoint.merge("GET /orgs/{org}/repos", org="octokit", type="private")

    assert merged == {**BASE, "url": "/orgs/{org}/repos", "org": "octokit", "type": "private"}


def test_no_arguments_gives_the_defaults() -> None:
    """merge() alone is the defaults themselves."""
    assert endpoint.merge() == BASE


def test_names_are_canonical_and_method_uppercase() -> None:
    """camelCase aliases become snake_case; the method is uppercase; header names lowercase."""
    merged = endpoint.merge(
        "post /markdown",
        {"baseUrl": "https://ghe.example.com/api/v3/", "mediaType": {"format": "html"}},
        headers={"X-Trace": "1"},
    )

    assert merged == {
        "method": "POST",
        "base_url": "https://ghe.example.com/api/v3",
        "headers": {**BASE["headers"], "x-trace": "1"},  # type: ignore[dict-item]
        "media_type": {"format": "html", "previews": []},
        "url": "/markdown",
    }


def test_none_header_removes_a_default() -> None:
    """A header given as None takes the default away."""
    merged = endpoint.merge("GET /x", headers={"User-Agent": None})

    assert merged["headers"] == {"accept": "application/vnd.github.v3+json"}


def test_the_merged_dict_is_the_callers() -> None:
    """Changing a merge result changes no later merge or call."""
    merged = endpoint.merge("GET /x")
    merged["headers"]["accept"] = "evil"
    merged["media_type"]["format"] = "evil"
    merged["media_type"]["previews"].append("evil")

    assert endpoint.merge("GET /x") == {**BASE, "url": "/x"}
    assert endpoint("GET /x")["headers"]["accept"] == "application/vnd.github.v3+json"


def test_graphql_previews_merge_with_the_defaults() -> None:
    """For /graphql, default previews come first and '-preview' suffixes go."""
    derived = endpoint.defaults(media_type={"previews": ["jean-grey-preview", "symmetra"]})

    merged = derived.merge("POST /graphql", media_type={"previews": ["symmetra", "bane-preview"]})

    assert merged["media_type"] == {"format": "", "previews": ["jean-grey", "symmetra", "bane"]}
    assert derived.DEFAULTS["media_type"]["previews"] == ["jean-grey-preview", "symmetra"]


def test_other_urls_keep_previews_as_given() -> None:
    """Outside /graphql, previews are merged like any list: the call's replace."""
    derived = endpoint.defaults(media_type={"previews": ["a"]})

    assert derived.merge("GET /x", media_type={"previews": ["b-preview"]})["media_type"] == {
        "format": "",
        "previews": ["b-preview"],
    }


def test_nested_parameters_merge_deeply() -> None:
    """A mapping parameter in defaults and call merges key by key; lists replace."""
    derived = endpoint.defaults(config={"a": 1, "b": {"c": 2}}, tags=["x"])

    merged = derived.merge("POST /x", config={"b": {"d": 3}}, tags=["y"])

    assert merged["config"] == {"a": 1, "b": {"c": 2, "d": 3}}
    assert merged["tags"] == ["y"]


def test_merge_refuses_bad_shapes() -> None:
    """merge validates the call shape like endpoint does."""
    with pytest.raises(EndpointError, match="route 'GET' has a method but no URL"):
        endpoint.merge("GET")
