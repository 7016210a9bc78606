"""What the results tabs and the status line show: each as HTML from a session's view."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from .. import formats
from .._core.json_layout import json_indented
from ..catalog import Operation
from ..display import STYLE, cascade_html, options_html
from ..session import Status, View

STATUS_STYLE = {"warning": "color:var(--jp-warn-color1,#a60)",
                "error": "color:var(--jp-error-color1,#c00)"}  # fmt: skip
STATUS_MARK = {"ok": "✓", "warning": "!", "error": "✗"}


def _parsed(view: View) -> str:
    if view.parsed is None:
        return _error_html(view.error or "")
    return options_html(view.parsed, redact=view.redact, snippets=False)


def _merged(view: View) -> str:
    if view.merged is None:
        return _error_html(view.error or "")
    return _pre(json_indented(view.merged, default=repr, ensure_ascii=True))


def _explained(view: View) -> str:
    if view.merged is None:
        return _error_html(view.error or "")
    return f'{STYLE}<div class="restroute">{cascade_html(view.cascade)}</div>'


def _snippet(name: str) -> Callable[[View], str]:
    return lambda view: _pre(view.snippet(name))


PASTE_HINT = (
    "Paste a request into the Paste box (or explore(paste=...)): a URL, a curl, HTTPie or "
    "gh api command, an octokit.request(...) call, or one of restroute's snippets. It is "
    "read back into its route, the rows and the headers, and shown here part by part."
)


def _pasted(view: View) -> str:
    return _pre(view.pasted) if view.pasted else f"<p><small>{escape(PASTE_HINT)}</small></p>"


PANES: dict[str, Callable[[View], str]] = {
    "Parsed": _parsed,
    "Merged": _merged,
    "Explain": _explained,
    **{each.tab: _snippet(each.name) for each in formats.FORMATS},
    "Pasted": _pasted,
}


def _said(status: Status) -> str:
    return status.text + (f" (+{status.more} more)" if status.more else "")


def _status_html(status: Status) -> str:
    text = escape(_said(status))
    if status.kind == "ok":
        return f"{STATUS_MARK['ok']} <code>{text}</code>"
    return f'<span style="{STATUS_STYLE[status.kind]}">{STATUS_MARK[status.kind]} {text}</span>'


def _error_html(error: str) -> str:
    return f'{STYLE}<div class="restroute"><p class="error">no request: {escape(error)}</p></div>'


def _pre(text: str) -> str:
    return f'{STYLE}<div class="restroute"><pre>{escape(text)}</pre></div>'


def _about(operation: Operation | None) -> str:
    if operation is None:
        return "<small>Find picks one of GitHub's routes; its parameters come with it.</small>"
    link = f'<a href="{escape(operation.docs_url)}" target="_blank">docs</a>'
    return f"<small><b>{escape(operation.id)}</b> · {escape(operation.summary)} · {link}</small>"
