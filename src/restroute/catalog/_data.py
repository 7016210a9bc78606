"""The compiled data file read into Operations, once, and the lookups find() needs."""

from __future__ import annotations

import functools
import json
import os
import re

from ._model import Operation, Parameter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

DATA = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "github-rest.json")
_FORMAT = re.compile(r"application/vnd\.github\.(.+?)(?:\+json)?$")


@functools.cache
def _data() -> tuple[dict[str, Any], dict[str, Parameter], dict[int, Operation]]:
    """The data file read, its shared parameters, and the operations made so far (by
    position), which every later lookup returns: the same object for the same operation."""
    with open(DATA, "rb") as file:
        data = json.loads(file.read())
    return data, {key: _parameter(raw) for key, raw in data["parameters"].items()}, {}


@functools.cache
def operations() -> tuple[Operation, ...]:
    """Every operation, in catalog order (by URL, then method)."""
    data, shared, made = _data()
    base, docs = data["base_url"], data["docs_base"]
    return tuple(
        made.get(at) or _operation(raw, base, docs, shared)
        for at, raw in enumerate(data["operations"])
    )


def exact(method: str, url: str) -> Operation | None:
    """The operation of ``method`` and ``url`` exactly as the catalog writes them, made
    alone: the explorer, started on a route, shows its form in the first frame, and
    making all 1,200 operations and their index took 20 ms of it."""
    data, shared, made = _data()
    for at, raw in enumerate(data["operations"]):
        if raw["url"] == url and raw["method"] == method:
            if at not in made:
                made[at] = _operation(raw, data["base_url"], data["docs_base"], shared)
            return made[at]
    return None


def _operation(
    raw: dict[str, Any], base: str, docs: str, shared: dict[str, Parameter]
) -> Operation:
    get = raw.get  # most keys are absent from most operations: one lookup each
    body, accept, params, category = get("body"), get("accept"), get("params"), raw["category"]
    formats = tuple([m[1] for media in accept if (m := _FORMAT.match(media))]) if accept else ()
    parameters = (
        tuple([shared[p] if p.__class__ is str else _parameter(p) for p in params])
        if params
        else ()
    )
    return Operation(
        raw["id"],
        raw["method"],
        raw["url"],
        raw["summary"],
        docs + raw["docs"] if raw["docs"] else "",
        category,
        get("subcategory", category),
        get("deprecated", False),
        get("base_url", base),
        formats,
        "" if body is None else body.get("raw", "json"),
        parameters,
    )


def _parameter(raw: dict[str, Any]) -> Parameter:
    get = raw.get
    return Parameter(
        raw["name"],
        raw["in"],
        raw["type"],
        get("required", False),
        tuple(get("enum", ())),
        get("default"),
        get("description", ""),
        get("multi_segment", False),
        get("deprecated", False),
    )


@functools.cache
def index() -> dict[str, Operation]:
    """Each operation under every exact key find() takes: its id, its octokit name, its
    method and URL, and its route (with a host and ``{?...}`` when it has them)."""
    index: dict[str, Operation] = {}
    for op in operations():
        index[op.id] = index[op.octokit_name] = index[f"{op.method} {op.url}"] = op
        index[op.route] = op
    return index


@functools.cache
def hosts() -> frozenset[str]:
    """The hosts the operations go to, which find() strips from a full URL."""
    return frozenset(op.base_url for op in operations())
