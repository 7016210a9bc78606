"""The eighth attack's findings fixed this session, each as the attacker did it: I4 (a
token's shape among a description's choices) and I5 (a header's name that holds a
secret's value, read back)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from restroute.cli import main

TOKEN = "ghp_" + "Zz9YxWv8Ut7Sr6Qp5On4Ml3Kj2Ih1Gf0Ed9Cb8"


def test_i4_a_tokens_shape_among_the_choices_is_not_in_the_notebooks_state(
    tmp_path: Path,
) -> None:
    from ipywidgets import widgets  # type: ignore[import-untyped]

    from restroute.jupyter import explore

    parameters = [
        {"name": "q", "in": "query", "schema": {"type": "string", "enum": ["a", TOKEN]}},
        {"name": "h", "in": "header", "schema": {"type": "string", "enum": [f"Bearer {TOKEN}"]}},
    ]
    description = {
        "openapi": "3.0.3",
        "info": {"title": "T", "version": "1"},
        "servers": [{"url": "https://api.example.com"}],
        "paths": {"/e": {"get": {"operationId": "e", "summary": "s", "parameters": parameters}}},
    }
    catalog = tmp_path / "c.json"
    catalog.write_text(json.dumps(description))
    explorer = explore("GET /e", catalog=str(catalog))
    assert TOKEN[4:14] not in json.dumps(widgets.Widget.get_manager_state(drop_defaults=False))
    explorer.set_value("q", TOKEN)  # the choice is still the value it stands for
    assert ("q", TOKEN) in explorer.session.rows


@pytest.mark.parametrize(
    "pasted",
    [
        "curl -H 'X-Api-Key;QCEfejqkrbgtkHgCnafE8d: v' https://api.github.com/user",
        "curl -H 'Password QCEfejqkrbgtkHgCnafE8d: v' https://api.github.com/user",
        "gh api /user -H 'X-Api-Key;QCEfejqkrbgtkHgCnafE8d: v'",
    ],
)
@pytest.mark.parametrize("form", ["text", "json"])
def test_i5_a_header_name_that_holds_a_secrets_value_is_read_back_hidden(
    pasted: str, form: str, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["import", "-f", form, pasted])
    out, err = capsys.readouterr()
    assert "qcefejqkrbgtkhgcnafe8d" not in (out + err).lower()


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ('[params."password Qsecret7391abcXYZ"]', '[params."password <REDACTED>"]'),
        ('["password Qsecret7391abcXYZ"]', '["password <REDACTED>"]'),
        ('[["token Qsecret7391abcXYZ"]]', '[["token <REDACTED>"]]'),
        # (TOML that does not read: after a secret's name, the rest of its line hidden)
        ('x = [password = "Qsecret7391abcXYZ"]', 'x = [password = "<REDACTED>'),
        (
            'scopes = ["repo",\npassword = "Qsecret7391abcXYZ"]',
            'scopes = ["repo",\npassword = "<REDACTED>',
        ),
    ],
)
def test_i2_i6_a_secret_in_a_tables_name_or_a_key_in_an_array_is_hidden(
    text: str, shown: str
) -> None:
    """The eighth attack's I6 (a value in a [table]'s name) and I2 (a key = value inside
    an array, which TOML never reads, was judged TOML that reads: shapes only)."""
    from restroute.redact import redact_toml

    assert redact_toml(text) == shown


# The rest of the eighth attack's findings (I1-I3, I6-I8), each with the attacker's input.
SECRET = "Qsecret7391abcXYZ"


@pytest.mark.parametrize(
    "typed",
    [
        # I1: a line TOML does not read, holding = or a hidden credential besides the name
        f"[broken\n{TOKEN} password {SECRET}",
        f"[broken\npassword {SECRET} # a=b",
        f"[a\ncookie sid={SECRET}",
        f"[broken\npassword {SECRET}  x=1",
        f'a = "{TOKEN}" password {SECRET}',
        f"password\uff1atoken {SECRET}",
        f"x-api-key->Bearer {SECRET}",
        f'x = "v" "password {SECRET}" = 2',
        f'"x-api-key;{SECRET}" = "v"' * 3,
        # I2: a key inside an array, a table left open, a multi-line string, a comment
        f'x = [password = "{SECRET}"]',
        f'scopes = ["repo",\npassword = "{SECRET}"]',
        f"x = [password: {SECRET}]",
        f'[headers]\nx = [authorization = "token {SECRET}"]',
        f'x = ["a", token = "{SECRET}", "b"]',
        f'[t\nx = [1, 2[]\npassword = "{SECRET}"\ny = "z"}}',
        f'a = {{\n[headers]\nauthorization = "token {SECRET}"}}',
        f'x = [\npassword = """{SECRET}"""',
        f'# x = [password = "{SECRET}"]',
        f"# password {SECRET}  x=1",
        # I3: TOML that reads, a credential in the value of a key that names no secret
        f'[params]\nnext = "https://u:{SECRET}@h/x"',
        f'x = "password={SECRET}"',
        f'x = "https://h/?access_token={SECRET}"',
        f'x = ["https://u:{SECRET}@h/x"]',
        f'x = "https://u:{SECRET}\\u0040h/x"',  # only its escape read makes it a URL's
        # I6: a secret's name with a value in a key written with an escape, or in a table
        f'"pass\\u0077ord {SECRET}" = 1',
        f'"""password {SECRET}""" = 1',
        f'[params."password {SECRET}"]\nx = 1',
        f'[["token {SECRET}"]]\nx = 1',
    ],
)
def test_i1_i2_i3_i6_a_layers_toml_never_shows_the_secret(typed: str) -> None:
    from restroute.redact import redact_toml

    assert SECRET not in redact_toml(typed)


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ('authorization = "token ${T}"\n[x', 'authorization = "token ${T}"\n[x'),
        ('password = "${PASSWORD}" # set it\n[x', 'password = "${PASSWORD}" # set it\n[x'),
        ("per_page = 2 3\n # the session layer: it wins",) * 2,
        (f'x = """\n# password {SECRET}', 'x = """\n# password <REDACTED>'),  # a string's line
        (f"password {SECRET} # a=b\n[x", "password <REDACTED>\n[x"),
        ('# headers.authorization: left out, a secret; write "${T}"\nx = 1',) * 2,  # a dump's
        (f'"pass\\u0077ord {SECRET}" = 1', '"password <REDACTED>" = <REDACTED>'),  # a secret's
        (f'x = "https://u:{SECRET}@h/x"', 'x = "https://<REDACTED>@h/x"'),
        (  # a key's name judged once a pass (I9), each of its values hidden
            f'[a]\npassword = "{SECRET}"\n[b]\npassword = "{SECRET}2"',
            '[a]\npassword = "<REDACTED>"\n[b]\npassword = "<REDACTED>"',
        ),
    ],
)
def test_what_stays_as_typed_and_how_the_rest_is_hidden(typed: str, shown: str) -> None:
    """A stand-in stays, prose and numbers stay; after a secret's name on a line TOML does
    not read, the rest of that line is hidden; an escaped key is shown as TOML reads it."""
    from restroute.redact import redact_toml

    assert redact_toml(typed) == shown


@pytest.mark.parametrize(
    "body",
    [
        '{"pass\\u0077ord": "SECRET"}'.replace("SECRET", SECRET),
        '{"\\u0070assword": "SECRET"}'.replace("SECRET", SECRET),
        '{"user": {"access\\u005ftoken": "SECRET"}}'.replace("SECRET", SECRET),
    ],
)
def test_i7_a_json_texts_key_written_with_an_escape_is_read_as_json_reads_it(body: str) -> None:
    from restroute import endpoint
    from tests.attacks import redacted_copies

    options = endpoint("POST /x", data=body, headers={"content-type": "application/json"})
    for shown in redacted_copies(options):
        assert SECRET not in shown
        assert "REDACTED" in shown


def test_i7_json_whose_secrets_are_stand_ins_is_shown_as_written() -> None:
    from restroute.redact import redact_fields

    body = '{"password":"${P}",  "user": {"token": "<REDACTED>"}}'
    assert redact_fields(body) == body


@pytest.mark.parametrize(
    ("name", "value"),
    [
        (f"password {SECRET}", {"a": 1}),
        (f"x-api-key;{SECRET}", [1, {"a": 2}]),
        (f"token\t{SECRET}", b"x"),
        (f"password {SECRET}", float("inf")),
        (f"password {SECRET}", 10**5000),
    ],
    ids=["dict", "list-of-dict", "bytes", "inf", "int-too-long"],
)
def test_i8_a_type_error_names_the_parameter_as_a_view_shows_it(name: str, value: object) -> None:
    from restroute import EndpointError, endpoint

    with pytest.raises(EndpointError) as raised:
        endpoint("GET /x", **{name: value})
    assert SECRET not in str(raised.value)
    assert "<REDACTED>" in str(raised.value)


def test_i8_the_cli_builds_no_error_with_the_secret(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    profile = tmp_path / "p.toml"
    profile.write_text(f'["password {SECRET}"]\nx = 1\n')
    code = main(["build", "--redact", "-p", str(profile), "GET /x"])
    out, err = capsys.readouterr()
    assert code != 0
    assert SECRET not in out + err
    assert "password <REDACTED>" in err
