"""A value a profile reads from the environment (``${VAR}``) is hidden however a view's
texts encode it (the fourth attack): a URL's query keeps a + and writes a blank as %20,
a shell's single quotes split at a ', printf writes what is not printable in octal, the
JSON snippet escapes a bidi control. It is hidden before each writer encodes it, and in
a URL as a reader decodes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from restroute.profiles import load_profile
from restroute.session import Session

CASES = {
    "a + and a blank in a query": (
        "GET /search/issues",
        'q = "${RR_V}"\n',
        "Qz9+Kw7 Lp3/Mx5:Rt8@Vb2",
    ),
    "quotes in a query": ("GET /search/issues", 'q = "${RR_V}"\n', "Qz9&Kw7<Lp3>Mx5\"Rt8'Vb2"),
    "quotes in a header": (
        "GET /user",
        '[headers]\nx-forward = "${RR_V}"\n',
        "Qz9&Kw7<Lp3>Mx5\"Rt8'Vb2",
    ),
    "controls in a body": ("POST /x", '[data]\nname = "${RR_V}"\n', "Qz9\u202eKw7\u200bLp3Mx5"),
}


@pytest.mark.parametrize("case", CASES)
def test_a_value_from_the_environment_is_hidden_however_it_is_encoded(
    case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    route, toml, value = CASES[case]
    monkeypatch.setenv("RR_V", value)
    (tmp_path / "p.toml").write_text(toml)
    view = Session(route, [load_profile(tmp_path / "p.toml")]).view()
    texts = [view.status.text, *view.snippets.values()]
    for text in texts:
        for piece in ("Qz9", "Kw7", "Lp3", "Mx5"):  # no part of it, in any encoding
            assert piece not in text, text
    assert "<REDACTED>" in view.snippets["curl"]


def test_a_long_value_from_the_environment_is_hidden_before_the_table_cuts_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fourth attack: `build -f explain` cut a value of 300 characters to fit its
    column, then looked for it: 255 of them showed."""
    from restroute.cli import main

    monkeypatch.setenv("RR_LONG", "Qz9Kw7Lp3Mx5Rt8" * 20)
    (tmp_path / "p.toml").write_text('[headers]\nx-forward = "${RR_LONG}"\n')
    assert main(["build", "-p", str(tmp_path / "p.toml"), "-f", "explain", "GET /user"]) == 0
    out, _ = capsys.readouterr()
    assert "Qz9" not in out
    assert '"<REDACTED>"' in out


def test_a_token_in_a_pasted_body_is_hidden_before_its_part_is_cut() -> None:
    """The fourth attack: the matcher cut a body of -f fields to 60 characters, a token
    inside it, before its secrets were hidden: the cut token had lost its shape."""
    from restroute import pasted
    from restroute.reader import read_route

    token = "gho_" + "Wx7" * 12
    found = read_route(f"gh api https://api.github.com/x -f api_key=PwSeCrEt9 -f q={token}")
    shown = pasted.as_json(pasted.hidden(found))
    texts = [part["text"] for part in shown["parts"]]
    assert not any("Wx7" in text or "PwSeCrEt9" in text for text in texts), texts
