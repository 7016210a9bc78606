"""A pasted request's parameters as rows, as build and the form read them: the path's and
the query's by name, a media type's as dotted rows, and the body's fields or the body whole."""

from __future__ import annotations

import json
import re

from .._rows import value_text
from ..catalog import Match
from ..catalog._matched import API
from ..errors import EndpointError
from ..rules import BODILESS_METHODS, DATA, OPTION_NAMES


def _check(found: object, function: str) -> None:
    if not isinstance(found, Match):
        msg = (
            f"{function} takes what read_route gives (a catalog.Match), not {type(found).__name__}"
        )
        raise EndpointError(msg)


def rows(found: Match) -> list[tuple[str, str]]:
    """The form's rows for ``found``, as a person would type them: each parameter (a
    media type and a ``data`` object as dotted rows), a body that no row of its own can
    hold as ``data.NAME`` or ``data``, each header as ``headers.NAME``, and ``base_url``
    when the request went elsewhere."""
    _check(found, "rows")
    typed = [(name, value_text(value)) for name, value in _rows(found, [])]
    typed += [(f"headers.{name}", value) for name, value in found.headers.items()]
    if _base_url(found):
        typed.append(("base_url", found.base_url))
    return typed


_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")  # a name build reads as a parameter's
_PATH_VARIABLE = re.compile(r"\{(\w[^{}]*)\}")
_JSON_NOTE = "JSON"  # in the note of a body that is JSON and no object
_NO_BODY = object()


def _base_url(found: Match) -> bool:
    """Whether the request went to a host of its own: not GitHub's API, nor the server
    of the description it was read by ("")."""
    return found.base_url not in ("", API) and not (
        found.route.split(" ", 1)[-1].startswith("http")
    )


def _rows(found: Match, notes: list[str]) -> list[tuple[str, object]]:
    """The parameters as build and the form read them, in order: the path's and the
    query's by name, a media type's as dotted rows, and the body: its fields by name
    when each name is one build reads as a body field's, else as ``data.NAME``, else
    whole as ``data``. What cannot be said is noted in ``notes``."""
    method, _, url = found.route.partition(" ")
    in_path = set(_PATH_VARIABLE.findall(url))
    in_url = in_path | set(_query_names(found))
    said = {part.became: part.text for part in found.parts}
    in_body = [part.became[5:] for part in found.parts if part.became.startswith("body ")]
    bodiless = method in BODILESS_METHODS
    body = {name: found.params[name] for name in in_body if name in found.params}
    if not in_body and not bodiless:  # no parts say: what the URL does not take
        body = {n: v for n, v in found.params.items() if n not in in_url and n not in _NOT_FIELDS}
    if bodiless and body:
        notes.append(f"a {method} request's body cannot be built: endpoint() sends none")
    rows: list[tuple[str, object]] = []
    body_rows = _body_rows(body, in_url, whole=False)
    for name, value in found.params.items():
        if name in in_path:  # the path's value, which a query or a body named so replaced
            named = f"query {name}" in said or name in body
            rows.append((name, said.get(f"path {name}", value) if named else value))
        elif name not in body:
            rows += _option_rows(name, value, in_url)
        if name in body:
            rows += [] if bodiless else body_rows
            body_rows = []
    rows += _raw_body(found, notes)
    return rows


# The options a pasted request may give besides its parameters: neither is a body field.
_NOT_FIELDS = frozenset({"media_type", DATA})


def _option_rows(name: str, value: object, in_url: set[str]) -> list[tuple[str, object]]:
    """A parameter as rows: the body given as ``data``, a media type's entries, or
    itself."""
    if name == "data":
        return _body_rows(value, in_url, whole=True)
    if name == "media_type" and isinstance(value, dict) and value:
        return [(f"media_type.{key}", item) for key, item in value.items()]
    return [(name, value)]


def _body_rows(body: object, in_url: set[str], *, whole: bool) -> list[tuple[str, object]]:
    """A body's fields as rows: by name, as ``data.NAME`` (``whole``: the body was given
    as data, as its names clash), or the whole as ``data``."""
    if not isinstance(body, dict) or (whole and not body):
        return [("data", body)]
    if not whole and all(_PLAIN.fullmatch(n) and n not in OPTION_NAMES | in_url for n in body):
        return list(body.items())
    if all(name and not set(name) & set("=:") for name in body):
        return [(f"data.{name}", value) for name, value in body.items()]
    return [("data", body)]


def _raw_body(found: Match, notes: list[str]) -> list[tuple[str, object]]:
    """A body that is no object of fields, as its ``data`` row: text as it is, JSON
    text as its JSON (a JSON string is sent as JSON, not as the string's text)."""
    json_body = any(p.became == "data" and _JSON_NOTE in p.note for p in found.parts)
    if isinstance(found.data, str):
        return [("data", json.dumps(found.data, ensure_ascii=False) if json_body else found.data)]
    if found.data is None and json_body:
        notes.append("the body is JSON null, which build cannot send (data:=null sends none)")
    if found.data is None or isinstance(found.data, bytes):
        return []
    return [("data", found.data)]


def _query_names(found: Match) -> list[str]:
    """The names of the parameters the URL's query sent (not a path's)."""
    method, _, url = found.route.partition(" ")
    _, brace, names = url.partition("{?")
    if brace:
        return names.rstrip("}").split(",")
    if method not in BODILESS_METHODS:
        return []
    in_path = set(_PATH_VARIABLE.findall(url))
    return [name for name in found.params if name not in in_path and name not in _NOT_FIELDS]
