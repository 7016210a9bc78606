"""A request read back by a description's catalog: its operation, and values under their
form names, which build the same request again (the round trip law of every catalog).

The values read back are checked by hand against the request each case sends.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st

from restroute import EndpointError, catalog, endpoint
from restroute._core.wire import body_bytes
from restroute.catalog import Catalog, Match, Operation
from restroute.cli import main
from restroute.reader import read_route

STYLES = Path(__file__).parents[1] / "data" / "openapi" / "styles.yaml"


@pytest.fixture(scope="module")
def styles() -> Catalog:
    return catalog.load(STYLES)


def request(op: Operation, values: dict[str, Any]) -> dict[str, Any]:
    route, parameters = op.call(values)
    built: dict[str, Any] = endpoint.defaults(op.defaults)(route, parameters)
    return built


def read_back(api: Catalog, sent: dict[str, Any]) -> Match:
    return api.match(sent["method"].upper(), sent["url"], sent["headers"], body_bytes(sent))


def again(found: Match) -> dict[str, Any]:
    """The request the values read back build: the law says it is the one sent."""
    assert found.operation is not None
    return request(found.operation, found.values())


CASES: dict[str, dict[str, Any]] = {
    "getColors": {"simple": ["blue", "black"], "label": {"R": "100", "G": "200"},
                  "matrix": ["a", "b"]},
    "getQuery": {"exploded": ["blue", "black"], "joined": ["a", "b"], "spaced": ["x", "y"],
                 "piped": ["p", "q"], "deep": {"R": "1", "G": {"x": "2"}},
                 "filter[state]": "open", "json": {"a": 1}, "limit": 5,
                 "headers.x-request-id": "abc", "headers.x-color": {"R": "100"},
                 "cookie.session": "s1", "cookie.ids": [3, 4]},
    "createPet": {"name": "Rex", "kind": "cat", "server.region": "us"},
    "createPetForm": {"name": "Rex Dog", "tags": ["a", "b"], "metadata": {"k": "v w"}},
    "uploadPhoto": {"id": 7, "caption": "hi", "photo": b"\x89PNG\r\n\x00", "details": {"a": 1}},
    "putRaw": {"id": 7, "data": b"\x00\x01"},
}  # fmt: skip


@pytest.mark.parametrize("op_id", CASES)
def test_every_style_reads_back_to_the_values_it_was_built_with(
    styles: Catalog, op_id: str
) -> None:
    op = styles.find(op_id)
    assert op is not None
    sent = request(op, CASES[op_id])
    found = read_back(styles, sent)
    assert found.operation is op
    assert found.route == op.route
    assert found.params == CASES[op_id] if op_id != "putRaw" else {"id": 7}
    assert again(found) == sent


def test_the_query_header_and_cookie_values_come_back_by_form_name(styles: Catalog) -> None:
    url = (
        "https://eu.example.com/v1/query?spaced=a%20b&deep%5Bk%5D=v&exploded=1&exploded=2"
        "&filter%5Bstate%5D=closed&other=x"
    )
    headers = {"x-request-id": "r1", "cookie": "session=s; ids=3,4; theme=dark", "x-more": "m"}
    found = styles.match("GET", url, headers)
    assert found.params == {
        "spaced": ["a", "b"], "deep": {"k": "v"}, "exploded": ["1", "2"],
        "filter[state]": "closed", "other": "x", "headers.x-request-id": "r1",
        "cookie.session": "s", "cookie.ids": [3, 4],
    }  # fmt: skip
    assert found.headers == {"cookie": "theme=dark", "x-more": "m"}  # no parameters of it
    assert found.warnings == ("getQuery describes no query parameter other; it is kept",)


def test_a_server_variable_comes_back_as_its_row(styles: Catalog) -> None:
    found = styles.match("POST", "https://us.example.com/v1/pets", {}, '{"name": "Rex"}')
    assert found.params == {"server.region": "us", "name": "Rex"}
    assert found.base_url == ""  # the description's own server: no base_url to give


def test_another_host_is_read_as_the_routes_and_said(styles: Catalog) -> None:
    found = styles.match("PUT", "https://mirror.test/pets/5/raw", {}, b"\x00")
    assert found.operation is not None
    assert found.operation.id == "putRaw"
    assert (found.base_url, found.params, found.data) == (
        "https://mirror.test",
        {"id": 5},
        b"\x00",
    )
    assert found.warnings == (
        "mirror.test is not a server of Styles; the path is read as its routes",
    )


def test_a_path_the_description_lacks_is_kept_and_said(styles: Catalog) -> None:
    found = styles.match("DELETE", "https://eu.example.com/v1/pets")
    assert (found.operation, found.route) == (None, "DELETE /pets")
    assert found.warnings == ("Styles describes no DELETE route for this path; it has POST",)


def test_a_path_value_that_does_not_fit_its_style_is_no_match(styles: Catalog) -> None:
    found = styles.match("GET", "https://eu.example.com/v1/colors/a/no-dot/;matrix=x")
    assert found.operation is None
    assert found.warnings == ("Styles describes no GET route for this path",)


def test_a_pasted_curl_is_read_by_the_catalog_given(styles: Catalog) -> None:
    text = (
        "curl -X POST https://eu.example.com/v1/pets/form -H 'Cookie: a=b' "
        "--data-urlencode 'name=Rex Dog' -d tags=a -d tags=b -d 'metadata[k]=v'"
    )
    found = read_route(text, catalog=styles)
    assert found.route == "POST /pets/form"
    assert found.params == {"name": "Rex Dog", "tags": ["a", "b"], "metadata": {"k": "v"}}
    assert found.headers == {"cookie": "a=b"}


def test_read_route_refuses_a_catalog_that_is_none() -> None:
    with pytest.raises(EndpointError, match=r"read_route takes catalog= as a catalog.load"):
        read_route("GET /user", catalog="github")  # type: ignore[arg-type]


def test_import_reads_by_the_catalog_and_writes_a_build_that_names_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = "curl https://eu.example.com/v1/query?limit=3 -H 'X-Request-Id: a' -b 'session=k3y'"
    assert main(["import", "--catalog", str(STYLES), text]) == 0
    out = capsys.readouterr().out
    assert out.startswith("GET /query{?exploded*,joined,filter%5Bstate%5D*,json,limit*}\n")
    assert "getQuery: Query styles\n" in out
    assert "base URL" not in out
    assert "k3y" not in out  # a cookie is a secret
    assert out.endswith(
        "  restroute build 'GET /query{?exploded*,joined,filter%5Bstate%5D*,json,limit*}' "
        "limit:=3 headers.x-request-id=a "
        "'cookie.session=<REDACTED>' --catalog " + str(STYLES) + "\n"
        "  (secrets are shown as <REDACTED>: --reveal writes them)\n"
    )


# --- the law, on generated values -------------------------------------------------------------

TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=12)
WORD = st.text(st.characters(codec="ascii", categories=("L", "N")), min_size=1, max_size=8)


# --- every style, type and explode, read back ----------------------------------------------

KINDS: dict[str, tuple[dict[str, Any], object]] = {
    "string": ({"type": "string"}, "a b/ç"),
    "integer": ({"type": "integer"}, 42),
    "array": ({"type": "array", "items": {"type": "string"}}, ["x y", "z"]),
    # No blank in an object's values: spaceDelimited writes R%20100%20G%202%200 for
    # {"R": "100", "G": "2 0"}, which no reader can tell from five items (OpenAPI's own).
    "object": ({"type": "object"}, {"R": "100", "G": "2/0"}),
}
PATH_STYLES = ("simple", "label", "matrix")
QUERY_STYLES = ("form", "spaceDelimited", "pipeDelimited", "deepObject")


def every_style(folder: Path) -> Catalog:
    """A description with an operation for each style, type and explode."""
    paths: dict[str, Any] = {}
    for kind, (schema, _) in KINDS.items():
        for explode in (False, True):
            for style in PATH_STYLES:
                param = {"name": "v", "in": "path", "required": True, "style": style,
                         "explode": explode, "schema": schema}  # fmt: skip
                paths[f"/path/{style}/{kind}/{explode}/{{v}}"] = {
                    "get": {"operationId": f"path-{style}-{kind}-{explode}", "parameters": [param]}
                }
            for style in QUERY_STYLES:
                if style == "deepObject" and kind != "object":
                    continue
                param = {"name": "v", "in": "query", "style": style, "explode": explode,
                         "schema": schema}  # fmt: skip
                paths[f"/query/{style}/{kind}/{explode}"] = {
                    "get": {
                        "operationId": f"query-{style}-{kind}-{explode}",
                        "parameters": [param],
                    }
                }
            for where in ("header", "cookie"):
                param = {"name": "v", "in": where, "explode": explode, "schema": schema}
                paths[f"/{where}/{kind}/{explode}"] = {
                    "get": {"operationId": f"{where}-{kind}-{explode}", "parameters": [param]}
                }
    described = {"openapi": "3.1.0", "info": {"title": "Every style", "version": "1"},
                 "servers": [{"url": "https://api.test"}], "paths": paths}  # fmt: skip
    path = folder / "every-style.json"
    path.write_text(json.dumps(described))
    return catalog.load(path)


def test_every_style_type_and_explode_reads_back_to_the_same_request(tmp_path: Path) -> None:
    api = every_style(tmp_path)
    checked = 0
    for op in api.operations:
        kind = op.id.split("-")[-2]
        param = op.parameters[0]
        name = op.argument_name(param)
        if param.style in ("spaceDelimited", "pipeDelimited") and kind == "string":
            continue  # a delimited style is for lists and objects
        value = KINDS[kind][1]
        if param.location == "header" and kind == "string":
            value = "a b/c"  # a header is printable ASCII (endpoint() refuses the rest)
        sent = request(op, {name: value})
        found = read_back(api, sent)
        assert found.operation is op, (op.id, sent["url"], found.warnings)
        assert again(found) == sent, (op.id, sent["url"], found.params)
        checked += 1
    assert checked == 62  # 66 operations, less the 4 delimited ones of a string


def test_a_path_value_in_another_style_fits_no_route(tmp_path: Path) -> None:
    api = every_style(tmp_path)
    assert api.match("GET", "https://api.test/path/label/string/False/no-dot").operation is None
    assert api.match("GET", "https://api.test/path/matrix/string/False/;w=1").operation is None
    assert api.match("GET", "https://api.test/path/simple/integer/False/x").operation is None


# --- the reader's corners ----------------------------------------------------------------------


def corners(folder: Path) -> Catalog:
    """Twin GETs, a form body with an object spread into fields, a JSON body, a server
    whose variable is named twice."""
    get = {"get": {"operationId": "first", "parameters": [{"name": "q", "in": "query"}]}}
    twin = {"get": {"operationId": "second"}}
    form = {"post": {"operationId": "form", "requestBody": {"content": {
        "application/x-www-form-urlencoded": {"schema": {"type": "object", "properties": {
            "name": {"type": "string"}, "extra": {"type": "object"}}}}}}}}  # fmt: skip
    parts = {"post": {"operationId": "parts", "requestBody": {"content": {
        "multipart/form-data": {"schema": {"type": "object", "properties": {
            "a": {"type": "string"}}}}}}}}  # fmt: skip
    pets = {"post": {"operationId": "pets", "requestBody": {"content": {
        "application/json": {"schema": {"type": "object", "properties": {
            "n": {"type": "integer"}}}}}}}}  # fmt: skip
    described = {
        "openapi": "3.1.0", "info": {"title": "Corners"},
        "servers": [{"url": "https://{x}.test/{x}", "variables": {"x": {"default": "a"}}}],
        "paths": {"/t": get, "/t#twin": twin, "/form": form, "/parts": parts, "/pets": pets},
    }  # fmt: skip
    path = folder / "corners.json"
    path.write_text(json.dumps(described))
    return catalog.load(path)


def test_a_request_no_twin_builds_again_is_read_as_the_first(tmp_path: Path) -> None:
    """A GET with a body: neither twin sends one, so neither builds it again."""
    api = corners(tmp_path)
    found = api.match("GET", "https://a.test/a/t?q=1", {}, "body")
    assert found.operation is not None
    assert found.operation.id == "first"
    assert found.warnings[-1] == (
        "the request fits first and, as well, second: first is read (it builds the same "
        "request again)"
    )


def test_a_path_alone_is_read_on_the_descriptions_server(tmp_path: Path) -> None:
    api = corners(tmp_path)
    found = api.match("GET", "/t?q=1")
    assert (found.base_url, found.params) == ("", {"q": "1"})
    assert api.match("GET", "https://b.test/b/t").params == {"server.x": "b"}


def test_an_unknown_path_keeps_its_query(tmp_path: Path) -> None:
    found = corners(tmp_path).match("GET", "https://a.test/a/nowhere?z=1")
    assert (found.operation, found.params) == (None, {"z": "1"})


def test_a_query_past_the_limit_is_refused(tmp_path: Path) -> None:
    with pytest.raises(EndpointError, match=r"the URL's query has 2,001 pairs"):
        corners(tmp_path).match("GET", "/t?" + "&".join(["q=1"] * 2001))


def test_a_form_field_the_description_lacks_goes_into_its_spread_object(
    tmp_path: Path,
) -> None:
    found = corners(tmp_path).match(
        "POST", "/form", {"content-type": "application/x-www-form-urlencoded"}, "name=a&k=v"
    )
    assert found.params == {"name": "a", "extra": {"k": "v"}}


def test_a_json_body_that_is_no_object_is_data(tmp_path: Path) -> None:
    found = corners(tmp_path).match(
        "POST", "/pets", {"content-type": "application/json"}, "[1, 2]"
    )
    assert (found.params, found.data) == ({}, "[1, 2]")


def test_a_multipart_part_with_no_name_is_left_out(tmp_path: Path) -> None:
    body = (
        b"--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n"
        b'--b\r\nContent-Disposition: form-data; name="a"\r\n\r\ny\r\n--b--\r\n'
    )
    found = corners(tmp_path).match(
        "POST", "/parts", {"content-type": "multipart/form-data; boundary=b"}, body
    )
    assert found.params == {"a": "y"}


def test_a_deep_object_with_lists_reads_back(styles: Catalog) -> None:
    op = styles.find("getQuery")
    assert op is not None
    values = {"deep": {"c": ["1", "2"], "d": [{"e": "3"}]}, "headers.x-request-id": "r",
              "cookie.session": "s"}  # fmt: skip
    sent = request(op, values)
    found = read_back(styles, sent)
    assert found.params["deep"] == {"c": ["1", "2"], "d": [{"e": "3"}]}
    assert again(found) == sent


def test_a_matrix_value_without_its_semicolon_fits_no_route(tmp_path: Path) -> None:
    api = every_style(tmp_path)
    assert api.match("GET", "https://api.test/path/matrix/string/False/x").operation is None


def bodies(folder: Path) -> Catalog:
    """A PUT with no body, and a multipart body with a list of integers."""
    lock = {"put": {"operationId": "lock"}}
    parts = {"post": {"operationId": "tagged", "requestBody": {"content": {
        "multipart/form-data": {"schema": {"type": "object", "properties": {
            "tags": {"type": "array", "items": {"type": "integer"}}}}}}}}}  # fmt: skip
    described = {"openapi": "3.1.0", "info": {"title": "Bodies"},
                 "servers": [{"url": "https://a.test"}],
                 "paths": {"/lock": lock, "/tagged": parts}}  # fmt: skip
    path = folder / "bodies.json"
    path.write_text(json.dumps(described))
    return catalog.load(path)


def test_the_empty_body_endpoint_sends_a_put_is_its_default(tmp_path: Path) -> None:
    api = bodies(tmp_path)
    op = api.find("lock")
    assert op is not None
    sent = request(op, {})
    assert sent["body"] == ""
    found = read_back(api, sent)
    assert found.parts[-1] == catalog.Part(
        "the empty body", "default", "no body: endpoint() sends it empty"
    )
    assert (found.params, found.data) == ({}, None)
    assert again(found) == sent


def test_a_multipart_list_sent_as_a_part_an_item_reads_back_as_the_list(
    tmp_path: Path,
) -> None:
    api = bodies(tmp_path)
    op = api.find("tagged")
    assert op is not None
    sent = request(op, {"tags": [1, 2]})
    assert sent["body"].count(b'name="tags"') == 2
    found = read_back(api, sent)
    assert found.params == {"tags": [1, 2]}
    assert again(found) == sent
