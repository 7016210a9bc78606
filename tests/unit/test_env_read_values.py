"""Values read from environment variables are secrets, whatever name they go under: the
CLI's redacted output (``--redact``, ``-f explain``, ``--env-secrets``) and its error and
warning lines hide them, and an error that repeats one escaped (a newline as ``\\n``)
hides the escaped form too (issue 32, F2 and F3)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from restroute import EndpointError
from restroute.cli import main
from restroute.session import Session

SECRET = "EnVsEcReT123"
MARK = "EnVsEcReT"


Build = Callable[..., tuple[int, str, str]]


@pytest.fixture
def build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Build:
    """``build(profile, *argv)``: ``restroute build -p`` on a profile holding ``profile``,
    RR_V set to the secret; its status, stdout and stderr."""
    monkeypatch.setenv("RR_V", SECRET)

    def run(profile: str, *argv: str) -> tuple[int, str, str]:
        path = tmp_path / "p.toml"
        path.write_text(profile, encoding="utf-8")
        status = main(["build", "-p", str(path), *argv])
        out, err = capsys.readouterr()
        return status, out, err

    return run


HEADER = '[headers]\nx-foo = "${RR_V}"\n'


@pytest.mark.parametrize(
    ("profile", "route"),
    [
        (HEADER, "GET /user"),
        ('q = "${RR_V}"\n', "GET /search/issues"),
        ('title = "${RR_V}"\n', "POST /repos/o/r/issues"),
        ('baseUrl = "https://${RR_V}.example.com"\n', "GET /user"),
        ('[mediaType]\nformat = "${RR_V}"\n', "GET /user"),
        ('[request]\ntimeout = "${RR_V}"\n', "GET /user"),
    ],
)
@pytest.mark.parametrize(
    "flags", [["--redact", "-f", "curl"], ["--redact", "-f", "json"], ["-f", "explain"]]
)
def test_redacted_build_hides_values_read_from_the_environment(
    build: Build, profile: str, route: str, flags: list[str]
) -> None:
    status, out, err = build(profile, *flags, route)
    assert status == 0, err
    assert MARK not in out + err
    if not ("[request]" in profile and "curl" in flags):  # curl has no request.timeout
        assert "<REDACTED>" in out


def test_env_secrets_hides_a_value_read_under_a_plain_name(build: Build) -> None:
    status, out, err = build(HEADER, "--env-secrets", "-f", "python", "GET /user")
    assert status == 0, err
    assert MARK not in out + err
    assert "x-foo" in out


def test_build_without_redact_still_reveals(build: Build) -> None:
    status, out, _ = build(HEADER, "-f", "curl", "GET /user")
    assert status == 0
    assert f"x-foo: {SECRET}" in out


def test_explain_with_reveal_shows_the_value(build: Build) -> None:
    status, out, _ = build(HEADER, "-f", "explain", "--reveal", "GET /user")
    assert status == 0
    assert SECRET in out


@pytest.mark.parametrize(
    ("profile", "route"),
    [
        ('per_page = "${RR_V}"\n', "GET /user/repos"),  # a warning
        ('[headers]\ncontent-length = "${RR_V}"\n', "POST /repos/o/r/issues"),  # an error
    ],
)
@pytest.mark.parametrize("flags", [[], ["--redact"]])
def test_messages_never_repeat_a_value_read_from_the_environment(
    build: Build, profile: str, route: str, flags: list[str]
) -> None:
    _, _, err = build(profile, *flags, route)
    assert err.startswith("restroute: ")
    assert MARK not in err


def test_a_non_ascii_header_error_hides_the_value(
    build: Build, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RR_U", "EnVsEcReTé")
    status, _, err = build('[headers]\nx-foo = "${RR_U}"\n', "GET /user")
    assert status == 2
    assert "restroute: error: " in err
    assert MARK not in err


def _view_texts(monkeypatch: pytest.MonkeyPatch, route: str, layer: str) -> str:
    monkeypatch.setenv("RR_NL", "EnVsEcReT\n123")
    session = Session(route)
    session.edit_layer("session", layer)
    view = session.view(redact=True)
    snippets = []
    for format in ("curl", "json"):
        try:
            snippets.append(view.snippet(format))
        except EndpointError as error:  # the text a refusal shows
            snippets.append(str(error))
    return "\n".join([str(view.error), str(view.status), repr(view.rows), *snippets])


def test_an_error_repeating_a_value_escaped_hides_it(monkeypatch: pytest.MonkeyPatch) -> None:
    shown = _view_texts(monkeypatch, "GET /user", '[headers]\nx-foo = "${RR_NL}"\n')
    assert "x-foo" in shown
    assert MARK not in shown


def test_rows_hide_an_escaped_value_in_a_base_url(monkeypatch: pytest.MonkeyPatch) -> None:
    shown = _view_texts(monkeypatch, "GET /user", 'baseUrl = "https://h/${RR_NL}"\n')
    assert MARK not in shown


def test_secret_values_holds_each_escaped_form() -> None:
    from restroute.redact import hide_values, masked, secret_values

    found = secret_values(None, ["EnVsEcReT\n1'2\"3\x00"])
    for text in (
        "('EnVsEcReT\\n1\\'2\"3\\x00')",
        '"EnVsEcReT\\n1\'2\\"3\\u0000"',
    ):
        assert MARK not in hide_values(text, found)
        assert MARK not in masked(text, found)


# --- the fifth attack's F12: what a profile read, not what the environment holds later -----

READ = "QVKkOdJBaSmSFxwCcqdV"


def test_a_value_a_profile_read_from_a_given_environment_is_hidden() -> None:
    """parse_profile(..., environ=...) read it; os.environ never held it."""
    from restroute.profiles import parse_profile

    profile = parse_profile('q = "${RT5}"\n', environ={"RT5": READ})
    assert profile.read == (READ,)
    view = Session("GET /user", [profile]).view()
    assert READ not in view.snippet("curl")
    assert "user?q=<REDACTED>'" in view.snippet("curl")  # as a set variable's value is
    assert READ in Session("GET /user", [profile]).view(redact=False).snippet("curl")


def test_a_value_read_then_unset_in_the_environment_is_still_hidden(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from restroute.profiles import parse_profile

    monkeypatch.setenv("RT5", READ)
    profile = parse_profile('q = "${RT5}"\nr = "${RT6}"\n')
    monkeypatch.delenv("RT5")
    assert READ not in Session("GET /user", [profile]).view().snippet("curl")
    assert profile.read == (READ,)  # what was set, each once; an unset one is none
