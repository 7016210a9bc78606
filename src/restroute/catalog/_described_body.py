"""A described operation's body read back into its fields: JSON, a form (deep keys as
``a[b][c]``) or multipart parts."""

from __future__ import annotations

import json
import re
from email.parser import BytesParser
from email.policy import HTTP
from urllib.parse import parse_qsl

from ..rules import MAX_DEEP_OBJECT
from ._matched import Part, _json, _State, _typed
from ._model import Operation, Parameter
from ._serialize import FORM, MULTIPART

_DEEP = re.compile(r"([^\[\]]+)((?:\[[^\[\]]*\])+)$")


def _insert(node: object, keys: list[str], value: str) -> object:
    """``node`` with ``value`` put at ``keys``, as deepObject wrote it: ``[k]`` a key of a
    mapping, ``[]`` the next item of a list (``x[][a]`` starts an item of its own). Past
    32 levels (what the serializer writes at most) the rest is one key, as it was."""
    if len(keys) > MAX_DEEP_OBJECT:
        keys = [*keys[:MAX_DEEP_OBJECT], "][".join(keys[MAX_DEEP_OBJECT:])]
    if not keys:
        return value
    key, rest = keys[0], keys[1:]
    if key == "":
        items = node if isinstance(node, list) else []
        items.append(_insert(None, rest, value))
        return items
    mapping = node if isinstance(node, dict) else {}
    mapping[key] = _insert(mapping.get(key), rest, value)
    return mapping


def _body(
    state: _State, op: Operation | None, body: str | bytes | None, content_type: str
) -> None:
    if body is None:
        return
    if not body and not content_type:  # what endpoint() sends a PUT or PATCH by itself
        words = state.said.get("body", "the empty body")
        state.parts.append(Part(words, "default", "no body: endpoint() sends it empty"))
        return
    media = content_type.partition(";")[0].strip().lower()
    if op is None or op.body != "json":
        state.data = body
        if content_type:
            state.headers["content-type"] = content_type
        state.parts.append(Part(state.said.get("body", "the body"), "data", "sent as it is"))
        return
    fields = {p.name: p for p in op.parameters if p.location == "body"}
    if isinstance(body, bytes) and media != MULTIPART:
        try:
            body = body.decode()
        except UnicodeDecodeError:  # no form's or JSON's text: the bytes, as they are
            state.data = body
            if content_type:
                state.headers["content-type"] = content_type
            state.parts.append(Part(state.said.get("body", "the body"), "data", "bytes"))
            return
    if media == FORM:
        text = body.decode() if isinstance(body, bytes) else body
        values = _form_fields(fields, parse_qsl(text, keep_blank_values=True))
    elif media == MULTIPART:
        raw = body.encode() if isinstance(body, str) else body
        values = _multipart_fields(fields, raw, content_type)
    else:
        parsed = _json(body.decode() if isinstance(body, bytes) else body)
        if not isinstance(parsed, dict):
            state.data = body
            state.parts.append(Part(state.said.get("body", "the body"), "data", "no JSON object"))
            return
        values = parsed
    for name, value in values.items():
        param = fields.get(name)
        key = op.argument_name(param) if param is not None else name
        state.params[key] = value
        # whole: cut where it is shown, once its secrets are hidden (redact.pasted_parts)
        state.parts.append(Part(f"{name}: {json.dumps(value, default=repr)}", f"body {name}"))


def _form_fields(fields: dict[str, Parameter], pairs: list[tuple[str, str]]) -> dict[str, object]:
    """A form body's fields, as catalog._serialize.form_body wrote them."""
    values: dict[str, object] = {}
    spread = [p for p in fields.values() if p.type == "object" and p.style == "form"]
    for name, text in pairs:
        found = _DEEP.fullmatch(name)
        if found is not None and found[1] in fields:
            keys = re.findall(r"\[([^\[\]]*)\]", found[2])
            values[found[1]] = _insert(values.get(found[1]), keys, text)
            continue
        param = fields.get(name)
        if param is None and spread:  # form style: an object's keys are fields of their own
            target = values.setdefault(spread[0].name, {})
            assert isinstance(target, dict)
            target[name] = text
        elif param is not None and param.type.startswith("array<"):
            items = values.setdefault(name, [])
            assert isinstance(items, list)
            inner = param.type[6 : param.type.rfind(">")]
            items += [_typed(inner, t) for t in (text.split(",") if not param.explode else [text])]
        else:
            values[name] = _typed(param.type if param is not None else "string", text)
    return values


def _multipart_fields(
    fields: dict[str, Parameter], body: bytes, content_type: str
) -> dict[str, object]:
    head = f"Content-Type: {content_type}\r\nMIME-Version: 1.0\r\n\r\n".encode()
    message = BytesParser(policy=HTTP).parsebytes(head + body)
    values: dict[str, object] = {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        if not isinstance(name, str):
            continue
        content = part.get_payload(decode=True)
        assert isinstance(content, bytes)
        param = fields.get(name)
        kind = param.type if param is not None else "string"
        if part.get_filename() is not None:  # a file's part: its bytes
            value: object = content
        elif part.get_content_type() == "application/json":
            value = json.loads(content)
        else:
            value = _typed(kind.removeprefix("array<").removesuffix(">"), content.decode())
        if kind.startswith("array<") and not isinstance(value, list):
            items = values.setdefault(name, [])
            assert isinstance(items, list)
            items.append(value)
        else:
            values[name] = value
    return values
