"""The tenth attack's findings in redaction (K1-K6, K8, K9), each with the attacker's
input; K7 is in test_tenth_attack_keys.py, K4's and K6's 10 MB figures in tests/slow."""

from __future__ import annotations

import json
import time
import tomllib

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from restroute.redact import redact_message, redact_toml, redact_url
from restroute.redact.toml import _toml_string
from tests.attacks import body_views

SECRET = "Qsecret7391abcXYZ"


@pytest.mark.parametrize(
    "body",
    [
        # K1: JSON that Python's reader refused: a number past 4,300 digits, a tab in a string
        '{"pass\\u0077ord": "SECRET", "n": ' + "1" * 4_301 + "}",
        '{"password": ["SECRET"], "n": ' + "7" * 4_400 + "}",
        '{"authorization": {"a": "SECRET"}, "d": ' + "[" * 1_200 + "]" * 1_200 + "}",
        '{"pass\\u0077ord": "SECRET\t"}',
        # K2: a JSON string at the top that holds JSON
        json.dumps(json.dumps({"password": "SECRET"})),
        json.dumps({"note": json.dumps(json.dumps({"password": "SECRET"}))}),
        # K3: a shell default is no stand-in
        '{"password": "${X:-SECRET}"}',
        '{"password": "${X-SECRET}"}',
        '{"password": "${X:=SECRET}"}',
        # (the eleventh attack's L2, L5: a byte order mark first; a message in a reference)
        '\ufeff{"pass\\u0077ord": "SECRET"}',
        '{"password": "${X:?SECRET}"}',
    ],
)
def test_a_json_text_body_never_shows_the_secret(body: str) -> None:
    body = body.replace("SECRET", SECRET)
    for shown in body_views(body):
        assert SECRET not in shown


@pytest.mark.parametrize(
    "body",
    [
        b'{"pass\\u0077ord": "SECRET"}',
        b'{"password": ["SECRET"]}',
        b'{"authorization": {"a": "SECRET"}}',
        bytearray(b'{"note": "{\\"password\\": \\"SECRET\\"}"}'),
        '\ufeff{"pass\\u0077ord": "SECRET"}'.encode(),
    ],
)
def test_k9_a_bytes_json_body_is_read_as_json(body: bytes) -> None:
    body = type(body)(body.replace(b"SECRET", SECRET.encode()))
    for shown in body_views(body):
        assert SECRET not in shown


@pytest.mark.parametrize(
    "value", ["${X:-SECRET}", "${X-SECRET}", "${X:=SECRET}", "${X:+SECRET}", "${X:?SECRET}"]
)
def test_k3_a_references_default_is_written_so_hidden(value: str) -> None:
    value = value.replace("SECRET", SECRET)
    assert SECRET not in str(redact_url("password=" + value))
    assert SECRET not in redact_message("password: " + value)
    assert SECRET not in redact_toml(f"password {value}\n[x")


@pytest.mark.parametrize("value", ["${X}", "${X:?}", "${X?}", "${X:-}"])
def test_a_reference_with_no_default_stays(value: str) -> None:
    assert redact_url("password=" + value) == "password=" + value


@pytest.mark.parametrize(
    "text",
    [
        # K5: a value shown on fewer lines than typed: the comments are counted as shown
        'x = ["""\\u0067hp_' + "a" * 36 + '\na\nb\nc\nd"""]\n# c\n\n\n\npassword SECRET\n',
        'password = """\nSECRET\nSECRET"""\n# c\npassword SECRET\n[x',
        # K8: a value typed on, then a word like a key
        'password = "first1234","SECRET"' * 2,
        'password = "","SECRET"token = ""',
        'token = "${T}","SECRET"a = 1',
        'password = "SECRET"{x = "SECRET"}',  # (a table typed on after a secret's value)
    ],
)
def test_a_layers_toml_never_shows_the_secret(text: str) -> None:
    assert SECRET not in redact_toml(text.replace("SECRET", SECRET))


def test_k8_a_key_after_a_comma_still_reads_as_one() -> None:
    text = 'h = { password = "${P}", page = 2, "x.y" . z = 3 }\n[x'
    assert redact_toml(text) == text


@pytest.mark.parametrize(
    "text",
    ["x = [" + "{a = [" * 3_000, "x = [" + "{a = [" * 3_000 + "]}" * 3_000 + "]"],
)
def test_k4_nested_arrays_are_read_in_linear_time(text: str) -> None:
    start = time.process_time()
    assert redact_toml(text).startswith("x = [{a = [")
    assert time.process_time() - start < 2  # (was 14 s for 48 KB: quadratic)


@settings(max_examples=300)
@given(st.text(st.characters(exclude_categories=["Cs"]), max_size=30), st.booleans())
def test_a_strings_text_as_tomllib_reads_it(text: str, multiline: bool) -> None:
    """``_toml_string`` reads a string's escapes itself (asking Python's reader of each
    took 25 s for 10 MB: the tenth attack's K6): as that reader does."""
    written = tomli_w.dumps({"v": text}, multiline_strings=multiline).split(" = ", 1)[1]
    token = written[:-1]  # (its line break)
    read = tomllib.loads(f"v = {token}")["v"]
    assert _toml_string(token) == read
    assert read == (text.replace("\r\n", "\n") if multiline else text)


@pytest.mark.parametrize(
    "token",
    ['"""\nabc"""', '"""\r\nabc"""', '"""a \\\n   b"""', "'''\nx'''", '"""a""""', '""""""'],
)
def test_a_multi_line_strings_text_as_tomllib_reads_it(token: str) -> None:
    assert _toml_string(token) == tomllib.loads(f"v = {token}")["v"]


@pytest.mark.parametrize(("token", "text"), [('"\\x41"', "A"), ('"pass\\x77ord"', "password")])
def test_toml_1_1s_escapes_are_read_as_its_readers_read_them(token: str, text: str) -> None:
    """Python's reader is of TOML 1.0; a reader of 1.1 reads \\xHH (the eleventh attack's
    L4: a key "pass\\x77ord" gave password's value, shown)."""
    assert _toml_string(token) == text
    assert _toml_string('"\\e"') == "\x1b"
    shown = redact_toml(f'{token} = "hunter2secretXYZ"')
    assert ("hunter2secretXYZ" in shown) is (text != "password")


@pytest.mark.parametrize("token", ['"\\ud800"', '"\\q"', '"a', '"""abc'])
def test_a_string_tomllib_does_not_read_is_its_inside(token: str) -> None:
    with pytest.raises(tomllib.TOMLDecodeError):
        tomllib.loads(f"v = {token}")
    assert _toml_string(token) == token.strip('"')


def test_a_string_given_twice_in_an_array_is_shown_the_same_twice() -> None:
    """Each string of an array is judged once a text (the eleventh attack's L7: 10 MB of
    the same URL with a user:password@ took 37-40 s)."""
    text = 'x = ["https://me:pw123456@h/x", "https://me:pw123456@h/x"]'
    assert redact_toml(text) == 'x = ["https://<REDACTED>@h/x", "https://<REDACTED>@h/x"]'


@pytest.mark.parametrize("quote", ["'", '"'])
def test_l6_bashs_dollar_quotes_after_a_secrets_name_are_read_as_quotes(quote: str) -> None:
    """The eleventh attack's L6, in part: an assignment of bash's $'...' (or $"...") hid
    only its $, and showed the value (restroute build repeated it in its error)."""
    for text in (f"export TOKEN=${quote}{SECRET}{quote}", f"password=${quote}{SECRET}{quote}"):
        assert redact_message(text) == text.replace(SECRET, "<REDACTED>")
