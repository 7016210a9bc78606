"""What a session describes: its rows typed, the request explained (every layer, the
paste's and the catalog's too), the warnings, the view and the snippets."""

from __future__ import annotations

import contextlib

from .. import formats
from .._core.explain import Explanation, explain
from .._rows import nest, parse_value
from ..errors import EndpointError, MissingParameterError
from ..profiles import env_references
from ..rules import MAX_NESTING, json_too_deep
from ._layers import CATALOG, PASTED, _written
from ._secrecy import _secrets
from ._view import View

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._secrecy import Secrets
    from ._session import Session


def _too_deep_error(what: str) -> EndpointError:
    return EndpointError(
        f"{what} is nested too deep: more than {MAX_NESTING} levels of lists or tables "
        "inside each other; flatten it"
    )


def typed_rows(session: Session, pasted: bool | None = None) -> list[tuple[str, object]]:
    """The rows with a value, typed; only those that hold what was pasted (or, with
    False, the others) when ``pasted`` says so."""
    typed: list[tuple[str, object]] = []
    for name, text in session.rows:
        name = name.strip()
        if not name or not text:  # an empty value is no value; type "" for the empty text
            continue
        if pasted is not None and (session.pasted.get(name) == text) is not pasted:
            continue
        header = name.startswith("headers.") and len(name) > len("headers.")
        if not header and json_too_deep(text):
            raise _too_deep_error(f"parameter {name!r:.60}")
        typed.append((name, text if header else parse_value(text)))
    return typed


def warnings(
    session: Session, explanation: Explanation | None, *, catalog: bool = True
) -> list[str]:
    """What the user should hear besides errors (``Session.warnings``)."""
    warnings = [w for layer in session.layers if layer.enabled for w in layer.warnings]
    with contextlib.suppress(EndpointError):  # a row too deep: the request's error says so
        warnings += nest(typed_rows(session))[1]
    if catalog and explanation is not None:
        merged = explanation.merged
        route = session.route.strip() or f"{merged.get('method', '')} {merged.get('url', '')}"
        op = session.operation() if session._catalog is not None and route else None
        if op is not None and op.template:  # judged by form name, before serializing
            merged = {**merged, **nest(typed_rows(session))[0]}
        warnings += session.catalog.check(route, merged)
    return warnings


def explanation(session: Session) -> Explanation:
    """The request ``session`` describes, explained (``Session.explain``)."""
    built_in, *others = session.layers
    active = [(layer.name, layer.options) for layer in others if layer.enabled]
    base = built_in.options if built_in.enabled else {}
    parameters = session.parameters(pasted=False if session.pasted else None)
    from_paste = nest(typed_rows(session, pasted=True))[0] if session.pasted else {}
    if from_paste:  # the rows that still hold what was pasted: a layer of their own
        active.append((PASTED, from_paste))
    route = session.route or None
    op = session.operation() if session._catalog is not None and route else None
    if op is not None and op.template:  # an OpenAPI description's: serialized as it says
        route, parameters = op.call(parameters)
    implied = session._catalog.layer(op) if session._catalog is not None else {}
    if implied:  # its server, accept, API version: under the profiles
        active.insert(0, (CATALOG, implied))
    return explain(route, parameters, layers=active, built_in=base)


def references(session: Session) -> tuple[dict[str, str], list[str]]:
    """The ``${VAR}`` template of each secret header, and why each other secret has none
    (``Session.env_references``)."""
    layers = [
        (f"layer {layer.name!r}", layer.options, _written(layer.text))
        for layer in session.layers
        if layer.enabled
    ]
    with contextlib.suppress(EndpointError):  # a row too deep: there is no request
        layers.append(("a parameter row", session.parameters(), None))
    return env_references(layers)


def view(
    session: Session,
    *,
    redact: bool | None = None,
    catalog: bool = True,
    secrets: Secrets | None = None,
) -> View:
    """Everything the explorers show, for ``session`` as it is now (``Session.view``)."""
    mode = _secrets(redact, secrets)
    explanation, error = session.outcome()
    warnings = session.warnings(explanation, catalog=catalog)
    if isinstance(error, MissingParameterError):  # the error names them already
        said = tuple(f": {name} (path) is required" for name in error.names)
        warnings = [warning for warning in warnings if not warning.endswith(said)]
    stale = [layer.problem for layer in session.layers if layer.problem is not None]
    env, notes = session.env_references()
    return View(
        explanation,
        error,
        warnings,
        mode != "reveal",
        stale,
        secrets=mode,
        env=env,
        env_notes=notes,
        known=session.environment_secrets() if mode != "reveal" else (),
        reading=session.reading,
    )


def snippet(
    session: Session,
    format: str,
    *,
    redact: bool | None = None,
    secrets: Secrets | None = None,
) -> str:
    """The request in ``format``, its secrets shown as ``secrets`` says (``Session.snippet``)."""
    mode = _secrets(redact, secrets)
    explanation = session.explain()
    if explanation.result is None:
        assert explanation.error is not None
        raise explanation.error
    env = session.env_references()[0] if mode == "env" else None
    return formats.find(format).render(explanation.result, redact=mode != "reveal", env=env)
