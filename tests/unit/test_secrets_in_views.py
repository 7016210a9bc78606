"""Secrets a view showed while redaction is on (issue 32, the views' attack): a bytes body,
HTTPie's raw JSON field in a form, the notebook's Find field, a value read from the
environment under a name that is no secret's, and percent-encoded token shapes. Each as
the attacker did it; a secret is a value under a secret-ish name or a token's shape."""

from __future__ import annotations

import json

import pytest

import restroute
from restroute import endpoint
from restroute.display import merged_text, options_text
from restroute.jupyter import explore
from restroute.pasted import as_text, build_command, hidden, json_text, redact_text, rows
from restroute.reader import read_route
from restroute.redact import REDACTED, holds_credential, masked, redact_fields
from restroute.session import Session
from restroute.snippets import to_curl, to_json, to_python

T = "ghp_" + "Ab1" * 12
LEAK = "Ab1Ab1"  # what shows of T when it leaks


def _shown(text: str) -> None:
    for leak in (LEAK, "SeKrEtVaL", "EnVsEcReT"):
        assert leak not in text, text


# --- S6: a bytes body is scanned as a text one is --------------------------------------------


@pytest.mark.parametrize("render", [to_curl, to_python, to_json])
def test_a_bytes_body_hides_its_token_in_every_snippet(render: object) -> None:
    o = endpoint("POST /x", data=b"token=" + T.encode())
    text = render(o, redact=True)  # type: ignore[operator]
    _shown(text)
    assert REDACTED in text or "PFJFREFDVEVEPg" in text  # the marker sent (base64 in JSON)


def test_a_bytes_body_hides_its_token_in_the_display() -> None:
    o = endpoint("POST /x", data=b"token=" + T.encode())
    _shown(options_text(o))
    assert "token=<REDACTED>" in options_text(o)
    assert LEAK in options_text(o, redact=False)  # revealed: as it is


def test_a_bytes_body_is_written_back_as_bytes_of_the_redacted_text() -> None:
    assert redact_fields(("tok " + T + " é").encode()) == "tok <REDACTED> é".encode()
    assert redact_fields(bytearray(T.encode())) == REDACTED.encode()
    assert redact_fields(memoryview(T.encode())) == REDACTED.encode()
    same = b"nothing secret"
    assert redact_fields(same) is same


def test_a_binary_body_hides_its_token_shaped_runs() -> None:
    o = endpoint("POST /x", data=b"\xff\x00" + T.encode())
    curl = to_curl(o, redact=True)
    _shown(curl)
    assert "\\377\\000<REDACTED>" in curl  # the redacted copy sends the marker, and says so
    assert redact_fields(b"\xff\x00" + T.encode()) == b"\xff\x00<REDACTED>"
    _shown(to_python(o, redact=True))
    _shown(to_json(o, redact=True))


def test_a_merged_bytes_request_hides_its_token() -> None:
    merged = endpoint.merge("POST /x", request=b"x" + T.encode())
    _shown(merged_text(merged))


# --- S7: HTTPie's raw JSON field in a form ---------------------------------------------------


def test_httpie_sends_a_raw_json_field_in_a_form_as_its_json_text_and_it_is_hidden() -> None:
    found = read_route('http --form POST https://h/x \'a:={"secret":"SeKrEtVaL"}\'')
    from urllib.parse import parse_qs

    assert parse_qs(str(found.data)) == {"a": ['{"secret": "SeKrEtVaL"}']}  # JSON, not a repr
    shown = hidden(found)
    for text in (as_text(shown), json_text(shown), build_command(shown), repr(rows(shown))):
        _shown(text)
        assert "%27" not in text  # no Python repr's quote


def test_httpie_form_keeps_a_text_field_as_it_was_typed() -> None:
    found = read_route("http --form POST https://h/x 'a:=\"plain\"' b=c")
    assert found.data == "a=plain&b=c"


# --- S8: the notebook's Find field -----------------------------------------------------------


@pytest.mark.parametrize(
    "typed",
    [
        "token " + T,
        "curl -u me:SeKrEtVaL https://api.github.com/user",
        "gh api /user -f password=SeKrEtVaL",
        "Authorization: token SeKrEtVaL",
    ],
)
def test_the_find_field_syncs_no_credential_typed(typed: str) -> None:
    e = explore("GET /user")
    e.search._handle_custom_msg({"typed": typed, "seq": 1}, [])
    _shown(json.dumps(e.search.get_state(), default=repr))
    assert e.search.get_state()["shown"].count(REDACTED) == 1


def test_the_find_field_keeps_plain_words() -> None:
    e = explore("GET /user")
    e.search._handle_custom_msg({"typed": "create  issue ", "seq": 1}, [])
    assert e.search.get_state()["shown"] == "create  issue "


# --- S9: a value read from the environment under a name that is no secret's ------------------


def test_the_view_hides_an_environment_secret_wherever_it_goes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("RR_T", "EnVsEcReT123")
    s = Session("POST /repos/{owner}/{repo}/issues")
    s.rows = [("owner", "o"), ("repo", "r"), ("title", "t")]
    s.edit_layer("session", 'x-forward = "token ${RR_T}"\n')
    view = s.view(redact=True)
    assert view.parsed is not None
    assert view.merged is not None
    assert view.parsed["body"]["x-forward"] == f"token {REDACTED}"
    assert view.parsed["body"]["title"] == "t"
    _shown(json.dumps(view.parsed))
    _shown(json.dumps(view.merged, default=repr))
    _shown(repr(view.rows))
    _shown(repr(view.cascade))
    _shown(" ".join(view.snippets.values()))
    revealed = s.view(redact=False)
    assert revealed.parsed is not None
    assert revealed.parsed["body"]["x-forward"] == "token EnVsEcReT123"


def test_the_view_error_hides_what_the_status_hides() -> None:
    view = Session("GET /x/{a}?access_token=SeKrEtVaL").view(redact=True)
    assert view.error is not None
    assert "no value for {a}" in view.error
    _shown(view.error)
    _shown(view.snippet("curl"))


# --- S12, S13: percent-encoded token shapes --------------------------------------------------


@pytest.mark.parametrize("encoded", ["ghp%5F" + "Ab1" * 12, "%67hp_" + "Ab1" * 12])
def test_redact_text_hides_a_percent_encoded_token(encoded: str) -> None:
    url = "https://api.github.com/search/issues?q=" + encoded
    assert redact_text(url) == "https://api.github.com/search/issues?q=" + REDACTED
    assert holds_credential(url)
    assert masked("see " + encoded + " here") == f"see {REDACTED} here"


def test_the_paste_box_syncs_no_percent_encoded_token() -> None:
    e = explore("GET /user")
    typed = "https://api.github.com/search/issues?q=ghp%5F" + "Ab1" * 12
    e.paste_box._handle_custom_msg({"typed": typed, "seq": 1}, [])
    _shown(json.dumps(e.paste_box.get_state(), default=repr))


def test_plain_percent_text_is_kept() -> None:
    for text in ("100%25 done", "a+b", "q=caf%C3%A9", "50%zz", "q=%25zz", "x%2541"):
        assert masked(text) == text
        assert restroute.redact.redact_url(text) == text


def test_a_percent_encoded_token_in_a_body_string_is_hidden() -> None:
    o = endpoint("POST /x", data="ghp%5F" + "Ab1" * 12)
    for text in (to_curl(o, redact=True), to_python(o, redact=True), options_text(o)):
        _shown(text)


def test_a_percent_encoded_token_in_previews_is_hidden() -> None:
    o = endpoint("GET /x", mediaType={"previews": ["ghp%5F" + "Ab1" * 12]})
    for text in (to_curl(o, redact=True), to_json(o, redact=True), options_text(o)):
        _shown(text)
    merged = endpoint.merge("GET /x", mediaType={"previews": ["ghp%5F" + "Ab1" * 12]})
    _shown(merged_text(merged))


def test_a_q_value_given_percent_encoded_is_hidden() -> None:
    o = endpoint("GET /search/issues", q="ghp%5F" + "Ab1" * 12)
    for text in (to_curl(o, redact=True), to_python(o, redact=True), options_text(o)):
        _shown(text)
    s = Session("GET /search/issues")
    s.rows = [("q", "ghp%5F" + "Ab1" * 12)]
    view = s.view(redact=True)
    _shown(view.status.text)
    _shown(" ".join(view.snippets.values()))
    _shown(json.dumps(view.parsed))


# --- the rule the view uses: hide_in ---------------------------------------------------------


def test_hide_in_walks_every_container_and_keeps_what_holds_no_secret() -> None:
    from collections import namedtuple

    from restroute.redact import hide_in
    from restroute.rules import MAX_REDACT_DEPTH

    secret = "EnVsEcReT123"
    pair = namedtuple("pair", "a b")
    shown = hide_in({"k": [pair(secret, 1)], secret: b"x " + secret.encode()}, [secret])
    assert shown == {"k": [pair(REDACTED, 1)], REDACTED: b"x <REDACTED>"}
    assert type(shown["k"][0]) is pair
    binary = b"\xff" + secret.encode()
    assert hide_in(binary, [secret]) == b"\xff<REDACTED>"
    kept = {"k": ["plain", (1, 2)], "b": b"plain"}
    assert hide_in(kept, [secret]) is kept
    assert hide_in(kept["k"], [secret]) is kept["k"]
    assert hide_in("plain", ()) == "plain"
    assert hide_in(kept, ()) is kept
    deep: object = secret
    plain: object = "plain"
    for _ in range(MAX_REDACT_DEPTH + 2):
        deep, plain = [deep], {"x": plain}
    written = json.dumps(hide_in(deep, [secret]))
    assert REDACTED in written
    assert secret not in written
    assert hide_in(plain, [secret]) == plain
    looped: list[object] = [[]]
    looped[0].append(looped)  # type: ignore[attr-defined]
    for _ in range(MAX_REDACT_DEPTH + 2):
        looped = [looped]
    assert hide_in(looped, [secret]) is looped
