"""Values whose ``__class__`` lies, at the edges outside the core (profiles, session,
reader, pasted, catalog, formats, display): the same rule as ``test_lying_class``, where
the attacker found ``dump_profile({"token": LieInt(5)})``, ``Session(LieInt(5))``,
``read_request(LieInt(5))`` and ``read_route(LieInt(5))`` raising TypeError. Every call
returns a result or raises EndpointError, never anything else."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from restroute import (
    EndpointError,
    catalog,
    display,
    endpoint,
    explain,
    formats,
    pasted,
    redact,
    snippets,
)
from restroute.profiles import (
    dump_profile,
    env_references,
    left_out,
    load_profile,
    parse_profile,
    save_profile,
)
from restroute.reader import looks_like_request, read_request, read_route
from restroute.session import Layer, Session, parse_value
from tests.unit.test_lying_class import _liars, escapes

_SAVED = Path("/nonexistent-restroute-folder/p.toml")  # a save that would write is refused


def _session(**kwargs: Any) -> Session:
    return Session("POST /x", **kwargs)


def _rows(rows: Any) -> object:
    session = _session()
    session.rows = rows
    return session.view()


def _route(route: Any) -> object:
    session = _session()
    session.route = route
    return session.view()


def _found() -> Any:
    return read_route("curl https://api.github.com/user")


PLACES: dict[str, Callable[[Any], object]] = {
    "dump_profile value": lambda x: dump_profile({"token": x}),
    "dump_profile options": lambda x: dump_profile(x),
    "dump_profile key": lambda x: dump_profile({x: 1}),
    "dump_profile header": lambda x: dump_profile({"headers": {"x-a": x}}),
    "dump_profile data": lambda x: dump_profile({"data": {"user": {"password": x}}}),
    "left_out options": lambda x: left_out(x),
    "left_out value": lambda x: left_out({"data": {"password": x}}),
    "save_profile path": lambda x: save_profile(x, {"v": 1}),  # in a folder of the test's
    "load_profile path": lambda x: load_profile(x),
    "save_profile options": lambda x: save_profile(_SAVED, x),
    "parse_profile text": lambda x: parse_profile(x),
    "parse_profile name": lambda x: parse_profile("v = 1", name=x),
    "parse_profile environ": lambda x: parse_profile('v = "${T}"', environ=x),
    "Session route": lambda x: Session(x),
    "Session profiles": lambda x: Session("GET /x", x),
    "Session catalog": lambda x: Session("GET /x", catalog=x),
    "Session.route": _route,
    "Session.rows": _rows,
    "Session.rows name": lambda x: _rows([(x, "1")]),
    "Session.rows value": lambda x: _rows([("v", x)]),
    "Session.edit_layer name": lambda x: _session().edit_layer(x, "v = 1"),
    "Session.edit_layer text": lambda x: _session().edit_layer("session", x),
    "Session.layer": lambda x: _session().layer(x),
    "Session.toggle": lambda x: _session().toggle(x),
    "Session.paste": lambda x: _session().paste(x),
    "Session.fill": lambda x: _session().fill(x),
    "Session.fill value": lambda x: _session().fill([("v", x)]),
    "Session.snippet": lambda x: _session().snippet(x),
    "Session.snippet redact": lambda x: _session().snippet("curl", redact=x),
    "Session.view redact": lambda x: _session().view(redact=x),
    "read_request": lambda x: read_request(x),
    "read_route": lambda x: read_route(x),
    "read_route catalog": lambda x: read_route("GET /user", catalog=x),
    "looks_like_request": lambda x: looks_like_request(x),
    "pasted printable": lambda x: pasted.printable(x),
    "pasted redact_text": lambda x: pasted.redact_text(x),
    "pasted as_text": lambda x: pasted.as_text(x),
    "pasted as_text reveal": lambda x: pasted.as_text(_found(), reveal=x),
    "pasted json_text": lambda x: pasted.json_text(x),
    "pasted rows": lambda x: pasted.rows(x),
    "pasted build_command": lambda x: pasted.build_command(x),
    "pasted build_command catalog": lambda x: pasted.build_command(_found(), catalog=x),
    "catalog load": lambda x: catalog.load(x),
    "catalog find": lambda x: catalog.find(x),
    "catalog search": lambda x: catalog.search(x),
    "catalog search limit": lambda x: catalog.search("issues", x),
    "catalog complete": lambda x: catalog.complete(x),
    "catalog check route": lambda x: catalog.check(x, {}),
    "catalog check parameters": lambda x: catalog.check("GET /user", x),
    "catalog check value": lambda x: catalog.check("GET /users/{username}", {"username": x}),
    "catalog match method": lambda x: catalog.match(x, "https://api.github.com/user"),
    "catalog match url": lambda x: catalog.match("GET", x),
    "formats find": lambda x: formats.find(x),
    "formats render": lambda x: formats.find("json").render(x),
    "formats render value": lambda x: [
        f.render({"method": "get", "url": "https://h/", "v": x}) for f in formats.FORMATS
    ],
    "display options_text": lambda x: display.options_text(x),
    "display options_text value": lambda x: display.options_text(endpoint("POST /x") | {"v": x}),
    "display options_html": lambda x: display.options_html(x),
    "display merged_text": lambda x: display.merged_text(x),
    "display merged_html": lambda x: display.merged_html(x),
    "display bundle": lambda x: display.bundle(x),
    "display bundle json": lambda x: display.bundle(x, as_="json"),
    "display summary": lambda x: display.summary(x),
    "display summary type": lambda x: display.summary(b"\x00\xff", x),
    "redact redact_route": lambda x: redact.redact_route(x),
    "redact redact_words": lambda x: redact.redact_words(x),
    "redact secret_values": lambda x: redact.secret_values(x),
    "redact secret_values known": lambda x: redact.secret_values({}, x),
    "redact url_shown": lambda x: redact.url_shown(x, ()),
    "redact url_shown secrets": lambda x: redact.url_shown("x", x),
    "redact pasted_parts": lambda x: redact.pasted_parts(x, {}, {}, str),
    "redact redact_message": lambda x: redact.redact_message(x),
    "redact redact_message secrets": lambda x: redact.redact_message("x", x),
    "redact redact_toml": lambda x: redact.redact_toml(x),
    "redact redact_url": lambda x: redact.redact_url(x),
    "redact redact_options": lambda x: redact.redact_options(x),
    "redact redact_options headers": lambda x: redact.redact_options({"headers": x}),
    "redact redact_fields": lambda x: redact.redact_fields(x),
    "redact redact_fields inside": lambda x: redact.redact_fields({"a": [x]}),
    "redact redact_headers": lambda x: redact.redact_headers(x),
    "env_references": lambda x: env_references(x),
    "Session.layer_default": lambda x: _session().layer_default(x),
    "Session.fill name": lambda x: Session("GET /users/{username}").fill([(x, "1")]),
}


@pytest.mark.parametrize("place", sorted(PLACES))
def test_a_value_whose_class_lies_returns_or_is_an_endpoint_error(
    place: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every liar at ``place`` returns, or raises EndpointError: never TypeError,
    AttributeError or another (a test per place, each liar's escape listed)."""
    monkeypatch.chdir(tmp_path)  # a str claiming int is a file name: "v" is saved here
    escaped = escapes(place, PLACES[place])
    assert not escaped, "\n".join(escaped)


class LieInt(int):
    __class__ = str  # type: ignore[assignment]


class LieStr(str):
    __class__ = int  # type: ignore[assignment]


class LieDict(dict[str, int]):
    __class__ = list  # type: ignore[assignment]


def test_the_attackers_liars_are_judged_by_their_real_type() -> None:
    """As the attacker did it: an int claiming str is a number (no route, no text to
    read, an EndpointError), a str claiming int is text, a dict claiming list a dict;
    ``dump_profile`` leaves the token out whatever it claims."""
    liars: tuple[Any, ...] = (LieInt(5), LieDict(a=1))
    calls: tuple[Callable[[Any], object], ...] = (Session, read_request, read_route)
    for liar in liars:
        for call in calls:
            with pytest.raises(EndpointError):
                call(liar)
    assert Session(LieStr("GET /user")).route == "GET /user"
    assert read_request(LieStr("GET /user")).url == "/user"
    assert read_route(LieStr("GET /user")).route == "GET /user"
    for liar in (*liars, LieStr("t0k3n")):
        saved = dump_profile({"token": liar})
        assert saved.startswith("# token: left out")
        assert "5" not in saved
        assert "t0k3n" not in saved
    assert dump_profile({"per_page": LieInt(5), "q": LieStr("v"), "d": LieDict(a=1)}) == (
        'per_page = 5\nq = "v"\n\n[d]\na = 1\n'
    )


def test_the_matrix_counts() -> None:
    """83 places (19 of them F9's: the redact package's public functions, env_references,
    layer_default, a row's name to fill), 64 liars each (42 where the liar is a key or a
    name): 5,202 calls."""
    assert len(PLACES) == 83
    assert sum(len(_liars(place)) for place in PLACES) == 5202


# --- hostile keyword arguments: the attacker's fuzz_kwargs.py and h8.py ------------------


class BadStr(str):
    """A str whose repr and str raise."""

    def __repr__(self) -> str:
        raise RuntimeError("boom")

    def __str__(self) -> str:
        raise RuntimeError("boom")


class BadEq(str):
    """A str whose comparison and hash raise."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    def __hash__(self) -> int:
        raise RuntimeError("hash")


class BadBool:
    """An object whose truth and index raise."""

    def __bool__(self) -> bool:
        raise RuntimeError("bool")

    def __index__(self) -> int:
        raise RuntimeError("index")


class BadItems(dict[str, int]):
    """A dict whose reading raises."""

    def items(self) -> Any:
        raise RuntimeError("items")

    def keys(self) -> Any:
        raise RuntimeError("keys")

    def __iter__(self) -> Any:
        raise RuntimeError("iter")


class BadRepr:
    """An object whose repr is no text."""

    def __repr__(self) -> Any:
        return 5


def _deep(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


@functools.cache
def _hostile() -> list[tuple[str, Any]]:
    """The attacker's values (fuzz_kwargs.py), and a repr that is no text (made once: no
    place may change what it is given)."""
    return [
        ("BadStr", BadStr("x")),
        ("BadEq", BadEq("x")),
        ("BadBool", BadBool()),
        ("int claiming str", LieInt(3)),
        ("10**5000", 10**5000),
        ("-1", -1),
        ("nan", float("nan")),
        ("a list 5,000 deep", _deep(5000)),
        ("None", None),
        ("'x'", "x"),
        ("object()", object()),
        ("b'curl'", b"curl"),
        ("BadRepr", BadRepr()),
        ("BadItems", BadItems(a=1)),
    ]


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except Exception:
        return False
    return True


@functools.cache
def _explorer() -> Any:
    """One notebook explorer for the matrix's calls (building one takes 40 ms)."""
    from restroute.jupyter import explore

    return explore("GET /user")


_OPTIONS = endpoint("POST /x", data={"a": 1})
KWARGS: dict[str, Callable[[Any], object]] = {
    "to_python client": lambda x: snippets.to_python(_OPTIONS, client=x),
    "to_python redact": lambda x: snippets.to_python(_OPTIONS, redact=x),
    "to_curl redact": lambda x: snippets.to_curl(_OPTIONS, redact=x),
    "to_json indent": lambda x: snippets.to_json(_OPTIONS, indent=x),
    "to_json redact": lambda x: snippets.to_json(_OPTIONS, redact=x),
    "RequestOptions.to_python client": lambda x: _OPTIONS.to_python(client=x),
    "Explanation.table redact": lambda x: explain("GET /user").table(redact=x),
    "Explanation.rows redact": lambda x: explain("GET /user").rows(redact=x),
    "Explanation.cascade redact": lambda x: explain("GET /user").cascade(redact=x),
    "merged_text redact": lambda x: display.merged_text({"v": 1}, redact=x),
    "merged_html redact": lambda x: display.merged_html({"v": 1}, redact=x),
    "options_text redact": lambda x: display.options_text(_OPTIONS, redact=x),
    "options_html snippets": lambda x: display.options_html(_OPTIONS, snippets=x),
    "Session.view secrets": lambda x: _session().view(secrets=x),
    "Session.snippet secrets": lambda x: _session().snippet("curl", secrets=x),
    "Session.delete_row": lambda x: _session().delete_row(x),
    "Session.save_layer path": lambda x: _session().save_layer("session", x),
    "Session.open_profile": lambda x: _session().open_profile(x),
    "Session.attach": lambda x: _session().attach(x),
    "explore profile": lambda x: __import__("restroute.jupyter").jupyter.explore(
        "GET /user", profile=x
    ),
    "explorer.set_value name": lambda x: _explorer().set_value(x, "x"),
    "explorer.set_value value": lambda x: _explorer().set_value("per_page", x),
}
HOSTILE_PLACES = {**PLACES, **KWARGS}


@pytest.mark.parametrize("place", sorted(HOSTILE_PLACES))
def test_a_hostile_argument_returns_or_is_an_endpoint_error(
    place: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every hostile value at ``place`` (a huge int, a list nested 5,000 deep, a str whose
    methods raise, an object whose truth raises) returns, or raises EndpointError: never
    the caller's RuntimeError, a ValueError, an OverflowError or a RecursionError."""
    monkeypatch.chdir(tmp_path)
    escaped = []
    for name, value in _hostile():
        if place.endswith(" key") and not _hashable(value):
            continue  # no dict can hold it as a key: the test's own TypeError
        try:
            HOSTILE_PLACES[place](value)
        except EndpointError:
            pass
        except Exception as error:  # what the test is for: listed, then failed
            escaped.append(f"{name}: {type(error).__name__}: {str(error)[:100]}")
    assert not escaped, "\n".join(escaped)


def test_the_hostile_matrix_counts() -> None:
    """105 places (the liars' 83 and 22 keyword arguments, the attacker's 19 among them),
    14 values each (11 where the value is a key): 1,467 calls."""
    assert len(HOSTILE_PLACES) == 105
    calls = [
        value
        for place in HOSTILE_PLACES
        for _, value in _hostile()
        if not place.endswith(" key") or _hashable(value)
    ]
    assert len(calls) == 1467


def _refused(call: Callable[..., object], *args: Any, **kwargs: Any) -> str:
    """What ``call(*args, **kwargs)`` says as it refuses them."""
    with pytest.raises(EndpointError) as caught:
        call(*args, **kwargs)
    return str(caught.value)


def test_to_python_takes_a_known_client_by_name() -> None:
    """E1, as the attacker did it: ``client=10**5000``, a list 5,000 deep, a str whose
    methods raise, a repr that is no text: each an EndpointError naming both clients."""
    options = endpoint("GET /x")
    clients: tuple[Any, ...] = (10**5000, _deep(5000), BadStr("x"), BadEq("x"), BadRepr())
    for client in (*clients, "curl", True):
        for message in (
            _refused(snippets.to_python, options, client=client),
            _refused(options.to_python, client=client),
        ):
            assert "is not one of requests, httpx" in message
            assert "pass client='requests' or client='httpx'" in message
    assert "import httpx" in snippets.to_python(options, client=LieStr("httpx"))
    assert "import requests" in options.to_python(client="requests")


def test_to_json_indents_by_none_or_0_to_16_spaces() -> None:
    """E2: ``indent=10**5000`` raised OverflowError; a negative, a bool, a float, a text
    or more than 16 spaces is refused by the same rule, said in the message."""
    options = endpoint("GET /x")
    indents: tuple[Any, ...] = (10**5000, -1, 17, True, 1.5, "\t", BadBool())
    for indent in indents:
        message = _refused(snippets.to_json, options, indent=indent)
        assert "pass None (one line) or a number of spaces from 0 to 16" in message
    assert snippets.to_json(options, indent=None).count("\n") == 0
    sixteen = snippets.to_json(options, indent=16)
    assert '\n                "method"' in sixteen
    assert "\n" + " " * 32 + '"accept"' in sixteen
    assert snippets.to_json(options, indent=LieInt(0)).startswith('{\n"method"')


def test_session_rows_and_layers_are_named_by_plain_values() -> None:
    """E3 and E4: ``delete_row("x")``, ``delete_row(None)``, ``delete_row(10**5000)``;
    ``layer`` and ``toggle`` given a huge int, a deep list or a str whose methods raise."""
    session = Session("GET /users/{username}")
    indexes: tuple[Any, ...] = ("x", None, 10**5000, True, 1.0, 1)
    for index in indexes:
        message = _refused(session.delete_row, index)
        assert "there are 1 rows: pass a row's number (an int, counted from 0)" in message
    session.delete_row(LieInt(0))
    assert session.rows == [("username", "")]
    names: tuple[Any, ...] = (10**5000, _deep(5000), None)
    for name in names:
        for call in (session.layer, session.toggle):
            assert "Session: a layer's name is a" in _refused(call, name)
            assert "not text; pass a str" in _refused(call, name)
    for name in ("x", BadStr("x"), BadEq("x")):  # read as the text it is, its methods not run
        for call in (session.layer, session.toggle):
            assert _refused(call, name) == "no layer named 'x'; layers: built-in defaults, session"
    assert not session.toggle(LieStr("session")).enabled


def test_set_value_takes_a_row_name_and_text() -> None:
    """E5: ``set_value("per_page", 10**5000)``, a deep list, ``set_value(BadStr("x"), …)``."""
    explorer = _explorer.__wrapped__()  # a new one: what the matrix did to its own is not here
    values: tuple[Any, ...] = (10**5000, _deep(5000), 5)
    for value in values:
        message = _refused(explorer.set_value, "per_page", value)
        assert "set_value types text, as a user would: write " in message
        assert ", a str, not a " in message
    for name in values[:2]:
        assert "set_value: the row's name is a" in _refused(explorer.set_value, name, "5")
    assert "no row named 'x'" in _refused(explorer.set_value, BadStr("x"), "5")
    explorer = __import__("restroute.jupyter").jupyter.explore("GET /users/{username}")
    explorer.set_value(LieStr("username"), BadStr("octocat"))
    assert explorer.session.rows == [("username", "octocat")]


def test_a_switch_is_true_or_false() -> None:
    """E6: a ``redact=`` whose truth raises was the caller's RuntimeError; API.md gives
    these switches as ``redact=False``/``True``, so nothing else is taken, 1 neither."""
    options, why = endpoint("GET /x"), explain("GET /x")
    calls: dict[str, Callable[[Any], object]] = {
        "to_curl: redact=": lambda x: snippets.to_curl(options, redact=x),
        "to_python: redact=": lambda x: snippets.to_python(options, redact=x),
        "to_json: redact=": lambda x: snippets.to_json(options, redact=x),
        "Explanation.rows: redact=": lambda x: why.table(redact=x),
        "Explanation.cascade: redact=": lambda x: why.cascade(redact=x),
        "options_text: redact=": lambda x: display.options_text(options, redact=x),
        "options_html: redact=": lambda x: display.options_html(options, redact=x),
        "options_html: snippets=": lambda x: display.options_html(options, snippets=x),
        "merged_text: redact=": lambda x: display.merged_text({}, redact=x),
        "merged_html: redact=": lambda x: display.merged_html({}, redact=x),
        "Session: redact=": lambda x: _session().view(redact=x),
    }
    for said, call in calls.items():
        switches: tuple[Any, ...] = (BadBool(), 1, None, "yes")
        for value in switches:
            if said.startswith("Session") and value is None:
                continue  # view(redact=None): secrets= decides
            message = _refused(call, value)
            assert message.startswith(f"{said} is True or False, not a ")
            assert message.endswith("; pass a bool")
        call(True)
        call(False)


def test_a_callers_str_or_object_never_runs_its_own_methods() -> None:
    """E6: ``secrets=BadEq``, ``attach(I(3))`` with ``I(int)`` claiming str, and a str
    whose methods raise as a path or a profile: EndpointErrors, or read as plain text."""
    session = _session()
    said = "secrets is 'x', not one of redact, reveal, env"
    assert said in _refused(session.view, secrets=BadEq("x"))
    assert said in _refused(session.snippet, "curl", secrets=BadEq("x"))
    reveal: Any = BadEq("reveal")
    assert session.view(secrets=reveal).secrets == "reveal"
    assert "attach: the path is 3, not text" in _refused(session.attach, LieInt(3))
    missing: Any = BadStr("/nonexistent-restroute-folder/p.toml")
    explore = __import__("restroute.jupyter").jupyter.explore
    for call, args in (
        (session.attach, (missing,)),
        (session.open_profile, (missing,)),
        (session.save_layer, ("session", missing)),
        (explore, ("GET /user", missing)),
    ):
        assert "/nonexistent-restroute-folder/p.toml" in _refused(call, *args)


class _NoClass(list[str]):
    """A list whose ``__class__`` raises as it is read."""

    @property  # type: ignore[misc]
    def __class__(self) -> Any:
        raise RuntimeError("class")


class _LieInt(int):
    __class__ = str  # type: ignore[assignment]


def test_f9_the_attackers_calls_are_endpoint_errors() -> None:
    """F9, as the attacker did it (rep_escape.py): each was an AttributeError, a TypeError
    or a RecursionError; each is now an EndpointError naming the argument."""
    calls: dict[str, Callable[[], object]] = {
        "redact_route: route is a NoneType": lambda: redact.redact_route(None),  # type: ignore[arg-type]
        "redact_route: route is a bytes": lambda: redact.redact_route(b"x"),  # type: ignore[arg-type]
        "redact_words: text is a int": lambda: redact.redact_words(-1),  # type: ignore[arg-type]
        "secret_values: merged is a int": lambda: redact.secret_values(0),  # type: ignore[arg-type]
        "url_shown: secrets is a NoneType": lambda: redact.url_shown("x", None),  # type: ignore[arg-type]
        "pasted_parts: parts is a NoneType": lambda: redact.pasted_parts(
            None,  # type: ignore[arg-type]
            "x",  # type: ignore[arg-type]
            "x",  # type: ignore[arg-type]
            "x",  # type: ignore[arg-type]
        ),
        "redact_message: the message (a list)": lambda: redact.redact_message(
            _deep(5000)  # type: ignore[arg-type]
        ),
        "redact_toml: text is _LieInt": lambda: redact.redact_toml(_LieInt(5)),  # type: ignore[arg-type]
        "redact_options: options (a BadItems) could not be read": lambda: redact.redact_options(
            BadItems(a=1)
        ),
        "redact_headers: headers (a BadItems)": lambda: redact.redact_headers(BadItems(a=1)),
        "redact_fields: a mapping in the value (a BadItems)": lambda: redact.redact_fields(
            BadItems(a=1)
        ),
        "layer_default: the name is 5": lambda: Session("GET /user").layer_default(
            _LieInt(5)  # type: ignore[arg-type]
        ),
        "env_references: a layer is 5": lambda: env_references(_LieInt(5)),  # type: ignore[arg-type]
    }
    for said, call in calls.items():
        assert said in _refused(call)
    assert "pasted_parts: hide is a str" in _refused(
        redact.pasted_parts,
        [],
        {},
        {},
        "x",
    )
    assert "url_shown: secrets is a _NoClass" in _refused(redact.url_shown, "x", _NoClass())
    session = Session("GET /users/{username}")
    session.fill([(BadEq("username"), "octocat")])  # read as its text, its __eq__ not run
    assert session.rows == [("username", "octocat")]
    assert redact.redact_url(_LieInt(5)) == 5  # no text: kept as it is


def _untyped(value: object) -> Any:
    """``value`` passed as a caller without types would pass it."""
    return value


class _LyingInt(int):
    __class__ = str  # type: ignore[assignment]


class _RaisingMapping(Mapping[str, Any]):
    """A mapping that names a key it then cannot give."""

    def __getitem__(self, key: str) -> Any:
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(["password"])

    def __len__(self) -> int:
        return 1


@pytest.mark.parametrize(
    "call",
    [
        lambda: parse_value(_untyped(_LyingInt(5))),
        lambda: Layer("x", _untyped(_RaisingMapping())),
        lambda: display.rows_html(_untyped(None)),
        lambda: display.cascade_text(_untyped(b"x")),
        lambda: display.cascade_html(_untyped(1)),
        lambda: display.cut_lines(_untyped(None)),
        lambda: display.options_text(_untyped(None)),
    ],
    ids=[
        "parse_value",
        "Layer",
        "rows_html",
        "cascade_text",
        "cascade_html",
        "cut_lines",
        "options_text",
    ],
)
def test_the_sixth_attacks_escapes_are_endpoint_errors(call: Callable[[], object]) -> None:
    """The sixth attack's G8: an int whose __class__ says str reached str methods in
    parse_value; a mapping whose items raise left Layer as KeyError; the display
    functions raised TypeError and AttributeError on what they do not take."""
    with pytest.raises(EndpointError):
        call()
