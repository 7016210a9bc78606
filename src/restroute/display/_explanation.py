"""Explanations as text and HTML: the table of options, each option's cascade, and the
request they gave.
"""

from __future__ import annotations

from html import escape

from .._core.explain import MERGED, OVERRIDDEN, WON, Cascade, Entry, Explanation, Step
from ._options import STYLE, _table, options_html, options_text
from ._summary import _summarised

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def rows_html(rows: Any) -> str:
    """An explanation's rows (``Explanation.rows``) as an HTML table."""
    return _table(Explanation.COLUMNS, rows)


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
