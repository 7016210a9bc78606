"""Any API, on real descriptions: ReadMe's OpenAPI examples and GitHub's own descriptions.

The files come from the npm registry, pinned by version and published integrity, through
tests/registry.py: fetched once into a per-user cache, never into the repository, and the
tests skip (with npm's error) where npm cannot fetch them. Every description loads, and
every operation's example values build a request or fail with an EndpointError that names
the operation or the parameter; read back by the catalog, each request gives values that
build it again (the round trip law). The facts below were read by hand in the files; expected
URLs and bodies are written from OpenAPI 3.1.1's serialization table (4.8.12.4), WHATWG's
form encoding and RFC 7578, never copied from a run.
"""

from __future__ import annotations

import hashlib
import json
import marshal
import re
import shutil
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from restroute import EndpointError, catalog, endpoint
from restroute._core.wire import body_bytes
from restroute.catalog import Catalog, Match, Operation, Parameter
from restroute.catalog._serialize import BOUNDARY, MULTIPART
from tests.registry import OCTOKIT_OPENAPI, oas_examples, octokit_openapi

__all__ = ["oas_examples", "octokit_openapi"]  # the fixtures, imported to be found here

# Not the fast loop: its first run fetches 29 MB with npm, and it reads GitHub's 13 MB
# descriptions three times (about 5 s). tests/conftest.py assigns layers by module; this
# module says its own, as it is the only one that needs the registry.
pytestmark = pytest.mark.slow

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")

# --- @readme/oas-examples 8.2.2: every 3.0 and 3.1 description, listed by hand ---------------
# The list is checked against the package (test_the_list_is_every_description_in_the_package),
# so a description is never left out unseen; listed, each is a test of its own, by its path.

BOTH_30 = [
    "callbacks", "circular-paths", "circular-request-bodies", "circular", "complex-nesting",
    "discriminators", "file-uploads", "form-data", "http-status-codes", "link-example",
    "parameters-common", "parameters-cookies", "parameters-extreme", "parameters-style",
    "petstore-expanded", "petstore-simple-no-tags", "petstore-simple", "petstore",
    "polymorphism", "readme-extensions", "readme-legacy", "request-examples",
    "response-examples", "response-http-behavior", "response-multiple-mediatypes",
    "response-schemas", "schema-additional-properties", "schema-circular", "schema-deprecated",
    "schema-encoding-style", "schema-enums", "schema-types", "schema-validation",
    "schema-visibility", "security-multiple", "security", "server-path-level",
    "server-variables", "star-trek", "uspto",
]  # fmt: skip
JSON_ONLY_30 = ["response-empty-examples"]
WORKSHOP = [
    "additional-ref", "anyOf-allOf", "get", "hoot", "post-requestBody", "post-responses",
    "post", "refs", "server-variables", "title",
]  # fmt: skip
BOTH_31 = [
    "parameters-style", "petstore-simple", "petstore", "readme-extensions", "readme",
    "schema-encoding-style", "schema-types", "schema-validation-local",
    "schema-validation-top-level", "security", "train-travel", "webhooks",
]  # fmt: skip
DESCRIPTIONS = [
    *(f"3.0/json/{name}.json" for name in sorted(BOTH_30 + JSON_ONLY_30)),
    *(f"3.0/json/openapi-workshop/{name}.json" for name in WORKSHOP),
    *(f"3.0/yaml/{name}.yaml" for name in BOTH_30),
    *(f"3.1/json/{name}.json" for name in BOTH_31),
    *(f"3.1/yaml/{name}.yaml" for name in BOTH_31),
]
SWAGGER_2 = [
    "api-with-examples", "petstore-expanded", "petstore-minimal", "petstore-simple",
    "petstore-with-external-docs", "petstore", "schema-circular",
]  # fmt: skip
SWAGGER_2_FILES = [f"2.0/json/{name}.json" for name in SWAGGER_2] + [
    f"2.0/yaml/{name}.yaml" for name in SWAGGER_2
]

# Counted in the files with json and yaml alone (paths x methods, 3.0 and 3.1): all load.
OPERATIONS = 1267
# The operations ReadMe wrote with a body on a GET (OpenAPI 3.1.1 4.8.10.1: a GET's body
# has no defined meaning): each loads without it, and the catalog says so, a note each.
GET_BODIES = 6

# GitHub's descriptions in @octokit/openapi 23.0.2, paths x methods counted with json alone.
GITHUB = {"api.github.com.json": 1223, "ghec.json": 1471, "ghes-3.19.json": 1039}

# The values of OpenAPI 3.1.1's style table: color as a string, an array and an object.
BLUE = "blue"
COLORS = ["blue", "black", "brown"]
RGB = {"R": 100, "G": 200, "B": 150}


def load(root: Path, relative: str) -> Catalog:
    return catalog.load(root / relative)


def operation(api: Catalog, key: str) -> Operation:
    op = api.find(key)
    assert op is not None, key
    return op


def build(op: Operation, values: dict[str, Any]) -> dict[str, Any]:
    """The request ``values`` make, as `restroute build --catalog` makes it."""
    route, parameters = op.call(values)
    request: dict[str, Any] = endpoint.defaults(op.defaults)(route, parameters)
    return request


def attempt(op: Operation, values: dict[str, Any]) -> dict[str, Any] | EndpointError:
    """The request ``values`` make, or the EndpointError that says why there is none."""
    try:
        return build(op, values)
    except EndpointError as error:
        return error


def names_it(op: Operation, message: str) -> bool:
    """Whether an error's message names the operation (id or route) or one of its
    parameters, as a whole word."""
    names = {op.id, op.route, f"{op.method} {op.url}", *(p.name for p in op.parameters)}
    return any(re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", message) for name in names)


def counted(path: Path) -> int:
    """The operations of a description, counted in its JSON without restroute."""
    described = json.loads(path.read_text(encoding="utf-8"))
    return sum(method in METHODS for item in described["paths"].values() for method in item)


# --- every ReadMe example ------------------------------------------------------------------


def test_the_list_is_every_description_in_the_package(oas_examples: Path) -> None:
    """The hand-written list is what the package holds: a description left out of it
    would be one never tested, unseen."""
    found = sorted(
        path.relative_to(oas_examples).as_posix()
        for version in ("3.0", "3.1")
        for path in (oas_examples / version).rglob("*")
        if path.suffix in (".json", ".yaml")
    )
    assert found == sorted(DESCRIPTIONS)
    assert len(DESCRIPTIONS) == 115


@pytest.mark.parametrize("relative", DESCRIPTIONS)
def test_every_operation_of_a_description_builds_a_request(
    oas_examples: Path, relative: str
) -> None:
    """Each description loads, and each operation's example (the values a form first shows),
    and its required values alone (the least a call gives), make a request to an http(s) URL
    with the operation's method; or the one error restroute raises, EndpointError, naming
    what cannot be sent. Any other exception is a bug."""
    api = load(oas_examples, relative)
    for op in api.operations:
        example = op.example()
        required = {name: example[name] for name, param in op.form() if param.required}
        for values in (example, required):
            request = attempt(op, values)
            if isinstance(request, EndpointError):
                assert names_it(op, str(request)), (op.id, str(request))
                continue
            assert request["method"] == op.method.lower(), op.id
            assert re.match(r"https?://[^/]+", request["url"]), (op.id, request["url"])


def test_the_examples_load_every_operation_they_describe(oas_examples: Path) -> None:
    """Nothing is skipped: 1,267 operations, and only the six GET bodies are left out."""
    apis = [load(oas_examples, relative) for relative in DESCRIPTIONS]
    assert sum(len(api.operations) for api in apis) == OPERATIONS
    notes = [note.reason for api in apis for note in api.skipped]
    assert len(notes) == GET_BODIES
    assert all(re.fullmatch(r"#/paths/.*/get/requestBody left out: .*", n) for n in notes)


@pytest.mark.parametrize("relative", SWAGGER_2_FILES)
def test_a_swagger_2_description_says_how_to_convert_it(oas_examples: Path, relative: str) -> None:
    with pytest.raises(EndpointError, match=r"#/swagger is Swagger 2\.0.*swagger2openapi"):
        load(oas_examples, relative)


# --- parameters-style: every style of OpenAPI 3.1.1's table ---------------------------------


@pytest.fixture(scope="module")
def styles(oas_examples: Path) -> Catalog:
    return load(oas_examples, "3.0/json/parameters-style.json")


def colors(op: Operation) -> dict[str, object]:
    """The table's values under the names the form gives primitive, array and object."""
    table: dict[str, object] = {"primitive": BLUE, "array": COLORS, "object": RGB}
    return {name: table[param.name] for name, param in op.form() if param.name in table}


def test_path_and_query_styles_are_the_routes_template_operators(styles: Catalog) -> None:
    """Read in the file: each operation's parameters, their style and explode."""
    routes = {
        "paths_matrix_exploded": "POST /anything/path/matrix/{;primitive*}/{;array*}/{;object*}",
        "paths_label_nonExploded": "GET /anything/path/label/{.primitive}/{.array}/{.object}",
        "paths_simple_exploded": "POST /anything/path/simple/{primitive*}/{array*}/{object*}",
        "query_standard": "GET /anything/query{?primitive*,array*,object*}",  # form, exploded
        "query_form_nonExploded": "GET /anything/query/form{?primitive,array,object}",
        # deepObject and the delimited styles have rules of their own, outside the template
        "query_deepObject_nonExploded": "GET /anything/query/deepObject",
        "query_pipeDelimited_nonExploded": "GET /anything/query/pipeDelimited",
        # /cookies#formNonExploded: the fragment tells ReadMe's twins apart, and is not sent
        "cookies_form_nonExploded": "GET /cookies",
    }
    assert {key: operation(styles, key).route for key in routes} == routes


@pytest.mark.parametrize(
    ("key", "url"),
    [
        ("paths_matrix_nonExploded",
         "/path/matrix/;primitive=blue/;array=blue,black,brown/;object=R,100,G,200,B,150"),
        ("paths_matrix_exploded",
         "/path/matrix/;primitive=blue/;array=blue;array=black;array=brown/;R=100;G=200;B=150"),
        ("paths_label_nonExploded", "/path/label/.blue/.blue,black,brown/.R,100,G,200,B,150"),
        ("paths_label_exploded", "/path/label/.blue/.blue.black.brown/.R=100.G=200.B=150"),
        ("paths_simple_nonExploded", "/path/simple/blue/blue,black,brown/R,100,G,200,B,150"),
        ("paths_simple_exploded", "/path/simple/blue/blue,black,brown/R=100,G=200,B=150"),
        ("query_form_nonExploded",
         "/query/form?primitive=blue&array=blue,black,brown&object=R,100,G,200,B,150"),
        ("query_form_exploded",
         "/query/form?primitive=blue&array=blue&array=black&array=brown&R=100&G=200&B=150"),
        ("query_spaceDelimited_nonExploded",
         "/query/spaceDelimited?array=blue%20black%20brown&object=R%20100%20G%20200%20B%20150"),
        ("query_pipeDelimited_nonExploded",
         "/query/pipeDelimited?array=blue%7Cblack%7Cbrown&object=R%7C100%7CG%7C200%7CB%7C150"),
        ("query_deepObject_nonExploded",
         "/query/deepObject?object%5BR%5D=100&object%5BG%5D=200&object%5BB%5D=150"),
    ],
)  # fmt: skip
def test_each_style_writes_the_url_of_the_table(styles: Catalog, key: str, url: str) -> None:
    """The table's row for the style and explode, with ``color`` as the parameter's name."""
    op = operation(styles, key)
    assert build(op, colors(op))["url"] == "https://httpbin.org/anything" + url


def test_header_and_cookie_styles_write_the_values_of_the_table(styles: Catalog) -> None:
    """Headers are simple (the table's simple rows); a cookie, form without explode, is
    ``name=value`` as the form row writes it, cookies joined by ``; `` (RFC 6265)."""
    op = operation(styles, "headers_simple_exploded")
    headers = build(op, colors(op))["headers"]
    assert (headers["primitive"], headers["array"], headers["object"]) == (
        "blue", "blue,black,brown", "R=100,G=200,B=150",
    )  # fmt: skip
    op = operation(styles, "headers_simple_nonExploded")
    assert build(op, colors(op))["headers"]["object"] == "R,100,G,200,B,150"
    op = operation(styles, "cookies_form_nonExploded")
    assert build(op, colors(op))["headers"]["cookie"] == (
        "primitive=blue; array=blue,black,brown; object=R,100,G,200,B,150"
    )


def test_the_31_description_of_the_styles_has_the_same_routes(
    oas_examples: Path, styles: Catalog
) -> None:
    """3.1/yaml/parameters-style.yaml writes the same parameters in YAML, with one more
    GET that has a body; the path and query operations are the same."""
    other = load(oas_examples, "3.1/yaml/parameters-style.yaml")
    for key in ("paths_label_exploded", "paths_matrix_nonExploded", "query_form_exploded"):
        assert operation(other, key).route == operation(styles, key).route


# --- servers -----------------------------------------------------------------------------------


def test_server_variables_at_their_defaults_make_the_base_url(oas_examples: Path) -> None:
    """server-variables.json: https://{name}.example.com:{port}/{basePath}, defaults demo,
    "443" and v2 (strings, as OpenAPI requires of a variable's default). The port is text
    in a URL: https://demo.example.com:443/v2, never a JSON-quoted "443"."""
    api = load(oas_examples, "3.0/json/server-variables.json")
    assert api.base_url == "https://{name}.example.com:{port}/{basePath}"
    post = operation(api, "POST /global")
    assert [(p.name, p.default) for p in post.parameters] == [
        ("name", "demo"), ("port", "443"), ("basePath", "v2"),
    ]  # fmt: skip
    assert post.defaults["baseUrl"] == "https://demo.example.com:443/v2"
    assert build(post, {})["url"] == "https://demo.example.com:443/v2/global"


def test_server_variables_given_fill_the_base_url(oas_examples: Path) -> None:
    """server-variables.json: the first server is the one used, each variable a
    ``server.NAME`` row; an operation's own servers (and a path's) replace the
    description's, variables and all."""
    api = load(oas_examples, "3.0/json/server-variables.json")
    post = operation(api, "POST /global")
    assert [name for name, _ in post.form()] == ["server.name", "server.port", "server.basePath"]
    chosen = {"server.name": "acme", "server.port": "8443", "server.basePath": "v3"}
    assert build(post, chosen)["url"] == "https://acme.example.com:8443/v3/global"
    assert build(post, post.example())["url"] == "https://demo.example.com:443/v2/global"
    own = operation(api, "POST /operation")
    assert build(own, {})["url"] == "https://httpbin.com/anything/demo/operation"
    assert build(own, {"server.subpath": "x"})["url"] == "https://httpbin.com/anything/x/operation"
    assert build(operation(api, "PUT /path"), {})["url"] == (
        "https://httpbin.com/anything/common/demo/path"
    )
    # /combo has servers on the path and on the operation: the operation's win
    assert build(operation(api, "PUT /combo"), {})["url"] == (
        "https://httpbin.com/anything/demo/combo"
    )


def test_path_and_operation_servers_replace_the_descriptions(oas_examples: Path) -> None:
    """server-path-level.yaml: an operation's servers with a variable, a path item's
    servers reached through a $ref, and an operation's empty list, which leaves the path's."""
    api = load(oas_examples, "3.0/yaml/server-path-level.yaml")
    urls = {
        "GET /operation-server-variables": "https://operation.example.com/v3/operation-server-variables",
        "GET /path-item-ref-server": "https://path-item-ref.example.com/path-item-ref-server",
        "GET /empty-operation-servers": "https://empty-operation-path.example.com/empty-operation-servers",
    }  # fmt: skip
    assert {key: build(operation(api, key), {})["url"] for key in urls} == urls


def test_an_empty_path_level_server_list_leaves_the_descriptions_servers(
    oas_examples: Path,
) -> None:
    """server-path-level.yaml, /empty-path-item-servers: ``servers: []`` on the path item
    and none on the operation. An empty operation-level list leaves the path's servers (the
    test above); an empty path-level list must leave the description's, the first of which
    is https://{name}.example.com:{port}/{basePath} (demo, 443, v2) -- not endpoint()'s
    default, GitHub's API."""
    api = load(oas_examples, "3.0/yaml/server-path-level.yaml")
    request = build(operation(api, "GET /empty-path-item-servers"), {})
    assert request["url"] == "https://demo.example.com:443/v2/empty-path-item-servers"


@pytest.mark.parametrize(
    "relative",
    ["3.0/json/link-example.json", "3.0/yaml/link-example.yaml", "3.0/json/callbacks.json"],
)
def test_a_description_without_servers_sends_nothing_to_github(
    oas_examples: Path, relative: str
) -> None:
    """These have no servers: OpenAPI 3.1.1 (4.8.1.1) reads that as the server ``/``, the
    host the description is served from, which a file on disk does not have. A request
    built from them must not go to endpoint()'s default host, api.github.com (link-example
    is Bitbucket's 2.0 API): restroute may ask for a base URL instead, as an EndpointError."""
    api = load(oas_examples, relative)
    assert api.operations
    for op in api.operations:
        request = attempt(op, op.example())
        if isinstance(request, EndpointError):
            assert names_it(op, str(request)), (op.id, str(request))
            continue
        assert not request["url"].startswith("https://api.github.com/"), (op.id, request["url"])


def test_a_relative_server_url_is_an_error_naming_the_operation_and_the_url(
    oas_examples: Path,
) -> None:
    """server-path-level.yaml: servers ``/v2`` (on a path) and ``/v3`` (on an operation),
    relative to where the description is served (OpenAPI 3.1.1 4.8.5.1). Read from a file,
    there is no such host: building says so, naming the operation and the URL."""
    api = load(oas_examples, "3.0/yaml/server-path-level.yaml")
    for key, url in [
        ("GET /relative-path-server", "/v2"),
        ("GET /relative-operation-server", "/v3"),
    ]:
        with pytest.raises(EndpointError, match=rf"^{re.escape(key)}: base_url '{url}' "):
            build(operation(api, key), {})


# --- headers, circular schemas ------------------------------------------------------------


def test_the_example_of_a_header_holding_a_list_of_objects_builds(oas_examples: Path) -> None:
    """circular-paths.json, PUT /anything: a header ``content``, an array of SalesLine
    objects (a circular schema). The example a form offers for it must build a request,
    as every other operation's does; a value OpenAPI cannot serialize (simple style leaves
    objects inside a list undefined) is no example to offer."""
    api = load(oas_examples, "3.0/json/circular-paths.json")
    op = operation(api, "PUT /anything")
    assert [(p.name, p.location, p.type) for p in op.parameters] == [
        ("content", "header", "array<object>")
    ]
    request = build(op, op.example())
    assert request["url"] == "https://httpbin.org/anything/anything"


@pytest.mark.parametrize(
    ("relative", "routes"),
    [
        ("3.0/json/circular.json", ["GET /anything"]),
        ("3.0/yaml/schema-circular.yaml", ["PUT /nestedTest", "PUT /circular",
                                           "POST /not-quite-circular"]),
        ("3.0/json/circular-request-bodies.json", ["POST /direct", "POST /indirect",
                                                   "POST /polymorphic", "POST /multiple"]),
    ],
)  # fmt: skip
def test_a_circular_description_loads_and_nothing_hangs(
    oas_examples: Path, tmp_path: Path, relative: str, routes: list[str]
) -> None:
    """Schemas that refer to themselves (ErrorMessage.inner is an ErrorMessage) load in
    bounded time: read in a thread given 20 s, from a copy (catalog.load keeps what it
    read), and every operation's example builds."""
    copy = tmp_path / Path(relative).name
    shutil.copyfile(oas_examples / relative, copy)
    read: list[Catalog] = []
    thread = threading.Thread(target=lambda: read.append(catalog.load(copy)), daemon=True)
    thread.start()
    thread.join(timeout=20)
    assert not thread.is_alive(), f"{relative} is still loading after 20 s"
    [api] = read
    assert [op.route for op in api.operations] == routes
    for op in api.operations:
        build(op, op.example())


def test_a_self_referring_body_is_a_form_of_its_first_level(oas_examples: Path) -> None:
    """circular-request-bodies.json, POST /direct: a Node with a parent Node and children
    Nodes; the form has its fields, the nested ones as objects."""
    api = load(oas_examples, "3.0/json/circular-request-bodies.json")
    op = operation(api, "POST /direct")
    assert [(p.name, p.type) for p in op.parameters] == [
        ("id", "string"), ("name", "string"), ("parent", "object"), ("children", "array<object>"),
    ]  # fmt: skip


# --- bodies ------------------------------------------------------------------------------------


def test_a_form_body_is_the_bytes_a_browser_sends(oas_examples: Path) -> None:
    """form-data.json: application/x-www-form-urlencoded, client_id and client_secret (text),
    scope (an integer), in that order. WHATWG: space as +, ~ and ! percent-encoded."""
    api = load(oas_examples, "3.0/json/form-data.json")
    op = operation(api, "demoFormData")
    request = build(op, {"client_id": "my app", "client_secret": "s3cr3t~!", "scope": 7})
    assert request["url"] == "https://httpbin.org/anything"
    assert request["headers"]["content-type"] == "application/x-www-form-urlencoded"
    assert body_bytes(request) == b"client_id=my+app&client_secret=s3cr3t%7E%21&scope=7"


def test_a_multipart_body_sends_a_file_by_its_path(oas_examples: Path, tmp_path: Path) -> None:
    """file-uploads.json, POST /anything/multipart-formdata: orderId, userId (integers) and
    documentFile (binary), as RFC 7578 parts; the file's part has its name and type."""
    photo = tmp_path / "scan.png"
    photo.write_bytes(b"\x89PNG\r\n\x1a\n")
    api = load(oas_examples, "3.0/json/file-uploads.json")
    op = operation(api, "POST /anything/multipart-formdata")
    request = build(op, {"orderId": 7, "userId": 3, "documentFile": photo})
    assert request["headers"]["content-type"] == f"multipart/form-data; boundary={BOUNDARY}"
    assert body_bytes(request) == (
        b"--restroute-form-boundary\r\n"
        b'Content-Disposition: form-data; name="orderId"\r\n\r\n7\r\n'
        b"--restroute-form-boundary\r\n"
        b'Content-Disposition: form-data; name="userId"\r\n\r\n3\r\n'
        b"--restroute-form-boundary\r\n"
        b'Content-Disposition: form-data; name="documentFile"; filename="scan.png"\r\n'
        b"Content-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n\r\n"
        b"--restroute-form-boundary--\r\n"
    )


def test_a_list_of_files_is_a_part_each_under_one_name(oas_examples: Path, tmp_path: Path) -> None:
    """file-uploads.json, PUT /anything/multipart-formdata: ``filename``, an array of binary
    strings. RFC 7578 4.3: several files for one field are parts of the same name."""
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_bytes(b"one")
    second.write_bytes(b"two")
    api = load(oas_examples, "3.0/json/file-uploads.json")
    request = build(
        operation(api, "PUT /anything/multipart-formdata"), {"filename": [first, second]}
    )
    assert body_bytes(request) == (
        b"--restroute-form-boundary\r\n"
        b'Content-Disposition: form-data; name="filename"; filename="a.txt"\r\n'
        b"Content-Type: text/plain\r\n\r\none\r\n"
        b"--restroute-form-boundary\r\n"
        b'Content-Disposition: form-data; name="filename"; filename="b.txt"\r\n'
        b"Content-Type: text/plain\r\n\r\ntwo\r\n"
        b"--restroute-form-boundary--\r\n"
    )


def test_an_image_body_is_sent_as_its_bytes_with_its_type(oas_examples: Path) -> None:
    """file-uploads.json, POST /anything/image-png: the whole body is an image/png binary."""
    api = load(oas_examples, "3.0/json/file-uploads.json")
    op = operation(api, "POST /anything/image-png")
    assert op.body == "binary"
    request = build(op, {"data": b"\x89PNG"})
    assert request["headers"]["content-type"] == "image/png"
    assert body_bytes(request) == b"\x89PNG"


# --- GitHub's descriptions, from @octokit/openapi ------------------------------------------


@pytest.mark.parametrize(("name", "count"), GITHUB.items())
def test_githubs_descriptions_load_whole_and_every_example_builds(
    octokit_openapi: Path, name: str, count: int
) -> None:
    """api.github.com, GitHub Enterprise Cloud and Enterprise Server 3.19: every operation
    loads (none skipped), as many as the JSON has, and its example, and its required
    values alone, build a request."""
    path = octokit_openapi / name
    assert counted(path) == count
    api = catalog.load(path)
    assert api.skipped == ()
    assert len(api.operations) == count
    for op in api.operations:
        example = op.example()
        required = {name: example[name] for name, param in op.form() if param.required}
        for values in (example, required):
            request = build(op, values)
            assert request["method"] == op.method.lower(), op.id


def test_enterprise_servers_host_is_a_server_variable(octokit_openapi: Path) -> None:
    """ghes-3.19.json: {protocol}://{hostname}/api/v3, defaults http and HOSTNAME."""
    api = catalog.load(octokit_openapi / "ghes-3.19.json")
    assert api.base_url == "{protocol}://{hostname}/api/v3"
    op = operation(api, "issues/list-for-repo")
    values = {"owner": "octo", "repo": "hello", "server.protocol": "https",
              "server.hostname": "github.example.com"}  # fmt: skip
    assert build(op, values)["url"] == "https://github.example.com/api/v3/repos/octo/hello/issues"
    assert op.defaults["baseUrl"] == "http://HOSTNAME/api/v3"


def test_the_bundled_catalog_is_githubs_description_read(octokit_openapi: Path) -> None:
    """The bundled catalog was compacted (scripts/gen_catalog.py) from this very file: the
    same operations, by method and URL, with the same ids and the same parameter names in
    the path, the query and the body. Read from the description, path parameters come in
    the URL's order; the bundled catalog keeps the order the description lists them in,
    which differs for 38 operations (``package_type, package_name, org`` for
    /orgs/{org}/packages/{package_type}/{package_name})."""
    path = octokit_openapi / "api.github.com.json"
    source = marshal.loads(Path(catalog.DATA).read_bytes())["source"]
    assert source["integrity"] == OCTOKIT_OPENAPI.integrity
    assert source["member_sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
    read, bundled = catalog.load(path), catalog.load("github")
    by_route = {(op.method, op.url): op for op in bundled.operations}
    assert {(op.method, op.url) for op in read.operations} == set(by_route)
    reordered = 0
    for op in read.operations:
        other = by_route[op.method, op.url]
        assert op.id == other.id
        for location in ("path", "query", "body"):
            mine = [p.name for p in op.parameters if p.location == location]
            theirs = [p.name for p in other.parameters if p.location == location]
            if location == "path":
                assert mine == re.findall(r"\{([^}]+)\}", op.url), op.id
                reordered += mine != theirs
                mine, theirs = sorted(mine), sorted(theirs)
            assert mine == theirs, (op.id, location)
    assert reordered == 38


# --- the round trip law, on every operation of every description -----------------------------
# tests/unit/test_match_described.py states the law on a small description: the values a request
# is read back to build that very request again. Here it is checked on every operation of
# every description above, once with the example each form offers and once with richer
# values; the request is compared as it goes on the wire (its body as bytes, as body_bytes
# gives it: a JSON list and its bytes are the same request). Every operation is checked and
# every failure kept, so that one run says all that breaks, not the first thing.

# The operations whose example builds no request, by description (OpenAPI 3.1.1 4.8.1.1 and
# 4.8.5.1: no servers, or a relative one, is the host the file was served from, which a
# file read from disk lacks): they cannot be sent, so there is nothing to read back.
NOT_BUILT = {
    "3.0/json/callbacks.json": 1, "3.0/yaml/callbacks.yaml": 1,
    "3.0/json/link-example.json": 6, "3.0/yaml/link-example.yaml": 6,
    "3.0/json/server-path-level.json": 2, "3.0/yaml/server-path-level.yaml": 2,
}  # fmt: skip
# ReadMe's twins: operations of one method and path, told apart by a fragment (/cookies#...)
# that is never sent. A request is read as the first twin whose values build it again:
# cookies_form_nonExploded's own (array=a,b is no request cookies_standard writes), but
# cookies_form_exploded's styles are cookies_standard's, so its requests read as that
# twin, whose values build the same request all the same.
TWINS = {"cookies_form_exploded": "cookies_standard"}
PARAMETERS_STYLE = [relative for relative in DESCRIPTIONS if "/parameters-style." in relative]

# Richer values: text with a space, "/", "%", reserved characters and non-ASCII (a header's
# without non-ASCII: HTTP field values are ASCII; no space in a spaceDelimited item),
# numbers other than 1, both booleans, two items a list, two keys an object, bytes a file;
# the last choice of an enum, and a server variable's value of its kind.
TEXTS = ("a b/c%d é", "x+y&z=?#~ é")
HEADER_TEXTS = ("a b/c%d", "x+y&z=?#~")
BINARY = b"\x89PNG\r\n\x1a\n\x00\xff"


def read_back(api: Catalog, sent: dict[str, Any]) -> Match:
    """The request as a catalog reads it back (tests/unit/test_match_described.py's helper)."""
    return api.match(sent["method"].upper(), sent["url"], sent["headers"], body_bytes(sent))


def again(found: Match) -> dict[str, Any]:
    """The request the values read back build: the law says it is the one sent (the helper
    of tests/unit/test_match_described.py)."""
    assert found.operation is not None
    return build(found.operation, found.values())


def on_the_wire(request: dict[str, Any]) -> dict[str, Any]:
    """The request with its body as the bytes sent."""
    return {**request, "body": body_bytes(request)}


def short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 400 else text[:400] + "..."


def differences(sent: dict[str, Any], rebuilt: dict[str, Any]) -> list[str]:
    """What differs between two requests: the URL, each header, the body, any other key."""
    sent, rebuilt = on_the_wire(sent), on_the_wire(rebuilt)
    found = []
    for key in dict.fromkeys([*sent, *rebuilt]):
        mine, theirs = sent.get(key), rebuilt.get(key)
        if key == "headers" and isinstance(mine, dict) and isinstance(theirs, dict):
            found += [
                f"headers[{name}]: sent {short(mine.get(name))}, rebuilt {short(theirs.get(name))}"
                for name in dict.fromkeys([*mine, *theirs])
                if mine.get(name) != theirs.get(name)
            ]
        elif mine != theirs:
            found.append(f"{key}: sent {short(mine)}, rebuilt {short(theirs)}")
    return found


class Law:
    """The law checked on operations: how many were checked, left out (no request built),
    read as their twin, and the operations that failed: a line each, naming the description,
    the operation and its values, and what differs."""

    def __init__(self) -> None:
        self.checked = 0
        self.not_built: dict[str, int] = {}
        self.twins: list[str] = []
        self.failures: list[str] = []

    def check(self, relative: str, api: Catalog, op: Operation, values: dict[str, Any]) -> None:
        sent = attempt(op, values)
        if isinstance(sent, EndpointError):
            self.not_built[relative] = self.not_built.get(relative, 0) + 1
            if not names_it(op, str(sent)):
                self.failures.append(f"{relative} {op.id}: an error naming neither: {sent}")
            return
        self.checked += 1
        where = f"{relative} {op.id} {values!r:.300}"
        try:
            found = read_back(api, sent)
            if found.operation is None:
                self.failures.append(f"{where}: read as no operation {found.warnings}")
                return
            if found.operation is not op:
                if TWINS.get(op.id) != found.operation.id or found.operation.route != op.route:
                    self.failures.append(f"{where}: read as {found.operation.id}")
                    return
                self.twins.append(f"{relative} {op.id}")
            rebuilt = again(found)
        except Exception as error:  # a failure to record with the rest, whatever it is
            self.failures.append(f"{where}: {type(error).__name__}: {error}")
            return
        differ = differences(sent, rebuilt)
        if differ:
            self.failures.append(f"{where}: " + "; ".join(differ))

    def report(self) -> str:
        return f"{len(self.failures)} operations break the law:\n" + "\n".join(self.failures)


def rich(op: Operation, name: str, param: Parameter) -> object:
    """A richer value than the example, where one is valid for the parameter."""
    if param.location == "server" and not param.enum:  # a host, a port, a scheme, a path
        default = str(param.default)
        return "https" if default in ("http", "https") else "8443" if default.isdigit() else "rr9"
    if param.location == "media_type":
        return param.example
    if param.enum:
        return param.enum[-1]
    value = rich_of(param.type, op, param)
    return param.example if value is None else value


def first_of(kind: str) -> str:
    """The first type of a union: ``array<integer|string>`` of ``array<integer|string>|null``."""
    depth = 0
    for at, char in enumerate(kind):
        depth += (char == "<") - (char == ">")
        if char == "|" and not depth:
            return kind[:at]
    return kind


def rich_of(kind: str, op: Operation, param: Parameter, second: bool = False) -> object:
    """A value of ``kind`` (the first of a union); None where there is no richer one."""
    kind = first_of(kind)
    if kind.startswith("array<"):
        inner = kind[6:-1]
        items = [rich_of(inner, op, param), rich_of(inner, op, param, second=True)]
        return None if None in items else items
    if kind in ("string", "any"):
        text = (HEADER_TEXTS if param.location == "header" else TEXTS)[second]
        # a space delimits spaceDelimited's items: an item holding one is no such item
        return text.replace(" ", "_") if param.style == "spaceDelimited" else text
    if kind == "object":
        texts = [rich_of("string", op, param, second=flag) for flag in (second, not second)]
        return dict(zip(("alpha", "beta"), texts, strict=True))
    if kind == "binary":  # a file: a multipart part, or the whole body
        return BINARY if op.media_type == MULTIPART or param.name == "data" else None
    scalars: dict[str, tuple[object, object]] = {
        "integer": (42, -7), "number": (2.5, -0.25), "boolean": (True, False),
    }  # fmt: skip
    return scalars[kind][second] if kind in scalars else None


Values = Callable[[Operation], dict[str, Any]]


def rich_values(op: Operation) -> dict[str, Any]:
    return {name: rich(op, name, param) for name, param in op.form()}


def example_values(op: Operation) -> dict[str, Any]:
    return op.example()


@pytest.mark.parametrize("values", [example_values, rich_values], ids=["example", "rich"])
def test_every_readme_request_reads_back_to_the_values_that_build_it_again(
    oas_examples: Path, values: Values
) -> None:
    """All 115 descriptions, every operation: the values read back build the request sent.
    A twin of parameters-style that writes what cookies_standard writes is read as it, in
    each of its four files."""
    law = Law()
    for relative in DESCRIPTIONS:
        api = load(oas_examples, relative)
        for op in api.operations:
            law.check(relative, api, op, values(op))
    assert law.not_built == NOT_BUILT
    assert law.checked == OPERATIONS - sum(NOT_BUILT.values()) == 1249
    assert not law.failures, law.report()
    assert law.twins == [f"{relative} {op_id}" for relative in PARAMETERS_STYLE for op_id in TWINS]


@pytest.mark.parametrize("values", [example_values, rich_values], ids=["example", "rich"])
@pytest.mark.parametrize(("name", "count"), GITHUB.items())
def test_every_github_request_reads_back_to_the_values_that_build_it_again(
    octokit_openapi: Path, name: str, count: int, values: Values
) -> None:
    """GitHub's three descriptions, every operation: every request builds, and the values
    read back build it again."""
    law = Law()
    api = catalog.load(octokit_openapi / name)
    for op in api.operations:
        law.check(name, api, op, values(op))
    assert (law.checked, law.not_built, law.twins) == (count, {}, [])
    assert not law.failures, law.report()
