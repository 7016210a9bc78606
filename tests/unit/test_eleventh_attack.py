"""The eleventh attack's last findings, each as its attacker wrote it: a JSON body only a
lenient reader reads (L3), a command's output in a JSON body (L5), a value quoted as a shell
quotes it in a message (L6), and many JSON strings in a body (L8)."""

from __future__ import annotations

import json

import pytest

from restroute.redact import literal_secret, redact_fields, redact_message
from restroute.redact.lenient import strict_json, unescaped
from tests.attacks import body_views

S = "hunter2secretXYZ"
ESCAPED = "pass\\u0077ord"  # password, as JSON and JSON5 write its w

LENIENT = [  # each read by JSON5's reader (json5 on PyPI, the reference) or one per line
    f'{{"{ESCAPED}": "{S}",}}',  # a trailing comma
    f'{{"a": 1, // note\n "{ESCAPED}": "{S}"}}',  # a comment to the line's end
    f'/* c */ {{"{ESCAPED}": "{S}"}}',  # a block comment first
    f"{{'{ESCAPED}': '{S}'}}",  # single quotes
    f'{{{ESCAPED}: "{S}"}}',  # a bare name, escaped as JSON5's identifiers are
    f'{{"a": 1}}\n{{"{ESCAPED}": "{S}"}}\n',  # NDJSON
    f'\x1e{{"{ESCAPED}": "{S}"}}\n',  # an RFC 7464 sequence
    f'{{password: {{"a": "{S}"}}}}',  # an object under a bare secret's name
    f'{{"password": ["{S}"]}} trailing',  # JSON and a word after it
    f'{{"{ESCAPED}": "{S}"',  # cut short: no reader reads it, its escapes still read
    f"{{'password': '\\x41{S}'}}",  # JSON5's \xHH in the value
    f'{{"{ESCAPED}": "{S}"]',  # closed by the wrong bracket
    f"{ESCAPED}: {S}",  # no JSON at all, a reader's escapes in it: read as JSON reads them
]


@pytest.mark.parametrize("body", LENIENT)
def test_l3_a_body_a_lenient_reader_reads_shows_no_secret(body: str) -> None:
    for data in (body, body.encode()):
        assert not [view for view in body_views(data) if S in view]  # (a layer: left out)


@pytest.mark.parametrize(
    "body",
    [
        '{"a": 1, // password is set elsewhere\n "b": 2}',  # a secret's word in a comment
        '{"a": 1}\n{"title": "new token"}\n',  # NDJSON with no secret's name
        "password reset requested",  # prose: a word alone is a text
        '{"password": "${PW}",}',  # a reference, as a profile writes one
    ],
)
def test_l3_a_lenient_body_with_no_secret_is_shown_as_written(body: str) -> None:
    assert redact_fields(body) == body


def test_l3_a_lenient_body_with_a_secret_is_hidden_whole() -> None:
    """Even where the text pass hid the value: what it hid in a name may have left the name
    no secret's (the twelfth attack's M2), and where a secret lies in a text only a lenient
    reader reads cannot be shown without writing the text again."""
    body = f'{{"a": 1}}\n{{"password": "{S}"}}\n'
    assert redact_fields(body) == "<REDACTED>"


@pytest.mark.parametrize(
    ("text", "strict"),
    [  # as JSON5's specification reads each (spec.json5.org, 5: strings, 6: numbers)
        ("{a: 1, 'b': 'it\\'s', c: [1, 2,],}", '{"a":1,"b":"it\'s","c":[1,2]}'),
        ('{"a": "x\\\ny"}', '{"a":"xy"}'),  # a line continued
        ("{a: '\\x41\\v\\0\\q'}", '{"a":"\\u0041\\u000b\\u0000q"}'),
        ('{"a": "say \\"hi\\""}', '{"a":"say \\"hi\\""}'),
        ("{true: 1, 2: null}", '{"true":1,"2":null}'),  # a name is a text
        ("{a: +1, b: 0x1F}", '{"a":"+1","b":"0x1F"}'),  # (numbers that are no JSON's: texts)
        ("# c\n{a: 1}", '{"a":1}'),
        ('{"a": 1}, {"b": 2}', '[{"a":1},{"b":2}]'),  # a sequence's commas, written again
        # cut short: read as far as it goes (a body cut, a text being typed)
        ('{"a": "open', '{"a":"open"}'),
        ("{a: 1", '{"a":1}'),
        ('{"a": [1, {"b":', '{"a":[1,{"b":null}]}'),
        ('{"a": "x\\"', '{"a":"x\\""}'),  # (its last quote escaped: still open)
        ('{"a": 1,', '{"a":1}'),
        ('{"a": 1, "b"', '{"a":1,"b":null}'),  # (the twelfth attack's N7: cut in a name)
        ('{"a": 1, "b', '{"a":1,"b":null}'),
        ("{a: 1]", '{"a":1}'),  # the wrong bracket closes what is open (N1)
        ("{a: 1}} x", '[{"a":1},"x"]'),  # a stray bracket at the top is skipped (N1)
        ('{"a": "b \\', '{"a":"b "}'),  # cut after an escape's backslash (N6)
    ],
)
def test_a_lenient_text_is_written_as_strict_json(text: str, strict: str) -> None:
    assert strict_json(text) == strict
    json.loads(strict)  # (and it is JSON)


@pytest.mark.parametrize("text", ["", "hello world", "[1, 2]", "a: 1", "// c", "}", "[1, ["])
def test_a_text_no_lenient_reader_reads_as_an_object_is_none(text: str) -> None:
    assert strict_json(text) is None


def test_a_lenient_body_nested_past_what_python_reads_is_hidden_whole() -> None:
    """As strict JSON too deep to read here: a secret's word in it, it may hold one."""
    deep = "{a: " * 5_000 + "1" + "}" * 5_000  # (25 kB: under the limit JSON is read to)
    assert redact_fields("{password: 1} " + deep) == "<REDACTED>"
    assert redact_fields("{title: 1} " + deep) != "<REDACTED>"  # (no word: not read)


def test_escapes_are_read_as_json5_reads_them() -> None:
    assert unescaped("\\u0070ass\\x77ord \\'q\\' \\\\n") == "password 'q' \\n"


@pytest.mark.parametrize("value", [f"$(echo {S})", f"$(cat <<< {S})", f"${{X:?{S}}}"])
def test_l5_a_command_under_a_secrets_name_in_a_json_body_is_hidden(value: str) -> None:
    """No shell reads a JSON body: $(echo S) is sent as written, S in it; a dict body hid
    it, a JSON text body showed it."""
    text = json.dumps({"password": value})
    assert literal_secret("password", value)
    assert not [view for view in body_views(text) if S in view]


@pytest.mark.parametrize("value", ["${PW}", "${PW:?}", "<YOUR-PASSWORD>", "..."])
def test_l5_what_stands_in_as_sent_stays(value: str) -> None:
    text = json.dumps({"password": value})
    assert redact_fields(text) == text


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (f"curl -u me:$'{S}' https://h", "curl -u <REDACTED> https://h"),
        (f"curl -u me:'{S}' https://h", "curl -u <REDACTED> https://h"),
        (f'curl -u "me":"{S} x" https://h', "curl -u <REDACTED> https://h"),
        (f"Authorization: token $'{S}'", "Authorization: token <REDACTED>"),
        (f"Authorization: token '{S} x'", "Authorization: token <REDACTED>"),
        (f"password=${{X:-${{Y}}}}{S} rest", "password=<REDACTED> rest"),
        (f"password=${{X:-${{Y:-${{Z}}}}}}{S} rest", "password=<REDACTED> rest"),
        (f"password=$(x){S} rest", "password=<REDACTED> rest"),
        (f"password=`x`{S} rest", "password=<REDACTED> rest"),
        (f"password=abc'{S}' rest", "password=<REDACTED> rest"),
        # a closing quote of the text's own is no value's: what follows is shown
        ("gh api u -f 'a[password]=pw' -f 'b=1'", "gh api u -f 'a[password]=<REDACTED>' -f 'b=1'"),
        (
            "-H 'Authorization: token t2' 'https://h'",
            "-H 'Authorization: token <REDACTED>' 'https://h'",
        ),
        ("export GITHUB_TOKEN=$(gh auth token)", "export GITHUB_TOKEN=$(gh auth token)"),
    ],
)
def test_l6_a_value_quoted_as_a_shell_quotes_it_is_hidden_whole(text: str, shown: str) -> None:
    assert redact_message(text) == shown


def test_l8_json_strings_with_no_escape_and_no_secrets_word_are_not_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """909,090 strings '{"b":1}' in a dict body were each read as JSON: 17.9 s. A string
    with neither an escape nor a secret's word holds nothing a reader finds beyond what
    redact_url does, and is not read; one with either is."""
    from restroute.redact import fields

    read: list[str] = []

    def loads(text: str) -> object:
        read.append(text)
        return {}

    monkeypatch.setattr(fields, "_loads", loads)
    body = {"k": ['{"b":1}'] * 1000 + ['{"title": "new"}', '{"b": "\\u0041"}']}
    assert redact_fields(body) == body
    assert read == ['{"b": "\\u0041"}']
    redact_fields(['{"Password": 1}'])
    assert read[1:] == ['{"Password": 1}']  # (a secret's word in any case; as written)


@pytest.mark.parametrize(
    "line",
    [
        f'data = \'{{"{ESCAPED}": "{S}"}}\'',  # strict JSON in a literal string
        f"data = '{{{ESCAPED}: \"{S}\",}}'",  # JSON5 in a literal string
        f'data = "{{\\"{ESCAPED}\\": \\"{S}\\"}}"',  # in a basic string, its quotes escaped
        f'x = [\'{{"{ESCAPED}": "{S}"}}\']',  # an array's item
    ],
)
def test_a_layers_toml_shows_no_secret_in_a_json_text_it_holds(line: str) -> None:
    """Found using the explorer: the session layer's TOML, once its editor was left,
    showed data = '{"pass\\u0077ord": "S"}' as typed (a body's JSON as text, read by
    redact_url only); the layer's TOML is what the notebook saves."""
    from restroute.redact import redact_toml

    assert S not in redact_toml(line + "\n")


def test_a_layers_toml_keeps_a_json_text_with_no_secret_as_written() -> None:
    from restroute.redact import redact_toml

    text = 'data = \'{"title": "token rotation"}\'\n'
    assert redact_toml(text) == text


def test_past_one_values_budget_a_text_that_may_hold_a_secret_is_hidden_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """10 MB of small JSON5 texts with a secret's word in a dict body took 47 s of CPU,
    each read leniently (the strict ones 21 s): past MAX_SECRET_JSON_READ characters read
    in one value, each further text that may hold a secret is hidden whole, unread; a
    text that may not is shown as redact_url shows it. (The budget is made small here;
    tests/slow/test_linear_time.py has the 10 MB.)"""
    from restroute.redact import fields

    text = '{"password": 1, "a": 2}'
    monkeypatch.setattr(fields, "MAX_SECRET_JSON_READ", 3 * len(text))
    shown = redact_fields({"k": [text] * 5 + ['{"a": 1}']})["k"]
    assert shown[:3] == ['{"password": "<REDACTED>", "a": 2}'] * 3
    assert shown[3:] == ["<REDACTED>", "<REDACTED>", '{"a": 1}']
    assert redact_fields([text]) == ['{"password": "<REDACTED>", "a": 2}']  # (a new budget)


def test_a_layers_toml_shares_one_budget_across_its_strings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from restroute.redact import fields, redact_toml

    monkeypatch.setattr(fields, "MAX_SECRET_JSON_READ", 50)
    items = [f"'{{\"pass\\u0077ord\": {i}}}'" for i in range(3)]  # (each 21 characters)
    shown = redact_toml(f"x = [{', '.join(items)}]\n")
    read = '"{\\"password\\": \\"<REDACTED>\\"}", '
    assert shown == f'x = [{read * 2}"<REDACTED>"]\n'


def test_a_budget_inside_one_is_the_outer_ones() -> None:
    from restroute.redact import fields
    from restroute.rules import MAX_SECRET_JSON_READ

    text = '{"pass\\u0077ord": 1}'

    def spend() -> int | None:
        fields._json_text_shown(text)
        return fields._READING.left

    left = fields.within_one_budget(lambda: fields.within_one_budget(spend))
    assert left == MAX_SECRET_JSON_READ - len(text)
    assert fields._READING.left is None  # (and none after it)
