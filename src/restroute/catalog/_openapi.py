"""An OpenAPI 3.0 or 3.1 description, JSON or YAML, read into Operations, as it is.

Nothing is validated: a validator takes 26 s on GitHub's 13 MB description, and what a
form needs is each operation's route, parameters, body and server. ``$ref`` is followed
within the file and to files beside it, never over the network nor out of the file's
folder; a cycle or a chain too long stops it. A problem of the file as a whole is one
EndpointError naming the file, the JSON pointer and the fix; an operation that cannot be
modelled is skipped, with the reason, and the others load.
"""

from __future__ import annotations

import os
import re
from typing import Any

from .._core.template import VARSPEC, compile_template
from ..errors import EndpointError
from ..rules import BODILESS_METHODS, MAX_TEMPLATE, OPENAPI_METHODS
from ._document import _Refs, _Skip
from ._model import Description, Operation, Parameter, Skipped
from ._schema import (
    _EMPTY,
    _enum,
    _examples,
    _json_values,
    _list,
    _map,
    _objects,
    _required,
    _short,
    _small,
    _str,
    _text,
    _type,
    prose,
)
from ._serialize import query_expression, style_of, varname

METHODS = OPENAPI_METHODS
# The headers OpenAPI says a header parameter may not describe (3.1, 4.8.12.1).
_IGNORED_HEADERS = frozenset({"accept", "content-type", "authorization"})
_PLACEHOLDER = re.compile(r"\{([^{}]+)\}")
# A template the engine surely takes: literals of no brace, space, control or ":" (a
# ":name" is a variable to it), expressions of its varspecs. Matching it costs a
# thousandth of compiling one (Graph: 20,000); any other is compiled, for the error.
# Possessive (*+, ++): no way back is kept, so matching takes no memory per character
# (a plain * kept about 250 bytes for each: 258 MB for a 1 MB template).
_PLAIN_TEMPLATE = re.compile(
    rf"(?:[^{{}}:\x00-\x20\x7f-\x9f\s]++|\{{[+#./;?&]?{VARSPEC}(?:,{VARSPEC})*+\}})*+"
)
_SWAGGER = (
    "is Swagger 2.0, which restroute does not read; convert it to OpenAPI 3 first "
    "(npx swagger2openapi FILE -o openapi.yaml, or editor.swagger.io: Edit > Convert "
    "to OpenAPI 3)"
)


def read(path: str) -> Description:
    """The operations of the description at ``path``."""
    folder = os.path.dirname(os.path.realpath(path))
    refs = _Refs(path, folder)
    root = refs.document(os.path.realpath(path))
    shown = os.path.basename(path)
    if not isinstance(root, dict):
        raise EndpointError(f"{shown}: # is no OpenAPI description (not a mapping of fields)")
    if "swagger" in root:
        raise EndpointError(f"{shown}: #/swagger {_SWAGGER}")
    version = root.get("openapi")
    if not isinstance(version, str) or not version.startswith("3."):
        msg = f"{shown}: #/openapi is {_short(version)}, not an OpenAPI 3 version; "
        raise EndpointError(msg + "restroute reads OpenAPI 3.0 and 3.1 descriptions")
    info = _map(root.get("info"))
    paths = root.get("paths")
    paths = {} if paths is None else paths  # 3.1: a description of webhooks alone has none
    if not isinstance(paths, dict):
        raise EndpointError(f"{shown}: #/paths is no mapping of paths to operations")
    base, server_params = _server(root.get("servers"), refs)
    operations: list[Operation] = []
    skipped: list[Skipped] = []
    ids: set[str] = set()
    renames: dict[str, int] = {}  # an id given many times -> the next count to try
    for url, item in paths.items():
        if not isinstance(url, str) or not url.startswith("/"):
            where = f"#/paths/{_escaped(str(url))}"
            skipped.append(Skipped("", str(url), f"{where}: a path must start with /"))
            continue
        if len(url) > MAX_TEMPLATE:  # said by its start: the whole would fill a screen
            where = f"#/paths/{_escaped(url[:21])}..."
            why = f"{where}: a path of {len(url):,} characters is longer than restroute reads"
            skipped.append(Skipped("", url[:21] + "...", f"{why} ({MAX_TEMPLATE:,}); shorten it"))
            continue
        where = f"#/paths/{_escaped(url)}"
        try:
            item, _ = refs.follow(item, refs.top, where)
        except _Skip as why:
            skipped.append(Skipped("", url, str(why)))
            continue
        if not isinstance(item, dict):
            skipped.append(Skipped("", url, f"{where} is no path item (a mapping)"))
            continue
        for method in METHODS:
            if method not in item:
                continue
            try:
                op = _operation(url, method, item, refs, where, base, server_params, skipped)
            except _Skip as why:
                skipped.append(Skipped(method.upper(), url, str(why)))
                continue
            if op.id in ids:
                op = _renamed(op, ids, renames)
            ids.add(op.id)
            operations.append(op)
    title = prose(_str(info.get("title"))) or shown
    version = _short(info.get("version"), 40)
    files = tuple(refs.read)
    secrets = _key_names(_map(root.get("components")).get("securitySchemes"), refs)
    return Description(title, version, base, tuple(operations), tuple(skipped), files, secrets)


def _key_names(schemes: object, refs: _Refs) -> tuple[str, ...]:
    """The names the description's API keys are sent under (``apiKey`` schemes; the
    others send the authorization header, a secret by its name already)."""
    names = []
    for at, scheme in enumerate(_map(schemes).values()):
        try:
            scheme, _ = refs.follow(scheme, refs.top, f"#/components/securitySchemes/{at}")
        except _Skip:
            continue
        if isinstance(scheme, dict) and scheme.get("type") == "apiKey":
            name = scheme.get("name")
            if isinstance(name, str) and name:
                names.append(name)
    return tuple(dict.fromkeys(names))


def _escaped(url: str) -> str:
    return url.replace("~", "~0").replace("/", "~1")


def _server(servers: object, refs: _Refs) -> tuple[str, tuple[Parameter, ...]]:
    """The first server's URL, its variables at their defaults, and the variables."""
    if not isinstance(servers, list) or not servers or not isinstance(servers[0], dict):
        return "", ()
    server = servers[0]
    url = _str(server.get("url"))
    variables = _map(server.get("variables"))
    params = []
    for name, variable in variables.items():
        if not isinstance(variable, dict) or f"{{{name}}}" not in url:
            continue
        default = _small(variable.get("default", ""))
        enum = _list(variable.get("enum"))
        params.append(
            Parameter(
                str(name), "server", "string", False, _json_values(enum),
                default, _text(variable.get("description")), examples=(default,),
            )
        )  # fmt: skip
    return url.rstrip("/"), tuple(params)


def _operation(
    url: str,
    method: str,
    item: dict[str, Any],
    refs: _Refs,
    where: str,
    base: str,
    servers: tuple[Parameter, ...],
    notes: list[Skipped],
) -> Operation:
    where = f"{where}/{method}"
    op, file = refs.follow(item[method], refs.top, where)
    if not isinstance(op, dict):
        raise _Skip(f"{where} is no operation (a mapping)")
    own = _list(op.get("servers")) or _list(item.get("servers"))  # [] says nothing
    if own:
        base, servers = _server(own, refs)
    declared: dict[tuple[str, str], Parameter] = {}
    for at, raw in enumerate([*_list(item.get("parameters")), *_list(op.get("parameters"))]):
        param = _parameter(raw, refs, file, f"{where}/parameters/{at}")
        if param is not None:
            declared[param.name, param.location] = param  # the operation's own win
    placeholders = _PLACEHOLDER.findall(url)
    path = {name: declared.pop((name, "path"), None) for name in placeholders}
    params = [
        found or Parameter(name, "path", "string", True, style="simple", examples=(name,))
        for name, found in path.items()
    ]
    params += [p for (_, location), p in declared.items() if location != "path"]
    raw_body = op.get("requestBody")
    if raw_body is not None and method.upper() in BODILESS_METHODS:
        why = f"{where}/requestBody left out: a {method.upper()} request sends no body"
        notes.append(Skipped(method.upper(), url, why))
        raw_body = None
    media_type, body, fields = _body(raw_body, refs, file, where)
    params += fields
    params += servers
    template = _template(url, params, where)
    op_id = prose(_str(op.get("operationId")))
    tags = [prose(t) for t in _list(op.get("tags")) if isinstance(t, str)] or ["other"]
    summary = _text(op.get("summary")) or _text(op.get("description")).partition(". ")[0]
    return Operation(
        op_id or f"{method}-{url.strip('/').replace('/', '-')}",
        method.upper(),
        url,
        summary,
        _str(_map(op.get("externalDocs")).get("url")),
        tags[0],
        tags[1] if len(tags) > 1 else tags[0],
        op.get("deprecated") is True,
        base,
        (),
        body,
        tuple(params),
        template=template,
        media_type=media_type,
        accept=_accept(op.get("responses"), refs, file, where),
        home=base,
    )


def _template(url: str, params: list[Parameter], where: str) -> str:
    """The URL as a URI template: each path parameter with its style's operator, then
    the query parameters that RFC 6570 writes as OpenAPI says (query_expression)."""
    by_name = {p.name: p for p in params if p.location == "path"}

    def placeholder(found: re.Match[str]) -> str:
        param = by_name[found[1]]
        operator = {"label": ".", "matrix": ";"}.get(param.style, "")
        star = "*" if param.explode and param.style != "json" else ""
        return f"{{{operator}{varname(param.name)}{star}}}"

    path = url.partition("#")[0]  # a fragment is never sent (some write one to tell twins apart)
    query = query_expression(params)
    if "?" in path and query:  # a path that holds a query of its own: the rest goes on
        query = "{&" + query[2:]
    template = _PLACEHOLDER.sub(placeholder, path) + query
    if _PLAIN_TEMPLATE.fullmatch(template):
        return template
    try:
        compile_template(template, "GET")
    except EndpointError as error:
        raise _Skip(f"{where}: the path is no URI template ({error})") from None
    return template


def _parameter(raw: object, refs: _Refs, file: str, where: str) -> Parameter | None:
    """The parameter ``raw`` describes, made once however many operations share it (one
    object then: the compiled cache writes it once too)."""
    param, file = refs.follow(raw, file, where)
    key = ("parameter", id(param))
    if key not in refs.walked:
        refs.walked[key] = _parameter_read(param, refs, file, where)
    found: Parameter | None = refs.walked[key]
    return found


def _parameter_read(param: object, refs: _Refs, file: str, where: str) -> Parameter | None:
    if not isinstance(param, dict):
        raise _Skip(f"{where} is no parameter (a mapping)")
    name, location = param.get("name"), param.get("in")
    if not isinstance(name, str) or location not in ("path", "query", "header", "cookie"):
        raise _Skip(f"{where}: a parameter needs a name and in: path, query, header or cookie")
    if location == "header" and name.lower() in _IGNORED_HEADERS:
        return None
    schema, _ = refs.follow(param.get("schema", _EMPTY), file, f"{where}/schema")
    content = param.get("content")
    style = style_of(location, param.get("style"), content)
    if style is None:
        raise _Skip(f"{where}: style {param.get('style')!r:.40} does not apply {location}")
    if isinstance(content, dict) and content:
        media = next(iter(content.values()))
        if isinstance(media, dict):
            schema, _ = refs.follow(media.get("schema", _EMPTY), file, f"{where}/content")
    schema = schema if isinstance(schema, dict) else _EMPTY
    explode = param.get("explode", style == "form")
    kind = _type(schema, refs, file, where)
    return Parameter(
        name,
        location,
        kind,
        location == "path" or param.get("required") is True,
        _enum(schema, refs, file, where),
        _small(schema.get("default")),
        _text(param.get("description") or schema.get("description")),
        deprecated=param.get("deprecated") is True,
        style=style,
        explode=explode is True,
        examples=_examples(param, schema, refs, file, where),
        media="" if style != "json" else "application/json",
    )


def _body(raw: object, refs: _Refs, file: str, where: str) -> tuple[str, str, list[Parameter]]:
    """The body's media type, its kind ("" none, "json" fields, else a raw type) and its
    fields as parameters."""
    if raw is None:
        return "", "", []
    where = f"{where}/requestBody"
    body, file = refs.follow(raw, file, where)
    content = body.get("content") if isinstance(body, dict) else None
    if not isinstance(content, dict) or not content:
        return "", "", []
    media_type = _chosen(list(content))
    media = _map(content[media_type])
    schema, file = refs.follow(media.get("schema", _EMPTY), file, f"{where}/content")
    schema = schema if isinstance(schema, dict) else _EMPTY
    required = isinstance(body, dict) and body.get("required") is True
    encoding = _map(media.get("encoding"))
    key = ("body", id(schema), id(encoding), media_type, required)
    if key not in refs.walked:  # many operations send one schema (Graph: an entity)
        refs.walked[key] = _body_read(media_type, schema, encoding, required, refs, file, where)
    found: tuple[str, str, list[Parameter]] = refs.walked[key]
    return found


def _body_read(
    media_type: str,
    schema: dict[str, Any],
    encoding: dict[str, Any],
    required: bool,
    refs: _Refs,
    file: str,
    where: str,
) -> tuple[str, str, list[Parameter]]:
    objects = _objects(schema, refs, file, where)
    structured = media_type in ("application/x-www-form-urlencoded", "multipart/form-data")
    if not objects or not (structured or _is_json(media_type)):
        kind = "binary" if schema.get("format") == "binary" else _type(schema, refs, file, where)
        return media_type, kind if kind != "object" else "any", []
    fields: dict[str, Parameter] = {}
    needed = _required(schema, refs, file, where) if required else set()
    for alternative in objects:
        for name, field in alternative["properties"].items():
            if name in fields or not isinstance(name, str):
                continue
            at = f"{where}/content/properties/{_escaped(name)}"
            field, field_file = refs.follow(field, file, at)
            field = field if isinstance(field, dict) else _EMPTY
            if field.get("readOnly") is True:  # the server's to write, never a request's
                continue
            how = _map(encoding.get(name))
            style = how.get("style", "form")
            fields[name] = Parameter(
                name,
                "body",
                _type(field, refs, field_file, at),
                False,
                _enum(field, refs, field_file, at),
                _small(field.get("default")),
                _text(field.get("description")),
                deprecated=field.get("deprecated") is True,
                style=style if isinstance(style, str) else "form",
                explode=how.get("explode", style == "form") is True,
                examples=_examples(_EMPTY, field, refs, field_file, at),
                media=_str(how.get("contentType")),
            )
    for name in needed:
        if name in fields:
            param = fields[name]
            fields[name] = Parameter(
                param.name, "body", param.type, True, param.enum, param.default,
                param.description, deprecated=param.deprecated, style=param.style,
                explode=param.explode, examples=param.examples, media=param.media,
            )  # fmt: skip
    return media_type, "json", list(fields.values())


def _chosen(types: list[str]) -> str:
    """The media type a form writes: JSON first, then a form, then the first given."""
    for wanted in (_is_json, "application/x-www-form-urlencoded", "multipart/form-data"):
        for media_type in types:
            if media_type == wanted or (callable(wanted) and wanted(media_type)):
                return media_type
    return types[0]


def _is_json(media_type: str) -> bool:
    kind = media_type.partition(";")[0].strip().lower()
    return kind == "application/json" or kind.endswith("+json")


def _accept(responses: object, refs: _Refs, file: str, where: str) -> str:
    """The media type to ask for: JSON when a success response has it, else the first."""
    if not isinstance(responses, dict):
        return ""
    types: list[str] = []
    for code, response in responses.items():
        if not str(code).startswith("2"):
            continue
        try:
            response, _ = refs.follow(response, file, f"{where}/responses")
        except _Skip:
            continue
        content = response.get("content") if isinstance(response, dict) else None
        if isinstance(content, dict):
            types += [t for t in content if isinstance(t, str)]
    json_types = [t for t in types if _is_json(t)]
    return (json_types or types or [""])[0]


def _renamed(op: Operation, ids: set[str], renames: dict[str, int]) -> Operation:
    """``op`` under an id no other operation has (descriptions repeat operationIds):
    ``id~2``, ``id~3``... each count tried once per id, however often it is repeated."""
    count = renames.get(op.id, 2)
    while f"{op.id}~{count}" in ids:
        count += 1
    renames[op.id] = count + 1
    return op._replace(id=f"{op.id}~{count}")
