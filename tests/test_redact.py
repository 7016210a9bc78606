"""restroute.redact: the one place that decides what is secret and how it is hidden."""

from __future__ import annotations

import pytest

from restroute import EndpointError, endpoint, explain
from restroute.redact import REDACTED, hide_userinfo, is_secret, redact_headers, redact_options
from restroute.session import Session
from restroute.snippets import to_curl

TOKEN = "ghp_redact_test_42"


@pytest.mark.parametrize(
    "name", ["x-sessionid", "cookie2", "x-jwt-assertion", "x.key", "X-Session-Token"]
)
def test_names_beyond_the_list_that_still_carry_credentials(name: str) -> None:
    """Session ids, cookies, JWTs and a "key" part after a dot are secret too."""
    assert is_secret(name)


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("token ghp_1", "token <REDACTED>"),
        ("Bearer abc", "Bearer <REDACTED>"),
        ("Basic dXNlcjpwdw==", "Basic <REDACTED>"),
        # The first word is no scheme: it may be half of the secret, so all of it goes.
        ("ghp_one ghp_two", REDACTED),
        ("token", REDACTED),
        ("token a b", REDACTED),
    ],
)
def test_authorization_keeps_its_scheme_word_only(value: str, shown: str) -> None:
    """Only a known scheme word stays in view; anything else is replaced whole."""
    assert redact_headers({"authorization": value}) == {"authorization": shown}


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("https://me:pw@h/x?a=1", "https://<REDACTED>@h/x?a=1"),
        ("https://pw@h", "https://<REDACTED>@h"),
        ("https://h/x?mail=a@b", "https://h/x?mail=a@b"),  # not the authority's
        ("https://h/a@b", "https://h/a@b"),
        ("/relative", "/relative"),
    ],
)
def test_userinfo_is_hidden_in_the_authority_only(url: str, shown: str) -> None:
    """user:password@ before the host is a credential; an @ elsewhere is left alone."""
    assert hide_userinfo(url) == shown


def test_redacted_options_hide_headers_and_url_credentials() -> None:
    """Merged or request options shown redacted: secret headers and userinfo both go."""
    shown = redact_options(
        {"base_url": f"https://u:{TOKEN}@h", "url": "/x", "headers": {"x-api-key": TOKEN}}
    )

    assert shown == {
        "base_url": "https://<REDACTED>@h",
        "url": "/x",
        "headers": {"x-api-key": REDACTED},
    }


def test_a_secret_header_that_is_not_text_is_not_echoed_in_its_error() -> None:
    """A token given as a list is refused without showing it, in endpoint() and the view."""
    with pytest.raises(EndpointError, match="is '<REDACTED>'; pass a string") as raised:
        endpoint("GET /user", headers={"authorization": [f"token {TOKEN}"]})
    session = Session("GET /user")
    session.edit_layer("session", f'headers.authorization = ["token {TOKEN}"]')

    assert TOKEN not in str(raised.value)
    assert TOKEN not in repr(session.view().status)
    assert all(TOKEN not in text for text in session.view().snippets.values())


def test_credentials_in_a_base_url_are_not_echoed() -> None:
    """A base URL with user:password@ is refused, and no message, row or field shows it."""
    session = Session("GET /user")
    session.edit_layer("session", f'base_url = "https://me:{TOKEN}@ghe.example.com"')
    view = session.view()

    assert view.status.kind == "error"
    assert "https://<REDACTED>@ghe.example.com" in view.status.text
    assert TOKEN not in repr((view.status, view.merged, view.rows, view.snippets))
    with pytest.raises(EndpointError, match="GET https://<REDACTED>@h/x: the URL has") as raised:
        endpoint(f"GET https://me:{TOKEN}@h/x")
    assert TOKEN not in str(raised.value)


def test_a_table_cuts_a_huge_value_and_says_how_long_it_was() -> None:
    """An explanation's cell shows at most 300 characters of a value, and its length."""
    why = explain("POST /x", data="a" * 100_000)

    row = next(row for row in why.rows() if row[0] == "data")
    assert len(row[1]) <= 300
    assert row[1].endswith("… (100,002 characters)")  # the JSON text: quotes included


def test_a_curl_snippet_redacts_an_unknown_scheme_whole() -> None:
    """Two words that are not "scheme credentials" are hidden whole in a snippet too."""
    options = endpoint("GET /user", headers={"authorization": f"{TOKEN} second"})

    assert "-H 'authorization: <REDACTED>'" in to_curl(options, redact=True)
