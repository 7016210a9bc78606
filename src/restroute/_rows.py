"""Form rows: the text a person types <-> the values endpoint() takes.

A row is a name and a value text. The value text is read as JSON when it parses, else as
text (``parse_value``); ``value_text`` is its inverse, what to type for a value. The
explorer's rows, the notebook's rows and ``catalog.Operation.call`` name one entry of a
nested option with a dotted name (``headers.accept``); ``nest`` nests those names, and
names a row that cannot reach the request rather than dropping it in silence.

>>> nest([("owner", "o"), ("headers.x-trace", "1"), ("data.name", "V")])
({'owner': 'o', 'headers': {'x-trace': '1'}, 'data': {'name': 'V'}}, [])
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from ._core.encoding import safe_repr
from .errors import EndpointError
from .rules import DATA, MAPPINGS

NESTED = (*MAPPINGS, DATA)  # the names whose entries a dotted row name sets
VALUE_HINT = "value (JSON or text)"  # how parse_value reads a row: a form's placeholder


def parse_value(text: str) -> object:
    """A typed value: JSON when ``text`` parses as JSON, else the text itself.

    >>> [parse_value(t) for t in ("42", "true", "null", '["a"]', "octocat", "")]
    [42, True, None, ['a'], 'octocat', '']

    JSON that Python's reader refuses is text too, kept as typed: arrays nested deeper
    than the interpreter's recursion limit (``"[" * 100000``), and integers longer than
    ``sys.get_int_max_str_digits()``. A form loses nothing that way, and the request (or
    its check) says what is wrong with the value, where an error here would only say
    that the row cannot be read.

    >>> parse_value("[" * 3000 + "]" * 3000) == "[" * 3000 + "]" * 3000
    True
    """
    if not issubclass(type(text), str):  # its type: a __class__ may lie
        msg = f"parse_value takes the text of a row (a str), not {type(text).__name__}"
        msg += "; pass the text as typed"
        raise EndpointError(msg)
    text = str.__str__(text)
    return _json(text, text)


def _json(text: str, otherwise: object) -> object:
    """``text`` read as JSON, or ``otherwise`` when Python's JSON reader cannot read it."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # not JSON, an int too long, or nested too deep
        return otherwise


_NOT_JSON = object()  # what _json gives for text that is not JSON: no JSON value is it


def value_text(value: object) -> str:
    """What to type for ``value`` in a form: text as it is, unless it would read as other
    JSON (``"42"`` typed bare would be the number). The inverse of ``parse_value``.

    >>> [value_text(v) for v in ("open", "42", 30, True, None)]
    ['open', '"42"', '30', 'true', 'null']
    """
    if isinstance(value, str) and _json(value, _NOT_JSON) is _NOT_JSON:
        return value
    return json.dumps(value)


def nest(rows: Iterable[tuple[str, object]]) -> tuple[dict[str, object], list[str]]:
    """The parameters of ``rows`` (name, value), and a warning for each row lost: one
    given twice (the later wins), or ``data.x`` after a ``data`` that is not a mapping.

    >>> for warning in nest([("n", 1), ("n", 2), ("data", "raw"), ("data.x", 1)])[1]:
    ...     print(warning)
    n is given twice: the later value is sent
    data.x is not sent: data is already given whole (a str)
    """
    parameters: dict[str, object] = {}
    warnings: list[str] = []
    for name, value in rows:
        if not isinstance(name, str):
            msg = f"the name {safe_repr(name)} is not a str; give each value a name of text"
            raise EndpointError(msg)
        outer, dot, inner = name.partition(".")
        if dot and outer in NESTED and inner:
            nested = parameters.setdefault(outer, {})
            if not isinstance(nested, dict):
                kind = type(nested).__name__
                warnings.append(f"{name} is not sent: {outer} is already given whole (a {kind})")
                continue
            target, key = nested, inner
        else:
            target, key = parameters, name
        if key in target:
            warnings.append(f"{name} is given twice: the later value is sent")
        target[key] = value
    return parameters, warnings
