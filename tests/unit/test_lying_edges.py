"""Values whose ``__class__`` lies, at the edges outside the core (profiles, session,
reader, pasted, catalog, formats, display): the same rule as ``test_lying_class``, where
the attacker found ``dump_profile({"token": LieInt(5)})``, ``Session(LieInt(5))``,
``read_request(LieInt(5))`` and ``read_route(LieInt(5))`` raising TypeError. Every call
returns a result or raises EndpointError, never anything else."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from restroute import EndpointError, catalog, display, endpoint, formats, pasted
from restroute.profiles import dump_profile, left_out, load_profile, parse_profile, save_profile
from restroute.reader import looks_like_request, read_request, read_route
from restroute.session import Session
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
    """64 places, 64 liars each (42 where the liar is a key or a name): 4,008 calls."""
    assert len(PLACES) == 64
    assert sum(len(_liars(place)) for place in PLACES) == 4008
