"""How request options and explanations show in a notebook: HTML, plain text and JSON.

``RequestOptions`` and ``Explanation`` display themselves through these functions, with
secrets redacted (notebooks get shared); ``NotebookView(obj, redact=False)`` is the
switch that shows them. Nothing here imports a notebook package: a display bundle is a
dict of strings, and IPython does the rest.

>>> from restroute import endpoint
>>> options = endpoint("GET /user", headers={"authorization": "token ghp_1"})
>>> print(options_text(options))
GET https://api.github.com/user
accept: application/vnd.github.v3+json
user-agent: restroute/...
authorization: token <REDACTED>
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Mapping
from html import escape

from . import formats
from ._core.explain import Explanation
from ._core.result import MergedOptions
from .errors import EndpointError
from .redact import redact_headers, redact_options

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "NotebookView",
    "bundle",
    "explanation_bundle",
    "merged_bundle",
    "merged_html",
    "merged_text",
    "options_bundle",
    "options_html",
    "options_text",
    "rows_html",
]

STYLE = (
    "<style>.restroute table{border-collapse:collapse}"
    ".restroute td,.restroute th{text-align:left;padding:2px 8px;vertical-align:top}"
    ".restroute pre{white-space:pre-wrap;margin:4px 0}</style>"
)


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
    """Request options: text/plain, text/html, and application/json when they are JSON."""
    data = {
        "text/plain": options_text(options, redact=redact),
        "text/html": options_html(options, redact=redact),
    }
    return _with_json(data, options, redact)


@_never_raising
def merged_bundle(merged: Mapping[str, Any], redact: bool) -> dict[str, Any]:
    """Merged options: text/plain, text/html and application/json."""
    shown = redact_options(merged) if redact else dict(merged)
    return {
        "text/plain": merged_text(merged, redact=redact),
        "text/html": merged_html(merged, redact=redact),
        "application/json": json.loads(json.dumps(shown, default=repr)),
    }


@_never_raising
def explanation_bundle(explanation: Explanation, redact: bool) -> dict[str, Any]:
    """An explanation: its table as text/plain and text/html, and the request as JSON."""
    data: dict[str, Any] = {
        "text/plain": explanation_text(explanation, redact=redact),
        "text/html": explanation_html(explanation, redact=redact),
    }
    if explanation.result is None:
        return data
    return _with_json(data, explanation.result, redact)


def _with_json(data: dict[str, Any], options: Mapping[str, Any], redact: bool) -> dict[str, Any]:
    # Request metadata that is not JSON (a hook, a socket) leaves JSON out; the rest shows.
    with contextlib.suppress(EndpointError):
        data["application/json"] = json.loads(formats.find("json").render(options, redact=redact))
    return data


def bundle(shown: Mapping[str, Any] | Explanation, *, redact: bool = True) -> dict[str, Any]:
    """The display bundle IPython asks ``_repr_mimebundle_`` for, of request options,
    merged options or an explanation. Never raises."""
    if isinstance(shown, Explanation):
        return explanation_bundle(shown, redact=redact)
    if isinstance(shown, MergedOptions):
        return merged_bundle(shown, redact=redact)
    return options_bundle(shown, redact=redact)


class NotebookView:
    """Shows request options or an explanation in a notebook; ``redact=False`` reveals
    the secrets that the objects' own display hides.

    >>> from restroute import endpoint
    >>> options = endpoint("GET /user", headers={"authorization": "token ghp_1"})
    >>> "token ghp_1" in NotebookView(options, redact=False)._repr_mimebundle_()["text/html"]
    True
    """

    def __init__(self, shown: Mapping[str, Any] | Explanation, *, redact: bool = True) -> None:
        self.shown, self.redact = shown, redact

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, Any]:
        return bundle(self.shown, redact=self.redact)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(bundle(self.shown, redact=self.redact)["text/plain"])


# --- request options ---------------------------------------------------------------------


def options_text(options: Mapping[str, Any], *, redact: bool = True) -> str:
    """Like an HTTP request: the method and URL, a header a line, a blank line, the body."""
    headers = _headers(options, redact)
    lines = [f"{str(options.get('method', '?')).upper()} {options.get('url', '?')}"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    if "body" in options:
        lines += ["", _body_text(options["body"])]
    return "\n".join(lines)


def options_html(options: Mapping[str, Any], *, redact: bool = True, snippets: bool = True) -> str:
    """The method and URL, a headers table, the body, and (``snippets``) the snippets
    that send it."""
    method = escape(str(options.get("method", "?")).upper())
    parts = [
        STYLE,
        '<div class="restroute">',
        f"<p><code><b>{method}</b> {escape(str(options.get('url', '?')))}</code></p>",
        _table(("header", "value"), _headers(options, redact).items()),
    ]
    if "body" in options:
        parts.append(f"<p><b>body</b></p><pre>{escape(_body_text(options['body']))}</pre>")
    for format in formats.FORMATS if snippets else ():
        parts.append(
            f"<details><summary>{escape(format.label)}</summary>"
            f"<pre>{escape(_snippet(options, format, redact))}</pre></details>"
        )
    secrets = "secrets redacted" if redact else "secrets shown"
    parts.append(f"<p><small>{secrets} · restroute</small></p></div>")
    return "".join(parts)


def _headers(options: Mapping[str, Any], redact: bool) -> Mapping[str, Any]:
    headers = options.get("headers")
    if not isinstance(headers, Mapping):
        return {}
    return redact_headers(headers) if redact else headers


def _body_text(body: object) -> str:
    if isinstance(body, bytes | bytearray | memoryview):
        try:
            return bytes(body).decode()
        except UnicodeDecodeError:
            return f"<{len(bytes(body))} bytes, not UTF-8>"
    if isinstance(body, str):
        return body
    try:
        return json.dumps(body, indent=2, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(body)


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
    shown = redact_options(merged) if redact else dict(merged)
    return json.dumps(shown, indent=2, ensure_ascii=False, default=repr)


def merged_html(merged: Mapping[str, Any], *, redact: bool = True) -> str:
    """One row an option, its value as JSON; the headers one row each."""
    shown = redact_options(merged) if redact else dict(merged)
    rows = []
    for key, value in shown.items():
        if key == "headers" and isinstance(value, Mapping):
            rows += [(f"headers.{name}", json.dumps(header)) for name, header in value.items()]
        else:
            rows.append((key, json.dumps(value, ensure_ascii=False, default=repr)))
    table = _table(("option", "value"), rows)
    title = "<p><b>merged options</b> (nothing expanded yet; parse makes the request)</p>"
    return f'{STYLE}<div class="restroute">{title}{table}</div>'


# --- explanations --------------------------------------------------------------------------


def explanation_text(explanation: Explanation, *, redact: bool = True) -> str:
    """Each option, its value, the layer it came from and where it went; then the result."""
    table = explanation.table(redact=redact)
    if explanation.result is None:
        return f"{table}\n\nerror: {explanation.error}"
    return f"{table}\n\n{options_text(explanation.result, redact=redact)}"


def explanation_html(explanation: Explanation, *, redact: bool = True) -> str:
    """The explanation as a table, then the request it gives (or the error that stopped it)."""
    table = rows_html(explanation.rows(redact=redact))
    if explanation.result is None:
        outcome = f'<p style="color:#c00"><b>error</b>: {escape(str(explanation.error))}</p>'
    else:
        outcome = options_html(explanation.result, redact=redact)
    return f'{STYLE}<div class="restroute"><p><b>merge → parse</b></p>{table}</div>{outcome}'
