"""The form: which rows a route lays out, and how the rows change when the route does.

A row is a name and a value text (``_rows``). Some rows are *laid out* by the route:
one per placeholder of its URL, or one per parameter of its catalog form. The others
are *free*: rows the user added by name. The rules here are what a person expects of
a form: a value typed is never dropped in silence, and rows nobody filled go with the
route that laid them out.

>>> follow([("u", ""), ("x", "1")], before=["u"], after=["us"])
[('us', ''), ('x', '1')]
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import ALIASES, MAPPINGS

Rows = list[tuple[str, str]]
ANY_ROUTE = frozenset({"base_url", *MAPPINGS})  # options a row may set for every route


def follow(rows: Sequence[tuple[str, str]], before: Sequence[str], after: Sequence[str]) -> Rows:
    """The rows for a route that lays out ``after``, where the last one laid out
    ``before``: a row for each name of ``after`` in its order (keeping what was typed
    under that name), then every other row with a value or a name of the user's own.
    An empty row that only the old route laid out goes, so typing ``{username}`` key by
    key leaves no ``u``, ``us``, ``use`` behind.

    >>> follow([("owner", "o"), ("per_page", ""), ("note", "")], ["owner", "per_page"], ["owner"])
    [('owner', 'o'), ('note', '')]
    """
    typed, others = _by_name(rows, after)
    old = set(before)
    rest = [(name, value) for name, value in others if value or name not in old]
    return [(name, typed.get(name, "")) for name in dict.fromkeys(after)] + rest


def choose(rows: Sequence[tuple[str, str]], form: Sequence[str]) -> tuple[Rows, Rows]:
    """The rows of a route picked from the catalog, and the values dropped for it.

    The new route's form replaces the old one: values typed under a name the new form
    also has are kept, and so are rows of options that go with any route (a header, the
    media type, the base URL); other values are dropped (the caller says which, and undo
    brings them back).

    >>> choose([("owner", "o"), ("per_page", "50"), ("headers.x-trace", "1")], ["owner", "repo"])
    ([('owner', 'o'), ('repo', ''), ('headers.x-trace', '1')], [('per_page', '50')])
    """
    typed, others = _by_name(rows, form)
    kept = [(name, value) for name, value in others if value and _any_route(name)]
    dropped = [(name, value) for name, value in others if value and not _any_route(name)]
    return [(name, typed.get(name, "")) for name in dict.fromkeys(form)] + kept, dropped


def _any_route(name: str) -> bool:
    """Whether a row named ``name`` sets an option of every request, not a parameter of
    the route: ``headers.x-trace``, ``media_type.format``, ``base_url``."""
    option = name.partition(".")[0]
    return ALIASES.get(option, option) in ANY_ROUTE


def delete(rows: Sequence[tuple[str, str]], index: int, laid_out: Sequence[str]) -> Rows:
    """The rows after deleting row ``index``: a free row goes; a row the route lays out
    is emptied, since the route still names it (a placeholder still needs its value).

    >>> delete([("owner", "o"), ("x", "1")], 0, ["owner"])
    [('owner', ''), ('x', '1')]
    >>> delete([("owner", "o"), ("x", "1")], 1, ["owner"])
    [('owner', 'o')]
    """
    result = list(rows)
    name = result[index][0]
    if is_laid_out(result, index, laid_out):
        result[index] = (name, "")
    else:
        del result[index]
    return result


def clear(rows: Sequence[tuple[str, str]], laid_out: Sequence[str]) -> Rows:
    """The form emptied: the route's own rows stay, without values; free rows go.

    >>> clear([("owner", "o"), ("x", "1")], ["owner"])
    [('owner', '')]
    """
    return [
        (name, "") for index, (name, _) in enumerate(rows) if is_laid_out(rows, index, laid_out)
    ]


def is_laid_out(rows: Sequence[tuple[str, str]], index: int, laid_out: Sequence[str]) -> bool:
    """Whether row ``index`` is the route's row for its name (the first row of that
    name), rather than a free row: its name is then a label, not a field."""
    name = rows[index][0]
    return name in laid_out and all(rows[earlier][0] != name for earlier in range(index))


def _by_name(rows: Sequence[tuple[str, str]], names: Sequence[str]) -> tuple[dict[str, str], Rows]:
    """The value of the first row of each of ``names`` that has one (else its first
    row's, empty), and every other row but the empty ones so replaced.

    >>> _by_name([("owner", ""), ("owner", "o"), ("x", "")], ["owner"])
    ({'owner': 'o'}, [('x', '')])
    """
    wanted = set(names)
    typed: dict[str, str] = {}
    others: Rows = []
    for name, value in rows:
        if name in wanted and (name not in typed or (value and not typed[name])):
            typed[name] = value
        else:
            others.append((name, value))
    return typed, others
