"""The corners of reading a description and serializing by it: each branch, one example.

What each case should give is said by OpenAPI 3.1 (and RFC 6901 for pointers); the
descriptions are written here, small, one oddity at a time.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from restroute import EndpointError, catalog, endpoint
from restroute._core.wire import body_bytes
from restroute.catalog import Catalog, Operation, _document, _schema
from restroute.catalog._serialize import varname

OK = {"get": {"operationId": "ok"}}


def described(folder: Path, paths: dict[str, Any], **more: Any) -> Catalog:
    path = folder / "api.json"
    path.write_text(json.dumps({"openapi": "3.0.3", "paths": paths, **more}))
    return catalog.load(path)


def only(api: Catalog, key: str) -> Operation:
    op = api.find(key)
    assert op is not None, [o.id for o in api.operations]
    return op


def sent(op: Operation, values: dict[str, Any]) -> dict[str, Any]:
    route, parameters = op.call(values)
    built: dict[str, Any] = endpoint.defaults({**op.defaults, "baseUrl": "https://api.test"})(
        route, parameters
    )
    return built


# --- references ------------------------------------------------------------------------------


def test_a_path_item_whose_ref_is_broken_is_skipped(tmp_path: Path) -> None:
    api = described(tmp_path, {"/a": {"$ref": "#/nowhere"}, "/b": OK})
    assert [s.reason for s in api.skipped] == ["#/paths/~1a: $ref '#/nowhere' points at nothing"]


def test_a_chain_of_refs_too_long_is_skipped(tmp_path: Path) -> None:
    links = {f"p{n}": {"$ref": f"#/components/parameters/p{n + 1}"} for n in range(70)}
    links["p70"] = {"name": "x", "in": "query"}
    api = described(
        tmp_path,
        {"/a": {"get": {"parameters": [{"$ref": "#/components/parameters/p0"}]}}, "/b": OK},
        components={"parameters": links},
    )
    assert api.skipped[0].reason == "#/paths/~1a/get/parameters/0: $ref chain longer than 64"


def test_a_ref_to_a_whole_file_and_to_a_list_item(tmp_path: Path) -> None:
    (tmp_path / "limit.json").write_text('{"name": "limit", "in": "query"}')
    api = described(tmp_path, {
        "/a": {"get": {"parameters": [{"$ref": "limit.json"},
                                      {"name": "page", "in": "query"}]}},
        "/b": {"get": {"parameters": [{"$ref": "#/paths/~1a/get/parameters/1"}]}},
    })  # fmt: skip
    assert [p.name for p in only(api, "GET /a").parameters] == ["limit", "page"]
    assert [p.name for p in only(api, "GET /b").parameters] == ["page"]


def test_a_description_that_is_a_folder_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(EndpointError, match=r"': is no regular file \(a folder, a device"):
        catalog.load(tmp_path)


def test_a_description_over_the_size_limit_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_document, "MAX_BYTES", 10)
    path = tmp_path / "big.json"
    path.write_text('{"openapi": "3.0.0"}')
    with pytest.raises(EndpointError, match=r"big.json: is over 0 MB, more than any API"):
        catalog.load(path)


def test_an_example_nested_deep_is_kept_and_one_past_pythons_limit_left_out(
    tmp_path: Path,
) -> None:
    nested = "[" * 100 + "1" + "]" * 100
    path = tmp_path / "api.json"
    path.write_text(
        '{"openapi": "3.0.0", "paths": {"/a": {"get": {"operationId": "a", "parameters": '
        f'[{{"name": "x", "in": "query", "example": {nested}}}]}}}}}}}}'
    )
    assert only(catalog.load(path), "a").parameters[0].examples == (json.loads(nested),)
    deep: list[Any] = []
    for _ in range(5000):  # built without recursion; copying it would recurse 5,000 deep
        deep = [deep]
    assert _schema._json_values([deep]) == ()


# --- servers, paths, parameters ------------------------------------------------------------


def test_server_variables_that_are_not_in_the_url_are_no_rows(tmp_path: Path) -> None:
    servers = [{"url": "https://{region}.api.test", "variables": {
        "region": {"default": "eu"}, "unused": {"default": "x"}, "bad": "text",
    }}]  # fmt: skip
    op = only(described(tmp_path, {"/a": OK}, servers=servers), "ok")
    assert [name for name, _ in op.form()] == ["server.region"]


def test_a_path_with_a_query_of_its_own_continues_it(tmp_path: Path) -> None:
    paths = {"/search?kind=code": {"get": {"operationId": "s", "parameters": [
        {"name": "q", "in": "query"}]}}}  # fmt: skip
    op = only(described(tmp_path, paths), "s")
    assert op.route == "GET /search?kind=code{&q*}"
    assert sent(op, {"q": "x y"})["url"] == "https://api.test/search?kind=code&q=x%20y"


def test_a_path_that_is_no_template_is_skipped(tmp_path: Path) -> None:
    api = described(tmp_path, {"/a/{x": OK, "/b": OK})
    assert api.skipped[0].reason.startswith("#/paths/~1a~1{x/get: the path is no URI template")


def test_a_parameter_by_its_content_whose_media_is_no_mapping(tmp_path: Path) -> None:
    paths = {"/a": {"get": {"operationId": "a", "parameters": [
        {"name": "f", "in": "query", "content": {"application/json": "text"}}]}}}  # fmt: skip
    op = only(described(tmp_path, paths), "a")
    assert (op.parameters[0].style, op.parameters[0].type) == ("json", "any")


def test_dates_and_mappings_in_yaml_examples_become_json(tmp_path: Path) -> None:
    path = tmp_path / "api.yaml"
    path.write_text(
        "openapi: 3.0.0\npaths:\n  /a:\n    get:\n      operationId: a\n      parameters:\n"
        "        - {name: d, in: query, example: 2024-01-31}\n"
        "        - {name: m, in: query, example: {1: 2024-01-31}}\n"
        "        - name: e\n          in: query\n"
        "          examples: {one: text, two: {value: 2}}\n"
    )
    op = only(catalog.load(path), "a")
    assert [p.examples for p in op.parameters] == [("2024-01-31",), ({"1": "2024-01-31"},), (2,)]


# --- bodies -------------------------------------------------------------------------------


def test_a_body_with_no_content_is_no_body(tmp_path: Path) -> None:
    op = only(described(tmp_path, {"/a": {"post": {"operationId": "a", "requestBody": {}}}}), "a")
    assert (op.body, op.media_type) == ("", "")


def test_required_fields_the_properties_lack_are_left_out(tmp_path: Path) -> None:
    schema = {"type": "object", "required": ["ghost", "name"],
              "properties": {"name": {"type": "string"}}}  # fmt: skip
    body = {"required": True, "content": {"application/json": {"schema": schema}}}
    op = only(
        described(tmp_path, {"/a": {"post": {"operationId": "a", "requestBody": body}}}), "a"
    )
    assert [(p.name, p.required) for p in op.parameters] == [("name", True)]


def test_required_in_every_alternative_is_required(tmp_path: Path) -> None:
    """oneOf: a field every alternative requires is required; one only some do is not."""
    one = {"type": "object", "required": ["a", "b"], "properties": {"a": {}, "b": {}}}
    two = {"type": "object", "required": ["a"], "properties": {"a": {}, "c": {}}}
    schema = {"oneOf": [one, two, 3], "allOf": [7]}
    body = {"required": True, "content": {"application/json": {"schema": schema}}}
    op = only(
        described(tmp_path, {"/a": {"post": {"operationId": "a", "requestBody": body}}}), "a"
    )
    assert [(p.name, p.required) for p in op.parameters] == [
        ("a", True), ("b", False), ("c", False),
    ]  # fmt: skip


def test_schemas_that_share_parts_are_read_once_each(tmp_path: Path) -> None:
    """s20 is allOf and oneOf s19, which is both of s18 ...: 2**20 ways down, 21 schemas.
    Read by their ways, it took minutes; each is read once, and past MAX_DEPTH no more."""
    schemas: dict[str, Any] = {"s0": {"type": "object", "required": ["deep"],
                                      "properties": {"deep": {"type": "string"}}}}  # fmt: skip
    for n in range(1, 21):
        ref = {"$ref": f"#/components/schemas/s{n - 1}"}
        schemas[f"s{n}"] = {"allOf": [ref], "oneOf": [ref]}
    body = {"required": True, "content": {"application/json": {
        "schema": {"$ref": "#/components/schemas/s20"}}}}  # fmt: skip
    paths = {"/a": {"post": {"operationId": "a", "requestBody": body}}}
    op = only(described(tmp_path, paths, components={"schemas": schemas}), "a")
    assert op.body == "any"  # no object within the 12 levels read: a raw body
    assert op.form()[0][0] == "data"


def test_responses_whose_ref_is_broken_say_no_accept(tmp_path: Path) -> None:
    responses = {"200": {"$ref": "#/nowhere"}, "default": {}}
    op = only(described(tmp_path, {"/a": {"get": {"operationId": "a", "responses": responses}}}),
              "a")  # fmt: skip
    assert op.defaults["headers"] == {"accept": "application/json"}


# --- serializing ---------------------------------------------------------------------------


def test_a_name_with_dots_that_stand_alone_is_encoded_whole() -> None:
    assert varname("a..b") == "a%2E%2Eb"
    assert varname("a.") == "a%2E"


STYLED = {
    "/s": {"post": {"operationId": "s", "parameters": [
        {"name": "X-Json", "in": "header", "content": {"application/json": {}}},
        {"name": "pref", "in": "cookie", "content": {"application/json": {}}},
        {"name": "tags", "in": "cookie", "schema": {"type": "array"}},
        {"name": "obj", "in": "cookie", "schema": {"type": "object"}},
        {"name": "flat", "in": "cookie", "explode": False, "schema": {"type": "object"}},
        {"name": "spaced", "in": "query", "style": "spaceDelimited", "explode": False},
        {"name": "deep", "in": "query", "style": "deepObject"},
    ], "requestBody": {"content": {"application/x-www-form-urlencoded": {
        "encoding": {"pairs": {"explode": False}, "list": {"explode": False}},
        "schema": {"type": "object", "properties": {
            "pairs": {"type": "object"}, "list": {"type": "array"}, "n": {}}}}}}}},
}  # fmt: skip


def test_every_corner_of_the_serializer_by_hand(tmp_path: Path) -> None:
    op = only(described(tmp_path, STYLED), "s")
    request = sent(op, {
        "headers.x-json": {"a": [1]},
        "cookie.pref": {"dark": True},
        "cookie.tags": ["a", "b"],
        "cookie.obj": {"k": "v"},
        "cookie.flat": {"k": "v"},
        "spaced": "one",
        "deep": {"a": None, "b": [[1]]},
        "pairs": {"k": "v"},
        "list": ["x", "y"],
        "n": None,
        "other": {"a": 1},
    })  # fmt: skip
    assert request["url"] == (
        "https://api.test/s?spaced=one&deep%5Ba%5D=&deep%5Bb%5D%5B%5D%5B%5D=1"
    )
    headers = request["headers"]
    assert headers["x-json"] == '{"a":[1]}'
    # RFC 6265: { } and : are cookie-octets, a double quote is not
    assert headers["cookie"] == "pref={%22dark%22:true}; tags=a; tags=b; k=v; flat=k,v"
    assert body_bytes(request) == b"pairs=k%2Cv&list=x%2Cy&other%5Ba%5D=1"


def test_a_header_given_as_none_is_left_to_endpoint(tmp_path: Path) -> None:
    op = only(described(tmp_path, STYLED), "s")
    route, parameters = op.call({"headers.x-json": None, "spaced": None})
    assert parameters == {"headers": {"x-json": None}}
    assert route == "POST /s"


def test_a_deep_object_nested_past_32_levels_is_refused(tmp_path: Path) -> None:
    op = only(described(tmp_path, STYLED), "s")
    deep: Any = 1
    for _ in range(40):
        deep = {"k": deep}
    with pytest.raises(EndpointError, match=r"deep\[k\]\[k\].* nests more than 32 levels"):
        op.call({"deep": deep})


def test_a_multipart_text_part_is_sent_without_its_plain_type(tmp_path: Path) -> None:
    body = {"content": {"multipart/form-data": {
        "encoding": {"note": {"contentType": "text/plain"}},
        "schema": {"type": "object", "properties": {"note": {}, "list": {}}}}}}  # fmt: skip
    op = only(described(tmp_path, {"/m": {"post": {"operationId": "m", "requestBody": body}}}),
              "m")  # fmt: skip
    data = body_bytes(sent(op, {"note": "hi", "list": ["a", None]})) or b""
    assert b'name="note"\r\n\r\nhi\r\n' in data
    assert data.count(b'name="list"') == 1  # a None item is no part
    with pytest.raises(EndpointError, match=r"note holds a lone surrogate"):
        op.call({"note": "\ud800"})


def test_many_brackets_nested_shallow_and_a_deep_indent() -> None:
    """The YAML guard counts depth, not brackets; a line indented past half the limit is
    too deep whatever follows."""
    assert not _document._nests_too_deep("x: " + "[1], " * 3000 + "\n")
    assert _document._nests_too_deep("x:\n" + " " * 2500 + "y: 1\n")
    assert not _document._nests_too_deep("x: '" + "a" * 3000 + "'\n")  # long, not deep


def test_an_alias_bomb_in_an_example_is_no_example(tmp_path: Path) -> None:
    """YAML aliases make a value of 2**19 leaves from 19 lines: past 10,000 values an
    example, a default or a choice is left out, and the operation loads (expanded further,
    past MAX_YAML_EXPANSION, it is refused whole: tests/unit/test_description_limits.py)."""
    lines = ["openapi: 3.0.0", "x0: &x0 [1, 1]"]
    lines += [f"x{n}: &x{n} [*x{n - 1}, *x{n - 1}]" for n in range(1, 19)]
    lines += [
        "paths:",
        "  /a:",
        "    get:",
        "      operationId: a",
        "      parameters:",
        "        - {name: p, in: query, example: *x18, schema: {default: *x18}}",
    ]
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n")
    op = only(catalog.load(path), "a")
    assert (op.parameters[0].examples, op.parameters[0].default) == ((), None)


def test_a_variant_that_is_no_schema_is_no_type(tmp_path: Path) -> None:
    schema = {"oneOf": [1, {"type": "integer"}]}
    paths = {"/a": {"get": {"operationId": "a", "parameters": [
        {"name": "v", "in": "query", "schema": schema}]}}}  # fmt: skip
    assert only(described(tmp_path, paths), "a").parameters[0].type == "integer"


def test_check_reads_a_raw_body_and_names_that_are_no_text(tmp_path: Path) -> None:
    body = {"content": {"text/plain": {"schema": {"type": "string"}}}}
    paths = {"/a": {"post": {"operationId": "a", "deprecated": True, "requestBody": body}}}
    api = described(tmp_path, paths)
    assert api.check("POST /a", {"data": "hi"}) == ["a is deprecated"]
    odd: dict[Any, str] = {3: "x"}
    assert api.check("POST /a", odd) == [
        "a is deprecated",
        "a: data (body) is required",
        "a: the description documents no parameter 3",
    ]


def test_a_form_body_given_whole_spreads_and_skips_as_the_fields_say(tmp_path: Path) -> None:
    body = {"content": {"application/x-www-form-urlencoded": {"schema": {"type": "object",
            "properties": {"meta": {"type": "object"}, "gone": {}}}}}}  # fmt: skip
    op = only(described(tmp_path, {"/f": {"post": {"operationId": "f", "requestBody": body}}}),
              "f")  # fmt: skip
    request = sent(op, {"data": {"meta": {"a": "1", "b": "2"}, "gone": None}})
    assert body_bytes(request) == b"a=1&b=2"  # form, exploded: its keys are fields


def test_required_fields_are_read_no_deeper_than_the_limit(tmp_path: Path) -> None:
    chain: dict[str, Any] = {"required": ["deep"]}
    for _ in range(20):
        chain = {"allOf": [chain]}
    schema = {"type": "object", "properties": {"deep": {}, "top": {}}, "required": ["top"],
              "allOf": [chain]}  # fmt: skip
    body = {"required": True, "content": {"application/json": {"schema": schema}}}
    op = only(described(tmp_path, {"/r": {"post": {"operationId": "r", "requestBody": body}}}),
              "r")  # fmt: skip
    assert [(p.name, p.required) for p in op.parameters] == [("deep", False), ("top", True)]


def test_a_literal_colon_that_names_no_variable_is_sent_as_it_is(tmp_path: Path) -> None:
    """`:30` is no `:name` variable (those start with a lower-case letter): the path is
    compiled to be checked, as any template not of the plain form is, and sent as written.
    (`/things/{id}:cancel` is another matter: endpoint() reads `:cancel` as a variable, as
    octokit does.)"""
    api = described(tmp_path, {"/clock/{hour}:30": {"get": {"operationId": "halfPast"}}})
    op = only(api, "halfPast")
    assert op.template == "/clock/{hour}:30"
    assert sent(op, {"hour": 12})["url"] == "https://api.test/clock/12:30"


# --- what tests/slow's real descriptions reach, written small ----------------------------------


def test_servers_of_a_path_item_or_an_operation_are_its_base(tmp_path: Path) -> None:
    """An operation's own servers win over its path item's, which win over the root's."""
    item = {"servers": [{"url": "https://item.test/v1"}], "get": {"operationId": "a"},
            "put": {"operationId": "b", "servers": [{"url": "https://op.test"}]}}  # fmt: skip
    api = described(tmp_path, {"/a": item, "/c": {"get": {"operationId": "c"}}},
                    servers=[{"url": "https://root.test"}])  # fmt: skip
    bases = {op.id: (op.base_url, op.defaults["baseUrl"]) for op in api.operations}
    assert bases == {
        "a": ("https://item.test/v1", "https://item.test/v1"),
        "b": ("https://op.test", "https://op.test"),
        "c": ("https://root.test", "https://root.test"),
    }


def test_the_accept_is_a_success_responses_json_type_else_its_first(tmp_path: Path) -> None:
    json_too: dict[str, Any] = {
        "200": {"content": {"application/xml": {}, "application/problem+json": {}}},
        "201": {"description": "no content"},
        "404": {"content": {"application/json": {}}},
    }
    no_json: dict[str, Any] = {
        "2XX": {"content": {"text/csv": {}, "text/plain": {}}},
        "default": {"content": {"application/json": {}}},
    }
    paths = {
        "/a": {"get": {"operationId": "a", "responses": json_too}},
        "/b": {"get": {"operationId": "b", "responses": no_json}},
    }
    api = described(tmp_path, paths)
    assert only(api, "a").accept == "application/problem+json"
    assert only(api, "a").defaults["headers"] == {"accept": "application/problem+json"}
    assert only(api, "b").accept == "text/csv"


def test_a_body_schema_shared_by_operations_reads_alike_for_each(tmp_path: Path) -> None:
    """Two operations send one schema, read once for both: a pet is a cat or a dog,
    each all of a base that requires ``id``, so ``id`` is required (the base is reached
    twice, read once) and the others are not. 3.1's type lists and a schema's list of
    examples give the fields' hints."""
    base = {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}}
    ref = {"$ref": "#/components/schemas/base"}
    cat = {"allOf": [ref], "properties": {"purrs": {"type": ["boolean", "null"]}}}
    dog = {"allOf": [ref], "properties": {
        "barks": {"type": ["integer", "string"]}, "nothing": {"type": ["null"]},
        "collar": {"allOf": [{}]}, "kennel": {"properties": {}},
        "tags": {"type": "array", "examples": [["a"], ["b", "c"]]}}}  # fmt: skip
    pet = {"oneOf": [{"$ref": "#/components/schemas/cat"}, {"$ref": "#/components/schemas/dog"}]}
    body = {
        "required": True,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/pet"}}},
    }
    api = described(
        tmp_path,
        {"/a": {"post": {"operationId": "a", "requestBody": body}},
         "/b": {"put": {"operationId": "b", "requestBody": body}}},
        components={"schemas": {"base": base, "cat": cat, "dog": dog, "pet": pet}},
    )  # fmt: skip
    expected = [
        ("purrs", "boolean", False, ()),
        ("id", "integer", True, ()),
        ("barks", "integer|string", False, ()),
        ("nothing", "any", False, ()),
        ("collar", "object", False, ()),
        ("kennel", "object", False, ()),
        ("tags", "array<any>", False, (["a"], ["b", "c"])),
    ]
    for key in ("a", "b"):
        fields = [(p.name, p.type, p.required, p.examples) for p in only(api, key).parameters]
        assert fields == expected


def test_a_field_named_like_a_path_parameter_is_given_in_data(tmp_path: Path) -> None:
    """PATCH /items/{name} with a body field ``name``: the body goes through ``data``;
    the field by its form name ``data.name`` fills it, and a name the description lacks
    is a field of it too."""
    fields = {"name": {"type": "string"}, "value": {"type": "string"}}
    body = {"content": {"application/json": {"schema": {"type": "object", "properties": fields}}}}
    path = {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}
    rename = {"patch": {"operationId": "rename", "parameters": [path], "requestBody": body}}
    op = only(described(tmp_path, {"/items/{name}": rename}), "rename")

    assert [op.argument_name(p) for p in op.parameters] == ["name", "data.name", "data.value"]
    route, parameters = op.call({"name": "old", "data.name": "new", "data.value": "v"})
    assert (route, parameters) == (
        "PATCH /items/{name}",
        {"name": "old", "data": {"name": "new", "value": "v"}},
    )
    assert sent(op, {"name": "old", "data.name": "new"})["body"] == {"name": "new"}
    _, parameters = op.call({"name": "old", "data": {"value": "v"}, "note": "n"})
    assert parameters == {"name": "old", "data": {"value": "v", "note": "n"}}
