"""The ninth attack's findings in the layer's TOML and a JSON text body (J1-J5, J11),
each with the attacker's input; J9 and J10's figures are in tests/slow."""

from __future__ import annotations

import tomllib

import pytest

from restroute import endpoint
from restroute.redact import holds_secret, redact_fields, redact_toml
from tests.attacks import redacted_copies

SECRET = "Qsecret7391abcXYZ"
TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"


@pytest.mark.parametrize(
    "text",
    [
        # J1: a value in a table (or a dotted key) named as a secret
        f'[password]\nvalue = "{SECRET}"',
        f'[data.password]\nv = "{SECRET}"',
        f'[[password]]\nv = "{SECRET}"',
        f'password.a = "{SECRET}"',
        f'data = {{ password.v = "{SECRET}" }}',
        f'data.password.v = "{SECRET}"',
        f'[headers]\n[headers.authorization]\nx = "{SECRET}"',
        f'[ "pass\\u0077ord" ]\nv = "{SECRET}"',
        f'[password]\nv = 12345678\nw = ["{SECRET}"]',
        f'x = 1\n# password.a = "{SECRET}"',
        f'x = 1\n# [password]\n# value = "{SECRET}"',
        # J2: a second value typed on after a secret's value
        f'password = "first1234","{SECRET}"',
        f'password = "","{SECRET}"',
        f'password = "${{X}}","{SECRET}"',
        f'password = "...", "{SECRET}"',
        f"token = 'abc', '{SECRET}'",
        f'[headers]\nauthorization = "token x","{SECRET}"',
        f"password,{SECRET}",
        f'password = ]"{SECRET}"',
        f"access_token = ,'{SECRET}'",
        f'x = [1, 2]\npassword =}} "{SECRET}"',
        f'headers = {{ x-api-key = ]"{SECRET}" }}',
        f'x = 1\n# password = "","{SECRET}"',
        # J4 (b): a token written with an escape, after a credential the text hides
        f'x = "https://u:pw12345678@h \\u0067{TOKEN[1:]}"',
        # J5: a multi-line string with an escaped quote before two more quotes
        f'note = """a\\"""b"""\npassword = """\n{SECRET}"""',
        f'[request]\naccess_token = """a\\"""b"""\ntoken = """\n{SECRET}"""\n# end',
        f'note = """a\\"""b"""\ntoken = """{SECRET}"""\n',
    ],
)
def test_a_layers_toml_never_shows_the_secret(text: str) -> None:
    shown = redact_toml(text)
    assert SECRET not in shown
    assert TOKEN[4:] not in shown


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ('[params]\nnext = "a"\n[password]\nv = "${P}"', None),  # a stand-in stays
        ('[headers]\nauthorization = "token ${T}", accept = "x"', None),
        ('h = { password = "${P}", page = 2 }\n[x', None),
        ('password = "${P}" # set it\n[x', None),
        (
            f'[password]\nv = "{SECRET}"\n[params]\nq = "kept"',
            '[password]\nv = "<REDACTED>"\n[params]\nq = "kept"',
        ),
        (f'password = "{SECRET}", "x"', 'password = "<REDACTED>", "<REDACTED>'),
    ],
)
def test_what_stays_as_typed(text: str, shown: str | None) -> None:
    """A stand-in and what follows it stay; a table after a secret's is no secret's."""
    assert redact_toml(text) == (text if shown is None else shown)


def test_the_multi_line_strings_read_as_tomllib_reads_them() -> None:
    """The tokenizer's strings end where TOML's do: up to two quotes before the end, an
    escaped quote inside (the ninth attack's J5)."""
    text = 'a = """x\\"""y"""\nb = """z"""""\nc = \'\'\'w\'\'\'\'\npassword = "p"'
    assert tomllib.loads(text) == {"a": 'x"""y', "b": 'z""', "c": "w'", "password": "p"}
    assert redact_toml(text) == text.replace('"p"', '"<REDACTED>"')


@pytest.mark.parametrize(
    "body",
    [
        # J3: a name given twice, JSON in a JSON string, a name written with an escape
        '{"pass\\u0077ord": "SECRET", "password": "${X}"}',
        '{"pass\\u0077ord": "SECRET", "pass\\u0077ord": "${X}"}',
        '{"note": "{\\"password\\": \\"SECRET\\"}"}',
        '{"data": "{\\"pass\\\\u0077ord\\": \\"SECRET\\"}"}',
        '{"a":' * 64 + '{"pass\\u0077ord": "SECRET"}' + "}" * 64,
        # J4 (a): a token written with an escape
        '{"x": "\\u0067hp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"}',
        # J11: an array or an object under a secret's name
        '{"password": ["SECRET"]}',
        '{"password": {"a": "SECRET"}}',
        '{"authorization": ["SECRET"]}',
        '{"apikey": {"title": [["SECRET"]]}}',
        '{"data": {"password": ["SECRET"]}}',
    ],
)
def test_a_json_text_body_is_read_as_a_json_reader_reads_it(body: str) -> None:
    body = body.replace("SECRET", SECRET)
    for shown in redacted_copies(endpoint("POST /x", data=body)):
        assert SECRET not in shown
        assert TOKEN[4:] not in shown
    assert holds_secret(body)  # (what a profile leaves out)


@pytest.mark.parametrize(
    "body",
    [
        '{"ok": true, "user": {"token": "${T}"}, "password": "${P}"}',
        '{"password":"<REDACTED>",  "n": [1, 2]}',
        '["a", {"b": "c"}]',
    ],
)
def test_json_without_a_secret_left_is_shown_as_written(body: str) -> None:
    assert redact_fields(body) == body
    assert not holds_secret(body)


@pytest.mark.parametrize("depth", [900, 1_200])
def test_json_too_deep_for_python_that_may_give_a_secret_a_value_is_hidden(depth: int) -> None:
    """A JSON text nested past what Python's reader (or the walk after it) reads may still
    be read by a server's: one with an escaped secret's name in it is hidden whole."""
    body = '{"a":' * depth + '{"pass\\u0077ord": "SECRET"}'.replace("SECRET", SECRET)
    body += "}" * depth
    assert SECRET not in redact_fields(body)


def test_json_too_deep_for_python_without_a_secrets_word_is_text() -> None:
    body = "[" * 5_000 + "]" * 5_000
    assert redact_fields(body) == body


def test_lines_shown_are_remembered_a_bounded_number(monkeypatch: pytest.MonkeyPatch) -> None:
    """A long text repeats its lines: each is judged once, and no more than _REMEMBER
    of them are kept (then a new set is begun), each still shown right."""
    from restroute.redact import lines

    monkeypatch.setattr(lines, "_REMEMBER", 3)
    monkeypatch.setattr(lines, "_SHOWN_LINES", {})
    text = "[\n" + "".join(f"password {SECRET}{i}\n" for i in range(8)) * 2
    shown = redact_toml(text)
    assert shown == "[\n" + "password <REDACTED>\n" * 16
    assert len(lines._SHOWN_LINES) <= 4
    long = f"password {SECRET} " + "x" * lines._LONGEST
    assert redact_toml(f"[\n{long}") == "[\npassword <REDACTED>"
    assert long not in lines._SHOWN_LINES  # (a long line is not kept)


def test_a_line_commented_out_twice_is_shown_the_same_twice() -> None:
    line = f'# password = "{SECRET}", "{SECRET}"\n'
    assert redact_toml(line * 2) == '# password = "<REDACTED>", "<REDACTED>\n' * 2


def test_the_finders_kept_are_few(monkeypatch: pytest.MonkeyPatch) -> None:
    """A finder of secrets' words is kept for each set of words (an API may declare
    more): a few sets, then a new start."""
    import re

    from restroute.redact import lines

    stale = {frozenset({f"w{at}"}): re.compile(f"w{at}") for at in range(9)}
    monkeypatch.setattr(lines, "_FINDERS", stale)
    assert lines.names_secret("x-api-key")
    assert not lines.names_secret("page")
    assert len(lines._FINDERS) == 1
