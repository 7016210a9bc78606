"""A token's shape written percent-encoded (``ghp%5F...``, ``Bearer%20...``, ``Bearer+...``)
counts as the plain shape does, in any text, not only in a URL redacted as one: an error's
message, a session's warnings, the notebook's, what `restroute routes` prints (issue 32, the
second attack's F3, F4); and the word after ``Bearer`` skips a line's continuation (F6).
Each as the attacker did it."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

import restroute.session
from restroute import EndpointError, endpoint
from restroute.cli import main
from restroute.redact import (
    credential_spans,
    error_text,
    holds_credential,
    masked,
    masked_shapes,
    redact_message,
)

T = "ghp_" + "1234567890" * 3 + "123456"
ENCODED = "ghp%5F" + T[4:]  # the attacker's: the _ written %5F
SECRET = "abcdefabcdef"  # the credential after "Bearer"


def raised(route: str) -> str:
    with pytest.raises(EndpointError) as error:
        endpoint(route, {})
    return str(error.value)


# --- F3: an error's message hides an encoded shape as it hides a plain one -----------------


def test_an_error_naming_a_route_hides_its_encoded_token() -> None:
    message = raised("GET /{owner}?x=" + ENCODED)
    assert T[4:] not in message
    assert "no value for {owner}; pass owner=..." in message  # the message still says it
    plain = raised("GET /{owner}?x=" + T)  # as the plain shape is hidden
    assert T[4:] not in plain


@pytest.mark.parametrize("space", ["%20", "+", "%2B", "%2520"], ids=["20", "plus", "2B", "twice"])
def test_an_error_naming_a_variable_hides_an_encoded_bearer(space: str) -> None:
    message = raised("POST /{Bearer" + space + SECRET + "}")
    assert SECRET not in message
    assert message.count("<REDACTED>") >= 2  # each time the message names it
    assert "{Bearer" + space + "<REDACTED>" in message  # the scheme word and its space kept


def test_a_malformed_template_message_hides_an_encoded_bearer() -> None:
    message = raised("POST /{,Bearer+" + SECRET + "}")
    assert SECRET not in message
    assert "malformed URI template" in message


def test_a_session_warning_hides_an_encoded_token() -> None:
    s = restroute.session.Session("POST /repos/{owner}/{repo}/issues")
    s.rows = [("media_type.format", ENCODED)]
    warnings = " ".join(s.view(redact=True).warnings)
    assert "media_type.format" in warnings  # the warning is there
    assert T[4:] not in warnings
    s.rows = [("media_type.format", T)]  # as the plain shape is hidden there
    assert T[4:] not in " ".join(s.view(redact=True).warnings)


def test_the_notebook_hides_an_encoded_token_it_refuses() -> None:
    pytest.importorskip("ipywidgets")
    from restroute.jupyter import explore

    explorer = explore("POST /repos/{owner}/{repo}/issues")
    with pytest.raises(EndpointError) as error:
        explorer.set_value("media_type.format", ENCODED)
    assert "media_type.format is one of" in str(error.value)
    assert T[4:] not in str(error.value)


# --- F4: `restroute routes` prints no encoded shape of a description -----------------------


def test_routes_hides_encoded_shapes_of_a_summary(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    summary = f"see {ENCODED} and Bearer%20{SECRET}"  # the attacker's cat_enc.json
    operation = {"operationId": "op", "summary": summary}
    document = {"openapi": "3.0.0", "info": {"title": "t", "version": "1"}}
    document["paths"] = {"/x": {"get": operation}}
    path = tmp_path / "cat_enc.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    main(["routes", "--catalog", str(path), "x"])
    out = capsys.readouterr().out
    assert "op: see " in out
    assert T[4:] not in out
    assert SECRET not in out
    assert "Bearer%20<REDACTED>" in out  # the scheme word kept, as "Bearer <REDACTED>"


# --- the one shape rule: encoded forms in any text, plain text kept ------------------------


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("see " + ENCODED + " now", "see <REDACTED> now"),
        ("ghp%5f" + T[4:], "<REDACTED>"),  # lower-case hex
        ("ghp%255F" + T[4:], "<REDACTED>"),  # encoded twice
        ("".join(f"%{ord(c):02X}" for c in T), "<REDACTED>"),  # every character
        ("x Bearer%20" + SECRET + " y", "x Bearer%20<REDACTED> y"),
        ("x Bearer+" + SECRET, "x Bearer+<REDACTED>"),
        ("Bearer%2B" + SECRET, "Bearer%2B<REDACTED>"),  # %2B is +, a blank once more decoded
        ("a%20Bearer%20" + SECRET + "%20b%20c", "a%20Bearer%20<REDACTED>%20b%20c"),
        ("Bearer%20%24%7BTOKEN%7D", "Bearer%20%24%7BTOKEN%7D"),  # ${TOKEN}: a stand-in
        ("?q=Bearer%20" + SECRET + "&page=3#top", "?q=Bearer%20<REDACTED>&page=3#top"),
        ("/x?q=Bearer+" + SECRET + "#top", "/x?q=Bearer+<REDACTED>#top"),  # & and # end it
        ("?q=Bearer+&page=3", "?q=Bearer+&page=3"),  # no word after it before the &
        ("/x/Bearer%20" + SECRET + "?page=3", "/x/Bearer%20<REDACTED>?page=3"),
    ],
)
def test_the_shape_rule_sees_encoded_forms(text: str, shown: str) -> None:
    assert masked_shapes(text) == shown
    assert error_text(text) == shown
    if "<REDACTED>" in shown:  # a message hides it too (an encoded piece whole)
        assert T[4:] not in redact_message(text)
        assert SECRET not in redact_message(text)


@pytest.mark.parametrize(
    "text",
    [
        "100%25 done",
        "a+b",
        "caf%C3%A9",
        "50%zz",
        "C++ and a+b=c",
        "application/vnd.github.v3+json",
        "%",
        "+",
        "Bearer%0A" + SECRET,  # no blank after the scheme word: no credential after it
    ],
)
def test_plain_text_is_kept(text: str) -> None:
    assert masked_shapes(text) == text
    assert error_text(text) == text
    assert credential_spans(text) == []
    assert not holds_credential(text)


def test_prose_bearer_is_as_before() -> None:
    assert masked_shapes("use Bearer auth") == "use Bearer <REDACTED>"
    assert masked_shapes("a Bearer token (Bearer)") == "a Bearer <REDACTED> (Bearer)"
    assert masked_shapes("Bearer+auth") == "Bearer+<REDACTED>"  # + is a blank decoded


def test_an_encoded_shape_is_a_credential_everywhere() -> None:
    assert holds_credential("note " + ENCODED)
    assert masked("x " + ENCODED + " y") == "x <REDACTED> y"
    spans = credential_spans("see " + ENCODED)
    assert spans == [(4, 4 + len(ENCODED))]


def test_a_long_encoded_text_is_judged_quickly() -> None:
    text = ("a+b%20c%zz " * 100_000) + "Bearer+" + SECRET
    started = time.perf_counter()
    shown = error_text(text)
    assert time.perf_counter() - started < 2.0
    assert shown.endswith("Bearer+<REDACTED>")
    assert shown[:11] == "a+b%20c%zz "


# --- F6: the word after Bearer skips a line's continuation ----------------------------------


def test_the_word_after_bearer_skips_a_continuation() -> None:
    text = "x=Bearer \\\n abcdefabcdef"
    assert SECRET not in masked_shapes(text)
    assert masked_shapes(text) == "x=Bearer \\\n <REDACTED>"
    assert masked_shapes("Bearer \\\r\n\t" + SECRET) == "Bearer \\\r\n\t<REDACTED>"
    assert masked_shapes("Bearer \\") == "Bearer <REDACTED>"  # nothing after: as before


def test_import_hides_the_token_after_a_continuation(capsys: pytest.CaptureFixture[str]) -> None:
    main(["import", "gh api /user -F 'x=Bearer \\\n abcdefabcdef'"])
    out, err = capsys.readouterr()
    assert SECRET not in out + err
    assert "Bearer" in out


# --- the fourth attack's F10: Bearer then : or =, and a Bearer header's name ----------------

B64 = "Zq9Zq9Zq9Zq9Zq9Zq9"  # the attacker's credential, and one with a / (base64's)


@pytest.mark.parametrize("mark", [":", "=", ": ", "%3A", "%3D", "%253A"])
def test_the_word_after_bearer_and_a_colon_or_equals_is_a_credential(mark: str) -> None:
    text = f"q=Bearer{mark}{B64}"
    assert masked_shapes(text) == f"q=Bearer{mark}<REDACTED>"
    assert holds_credential(text)
    assert B64 not in redact_message(text)


@pytest.mark.parametrize(
    ("route", "value"),
    [
        ("GET /x{?q}", f"Bearer:{B64}"),  # the attacker's: a value no name marks
        ("GET /x{?q}", f"Bearer={B64}"),
        ("GET /x/{+p}", f"Bearer:{B64}/{B64}=="),  # reserved: the / kept, the rest too
        ("GET /x/{+p}", f"Bearer={B64}/{B64}=="),
        (f"GET /x?Bearer:{B64}=1", ""),  # a query's name, typed in the route
    ],
)
def test_a_bearer_credential_after_a_colon_or_equals_shows_in_no_view(
    route: str, value: str
) -> None:
    session = restroute.session.Session(route)
    session.rows = [("q" if "?q" in route else "p", value)] if value else []
    view = session.view(redact=True)
    shown = [view.snippet(name) for name in ("curl", "python", "httpx", "json")]
    shown += [view.hide(str(view.cascade)), " ".join(view.warnings)]
    assert all(B64 not in each for each in shown), shown
    assert "https://api.github.com/x" in shown[0]  # the rest of the URL stays


def test_a_header_named_like_bearer_hides_the_word_after_it() -> None:
    """x-Bearer then a blank and a token, in an error message: the word after it hidden,
    as after Bearer (a name ending in -bearer was passed over)."""
    message = raised("GET /{x-Bearer " + B64 + "}")
    assert B64 not in message
    assert masked_shapes(f"header x-Bearer {B64} refused") == "header x-Bearer <REDACTED> refused"
