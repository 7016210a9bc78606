"""What an OpenAPI schema says of a value: its type as a form's hint, its choices, its
examples and the object parts of a body, each read once however many ways it is reached."""

from __future__ import annotations

import json
from typing import Any

from .._core.encoding import printable
from ..redact import masked_shapes
from ..rules import MAX_EXAMPLE_NODES
from ..rules import MAX_SCHEMA_DEPTH as MAX_DEPTH
from ._document import _Refs

DESCRIPTION_LIMIT = 300  # characters of a description kept, as in GitHub's catalog


# What a missing mapping reads as: one object, so that the walks' memos, keyed by a node's
# identity, never meet a temporary {} whose identity a node read later takes over.
_EMPTY: dict[str, Any] = {}


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
    text = prose(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def prose(text: str) -> str:
    """A description's words as every view shows them: what a terminal would obey escaped
    (an ESC there would be obeyed: it cleared the explorer's screen), and a credential's
    shape hidden (a summary that quotes a token: ``masked_shapes``, as ``routes`` did)."""
    return masked_shapes(printable(text))


def _text(value: object) -> str:
    """A description, one line, cut short, what a terminal would obey escaped (a summary's
    ESC cleared the explorer's screen and set the terminal's title)."""
    if not isinstance(value, str):
        return ""
    text = prose(" ".join(value.split()))
    return text if len(text) <= DESCRIPTION_LIMIT else text[: DESCRIPTION_LIMIT - 1] + "…"


def _list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _map(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else _EMPTY


def _str(value: object) -> str:
    return value if isinstance(value, str) else ""


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
