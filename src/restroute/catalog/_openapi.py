"""An OpenAPI 3.0 or 3.1 description, JSON or YAML, read into Operations, as it is.

Nothing is validated: a validator takes 26 s on GitHub's 13 MB description, and what a
form needs is each operation's route, parameters, body and server. ``$ref`` is followed
within the file and to files beside it, never over the network nor out of the file's
folder; a cycle or a chain too long stops it. A problem of the file as a whole is one
EndpointError naming the file, the JSON pointer and the fix; an operation that cannot be
modelled is skipped, with the reason, and the others load.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Iterator
from typing import Any

from .._core.encoding import printable
from .._core.template import VARSPEC, compile_template
from ..errors import EndpointError
from ._model import MAX_BYTES, Description, Operation, Parameter, Skipped
from ._serialize import query_expression, style_of, varname

MAX_HOPS = 64  # $ref followed from one place: real descriptions need 3 or 4
MAX_DEPTH = 12  # schema levels read for a type or an example
DESCRIPTION_LIMIT = 300  # characters of a description kept, as in GitHub's catalog
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
# The headers OpenAPI says a header parameter may not describe (3.1, 4.8.12.1).
_IGNORED_HEADERS = frozenset({"accept", "content-type", "authorization"})
_PLACEHOLDER = re.compile(r"\{([^{}]+)\}")
# A template the engine surely takes: literals of no brace, space, control or ":" (a
# ":name" is a variable to it), expressions of its varspecs. Matching it costs a
# thousandth of compiling one (Graph: 20,000); any other is compiled, for the error.
_PLAIN_TEMPLATE = re.compile(
    rf"(?:[^{{}}:\x00-\x20\x7f-\x9f\s]|\{{[+#./;?&]?{VARSPEC}(?:,{VARSPEC})*\}})*"
)
_SWAGGER = (
    "is Swagger 2.0, which restroute does not read; convert it to OpenAPI 3 first "
    "(npx swagger2openapi FILE -o openapi.yaml, or editor.swagger.io: Edit > Convert "
    "to OpenAPI 3)"
)


# What a missing mapping reads as: one object, so that the walks' memos, keyed by a node's
# identity, never meet a temporary {} whose identity a node read later takes over.
_EMPTY: dict[str, Any] = {}


class _Skip(Exception):
    """An operation cannot be modelled: the reason."""


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
    for url, item in paths.items():
        if not isinstance(url, str) or not url.startswith("/"):
            where = f"#/paths/{_escaped(str(url))}"
            skipped.append(Skipped("", str(url), f"{where}: a path must start with /"))
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
                op = _renamed(op, ids)
            ids.add(op.id)
            operations.append(op)
    title = printable(_str(info.get("title"))) or shown
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


class _Refs:
    """The documents a description's ``$ref`` reaches: the file itself and the files beside
    it, each read once."""

    def __init__(self, path: str, folder: str) -> None:
        self.top = os.path.realpath(path)
        self.folder = folder
        self.read: dict[str, object] = {}
        # What a schema walk made of a node, by the walk and the node's identity: a node
        # reached many ways (a $ref, a YAML alias, schemas that share parts) is walked
        # once, so a description of shared parts costs its size, never their paths.
        self.walked: dict[tuple[object, ...], Any] = {}
        self.followed: dict[tuple[str, str], tuple[object, str]] = {}

    def document(self, file: str, where: str = "#") -> object:
        """The document in ``file``, which ``where`` (a JSON pointer) refers to."""
        if file not in self.read:
            self.read[file] = _load(file, self.top, where)
        return self.read[file]

    def follow(self, node: object, file: str, where: str) -> tuple[object, str]:
        """``node`` with its ``$ref`` chain followed: the node it ends at, and its file
        (a chain followed once: Graph's 20,000 operations share 60 parameters)."""
        if not isinstance(node, dict) or not isinstance(node.get("$ref"), str):
            return node, file
        key = (file, node["$ref"])
        found = self.followed.get(key)
        if found is None:
            found = self.followed[key] = self._chase(node, file, where)
        return found

    def _chase(self, node: object, file: str, where: str) -> tuple[object, str]:
        seen: set[tuple[str, str]] = set()
        while isinstance(node, dict) and isinstance(node.get("$ref"), str):
            ref: str = node["$ref"]
            target, _, pointer = ref.partition("#")
            if target:
                file = self._beside(target, file, where)
            key = (file, pointer)
            if key in seen:
                raise _Skip(f"{where}: $ref {ref!r:.80} is circular")
            if len(seen) >= MAX_HOPS:
                raise _Skip(f"{where}: $ref chain longer than {MAX_HOPS}")
            seen.add(key)
            node = _pointed(self.document(file, where), pointer, ref, where)
        return node, file

    def _beside(self, target: str, file: str, where: str) -> str:
        if "\x00" in target:
            raise _Skip(f"{where}: $ref holds a NUL, which no file's name does")
        if re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", target):
            raise _Skip(f"{where}: $ref {target!r:.80} is remote; restroute reads no network")
        path = os.path.realpath(os.path.join(os.path.dirname(file), target))
        if os.path.commonpath([path, self.folder]) != self.folder:
            msg = f"{os.path.basename(self.top)}: {where}: $ref {target!r:.80} is outside "
            msg += "the description's folder; restroute reads only files beside it"
            raise EndpointError(msg)
        return path


def _load(file: str, top: str, where: str) -> object:
    """A document, named in errors by the description and, for a file its ``$ref``
    reaches, by where it does and that file too."""
    shown = os.path.basename(file)
    if file != top:
        shown = f"{os.path.basename(top)}: {where} refers to {shown}"
    try:
        if not stat.S_ISREG(os.stat(file).st_mode):  # /dev/zero never ends, a FIFO waits
            raise EndpointError(f"{shown}: is no regular file (a device, a pipe or a folder)")
        with open(file, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as error:
        raise EndpointError(f"{shown}: cannot be read ({error.strerror or error})") from None
    if len(data) > MAX_BYTES:
        msg = f"{shown}: is over {MAX_BYTES // 2**20} MB, more than any API description known"
        raise EndpointError(msg)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        msg = f"{shown}: byte {error.start} is not UTF-8; save the description as UTF-8"
        raise EndpointError(msg) from None
    if text.lstrip()[:1] in ("{", "["):
        try:
            return json.loads(text)
        except json.JSONDecodeError as error:
            msg = f"{shown}: line {error.lineno}, column {error.colno}: {error.msg} (the "
            raise EndpointError(msg + "JSON is broken or cut short)") from None
        except ValueError:  # an integer of more digits than Python reads
            raise EndpointError(f"{shown}: holds a number too long to read") from None
        except RecursionError:
            raise EndpointError(f"{shown}: nests too deep to read") from None
    return _yaml(text, shown)


# How deep YAML may nest: libyaml's composer recurses in C, past Python's recursion limit,
# and crashed the interpreter (a segmentation fault) at about 50,000 levels; real
# descriptions nest under 100.
MAX_YAML_NESTING = 1_000
_HALF = MAX_YAML_NESTING // 2
_LONG_LINE = re.compile(rf"^[^\n]{{{_HALF},}}", re.MULTILINE)  # only one may nest that deep
_DEEP_INDICATORS = re.compile(rf" *(?:[-?] +){{{_HALF}}}")


def _nests_too_deep(text: str) -> bool:
    """Whether YAML ``text`` nests deeper than MAX_YAML_NESTING. A line nests at most
    its indentation and its ``- `` (``? ``) indicators deep, which no comment or scalar
    can fake: a line with half of either is too deep. Brackets can be faked (a ``]`` in a
    comment or a plain scalar), so past half as many of them, libyaml's own parser,
    which does not recurse, counts the depth of its events, and stops at the limit."""
    for line in _LONG_LINE.finditer(text):
        if line[0].startswith(" " * _HALF) or _DEEP_INDICATORS.match(line[0]):
            return True
    if text.count("[") + text.count("{") <= _HALF:
        return False
    import yaml

    try:
        return _deeper_than_limit(
            yaml.parse(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        )
    except yaml.YAMLError as error:
        # libyaml may refuse a depth of its own (PyYAML 6.0.4's stops at 1,000 levels), in
        # its own words: the lines up to where it stopped are counted again by PyYAML's
        # Python parser, which has no such limit and does not recurse, so that the depth
        # is restroute's to tell, whatever the version.
        mark = getattr(error, "problem_mark", None)
        lines = mark.line + 1 if mark is not None else 0
        read = "\n".join(text.split("\n", lines)[:lines])
    try:
        return _deeper_than_limit(yaml.parse(read, Loader=yaml.SafeLoader))
    except yaml.YAMLError:
        return False  # broken: the load says where


def _deeper_than_limit(events: Iterator[object]) -> bool:
    """Whether a YAML parser's events nest deeper than MAX_YAML_NESTING."""
    import yaml

    opening = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
    closing = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
    depth = 0
    for event in events:
        kind = type(event)
        if kind in opening:
            depth += 1
            if depth > MAX_YAML_NESTING:
                return True
        elif kind in closing:
            depth -= 1
    return False


def _yaml(text: str, shown: str) -> object:
    if _nests_too_deep(text):
        raise EndpointError(f"{shown}: nests too deep to read (over {MAX_YAML_NESTING:,} levels)")
    import yaml  # only for a YAML description: JSON ones never pay its import

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        return yaml.load(text, Loader=loader)  # a safe loader: no tag runs code
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        at = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
        problem = getattr(error, "problem", None) or "not YAML"
        msg = f"{shown}: {at}{problem} (the YAML is broken or cut short)"
        raise EndpointError(msg) from None
    except ValueError:  # an integer of more digits than Python reads
        raise EndpointError(f"{shown}: holds a number too long to read") from None


def _pointed(document: object, pointer: str, ref: str, where: str) -> object:
    """The node a JSON pointer names (RFC 6901)."""
    node = document
    if not pointer:
        return node
    if not pointer.startswith("/"):
        raise _Skip(f"{where}: $ref {ref!r:.80} is no JSON pointer")
    for part in pointer[1:].split("/"):
        part = part.replace("%25", "%").replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            raise _Skip(f"{where}: $ref {ref!r:.80} points at nothing")
    return node


def _escaped(url: str) -> str:
    return url.replace("~", "~0").replace("/", "~1")


def _short(value: object, limit: int = 60) -> str:
    """A value from the description, for a message or a title: text cut short, and of
    anything else its JSON if a scalar, its kind if not (it may be an alias bomb)."""
    if isinstance(value, str):
        text = value
    elif (
        value is None
        or isinstance(value, bool | float)
        or (isinstance(value, int) and abs(value) < 10**100)
    ):
        text = json.dumps(value)
    else:
        text = f"a {type(value).__name__}"
    text = printable(text)  # shown in a terminal: an ESC there would be obeyed
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _text(value: object) -> str:
    """A description, one line, cut short, what a terminal would obey escaped (a summary's
    ESC cleared the explorer's screen and set the terminal's title)."""
    if not isinstance(value, str):
        return ""
    text = printable(" ".join(value.split()))
    return text if len(text) <= DESCRIPTION_LIMIT else text[: DESCRIPTION_LIMIT - 1] + "…"


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
    if raw_body is not None and method in ("get", "head"):
        why = f"{where}/requestBody left out: a {method.upper()} request sends no body"
        notes.append(Skipped(method.upper(), url, why))
        raw_body = None
    media_type, body, fields = _body(raw_body, refs, file, where)
    params += fields
    params += servers
    template = _template(url, params, where)
    op_id = _str(op.get("operationId"))
    tags = [printable(t) for t in _list(op.get("tags")) if isinstance(t, str)] or ["other"]
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


def _list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _map(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else _EMPTY


def _str(value: object) -> str:
    return value if isinstance(value, str) else ""


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


def _objects_walked(
    schema: dict[str, Any], refs: _Refs, file: str, where: str, depth: int = 0
) -> list[dict[str, Any]]:
    """The object schemas a body is made of: the schema, its allOf, oneOf and anyOf,
    each once however many ways it is reached (ten refs to one schema, ten levels deep,
    would be ten billion)."""
    if depth > MAX_DEPTH:
        return []
    found = {id(schema): schema} if isinstance(schema.get("properties"), dict) else {}
    for key in ("allOf", "oneOf", "anyOf"):
        for at, part in enumerate(_list(schema.get(key))):
            part, part_file = refs.follow(part, file, f"{where}/{key}/{at}")
            if isinstance(part, dict):
                for each in _objects(part, refs, part_file, where, depth + 1):
                    found.setdefault(id(each), each)
    return list(found.values())


def _required_walked(
    schema: dict[str, Any], refs: _Refs, file: str, where: str, depth: int = 0
) -> set[str]:
    """The fields every body the schema allows has: its own required, all of allOf's,
    and those every alternative of oneOf (or anyOf) requires."""
    needed = {name for name in _list(schema.get("required")) if isinstance(name, str)}
    if depth > MAX_DEPTH:
        return needed
    parts: dict[str, list[set[str]]] = {"allOf": [], "oneOf": [], "anyOf": []}
    for key, found in parts.items():
        for part in _list(schema.get(key)):
            part, part_file = refs.follow(part, file, where)
            if isinstance(part, dict):
                found.append(_required(part, refs, part_file, where, depth + 1))
    needed = needed.union(*parts["allOf"])
    for key in ("oneOf", "anyOf"):
        if parts[key]:
            needed |= set.intersection(*parts[key])
    return needed


def _type_walked(
    schema: dict[str, Any], refs: _Refs, file: str, where: str, depth: int = 0
) -> str:
    """``string``, ``integer``, ``array<string>``, ``string|integer`` ...: a form's hint,
    as GitHub's catalog writes it."""
    if depth > MAX_DEPTH:
        return "any"
    variants = _list(schema.get("oneOf")) or _list(schema.get("anyOf"))
    if variants:
        kinds = []
        for variant in variants:
            variant, variant_file = refs.follow(variant, file, where)
            if isinstance(variant, dict):
                kinds.append(_type(variant, refs, variant_file, where, depth + 1))
        return "|".join(dict.fromkeys(kinds)) or "any"
    kind = schema.get("type")
    if isinstance(kind, list):  # 3.1: ["string", "null"]
        kind = [k for k in kind if k != "null"]
        kind = kind[0] if len(kind) == 1 else "|".join(map(str, kind)) or None
    if kind == "array":
        items, items_file = refs.follow(schema.get("items", _EMPTY), file, where)
        return f"array<{_type(_map(items), refs, items_file, where, depth + 1)}>"
    if kind == "string" and schema.get("format") == "binary":
        return "binary"
    if isinstance(kind, str):
        return kind
    if isinstance(schema.get("properties"), dict) or _list(schema.get("allOf")):
        return "object"
    return "any"


def _objects(
    schema: dict[str, Any], refs: _Refs, file: str, where: str, depth: int = 0
) -> list[dict[str, Any]]:
    """The object schemas a body is made of: the schema, its allOf, oneOf and anyOf."""
    key = ("objects", id(schema))
    if key not in refs.walked:
        refs.walked[key] = _objects_walked(schema, refs, file, where, depth)
    found: list[dict[str, Any]] = refs.walked[key]
    return found


def _required(
    schema: dict[str, Any], refs: _Refs, file: str, where: str, depth: int = 0
) -> set[str]:
    """The fields every body the schema allows has (``_required_walked``)."""
    key = ("required", id(schema))
    if key not in refs.walked:
        refs.walked[key] = _required_walked(schema, refs, file, where, depth)
    found: set[str] = refs.walked[key]
    return found


def _type(schema: dict[str, Any], refs: _Refs, file: str, where: str, depth: int = 0) -> str:
    """A schema's type as a form's hint (``_type_walked``)."""
    key = ("type", id(schema))
    if key not in refs.walked:
        refs.walked[key] = _type_walked(schema, refs, file, where, depth)
    found: str = refs.walked[key]
    return found


def _enum(schema: dict[str, Any], refs: _Refs, file: str, where: str) -> tuple[object, ...]:
    enum = schema.get("enum")
    if not isinstance(enum, list) and schema.get("type") == "array":
        items, _ = refs.follow(schema.get("items", _EMPTY), file, where)
        enum = items.get("enum") if isinstance(items, dict) else None
    if not isinstance(enum, list):
        return ()
    return _json_values([value for value in enum if value is not None])


def _examples(
    param: dict[str, Any], schema: dict[str, Any], refs: _Refs, file: str, where: str
) -> tuple[object, ...]:
    """The values the description gives as examples, most specific first."""
    found: list[object] = []
    for source in (param, schema):
        if "example" in source:
            found.append(source["example"])
        examples = source.get("examples")
        if isinstance(examples, dict):  # a parameter's: name -> Example Object
            for example in examples.values():
                example, _ = refs.follow(example, file, where)
                if isinstance(example, dict) and "value" in example:
                    found.append(example["value"])
        elif isinstance(examples, list):  # a 3.1 schema's: a list of values
            found += examples
    return _json_values(found)


_SCALARS = frozenset({str, int, float, bool})
MAX_EXAMPLE_NODES = 10_000  # values read into an example, a default, a choice


class _TooLarge(Exception):
    """A value larger than MAX_EXAMPLE_NODES (YAML aliases can make one of billions)."""


def _json_value(value: object) -> object:
    """``value`` as JSON has it: YAML's dates and other values become text."""
    budget = [MAX_EXAMPLE_NODES]

    def copied(value: object) -> object:
        budget[0] -= 1
        if budget[0] < 0:
            raise _TooLarge
        if value is None or isinstance(value, str | bool | int | float):
            return value
        if isinstance(value, list):
            return [copied(item) for item in value]
        if isinstance(value, dict):
            return {str(key): copied(item) for key, item in value.items()}
        return str(value.isoformat() if hasattr(value, "isoformat") else value)

    return copied(value)


def _small(value: object) -> object:
    """``value`` as JSON has it, or None (no default) when it is too large to be one."""
    found = _json_values([value])
    return found[0] if found else None


def _json_values(values: list[object]) -> tuple[object, ...]:
    """Each of ``values`` as JSON has it; none when they are too large to be examples."""
    if all(value is None or type(value) in _SCALARS for value in values):
        return tuple(values)  # most are: no copy to make
    try:
        return tuple(_json_value(value) for value in values)
    except (_TooLarge, RecursionError):
        return ()


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


def _renamed(op: Operation, ids: set[str]) -> Operation:
    """``op`` under an id no other operation has (descriptions repeat operationIds)."""
    count = 2
    while f"{op.id}~{count}" in ids:
        count += 1
    return op._replace(id=f"{op.id}~{count}")
