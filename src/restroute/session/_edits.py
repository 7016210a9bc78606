"""The session's edits that undo goes back through: the form at each step (``_Step``),
and a pasted request taken into the form."""

from __future__ import annotations

from typing import NamedTuple

from .._core.encoding import safe_repr
from .._core.kinds import honest, text
from ..errors import EndpointError
from ..rules import MAX_PASTED_ROWS
from . import _form

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..catalog import Match
    from ._session import Session

UNDO_STEPS = 100  # edits of the form that undo goes back through


class _Step(NamedTuple):
    """The form at one step of undo, and what the paste then in it was read as."""

    route: str
    rows: tuple[tuple[str, str], ...]
    form: tuple[str, ...]
    pasted: tuple[tuple[str, str], ...]
    reading: Match | None


def fill(session: Session, values: object) -> None:
    """Type each (name, value text) of ``values`` into ``session``'s row of that name, or
    a new row (``Session.fill``); the rows setter checks the names and texts."""
    values = honest(values, "Session.fill")
    if not isinstance(values, list | tuple) or not all(
        isinstance(pair, list | tuple) and len(pair) == 2 for pair in values
    ):
        msg = f"Session.fill: values are {safe_repr(values)}; pass (name, value text) pairs"
        raise EndpointError(msg)
    rows = list(session.rows)
    for each, value in values:
        name = text(each, "Session.fill", "a row's name")  # its own __eq__ never run
        at = next((at for at, (each, _) in enumerate(rows) if each == name), None)
        if at is None:
            rows.append((name, value))
        else:
            rows[at] = (name, value)
    session.rows = rows


def paste(session: Session, text: str) -> Match:
    """Take a pasted request into ``session``'s form (``Session.paste``)."""
    from .. import pasted
    from ..reader import read_route

    found = read_route(text, catalog=session._catalog)
    values = pasted.rows(found)
    if len(values) > MAX_PASTED_ROWS:
        msg = f"the request gives {len(values):,} parameters and headers, and a form takes "
        msg += f"at most {MAX_PASTED_ROWS}: `restroute import` reads it whole"
        raise EndpointError(msg)
    session.remember()
    session.route = found.route
    session.form = tuple(name for name, _ in found.operation.form()) if found.operation else ()
    session._laid = session.laid_out()
    session.rows = _form.clear([], session._laid)
    session.fill(values)
    session.pasted = dict(values)
    session.reading = found
    session.attachment = None
    return found
