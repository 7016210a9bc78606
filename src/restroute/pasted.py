"""What a pasted request became, shown: as text, as one JSON object, and as the
``restroute build`` command that makes it again. ``restroute import`` prints these, and
the explorer and the notebook show the same parts.

Secrets are hidden unless asked for, as ``restroute.redact`` decides: a pasted curl
usually carries a token, and what is shown is often shared.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import replace
from typing import Any

from ._rows import value_text
from .catalog import Match
from .catalog._match import API, Part
from .errors import EndpointError
from .redact import (
    REDACTED,
    redact_fields,
    redact_url,
    redacted,
    references_only,
    secret_parts,
)

__all__ = ["as_json", "as_text", "build_command", "hidden", "redact_text", "rows"]


def hidden(found: Match) -> Match:
    """``found`` with its secrets replaced: headers named as secrets (the scheme word
    kept), fields named as secrets at any depth, a URL's ``user:password@`` and secret
    query values; in the parts too, wherever the pasted words held them."""
    shown: list[tuple[str, str]] = []  # (as pasted, as shown)
    headers = {}
    for name, value in found.headers.items():
        headers[name] = value if references_only(value) else str(redacted(name, value))
        if headers[name] != value:
            shown.append((value, headers[name]))
    params = redact_fields(found.params)
    data = redact_fields(found.data) if isinstance(found.data, (dict, list, str)) else found.data
    shown += _changed(found.params, params) + _changed(found.data, data)
    base = str(redact_url(found.base_url))
    shown += [(found.base_url, base)] if base != found.base_url else []
    parts = tuple(
        Part(_replaced(part.text, shown), part.became, part.note) for part in found.parts
    )
    return replace(found, headers=headers, params=params, data=data, base_url=base, parts=parts)


def redact_text(text: str) -> str:
    """Pasted ``text`` as it may be shown or saved: the secrets it sends (its headers'
    credentials, secret fields, a URL's ``user:password@``) replaced, as read by
    ``read_route``; text that reads as no request keeps only its URLs' secrets hidden."""
    from .reader import read_route

    try:
        found = read_route(text)
    except EndpointError:
        return _replaced(text, [])
    shown = hidden(found)
    pairs = [(found.headers[name], shown.headers[name]) for name in found.headers
             if found.headers[name] != shown.headers[name]]  # fmt: skip
    pairs += _changed(found.params, shown.params) + _changed(found.data, shown.data)
    for value, safe in list(pairs):  # as a header's credential alone, in -H 'Name: ...'
        if " " in value and " " in safe:
            pairs.append((value.split(" ", 1)[1], safe.split(" ", 1)[1]))
    return _replaced(text, pairs)


def _changed(before: object, after: object) -> list[tuple[str, str]]:
    """The texts redact_fields changed, each with what it became."""
    if isinstance(before, str) and isinstance(after, str):
        return [(before, after)] if before != after else []
    if isinstance(before, dict) and isinstance(after, dict):
        return [pair for key in before for pair in _changed(before[key], after.get(key))]
    if isinstance(before, list) and isinstance(after, list):
        return [pair for b, a in zip(before, after, strict=False) for pair in _changed(b, a)]
    if before != after and after == REDACTED:  # a secret field that held no text
        return [(json.dumps(before), REDACTED)]
    return []


def _replaced(text: str, shown: list[tuple[str, str]]) -> str:
    for pasted, safe in sorted(shown, key=lambda pair: -len(pair[0])):
        if pasted:
            text = text.replace(pasted, safe)
    for part in secret_parts(text):  # a URL's user:password@ and secret query values
        text = text.replace(part, REDACTED)
    return text


def as_json(found: Match) -> dict[str, Any]:
    """The object ``restroute import --format json`` prints: ``route``, ``operation``
    (its id, or None), ``base_url``, ``params``, ``headers``, ``data`` (only for a raw
    body), ``alternatives``, ``parts`` and ``warnings``."""
    shown: dict[str, Any] = {
        "route": found.route,
        "operation": found.operation.id if found.operation is not None else None,
        "base_url": found.base_url,
        "params": found.params,
        "headers": found.headers,
    }
    if found.data is not None:
        data = found.data
        shown["data"] = data.decode("latin-1") if isinstance(data, bytes) else data
    shown["alternatives"] = [{"route": op.route, "operation": op.id} for op in found.alternatives]
    shown["parts"] = [
        {"text": part.text, "became": part.became, **({"note": part.note} if part.note else {})}
        for part in found.parts
    ]
    shown["warnings"] = list(found.warnings)
    return shown


def build_command(found: Match) -> str:
    """``restroute build 'ROUTE' name=value ...``: the command that builds the request
    again, each value written so that build reads it back as the same value."""
    words = ["restroute", "build", found.route]
    words += [_item(name, value) for name, value in _flat(found.params)]
    if isinstance(found.data, str):
        words.append(f"data=={found.data}")
    words += [f"{name}:{value}" for name, value in found.headers.items()]
    if found.base_url != API and not found.route.split(" ", 1)[-1].startswith("http"):
        words += ["--base-url", found.base_url]
    return shlex.join(words)


def rows(found: Match) -> list[tuple[str, str]]:
    """The form's rows for ``found``, as a person would type them: each parameter (a
    media type and a ``data`` object as dotted rows), a raw body as ``data``, each
    header as ``headers.NAME``, and ``base_url`` when the request went elsewhere."""
    typed = [(name, value_text(value)) for name, value in _flat(found.params)]
    if isinstance(found.data, str):
        typed.append(("data", value_text(found.data)))
    typed += [(f"headers.{name}", value) for name, value in found.headers.items()]
    if found.base_url != API and not found.route.split(" ", 1)[-1].startswith("http"):
        typed.append(("base_url", found.base_url))
    return typed


def _flat(params: dict[str, object]) -> list[tuple[str, object]]:
    """``media_type`` and a ``data`` object as dotted rows (``media_type.format``),
    everything else whole."""
    rows: list[tuple[str, object]] = []
    for name, value in params.items():
        if name in ("media_type", "data") and isinstance(value, dict) and value:
            rows += [(f"{name}.{key}", item) for key, item in value.items()]
        else:
            rows.append((name, value))
    return rows


def _item(name: str, value: object) -> str:
    """``name=value`` as build reads it: text that would read as other JSON goes as
    ``name==text``, anything that is no text as ``name:=json``."""
    if isinstance(value, str):
        return f"{name}={value}" if value_text(value) == value else f"{name}=={value}"
    return f"{name}:={json.dumps(value, ensure_ascii=False, separators=(',', ':'))}"


def as_text(found: Match) -> str:
    """For a person: the route and what it is, its parameters and headers, what each
    part of the pasted text became, the warnings, and the build command."""
    op = found.operation
    lines = [found.route]
    if op is not None:
        lines += [f"{op.id} ({op.octokit_name}): {op.summary}", op.docs_url]
    else:
        lines.append("no route GitHub documents: the path is kept as it was")
    if found.base_url != API:
        lines.append(f"base URL: {found.base_url}")
    rows = [(name, value_text(value)) for name, value in _flat(found.params)]
    if isinstance(found.data, str | bytes):
        rows.append(
            ("data", _short(repr(found.data) if isinstance(found.data, bytes) else found.data))
        )
    rows += [(f"headers.{name}", value) for name, value in found.headers.items()]
    lines += ["", "parameters" if rows else "no parameters"]
    width = max((len(name) for name, _ in rows), default=0)
    lines += [f"  {name.ljust(width)}  {_short(value)}" for name, value in rows]
    lines += ["", "what each part became"]
    said = [_short(part.text, 40) for part in found.parts]
    width = max(map(len, said), default=0)
    for text, part in zip(said, found.parts, strict=True):
        note = f"  ({part.note})" if part.note else ""
        lines.append(f"  {text.ljust(width)}  → {part.became}{note}")
    for op_ in found.alternatives:
        lines.append(f"  alternative: {op_.route}  {op_.id}")
    if found.warnings:
        lines += ["", "warnings"] + [f"  {warning}" for warning in found.warnings]
    command = build_command(found)
    lines += ["", "build it again:", f"  {command}"]
    if REDACTED in command:
        lines.append("  (secrets are shown as <REDACTED>: --reveal writes them)")
    if isinstance(found.data, bytes):
        lines.append("  (the body is bytes, which a command line cannot hold: give it as data)")
    return "\n".join(lines)


def _short(text: str, width: int = 60) -> str:
    text = text.replace("\n", "⏎")
    return text if len(text) <= width else text[: width - 1] + "…"
