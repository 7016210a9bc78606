"""Build src/restroute/data/github-rest.marshal from GitHub's OpenAPI description, and
github-products.json.gz: GHEC's and GHES's, and the REST API's calendar versions.

Usage: python scripts/gen_catalog.py [--check | --text]

Maintainers only; CI never fetches: the generated file is committed. The source is the
npm package @octokit/openapi, pinned below with its published sha512 integrity. The
tarball comes from ``npm pack`` (nothing is installed or run) and is read in memory.
``--check`` rebuilds and fails when the committed file differs.

To bump: ``npm view @octokit/openapi@X dist.integrity``, edit VERSION and INTEGRITY,
re-run, and review the change as text: ``--text`` prints the catalog as JSON, one
operation a line, so two versions' outputs diff line by line (the committed file is
marshal's rows, which load four times faster than JSON: restroute.catalog._data).
"""

from __future__ import annotations

import argparse
import base64
import copy
import functools
import gzip
import hashlib
import io
import json
import marshal
import re
import subprocess
import sys
import tarfile
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from restroute.catalog import _data

PACKAGE = "@octokit/openapi"
VERSION = "23.0.2"
INTEGRITY = (
    "sha512-pV8M7L9GY23AybNvTmo2nyjmpmnt6+2sRE/tqr0ZLQcPS4lnw7u5eZGNmwRNkBC3D7gZX"
    "bFx5AHzLUVRBXGDhg=="
)
MEMBER = "package/generated/api.github.com.json"
DATA = Path(__file__).resolve().parents[1] / "src" / "restroute" / "data"
OUT = DATA / "github-rest.marshal"
PRODUCTS_OUT = DATA / "github-products.json.gz"
# The products @octokit/openapi carries besides api.github.com: name -> title.
PRODUCTS = {
    "ghec": "GitHub Enterprise Cloud",
    "ghes-3.17": "GitHub Enterprise Server 3.17",
    "ghes-3.18": "GitHub Enterprise Server 3.18",
    "ghes-3.19": "GitHub Enterprise Server 3.19",
}

METHODS = ("get", "put", "post", "patch", "delete", "head", "options")
DOCS_BASE = "https://docs.github.com/"
_MEDIA_TYPE = re.compile(r"`(application/vnd\.github\.[A-Za-z0-9.+-]+)`")
DESCRIPTION_LIMIT = 300


def fetch(members: tuple[str, ...] = (MEMBER,)) -> tuple[dict[str, bytes], dict[str, str]]:
    """The pinned tarball's members, checked against the pinned integrity."""
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run(
            ["npm", "pack", f"{PACKAGE}@{VERSION}", "--pack-destination", folder, "--json",
             "--ignore-scripts"],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        [packed] = json.loads(done.stdout)
        data = (Path(folder) / packed["filename"]).read_bytes()
    integrity = "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()
    if integrity != INTEGRITY or packed["integrity"] != INTEGRITY:
        sys.exit(f"integrity mismatch: got {integrity}, npm says {packed['integrity']}")
    read = {}
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        for name in members:
            member = archive.extractfile(name)
            assert member is not None, name
            read[name] = member.read()
    source = {
        "package": PACKAGE,
        "version": VERSION,
        "member": MEMBER,
        "integrity": INTEGRITY,
        "member_sha256": hashlib.sha256(read[MEMBER]).hexdigest(),
    }
    return read, source


def build_catalog(spec: dict[str, Any], source: dict[str, str]) -> dict[str, Any]:
    """The catalog of every operation of ``spec``; pure, so it is tested on a fixture."""
    resolve = _resolver(spec)
    operations = []
    for url, item in spec.get("paths", {}).items():
        for method in METHODS:
            if method in item:
                operations.append(_operation(url, method, item[method], resolve))
    operations.sort(key=lambda op: (op["url"], METHODS.index(op["method"].lower())))
    servers = spec.get("servers") or [{}]
    return {
        "catalog_format": 2,
        "source": source,
        "base_url": servers[0].get("url", "https://api.github.com"),
        "docs_base": DOCS_BASE,
        "parameters": _share_parameters(operations),
        "operations": operations,
    }


def _share_parameters(operations: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Move each parameter used by more than one operation into a table, by a short key.

    ``owner`` and ``repo`` alone appear over 500 times with the same description: shared,
    the file is half the size and loads in half the time, and a change shows once in a diff.
    The first definition of a name keeps the name as its key; later ones get ``name~2`` ...
    """
    text = functools.partial(json.dumps, sort_keys=True)
    uses = Counter(text(param) for op in operations for param in op.get("params", ()))
    shared: dict[str, dict[str, Any]] = {}
    keys: dict[str, str] = {}
    for op in operations:
        for at, param in enumerate(op.get("params", ())):
            canonical = text(param)
            if uses[canonical] < 2:
                continue
            if canonical not in keys:
                key, count = param["name"], 1
                while key in shared:
                    count += 1
                    key = f"{param['name']}~{count}"
                keys[canonical], shared[key] = key, param
            op["params"][at] = keys[canonical]
    return shared


def _resolver(spec: dict[str, Any]) -> Any:
    def resolve(node: Any, depth: int = 0) -> Any:
        while isinstance(node, dict) and "$ref" in node and depth < 50:
            target: Any = spec
            for part in node["$ref"].removeprefix("#/").split("/"):
                target = target[part.replace("~1", "/").replace("~0", "~")]
            node, depth = target, depth + 1
        return node

    return resolve


def _operation(url: str, method: str, op: dict[str, Any], resolve: Any) -> dict[str, Any]:
    github = op.get("x-github", {})
    entry: dict[str, Any] = {
        "id": op["operationId"],
        "method": method.upper(),
        "url": url,
        "summary": op.get("summary", ""),
        "docs": op.get("externalDocs", {}).get("url", "").removeprefix(DOCS_BASE),
        "category": github.get("category", op["operationId"].split("/")[0]),
    }
    if github.get("subcategory") and github["subcategory"] != entry["category"]:
        entry["subcategory"] = github["subcategory"]
    if op.get("deprecated"):
        entry["deprecated"] = True
    if op.get("servers"):
        entry["base_url"] = op["servers"][0]["url"]
    accept = sorted(set(_MEDIA_TYPE.findall(op.get("description", ""))))
    if accept:
        entry["accept"] = accept
    params = [_parameter(resolve(p), resolve) for p in op.get("parameters", [])]
    body = resolve(op.get("requestBody"))
    if body:
        entry["body"], body_params = _body(body, resolve)
        params += body_params
    if params:
        entry["params"] = params
    return entry


def _parameter(param: dict[str, Any], resolve: Any) -> dict[str, Any]:
    schema = resolve(param.get("schema", {}))
    entry: dict[str, Any] = {"name": param["name"], "in": param["in"]}
    if param.get("required"):
        entry["required"] = True
    entry.update(_schema_fields(schema, resolve))
    _describe(entry, param.get("description") or schema.get("description"))
    if param.get("x-multi-segment"):
        entry["multi_segment"] = True
    if param.get("deprecated"):
        entry["deprecated"] = True
    return entry


def _body(body: dict[str, Any], resolve: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    content = body.get("content", {})
    types = list(content)
    entry: dict[str, Any] = {"content_type": types[0] if types else "application/json"}
    if body.get("required"):
        entry["required"] = True
    if len(types) > 1:
        entry["content_types"] = types
    schema = resolve(content.get(entry["content_type"], {}).get("schema", {}))
    alternatives = [resolve(s) for s in schema.get("oneOf", schema.get("anyOf", []))]
    alternatives += [resolve(s) for s in schema.get("allOf", [])]
    objects = [s for s in [schema, *alternatives] if s.get("properties")]
    if not objects:
        raw = schema.get("format") if schema.get("format") == "binary" else schema.get("type")
        entry["raw"] = raw or "any"
        return entry, []
    if alternatives and "oneOf" in schema:
        entry["alternatives"] = len(schema["oneOf"])
    required_everywhere: set[str] | None = None
    fields: dict[str, dict[str, Any]] = {}
    for alternative in objects:
        required = set(alternative.get("required", []))
        if alternative is not schema or not alternatives or "allOf" in schema:
            required_everywhere = (
                required if required_everywhere is None else required_everywhere & required
            )
        for name, field in alternative["properties"].items():
            field = resolve(field)
            param: dict[str, Any] = {"name": name, "in": "body"}
            param.update(_schema_fields(field, resolve))
            _describe(param, field.get("description"))
            fields.setdefault(name, param)
    for name in required_everywhere or set():
        if name in fields:
            fields[name] = {"name": name, "in": "body", "required": True} | {
                k: v for k, v in fields[name].items() if k not in ("name", "in")
            }
    return entry, list(fields.values())


def _schema_fields(schema: dict[str, Any], resolve: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {"type": _type(schema, resolve)}
    if schema.get("nullable"):
        fields["nullable"] = True
    enum = schema.get("enum") or resolve(schema.get("items", {})).get("enum")
    if enum:
        fields["enum"] = [value for value in enum if value is not None]
    if "default" in schema:
        fields["default"] = schema["default"]
    return fields


def _type(schema: dict[str, Any], resolve: Any, depth: int = 0) -> str:
    schema = resolve(schema)
    if depth > 5:
        return "any"
    variants = schema.get("oneOf") or schema.get("anyOf")
    if variants:
        names = dict.fromkeys(_type(v, resolve, depth + 1) for v in variants)
        return "|".join(names)
    kind = schema.get("type")
    if kind == "array":
        return f"array<{_type(schema.get('items', {}), resolve, depth + 1)}>"
    if kind == "string" and schema.get("format") == "binary":
        return "binary"
    if isinstance(kind, list):
        return "|".join(kind)
    return str(kind) if kind else ("object" if schema.get("properties") else "any")


def _describe(entry: dict[str, Any], description: str | None) -> None:
    if description:
        text = " ".join(description.split())
        cut = text if len(text) <= DESCRIPTION_LIMIT else text[: DESCRIPTION_LIMIT - 1] + "…"
        entry["description"] = cut


def dumps(catalog: dict[str, Any]) -> str:
    """Deterministic text: one operation a line, so diffs can be reviewed."""
    head = {k: v for k, v in catalog.items() if k not in ("parameters", "operations")}
    compact = functools.partial(json.dumps, ensure_ascii=False, separators=(",", ":"))
    shared = ",\n".join(f"{compact(k)}:{compact(v)}" for k, v in catalog["parameters"].items())
    operations = ",\n".join(map(compact, catalog["operations"]))
    head_text = json.dumps(head, ensure_ascii=False, indent=1)[:-2]
    return f'{head_text},\n "parameters": {{\n{shared}\n}},\n "operations": [\n{operations}\n]}}\n'


def compiled(catalog: dict[str, Any]) -> bytes:
    """The file restroute reads: the catalog's Operations as the library makes them from
    it, in rows (restroute.catalog._data.rows_of), with the source they came from."""
    base, docs = catalog["base_url"], catalog["docs_base"]
    shared = {key: _data._parameter(raw) for key, raw in catalog["parameters"].items()}
    operations = tuple(_data._operation(raw, base, docs, shared) for raw in catalog["operations"])
    rows = {"catalog_format": 3, "source": catalog["source"], **_data.rows_of(operations)}
    return marshal.dumps(rows, _data.MARSHAL_VERSION)


def member(product: str) -> str:
    return f"package/generated/{product}.json"


def with_version(spec: dict[str, Any], version: str) -> dict[str, Any]:
    """``spec`` as API ``version`` has it: each ``x-github-breaking-changes`` patch of that
    version or before applied to its operation (JSON merge patches, RFC 7396)."""
    patched = copy.deepcopy(spec)
    for item in patched.get("paths", {}).values():
        for method in METHODS:
            op = item.get(method)
            if not isinstance(op, dict):
                continue
            for change in op.pop("x-github-breaking-changes", []):
                if change.get("version", "") <= version:
                    patch = change.get("patch", {})
                    if isinstance(patch, list):  # a JSON Patch (RFC 6902): some are
                        json_patch(op, patch)
                    else:
                        item[method] = op = merge_patch(op, patch)
    return patched


def json_patch(target: dict[str, Any], operations: list[dict[str, Any]]) -> None:
    """RFC 6902's add, remove and replace, in place: what GitHub's patches use."""
    for operation in operations:
        *parents, last = [
            part.replace("~1", "/").replace("~0", "~")
            for part in operation["path"].removeprefix("/").split("/")
        ]
        node: Any = target
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        kind = operation["op"]
        if kind == "remove":
            del node[int(last) if isinstance(node, list) else last]
        elif kind in ("add", "replace") and isinstance(node, dict):
            node[last] = operation["value"]
        elif kind == "add" and isinstance(node, list):
            node.insert(len(node) if last == "-" else int(last), operation["value"])
        elif kind == "replace":
            node[int(last)] = operation["value"]
        else:
            raise ValueError(f"JSON Patch op {kind!r} is not applied here; add it")


def merge_patch(target: Any, patch: Any) -> Any:
    """RFC 7396: a patch's null removes, a mapping merges, anything else replaces."""
    if not isinstance(patch, dict):
        return patch
    result = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = merge_patch(result.get(key), value)
    return result


def versions(spec: dict[str, Any]) -> list[str]:
    """The calendar versions whose breaking changes ``spec`` carries, oldest first."""
    found = {
        change.get("version")
        for item in spec.get("paths", {}).values()
        for method in METHODS
        for change in (item.get(method) or {}).get("x-github-breaking-changes", [])
    }
    return sorted(v for v in found if isinstance(v, str))


def build_products(specs: dict[str, dict[str, Any]], source: dict[str, str]) -> dict[str, Any]:
    """GHEC's and GHES's catalogs, and each product's calendar versions, in one table:
    every operation written once however many products have it, every parameter once.

    A version lists only the operations its breaking changes make different; the rest
    are the product's. ``specs`` holds api.github.com's too (its versions live here)."""
    catalogs: dict[str, dict[str, Any]] = {}
    for name, spec in specs.items():
        base = _whole(build_catalog(spec, source))
        if name != "api.github.com":
            catalogs[name] = base
        for version in versions(spec):
            newer = _whole(build_catalog(with_version(spec, version), source))
            before = {(op["method"], op["url"]): op for op in base["operations"]}
            changed = [
                op for op in newer["operations"] if before.get((op["method"], op["url"])) != op
            ]
            product = "github" if name == "api.github.com" else name
            catalogs[f"{product}@{version}"] = {
                "of": product,
                "api_version": version,
                "base_url": newer["base_url"],
                "operations": changed,
            }
    for each in catalogs.values():  # enterprise-server@3.19/: said once a product
        prefixes = Counter(op["docs"].partition("rest/")[0] for op in each["operations"])
        each["docs"] = prefix = prefixes.most_common(1)[0][0] if prefixes else ""
        for op in each["operations"]:
            if prefix and op["docs"].startswith(prefix):
                op["docs"] = op["docs"].removeprefix(prefix)
    everything = [op for each in catalogs.values() for op in each["operations"]]
    shared = _share_parameters(everything)
    table: dict[str, int] = {}
    operations: list[dict[str, Any]] = []
    products: dict[str, Any] = {}
    for name, built in catalogs.items():
        indexes = []
        for op in built["operations"]:
            key = json.dumps(op, sort_keys=True)
            if key not in table:
                table[key] = len(operations)
                operations.append(op)
            indexes.append(table[key])
        head = {k: v for k, v in built.items() if k in ("of", "api_version", "base_url", "docs")}
        title = PRODUCTS.get(name.partition("@")[0], "GitHub.com")
        products[name] = {"title": title, **head, "operations": indexes}
    return {
        "catalog_format": 2,
        "source": {k: v for k, v in source.items() if k in ("package", "version", "integrity")},
        "docs_base": DOCS_BASE,
        "products": products,
        "parameters": shared,
        "operations": operations,
    }


def _whole(built: dict[str, Any]) -> dict[str, Any]:
    """``built`` with each operation's shared parameters written out again (each catalog
    shares them by its own keys; the products' table shares them across catalogs)."""
    table = built["parameters"]
    built["operations"] = [
        {**op, "params": [table[p] if isinstance(p, str) else p for p in op["params"]]}
        if "params" in op
        else op
        for op in built["operations"]
    ]
    return built


def products_bytes(products: dict[str, Any]) -> bytes:
    """Deterministic gzip: no time or name in the header, so --check can compare."""
    text = json.dumps(products, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return gzip.compress(text.encode(), compresslevel=9, mtime=0)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the committed file differs")
    parser.add_argument("--text", action="store_true", help="print the catalog as JSON lines")
    args = parser.parse_args(argv)
    members = (MEMBER, *map(member, PRODUCTS))
    read, source = fetch(members)
    spec = json.loads(read[MEMBER])
    built = build_catalog(spec, source)
    if args.text:
        print(dumps(built), end="")
        return 0
    written = compiled(built)
    specs = {"api.github.com": spec, **{name: json.loads(read[member(name)]) for name in PRODUCTS}}
    packed = products_bytes(build_products(specs, source))
    if args.check:
        # The rows compared, not the bytes: marshal marks a shared object by its reference
        # count, which another Python may count otherwise for the same rows.
        same = OUT.exists() and marshal.loads(OUT.read_bytes()) == marshal.loads(written)
        same_products = PRODUCTS_OUT.exists() and PRODUCTS_OUT.read_bytes() == packed
        for path, fresh in ((OUT, same), (PRODUCTS_OUT, same_products)):
            print(
                "up to date"
                if fresh
                else f"{path} differs from a fresh build; run without --check"
            )
        return 0 if same and same_products else 1
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_bytes(written)
    count = len(built["operations"])
    print(f"wrote {OUT} ({len(written):,} bytes, {count} operations)")
    PRODUCTS_OUT.write_bytes(packed)
    print(f"wrote {PRODUCTS_OUT} ({len(packed):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
