"""restroute.profiles: TOML layers of defaults, ${VAR} from the environment, secrets kept out."""

from __future__ import annotations

import dataclasses
import errno
import math
import os
import re
import stat
import sys
import tomllib
from collections.abc import Callable
from datetime import UTC, date, datetime, time, timedelta, timezone
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st

from restroute import EndpointError, endpoint, explain
from restroute.profiles import (
    Profile,
    dump_profile,
    env_references,
    left_out,
    load_profile,
    parse_profile,
    save_profile,
)
from restroute.redact import holds_credential
from restroute.session import Session
from restroute.snippets import is_secret
from tests.conftest import UA

SAMPLES = Path(__file__).parents[2] / "sample_profiles"
SAMPLE_FILES = sorted(SAMPLES.glob("*.toml"))
TOKEN = "t0k3n-for-tests"
ENV = {"GITHUB_TOKEN": TOKEN, "PETSTORE_API_KEY": TOKEN, "TRAIN_TRAVEL_TOKEN": TOKEN}
ACCEPT = "application/vnd.github.v3+json"
UPLOAD_ROUTE = "POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}"


def test_readme_example() -> None:
    """The module docstring's profile: the token is expanded in options and kept in raw."""
    profile = parse_profile(
        """
base_url = "https://ghe.example.com/api/v3"
per_page = 100
[headers]
authorization = "token ${RESTROUTE_DOC_TOKEN}"
""",
        name="ghe",
        environ={"RESTROUTE_DOC_TOKEN": "t0k3n"},
    )

    assert profile.options["headers"]["authorization"] == "token t0k3n"
    assert profile.raw["headers"]["authorization"] == "token ${RESTROUTE_DOC_TOKEN}"
    assert profile.options == {
        "base_url": "https://ghe.example.com/api/v3",
        "per_page": 100,
        "headers": {"authorization": "token t0k3n"},
    }
    assert (profile.name, profile.warnings, profile.path) == ("ghe", (), None)
    assert repr(profile) == "<Profile 'ghe': 3 options, 0 warnings>"


def test_dump_profile_docstring_example() -> None:
    """dump_profile's docstring example: the literal key is left out, said in a top comment."""
    text = dump_profile({"per_page": 100, "headers": {"x-api-key": "k-123"}})

    assert text == (
        '# headers.x-api-key: left out, a secret; write "${SOME_TOKEN}" to read it from the'
        " environment\n"
        "\n"
        "per_page = 100\n"
        "\n"
        "[headers]\n"
    )
    assert tomllib.loads(text) == {"per_page": 100, "headers": {}}


# --- parse and expand ---------------------------------------------------------------------


def test_a_set_variable_is_expanded() -> None:
    """A ${VAR} that is set is replaced by its value, with no warning."""
    profile = parse_profile('user = "${WHO}"', name="p", environ={"WHO": "octocat"})

    assert profile.options == {"user": "octocat"}
    assert profile.raw == {"user": "${WHO}"}
    assert profile.warnings == ()


def test_an_unset_variable_stays_literal_with_a_warning() -> None:
    """A ${VAR} that is not set stays as written, and the profile warns once about it."""
    profile = parse_profile(
        '[headers]\nauthorization = "token ${NO_SUCH_TOKEN}"\nx-again = "${NO_SUCH_TOKEN}"\n',
        name="work",
        environ={},
    )

    assert profile.options == {
        "headers": {"authorization": "token ${NO_SUCH_TOKEN}", "x-again": "${NO_SUCH_TOKEN}"}
    }
    assert profile.warnings == ("work: ${NO_SUCH_TOKEN} is not set in the environment",)


def test_two_unset_variables_give_two_warnings_in_order() -> None:
    """Each unset variable has its own warning, in the order they appear."""
    profile = parse_profile('a = "${ZED}"\nb = "${ALPHA}"', name="p", environ={})

    assert profile.warnings == (
        "p: ${ZED} is not set in the environment",
        "p: ${ALPHA} is not set in the environment",
    )


def test_two_references_in_one_string() -> None:
    """Every reference in a string is replaced, the text around them kept."""
    profile = parse_profile(
        'base_url = "https://${HOST}/api/${VERSION}"',
        name="p",
        environ={"HOST": "ghe.example.com", "VERSION": "v3"},
    )

    assert profile.options == {"base_url": "https://ghe.example.com/api/v3"}


def test_references_inside_lists_and_nested_tables() -> None:
    """References in arrays, in tables and in tables of tables are expanded; others stay."""
    text = """
labels = ["${A}", "plain", 3, ["${B}"]]
flag = true
[request]
note = "${A}-${B}"
[request.deeper]
value = "${B}"
"""
    profile = parse_profile(text, name="p", environ={"A": "one", "B": "two"})

    assert profile.options == {
        "labels": ["one", "plain", 3, ["two"]],
        "flag": True,
        "request": {"note": "one-two", "deeper": {"value": "two"}},
    }
    assert profile.raw["request"]["deeper"] == {"value": "${B}"}


def test_only_braced_names_are_references() -> None:
    """$VAR, ${} and ${1X} are not references: kept as they are, without a warning."""
    profile = parse_profile(
        'a = "$A ${} ${1X} ${with-dash}"', name="p", environ={"A": "x", "1X": "y"}
    )

    assert profile.options == {"a": "$A ${} ${1X} ${with-dash}"}
    assert profile.warnings == ()


def test_an_expanded_value_is_not_expanded_again() -> None:
    """A value that itself looks like ${VAR} is inserted as it is."""
    profile = parse_profile(
        'a = "${OUTER}"', name="p", environ={"OUTER": "${INNER}", "INNER": "no"}
    )

    assert profile.options == {"a": "${INNER}"}


def test_the_environment_defaults_to_os_environ(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without environ, references are read from os.environ."""
    monkeypatch.setenv("RESTROUTE_TEST_VALUE", "from-os")
    monkeypatch.delenv("RESTROUTE_TEST_UNSET", raising=False)

    profile = parse_profile('a = "${RESTROUTE_TEST_VALUE}"\nb = "${RESTROUTE_TEST_UNSET}"')

    assert profile.options == {"a": "from-os", "b": "${RESTROUTE_TEST_UNSET}"}
    assert profile.warnings == ("profile: ${RESTROUTE_TEST_UNSET} is not set in the environment",)


@pytest.mark.parametrize("text", ["per_page = ", "a = 1\na = 2", "[headers\n", 'x = "unclosed'])
def test_invalid_toml_is_an_endpoint_error(text: str) -> None:
    """Text that is not TOML raises EndpointError naming the profile."""
    with pytest.raises(EndpointError, match=r"profile 'broken' is not valid TOML"):
        parse_profile(text, name="broken", environ={})


TOO_DEEP = (
    "profile 'deep' is nested too deep: more than 100 tables or arrays inside each other; "
    "flatten it"
)


DEEP_KEY = (
    "profile 'deep' is nested too deep: a key of more than 100 dotted parts (line 1) puts "
    "more than 100 tables inside each other; flatten it (a table of its own for the inner keys)"
)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("a = " + "[" * 3000 + "]" * 3000, TOO_DEEP),  # tomllib: RecursionError
        ("a = " + "{b = " * 3000 + "1" + "}" * 3000, TOO_DEEP),  # tomllib: RecursionError
        ("a = " + "[" * 101 + "]" * 101, TOO_DEEP),  # tomllib reads it; the profile is refused
        ("[" + ".".join(["t"] * 3000) + "]\nx = 1", DEEP_KEY),  # refused before tomllib reads it
    ],
    ids=["3000 arrays", "3000 inline tables", "101 arrays", "a 3000-part table header"],
)
def test_a_profile_nested_too_deep_is_an_endpoint_error(text: str, said: str) -> None:
    """Tables or arrays over 100 deep raise EndpointError naming the profile, whether
    tomllib fails on them (RecursionError) or reads them; a key of more dotted parts is
    refused before tomllib reads it (its time is quadratic in a key's parts)."""
    with pytest.raises(EndpointError) as caught:
        parse_profile(text, name="deep", environ={})

    assert type(caught.value) is EndpointError
    assert str(caught.value) == said


def test_a_profile_100_deep_is_read() -> None:
    """100 arrays inside each other is the most a profile holds, and it is read whole."""
    profile = parse_profile("a = " + "[" * 100 + '"${T}"' + "]" * 100, environ={"T": "x"})

    value = profile.options["a"]
    for _ in range(100):
        (value,) = value
    assert value == "x"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: parse_profile(b"per_page = 1", name="p"),  # type: ignore[arg-type]
            "profile 'p': the text is bytes, not a str; pass the TOML as text (load_profile "
            "reads a file)",
        ),
        (
            lambda: parse_profile("per_page = 1", name="p", environ=["T"]),  # type: ignore[arg-type]
            "profile 'p': environ is ['T'], not a mapping; pass a dict of variables, or leave "
            "it out to read os.environ",
        ),
        (
            lambda: parse_profile('a = "${T}"', name="p", environ={"T": 1}),  # type: ignore[dict-item]
            "profile 'p': environ['T'] is 1, not a str; pass the environment's values as text",
        ),
        (
            lambda: load_profile("a\0b.toml"),
            "profile path 'a\\x00b.toml' holds a NUL character, which no file name can; "
            "pass the file's path",
        ),
        (
            lambda: load_profile(None),  # type: ignore[arg-type]
            "profile path None is not a file name; pass a str or Path",
        ),
        (
            lambda: load_profile("\ud800.toml"),
            "profile path '\\ud800.toml' is not a file name; pass a str or Path",
        ),
        (
            lambda: save_profile("a\0b.toml", {}),
            "profile path 'a\\x00b.toml' holds a NUL character, which no file name can; "
            "pass the file's path",
        ),
        (
            lambda: save_profile(3, {}),  # type: ignore[arg-type]
            "profile path 3 is not a file name; pass a str or Path",
        ),
    ],
    ids=[
        "parse bytes",
        "environ a list",
        "environ value an int",
        "load a NUL",
        "load None",
        "load a surrogate",
        "save a NUL",
        "save an int",
    ],
)
def test_arguments_that_cannot_be_a_profile_are_endpoint_errors(
    call: Callable[[], object], message: str
) -> None:
    """What is not text, a mapping of text, or a file name raises EndpointError saying
    what to pass, never TypeError or a plain ValueError (embedded null byte)."""
    with pytest.raises(EndpointError) as caught:
        call()

    assert type(caught.value) is EndpointError
    assert str(caught.value) == message


# --- files ----------------------------------------------------------------------------------


def test_load_profile_names_the_profile_after_the_file(tmp_path: Path) -> None:
    """A loaded profile is named after its file's stem and remembers the path."""
    path = tmp_path / "work.toml"
    path.write_text('per_page = 30\n[headers]\nx-team = "${TEAM}"\n', encoding="utf-8")

    profile = load_profile(path, environ={"TEAM": "core"})

    assert profile.name == "work"
    assert profile.path == path
    assert profile.options == {"per_page": 30, "headers": {"x-team": "core"}}


def test_load_profile_reads_os_environ_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """load_profile without environ expands from os.environ."""
    monkeypatch.setenv("RESTROUTE_TEST_TEAM", "docs")
    path = tmp_path / "team.toml"
    path.write_text('team = "${RESTROUTE_TEST_TEAM}"\n', encoding="utf-8")

    assert load_profile(str(path)).options == {"team": "docs"}


def test_load_profile_on_a_missing_file_names_the_path(tmp_path: Path) -> None:
    """A file that does not exist raises EndpointError naming its path."""
    path = tmp_path / "missing.toml"

    with pytest.raises(EndpointError) as caught:
        load_profile(path)

    assert str(path) in str(caught.value)


def test_load_profile_on_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    """A file that is not UTF-8 raises EndpointError naming its path, not UnicodeDecodeError."""
    path = tmp_path / "latin1.toml"
    path.write_bytes('name = "café"\n'.encode("latin-1"))

    with pytest.raises(EndpointError) as caught:
        load_profile(path)

    assert str(path) in str(caught.value)


def test_save_profile_writes_what_load_profile_reads(tmp_path: Path) -> None:
    """save_profile writes a file that load_profile reads back, references intact."""
    options: dict[str, Any] = {
        "base_url": "https://ghe.example.com/api/v3",
        "per_page": 100,
        "headers": {"authorization": "token ${GITHUB_TOKEN}", "x-team": "core"},
        "media_type": {"format": "raw"},
    }
    path = tmp_path / "saved.toml"

    written = save_profile(str(path), options)
    profile = load_profile(path, environ=ENV)

    assert written == path
    assert profile.raw == options
    assert profile.options["headers"]["authorization"] == f"token {TOKEN}"
    assert profile.name == "saved"


def test_save_profile_into_a_missing_directory_is_an_endpoint_error(tmp_path: Path) -> None:
    """A path that cannot be written raises EndpointError naming it, and creates nothing."""
    path = tmp_path / "no" / "such" / "dir" / "p.toml"

    with pytest.raises(EndpointError, match="cannot be written") as caught:
        save_profile(path, {"per_page": 1})

    assert str(path) in str(caught.value)
    assert "No such file or directory" in str(caught.value)
    assert list(tmp_path.iterdir()) == []


OLD = "per_page = 1\n"


@pytest.fixture
def old_profile(tmp_path: Path) -> Path:
    """A profile already on disk, for the saves that must leave it as it was."""
    path = tmp_path / "p.toml"
    path.write_text(OLD, encoding="utf-8")
    return path


def _raising(error: BaseException) -> Callable[..., None]:
    def fail(*args: object) -> None:
        raise error

    return fail


def test_save_profile_fsyncs_a_sibling_then_replaces_the_file(
    old_profile: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The new text is complete and fsynced in the same folder before the rename; until
    then the old file is whole."""
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(descriptor: int) -> None:
        calls.append("fsync")
        real_fsync(descriptor)

    def replace(source: str | Path, target: str | Path) -> None:
        calls.append("replace")
        assert Path(source).parent == Path(os.path.realpath(old_profile.parent))
        assert Path(source).read_text(encoding="utf-8") == "per_page = 2\n"
        assert old_profile.read_text(encoding="utf-8") == OLD
        real_replace(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)

    assert save_profile(old_profile, {"per_page": 2}) == old_profile
    assert calls == ["fsync", "replace"]
    assert old_profile.read_text(encoding="utf-8") == "per_page = 2\n"
    assert [path.name for path in old_profile.parent.iterdir()] == ["p.toml"]


@pytest.mark.parametrize("step", ["fsync", "chmod", "replace"])
def test_a_full_disk_leaves_the_old_file_and_no_temporary_file(
    old_profile: Path, monkeypatch: pytest.MonkeyPatch, step: str
) -> None:
    """ENOSPC at any step: EndpointError names the path and the reason; nothing changed."""
    monkeypatch.setattr(os, step, _raising(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))))

    with pytest.raises(EndpointError) as caught:
        save_profile(old_profile, {"per_page": 2})

    message = str(caught.value)
    assert str(old_profile) in message
    assert "No space left on device" in message
    assert old_profile.read_text(encoding="utf-8") == OLD
    assert [path.name for path in old_profile.parent.iterdir()] == ["p.toml"]


def test_an_interrupted_save_removes_its_temporary_file(
    old_profile: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C mid-save is not turned into an EndpointError, and leaves no debris."""
    monkeypatch.setattr(os, "fsync", _raising(KeyboardInterrupt()))

    with pytest.raises(KeyboardInterrupt):
        save_profile(old_profile, {"per_page": 2})

    assert old_profile.read_text(encoding="utf-8") == OLD
    assert [path.name for path in old_profile.parent.iterdir()] == ["p.toml"]


def test_a_failed_cleanup_does_not_hide_why_the_save_failed(
    old_profile: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """If the temporary file cannot be removed either, the error still gives the first reason."""
    monkeypatch.setattr(os, "replace", _raising(OSError(errno.ENOSPC, "No space left on device")))
    monkeypatch.setattr(Path, "unlink", _raising(PermissionError(errno.EACCES, "Denied")))

    with pytest.raises(EndpointError, match="No space left on device"):
        save_profile(old_profile, {"per_page": 2})

    assert old_profile.read_text(encoding="utf-8") == OLD


def test_a_read_only_folder_is_an_endpoint_error(
    old_profile: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder that cannot be written to: the reason is given and the old file stays.
    (The folder refuses the new file as a read-only one does for a user who is not root:
    tests here may run as root, which chmod does not stop.)"""
    folder = old_profile.parent
    real_open = os.open

    def refusing_open(path: Any, flags: int, *args: Any) -> int:
        if Path(path).parent == folder and flags & os.O_CREAT:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", refusing_open)
    with pytest.raises(EndpointError, match="Permission denied") as caught:
        save_profile(old_profile, {"per_page": 2})

    assert str(old_profile) in str(caught.value)
    assert old_profile.read_text(encoding="utf-8") == OLD
    assert [path.name for path in folder.iterdir()] == ["p.toml"]


def test_a_directory_in_the_way_is_an_endpoint_error(tmp_path: Path) -> None:
    """A folder where the file should go stays a folder, and no temporary file is left."""
    path = tmp_path / "p.toml"
    path.mkdir()

    with pytest.raises(EndpointError, match="not a regular file"):
        save_profile(path, {"per_page": 2})

    assert path.is_dir()
    assert [each.name for each in tmp_path.iterdir()] == ["p.toml"]


def test_a_file_in_place_of_the_folder_is_an_endpoint_error(tmp_path: Path) -> None:
    """A parent that is a file, not a folder, is reported, not raised as NotADirectoryError."""
    parent = tmp_path / "notes.txt"
    parent.write_text("x", encoding="utf-8")

    with pytest.raises(EndpointError, match="Not a directory"):
        save_profile(parent / "p.toml", {"per_page": 2})

    assert parent.read_text(encoding="utf-8") == "x"


def test_a_dump_error_writes_nothing(old_profile: Path) -> None:
    """Options that have no TOML form fail before the file is touched."""
    with pytest.raises(EndpointError, match="has no TOML form"):
        save_profile(old_profile, {"per_page": None})

    assert old_profile.read_text(encoding="utf-8") == OLD
    assert [path.name for path in old_profile.parent.iterdir()] == ["p.toml"]


def test_saving_over_a_profile_keeps_its_permissions(old_profile: Path) -> None:
    """A profile made private (0600) stays private when saved again."""
    old_profile.chmod(0o600)

    save_profile(old_profile, {"per_page": 2})

    assert stat.S_IMODE(old_profile.stat().st_mode) == 0o600


def test_a_new_profile_gets_the_usual_permissions(tmp_path: Path) -> None:
    """A new profile gets what any new file gets under the umask, not mkstemp's 0600."""
    path = tmp_path / "new.toml"
    previous = os.umask(0o027)
    try:
        save_profile(path, {"per_page": 2})
    finally:
        os.umask(previous)

    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_saving_through_a_symlink_replaces_its_target(tmp_path: Path) -> None:
    """A symlinked profile (a dotfiles repository) stays a link; the file it points to changes."""
    real = tmp_path / "real.toml"
    real.write_text(OLD, encoding="utf-8")
    link = tmp_path / "link.toml"
    link.symlink_to(real)

    assert save_profile(link, {"per_page": 2}) == link
    assert link.is_symlink()
    assert real.read_text(encoding="utf-8") == "per_page = 2\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["link.toml", "real.toml"]


# --- dump -----------------------------------------------------------------------------------

ROUND_TRIP: dict[str, Any] = {
    "base_url": "https://ghe.example.com/api/v3",
    "quotes": "say \"hi\" and 'bye'",
    "backslashes": "C:\\Users\\me\\ and \\n stays two characters",
    "newlines": "line one\nline two\r\n\ttabbed",
    "controls": "\x00\x01\x1f\x7f\x85\u2028",
    "non_ascii": "héllo wörld, 日本語, Ωμέγα",
    "emoji": "🚀 launch 👩‍💻",
    "above_bmp_format_char": "tag\U000e0001",
    "empty": "",
    "dollar": "$HOME ${NOT_EXPANDED_WHEN_DUMPED}",
    "per_page": 100,
    "negative": -3,
    "big": 2**62,
    "huge": 2**100,
    "zero": 0,
    "ratio": 0.25,
    "tiny": 1e-300,
    "vast": 1.5e300,
    "yes": True,
    "no": False,
    "since": date(2024, 1, 1),
    "at": time(9, 30, 5, 250000),
    "when": datetime(2024, 1, 2, 3, 4, 5),
    "zoned": datetime(2024, 1, 2, 3, 4, 5, tzinfo=timezone(-timedelta(hours=5, minutes=30))),
    "utc": datetime(2024, 1, 2, 3, 4, 5, 6, tzinfo=UTC),
    "labels": ["bug", "help wanted"],
    "mixed": [1, "two", True, 2.5, date(2024, 1, 1), {"a": 1}],
    "nested_lists": [[1, 2], ["a"], []],
    "nothing": [],
    "dotted.name": 1,
    "with space": "x",
    "a=b": "c",
    "ключ": "значение",
    "": "empty key",
    "headers": {
        "accept": "application/vnd.github.raw+json",
        "X-Trace": 'quoted "value"',
        "x.dotted": "1",
        "authorization": "token ${GITHUB_TOKEN}",
    },
    "media_type": {"format": "raw", "previews": ["mercy", "squirrel-girl"]},
    "request": {"timeout": 5, "retry on": [502, 503], "retry": {"count": 3, "on": {"5xx": True}}},
    "empty_table": {},
    "steps": [{"name": "build"}, {"name": "test", "with": ["unit", "doc"]}],
    "points": [{"x": 1, "y": 2}, {"x": 3, "y": 4}],
}


def test_dump_then_parse_gives_the_same_options() -> None:
    """Every kind of value and key survives dump_profile then parse_profile unchanged."""
    text = dump_profile(ROUND_TRIP)

    assert parse_profile(text, environ={}).raw == ROUND_TRIP


@pytest.mark.parametrize("key", sorted(ROUND_TRIP))
def test_each_value_round_trips_alone(key: str) -> None:
    """Each entry of the round-trip set survives a dump and a parse on its own."""
    options = {key: ROUND_TRIP[key]}

    assert parse_profile(dump_profile(options), environ={}).raw == options


EVERY_TOML_TYPE = """
title = "every type"
since = 2024-01-01
at = 07:32:00.5
when = 1979-05-27T07:32:00
zoned = 1979-05-27T07:32:00.999999-07:00
utc = 1979-05-27T07:32:00Z
int_max = 9_223_372_036_854_775_807
beyond = 123456789012345678901234567890
hex = 0xDEADBEEF
not_a_number = nan
minus_infinity = -inf
point = { x = 1, y = [2, 3], "needs quotes" = { deep = true } }

[request.retry]
count = 3

[[steps]]
name = "build"

[[steps]]
name = "test"
matrix = [{ python = "3.11" }, { python = "3.12" }]
"""


def test_a_profile_using_every_toml_type_is_written_back_whole(tmp_path: Path) -> None:
    """A profile that loads (dates, nested tables, arrays of tables...) can be shown and saved:
    the explorer shows each layer as dump_profile(profile.raw)."""
    path = tmp_path / "every.toml"
    path.write_text(EVERY_TOML_TYPE, encoding="utf-8")
    raw = load_profile(path, environ={}).raw

    again = tomllib.loads(dump_profile(raw))
    layer_text = Session("GET /user", [load_profile(path, environ={})]).layer("every").toml()

    assert _same(raw, again)
    assert _same(raw, tomllib.loads(layer_text))
    assert again["zoned"].utcoffset() == -timedelta(hours=7)
    assert again["beyond"] == 123456789012345678901234567890


# Expected TOML written by hand from the TOML 1.0 spec, in tomli-w's layout: scalars first,
# arrays one item a line with a trailing comma, a [table] only where it holds values.
TOML_TEXT: list[tuple[dict[str, Any], str]] = [
    ({"since": date(2024, 1, 1)}, "since = 2024-01-01\n"),
    ({"at": time(9, 30)}, "at = 09:30:00\n"),
    ({"at": time(9, 30, 5, 250000)}, "at = 09:30:05.250000\n"),
    ({"when": datetime(2024, 1, 2, 3, 4, 5)}, "when = 2024-01-02 03:04:05\n"),
    (
        {"when": datetime(2024, 1, 2, 3, 4, 5, tzinfo=UTC)},
        "when = 2024-01-02 03:04:05+00:00\n",
    ),
    (
        {
            "when": datetime(
                2024, 1, 2, 3, 4, 5, 6, tzinfo=timezone(-timedelta(hours=5, minutes=30))
            )
        },
        "when = 2024-01-02 03:04:05.000006-05:30\n",
    ),
    ({"ratio": 0.25, "tiny": 1e-300, "whole": 2.0}, "ratio = 0.25\ntiny = 1e-300\nwhole = 2.0\n"),
    (
        {"not_a_number": math.nan, "up": math.inf, "down": -math.inf},
        "not_a_number = nan\nup = inf\ndown = -inf\n",
    ),
    (
        {"big": 2**64, "low": -(2**70)},
        "big = 18446744073709551616\nlow = -1180591620717411303424\n",
    ),
    ({"yes": True, "no": False}, "yes = true\nno = false\n"),
    ({"quote": 'say "hi"', "path": "C:\\dir"}, 'quote = "say \\"hi\\""\npath = "C:\\\\dir"\n'),
    ({"lines": "a\nb\r\n", "tab": "a\tb"}, 'lines = "a\\nb\\r\\n"\ntab = "a\tb"\n'),
    (
        {"controls": "\x00\x7f", "unicode": "日本"},
        'controls = "\\u0000\\u007f"\nunicode = "日本"\n',
    ),
    (
        {"ключ": 1, "with space": 2, "dotted.name": 3, "": 4, "bare-name_1": 5},
        '"ключ" = 1\n"with space" = 2\n"dotted.name" = 3\n"" = 4\nbare-name_1 = 5\n',
    ),
    (
        {"labels": ["bug", "help wanted"], "nothing": [], "nested": [[1], []]},
        'labels = [\n    "bug",\n    "help wanted",\n]\nnothing = []\n'
        "nested = [\n    [\n        1,\n    ],\n    [],\n]\n",
    ),
    ({"tuple": (1, 2)}, "tuple = [\n    1,\n    2,\n]\n"),
    ({"media_type": {}}, "[media_type]\n"),
    ({"request": {"retry": {"count": 3}}}, "[request.retry]\ncount = 3\n"),
    (
        {"request": {"timeout": 5, "retry": {"count": 3, "backoff": {"base": 0.5}}}},
        "[request]\ntimeout = 5\n\n[request.retry]\ncount = 3\n\n[request.retry.backoff]\n"
        "base = 0.5\n",
    ),
    ({"point": {"x.y": {"z": 1}}}, '[point."x.y"]\nz = 1\n'),
    ({"points": [{"x": 1}, {"x": 2}]}, "points = [\n    { x = 1 },\n    { x = 2 },\n]\n"),
    ({"mixed": [1, {"a": "b"}]}, 'mixed = [\n    1,\n    { a = "b" },\n]\n'),
    (
        {"steps": [{"name": "a", "with": [1]}, {"name": "b"}]},
        '[[steps]]\nname = "a"\nwith = [\n    1,\n]\n\n[[steps]]\nname = "b"\n',
    ),
    (
        {"jobs": [{"name": "x", "env": {"CI": "1"}, "steps": [1]}]},
        '[[jobs]]\nname = "x"\nsteps = [\n    1,\n]\n\n[jobs.env]\nCI = "1"\n',
    ),
    (
        {"headers": {"x-a": "1"}, "per_page": 2, "media_type": {"format": "raw"}, "z": 3},
        'per_page = 2\nz = 3\n\n[headers]\nx-a = "1"\n\n[media_type]\nformat = "raw"\n',
    ),
    ({"headers": "not a table"}, 'headers = "not a table"\n'),
    ({}, "\n"),
]


@pytest.mark.parametrize(("options", "text"), TOML_TEXT)
def test_each_toml_type_is_written_as_toml_writes_it(options: dict[str, Any], text: str) -> None:
    """The exact text for each kind of value, and it reads back as the options."""
    written = dump_profile(options)

    assert written == text
    assert _same(_as_read(options), tomllib.loads(written))


def test_special_floats_round_trip() -> None:
    """nan, inf and -inf are written as TOML's nan, inf and -inf."""
    raw = parse_profile(
        dump_profile({"a": math.nan, "b": math.inf, "c": -math.inf}), environ={}
    ).raw

    assert math.isnan(raw["a"])
    assert (raw["b"], raw["c"]) == (math.inf, -math.inf)


def test_tuples_are_written_as_arrays() -> None:
    """A tuple is written as a TOML array and reads back as a list."""
    assert parse_profile(dump_profile({"t": (1, ("a", "b"))})).raw == {"t": [1, ["a", "b"]]}


def test_empty_options_dump_to_an_empty_profile() -> None:
    """No options give a profile with no options: one empty line, where the editor starts."""
    assert dump_profile({}) == "\n"
    assert parse_profile(dump_profile({})).raw == {}


def test_scalars_come_before_tables() -> None:
    """Top-level values are written before any table, so none falls into a table."""
    options = {"headers": {"x-a": "1"}, "per_page": 2, "media_type": {"format": "raw"}, "z": 3}

    assert parse_profile(dump_profile(options)).raw == options


def test_one_table_used_twice_is_written_twice() -> None:
    """The same object under two keys is not a loop: it is written at both."""
    shared = {"count": 3}

    text = dump_profile({"a": shared, "b": shared})

    assert text == "[a]\ncount = 3\n\n[b]\ncount = 3\n"


# --- secrets --------------------------------------------------------------------------------

NOTE = 'left out, a secret; write "${SOME_TOKEN}" to read it from the environment'


def test_secret_headers_are_left_out_unless_references() -> None:
    """Secret header values are left out of a dump unless they are ${VAR} references."""
    options = {
        "headers": {
            "Authorization": "token ghp_literal",
            "x-api-key": "k-123",
            "cookie": "session=1",
            "x-auth-token": 12345,
            "private-token": "${PRIVATE_TOKEN}",
            "proxy-authorization": "Basic ${PROXY_CREDENTIALS}",
            "accept": "*/*",
            "x-keyboard": "qwerty",
            "x-secret": None,
        }
    }

    text = dump_profile(options)

    for secret in ("ghp_literal", "k-123", "session=1", "12345"):
        assert secret not in text
    assert text.splitlines()[:6] == [
        f"# headers.Authorization: {NOTE}",
        f"# headers.x-api-key: {NOTE}",
        f"# headers.cookie: {NOTE}",
        f"# headers.x-auth-token: {NOTE}",
        f"# headers.x-secret: {NOTE}",
        "",
    ]
    assert parse_profile(text, environ={}).raw == {
        "headers": {
            "private-token": "${PRIVATE_TOKEN}",
            "proxy-authorization": "Basic ${PROXY_CREDENTIALS}",
            "accept": "*/*",
            "x-keyboard": "qwerty",
        }
    }


@pytest.mark.parametrize(
    ("value", "kept"),
    [
        ("token ${T}", True),
        ("${T}", True),
        ("Bearer ${T}", True),
        ("  Basic\t${USER}:${PASSWORD} ", True),  # separators between references
        ("AWS4-HMAC-SHA256 ${SIGNATURE}", True),
        ("${PREFIX}${T}", True),
        ("token ${T} ghp_x", False),  # a literal token after the reference
        ("token ${T} ghp_literal", False),
        ("Bearer abc${T}", False),  # a literal prefix glued to the reference
        ("abc${T}", False),  # no space: not a scheme, a prefix
        ("ghp_x ${T}", False),  # an underscore: a GitHub token, no scheme
        ("${T} ghp_x", False),
        ("token ${T} é", False),  # any letter counts
        ("token ghp_literal", False),  # no reference at all
    ],
)
def test_a_secret_mixing_a_reference_and_a_literal_is_left_out(value: str, kept: bool) -> None:
    """A secret header is written only when, its ${VAR} references taken out, what is left
    is at most a scheme word first (letters, digits, '-'; then whitespace) and separators:
    anything else would put a literal credential in the file. One left out is named in
    the same comment line as a literal secret."""
    text = dump_profile({"headers": {"authorization": value}})

    if kept:
        assert tomllib.loads(text) == {"headers": {"authorization": value}}
    else:
        assert text == f"# headers.authorization: {NOTE}\n\n[headers]\n"


def test_a_left_out_header_is_named_as_a_toml_key() -> None:
    """A name that needs quotes is quoted (and escaped) in the note, so the comment stays one
    line and says the key a reader would type."""
    text = dump_profile({"headers": {"api key-token": "abc", "x-\ntoken": "def"}})

    assert text == (
        f'# headers."api key-token": {NOTE}\n# headers."x-\\ntoken": {NOTE}\n\n[headers]\n'
    )
    assert tomllib.loads(text) == {"headers": {}}


def test_a_secret_header_that_is_not_a_string_is_left_out() -> None:
    """Only a string can be a ${VAR} reference: a list holding one is still left out."""
    text = dump_profile({"headers": {"authorization": ["${TOKEN}", "literal"]}})

    assert "literal" not in text
    assert tomllib.loads(text) == {"headers": {}}


def test_literal_secrets_that_are_not_headers_are_left_out_of_a_saved_file(
    tmp_path: Path,
) -> None:
    """As the attack did it (issue 32, item 4): a parameter ``password``, a parameter
    ``access_token``, a body field ``data.user.password`` and ``request.auth`` saved as
    literals: the file holds none of them, says each was left out as a header's is, and
    keeps their ${VAR} references and every key that is no secret."""
    literals = {"password": "hunter2", "access_token": "gho_attack1", "inner": "pw-inner-3"}
    options = {
        "password": "hunter2",
        "access_token": "gho_attack1",
        "data": {"user": {"password": "pw-inner-3", "name": "octocat"}, "title": "t"},
        "request": {"auth": "token ghp_AttackAttackAttackAttackAttack1234", "timeout": 5},
        "per_page": 100,
    }
    references = {
        "client_secret": "${CLIENT_SECRET}",
        "data": {"user": {"passwd": "${PASSWD}"}},
        "request": {"auth": "token ${GITHUB_TOKEN}"},
    }

    for saved in (options, references):
        save_profile(tmp_path / "p.toml", saved)
        text = (tmp_path / "p.toml").read_text(encoding="utf-8")
        for secret in (*literals.values(), "hunter2", "ghp_Attack"):
            assert secret not in text
        read = tomllib.loads(text)
        if saved is options:
            assert read == {
                "data": {"user": {"name": "octocat"}, "title": "t"},
                "request": {"timeout": 5},
                "per_page": 100,
            }
            assert [line for line in text.splitlines() if line.startswith("#")] == [
                f"# password: {NOTE}",
                f"# access_token: {NOTE}",
                f"# data.user.password: {NOTE}",
                f"# request.auth: {NOTE}",
            ]
        else:
            assert read == references  # a ${VAR} reference is kept, at any depth
            assert "#" not in text


def test_left_out_names_every_secret_a_dump_leaves_out() -> None:
    """What the explorer reports after a save: each literal secret, a header by its name
    (first, as before), any other by its dotted key, an item of an array by its index."""
    options = {
        "headers": {"authorization": "token abc", "accept": "*/*"},
        "data": {"hooks": [{"config": {"secret": "s1", "url": "https://h"}}]},
        "token": 7,
        "session": {"id": "${SID}"},  # a table under a secret's name is left out whole
    }

    found = left_out(options)

    assert list(found) == ["authorization", "data.hooks[0].config.secret", "token", "session"]
    assert found["data.hooks[0].config.secret"] == "# data.hooks[0].config.secret: left out"
    assert found["authorization"] == "# headers.authorization: left out"
    text = dump_profile(options)
    assert "s1" not in text
    assert tomllib.loads(text) == {
        "headers": {"accept": "*/*"},
        "data": {"hooks": [{"config": {"url": "https://h"}}]},
    }


# --- what TOML cannot hold ------------------------------------------------------------------


def _loop() -> dict[str, Any]:
    table: dict[str, Any] = {}
    table["self"] = table
    return table


def _list_loop() -> dict[str, Any]:
    items: list[Any] = []
    items.append(items)
    return {"items": items}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"per_page": None},
            "profile: per_page = None has no TOML form (TOML has no null); leave the key out",
        ),
        ({"headers": {"x-trace": None}}, "profile: headers.x-trace = None has no TOML form"),
        ({"labels": ["a", None]}, "profile: labels[1] = None has no TOML form"),
        ({"a": {"b": [{"c": None}]}}, "profile: a.b[0].c = None has no TOML form"),
        (
            {"price": Decimal("1.10")},
            "profile: price = Decimal('1.10') has no TOML form; write it as a string, number,"
            " boolean, date, time, array or table",
        ),
        ({"data": b"x"}, "profile: data = b'x' has no TOML form"),
        ({"when": object()}, "profile: when = <object object at 0x"),
        (
            {1: "a"},
            "profile: the key 1 in the profile is not a string; TOML keys are strings:"
            " write it as '1'",
        ),
        ({"request": {"retry": {None: 1}}}, "profile: the key None in request.retry is not a"),
        ({"headers": {2: "x"}}, "profile: the key 2 in headers is not a string"),
        (
            {"broken": "\ud800"},
            "profile: broken = '\\ud800' holds a lone surrogate, which UTF-8 (and so TOML)"
            " cannot hold; remove it",
        ),
        ({"\udc00": 1}, "profile: the key '\\udc00' in the profile holds a lone surrogate"),
        (
            {"headers": {"\udc00-token": "k"}},
            "profile: the key '\\udc00-token' in headers holds a lone surrogate",
        ),
        (
            {"at": time(9, 30, tzinfo=UTC)},
            "profile: at = 09:30:00+00:00 has an offset, which a TOML time cannot hold;"
            " drop the tzinfo",
        ),
        (
            {"when": datetime(2024, 1, 1, tzinfo=timezone(timedelta(seconds=30)))},
            "profile: when = 2024-01-01 00:00:00+00:00:30 has an offset with seconds, which"
            " TOML cannot hold; round the offset to whole minutes",
        ),
        (
            _loop(),
            "profile: self.self loops back to a table or array that holds it; TOML cannot"
            " write a loop: put a copy there",
        ),
        (_list_loop(), "profile: items[0] loops back to a table or array that holds it"),
    ],
)
def test_a_value_toml_cannot_hold_is_an_endpoint_error(
    options: dict[Any, Any], message: str
) -> None:
    """None, objects, non-string keys, lone surrogates, offset times and loops raise an
    EndpointError naming the key and the fix, never a TypeError or ValueError."""
    with pytest.raises(EndpointError) as caught:
        dump_profile(options)

    assert type(caught.value) is EndpointError
    assert str(caught.value).startswith(message)


def test_an_integer_too_long_for_text_is_an_endpoint_error() -> None:
    """Python will not turn an int over its digit limit into text; that is said, not raised."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(640)
    try:
        with pytest.raises(EndpointError) as caught:
            dump_profile({"n": 10**700})
    finally:
        sys.set_int_max_str_digits(limit)

    assert str(caught.value) == (
        "profile: n is an integer of more than 640 digits, too long to write; write a string"
    )


def _nested(depth: int, inner: Callable[[Any], Any]) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = inner(value)
    return value


@pytest.mark.parametrize(
    ("options", "where"),
    [
        (_nested(5000, lambda v: {"a": v}), "a." * 30),
        (_nested(102, lambda v: {"a": v}), "a." * 30),  # the profile, and 101 tables in it
        ({"x": _nested(101, lambda v: [v])}, "x" + "[0]" * 19 + "[0"),
    ],
    ids=["5000 tables", "101 tables", "101 arrays"],
)
def test_options_nested_too_deep_are_an_endpoint_error(options: Any, where: str) -> None:
    """Tables or arrays over 100 deep raise EndpointError naming where, not RecursionError
    (from past the recursion limit) or a file tomllib could not read back."""
    with pytest.raises(EndpointError) as caught:
        dump_profile(options)

    assert type(caught.value) is EndpointError
    assert str(caught.value) == (
        f"profile: {where}... is nested too deep: more than 100 tables or arrays inside "
        "each other; flatten it"
    )


def test_options_100_deep_are_written_and_read_back() -> None:
    """100 tables, and 100 arrays, inside each other are written, and read back equal."""
    tables = _nested(101, lambda v: {"a": v})  # the profile, and 100 tables in it
    arrays = {"x": _nested(100, lambda v: [v])}

    assert tomllib.loads(dump_profile(tables)) == tables
    assert parse_profile(dump_profile(arrays), environ={}).raw == arrays


@pytest.mark.parametrize("options", [None, [("per_page", 1)], "per_page = 1"])
def test_options_that_are_not_a_mapping_are_an_endpoint_error(options: Any) -> None:
    """dump_profile takes a mapping; anything else is said, not an AttributeError."""
    with pytest.raises(EndpointError) as caught:
        dump_profile(options)

    assert str(caught.value) == (
        f"profile: the options are {options!r}, not a mapping; pass a dict of options, as "
        "endpoint.defaults() takes them"
    )


def test_a_key_that_is_true_is_an_endpoint_error() -> None:
    """{True: 1}: a bool is no TOML key (tomli-w would raise TypeError)."""
    with pytest.raises(EndpointError) as caught:
        dump_profile({True: 1})  # type: ignore[dict-item]

    assert str(caught.value) == (
        "profile: the key True in the profile is not a string; TOML keys are strings: "
        "write it as 'True'"
    )


def test_an_integer_over_the_default_digit_limit_is_an_endpoint_error() -> None:
    """10**5000 at Python's default limit of 4300 digits, as a user meets it."""
    with pytest.raises(EndpointError) as caught:
        dump_profile({"n": 10**5000})

    limit = sys.get_int_max_str_digits()
    assert str(caught.value) == (
        f"profile: n is an integer of more than {limit} digits, too long to write; write a string"
    )


# --- properties -----------------------------------------------------------------------------


def _as_read(value: Any) -> Any:
    """``value`` as tomllib would return it: tuples come back as lists."""
    if isinstance(value, dict):
        return {key: _as_read(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_as_read(item) for item in value]
    return value


def _same(expected: object, actual: object) -> bool:
    """Equal as TOML means it: nan matches nan, and a change of type (1 to true, an offset
    lost) is a difference even where Python's == would not see it."""
    if isinstance(expected, float) and math.isnan(expected):
        return isinstance(actual, float) and math.isnan(actual)
    if type(expected) is not type(actual):
        return False
    if isinstance(expected, dict) and isinstance(actual, dict):
        return expected.keys() == actual.keys() and all(
            _same(item, actual[key]) for key, item in expected.items()
        )
    if isinstance(expected, list) and isinstance(actual, list):
        return len(expected) == len(actual) and all(map(_same, expected, actual))
    if isinstance(expected, datetime | time) and isinstance(actual, datetime | time):
        return expected == actual and expected.utcoffset() == actual.utcoffset()
    return expected == actual


def test_same_tells_apart_what_equality_does_not() -> None:
    """The property's comparison: nan is nan, True is not 1, offsets and shapes count."""
    utc = datetime(2024, 1, 1, 12, tzinfo=UTC)
    plus_one = datetime(2024, 1, 1, 13, tzinfo=timezone(timedelta(hours=1)))

    assert _same({"a": [math.nan]}, {"a": [math.nan]})
    assert not _same(math.nan, 1.0)
    assert not _same(True, 1)
    assert not _same(utc, plus_one)
    assert not _same({"a": 1}, {"b": 1})
    assert not _same([1], [1, 2])
    assert _same(time(9, 30), time(9, 30))


# Texts that hold no credential by their shape (":0@" is a user's password, "0"): a profile
# leaves such a value out under any name, which the tests with secrets check.
_TEXT = st.text(st.characters(codec="utf-8"), max_size=12).filter(
    lambda text: not holds_credential(text)
)
_KEYS = st.text(st.characters(codec="utf-8"), max_size=6).filter(
    lambda key: not is_secret(key) and not holds_credential(key)
)
_OFFSETS = st.integers(-(24 * 60 - 1), 24 * 60 - 1).map(
    lambda minutes: timezone(timedelta(minutes=minutes))
)
_SCALARS = st.one_of(
    _TEXT,
    st.integers(),
    st.floats(),
    st.booleans(),
    st.dates(),
    st.times(),
    st.datetimes(),
    st.datetimes(timezones=_OFFSETS),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_KEYS, inner, max_size=4),
    max_leaves=16,
)
_DOCUMENTS = st.dictionaries(_KEYS.filter(lambda key: key != "headers"), _VALUES, max_size=6)
_PLAIN_HEADERS = st.dictionaries(_KEYS.filter(lambda name: not is_secret(name)), _VALUES)
PROPERTY = settings(max_examples=200, deadline=None)


_HEADER_NAMES = _KEYS | st.sampled_from(
    ["authorization", "Proxy-Authorization", "x-api-key", "cookie", "accept", "api key-token"]
)
_HEADER_VALUES = _SCALARS | st.sampled_from(
    [
        "token ${GITHUB_TOKEN}",
        "${K}",
        "${}",
        "$K",
        "token ${K} ghp_x",
        "Bearer a${K}",
        "b ${K}:${L}",
    ]
)
_REFERENCE = r"\$\{[A-Za-z_][A-Za-z0-9_]*\}"
# What a secret header may hold to be written, said as one pattern: a scheme word first,
# then only references and what is neither letter nor digit (\W, or _).
_WRITTEN = re.compile(rf"\s*(?:[A-Za-z][A-Za-z0-9-]*\s+)?(?:{_REFERENCE}|\W|_)*")


# --- the sample profiles --------------------------------------------------------------------


def test_the_sample_profiles_are_there() -> None:
    """github.com, GHES, uploads and teaching profiles ship in sample_profiles/."""
    assert {path.stem for path in SAMPLE_FILES} >= {"github", "ghes", "uploads", "teaching"}


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda path: path.name)
def test_a_sample_profile_loads_without_warnings(path: Path) -> None:
    """With GITHUB_TOKEN set, a sample profile loads with no warnings."""
    profile = load_profile(path, environ=ENV)

    assert profile.warnings == ()
    assert profile.name == path.stem


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda path: path.name)
def test_a_sample_profile_holds_no_literal_secret(path: Path) -> None:
    """A sample profile writes secrets only as ${VAR} references."""
    text = path.read_text(encoding="utf-8")
    raw = parse_profile(text, environ={}).raw

    assert "ghp_" not in text
    assert re.search(r"token [A-Za-z0-9]{20,}", text) is None
    for name, value in raw.get("headers", {}).items():
        if name.lower() in ("authorization", "proxy-authorization", "x-api-key", "cookie"):
            assert re.fullmatch(r"(\w+ )?\$\{[A-Z_]+\}", value), (name, value)


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda path: path.name)
def test_a_sample_profile_opens_with_how_to_use_it(path: Path) -> None:
    """A sample profile begins with a comment header naming the command that loads it."""
    text = path.read_text(encoding="utf-8")

    assert text.startswith("# ")
    assert f"--profile sample_profiles/{path.name}" in text


def test_an_unset_token_is_a_warning_for_the_github_profile() -> None:
    """Without GITHUB_TOKEN, github.toml loads with one warning and the reference kept."""
    profile = load_profile(SAMPLES / "github.toml", environ={})

    assert profile.warnings == ("github: ${GITHUB_TOKEN} is not set in the environment",)
    assert profile.options["headers"]["authorization"] == "token ${GITHUB_TOKEN}"


def test_the_github_profile_builds_get_user() -> None:
    """github.toml sends GET /user to api.github.com with the token."""
    options = load_profile(SAMPLES / "github.toml", environ=ENV).options

    assert endpoint.defaults(options)("GET /user") == {
        "method": "get",
        "url": "https://api.github.com/user",
        "headers": {
            "accept": ACCEPT,
            "user-agent": UA,
            "authorization": f"token {TOKEN}",
            "x-github-api-version": "2022-11-28",
        },
    }


def test_the_ghes_profile_builds_get_user() -> None:
    """ghes.toml sends GET /user under https://HOST/api/v3 with the token."""
    options = load_profile(SAMPLES / "ghes.toml", environ=ENV).options

    assert endpoint.defaults(options)("GET /user") == {
        "method": "get",
        "url": "https://github.example.com/api/v3/user",
        "headers": {"accept": ACCEPT, "user-agent": UA, "authorization": f"token {TOKEN}"},
    }


def test_the_teaching_profile_builds_get_user() -> None:
    """teaching.toml adds per_page=100 to the query and the full+json format to accept."""
    options = load_profile(SAMPLES / "teaching.toml", environ=ENV).options

    assert endpoint.defaults(options)("GET /user") == {
        "method": "get",
        "url": "https://api.github.com/user?per_page=100",
        "headers": {"accept": "application/vnd.github.v3.full+json", "user-agent": UA},
    }


def test_the_uploads_profile_builds_a_release_asset_upload() -> None:
    """uploads.toml posts the asset's bytes to uploads.github.com as octet-stream."""
    options = load_profile(SAMPLES / "uploads.toml", environ=ENV).options
    zipped = b"PK\x03\x04\x00\xff"

    result = endpoint.defaults(options)(
        UPLOAD_ROUTE, owner="octocat", repo="hello-world", release_id=1, name="hi.zip", data=zipped
    )

    assert result == {
        "method": "post",
        "url": "https://uploads.github.com/repos/octocat/hello-world/releases/1/assets?name=hi.zip",
        "headers": {
            "accept": ACCEPT,
            "user-agent": UA,
            "authorization": f"token {TOKEN}",
            "content-type": "application/octet-stream",
        },
        "body": zipped,
    }


def test_the_teaching_profile_cascades_over_the_github_profile() -> None:
    """teaching.toml over github.toml keeps the token, adds per_page, and the call still wins."""
    github = load_profile(SAMPLES / "github.toml", environ=ENV)
    teaching = load_profile(SAMPLES / "teaching.toml", environ=ENV)
    layers = [(github.name, github.options), (teaching.name, teaching.options)]
    route = "GET /repos/{owner}/{repo}/issues"

    why = explain(route, owner="octocat", repo="hello-world", layers=layers)
    call_wins = explain(route, owner="octocat", repo="hello-world", per_page=2, layers=layers)

    assert why.result == {
        "method": "get",
        "url": "https://api.github.com/repos/octocat/hello-world/issues?per_page=100",
        "headers": {
            "accept": "application/vnd.github.v3.full+json",
            "user-agent": UA,
            "authorization": f"token {TOKEN}",
            "x-github-api-version": "2022-11-28",
        },
    }
    assert why.entry("per_page").layer == "teaching"
    assert why.entry("media_type.format").layer == "teaching"
    assert why.entry("headers.authorization").layer == "github"
    assert why.entry("headers.accept").layer == "built-in defaults"
    assert call_wins.entry("per_page").layer == "call"
    assert call_wins.result is not None
    assert call_wins.result["url"].endswith("/issues?per_page=2")


def test_profile_is_a_frozen_value() -> None:
    """A Profile holds what it was given, in the same order, and cannot be changed after."""
    profile = Profile("p", {"a": "${X}"}, {"a": "${X}"}, ("p: ${X} is not set",), Path("p.toml"))

    assert repr(profile) == "<Profile 'p': 1 options, 1 warnings>"
    assert [field.name for field in dataclasses.fields(Profile)] == [
        "name",
        "raw",
        "options",
        "warnings",
        "path",
        "catalog",
        "read",
    ]
    assert profile.path == Path("p.toml")
    assert profile == Profile(
        "p", {"a": "${X}"}, {"a": "${X}"}, ("p: ${X} is not set",), Path("p.toml")
    )
    assert (Profile("q", {}, {}).warnings, Profile("q", {}, {}).path) == ((), None)
    assert not hasattr(profile, "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        profile.name = "q"  # type: ignore[misc]


def test_a_key_that_is_an_object_is_refused_without_a_guess() -> None:
    """A tuple as a key has no text to suggest: the message says to write it as one."""
    with pytest.raises(EndpointError) as raised:
        dump_profile({("a",): 1})  # type: ignore[dict-item]

    assert str(raised.value) == (
        "profile: the key ('a',) in the profile is not a string; "
        "TOML keys are strings: write it as one"
    )


@pytest.mark.parametrize("kind", ["fifo", "device", "directory"])
def test_only_a_regular_file_is_loaded_or_replaced(tmp_path: Path, kind: str) -> None:
    """The adversary's cases: loading /dev/zero read gigabytes and froze the explorer, a
    FIFO waited for a writer; saving over /dev/full replaced the device with a file."""
    if kind == "fifo":
        path = tmp_path / "pipe.toml"
        os.mkfifo(path)
    elif kind == "device":
        path = Path("/dev/null")
    else:
        path = tmp_path / "folder.toml"
        path.mkdir()
    before = os.stat(path)
    with pytest.raises(EndpointError, match="not a regular file"):
        load_profile(path)  # returns at once: nothing is opened
    with pytest.raises(EndpointError, match="not a regular file"):
        save_profile(path, {"per_page": 2})
    after = os.stat(path)
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)  # as it was


def test_a_profile_over_10_mb_is_refused_unread(tmp_path: Path) -> None:
    from restroute.profiles import MAX_PROFILE_BYTES

    path = tmp_path / "huge.toml"
    path.write_bytes(b"# " + b"x" * MAX_PROFILE_BYTES)
    with pytest.raises(EndpointError, match="over 10 MB"):
        load_profile(path)


def test_a_byte_order_mark_is_dropped(tmp_path: Path) -> None:
    """Some Windows editors begin UTF-8 with one; Python's TOML reader refuses it."""
    path = tmp_path / "bom.toml"
    path.write_bytes("\ufeffper_page = 3\n".encode())
    assert load_profile(path).options == {"per_page": 3}


@pytest.mark.parametrize(
    ("call", "says"),
    [
        (lambda: left_out(1.5), "not a mapping"),  # type: ignore[arg-type]
        (lambda: env_references(None), "a layer is"),  # type: ignore[arg-type]
        (lambda: env_references([("a",)]), "a layer is"),  # type: ignore[list-item]
        (lambda: env_references([("a", 1.5, None)]), "a layer is"),  # type: ignore[list-item]
        (lambda: parse_profile("a = 1", name={"deep": {}}), "name is dict"),  # type: ignore[arg-type]
    ],
)
def test_a_wrong_argument_is_an_endpoint_error(call: Any, says: str) -> None:
    with pytest.raises(EndpointError, match=says):
        call()


def test_references_that_read_more_than_a_profile_may_hold_are_refused() -> None:
    """The fourth attack: 10 MB of ${RR_BIG}, a variable of 1,000 characters, made 5.4 GB
    in `restroute build -p`; 198 kB of them a value of 22 million characters. What the
    references read adds up to MAX_PROFILE_BYTES characters at most; the message names
    the variable and its length, never its value."""
    big = "Qz9" * 333 + "K"
    text = 'q = "' + "${RR_BIG}" * 10_001 + '"\n'
    with pytest.raises(EndpointError, match=r"more than 10,000,000 characters") as refused:
        parse_profile(text, environ={"RR_BIG": big})
    assert "${RR_BIG}" in str(refused.value)
    assert "1,000" in str(refused.value)
    assert "Qz9" not in str(refused.value)
    within = parse_profile('q = "' + "${RR_BIG}" * 9_999 + '"\n', environ={"RR_BIG": big})
    assert len(within.options["q"]) == 9_999_000


def test_a_left_out_key_that_holds_a_value_after_a_secrets_name_is_named_hidden(
    tmp_path: Path,
) -> None:
    """The sixth attack's G4: the note naming a left-out key wrote the value a key typed
    after a secret's name (``x-api-key;...``, ``token ...``) into the file."""
    secret = "Qsecret7391abcXYZ"
    options = {
        f"x-api-key;{secret}": 1,
        f"token {secret}": 2,
        "headers": {f"x-api-key;{secret}": "v"},
    }
    text = dump_profile(options)
    assert secret not in text
    assert '# "x-api-key;<REDACTED>": left out' in text
    assert '# headers."x-api-key;<REDACTED>": left out' in text
    assert secret not in save_profile(tmp_path / "p.toml", options).read_text(encoding="utf-8")
    assert secret not in "".join(left_out(options))
