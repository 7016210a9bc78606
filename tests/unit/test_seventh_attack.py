"""The seventh attack's findings, each as the attacker did it (H1-H6, H9, H10; H7 and the
terminal explorer's parts of H1 are in tests/ui/test_explorer_controls.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from restroute import EndpointError, endpoint
from restroute.cli import main
from restroute.redact import redact_toml

S = "Qsecret7391abcXYZ"
TOKEN = "ghp_" + "Zq8Wm" * 7 + "A"


def described(tmp_path: Path, operation: dict[str, Any], **document: Any) -> str:
    description = {
        "openapi": "3.0.3",
        "info": {"title": "T", "version": "1"},
        "servers": [{"url": "https://api.example.com"}],
        "paths": {"/thing": {"post": operation}},
        **document,
    }
    path = tmp_path / "d.json"
    path.write_text(json.dumps(description))
    return str(path)


def widget_state() -> str:
    from ipywidgets import widgets  # type: ignore[import-untyped]

    return json.dumps(widgets.Widget.get_manager_state(drop_defaults=False))


def test_h1_a_tokens_shape_in_a_descriptions_words_is_hidden(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """info.title, a summary, a tag and a server variable's choices quoted a token: the
    import's text and the notebook's Find placeholder showed it whole."""
    from restroute.jupyter import explore

    servers = [
        {
            "url": "https://api.example.com/{ver}",
            "variables": {"ver": {"default": "v1", "enum": ["v1", TOKEN]}},
        }
    ]
    operation = {"operationId": "thing-create", "summary": f"create with token {TOKEN}"}
    path = described(
        tmp_path,
        {**operation, "tags": [f"t {TOKEN}"]},
        info={"title": f"API {TOKEN}", "version": "1"},
        servers=servers,
    )
    main(["import", "--catalog", path, "curl -X POST https://api.example.com/v1/thing"])
    out, err = capsys.readouterr()
    assert TOKEN not in out + err
    assert "create with token <REDACTED>" in out
    explore(None, catalog=path)
    assert TOKEN not in widget_state()


def test_h2_a_cookies_default_is_hidden_as_its_row_is_secret(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    parameters = [
        {"name": "sid", "in": "cookie", "schema": {"type": "string", "default": S}},
        {"name": "password", "in": "query", "schema": {"type": "string", "default": S}},
    ]
    path = described(tmp_path, {"operationId": "plain", "parameters": parameters})
    main(["routes", "--catalog", path, "plain"])
    out, err = capsys.readouterr()
    assert S not in out + err
    assert "default <REDACTED>" in out


def test_h3_a_secrets_choices_are_no_list_in_the_notebooks_state(tmp_path: Path) -> None:
    from restroute.jupyter import explore

    parameters = [{"name": "access_token", "in": "query", "schema": {"enum": [S, "b"]}}]
    path = described(tmp_path, {"operationId": "plain", "parameters": parameters})
    explore("POST /thing", catalog=path)
    assert S not in widget_state()


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (f'"password {S}" = 1', '"password <REDACTED>" = <REDACTED>'),
        (f'"x-api-key;{S}" = "v"', '"x-api-key;<REDACTED>" = "<REDACTED>"'),
        (f'[headers]\n"x-api-key {S}" = "v"', '[headers]\n"x-api-key <REDACTED>" = "<REDACTED>"'),
        (f"password\xa0:{S}", "password\xa0:<REDACTED>"),
        (f"password\\:{S}", "password\\:<REDACTED>"),
    ],
)
def test_h4_a_key_that_holds_a_secrets_value_shows_it_hidden(text: str, shown: str) -> None:
    assert redact_toml(text) == shown


@pytest.mark.parametrize(
    "base_url",
    [
        "http://[1::2::3]",
        "http://[:::]",
        "http://[12345::]",
        "http://[::1.2.3.256]",
        "http://[1.2.3.4]",
    ],
)
def test_h5_brackets_that_hold_no_ipv6_address_are_refused(base_url: str) -> None:
    with pytest.raises(EndpointError, match="in brackets that is no IPv6 address"):
        endpoint("GET /x", base_url=base_url)


def test_h5_ipv6_addresses_are_taken() -> None:
    for base_url in ("http://[::1]:8080", "http://[2001:db8::1]", "http://[::ffff:1.2.3.4]"):
        assert endpoint("GET /x", base_url=base_url)["url"] == base_url + "/x"


@pytest.mark.parametrize("name", [f"x-api-key {S}", f"x-api-key;{S}", f"authorization\t{S}"])
def test_h6_a_header_name_that_holds_a_secrets_value_is_refused_without_it(name: str) -> None:
    with pytest.raises(EndpointError) as raised:
        endpoint("GET /user", headers={name: "v"})
    assert S not in str(raised.value)
    assert "<REDACTED>" in str(raised.value)


def test_h9_a_prefix_of_a_secret_in_the_path_is_not_in_the_notebooks_state() -> None:
    from restroute.jupyter import explore

    explorer = explore("GET /x/{token:16}")
    explorer.set_value("token", S)
    assert S[:16] not in widget_state()


@pytest.mark.parametrize(
    "pasted",
    [
        f"https://api.github.com/user?x-api-key;{S}=1",
        f"curl 'https://api.github.com/user?password%20{S}=1'",
    ],
)
@pytest.mark.parametrize("form", ["text", "json"])
def test_h10_a_query_key_that_holds_a_secrets_value_is_read_back_hidden(
    pasted: str, form: str, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["import", "--format", form, pasted])
    out, err = capsys.readouterr()
    assert S not in out + err


@pytest.mark.parametrize(
    ("route", "value"),
    [
        ("GET /x/{+token}", f"{S}/"),
        ("GET /x/{+token}", f"{S}#frag"),
        ("POST /x/{#password}", f"{S}/"),
    ],
)
def test_h11_a_secret_the_url_cuts_is_hidden_as_cut(route: str, value: str) -> None:
    """The URL drops a / that ends the path, and clients cut it at a #: what was hidden
    was the value whole, and the part the URL kept showed."""
    name = route.split("{")[1].strip("+#}")
    options = endpoint(route, **{name: value})
    for text in (
        options.to_curl(redact=True),
        options.to_python(redact=True),
        options.to_python(client="httpx", redact=True),
        options.to_json(redact=True),
    ):
        assert S not in text
