"""The command line and the session with a catalog of another API: what each says when
a value, a route or a catalog does not fit, by hand."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

import pytest

from restroute import EndpointError, catalog, pasted
from restroute.catalog import _cache
from restroute.cli import UsageError, item, main, serve_command
from restroute.reader import read_route
from restroute.session import Session

STYLES = str(Path(__file__).parents[1] / "data" / "openapi" / "styles.yaml")


def run(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    code = main(list(words))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_file_item_needs_its_path() -> None:
    with pytest.raises(UsageError, match=r"'photo@': give the file's path after @"):
        item("photo@")


def test_the_explorer_takes_no_file_item(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "explore", "GET /x", "photo@me.png")
    assert code == 2
    assert err == (
        "restroute: error: photo@me.png: a file is sent by `restroute build --catalog`, "
        "for a route whose body is multipart/form-data\n"
    )


def test_a_file_goes_only_into_a_multipart_body(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    photo = tmp_path / "p.png"
    photo.write_bytes(b"\x89PNG")
    code, _, err = run(capsys, "build", "POST /pets", "name=Rex", f"kind@{photo}",
                       "--catalog", STYLES)  # fmt: skip
    assert code == 2
    assert err == (
        "restroute: error: createPet: field@path sends a file in a multipart form, and "
        "this route's body is application/json\n"
    )
    code, out, err = run(capsys, "build", "PUT /pets/{id}/photo", "id=1", f"photo@{photo}",
                         "--catalog", STYLES, "-f", "curl")  # fmt: skip
    assert (code, err) == (0, "")
    # curl's printf writes the body's bytes: CR LF as octal 015 012, 0x89 as 211
    assert r'filename="p.png"\015\012Content-Type: image/png\015\012\015\012\211PNG' in out


def test_a_route_the_description_lacks_says_how_to_list_its_routes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "build", "GET /nowhere", "--catalog", STYLES)
    assert code == 2
    assert err == (
        f"restroute: error: {STYLES} has no route 'GET /nowhere'; "
        f"restroute routes --catalog {STYLES} lists them\n"
    )


def test_build_says_what_the_description_requires(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "build", "GET /query", "limit=x", "--catalog", STYLES)
    assert code == 0
    assert err.splitlines() == [
        "restroute: warning: getQuery: headers.x-request-id (header) is required",
        "restroute: warning: getQuery: cookie.session (cookie) is required",
        "restroute: warning: getQuery: limit='x' should be integer",
    ]
    assert json.loads(out)["url"] == "https://eu.example.com/v1/query?limit=x"


def test_routes_lists_what_was_skipped_and_why(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "api.json"
    path.write_text(json.dumps({"openapi": "3.0.0", "info": {"title": "T", "version": "2"},
                                "paths": {"/a": {"get": {}}, "/b": []}}))  # fmt: skip
    code, out, _ = run(capsys, "routes", "--catalog", str(path))
    assert code == 0
    assert out.splitlines() == [
        f"T 2 · 1 operations ({path})",
        "  skipped /b: #/paths/~1b is no path item (a mapping)",
        "GET /a  get-a: ",
    ]


def test_serve_runs_the_explorer_on_the_catalog_by_its_absolute_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(Path(STYLES).parent)
    args = argparse.Namespace(
        route="GET /q", items=[], profiles=[], more=[], catalog="styles.yaml"
    )
    assert serve_command(args).endswith(f" --catalog {STYLES}")
    args.catalog = "ghes-3.19"  # a bundled name, as it is
    assert serve_command(args).endswith(" --catalog ghes-3.19")


def test_build_command_takes_the_catalog_as_text() -> None:
    found = read_route("GET /user")
    with pytest.raises(EndpointError, match=r"build_command takes catalog as text, not int"):
        pasted.build_command(found, catalog=3)  # type: ignore[arg-type]
    assert pasted.build_command(found, catalog="ghec") == (
        "restroute build 'GET /user' --catalog ghec"
    )


# --- the session ----------------------------------------------------------------------------


def test_a_session_takes_a_catalog_only_as_load_gives_one() -> None:
    with pytest.raises(EndpointError, match=r"Session: catalog is 'github'; pass a catalog"):
        Session(catalog="github")  # type: ignore[arg-type]
    with pytest.raises(EndpointError, match=r"use_catalog takes a catalog.load"):
        Session().use_catalog(None)  # type: ignore[arg-type]


def test_switching_the_catalog_lays_out_the_routes_form_anew() -> None:
    session = Session("GET /query")
    assert session.form == ()  # GitHub has no such route
    session.use_catalog(catalog.load(STYLES))
    assert list(session.form)[:2] == ["headers.x-request-id", "cookie.session"]
    session.fill([("headers.x-request-id", "r"), ("cookie.session", "s"), ("deep", '{"a": 1}')])
    view = session.view()
    assert view.warnings == ()
    assert view.parsed is not None
    assert view.parsed["url"] == "https://eu.example.com/v1/query?deep%5Ba%5D=1"
    assert [row[2] for row in session.explain().rows() if row[0] == "base_url"] == ["catalog"]


def test_a_paste_is_read_by_the_sessions_catalog() -> None:
    session = Session(catalog=catalog.load(STYLES))
    session.paste("curl -X POST https://eu.example.com/v1/pets/form -d 'name=Rex' -d tags=a")
    assert session.route == "POST /pets/form"
    assert ("tags", '["a"]') in session.rows


# --- the cache's corners ----------------------------------------------------------------------


def test_the_index_of_hashes_is_emptied_when_it_grows_past_a_thousand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RESTROUTE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(_cache, "RACY_NS", -1)  # the file just written is indexed
    (tmp_path / "cache").mkdir()
    many = {f"/f{n}": [0, 0, 0, 0, "x"] for n in range(1001)}
    (tmp_path / "cache" / "stat-index.json").write_text(json.dumps(many))
    one = tmp_path / "one"
    one.write_text("1")
    assert _cache.digest(str(one)) == (
        "6b86b273ff34fce19d6b804eff5a3f5747ada4eaa22f1d49c01e52ddb7875b4b"  # sha256("1")
    )
    index = json.loads((tmp_path / "cache" / "stat-index.json").read_text())
    assert list(index) == [str(one)]


def test_an_entry_that_cannot_be_written_leaves_no_half_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refused(source: str, target: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refused)
    with pytest.raises(OSError, match="No space left"):
        _cache._write(str(tmp_path / "entry.json"), "{}")
    assert list(tmp_path.iterdir()) == []


def test_a_catalog_says_what_it_is() -> None:
    api = catalog.load(STYLES)
    assert repr(api) == f"<Catalog {STYLES!r}: 7 operations>"
    assert repr(catalog.Catalog("later", lambda: ())) == "<Catalog 'later': not read yet>"


def test_build_with_githubs_catalog_named_is_build_as_ever(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "build", "GET /users/{u}", "u=x", "--catalog", "github")
    assert (code, err) == (0, "")
    assert json.loads(out)["url"] == "https://api.github.com/users/x"


def test_check_takes_what_call_made_of_a_json_body(tmp_path: Path) -> None:
    """call() sends a JSON body's fields as data: check reads them as the fields they are
    (the explorer warned of 'data.name' on every POST of another API)."""
    api = catalog.load(STYLES)
    op = api.find("createPet")
    assert op is not None
    assert api.check(*op.call({"name": "Rex"})) == []


def test_a_read_only_field_is_no_row(tmp_path: Path) -> None:
    body = {"content": {"application/json": {"schema": {"type": "object", "properties": {
        "id": {"type": "string", "readOnly": True}, "name": {"type": "string"}}}}}}  # fmt: skip
    path = tmp_path / "api.json"
    path.write_text(json.dumps({"openapi": "3.1.0", "paths": {"/a": {"post": {
        "operationId": "a", "requestBody": body}}}}))  # fmt: skip
    op = catalog.load(path).find("a")
    assert op is not None
    assert [name for name, _ in op.form()] == ["name"]


def test_ghes_asks_for_your_servers_url(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "build", "GET /user", "--catalog", "ghes-3.19")
    assert code == 0
    assert json.loads(out)["url"] == "https://api.github.com/user"  # as warned
    assert err == (
        "restroute: warning: GitHub Enterprise Server 3.19 is your own server's API: give "
        "its URL as base_url (https://HOST/api/v3; sample_profiles/ghes.toml), or the "
        "request goes to api.github.com\n"
    )
    code, _, err = run(capsys, "build", "GET /user", "--catalog", "ghes-3.19",
                       "--base-url", "https://ghe.test/api/v3")  # fmt: skip
    assert (code, err) == (0, "")


def test_the_explorer_opens_on_no_route_for_another_api(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    opened: list[tuple[str, str | None]] = []
    monkeypatch.setattr(
        "restroute.tui.run",
        lambda route, profiles, values, catalog=None: opened.append((route, catalog)),
    )
    profile = tmp_path / "p.toml"
    profile.write_text(f'catalog = "{STYLES}"\n')
    assert main(["explore", "--catalog", STYLES]) == 0
    assert main(["-p", str(profile)]) == 0
    assert main(["explore", "--catalog", "github"]) == 0
    assert opened == [
        ("", STYLES), ("", None), ("GET /repos/{owner}/{repo}/issues", "github"),
    ]  # fmt: skip


def test_routes_says_when_no_route_has_the_words(capsys: pytest.CaptureFixture[str]) -> None:
    """GHES 3.19 has no copilot routes: the ids that hold the letters are listed under a
    line that says so (the newcomer took them for matches)."""
    status, out, err = run(capsys, "routes", "--catalog", "ghes-3.19", "copilot")
    head, said, *listed = out.splitlines()
    assert (status, err) == (0, "")
    assert head == "GitHub Enterprise Server 3.19 · 1,039 operations (ghes-3.19)"
    assert said == "no route has the words 'copilot'; these ids hold their letters in order:"
    assert listed
    assert not any("copilot" in line for line in listed)
    status, out, err = run(capsys, "routes", "--catalog", "ghes-3.19", "list issues")
    assert "no route has" not in out
