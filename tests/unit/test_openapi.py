"""Any API: an OpenAPI description read as a catalog, and requests built as it says.

Expected URLs and bodies are written by hand from OpenAPI 3.1.1's serialization table
(4.8.12.4), RFC 6570, WHATWG's form encoding and RFC 7578, never copied from a run.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from restroute import EndpointError, catalog, endpoint
from restroute._core.wire import body_bytes
from restroute.catalog import Catalog, Operation, _openapi
from restroute.catalog._serialize import BOUNDARY

DATA = Path(__file__).parents[1] / "data" / "openapi"
STYLES = DATA / "styles.yaml"


@pytest.fixture(scope="module")
def styles() -> Catalog:
    return catalog.load(STYLES)


def built(api: Catalog, key: str, values: dict[str, Any]) -> dict[str, Any]:
    """The request ``values`` make, as `restroute build --catalog` makes it."""
    op = api.find(key)
    assert op is not None, key
    route, parameters = op.call(values)
    request: dict[str, Any] = endpoint.defaults(op.defaults)(route, parameters)
    return request


# --- loading ------------------------------------------------------------------------------


def test_a_yaml_description_is_a_catalog_with_its_title_version_and_server(
    styles: Catalog,
) -> None:
    assert (styles.title, styles.version) == ("Styles", "1.0")
    assert styles.base_url == "https://{region}.example.com/{base}"
    assert [op.id for op in styles.operations] == [
        "getColors", "getQuery", "createPet", "createPetForm", "uploadPhoto", "putRaw",
        "createNode",
    ]  # fmt: skip
    assert styles.skipped == ()


def test_operations_are_found_by_route_id_and_words(styles: Catalog) -> None:
    create = styles.find("POST /pets")
    assert create is not None
    assert create.id == "createPet"
    assert styles.find("createPetForm") is styles.find("POST /pets/form")
    assert styles.find("GET /colors/{simple}/{label}/{matrix}") is styles.find("getColors")
    assert styles.search("upload photo")[0].id == "uploadPhoto"
    assert styles.search("create pet form")[0].id == "createPetForm"
    assert styles.complete("PUT /pets/{id}/r") == "PUT /pets/{id}/raw"


def test_a_ref_to_a_file_beside_the_description_is_followed(styles: Catalog) -> None:
    create = styles.find("createPet")
    assert create is not None
    name, kind = create.parameters[:2]
    assert (name.name, name.required, name.examples) == ("name", True, ("Rex",))
    assert (kind.enum, kind.default) == (("dog", "cat"), "dog")


def test_a_recursive_schema_loads_as_a_form_of_its_first_level(styles: Catalog) -> None:
    node = styles.find("createNode")
    assert node is not None
    assert [(p.name, p.type) for p in node.parameters if p.location == "body"] == [
        ("name", "string"), ("children", "array<object>"),
    ]  # fmt: skip


def test_a_json_description_loads_as_the_yaml_one_does(tmp_path: Path) -> None:
    import yaml

    described = yaml.safe_load(STYLES.read_text())
    described["paths"]["/pets"]["post"]["requestBody"]["content"]["application/json"] = {
        "schema": {"type": "object", "properties": {"name": {"type": "string"}}}
    }
    path = tmp_path / "styles.json"
    path.write_text(json.dumps(described))
    api = catalog.load(path)
    assert [op.route for op in api.operations] == [
        op.route for op in catalog.load(STYLES).operations
    ]


# --- routes: styles as RFC 6570 expressions -------------------------------------------------


def test_path_styles_are_template_operators(styles: Catalog) -> None:
    colors = styles.find("getColors")
    assert colors is not None
    assert colors.route == "GET /colors/{simple}/{.label*}/{;matrix}"


def test_query_styles_that_rfc_6570_writes_are_in_the_route(styles: Catalog) -> None:
    query = styles.find("getQuery")
    assert query is not None
    # spaced, piped and deep have rules of their own; filter[state] is percent-encoded
    # into a variable name (RFC 6570 2.3 allows pct-encoded varchars).
    assert query.route == "GET /query{?exploded*,joined,filter%5Bstate%5D*,json,limit*}"


def test_the_form_names_headers_cookies_and_server_variables_by_where_they_go(
    styles: Catalog,
) -> None:
    query = styles.find("getQuery")
    assert query is not None
    names = [name for name, _ in query.form()]
    assert names[:2] == ["headers.x-request-id", "cookie.session"]  # required first
    assert "headers.x-color" in names
    assert "cookie.ids" in names
    assert names[-2:] == ["server.region", "server.base"]
    assert "headers.Accept" not in names  # OpenAPI: Accept is not a header parameter


# --- requests: every style, as OpenAPI 3.1.1's table writes it --------------------------------


def test_path_styles_expand_as_the_table_says(styles: Catalog) -> None:
    request = built(styles, "getColors", {
        "simple": ["blue", "black", "brown"],
        "label": {"R": 100, "G": 200, "B": 150},
        "matrix": ["blue", "black", "brown"],
    })  # fmt: skip
    assert request["url"] == (
        "https://eu.example.com/v1/colors/blue,black,brown/.R=100.G=200.B=150"
        "/;matrix=blue,black,brown"
    )


def test_query_header_and_cookie_styles_serialize_as_the_table_says(styles: Catalog) -> None:
    request = built(styles, "getQuery", {
        "exploded": ["blue", "black"],
        "joined": ["blue", "black"],
        "spaced": ["blue", "black"],
        "piped": ["blue", "black"],
        "deep": {"R": 100, "G": 200},
        "filter[state]": "open",
        "json": {"a": 1},
        "limit": 5,
        "headers.x-request-id": "abc",
        "headers.x-color": {"R": 100, "G": 200},
        "cookie.session": "s1",
        "cookie.ids": [3, 4, 5],
    })  # fmt: skip
    assert request["url"] == (
        "https://eu.example.com/v1/query"
        "?spaced=blue%20black&piped=blue%7Cblack&deep%5BR%5D=100&deep%5BG%5D=200"
        "&exploded=blue&exploded=black&joined=blue,black&filter%5Bstate%5D=open"
        "&json=%7B%22a%22%3A1%7D&limit=5"
    )
    headers = request["headers"]
    assert headers["x-request-id"] == "abc"
    assert headers["x-color"] == "R=100,G=200"  # simple, exploded
    assert headers["cookie"] == "session=s1; ids=3,4,5"
    assert headers["accept"] == "application/json"  # the description's, not GitHub's


def test_values_left_out_are_not_sent(styles: Catalog) -> None:
    request = built(styles, "getQuery", {"headers.x-request-id": "a", "cookie.session": "s"})
    assert request["url"] == "https://eu.example.com/v1/query"


def test_deep_object_nests_and_lists_as_rails_and_stripe_read_them(styles: Catalog) -> None:
    request = built(styles, "getQuery", {"deep": {"a": {"b": 1}, "c": [1, 2]}})
    assert request["url"] == (
        "https://eu.example.com/v1/query?deep%5Ba%5D%5Bb%5D=1&deep%5Bc%5D%5B%5D=1"
        "&deep%5Bc%5D%5B%5D=2"
    )


def test_a_server_variable_picks_the_host(styles: Catalog) -> None:
    request = built(styles, "POST /pets", {"name": "Rex", "server.region": "us"})
    assert request["url"] == "https://us.example.com/v1/pets"


def test_a_json_body_is_sent_as_json(styles: Catalog) -> None:
    request = built(styles, "POST /pets", {"name": "Rex"})
    assert request["headers"]["content-type"] == "application/json; charset=utf-8"
    assert body_bytes(request) == b'{"name":"Rex"}'


def test_a_form_body_is_encoded_as_browsers_encode_one(styles: Catalog) -> None:
    request = built(styles, "createPetForm", {
        "name": "Rex Dog", "tags": ["a", "b"], "metadata": {"k": "v w", "n": "1~*"},
    })  # fmt: skip
    assert request["headers"]["content-type"] == "application/x-www-form-urlencoded"
    # WHATWG: space as +, * - . _ kept, ~ encoded; metadata is deepObject by its encoding.
    assert body_bytes(request) == (
        b"name=Rex+Dog&tags=a&tags=b&metadata%5Bk%5D=v+w&metadata%5Bn%5D=1%7E*"
    )


def test_a_multipart_body_is_exact_bytes_with_a_fixed_boundary(
    styles: Catalog, tmp_path: Path
) -> None:
    photo = tmp_path / "rex.png"
    photo.write_bytes(b"\x89PNG\r\n")
    request = built(styles, "uploadPhoto", {
        "id": 7, "caption": "hi", "photo": photo, "details": {"a": 1},
    })  # fmt: skip
    assert request["url"] == "https://eu.example.com/v1/pets/7/photo"
    assert request["headers"]["content-type"] == f"multipart/form-data; boundary={BOUNDARY}"
    assert body_bytes(request) == (
        b"--restroute-form-boundary\r\n"
        b'Content-Disposition: form-data; name="caption"\r\n\r\nhi\r\n'
        b"--restroute-form-boundary\r\n"
        b'Content-Disposition: form-data; name="photo"; filename="rex.png"\r\n'
        b"Content-Type: image/png\r\n\r\n\x89PNG\r\n\r\n"
        b"--restroute-form-boundary\r\n"
        b'Content-Disposition: form-data; name="details"\r\n'
        b"Content-Type: application/json\r\n\r\n"
        b'{"a":1}\r\n'
        b"--restroute-form-boundary--\r\n"
    )


def test_a_boundary_found_in_a_part_is_replaced_by_one_that_is_not(styles: Catalog) -> None:
    request = built(styles, "uploadPhoto", {"id": 1, "caption": f"--{BOUNDARY}"})
    assert request["headers"]["content-type"].endswith(f"boundary={BOUNDARY}-2")
    body = body_bytes(request)
    assert body is not None
    assert body.startswith(f"--{BOUNDARY}-2\r\n".encode())


def test_a_file_that_cannot_be_read_is_an_endpoint_error(styles: Catalog, tmp_path: Path) -> None:
    with pytest.raises(
        EndpointError, match=r"photo: '.*missing.png' cannot be read: No such file"
    ):
        built(styles, "uploadPhoto", {"id": 1, "photo": tmp_path / "missing.png"})


def test_bytes_for_a_file_part_are_sent_under_the_fields_name(styles: Catalog) -> None:
    request = built(styles, "uploadPhoto", {"id": 1, "photo": b"\x00"})
    assert b'name="photo"; filename="photo"\r\nContent-Type: image/png\r\n\r\n\x00' in (
        body_bytes(request) or b""
    )


def test_a_raw_body_goes_as_data_with_the_described_type(styles: Catalog) -> None:
    request = built(styles, "putRaw", {"id": 7, "data": b"\x00\x01"})
    assert request["headers"]["content-type"] == "application/octet-stream"
    assert request["body"] == b"\x00\x01"


def test_every_operations_example_values_build_a_request(styles: Catalog) -> None:
    for op in styles.operations:
        route, parameters = op.call(op.example())
        request = endpoint.defaults(op.defaults)(route, parameters)
        assert request["url"].startswith("https://eu.example.com/v1/"), op.id


# --- checks -----------------------------------------------------------------------------------


def test_check_names_what_the_description_requires_and_does_not_know(styles: Catalog) -> None:
    warnings = styles.check("GET /query", {"limit": "x", "nope": 1, "filter[state]": "shut"})
    assert warnings == [
        "getQuery: headers.x-request-id (header) is required",
        "getQuery: cookie.session (cookie) is required",
        "getQuery: filter[state]='shut' is not one of open, closed",
        "getQuery: limit='x' should be integer",
        "getQuery: the description documents no parameter 'nope'",
    ]


def test_check_reads_header_parameters_among_the_headers(styles: Catalog) -> None:
    values = {"headers": {"x-request-id": "a"}, "cookie.session": "s"}
    assert styles.check("getQuery", values) == []


# --- bad descriptions: one clear error, or an operation skipped with its reason ---------------


def write(folder: Path, name: str, described: object) -> Path:
    path = folder / name
    path.write_text(described if isinstance(described, str) else json.dumps(described))
    return path


OK_OP = {"get": {"operationId": "ok", "responses": {}}}


def test_swagger_2_says_how_to_convert_it(tmp_path: Path) -> None:
    path = write(tmp_path, "old.json", {"swagger": "2.0", "paths": {}})
    with pytest.raises(EndpointError, match=r"old.json: #/swagger is Swagger 2.0.*swagger2"):
        catalog.load(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"openapi": "3.0.0", "paths": {', r"broken.json: line 1, column 32: .*cut short"),
        ("openapi: 3.0.0\npaths: {a: [\n", r"broken.json: line 3, column 1: .*cut short"),
        ("[1, 2]", r"broken.json: # is no OpenAPI description"),
        ('{"openapi": "2.1"}', r"broken.json: #/openapi is 2.1, not an OpenAPI 3 version"),
        ('{"info": {}}', r"broken.json: #/openapi is null, not an OpenAPI 3 version"),
        ('{"openapi": "3.1.0", "paths": []}', r"broken.json: #/paths is no mapping"),
        ("[" * 100_000, r"broken.json: nests too deep to read"),
    ],
)
def test_a_broken_description_is_one_error_naming_file_pointer_and_problem(
    tmp_path: Path, text: str, message: str
) -> None:
    with pytest.raises(EndpointError, match=message):
        catalog.load(write(tmp_path, "broken.json", text))


def test_bytes_that_are_not_utf8_are_named(tmp_path: Path) -> None:
    path = tmp_path / "latin.yaml"
    path.write_bytes(b"openapi: 3.0.0\ninfo: {title: caf\xe9}\n")
    with pytest.raises(EndpointError, match=r"latin.yaml: byte 32 is not UTF-8"):
        catalog.load(path)


def test_a_missing_file_says_so_and_names_the_bundled_catalogs(tmp_path: Path) -> None:
    with pytest.raises(EndpointError, match=r"nothing.yaml': no such file.*github"):
        catalog.load(tmp_path / "nothing.yaml")


def test_a_ref_outside_the_descriptions_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "secret.json").write_text('{"name": "x", "in": "query"}')
    folder = tmp_path / "api"
    folder.mkdir()
    path = write(folder, "api.json", {
        "openapi": "3.0.0",
        "paths": {"/a": {"get": {"parameters": [{"$ref": "../secret.json"}]}}},
    })  # fmt: skip
    with pytest.raises(EndpointError, match=r"api.json: #/paths/~1a/get/parameters/0: .*outside"):
        catalog.load(path)


@pytest.mark.parametrize(
    ("parameter", "reason"),
    [
        ({"$ref": "#/components/parameters/a"}, r"#/paths/~1b/get/parameters/0: .* is circular"),
        ({"$ref": "#/components/parameters/none"}, r"parameters/0: .* points at nothing"),
        ({"$ref": "https://example.com/p.json"}, r"parameters/0: .* is remote; restroute reads"),
        ({"$ref": "#components"}, r"parameters/0: .* is no JSON pointer"),
        ({"name": "x", "in": "body"}, r"parameters/0: a parameter needs a name and in: path"),
        ({"name": "x", "in": "query", "style": "matrix"}, r"style 'matrix' does not apply"),
        ("text", r"parameters/0 is no parameter"),
    ],
)
def test_an_operation_that_cannot_be_modelled_is_skipped_and_the_rest_load(
    tmp_path: Path, parameter: object, reason: str
) -> None:
    path = write(tmp_path, "api.json", {
        "openapi": "3.0.0",
        "paths": {"/a": OK_OP, "/b": {"get": {"parameters": [parameter]}}},
        "components": {"parameters": {"a": {"$ref": "#/components/parameters/b"},
                                      "b": {"$ref": "#/components/parameters/a"}}},
    })  # fmt: skip
    api = catalog.load(path)
    assert [op.id for op in api.operations] == ["ok"]
    [skipped] = api.skipped
    assert (skipped.method, skipped.url) == ("GET", "/b")
    assert re.search(reason, skipped.reason), skipped.reason


def test_a_get_with_a_body_loads_without_it_and_says_so(tmp_path: Path) -> None:
    body = {"content": {"application/json": {"schema": {"type": "object"}}}}
    path = write(tmp_path, "api.json", {
        "openapi": "3.0.0", "paths": {"/a": {"get": {"requestBody": body}}},
    })  # fmt: skip
    api = catalog.load(path)
    op = api.find("GET /a")
    assert op is not None
    assert op.body == ""
    assert api.skipped[0].reason == (
        "#/paths/~1a/get/requestBody left out: a GET request sends no body"
    )


def test_paths_that_are_no_paths_are_skipped(tmp_path: Path) -> None:
    path = write(tmp_path, "api.json", {
        "openapi": "3.0.0", "paths": {"a": OK_OP, "/b": [], "/c": {"get": []}, "/d": OK_OP},
    })  # fmt: skip
    api = catalog.load(path)
    assert [op.url for op in api.operations] == ["/d"]
    assert [(s.url, s.reason) for s in api.skipped] == [
        ("a", "#/paths/a: a path must start with /"),
        ("/b", "#/paths/~1b is no path item (a mapping)"),
        ("/c", "#/paths/~1c/get is no operation (a mapping)"),
    ]


def test_repeated_operation_ids_are_told_apart(tmp_path: Path) -> None:
    path = write(tmp_path, "api.json", {
        "openapi": "3.0.0", "paths": {"/a": OK_OP, "/b": OK_OP, "/c": OK_OP},
    })  # fmt: skip
    assert [op.id for op in catalog.load(path).operations] == ["ok", "ok~2", "ok~3"]


def test_load_refuses_what_is_no_name_or_path() -> None:
    with pytest.raises(EndpointError, match=r"catalog.load takes a name or a path, not 42"):
        catalog.load(42)  # type: ignore[arg-type]
    with pytest.raises(EndpointError, match=r"is no path"):
        catalog.load("a\x00b")


def test_github_is_bundled_under_its_name() -> None:
    github = catalog.load("github")
    assert github is catalog.load("api.github.com")
    assert isinstance(github.find("issues/create"), Operation)
    assert github.find("issues/create") is catalog.find("issues/create")


# --- the cache of compiled descriptions ---------------------------------------------------------


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of the test's own, and no description read earlier in memory."""
    from restroute.catalog import _sources

    folder = tmp_path / "cache"
    monkeypatch.setenv("RESTROUTE_CACHE", str(folder))
    monkeypatch.setattr(_sources, "_read", {})
    return folder


def copied(tmp_path: Path) -> Path:
    """styles.yaml and the file it refers to, in a folder of the test's own."""
    folder = tmp_path / "api"
    folder.mkdir()
    for name in ("styles.yaml", "common.yaml"):
        (folder / name).write_bytes((DATA / name).read_bytes())
    return folder / "styles.yaml"


def test_a_description_read_once_is_read_back_compiled(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from restroute.catalog import _cache, _openapi, _sources

    monkeypatch.setattr(_cache, "RACY_NS", -1)  # files just written are indexed
    path = copied(tmp_path)
    first = catalog.load(path)
    assert len(list(cache.glob("*.json"))) == 2  # the entry, and the index of hashes
    monkeypatch.setattr(_sources, "_read", {})

    def unread(path: str) -> None:
        raise AssertionError("read again, not from the cache")

    monkeypatch.setattr(_openapi, "read", unread)
    again = catalog.load(path)
    assert again is not first
    assert again.operations == first.operations
    assert (again.title, again.version, again.base_url) == ("Styles", "1.0", first.base_url)


def test_a_file_changed_within_its_clocks_tick_is_hashed_again(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Git's "racily clean" case: bytes rewritten at the same size and modification time.
    A file changed in the last RACY_NS is not indexed; one indexed is known by its change
    time too, which no one can set back."""
    from restroute.catalog import _cache

    path = tmp_path / "api.json"
    path.write_text('{"a": 1}')
    first = _cache.digest(str(path))
    assert not (cache / "stat-index.json").exists()  # just written: hashed, not indexed

    monkeypatch.setattr(_cache, "RACY_NS", -1)
    assert _cache.digest(str(path)) == first
    assert str(path) in json.loads((cache / "stat-index.json").read_text())
    before = path.stat()
    path.write_text('{"a": 2}')
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert (path.stat().st_size, path.stat().st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    assert _cache.digest(str(path)) != first


def test_an_edited_file_beside_the_description_is_read_again(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from restroute.catalog import _sources

    path = copied(tmp_path)
    catalog.load(path)
    common = path.with_name("common.yaml")
    common.write_text(common.read_text().replace("enum: [dog, cat]", "enum: [dog, cat, owl]"))
    monkeypatch.setattr(_sources, "_read", {})
    create = catalog.load(path).find("createPet")
    assert create is not None
    assert create.parameters[1].enum == ("dog", "cat", "owl")


def test_a_file_named_two_ways_is_read_once_and_keeps_each_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Messages and --catalog say the path as it was given; the operations and the
    indexes made of them are the first reading's (the tests once saw whichever name
    another test had loaded the file by first)."""
    from restroute.catalog import _sources

    monkeypatch.setattr(_sources, "_read", {})
    absolute = str(copied(tmp_path))
    monkeypatch.chdir(tmp_path)
    relative = os.path.relpath(absolute)
    first = catalog.load(absolute)
    first.search("pets")  # builds the index

    again = catalog.load(relative)
    assert (first.name, again.name) == (absolute, relative)
    assert again.operations is first.operations
    assert again.memo is first.memo
    assert catalog.load(relative) is again
    assert repr(again) == f"<Catalog {relative!r}: 7 operations>"


def test_skipped_operations_survive_the_cache(cache: Path, tmp_path: Path) -> None:
    from restroute.catalog import _sources

    path = write(tmp_path, "api.json", {
        "openapi": "3.0.0", "paths": {"/a": OK_OP, "/b": {"get": {"parameters": ["x"]}}},
    })  # fmt: skip
    first = catalog.load(path).skipped
    _sources._read.clear()
    assert catalog.load(path).skipped == first
    assert first[0].reason == "#/paths/~1b/get/parameters/0 is no parameter (a mapping)"


def test_a_cache_that_cannot_be_written_costs_only_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from restroute.catalog import _sources

    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("RESTROUTE_CACHE", str(blocker / "cache"))  # under a file: no folder
    monkeypatch.setattr(_sources, "_read", {})
    assert len(catalog.load(copied(tmp_path)).operations) == 7


@pytest.mark.parametrize(
    "damage",
    [
        lambda text: text.replace('"name":"simple"', '"name":7', 1),  # valid JSON, a wrong kind
        lambda text: text[: len(text) // 2],  # cut short
        lambda text: '{"format": 2, "files": {}, "operations": [{"id": 1}]}',  # no CRC line
        lambda text: text.replace("\n", "\n ", 1),  # the same JSON, spaced
    ],
)
def test_a_damaged_or_edited_cache_entry_is_read_past(
    cache: Path, tmp_path: Path, damage: Callable[[str], str]
) -> None:
    """An entry starts with the CRC-32 of the rest: one not written whole by restroute is
    read past (the description read again), never loaded to fail in a form later."""
    from restroute.catalog import _sources

    path = copied(tmp_path)
    catalog.load(path)
    [entry] = [p for p in cache.glob("*.json") if p.name != "stat-index.json"]
    text = entry.read_text(encoding="utf-8")
    assert re.fullmatch(r"[0-9a-f]{8}", text.partition("\n")[0])
    damaged = damage(text)
    assert damaged != text
    entry.write_text(damaged, encoding="utf-8")
    _sources._read.clear()
    read = catalog.load(path)
    assert len(read.operations) == 7
    assert read.find("getColors").parameters[0].name == "simple"  # type: ignore[union-attr]
    assert entry.read_text(encoding="utf-8") == text  # and the entry is written again


def test_an_api_key_the_description_declares_is_hidden_everywhere(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """OpenWeatherMap sends its key as ?appid=, Azure Functions as ?code=: no rule on
    names would guess them, so the description's securitySchemes say them, read or
    cached."""
    from restroute import redact
    from restroute.catalog import _sources

    monkeypatch.setattr(redact.names, "_DECLARED", set())
    path = write(tmp_path, "weather.json", {
        "openapi": "3.0.0",
        "paths": {"/weather": OK_OP},
        "components": {"securitySchemes": {
            "query": {"type": "apiKey", "in": "query", "name": "appid"},
            "header": {"$ref": "#/x-schemes/header"},
            "bearer": {"type": "http", "scheme": "bearer"},
            "broken": {"$ref": "#/nowhere"},
            "nameless": {"type": "apiKey", "in": "cookie"},
        }},
        "x-schemes": {"header": {"type": "apiKey", "in": "header", "name": "X-Ocp"}},
    })  # fmt: skip
    url = "https://api.example.com/weather?q=Paris&appid=0123456789abcdef"
    assert redact.redact_url(url) == url

    assert _openapi.read(str(path)).secrets == ("appid", "X-Ocp")
    catalog.load(path)
    assert redact.redact_url(url) == "https://api.example.com/weather?q=Paris&appid=<REDACTED>"
    assert redact.redact_headers({"x-ocp": "s3cret"}) == {"x-ocp": "<REDACTED>"}
    bracketed = "https://api.example.com/weather?appid[]=k1&appid[0]=k2"  # as PHP reads lists
    assert str(redact.redact_url(bracketed)).count("<REDACTED>") == 2

    monkeypatch.setattr(redact.names, "_DECLARED", set())
    _sources._read.clear()
    catalog.load(path)  # from the cache
    assert redact.is_secret("appid")
    assert redact.is_secret("X-OCP")


def test_the_cache_folder_is_the_platforms_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    from restroute.catalog import _cache

    monkeypatch.delenv("RESTROUTE_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", "/somewhere")
    assert _cache.folder() == "/somewhere/restroute/catalogs"


def test_prepare_makes_every_index_a_first_key_would(styles: Catalog) -> None:
    """The explorer's worker prepares a catalog: find, search and completion in both route
    styles then add no index of their own (Graph's took a second at the first key)."""
    api = Catalog("fresh", styles.operations, base_url=styles.base_url)
    assert api.prepare() is api
    made = set(api.memo)
    assert {"index", "search", ("complete", False), ("complete", True)} <= made
    api.find("getColors")
    api.search("colors")
    api.complete("GET /co")
    api.complete("GET /:")
    assert set(api.memo) == made


def test_compile_apart_starts_no_process_when_there_is_nothing_to_read(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import subprocess

    from restroute.catalog import _cache, _sources

    path = str(copied(tmp_path))
    catalog.load(path)
    monkeypatch.setattr(subprocess, "Popen", None)  # any child would fail the test
    catalog.compile_apart(path)  # read in this process already
    _sources._read.clear()
    catalog.compile_apart(path)  # in the cache
    for name in ("github", "ghes-3.19", "api.github.com", str(tmp_path / "missing.yaml")):
        catalog.compile_apart(name)
    assert not _cache.has_entry(str(tmp_path / "missing.yaml"))


def test_an_operation_id_written_as_a_route_never_takes_that_route(tmp_path: Path) -> None:
    path = write(tmp_path, "api.json", {"openapi": "3.0.0", "paths": {
        "/empty": {"get": {"operationId": "plain"}},
        "/idop": {"get": {"operationId": "GET /empty"}},
    }})  # fmt: skip
    api = catalog.load(path)
    assert api.find("GET /empty").url == "/empty"  # type: ignore[union-attr]
    assert api.find("plain").url == "/empty"  # type: ignore[union-attr]
