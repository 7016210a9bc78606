"""The generated route catalog (src/restroute/data/github-rest.marshal) and its generator."""

from __future__ import annotations

import importlib.util
import json
import marshal
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import restroute
from restroute import EndpointError, catalog, endpoint
from restroute.catalog import _data

CATALOG = Path(restroute.__file__).parent / "data" / "github-rest.marshal"
GENERATOR = Path(__file__).parents[2] / "scripts" / "gen_catalog.py"
METHOD_ORDER = ("GET", "PUT", "POST", "PATCH", "DELETE", "HEAD", "OPTIONS")


def load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_catalog", GENERATOR)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def data() -> dict[str, Any]:
    """The file's rows, as marshal reads them."""
    loaded: dict[str, Any] = marshal.loads(CATALOG.read_bytes())
    return loaded


def test_the_source_is_pinned(data: dict[str, Any]) -> None:
    """The file names the package, version and integrity it was built from."""
    assert data["catalog_format"] == 3
    assert data["source"] == {
        "package": "@octokit/openapi",
        "version": "23.0.2",
        "member": "package/generated/api.github.com.json",
        "integrity": "sha512-pV8M7L9GY23AybNvTmo2nyjmpmnt6+2sRE/tqr0ZLQcPS4lnw7u5eZGNmwRNkBC3D7gZX"
        "bFx5AHzLUVRBXGDhg==",
        "member_sha256": "829b4bebb19a53133289f7b0bc819f4f1118115821db2ca9f25e9ee995a7da2a",
    }
    assert (CATALOG.parent / "NOTICE").read_text().count("MIT License") == 2


def test_every_operation_once_in_order() -> None:
    """1,223 operations (the research's count), unique ids, sorted by url then method."""
    operations = catalog.operations()
    keys = [(op.url, METHOD_ORDER.index(op.method)) for op in operations]

    assert len(operations) == 1223
    assert len({op.id for op in operations}) == 1223
    assert keys == sorted(keys)


def test_known_operations() -> None:
    """issues/create and the upload route carry what the description says."""
    create = catalog.find("issues/create")
    upload = catalog.find("repos/upload-release-asset")
    assert create is not None
    assert upload is not None

    assert (create.method, create.url, create.category) == (
        "POST",
        "/repos/{owner}/{repo}/issues",
        "issues",
    )
    assert "raw" in create.formats  # application/vnd.github.raw+json
    assert create.docs_url == "https://docs.github.com/rest/issues/issues#create-an-issue"
    title = next(p for p in create.parameters if p.name == "title")
    assert (title.location, title.required, title.type) == ("body", True, "string|integer")
    assert upload.base_url == "https://uploads.github.com"
    assert upload.body == "binary"
    assert [(p.name, p.location) for p in upload.parameters][-2:] == [
        ("name", "query"),
        ("label", "query"),
    ]


def example(param: catalog.Parameter) -> object:
    """A value of the parameter's type (its first enum value when it has one)."""
    kind = param.type.split("|")[0]
    if param.enum:
        return [param.enum[0]] if kind.startswith("array<") else param.enum[0]
    if kind.startswith("array<"):
        return ["x"]
    examples: dict[str, object] = {"integer": 1, "number": 1.5, "boolean": True, "object": {}}
    return examples.get(kind, "a/b" if param.multi_segment else "example")


def test_every_operation_builds_a_request() -> None:
    """Each operation of the file, with example values for every parameter, becomes
    through Operation.call a request with nothing left unexpanded, no parameter lost, and
    no warning from check() but deprecations. The quirks (body fields named like a path
    parameter or ``url``, query parameters on POST, the uploads host, raw bodies) are all
    in here."""
    failures = []
    for op in catalog.operations():
        values = {p.name: example(p) for p in op.parameters}
        if op.body not in ("", "json"):
            values["data"] = b"" if op.body == "binary" else ""
        route, parameters = op.call(values)
        try:
            options = endpoint(route, parameters)
        except EndpointError as error:
            failures.append(f"{op.id}: {error}")
            continue
        body, query = options.get("body", {}), options["url"].partition("?")[2]
        lost = [
            p.name
            for p in op.parameters
            if (p.location == "body" and p.name not in body)
            or (p.location == "query" and f"{p.name}=" not in query)
        ]
        deprecated = [f"{op.id} is deprecated; see {op.docs_url}"] * op.deprecated
        deprecated += [f"{op.id}: {p.name} is deprecated" for p in op.parameters if p.deprecated]
        problems = [w for w in catalog.check(route, parameters) if w not in deprecated]
        if "{" in options["url"] or options["method"] != op.method.lower() or lost or problems:
            failures.append(f"{op.id}: {options['method']} {options['url']} {lost} {problems}")

    assert failures == []


SPEC: dict[str, Any] = {
    "servers": [{"url": "https://api.github.com"}],
    "paths": {
        "/repos/{owner}/{repo}/contents/{path}": {
            "put": {
                "operationId": "repos/create-or-update-file-contents",
                "summary": "Create or update file contents",
                "externalDocs": {"url": "https://docs.github.com/rest/repos/contents#x"},
                "x-github": {"category": "repos", "subcategory": "contents"},
                "parameters": [
                    {"$ref": "#/components/parameters/owner"},
                    {
                        "name": "path",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "string"},
                        "x-multi-segment": True,
                    },
                ],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "oneOf": [
                                    {
                                        "type": "object",
                                        "properties": {"message": {"type": "string"}},
                                        "required": ["message"],
                                    },
                                    {
                                        "type": "object",
                                        "properties": {
                                            "message": {"type": "string"},
                                            "sha": {"type": "string", "nullable": True},
                                        },
                                        "required": ["message", "sha"],
                                    },
                                ]
                            }
                        }
                    },
                },
            },
            "get": {
                "operationId": "repos/get-content",
                "summary": "Get content",
                "deprecated": True,
                "description": "Use **`application/vnd.github.raw+json`** for the bytes.",
                "x-github": {"category": "repos", "subcategory": "repos"},
                "parameters": [
                    {
                        "name": "state",
                        "in": "query",
                        "schema": {
                            "type": "string",
                            "enum": ["open", "closed"],
                            "default": "open",
                        },
                    }
                ],
            },
        },
        "/upload": {
            "post": {
                "operationId": "releases/upload",
                "summary": "Upload",
                "servers": [{"url": "https://uploads.github.com"}],
                "requestBody": {
                    "content": {
                        "application/octet-stream": {
                            "schema": {"type": "string", "format": "binary"}
                        }
                    }
                },
            }
        },
    },
    "components": {
        "parameters": {
            "owner": {
                "name": "owner",
                "in": "path",
                "required": True,
                "schema": {"type": "string"},
            }
        }
    },
}


def test_build_catalog_on_a_small_description() -> None:
    """$ref, oneOf bodies, multi-segment, deprecated, media types, a raw body on another host."""
    built = load_generator().build_catalog(SPEC, {"package": "fixture"})

    assert built["base_url"] == "https://api.github.com"
    assert built["operations"] == [
        {
            "id": "repos/get-content",
            "method": "GET",
            "url": "/repos/{owner}/{repo}/contents/{path}",
            "summary": "Get content",
            "docs": "",
            "category": "repos",
            "deprecated": True,
            "accept": ["application/vnd.github.raw+json"],
            "params": [
                {"name": "state", "in": "query", "type": "string", "enum": ["open", "closed"],
                 "default": "open"},
            ],
        },
        {
            "id": "repos/create-or-update-file-contents",
            "method": "PUT",
            "url": "/repos/{owner}/{repo}/contents/{path}",
            "summary": "Create or update file contents",
            "docs": "rest/repos/contents#x",
            "category": "repos",
            "subcategory": "contents",
            "body": {"content_type": "application/json", "required": True, "alternatives": 2},
            "params": [
                {"name": "owner", "in": "path", "required": True, "type": "string"},
                {"name": "path", "in": "path", "required": True, "type": "string",
                 "multi_segment": True},
                {"name": "message", "in": "body", "required": True, "type": "string"},
                {"name": "sha", "in": "body", "type": "string", "nullable": True},
            ],
        },
        {
            "id": "releases/upload",
            "method": "POST",
            "url": "/upload",
            "summary": "Upload",
            "docs": "",
            "category": "releases",
            "base_url": "https://uploads.github.com",
            "body": {"content_type": "application/octet-stream", "raw": "binary"},
        },
    ]  # fmt: skip


def test_dumps_is_one_operation_a_line_and_valid_json() -> None:
    """The written file reads back as the catalog, one operation a line."""
    generator = load_generator()
    built = generator.build_catalog(SPEC, {"package": "fixture"})

    text = generator.dumps(built)

    assert json.loads(text) == built
    assert sum(line.startswith('{"id":') for line in text.splitlines()) == 3


def test_parameters_used_twice_are_shared_by_key() -> None:
    """A parameter two operations define alike moves into the table; a different one of
    the same name gets ``name~2``; one used once stays inline."""
    owner = {"name": "owner", "in": "path", "required": True, "type": "string"}
    other_owner = {**owner, "description": "Another owner."}
    once = {"name": "q", "in": "query", "type": "string"}
    operations: list[dict[str, Any]] = [
        {"id": "a/one", "params": [dict(owner), dict(other_owner)]},
        {"id": "a/two", "params": [dict(owner), dict(other_owner), dict(once)]},
        {"id": "a/three"},
    ]

    shared = load_generator()._share_parameters(operations)

    assert shared == {"owner": owner, "owner~2": other_owner}
    assert [op.get("params") for op in operations] == [
        ["owner", "owner~2"],
        ["owner", "owner~2", once],
        None,
    ]


def test_the_committed_file_reads_back_through_the_library(data: dict[str, Any]) -> None:
    """Shared parameters are the same objects wherever they are used, and the file holds
    each parameter, and each list of them, once."""
    create = catalog.find("issues/create")
    listing = catalog.find("issues/list-for-repo")
    assert create is not None
    assert listing is not None

    assert create.parameters[0] is listing.parameters[0]
    assert create.parameters[0].description.startswith("The account owner of the repository")
    assert data["fields"] == (catalog.Operation._fields, catalog.Parameter._fields)
    rows, lists = data["parameters"], data["lists"]
    assert len({repr(row) for row in rows}) == len(rows) == 1336  # equal ones written once
    assert len(set(lists)) == len(lists) == 723
    assert {place for places in lists for place in places} == set(range(len(rows)))
    uses = Counter(id(p) for op in catalog.operations() for p in op.parameters)
    assert len(uses) == len(rows)
    assert uses[id(create.parameters[0])] > 500  # owner: one object for all its uses


def test_the_rows_read_back_as_the_operations_they_were_written_from() -> None:
    """A small description's catalog, written as the generator writes it and made again
    as the library makes it: equal operations, equal parameters one object."""
    generator = load_generator()
    built = generator.build_catalog(SPEC, {"package": "fixture"})
    shared = {key: _data._parameter(raw) for key, raw in built["parameters"].items()}
    base, docs = built["base_url"], built["docs_base"]
    expected = tuple(_data._operation(raw, base, docs, shared) for raw in built["operations"])

    rows = marshal.loads(generator.compiled(built))
    made = _data.made_of_rows(rows)

    assert rows["source"] == {"package": "fixture"}
    assert made == expected
    assert [op.id for op in made] == [
        "repos/get-content", "repos/create-or-update-file-contents", "releases/upload"
    ]  # fmt: skip
    assert made[1].parameters[1] == catalog.Parameter(
        "path", "path", "string", True, multi_segment=True
    )
    assert made[2].base_url == "https://uploads.github.com"
    assert made[0].docs_url == ""


def test_rows_hold_each_parameter_once_by_its_value_and_type() -> None:
    """One object used twice, and an equal one of its own, are one row; an enum of True
    and one of 1 are equal as tuples but not the same value, and stay two rows."""
    owner = catalog.Parameter("owner", "path", "string", True)
    flag = catalog.Parameter("flag", "query", "boolean", enum=(True,))
    one = catalog.Parameter("flag", "query", "boolean", enum=(1,))

    def op(id: str, *parameters: catalog.Parameter) -> catalog.Operation:
        return catalog.Operation(id, "GET", "/x", "", "", "x", "x", False, "", (), "", parameters)

    written = (
        op("a/one", owner, flag),
        op("a/two", catalog.Parameter("owner", "path", "string", True), one),
        op("a/three", owner, flag),
    )

    rows = _data.rows_of(written)

    assert rows["parameters"] == (tuple(owner), tuple(flag), tuple(one))
    assert rows["lists"] == ((0, 1), (0, 2))
    made = _data.made_of_rows(rows)
    assert made == written
    assert made[0].parameters[0] is made[1].parameters[0] is made[2].parameters[0]
    assert made[1].parameters[1].enum[0] is not True  # 1, as written


def test_a_file_written_for_other_fields_is_refused_with_the_fix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A model changed without the file made again: refused, not read into wrong fields."""
    rows = marshal.loads(CATALOG.read_bytes())
    rows["fields"] = (rows["fields"][0][:-1], rows["fields"][1])
    stale = tmp_path / "github-rest.marshal"
    stale.write_bytes(marshal.dumps(rows, _data.MARSHAL_VERSION))
    monkeypatch.setattr(_data, "DATA", str(stale))
    read = _data._operations.__wrapped__  # not the cache: the catalog's objects stay as they are

    with pytest.raises(
        EndpointError, match="other fields than this restroute's; reinstall"
    ) as error:
        read()
    assert "cannot be read" not in str(error.value)  # said once, not wrapped in another


def damaged(rows: dict[str, Any]) -> list[bytes]:
    """The data file as a broken install may hold it."""
    whole = marshal.dumps(rows, _data.MARSHAL_VERSION)
    short = {**rows, "operations": tuple(row[:-1] for row in rows["operations"])}
    narrow = {**rows, "parameters": (rows["parameters"][0][:3], *rows["parameters"][1:])}
    return [
        whole[: len(whole) // 2],  # cut short
        b"",
        b"not marshal at all",
        marshal.dumps([1, 2, 3]),
        marshal.dumps({"fields": rows["fields"]}),  # the rows missing
        marshal.dumps(short),
        marshal.dumps(narrow),
    ]


@pytest.mark.parametrize("case", range(7))
def test_a_damaged_file_is_refused_with_the_fix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: int
) -> None:
    """Cut short, empty, not marshal, not a table, rows missing or of another width: each
    is an EndpointError naming the file and the fix (they raised EOFError, ValueError,
    AttributeError, KeyError and IndexError, or read short rows into wrong fields)."""
    broken = tmp_path / "github-rest.marshal"
    broken.write_bytes(damaged(marshal.loads(CATALOG.read_bytes()))[case])
    monkeypatch.setattr(_data, "DATA", str(broken))

    with pytest.raises(EndpointError, match=r"github-rest.marshal .*; reinstall restroute"):
        _data._operations.__wrapped__()


def test_a_merge_patch_removes_with_null_and_merges_mappings() -> None:
    """RFC 7396's own examples (appendix A), three of them."""
    merge = load_generator().merge_patch
    assert merge({"a": "b"}, {"a": "c"}) == {"a": "c"}
    assert merge({"a": "b", "b": "c"}, {"a": None}) == {"b": "c"}
    assert merge({"a": {"b": "c"}}, {"a": {"b": "d", "c": None}}) == {"a": {"b": "d"}}
    assert merge({"a": [{"b": "c"}]}, {"a": [1]}) == {"a": [1]}


def test_a_json_patch_adds_removes_and_replaces_in_place() -> None:
    """RFC 6902's add, remove and replace, on a path with an escaped slash."""
    target = {"requestBody": {"content": {"application/json": {"x": 1, "y": [1, 2]}}}}
    load_generator().json_patch(target, [
        {"op": "remove", "path": "/requestBody/content/application~1json/x"},
        {"op": "add", "path": "/requestBody/content/application~1json/y/-", "value": 3},
        {"op": "replace", "path": "/requestBody/content/application~1json/y/0", "value": 0},
        {"op": "add", "path": "/responses", "value": {}},
    ])  # fmt: skip
    assert target == {"requestBody": {"content": {"application/json": {"y": [0, 2, 3]}}},
                      "responses": {}}  # fmt: skip
    with pytest.raises(ValueError, match="JSON Patch op 'move' is not applied here"):
        load_generator().json_patch(target, [{"op": "move", "path": "/responses"}])


def test_a_version_is_the_patches_of_that_version_and_before() -> None:
    generator = load_generator()
    spec = {"paths": {"/a": {"post": {"operationId": "a/b", "x-github-breaking-changes": [
        {"version": "2026-03-10", "patch": {"summary": "new"}},
        {"version": "2027-01-01", "patch": {"summary": "newer"}},
    ]}}}}  # fmt: skip
    assert generator.versions(spec) == ["2026-03-10", "2027-01-01"]
    assert generator.with_version(spec, "2026-03-10")["paths"]["/a"]["post"] == {
        "operationId": "a/b", "summary": "new",
    }  # fmt: skip
    assert "summary" not in spec["paths"]["/a"]["post"]  # the description is left as it was
