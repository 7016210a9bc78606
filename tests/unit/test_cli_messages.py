"""What the command line says about hostile input (issue 32): an error repeats no secret
(by its name, its shape, or the field it is in), no text from input reaches the terminal
with a control character or a bidi override, and a value that is not JSON is text."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from restroute.cli import main
from restroute.rules import json_too_deep

TOKEN = "ghp_" + "Zq7Xk2Lm9Pw4Rt6Yv8Bn3Cd5Fg1Hj0Ks2Mn4Pq"  # GitHub's shape: 4 + 36


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def pieces(secret: str, size: int = 8) -> list[str]:
    """Every run of ``size`` characters of ``secret`` (the secret itself when shorter)."""
    return [secret[at : at + size] for at in range(max(len(secret) - size + 1, 1))]


# --- 1. errors repeat no secret ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "secret", "problem"),
    [
        (["build", "POST /x", "password:=hunter2"], "hunter2", "is not JSON"),
        (["build", "POST /x", "headers.authorization:=token abc"], "token abc", "is not JSON"),
        (["build", "POST /x", "-H", f"authorization {TOKEN}"], TOKEN, "is not 'name: value'"),
        (["build", "POST /x", "token:={" + TOKEN], "{" + TOKEN, "is not JSON"),
        (["build", "POST /x", "data.user.password:=s3cr3t-pass"], "s3cr3t-pass", "is not JSON"),
        (["build", "POST /x", f"q:={TOKEN}"], TOKEN, "is not JSON"),
        (["build", "POST /x", f"-H x {TOKEN}"], TOKEN, "is not 'name: value'"),
        (["build", "--catalog", "nowhere.json", f"GET /x?token={TOKEN}"], TOKEN, "nowhere.json"),
        (["build", "POST /x", "-n", f"{TOKEN}"], TOKEN, "unrecognized arguments"),
        # the fifth attack's F5 and F11: a secret's name and value with nothing or ; between
        (["build", "GET /x", "Authorization token Qsecret123456"], "Qsecret123456", "key=value"),
        (["build", "GET /x", "x-api-key Qsecret123456"], "Qsecret123456", "key=value"),
        (["build", "GET /x", "password Qsecret123456"], "Qsecret123456", "key=value"),
        (["build", "GET /x", "Cookie Qsecret123456"], "Qsecret123456", "key=value"),
        (["build", "GET /x", "-H", "Authorization;Qsecret123456"], "Qsecret123456", "'name: "),
        (["build", "GET /x", "-H", "x-api-key;Qsecret123456"], "Qsecret123456", "'name: "),
        (["build", "GET /x", "-H", "Authorization\tQsecret123456"], "Qsecret123456", "'name: "),
        (["build", "GET /x", "-H", "Cookie;sid=Qsecret123456"], "Qsecret123456", "'name: "),
    ],
    ids=[
        "password",
        "authorization",
        "header-no-colon",
        "token-object",
        "nested-field",
        "shape-under-any-name",
        "shape-in-a-header",
        "route-query",
        "argparse",
        *[f"item-no-separator-{n}" for n in range(4)],
        *[f"header-no-colon-{n}" for n in range(4)],
    ],
)
def test_an_error_repeats_no_secret(
    capsys: pytest.CaptureFixture[str], argv: list[str], secret: str, problem: str
) -> None:
    status, out, err = run(capsys, *argv)

    assert status == 2
    shown = out + err
    assert problem in shown
    assert secret not in shown
    for piece in pieces(secret):
        assert piece not in shown


def test_an_error_still_names_the_fix(capsys: pytest.CaptureFixture[str]) -> None:
    """The value is hidden, its name and the way to write it as text are not."""
    _, _, err = run(capsys, "build", "POST /x", "password:=hunter2")

    assert err == (
        "restroute: error: parameter 'password:=<REDACTED>': '<REDACTED>' is not JSON "
        "(Expecting value: line 1 column 1 (char 0)); write password=... or password==... "
        "for text\n"
    )


def test_an_authorization_error_keeps_the_scheme_word(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = run(capsys, "build", "POST /x", "headers.authorization:=token abc")

    assert "'headers.authorization:=token <REDACTED>'" in err
    assert "write headers.authorization=... or headers.authorization==... for text" in err


def test_a_header_without_a_colon_keeps_its_name(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = run(capsys, "build", "POST /x", "-H", "authorization hunter2-longer")

    assert "hunter2" not in err
    assert "header 'authorization <REDACTED>' is not 'name: value'" in err


def test_a_plain_value_is_still_shown(capsys: pytest.CaptureFixture[str]) -> None:
    """Only secrets are hidden: a plain value's error quotes it, to be fixed."""
    _, _, err = run(capsys, "build", "POST /x", "title:=hello")

    assert "'title:=hello': 'hello' is not JSON" in err


# --- 3. no control character reaches the terminal ---------------------------------------------

SEQUENCES = {
    "csi": "\x1b[2J",
    "osc-title": "\x1b]0;title\x07",
    "bel": "\x07",
    "c1-csi": "\x9b",
    "bidi": "\u202e",
}
# as Python writes each (printable), or as JSON does (the explain table's values)
ESCAPED = {
    "csi": ("\\x1b[2J", "\\u001b[2J"),
    "osc-title": ("\\x1b]0;title\\x07", "\\u001b]0;title\\u0007"),
    "bel": ("\\x07", "\\u0007"),
    "c1-csi": ("\\x9b", "\\u009b"),
    "bidi": ("\\u202e",),
}
_FORBIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def assert_clean(text: str, kind: str) -> None:
    """No C0 but the layout's newline and tab, no C1, no bidi override; the escaped form shown."""
    assert _FORBIDDEN.search(text) is None, repr(text)
    assert any(form in text for form in ESCAPED[kind]), repr(text)


STRING = {"type": "string"}


def esc_catalog(folder: Path, sequence: str) -> Path:
    """An OpenAPI description whose paths and parameter names hold ``sequence``."""
    description = {
        "openapi": "3.0.3",
        "info": {"title": "esc", "version": "1"},
        "paths": {
            f"x{sequence}": {"get": {"operationId": "bad"}},  # skipped: no leading /
            f"/b{sequence}": {"get": {"operationId": "worse"}},  # shown, or skipped
            "/a/{p}": {
                "get": {
                    "operationId": "z",
                    "summary": f"sum{sequence}mary",
                    "parameters": [
                        {"name": "p", "in": "path", "required": True, "schema": STRING},
                        {"name": f"q{sequence}", "in": "query", "schema": STRING},
                    ],
                    "requestBody": {"content": {"application/json": {"schema": {}}}},
                }
            },
        },
    }
    path = folder / "esc.json"
    path.write_text(json.dumps(description))
    return path


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RESTROUTE_CACHE", str(tmp_path / "cache"))


@pytest.mark.parametrize("kind", SEQUENCES)
def test_routes_escape_a_description(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str
) -> None:
    path = esc_catalog(tmp_path, SEQUENCES[kind])

    status, out, err = run(capsys, "routes", "--catalog", str(path))
    assert status == 0
    assert "skipped" in out
    assert_clean(out + err, kind)

    status, out, err = run(capsys, "routes", "--catalog", str(path), "z")
    assert status == 0
    assert_clean(out + err, kind)
    assert f"q{ESCAPED[kind][0]}" in out  # the parameter's name


@pytest.mark.parametrize("kind", ["csi", "osc-title", "bel", "c1-csi"])
def test_build_escapes_its_error(capsys: pytest.CaptureFixture[str], kind: str) -> None:
    status, out, err = run(capsys, "build", f"GET /x/{SEQUENCES[kind]}")

    assert status == 2
    assert out == ""
    assert err.startswith("restroute: error: ")
    assert err.endswith("\n")
    assert err.count("\n") == 1
    assert_clean(err, kind)


def test_build_sends_a_bidi_override_encoded(capsys: pytest.CaptureFixture[str]) -> None:
    """U+202E in a URL is no error: it is sent percent-encoded, and so shown."""
    status, out, err = run(capsys, "build", "GET /x/\u202e")

    assert (status, err) == (0, "")
    assert json.loads(out)["url"] == "https://api.github.com/x/%E2%80%AE"


@pytest.mark.parametrize("kind", SEQUENCES)
def test_a_route_of_a_description_is_escaped_in_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str
) -> None:
    """A route no description has is repeated in the error: escaped."""
    path = esc_catalog(tmp_path, SEQUENCES[kind])
    status, _, err = run(capsys, "build", "--catalog", str(path), f"GET /nothing{SEQUENCES[kind]}")

    assert status == 2
    assert_clean(err, kind)


@pytest.mark.parametrize("kind", SEQUENCES)
def test_explain_escapes_its_table(capsys: pytest.CaptureFixture[str], kind: str) -> None:
    sequence = SEQUENCES[kind]
    status, out, err = run(capsys, "build", "GET /x", f"q=a{sequence}b", "-f", "explain")

    assert status == 0
    assert_clean(out + err, kind)


@pytest.mark.parametrize("kind", SEQUENCES)
def test_warnings_are_escaped(capsys: pytest.CaptureFixture[str], kind: str) -> None:
    """A name given twice is a warning that names it."""
    sequence = SEQUENCES[kind]
    status, _, err = run(capsys, "build", "GET /x", f"q{sequence}=1", f"q{sequence}=2")

    assert status == 0
    assert "warning" in err
    assert_clean(err, kind)


# --- 15. a value that does not parse as JSON is text -------------------------------------------


def test_an_unterminated_bracket_run_is_sent_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "build", "POST /x", "a=" + "[" * 5000)

    assert (status, err) == (0, "")
    assert json.loads(out)["body"] == {"a": "[" * 5000}


def test_a_list_is_still_a_list(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "build", "POST /x", "a=[[1]]")

    assert status == 0
    assert json.loads(out)["body"] == {"a": [[1]]}


@pytest.mark.parametrize("separator", ["=", ":="])
@pytest.mark.parametrize("depth", [101, 5000])
def test_valid_json_too_deep_is_refused(
    capsys: pytest.CaptureFixture[str], separator: str, depth: int
) -> None:
    status, out, err = run(capsys, "build", "POST /x", f"a{separator}" + "[" * depth + "]" * depth)

    assert (status, out) == (2, "")
    assert "nested too deep" in err
    assert "flatten it" in err


def test_json_only_that_does_not_close_is_not_json(capsys: pytest.CaptureFixture[str]) -> None:
    """key:= takes JSON only: an unterminated run is no JSON, whatever its depth."""
    status, _, err = run(capsys, "build", "POST /x", "a:=" + "[" * 5000)

    assert status == 2
    assert "is not JSON" in err
    assert "too deep" not in err


DEEP = 150  # past the limit (100), within what json.loads reads: it says what is JSON


@pytest.mark.parametrize(
    "inner",
    ["1", '"s"', '{"a": [1, 2.5e3, null]}', "{}", "[]", "true, false", ' NaN , "x\\"]" '],
)
def test_deep_json_is_too_deep(inner: str) -> None:
    text = "[" * DEEP + inner + "]" * DEEP
    json.loads(text)  # JSON indeed

    assert json_too_deep(text)
    assert json_too_deep('{"k": ' * DEEP + inner.join("[]") + "}" * DEEP)


@pytest.mark.parametrize(
    "inner",
    ["x", "1 2", "1,", "{1: 2}", '{"a"}', '{"a": 1,}', "[1:2]", ",", '"\\q"', "01", "]["],
)
def test_deep_text_that_is_no_json_is_text(inner: str) -> None:
    text = "[" * DEEP + inner + "]" * DEEP
    with pytest.raises(json.JSONDecodeError):
        json.loads(text)  # no JSON indeed

    assert not json_too_deep(text)
    assert not json_too_deep(text + "]")
    assert not json_too_deep("[" * DEEP + "]" * DEEP + " x")


def test_a_profiles_thousand_warnings_are_said_in_linear_time(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A profile of 3,000 keys GitHub does not document took 30 s of CPU in ``build -p``
    (the attack of issue 32): the secrets hidden in each warning were gathered again from
    the whole request for each one. They are gathered once; every warning still hides
    them."""
    import restroute.cli.build as build
    from restroute.redact import secret_values

    profile = tmp_path / "many.toml"
    keys = "".join(f'k{n} = "v{n}"\n' for n in range(300))
    profile.write_text(keys + '[headers]\nauthorization = "token ghp_' + "A" * 36 + '"\n')
    gathered: list[object] = []

    def counted(options: Any, known: Any = ()) -> Any:
        gathered.append(options)
        return secret_values(options, known)

    monkeypatch.setattr(build, "secret_values", counted)
    status, _, err = run(capsys, "build", "-p", str(profile), "GET /user")
    assert status == 0
    assert len(gathered) == 1
    assert err.count("documents no parameter") == 300
    assert "ghp_" not in err
