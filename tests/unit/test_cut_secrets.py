"""Texts shown short keep their secrets hidden (issue 32, F6 and F5): a pasted part is
hidden before it is cut, and a layer's text that is no TOML hides every credential it
holds. The inputs are the attacker's."""

from __future__ import annotations

import pytest

from restroute import pasted, redact
from restroute.cli import main
from restroute.jupyter import explore
from restroute.reader import read_route

T = "ghp_" + "Ab1" * 12
CURL = f"curl https://api.github.com/user -d 'aaaaaaaaaaaaaaaaa=1&x={T}'"


def test_a_pasted_part_is_hidden_before_it_is_cut() -> None:
    shown = pasted.hidden(read_route(CURL))
    for text in (pasted.as_text(shown), pasted.json_text(shown)):
        assert "Ab1Ab1" not in text
        assert "ghp_" not in text
    said = [part.text for part in shown.parts if part.became == "data"]
    assert said == ["-d 'aaaaaaaaaaaaaaaaa=1&x=<REDACTED>'"]


def test_a_long_pasted_part_is_still_cut_after_it_is_hidden() -> None:
    long = "a" * 100
    shown = pasted.hidden(read_route(f"curl https://api.github.com/user -d '{long}=1&x={T}'"))
    (said,) = [part.text for part in shown.parts if part.became == "data"]
    assert said == f"-d '{long}"[:59] + "…"


def test_import_prints_no_cut_token(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", "-f", "json", CURL]) == 0
    out = capsys.readouterr().out
    assert "Ab1Ab1" not in out
    assert "-d 'aaaaaaaaaaaaaaaaa=1&x=<REDACTED>'" in out


@pytest.mark.parametrize(
    "typed",
    [
        "GET https://u:SeKrEtVaL@h/x",
        "GET https://h/x?access_token=SeKrEtVaL",
        f"x = {T}",
        'password = "SeKrEtVaL',
        "[headers\npassword = SeKrEtVaL",
    ],
)
def test_text_that_is_no_toml_hides_every_credential(typed: str) -> None:
    for text in (redact.redact_toml(typed), _shown_in_the_notebook(typed)):
        assert "SeKrEtVaL" not in text
        assert "Ab1Ab1" not in text
        assert "<REDACTED>" in text


def test_toml_that_reads_is_shown_as_typed() -> None:
    typed = 'per_page = 2\ntitle = "a user name here"\nbody = "see https://h/x?page=2"\n'
    assert redact.redact_toml(typed) == typed


def test_toml_that_reads_hides_what_every_view_hides_under_any_name() -> None:
    # (the eighth attack's I3: a value under a key that names no secret was shown, while
    # redact_url, so every other view of the same value, hides its user:password@)
    value = "a user:name@ here"
    assert redact.redact_url(value) == "a <REDACTED>@ here"
    assert redact.redact_toml(f'title = "{value}"') == 'title = "a <REDACTED>@ here"'


def _shown_in_the_notebook(typed: str) -> str:
    e = explore("POST /repos/{owner}/{repo}/issues")
    e.layer_text._handle_custom_msg({"typed": typed, "seq": 1}, [])
    shown = e.layer_text.get_state()["shown"]
    assert isinstance(shown, str)
    return shown


@pytest.mark.parametrize(
    "paste",
    [
        "import requests\nrequests.post('https://api.github.com/user', "
        f"data='{'a' * 33}=1&x={T}')\n",
        f'curl https://api.github.com/repos/o/r/issues -d \'{{"title":"{"a" * 30} {T}"}}\'',
    ],
)
def test_a_pasted_scripts_body_and_a_body_field_are_hidden_before_they_are_cut(
    paste: str,
) -> None:
    shown = pasted.hidden(read_route(paste))
    texts = [part.text for part in shown.parts]
    assert not any("gh" in text or "Ab1" in text for text in texts)
    assert any("<RED" in text for text in texts)
