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
        ('x = [password = "Qsecret7391abcXYZ"]', 'x = [password = "<REDACTED>"]'),
        (
            'scopes = ["repo",\npassword = "Qsecret7391abcXYZ"]',
            'scopes = ["repo",\npassword = "<REDACTED>"]',
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
