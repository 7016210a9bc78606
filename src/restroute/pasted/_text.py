"""What a pasted request became, for a person (``as_text``) and as one JSON object
(``as_json``), with nothing printed that a terminal would obey."""

from __future__ import annotations

from typing import Any

from .._core.encoding import json_printable
from .._core.encoding import printable as visible
from .._core.json_layout import json_indented
from .._core.kinds import honest
from .._rows import value_text
from ..catalog import Match
from ..errors import EndpointError
from ..redact import REDACTED
from ._build import _command, _joined
from ._parameters import _base_url, _check


def as_json(found: Match) -> dict[str, Any]:
    """The object ``restroute import --format json`` prints: ``route``, ``operation``
    (its id, or None), ``base_url``, ``params``, ``headers``, ``data`` (only for a raw
    body), ``alternatives``, ``parts`` and ``warnings``."""
    _check(found, "as_json")
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


def as_text(found: Match, *, reveal: str = "", catalog: str = "") -> str:
    """For a person: the route and what it is, its parameters and headers, what each
    part of the pasted text became, the warnings, and the build command, with what it
    cannot say. A character a terminal would obey (an escape, a carriage return, a bidi
    override) is shown as its escape, ``\\x1b``. ``reveal`` says how the secrets hidden
    can be shown, where that is (``--reveal`` on the command line). ``catalog``: the
    ``--catalog`` the build command needs (the description the request was read by)."""
    _check(found, "as_text")
    op = found.operation
    lines = [found.route]
    if op is not None:
        named = f" ({op.octokit_name})" if op.octokit_name != op.id else ""
        lines += [f"{op.id}{named}: {op.summary}", *[op.docs_url] * bool(op.docs_url)]
    else:
        lines.append("no route GitHub documents: the path is kept as it was")
    if _base_url(found):
        lines.append(f"base URL: {found.base_url}")
    rows = [(name, value_text(value)) for name, value in _flat(found.params)]
    if isinstance(found.data, str | bytes):
        rows.append(("data", repr(found.data) if isinstance(found.data, bytes) else found.data))
    elif found.data is not None:
        rows.append(("data", value_text(found.data)))
    rows += [(f"headers.{name}", value) for name, value in found.headers.items()]
    lines += ["", "parameters" if rows else "no parameters"]
    shown = [(_short(name, 40), _short(value)) for name, value in rows]
    width = max((len(name) for name, _ in shown), default=0)
    lines += [f"  {name.ljust(width)}  {value}" for name, value in shown]
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
    words, notes = _command(found, catalog)
    command = _joined(words)
    lines += ["", "build it again:", f"  {command}"]
    if REDACTED in command:
        lines.append(f"  (secrets are shown as <REDACTED>: {reveal or 'redaction is on'})")
    lines += [f"  ({note})" for note in notes]
    return "\n".join(map(printable, lines))


# C0 and C1 controls, DEL, lone surrogates, line and paragraph separators, and the bidi
# marks, embeddings, overrides and isolates: what a terminal obeys or a reader is fooled by.
def printable(text: str) -> str:
    """``text`` with each character a terminal would obey, or that hides what follows
    it, written as its Python escape (``\\x1b``, ``\\u202e``).

    >>> printable("a\\x1b[2Jb\\u202ec")
    'a\\\\x1b[2Jb\\\\u202ec'
    """
    text = honest(text, "printable")
    if not isinstance(text, str):
        msg = f"printable takes text (str), not {type(text).__name__}"
        raise EndpointError(msg)
    return visible(str.__str__(text))


def json_text(found: Match) -> str:
    """``as_json`` written out for a terminal: JSON escapes what a terminal would obey in
    C0, and here in C1, the bidi controls and the rest of ``printable``'s too."""
    return json_printable(json_indented(as_json(found)))


def _short(text: str, width: int = 60) -> str:
    text = printable(text.replace("\n", "⏎"))
    return text if len(text) <= width else text[: width - 1] + "…"


def _flat(params: dict[str, object]) -> list[tuple[str, object]]:
    """``media_type`` and a ``data`` object as dotted rows (``media_type.format``),
    everything else whole."""
    flat: list[tuple[str, object]] = []
    for name, value in params.items():
        if name in ("media_type", "data") and isinstance(value, dict) and value:
            flat += [(f"{name}.{key}", item) for key, item in value.items()]
        else:
            flat.append((name, value))
    return flat
