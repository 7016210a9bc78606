"""What a pasted request became, shown: as text, as one JSON object, and as the
``restroute build`` command that makes it again. ``restroute import`` prints these, and
the explorer and the notebook show the same parts.

Secrets are hidden unless asked for, as ``restroute.redact`` decides: a pasted curl
usually carries a token, and what is shown is often shared. What is shown goes to a
terminal, so no character of the paste is printed that a terminal would obey.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Callable
from dataclasses import replace
from typing import Any
from urllib.parse import quote

from ._core.encoding import UNPRINTABLE
from ._core.encoding import printable as visible
from ._core.http import is_token
from ._core.query import query_text
from ._rows import value_text
from .catalog import Match
from .catalog._matched import API, Part
from .catalog._model import OPTION_NAMES
from .errors import EndpointError
from .redact import (
    REDACTED,
    credential_spans,
    is_secret,
    masked,
    masker,
    redact_fields,
    redact_url,
    redacted,
    references_only,
)

__all__ = [
    "as_json",
    "as_text",
    "build_command",
    "hidden",
    "json_text",
    "printable",
    "redact_text",
    "rows",
]


# --- secrets --------------------------------------------------------------------------------


def hidden(found: Match) -> Match:
    """``found`` with its secrets replaced: headers named as secrets (the scheme word
    kept), fields named as secrets at any depth, the credentials of a raw body (a form's
    ``password=``), a URL's ``user:password@`` and secret query values; and in the parts,
    the notes and the warnings, wherever the pasted words held them."""
    _check(found, "hidden")
    headers, params, data, base, secrets = _hiding(found)
    hide = masker(secrets)
    # A name can hold a credential too: a JSON text curl sent as a form is one field's name.
    params = {hide(name): value for name, value in params.items()}
    texts = _each_hidden(hide, [part.text for part in found.parts])
    notes = _each_hidden(hide, [part.note for part in found.parts])
    # what a part became names a field: a JSON text read as a form's one field, say
    became = _each_hidden(hide, [part.became for part in found.parts])
    parts = tuple(
        Part(REDACTED if text == part.text and _hides_header(part, found.headers, headers)
             else text, name, note)
        for part, text, name, note in zip(found.parts, texts, became, notes, strict=True)
    )  # fmt: skip
    warnings = tuple(_each_hidden(hide, list(found.warnings)))
    return replace(
        found,
        route=hide(found.route),  # a path GitHub does not document is kept as it was
        headers=headers,
        params=params,
        data=data,
        base_url=base,
        parts=parts,
        warnings=warnings,
    )


def redact_text(text: str) -> str:
    """Pasted ``text`` as it may be shown or saved: the secrets the request read from it
    sends (its headers' credentials, secret fields, a URL's ``user:password@``) hidden
    wherever they are in it, and every credential ``redact.credential_spans`` finds (a
    second command, an ``export GITHUB_TOKEN=`` line, an Octokit's ``auth``), also in
    text that reads as no request."""
    from .reader import read_route

    if not isinstance(text, str):
        msg = f"redact_text takes the pasted text (str), not {type(text).__name__}"
        raise EndpointError(msg)
    text = str.__str__(text)  # a subclass's own methods are not run
    try:
        found = read_route(text)
    except EndpointError:
        return masked(text)
    return masker(_hiding(found)[4])(text)


def _check(found: object, function: str) -> None:
    if not isinstance(found, Match):
        msg = (
            f"{function} takes what read_route gives (a catalog.Match), not {type(found).__name__}"
        )
        raise EndpointError(msg)


def _hiding(found: Match) -> tuple[dict[str, str], dict[str, object], object, str, list[str]]:
    """``found``'s headers, parameters, body and base URL as shown, and the texts hidden
    in them (to be hidden wherever else they show up)."""
    headers = {name: _shown_header(name, value) for name, value in found.headers.items()}
    params = redact_fields(found.params)
    data = _shown_data(found.data)
    base = str(redact_url(found.base_url))
    secrets = [text for name in headers for text in _hidden(found.headers[name], headers[name])]
    secrets += _changed(found.params, params) + _changed(found.data, data)
    secrets += _hidden(found.base_url, base)
    # the words a secret header was said in (-u 'user:password'), scanned in one pass
    said = _BETWEEN.join(p.text for p in found.parts if _hides_header(p, found.headers, headers))
    secrets += [said[start:end] for start, end in credential_spans(said)]
    escaped = [json.dumps(text, ensure_ascii=False)[1:-1] for text in secrets]  # as in JSON
    return headers, params, data, base, secrets + escaped


def _shown_header(name: str, value: str) -> str:
    return value if references_only(value) else str(redacted(name, value))


def _shown_data(data: object) -> object:
    """A body as shown: a raw one's credentials hidden (``password=`` in a form, the
    first field too), a JSON one's secret fields."""
    if isinstance(data, str):
        return masked(data)
    if isinstance(data, bytes):
        text = data.decode("latin-1")
        shown = masked(text)
        return data if shown == text else shown.encode("latin-1")
    return redact_fields(data)


# Between texts hidden in one pass: no credential the scan finds runs over a line's end.
_BETWEEN = "\n\x00\n"


def _each_hidden(hide: Callable[[str], str], texts: list[str]) -> list[str]:
    """``hide`` on each of ``texts``, in one pass over them all (a paste may have
    thousands of parts and warnings: a pass each costs more than the scan itself)."""
    if not any(_BETWEEN in text for text in texts):
        shown = hide(_BETWEEN.join(texts)).split(_BETWEEN)
        if len(shown) == len(texts):
            return shown
    return [hide(text) for text in texts]  # a secret spanned two texts: one at a time


def _hides_header(part: Part, before: dict[str, str], after: dict[str, str]) -> bool:
    """Whether ``part`` gave a header whose value is hidden."""
    name = part.became.removeprefix("headers.")
    return part.became.startswith("headers.") and before.get(name) != after.get(name)


def _hidden(before: str, after: str) -> list[str]:
    """The texts hidden in ``before`` to show it as ``after``: all of it, the credential
    after a scheme word, or the credentials in it."""
    if before == after:
        return []
    if after == REDACTED:
        return [before]
    words = before.split(None, 1)
    if len(words) == 2 and after == f"{words[0]} {REDACTED}":
        return [words[1].strip()]
    return [before[start:end] for start, end in credential_spans(before)]


def _changed(before: object, after: object) -> list[str]:
    """The texts ``redact_fields`` (or ``_shown_data``) hid in ``before`` to make
    ``after``: walked with a stack, as a body may be nested deeper than Python recurses."""
    found: list[str] = []
    stack = [(before, after, False)]
    while stack:
        was, now, whole = stack.pop()
        if was is now:
            continue
        if whole:  # a field named as a secret: all it holds
            found += _leaves(was, named=False)
        elif isinstance(was, str) and isinstance(now, str):
            found += _hidden(was, now)
        elif isinstance(was, bytes) and isinstance(now, bytes):
            found += _hidden(was.decode("latin-1"), now.decode("latin-1"))
        elif now == REDACTED:  # deeper than redact_fields looks: the secret fields in it
            found += _leaves(was, named=True)
        elif isinstance(was, dict) and isinstance(now, dict):
            for key, value in was.items():
                shown = now.get(key)
                secret = isinstance(key, str) and is_secret(key) and shown == REDACTED
                stack.append((value, shown, secret))
        else:  # a list, which redact_fields gives back as a list; anything else is kept
            items = was if isinstance(was, list | tuple) else ()
            shown_items = now if isinstance(now, list | tuple) else ()
            stack += [
                (each, shown, False) for each, shown in zip(items, shown_items, strict=False)
            ]
    return found


def _leaves(value: object, *, named: bool) -> list[str]:
    """The texts and numbers in ``value``, as a paste writes them; ``named``: only those
    under a field named as a secret."""
    found: list[str] = []
    stack = [(value, not named)]
    while stack:
        each, secret = stack.pop()
        if isinstance(each, dict):
            stack += [
                (v, secret or (isinstance(k, str) and is_secret(k))) for k, v in each.items()
            ]
        elif isinstance(each, list | tuple):
            stack += [(item, secret) for item in each]
        elif secret and isinstance(each, str):
            found.append(each)
        elif secret and isinstance(each, int | float) and not isinstance(each, bool):
            found.append(json.dumps(each))
    return found


# --- the JSON and the text ------------------------------------------------------------------


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
    if not isinstance(text, str):
        msg = f"printable takes text (str), not {type(text).__name__}"
        raise EndpointError(msg)
    return visible(str.__str__(text))


def json_text(found: Match) -> str:
    """``as_json`` written out for a terminal: JSON escapes what a terminal would obey in
    C0, and here in C1, the bidi controls and the rest of ``printable``'s too."""
    text = json.dumps(as_json(found), indent=2, ensure_ascii=False)
    return UNPRINTABLE.sub(
        lambda found: found[0] if found[0] == "\n" else f"\\u{ord(found[0]):04x}", text
    )


def _short(text: str, width: int = 60) -> str:
    text = printable(text.replace("\n", "⏎"))
    return text if len(text) <= width else text[: width - 1] + "…"


# --- the build command ----------------------------------------------------------------------


def build_command(found: Match, *, catalog: str = "") -> str:
    """``restroute build 'ROUTE' name=value ...``: the command that builds the request
    again, each value written so that build reads it back as the same value. Each word
    is quoted for a POSIX shell; one holding a character a terminal would obey is written
    ``$'...'`` with escapes (bash, zsh), so that printing it obeys nothing."""
    _check(found, "build_command")
    if not isinstance(catalog, str):
        raise EndpointError(f"build_command takes catalog as text, not {type(catalog).__name__}")
    return _joined(_command(found, catalog)[0])


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


def _command(found: Match, catalog: str = "") -> tuple[list[str], list[str]]:
    """The build command's words, and what they cannot say (each a note)."""
    notes: list[str] = []
    values = _rows(found, notes)
    route, query = _route(found)
    if query is not None:  # the query as it was, in the route: no parameter can say it
        in_path = set(_PATH_VARIABLE.findall(route))
        values = [(n, v) for n, v in values if n in in_path or n not in _query_names(found)]
    words = ["restroute", "build", route]
    words += [_item(name, value) for name, value in values]
    for name, value in found.headers.items():
        if not is_token(name):
            notes.append(f"the header {name!r} is no header name build can send; it is left out")
        elif value == value.strip() and not value.startswith("="):
            words.append(f"{name}:{value}")
        else:  # a value with blanks around it, or one that would read as name:=json
            words.append(f"headers.{name}=={value}")
    if isinstance(found.data, bytes):
        notes.append("the body is bytes, which a command line cannot hold: give it as data")
    if _base_url(found):
        words += ["--base-url", found.base_url]
    if catalog:
        words += ["--catalog", catalog]
    return words, notes


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
    bodiless = method in ("GET", "HEAD")
    body = {name: found.params[name] for name in in_body if name in found.params}
    if not in_body and not bodiless:  # no parts say: what the URL does not take
        body = {n: v for n, v in found.params.items() if n not in in_url and n not in _OPTIONS}
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


_OPTIONS = frozenset({"media_type", "data"})


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
    if method not in ("GET", "HEAD"):
        return []
    in_path = set(_PATH_VARIABLE.findall(url))
    return [name for name in found.params if name not in in_path and name not in _OPTIONS]


def _route(found: Match) -> tuple[str, str | None]:
    """The route, and the query as it was pasted when no parameter can say it (written
    into the route then): a name given twice, a value whose text its type changes
    (``007``), a ``+`` in ``q`` (sent as it is, it is a blank), a name build reads as
    something else, an option's name the match left out."""
    pairs, left_out = _pasted_query(found)
    texts: dict[str, list[str]] = {}
    for name, text in pairs:
        texts.setdefault(name, []).append(text)
    in_path = set(_PATH_VARIABLE.findall(found.route.partition(" ")[2]))
    fits = not left_out and all(
        _fits(name, found.params.get(name), texts[name], in_path) for name in texts
    )
    if fits:
        return found.route, None
    query = "&".join(f"{quote(name, safe='')}={quote(text, safe='/:@,')}" for name, text in pairs)
    route = found.route.partition("{?")[0]
    return f"{route}?{query}", query


def _pasted_query(found: Match) -> tuple[list[tuple[str, str]], bool]:
    """The query's pairs as the parts say they were pasted (decoded), and whether one
    was left out as an option's name."""
    pairs: list[tuple[str, str]] = []
    left_out = False
    for part in found.parts:
        name, equals, text = part.text.partition("=")
        if part.became == f"query {name}" and equals:
            pairs.append((name, text))
        elif part.became == "left out" and equals and name in OPTION_NAMES:
            pairs.append((name, text))
            left_out = True
    return pairs, left_out


def _fits(name: str, value: object, texts: list[str], in_path: set[str]) -> bool:
    """Whether a parameter ``name`` = ``value`` sends the query's ``texts`` as pasted."""
    if len(texts) != 1 or name in in_path or not _PLAIN.fullmatch(name):
        return False
    if name == "q" and "+" in texts[0]:
        return False
    try:
        return query_text(name, value) == texts[0]
    except EndpointError:
        return False


def _item(name: str, value: object) -> str:
    """``name=value`` as build reads it: text that would read as other JSON, or that
    starts with ``=`` (``name==x`` reads as the text ``x``), goes as ``name==text``,
    anything that is no text as ``name:=json``."""
    if isinstance(value, str):
        plain = value_text(value) == value and not value.startswith("=")
        return f"{name}={value}" if plain else f"{name}=={value}"
    return f"{name}:={json.dumps(value, ensure_ascii=False, separators=(',', ':'))}"


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


def _joined(words: list[str]) -> str:
    """``words`` as one shell command line, none of them printing a control character."""
    return " ".join(map(_quoted, words))


def _quoted(word: str) -> str:
    """``word`` quoted for a shell; ``$'...'`` with escapes if it holds a character a
    terminal would obey."""
    if not UNPRINTABLE.search(word):
        return shlex.quote(word)
    escaped = word.replace("\\", "\\\\").replace("'", "\\'")
    return f"$'{UNPRINTABLE.sub(_escape, escaped)}'"


def _escape(found: re.Match[str]) -> str:
    code = ord(found[0])
    return f"\\x{code:02x}" if code < 0x80 else f"\\u{code:04x}"
