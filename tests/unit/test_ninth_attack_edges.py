"""The ninth attack's findings fixed this session, each as the attacker did it: J6 (a key of
a lying type), J7 and J8 (a value typed after a secret's name, shown in an error's name),
J9 (a profile of long dotted keys) and J12 (a JSON text body a saved layer writes)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from restroute import EndpointError, endpoint
from restroute.redact import name_shown
from tests.attacks import escapes

S = "Qsecret7391abcXYZ"


@pytest.mark.parametrize("pre", ["[", "(", '"', ";", "\u202e", "\x07", "\u200b", "a;"])
def test_j8_a_name_with_characters_before_a_secrets_name_hides_what_follows(pre: str) -> None:
    name = pre + "password " + S
    assert S not in name_shown(name)
    calls: list[Callable[[], object]] = [
        lambda: endpoint("GET /x", **{name: {}}),
        lambda: endpoint("GET /x", headers={name: "v"}),
    ]
    for call in calls:
        with pytest.raises(EndpointError) as raised:
            call()
        assert S not in str(raised.value)


def test_j8_the_saved_layers_left_out_comment_hides_it() -> None:
    from restroute.profiles import dump_profile

    assert S not in dump_profile({"[password " + S: "v"})


def test_j8_the_value_starts_after_the_name_and_what_parts_it() -> None:
    from restroute.redact.names import unparted_value

    assert unparted_value("[password " + S) == len("[password ")
    assert unparted_value("a;x-api-key;abc") == len("a;x-api-key;")
    assert unparted_value("[page 2") is None
    assert unparted_value("[keyboard x") is None  # (a secret's word, in no secret's name)
    assert unparted_value("(password)") is None
    assert name_shown("[password]") == "[password]"


@pytest.mark.parametrize(
    "typed",
    [
        *(f"password {S}:=[1", f"password {S}:=x", f"password {S}:x", f"x-api-key;{S}:=["),
        *(f"authorization\t{S}:y", f"[password {S}:=x"),
    ],
)
def test_j7_an_items_key_in_an_error_is_shown_as_a_name(
    typed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from restroute.cli import main

    assert main(["build", "--redact", "GET /x", typed]) != 0
    err = capsys.readouterr().err
    assert "restroute: " in err
    assert S not in err


def test_j7_a_file_items_key_in_the_explorers_error_is_shown_as_a_name() -> None:
    from restroute.cli.args import UsageError, _no_files

    with pytest.raises(UsageError) as raised:
        _no_files([(f"password {S}", Path("a.png"))])
    assert S not in str(raised.value)
    assert "password <REDACTED>" in str(raised.value)


class _RaisingEq(str):
    """A key whose comparison raises (a lying type: its hash is str's)."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    __hash__ = str.__hash__


@pytest.mark.parametrize("value", ["v", 5, True, [1, 2], 1.5])
def test_j6_a_key_whose_eq_raises_is_read_as_plain_text(value: object) -> None:
    key = _RaisingEq("x")
    try:
        options = endpoint("GET /x", **{key: value})
    except EndpointError:
        return
    assert options["url"].startswith("https://api.github.com/x?x=")


def test_j6_every_entry_that_takes_keys_reads_such_a_key_as_plain_text() -> None:
    from restroute import body_bytes, explain
    from restroute.profiles import dump_profile

    key = _RaisingEq("x")
    calls: list[Callable[[], object]] = [
        lambda: endpoint("GET /x", {key: "v", 5: "w"}),  # (a key of another type kept)
        lambda: endpoint({"url": "/x", key: "v"}),
        lambda: endpoint("GET /x", headers={key: "v"}),
        lambda: endpoint("POST /x", data={key: "v"}),
        lambda: endpoint.merge("GET /x", **{key: "v"}),
        lambda: endpoint.defaults(**{key: "v"})("GET /y"),
        lambda: endpoint.defaults({key: "v"})("GET /y"),
        lambda: endpoint.parse({"method": "GET", "url": "/x", key: "v"}),
        lambda: endpoint("GET /x", **{key: "v"}).to_curl(),
        lambda: explain("GET /x", {key: "v"}),  # (as a keyword: Python's own binding compares)
        lambda: body_bytes({"method": "POST", "url": "/x", "body": {key: "v"}}),
        lambda: dump_profile({key: "v", "headers": {key: "v"}}),
    ]
    assert escapes(calls) == []
    for _ in range(40):  # past the warm-up: the route's compiled function answers too
        endpoint("GET /warm", **{key: "v"})


@pytest.mark.parametrize(
    "text",
    ['{"authorization":\n"' + S + '"}', '{"password"\n:"' + S + '"}', '{ "token ": "' + S + '"}'],
)
def test_j12_a_saved_layer_leaves_out_a_json_text_that_gives_a_secret_a_value(text: str) -> None:
    from restroute.profiles import dump_profile

    assert S not in endpoint("POST /x", data=text).to_curl(redact=True)
    saved = dump_profile({"data": text})
    assert S not in saved
    assert saved.startswith("# data: left out")


def test_j12_a_json_text_whose_secret_is_a_reference_is_written() -> None:
    import tomllib

    from restroute.profiles import dump_profile

    for text in ('{"password"\n:"${PW}"}', '{"title": "a"}', "https://h/x?q=1"):
        assert tomllib.loads(dump_profile({"data": text})) == {"data": text}


def _dotted(parts: int, value: str = "1") -> str:
    return ".".join(["a"] * (parts - 1)) + f".k = {value}\n"


@pytest.mark.parametrize(
    "text",
    [
        _dotted(998),
        "[" + ".".join(["a"] * 998) + ".k]\nx = 1\n",
        "[[" + ".".join(["a"] * 101) + "]]\nx = 1\n",
        "x = 1\n" + " a . 'b' . \"c\" . " * 40 + "k = 1\n",
        "t = { " + ".".join(["a"] * 101) + " = 1 }\n",
        _dotted(101),
    ],
)
def test_j9_a_profile_key_of_more_dotted_parts_than_the_nesting_limit_is_refused_up_front(
    text: str, tmp_path: Path
) -> None:
    from restroute.profiles import MAX_DEPTH, load_profile, parse_profile

    path = tmp_path / "p.toml"
    path.write_text(text)
    reads: list[Callable[[], object]] = [lambda: load_profile(path), lambda: parse_profile(text)]
    for read in reads:
        with pytest.raises(EndpointError) as raised:
            read()
        said = str(raised.value)
        assert f"more than {MAX_DEPTH} dotted parts" in said
        assert "nested too deep" in said
        assert "flatten it" in said


def test_j9_the_refusal_names_the_keys_line() -> None:
    from restroute.profiles import parse_profile

    with pytest.raises(EndpointError, match=r"\(line 3\)"):
        parse_profile("x = 1\n[t]\n" + _dotted(101))


@pytest.mark.parametrize(
    "text",
    [
        _dotted(100),
        "x = " + '"' + ".".join(["a"] * 200) + '"\n',
        "x = '" + ".".join(["b"] * 200) + "'\n",
        'x = """\n' + ".".join(["c"] * 200) + '\n"""\n',
        "ip = " + '"1.2.3.4"\nurl = "https://' + ".".join(["h"] * 200) + '/x"\n',
        "v = [" + ", ".join(["1.5"] * 200) + "]\n",
    ],
)
def test_j9_dots_in_a_value_or_a_key_within_the_limit_are_no_refusal(text: str) -> None:
    import tomllib

    from restroute.profiles import parse_profile

    assert parse_profile(text).raw == tomllib.loads(text)
