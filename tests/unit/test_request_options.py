"""restroute.RequestOptions: a plain dict to every consumer."""

from __future__ import annotations

import json

from restroute import RequestOptions, endpoint


def test_readme_example() -> None:
    """The result compares equal to a plain dict and is one."""
    options = endpoint("GET /users/{username}", username="octocat")

    assert isinstance(options, RequestOptions)
    assert isinstance(options, dict)
    assert options == {
        "method": "get",
        "url": "https://api.github.com/users/octocat",
        "headers": options["headers"],
    }


def test_json_and_unpacking() -> None:
    """json.dumps takes it and ** unpacks it."""
    options = endpoint("POST /x", a=1)

    def send(method: str, url: str, headers: dict[str, str], body: object) -> str:
        return f"{method} {url} {body}"

    assert json.loads(json.dumps(options)) == options
    assert send(**options) == "post https://api.github.com/x {'a': 1}"


def test_key_order() -> None:
    """Keys come as method, url, headers, body, request."""
    options = endpoint("POST /x", a=1, request={"r": 1})

    assert list(options) == ["method", "url", "headers", "body", "request"]


def test_no_instance_dict() -> None:
    """It adds no per-instance state to dict."""
    assert not hasattr(RequestOptions(), "__dict__")
