"""The compiled data file read into Operations, once, and the lookups find() needs.

The file is marshal's rows of each named tuple's fields, which make GitHub's 1,223
operations in about 6 ms; the JSON it replaced took 9 ms to parse alone and 27 ms to
make them from."""

from __future__ import annotations

import _thread
import functools
import json
import marshal
import os
import re

from ..errors import EndpointError
from ._model import Operation, Parameter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ._catalog import Catalog

DATA = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "github-rest.marshal")
PRODUCTS = os.path.join(os.path.dirname(DATA), "github-products.json.gz")
_FORMAT = re.compile(r"application/vnd\.github(?:\.v3)?\.(.+?)(?:\+json)?$")  # v3.raw is raw
# What the data file holds: marshal's version 4, which every CPython since 3.4 reads, and
# the fields of each row, checked at load so that a model changed without the file
# being made again fails here, not as a value in the wrong field.
MARSHAL_VERSION = 4
FIELDS = (Operation._fields, Parameter._fields)
_PARAMETERS_AT = Operation._fields.index("parameters")
_reading = _thread.allocate_lock()


def operations() -> tuple[Operation, ...]:
    """Every operation, in catalog order (by URL, then method)."""
    with _reading:  # threads that ask at once share one read, and one set of objects
        return _operations()


@functools.cache
def _operations() -> tuple[Operation, ...]:
    try:
        with open(DATA, "rb") as file:
            data = marshal.loads(file.read())  # marshal.load(file) reads a few bytes at a time
        fields = data.get("fields") if isinstance(data, dict) else None
        if fields != FIELDS:
            msg = f"{DATA} was written for other fields than this restroute's; reinstall "
            raise EndpointError(msg + "restroute (or run scripts/gen_catalog.py in a clone)")
        widths = {*map(len, data["parameters"])}, {*map(len, data["operations"])}
        if not widths[0] <= {len(Parameter._fields)} or not widths[1] <= {len(Operation._fields)}:
            raise ValueError("rows of another width than their fields")
        return made_of_rows(data)
    except EndpointError:  # a ValueError too: said as it is
        raise
    except (OSError, EOFError, ValueError, TypeError, KeyError, IndexError) as error:
        msg = f"{DATA} cannot be read ({error}); reinstall restroute"
        raise EndpointError(msg) from None


def rows_of(operations: tuple[Operation, ...]) -> dict[str, Any]:
    """``operations`` as the data file holds them: each parameter once (equal ones are
    one object), in a table of rows; each list of parameters once, as places in that
    table (723 lists for 1,223 operations); each operation a row naming its list.

    Equal texts are one object, which marshal writes once (ids, URLs, descriptions
    repeat). Only texts: a tuple is kept as it is, since ``(1,)`` equals ``(True,)``."""
    texts: dict[str, str] = {}

    def shared(value: object) -> object:
        return texts.setdefault(value, value) if type(value) is str else value

    places: dict[str, int] = {}  # by repr, which tells True from 1 and (1,) from [1]
    parameters: list[tuple[object, ...]] = []
    lists: dict[tuple[int, ...], int] = {}
    rows = []
    for op in operations:
        listed = []
        for param in op.parameters:
            key = repr(param)
            if key not in places:
                places[key] = len(parameters)
                parameters.append(tuple(map(shared, param)))
            listed.append(places[key])
        row = [*map(shared, op)]
        row[_PARAMETERS_AT] = lists.setdefault(tuple(listed), len(lists))
        rows.append(tuple(row))
    return {
        "fields": FIELDS,
        "parameters": tuple(parameters),
        "lists": tuple(lists),
        "operations": tuple(rows),
    }


def made_of_rows(data: dict[str, Any]) -> tuple[Operation, ...]:
    """The operations of a data file's rows: each row is the fields of its named tuple,
    as they are (the file is the package's own, and its fields were checked)."""
    new = tuple.__new__
    parameters = [new(Parameter, row) for row in data["parameters"]]
    take, at = parameters.__getitem__, _PARAMETERS_AT
    lists = [tuple(map(take, places)) for places in data["lists"]]
    return tuple(
        [new(Operation, (*row[:at], lists[row[at]], *row[at + 1 :])) for row in data["operations"]]
    )


def exact(method: str, url: str) -> Operation | None:
    """The operation of ``method`` and ``url`` exactly as the catalog writes them: one
    pass over the operations (0.2 ms) where the index of every key takes 10 ms, which
    the explorer, started on a route, would otherwise pay in its first frame."""
    return next((op for op in operations() if op.url == url and op.method == method), None)


def _operation(
    raw: dict[str, Any],
    base: str,
    docs: str,
    shared: dict[str, Parameter],
    home: str = "https://api.github.com",
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
        home=home,
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
def _products() -> dict[str, Any]:
    """GHEC's and GHES's catalogs and the calendar versions, one gzip'd table (read
    only when one of them is asked for: 2 MB of JSON, about 20 ms)."""
    import gzip

    with open(PRODUCTS, "rb") as file:
        data: dict[str, Any] = json.loads(gzip.decompress(file.read()))
    return data


def product_names() -> tuple[str, ...]:
    """``ghec``, ``ghes-3.19``, ``github@2026-03-10`` ...: the bundled catalogs besides
    GitHub's own, in the table's order."""
    return tuple(_products()["products"])


def index(catalog: Catalog) -> dict[str, Operation]:
    """Each operation under every exact key find() takes: its id, its octokit name, its
    method and URL, and its route (with a host and ``{?...}`` when it has them)."""
    made: dict[str, Operation] | None = catalog.memo.get("index")
    if made is None:
        made = {}
        for op in catalog.operations:
            made[op.id] = made[op.octokit_name] = op
        for op in catalog.operations:  # a route is its operation's, whatever an id says
            made[f"{op.method} {op.url}"] = made[op.route] = op
        catalog.memo["index"] = made
    return made


def hosts(catalog: Catalog) -> frozenset[str]:
    """The hosts the operations go to, which find() strips from a full URL."""
    made: frozenset[str] | None = catalog.memo.get("hosts")
    if made is None:
        made = catalog.memo["hosts"] = frozenset(
            op.base_url for op in catalog.operations if op.base_url
        )
    return made
