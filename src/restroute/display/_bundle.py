"""The display bundles IPython asks for, which never raise, and ``NotebookView``, the switch
that shows secrets or the JSON tree.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from .. import formats
from .._core.explain import Explanation
from .._core.json_layout import json_indented
from .._core.result import MergedOptions
from ..errors import EndpointError
from ._explanation import explanation_html, explanation_text
from ._options import _content_type, _merged, merged_html, merged_text, options_html, options_text
from ._summary import summary

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def _never_raising(
    make: Callable[[Any, bool], dict[str, Any]],
) -> Callable[..., dict[str, Any]]:
    """A display that fails would hide the object behind a traceback: it shows the
    problem as text instead."""

    def bundle_or_problem(obj: Any, *, redact: bool = True) -> dict[str, Any]:
        try:
            return make(obj, redact)
        except Exception as error:  # any failure of any value: the display says so
            kind = type(obj).__name__
            return {"text/plain": f"<{kind} that restroute cannot display: {error!r:.200}>"}

    bundle_or_problem.__doc__ = make.__doc__
    return bundle_or_problem


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
    text = json_indented(data)
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
