"""restroute.redact as the one authority for what the edges showed by themselves: the
secret values of merged options and their hiding (the session's view), a form row's dots
(both explorers), a route and a message as shown, and a pasted request's hiding. The
cases are those the edges' own tests use (test_view, test_session, test_jupyter,
test_explorer_form, test_pasted)."""

from __future__ import annotations

import types
from typing import Any

import pytest

from restroute.redact import (
    DOTS,
    REDACTED,
    hide_each,
    hide_values,
    hides_header,
    masker,
    pasted_hiding,
    redact_message,
    redact_route,
    row_shown,
    scrub_options,
    secret_values,
    shows_dots,
)

SECRET = "hunter2_long"
TOKEN = "ghp_" + "a" * 36
PW = "pw_found_by_the_adversary"


# --- the secret values of merged options (a view's) ---------------------------------------


def test_no_options_hide_only_the_known_secrets_of_8_characters_or_more() -> None:
    assert secret_values(None) == ()
    assert secret_values(None, ["short", "known secret"]) == ("known%20secret", "known secret")


def test_a_header_credential_is_hidden_with_its_last_word() -> None:
    merged = {"url": "/user", "headers": {"authorization": "token t0k3n_abc"}}

    assert secret_values(merged) == ("token%20t0k3n_abc", "token t0k3n_abc", "t0k3n_abc")


def test_a_reference_is_no_secret_and_a_short_value_is_not_hidden() -> None:
    """``${VAR}`` unset says where the secret comes from; a value under 8 characters
    would hide the same characters wherever they are."""
    assert secret_values({"headers": {"authorization": "token ${GITHUB_TOKEN}"}}) == ()
    assert secret_values({"access_token": "t0k3n"}) == ()


def test_values_under_secret_names_at_any_depth_are_hidden() -> None:
    merged = {"config": {"secret": SECRET, "url": "https://h"}, "keys": [12345678, True]}

    assert secret_values(merged) == (SECRET,)
    assert secret_values({"token": [("tuple_value",)]}) == ("tuple_value",)


def test_a_parameter_holding_a_secret_no_name_marks_is_hidden_whole() -> None:
    """``hook=https://user:password@host``: a parameter's value is hidden whole, an
    option's URL only part by part."""
    hook = "https://me:password1@h/x"

    assert set(secret_values({"hook": hook})) == {
        hook,
        "https%3A%2F%2Fme%3Apassword1%40h%2Fx",
        "me:password1",
        "me%3Apassword1",
    }
    assert secret_values({"url": "https://me:password1@h/x"}) == (
        "me%3Apassword1",
        "me:password1",
    )


def test_the_credentials_a_text_holds_by_their_shape_are_hidden() -> None:
    merged = {"note": f"export GITHUB_TOKEN={TOKEN}", "q": f"/x?access_token={SECRET}"}

    found = secret_values(merged)

    assert TOKEN in found
    assert SECRET in found


def test_json_in_a_text_is_read_for_its_secret_fields() -> None:
    text = f'{{"password": "{SECRET}"}}'

    found = secret_values({"headers": {"x-custom": text}})

    assert SECRET in found
    assert text in secret_values({"body_text": text})  # a parameter: hidden whole too
    assert secret_values({"token": "{not json either"}) == (
        "%7Bnot%20json%20either",
        "{not json either",
    )
    big = "[" + " " * 65536 + "]"
    assert secret_values({"q": big}) == ()  # too long to be read as JSON


def test_below_64_levels_nothing_more_is_looked_for() -> None:
    deep: Any = {"token": SECRET}
    for _ in range(70):
        deep = {"a": deep}
    listed: Any = SECRET
    for _ in range(70):
        listed = [listed]

    assert secret_values({"a": deep}) == ()
    assert secret_values({"token": listed}) == ()


def test_at_most_10000_texts_are_searched() -> None:
    """The stack is read from its end: the filler comes first, then the secret."""
    assert secret_values({"token": SECRET, "filler": ["x"] * 9_998}) == (SECRET,)
    assert secret_values({"token": SECRET, "filler": ["x"] * 9_999}) == ()


# --- hiding them ---------------------------------------------------------------------------


def test_hide_values_replaces_each_secret_as_text_and_as_html() -> None:
    secrets = secret_values({"token": "a&b_secret"})

    assert hide_values("x a&b_secret y", secrets) == f"x {REDACTED} y"
    assert hide_values("<b>a&amp;b_secret</b>", secrets) == "<b>a&amp;b_secret</b>"
    assert hide_values("<b>a&amp;b_secret</b>", secrets, escaped=True) == "<b>&lt;REDACTED&gt;</b>"
    assert hide_values("nothing", ()) == "nothing"


def test_scrub_options_hides_every_text_at_any_depth_in_place() -> None:
    """As a view's Merged and Parsed: a token forwarded under a header no name marks, or
    in a body's field (issue 32, S9: a view hides it wherever it goes)."""
    options: dict[str, Any] = {
        "url": f"/x?q={TOKEN}",
        "headers": {"x-forward": f"token {TOKEN}", "n": 1},
        "page": 2,
        "data": {"deep": TOKEN},  # in a body's field too
    }

    shown = scrub_options(options, [TOKEN])

    assert shown is options
    assert shown == {
        "url": f"/x?q={REDACTED}",
        "headers": {"x-forward": f"token {REDACTED}", "n": 1},
        "page": 2,
        "data": {"deep": REDACTED},
    }
    assert scrub_options({"headers": "not a mapping"}, [TOKEN]) == {"headers": "not a mapping"}
    untouched = {"url": TOKEN}
    assert scrub_options(untouched, ()) is untouched


def test_a_message_hides_every_credential_shape_and_every_known_secret() -> None:
    message = f"no route for https://me:{PW}@h/x?token={PW} (key {SECRET}, {TOKEN})"

    shown = redact_message(message, [SECRET])

    assert (
        shown
        == f"no route for https://{REDACTED}@h/x?token={REDACTED} (key {REDACTED}, {REDACTED})"
    )
    assert redact_message("contains CR, LF or NUL") == "contains CR, LF or NUL"


# --- a route as shown ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("route", "shown"),
    [
        ("https://user:pw@example.com/x", "https://<REDACTED>@example.com/x"),
        (
            f"GET https://me:{PW}@ghe.example.com/api/v3/repos/{{owner}}/{{repo}}",
            "GET https://<REDACTED>@ghe.example.com/api/v3/repos/{owner}/{repo}",
        ),
        (f"GET https://h/{{x}}?token={PW}", "GET https://h/{x}?token=<REDACTED>"),
        (f"GET https://h/x#access_token={PW}", "GET https://h/x#access_token=<REDACTED>"),
        (f"GET https://h/x?a=1;token={PW}", "GET https://h/x?a=1;token=<REDACTED>"),
        (f"  GET   //me:{PW}@h/x ", "GET //<REDACTED>@h/x"),
        ("GET /repos/{owner}/{repo}", "GET /repos/{owner}/{repo}"),
    ],
)
def test_a_route_is_shown_with_its_urls_secrets_hidden(route: str, shown: str) -> None:
    """The notebook's route field and summary: with a method or without one yet."""
    assert redact_route(route) == shown


# --- a form row's dots (both explorers) ---------------------------------------------------


@pytest.mark.parametrize(
    ("name", "value", "editing", "dots"),
    [
        ("headers.authorization", "token t1", False, True),  # by its name: always
        ("headers.authorization", "token t1", True, True),  # while edited too
        ("access_token", '{"v": "x"}', False, True),
        ("hook", f"//u:{PW}@h/x", False, True),  # by what it holds: while idle
        ("hook", f"//u:{PW}@h/x", True, False),  # shown while it is typed
        ("hook", f"https://h/x#access_token={PW}", False, True),
        ("headers.x-custom", f'{{"password": "{PW}"}}', False, True),
        ("headers.x-custom", f'{{"password": "{PW}"}}', True, False),
        ("owner", "octocat", False, False),
        ("owner", "octocat", True, False),
    ],
)
def test_a_row_shows_dots_by_its_name_always_and_by_its_value_while_idle(
    name: str, value: str, editing: bool, dots: bool
) -> None:
    assert shows_dots(name, value, editing=editing) is dots
    assert row_shown(name, value, editing=editing) == (DOTS if dots else value)


def test_an_empty_row_under_a_secret_name_is_a_password_field_that_shows_nothing() -> None:
    """Where the explorers differed: the terminal masked a secret-named row with no value
    (a password field), the notebook showed and saved its empty value as it is. Both hold:
    the field is a password's (the stricter), and nothing is shown as nothing, never as
    dots, so that an empty field never reads as filled."""
    assert shows_dots("token", "") is True
    assert shows_dots("token", "", editing=True) is True
    assert row_shown("token", "") == ""
    assert DOTS == "•" * 8


# --- a pasted request's hiding ------------------------------------------------------------


def hiding(
    headers: dict[str, str] | None = None,
    params: dict[str, object] | None = None,
    data: object = None,
    base_url: str = "https://api.github.com",
    parts: list[tuple[str, str]] | None = None,
) -> tuple[dict[str, str], dict[str, object], object, str, list[str]]:
    return pasted_hiding(headers or {}, params or {}, data, base_url, parts or [])


def test_a_basic_header_hides_its_credential_and_the_words_it_was_said_in() -> None:
    headers, _, _, _, secrets = hiding(
        {"authorization": "Basic bWU6aHVudGVyMg=="},
        parts=[("-u 'me:hunter2'", "headers.authorization"), ("GET", "method")],
    )

    assert headers == {"authorization": "Basic <REDACTED>"}
    assert secrets == ["bWU6aHVudGVyMg==", "me:hunter2", "bWU6aHVudGVyMg==", "me:hunter2"]
    assert masker(secrets)("-u 'me:hunter2'") == "-u '<REDACTED>'"


def test_a_header_of_references_is_kept_and_a_secret_one_hidden_whole() -> None:
    headers, _, _, _, secrets = hiding(
        {"authorization": "token ${GITHUB_TOKEN}", "x-api-key": "k3y", "accept": "*/*"},
        parts=[("the key, said so", "headers.x-api-key")],
    )

    assert headers == {
        "authorization": "token ${GITHUB_TOKEN}",
        "x-api-key": REDACTED,
        "accept": "*/*",
    }
    assert secrets == ["k3y", "k3y"]


def test_a_header_shown_with_a_credential_in_it_hides_the_credential() -> None:
    """A header no name marks, holding a URL's ``user:password@``."""
    headers, _, _, _, secrets = hiding({"x-origin": "https://me:pw@h"})

    assert headers == {"x-origin": "https://<REDACTED>@h"}
    assert secrets == ["me:pw", "me:pw"]


def test_a_form_body_hides_its_credentials_and_keeps_the_rest() -> None:
    _, _, data, _, secrets = hiding(data=f"password={SECRET}&title=x")

    assert data == "password=<REDACTED>&title=x"
    assert secrets == [SECRET, SECRET]


def test_bytes_in_a_body_are_hidden_as_text_is() -> None:
    _, _, data, _, secrets = hiding(data=b"password=" + SECRET.encode() + b"&x=\xff")

    assert data == b"password=<REDACTED>&x=\xff"
    assert secrets == [SECRET, SECRET]
    assert hiding(data=b"\xff")[2:] == (b"\xff", "https://api.github.com", [])


def test_a_json_body_hides_its_secret_fields_nested_and_in_arrays() -> None:
    params: dict[str, object] = {
        "config": {"secret": SECRET, "url": "https://h"},
        "items": [{"password": "pw1"}, "plain"],
        "title": "x",
        "proxy": types.MappingProxyType({"token": "kept: no dict"}),
    }

    shown, secrets = hiding(params=params)[1], hiding(params=params)[4]

    assert shown["config"] == {"secret": REDACTED, "url": "https://h"}
    assert shown["items"] == [{"password": REDACTED}, "plain"]
    assert sorted(secrets) == sorted([SECRET, "pw1"] * 2)


def test_a_secret_field_that_holds_an_object_hides_each_of_its_values() -> None:
    params: dict[str, object] = {
        "token": {"value": SECRET, "n": 314159, "on": True, "l": ["l1st"], "t": ("tup",)}
    }

    secrets = hiding(params=params)[4]

    assert sorted(set(secrets)) == sorted({SECRET, "314159", "l1st", "tup"})  # no "true"


def test_a_body_nested_500_deep_is_hidden_without_recursing() -> None:
    body: Any = {"password": SECRET, "title": "kept", "n": 7}
    for _ in range(500):
        body = {"a": body}

    shown, secrets = hiding(params={"a": body})[1], hiding(params={"a": body})[4]

    assert SECRET not in repr(shown)
    assert secrets == [SECRET, SECRET]


def test_a_base_urls_password_is_hidden_and_escaped_as_json_writes_it() -> None:
    _, _, _, base, secrets = hiding(base_url='https://me:p"w@ghe.example.com')

    assert base == "https://<REDACTED>@ghe.example.com"
    assert secrets == ['me:p"w', 'me:p\\"w']


def test_hides_header_is_a_header_part_whose_value_changed() -> None:
    before, after = {"x-api-key": "k", "accept": "*/*"}, {"x-api-key": REDACTED, "accept": "*/*"}

    assert hides_header("headers.x-api-key", before, after)
    assert not hides_header("headers.accept", before, after)
    assert not hides_header("x-api-key", before, after)  # a parameter, no header


def test_hide_each_hides_texts_in_one_pass_and_one_at_a_time_when_it_must() -> None:
    hide = masker(["k3y"])

    assert hide_each(hide, ["a k3y", "k3y"]) == [f"a {REDACTED}", REDACTED]
    assert hide_each(hide, ["a\n\x00\nk3y", "k3y"]) == [f"a\n\x00\n{REDACTED}", REDACTED]
    # a secret that spans two texts once joined: each is hidden alone
    joined = masker(["a\n\x00\nb"])
    assert hide_each(joined, ["a", "b"]) == ["a", "b"]
