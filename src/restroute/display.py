"""How request options and explanations show in a notebook: HTML, plain text and JSON.

``RequestOptions`` and ``Explanation`` display themselves through these functions, with
secrets redacted (notebooks get shared); ``NotebookView(obj, redact=False)`` is the
switch that shows them. Nothing here imports a notebook package: a display bundle is a
dict of strings, and IPython does the rest.

A value too large, binary or deep to show (a release asset's bytes) shows as a summary
line (``summary``); so do the snippets of its request, which would hold it whole.

>>> from restroute import endpoint
>>> options = endpoint("GET /user", headers={"authorization": "token ghp_1"})
>>> print(options_text(options))
GET https://api.github.com/user
accept: application/vnd.github.v3+json
user-agent: restroute/...
authorization: token <REDACTED>
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Callable, Mapping
from html import escape

from . import formats
from ._core.encoding import shown
from ._core.explain import MERGED, OVERRIDDEN, WON, Cascade, Entry, Explanation, Step
from ._core.result import MergedOptions
from .errors import EndpointError
from .redact import redact_headers, redact_options

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "NotebookView",
    "bundle",
    "cascade_html",
    "cascade_text",
    "explanation_bundle",
    "json_bundle",
    "merged_bundle",
    "merged_html",
    "merged_text",
    "options_bundle",
    "options_html",
    "options_text",
    "rows_html",
    "summary",
]

LIMIT = 64 * 1024  # a value of more bytes (or characters, or bytes as JSON) is summarised
DEPTH = 100  # and one of lists and mappings nested deeper than this
_HEAD = 16  # the bytes a summary of binary shows, in hex
_TEXT_HEAD = 40  # the characters a summary of text shows

# Scoped to .restroute, and written three times over to outrank the front end's own rules
# for rendered HTML: JupyterLab's `:not(.jp-RenderedMarkdown).jp-RenderedHTMLCommon td`
# (two classes and a tag) right-aligns every cell and centres a fixed-layout table. Long
# URLs and values wrap inside their cells, so a table never outgrows the output area; the
# colours are the front end's theme variables (JupyterLab light and dark), with fallbacks.
_SCOPE = ".restroute.restroute.restroute"
CSS = (
    f"{_SCOPE}{{max-width:100%;overflow-wrap:anywhere}}"
    f"{_SCOPE} table{{border-collapse:collapse;table-layout:auto;width:100%;max-width:100%;"
    "margin:4px 0;border:none;font-size:inherit}"
    f"{_SCOPE} td,{_SCOPE} th{{text-align:left;vertical-align:top;padding:2px 8px;"
    "border:none;border-bottom:1px solid var(--jp-border-color2,#ddd);max-width:none;"
    "white-space:normal;overflow-wrap:anywhere}"
    f"{_SCOPE} tbody tr{{background:transparent}}"
    f"{_SCOPE} code{{white-space:pre-wrap;overflow-wrap:anywhere;background:none;padding:0}}"
    f"{_SCOPE} pre{{white-space:pre-wrap;overflow-wrap:anywhere;margin:4px 0;padding:4px;"
    "max-width:100%;box-sizing:border-box}"
    f"{_SCOPE} .error{{color:var(--jp-error-color1,#c00)}}"
)
STYLE = f"<style>{CSS}</style>"


def _never_raising(
    make: Callable[[Any, bool], dict[str, Any]],
) -> Callable[..., dict[str, Any]]:
    """A display that fails would hide the object behind a traceback: it shows the
    problem as text instead."""

    def shown(obj: Any, *, redact: bool = True) -> dict[str, Any]:
        try:
            return make(obj, redact)
        except Exception as error:  # any failure of any value: the display says so
            kind = type(obj).__name__
            return {"text/plain": f"<{kind} that restroute cannot display: {error!r:.200}>"}

    shown.__doc__ = make.__doc__
    return shown


@_never_raising
def options_bundle(options: Mapping[str, Any], redact: bool) -> dict[str, Any]:
    """Request options as text/plain and text/html (``json_bundle`` for JSON)."""
    return {
        "text/plain": options_text(options, redact=redact),
        "text/html": options_html(options, redact=redact),
    }


@_never_raising
def merged_bundle(merged: Mapping[str, Any], redact: bool) -> dict[str, Any]:
    """Merged options as text/plain and text/html."""
    return {
        "text/plain": merged_text(merged, redact=redact),
        "text/html": merged_html(merged, redact=redact),
    }


def _merged(merged: Mapping[str, Any], redact: bool) -> dict[str, Any]:
    """The merged options as shown: secrets redacted, a value too large or deep summarised."""
    shown = redact_options(merged) if redact else dict(merged)
    for key, value in shown.items():
        if key == "headers" and isinstance(value, Mapping):
            shown[key] = {name: _summarised(header) for name, header in value.items()}
        else:
            shown[key] = _summarised(value)
    return shown


def _summarised(value: object) -> object:
    """``value``, or the line that stands for it."""
    line = summary(value)
    return value if line is None else line


@_never_raising
def explanation_bundle(explanation: Explanation, redact: bool) -> dict[str, Any]:
    """An explanation: its table as text/plain and text/html."""
    return {
        "text/plain": explanation_text(explanation, redact=redact),
        "text/html": explanation_html(explanation, redact=redact),
    }


@_never_raising
def json_bundle(shown: Mapping[str, Any] | Explanation, redact: bool) -> dict[str, Any]:
    """The JSON view (``NotebookView(obj, as_="json")``): application/json, and the same
    JSON as text/plain. Of an explanation, its request; of merged options, the options.
    What has no JSON (an explanation's error, a hook in the request) shows as text."""
    if isinstance(shown, Explanation):
        if shown.result is None:
            return {"text/plain": f"no request, so no JSON: {shown.error}"}
        shown = shown.result
    if isinstance(shown, MergedOptions):
        data: object = json.loads(json.dumps(_merged(shown, redact), default=repr))
    else:
        try:
            data = _request_json(shown, redact)
        except EndpointError as error:  # request metadata that is not JSON: a hook, a socket
            return {"text/plain": f"no JSON: {error}"}
    text = json.dumps(data, indent=2, ensure_ascii=False)
    return {"application/json": data, "text/plain": text}


def _request_json(options: Mapping[str, Any], redact: bool) -> dict[str, Any]:
    """The request as JSON: a body not UTF-8 as ``body_base64`` (see ``to_json``); one too
    large or deep as ``body_summary``, the line that stands for it, and no body."""
    body = options.get("body")
    line = None if body is None else summary(body, _content_type(options), binary=False)
    if line is not None:
        options = {key: value for key, value in options.items() if key != "body"}
    shown: dict[str, Any] = json.loads(formats.find("json").render(options, redact=redact))
    return shown if line is None else {**shown, "body_summary": line}


def summary(value: object, content_type: object = None, *, binary: bool = True) -> str | None:
    r"""The line a display shows for ``value`` when showing it whole would not do, or
    None when it shows whole: bytes or text over ``LIMIT`` (64 KiB); binary bytes (not
    UTF-8, or holding a NUL, as git judges it), unless ``binary=False`` (JSON writes
    them whole, as base64 or text); lists and mappings nested over ``DEPTH`` levels, or
    over ``LIMIT`` bytes as JSON. ``content_type`` (a header's value) says what the bytes
    claim to be.

    >>> print(summary(b"PK\x03\x04" + bytes(2**20), "application/zip"))
    <1,048,580 bytes, binary (application/zip), starts 50 4b 03 04 00 00 00 ... 00 ...>
    >>> print(summary(b"\xff\xfe"))
    <2 bytes, binary, starts ff fe>
    >>> print(summary("a long text " * 6000))
    <72,000 characters, text, starts 'a long text a long text a long text a lo' ...>
    >>> print(summary([[[["deep"]]]] * 100), summary({"owner": "octocat"}))
    None None
    """
    kind = f" ({str(content_type)[:80]})" if content_type else ""
    if isinstance(value, bytes | bytearray | memoryview):
        data = value if isinstance(value, bytes) else bytes(value)
        text = _text_of(data)
        if text is None and (binary or len(data) > LIMIT):
            more = " ..." if len(data) > _HEAD else ""
            return f"<{len(data):,} bytes, binary{kind}, starts {data[:_HEAD].hex(' ')}{more}>"
        if text is None or len(data) <= LIMIT:
            return None  # text that fits, or binary that JSON writes whole (base64)
        return f"<{len(data):,} bytes, UTF-8 text{kind}, starts {_text_start(text)}>"
    if isinstance(value, str):
        if len(value) <= LIMIT:
            return None
        return f"<{len(value):,} characters, text{kind}, starts {_text_start(value)}>"
    return _nested_summary(value)


def _text_of(data: bytes) -> str | None:
    """The text of ``data``'s first LIMIT bytes when they are text: UTF-8 (a character
    cut at the end waits for bytes that are not read) without a NUL; else None."""
    head = data[:LIMIT]
    if b"\0" in head:
        return None
    try:
        return codecs.getincrementaldecoder("utf-8")().decode(head, final=len(data) <= LIMIT)
    except UnicodeDecodeError:
        return None


def _text_start(text: str) -> str:
    return f"{text[:_TEXT_HEAD]!r}{' ...' if len(text) > _TEXT_HEAD else ''}"


_NESTED = (Mapping, list, tuple, set, frozenset)


def _nested_summary(value: object) -> str | None:
    """A summary of a list or mapping nested over DEPTH levels, or over LIMIT bytes as
    JSON (about: two for each item's brackets and comma, a text's length, four for
    another scalar), found by a walk that stops there: no recursion, and a list of a
    million items is summarised without reading one."""
    if not isinstance(value, _NESTED):
        return None
    size, stack = 0, [(value, 1)]
    while stack and size <= LIMIT:
        item, depth = stack.pop()
        if not isinstance(item, _NESTED):
            size += len(item) + 2 if isinstance(item, str | bytes | bytearray) else 4
        elif depth > DEPTH:
            return f"<a {type(value).__name__} nested more than {DEPTH} levels deep>"
        else:
            size += 2 + 2 * len(item)
            if size <= LIMIT:  # else the walk ends here, its items unread
                children = [*item.keys(), *item.values()] if isinstance(item, Mapping) else item
                stack.extend((child, depth + 1) for child in children)
    if size <= LIMIT:
        return None
    items = f"{len(value):,} item{'' if len(value) == 1 else 's'}"
    return f"<a {type(value).__name__} of {items}, over {LIMIT:,} bytes as JSON>"


VIEWS = ("html", "json")


def bundle(
    shown: Mapping[str, Any] | Explanation, *, redact: bool = True, as_: str = "html"
) -> dict[str, Any]:
    """The display bundle IPython asks ``_repr_mimebundle_`` for, of request options,
    merged options or an explanation. Never raises.

    ``as_="html"`` (the default) gives text/html and text/plain, and no
    application/json: JupyterLab, Notebook 7 and VS Code render JSON in preference to
    HTML, as a tree that hides the headers table, the snippets and the cascade.
    ``as_="json"`` gives that JSON on purpose."""
    if as_ == "json":
        return json_bundle(shown, redact=redact)
    if isinstance(shown, Explanation):
        return explanation_bundle(shown, redact=redact)
    if isinstance(shown, MergedOptions):
        return merged_bundle(shown, redact=redact)
    return options_bundle(shown, redact=redact)


class NotebookView:
    """Shows request options or an explanation in a notebook: ``redact=False`` reveals
    the secrets that the objects' own display hides; ``as_="json"`` shows the JSON tree
    instead of the tables.

    >>> from restroute import endpoint
    >>> options = endpoint("GET /user", headers={"authorization": "token ghp_1"})
    >>> "token ghp_1" in NotebookView(options, redact=False)._repr_mimebundle_()["text/html"]
    True
    >>> NotebookView(options, as_="json")._repr_mimebundle_()["application/json"]["method"]
    'get'
    """

    def __init__(
        self, shown: Mapping[str, Any] | Explanation, *, redact: bool = True, as_: str = "html"
    ) -> None:
        if as_ not in VIEWS:
            msg = f"NotebookView: as_ is one of {', '.join(map(repr, VIEWS))}; {as_!r:.40} is not"
            raise EndpointError(msg)
        self.shown, self.redact, self.as_ = shown, redact, as_

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, Any]:
        return bundle(self.shown, redact=self.redact, as_=self.as_)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(self._repr_mimebundle_()["text/plain"])


# --- request options ---------------------------------------------------------------------


def options_text(options: Mapping[str, Any], *, redact: bool = True) -> str:
    """Like an HTTP request: the method and URL, a header a line, a blank line, the body."""
    options = redact_options(options) if redact else options  # the URL's and body's too
    headers = _headers(options, redact)
    lines = [f"{str(options.get('method', '?')).upper()} {_cell(options.get('url', '?'))}"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    if "body" in options:
        lines += ["", _body_text(options["body"], _content_type(options))]
    return "\n".join(lines)


def options_html(options: Mapping[str, Any], *, redact: bool = True, snippets: bool = True) -> str:
    """The method and URL, a headers table, the body, and (``snippets``) the snippets
    that send it."""
    options = redact_options(options) if redact else options  # the URL's and body's too
    method = escape(str(options.get("method", "?")).upper())
    parts = [
        STYLE,
        '<div class="restroute">',
        f"<p><code><b>{method}</b> {escape(_cell(options.get('url', '?')))}</code></p>",
        _table(("header", "value"), _headers(options, redact).items()),
    ]
    body = options.get("body")
    line = None if body is None else summary(body, _content_type(options))
    if "body" in options:
        text = _body_text(body, _content_type(options))
        parts.append(f"<p><b>body</b></p><pre>{escape(text)}</pre>")
    for format in formats.FORMATS if snippets else ():
        snippet = _snippet(options, format, redact) if line is None else _not_shown(format, line)
        parts.append(
            f"<details><summary>{escape(format.label)}</summary>"
            f"<pre>{escape(snippet)}</pre></details>"
        )
    secrets = "secrets redacted" if redact else "secrets shown"
    parts.append(f"<p><small>{secrets} · restroute</small></p></div>")
    return "".join(parts)


def _headers(options: Mapping[str, Any], redact: bool) -> Mapping[str, Any]:
    headers = options.get("headers")
    if not isinstance(headers, Mapping):
        return {}
    shown = redact_headers(headers) if redact else headers
    return {name: _cell(value) for name, value in shown.items()}


def _content_type(options: Mapping[str, Any]) -> object:
    headers = options.get("headers")
    return headers.get("content-type") if isinstance(headers, Mapping) else None


def _cell(value: object) -> str:
    """A value as a line or a table cell shows it: its text, or its summary."""
    return summary(value) or str(value)


def _body_text(body: object, content_type: object = None) -> str:
    line = summary(body, content_type)
    if line is not None:
        return line
    if isinstance(body, bytes | bytearray | memoryview):
        return bytes(body).decode()  # UTF-8, or there would be a summary
    if isinstance(body, str):
        return body
    try:
        return json.dumps(body, indent=2, ensure_ascii=False)
    except (TypeError, ValueError):  # a set, an object; an int too long to write
        return shown(body, LIMIT)


def _not_shown(format: formats.Format, line: str) -> str:
    """What stands for a snippet that would hold a body shown as ``line``."""
    return (
        f"not shown, as the body is {line}; "
        f"restroute.formats.find({format.name!r}).render(options) writes the whole snippet"
    )


def _snippet(options: Mapping[str, Any], format: formats.Format, redact: bool) -> str:
    """The snippet, or why there is none (to_python refuses URLs a client would rewrite)."""
    try:
        return format.render(options, redact=redact)
    except EndpointError as error:
        return f"no snippet: {error}"


def rows_html(rows: Any) -> str:
    """An explanation's rows (``Explanation.rows``) as an HTML table."""
    return _table(Explanation.COLUMNS, rows)


def _table(columns: tuple[str, ...], rows: Any) -> str:
    head = "".join(f"<th>{escape(column)}</th>" for column in columns)
    body = "".join(
        "<tr>" + "".join(f"<td><code>{escape(str(cell))}</code></td>" for cell in row) + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


# --- merged options --------------------------------------------------------------------


def merged_text(merged: Mapping[str, Any], *, redact: bool = True) -> str:
    """The merged options as JSON: nothing expanded yet, the URL still a template."""
    return json.dumps(_merged(merged, redact), indent=2, ensure_ascii=False, default=repr)


def merged_html(merged: Mapping[str, Any], *, redact: bool = True) -> str:
    """One row an option, its value as JSON; the headers one row each."""
    rows = []
    for key, value in _merged(merged, redact).items():
        if key == "headers" and isinstance(value, Mapping):
            rows += [
                (f"headers.{name}", json.dumps(header, default=repr))
                for name, header in value.items()
            ]
        else:
            rows.append((key, json.dumps(value, ensure_ascii=False, default=repr)))
    table = _table(("option", "value"), rows)
    title = "<p><b>merged options</b> (nothing expanded yet; parse makes the request)</p>"
    return f'{STYLE}<div class="restroute">{title}{table}</div>'


# --- explanations --------------------------------------------------------------------------

_LEGEND = (
    "<p><small>Each layer that sets an option, bottom to top: <s>struck</s> where a layer "
    "above overrides it, <b>bold</b> where merge keeps it.</small></p>"
)
_MARKS = {OVERRIDDEN: "~ ", MERGED: "+ ", WON: "  "}  # the plain text's strike-through


def explanation_text(explanation: Explanation, *, redact: bool = True) -> str:
    """Each option, its value, the layer it came from and where it went; the options
    whose cascade says more (several layers, a header parse changed); then the result."""
    table = _summarised_entries(explanation).table(redact=redact)
    told = cascade_text(explanation.cascade(redact=redact))
    story = f"{table}\n\n{told}" if told else table
    if explanation.result is None:
        return f"{story}\n\nerror: {explanation.error}"
    return f"{story}\n\n{options_text(explanation.result, redact=redact)}"


def explanation_html(explanation: Explanation, *, redact: bool = True) -> str:
    """Each option's cascade, then the request it gives (or the error that stopped it)."""
    table = cascade_html(explanation.cascade(redact=redact))
    if explanation.result is None:
        error = escape(str(explanation.error))
        outcome = f'<div class="restroute"><p class="error"><b>error</b>: {error}</p></div>'
    else:
        outcome = options_html(explanation.result, redact=redact)
    return f'{STYLE}<div class="restroute"><p><b>merge → parse</b></p>{table}</div>{outcome}'


def cascade_html(cascade: Any) -> str:
    """A cascade (``Explanation.cascade``, ``View.cascade``) as an HTML table with the
    columns of ``Explanation.rows``: an option, then each layer that set it, a row each,
    bottom to top, those overridden struck and dimmed, the one kept bold; what parse sent
    instead under them. Every value is escaped, and one too large or deep to show is its
    summary."""
    head = "".join(f"<th>{escape(column)}</th>" for column in Explanation.COLUMNS)
    rows = []
    for option in map(_summarised_cascade, cascade):
        lines = [_step_cells(step) for step in option.steps]
        lines += [f'<td colspan="2"><i>→ {escape(note)}</i></td>' for note in option.notes]
        lines = lines or [_step_cells(Step("", option.value, WON))]  # one made by hand
        span = f' rowspan="{len(lines)}"' if len(lines) > 1 else ""
        first = (
            f"<td{span}><code>{escape(option.key)}</code></td>{lines[0]}"
            f"<td{span}><code>{escape(option.destination)}</code></td>"
        )
        rows += [f"<tr>{first}</tr>", *(f"<tr>{line}</tr>" for line in lines[1:])]
    table = f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    return f"{table}{_LEGEND}"


def _step_cells(step: Step) -> str:
    """A step's value and layer, as two cells: struck and dimmed when overridden."""
    value, layer = f"<code>{escape(step.text)}</code>", f"<code>{escape(step.layer)}</code>"
    if step.state == OVERRIDDEN:
        dim = '<td style="opacity:.6" title="overridden">'
        return f"{dim}<s>{value}</s></td>{dim}<s>{layer}</s></td>"
    if step.state == MERGED:
        dim = '<td style="opacity:.8">'
        return f"{dim}{value}</td>{dim}{layer} (merged into the one above)</td>"
    return f"<td><b>{value}</b></td><td>{layer}</td>"


def cascade_text(cascade: Any) -> str:
    """The options of a cascade whose story a table of winners does not tell: set by
    more than one layer, gone from the merged options, or added or changed by parse. A
    layer's value a line, bottom to top, ``~`` before one overridden and ``+`` before one
    merged into the one above; after ``→``, what parse sent instead, or why an option
    is not sent. "" when there are none."""
    told = [option for option in map(_summarised_cascade, cascade) if _more_than_a_row(option)]
    if not told:
        return ""
    width = max(len(option.key) for option in told)
    lines = ["cascade, bottom layer first (~ overridden, + merged into the one above):"]
    for option in told:
        said = [f"{_MARKS[step.state]}{step.text} · {step.layer}" for step in option.steps]
        said += [f"→ {note}" for note in option.notes]
        said += [f"→ {option.destination}"] if option.gone else []
        lines += [
            f"{option.key if at == 0 else '':<{width}}  {line}" for at, line in enumerate(said)
        ]
    return "\n".join(lines)


def _more_than_a_row(option: Cascade) -> bool:
    """Whether the table of winners leaves out part of ``option``'s story."""
    return len(option.steps) != 1 or bool(option.notes) or option.gone


def _summarised_cascade(option: Cascade) -> Cascade:
    """``option`` with each value too large or deep to show replaced by its summary."""
    steps = tuple(Step(step.layer, _summarised(step.value), step.state) for step in option.steps)
    value, sent = _summarised(option.value), _summarised(option.sent)
    return Cascade(option.key, value, steps, option.destination, sent, option.why)


def _summarised_entries(explanation: Explanation) -> Explanation:
    """``explanation`` with each value too large or deep to show replaced by its summary,
    so that its table (one column as wide as its widest value) stays readable."""
    entries = tuple(
        Entry(entry.key, _summarised(entry.value), entry.layer, entry.destination)
        for entry in explanation.entries
    )
    return Explanation(explanation.merged, explanation.result, explanation.error, entries)
