"""Request options and merged options as text and as HTML tables, in one scoped style."""

from __future__ import annotations

import json
from collections.abc import Mapping
from html import escape

from .. import formats
from .._core.encoding import safe_repr
from .._core.json_layout import json_indented
from .._core.kinds import flag, honest
from .._core.result import RequestOptions, url_secrets
from ..errors import EndpointError
from ..redact import options_shown, redact_headers, redact_options
from ._summary import LIMIT, _summarised, summary

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

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


# --- request options ---------------------------------------------------------------------


def options_text(options: Mapping[str, Any], *, redact: bool = True) -> str:
    """Like an HTTP request: the method and URL, a header a line, a blank line, the body."""
    known = url_secrets(options)
    options = honest(options, "options_text")
    redact = flag(redact, "options_text", "redact")
    options = options_shown(options, known) if redact else options  # the URL's, body's too
    headers = _headers(options, redact)
    lines = [f"{str(options.get('method', '?')).upper()} {_cell(options.get('url', '?'))}"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    if "body" in options:
        lines += ["", _body_text(options["body"], _content_type(options))]
    return "\n".join(lines)


def options_html(options: Mapping[str, Any], *, redact: bool = True, snippets: bool = True) -> str:
    """The method and URL, a headers table, the body, and (``snippets``) the snippets
    that send it."""
    result, known = type(options) is RequestOptions, url_secrets(options)
    options = honest(options, "options_html")
    redact = flag(redact, "options_html", "redact")
    snippets = flag(snippets, "options_html", "snippets")
    options = options_shown(options, known) if redact else options  # the URL's, body's too
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
        snippet = (
            _snippet(options, format, redact) if line is None else _not_shown(format, line, result)
        )
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
        return json_indented(body)
    except (TypeError, ValueError):  # a set, an object; an int too long to write
        return safe_repr(body, LIMIT)


def _not_shown(format: formats.Format, line: str, result: bool) -> str:
    """What stands for a snippet that would hold a body shown as ``line``: the call that
    writes it whole, secrets hidden, that runs after ``import restroute`` alone (on a
    ``result``, its own method; on other options, once they are made request options)."""
    options = "options" if result else "restroute.RequestOptions(options)"
    return f"not shown, as the body is {line}; {options}.{format.call} writes the whole snippet"


def _snippet(options: Mapping[str, Any], format: formats.Format, redact: bool) -> str:
    """The snippet, or why there is none (to_python refuses URLs a client would rewrite)."""
    try:
        return format.render(options, redact=redact)
    except EndpointError as error:
        return f"no snippet: {error}"


def _table(columns: tuple[str, ...], rows: Any) -> str:
    head = "".join(f"<th>{escape(column)}</th>" for column in columns)
    body = "".join(
        "<tr>" + "".join(f"<td><code>{escape(str(cell))}</code></td>" for cell in row) + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


# --- merged options --------------------------------------------------------------------


def _merged(merged: Mapping[str, Any], redact: bool) -> dict[str, Any]:
    """The merged options as shown: secrets redacted, a value too large or deep summarised."""
    shown = redact_options(merged) if redact else dict(merged)
    for key, value in shown.items():
        if key == "headers" and isinstance(value, Mapping):
            shown[key] = {name: _summarised(header) for name, header in value.items()}
        else:
            shown[key] = _summarised(value)
    return shown


def merged_text(merged: Mapping[str, Any], *, redact: bool = True) -> str:
    """The merged options as JSON: nothing expanded yet, the URL still a template."""
    merged, redact = honest(merged, "merged_text"), flag(redact, "merged_text", "redact")
    return json_indented(_merged(merged, redact), default=repr)


def merged_html(merged: Mapping[str, Any], *, redact: bool = True) -> str:
    """One row an option, its value as JSON; the headers one row each."""
    merged, redact = honest(merged, "merged_html"), flag(redact, "merged_html", "redact")
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
