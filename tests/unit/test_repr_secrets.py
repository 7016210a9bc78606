"""A value of the wrong type is named in its error by its repr (issue 32, item 2): a
secret inside it (a field, an attribute, a key named as one, or a credential's shape)
stays hidden, and the error still names the type."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, NamedTuple

import pytest

import restroute
from restroute import EndpointError
from restroute._core.encoding import safe_repr

TOKEN = "ghp_" + "Zq7Xk2Lm9Pw4Rt6Yv8Bn3Cd5Fg1Hj0Ks2Mn4Pq"


@dataclass
class Login:
    user: str
    password: str


class Pair(NamedTuple):
    user: str
    password: str


CARRIERS: dict[str, Callable[[], object]] = {
    "namespace": lambda: SimpleNamespace(user="me", password="hunter2"),
    "dataclass": lambda: Login("me", "hunter2"),
    "named-tuple": lambda: Pair("me", "hunter2"),
    "list": lambda: [SimpleNamespace(password="hunter2")],
    "tuple": lambda: (Login("me", "hunter2"),),
    "list-of-text": lambda: ["password=hunter2"],
    "tuple-of-a-dict": lambda: ({"password": "hunter2"},),
}
TYPE_NAMES = {
    "namespace": "namespace",
    "dataclass": "Login",
    "named-tuple": "Pair",
    "list": "namespace",
    "tuple": "Login",
    "list-of-text": "[",
    "tuple-of-a-dict": "({",
}


def call(place: str, value: object) -> None:
    options: dict[str, Any]
    if place == "base_url":
        restroute.endpoint("GET /x", base_url=value)
    elif place == "header":
        restroute.endpoint("GET /x", headers={"x-a": value})
    elif place == "parameter":
        restroute.endpoint("GET /x", q=value)
    elif place == "method":
        options = {"method": value, "url": "/x"}
        restroute.endpoint(options)
    elif place == "url":
        options = {"method": "GET", "url": value}
        restroute.endpoint(options)
    elif place == "media_type":
        restroute.endpoint("GET /x", media_type=value)
    elif place == "route":
        restroute.endpoint(value)
    elif place == "defaults":
        restroute.endpoint.defaults({"base_url": value})
    else:  # the body's field, sent in a query of a GET: not a scalar
        restroute.endpoint.merge("GET /x", {"headers": value})


PLACES = ["base_url", "header", "parameter", "method", "url", "media_type", "route"]
PLACES += ["defaults", "merge-headers"]
# a list or tuple of text is a parameter's value, sent as it is: no error to show
VALID = {("parameter", "named-tuple"), ("parameter", "list-of-text")}


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("carrier", CARRIERS)
def test_a_secret_in_a_wrong_value_stays_hidden(place: str, carrier: str) -> None:
    if (place, carrier) in VALID:
        call(place, CARRIERS[carrier]())  # sent, not refused
        return
    with pytest.raises(EndpointError) as raised:
        call(place, CARRIERS[carrier]())

    message = str(raised.value)
    assert "hunter2" not in message
    assert TYPE_NAMES[carrier] in message or type(CARRIERS[carrier]()).__name__ in message


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (SimpleNamespace(password="hunter2", n=1), "namespace(password='<REDACTED>', n=1)"),
        (Login("me", "hunter2"), "Login(user='me', password='<REDACTED>')"),
        (Pair("me", "hunter2"), "Pair(user='me', password='<REDACTED>')"),
        ([SimpleNamespace(token="hunter2")], "[namespace(token='<REDACTED>')]"),
        ({"access_token": "hunter2"}, "{'access_token': '<REDACTED>'}"),
        (("x", TOKEN), "('x', '<REDACTED>')"),
        (SimpleNamespace(note=f"key {TOKEN}"), "namespace(note='key <REDACTED>')"),
    ],
    ids=["namespace", "dataclass", "named-tuple", "list", "dict", "shape", "shape-in-text"],
)
def test_safe_repr_hides_by_name_and_by_shape(value: object, shown: str) -> None:
    assert safe_repr(value, 200) == shown


def test_a_token_cut_short_is_hidden_before_the_cut() -> None:
    """The cut comes after the hiding: no part of a token is left at the end."""
    shown = safe_repr(SimpleNamespace(a="x" * 30, b=TOKEN), 60)

    assert len(shown) <= 60
    for at in range(len(TOKEN) - 7):
        assert TOKEN[at : at + 8] not in shown


def test_a_plain_value_is_shown_as_it_is() -> None:
    assert safe_repr(SimpleNamespace(user="octocat")) == "namespace(user='octocat')"
    assert safe_repr(["a"] * 100) == repr(["a"] * 100)[:57] + "..."


# --- the library's other messages that repeat a value ------------------------------------------


@pytest.mark.parametrize(
    ("route", "problem"),
    [
        (f"GET  /x?access_token={TOKEN} y z", "has whitespace inside its URL"),
        (f"GET /x/{{a b}}?token={TOKEN}", "has whitespace inside its URL"),
        ("FOO BAR /x?password=hunter2 more", "has whitespace inside its URL"),
        (f"GET /x/{TOKEN}/../y", "has a '..' segment"),
    ],
    ids=["query-token", "template", "password", "dot-segment"],
)
def test_a_route_error_hides_its_credentials(route: str, problem: str) -> None:
    with pytest.raises(EndpointError, match=problem) as raised:
        restroute.endpoint(route)

    message = str(raised.value)
    assert "hunter2" not in message
    for at in range(len(TOKEN) - 7):
        assert TOKEN[at : at + 8] not in message


def test_a_route_error_still_quotes_a_plain_route() -> None:
    with pytest.raises(EndpointError, match=r"route 'GET /a b' has whitespace inside its URL"):
        restroute.endpoint("GET /a b")
