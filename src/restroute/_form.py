"""Form rows to endpoint() parameters: ``headers.accept`` sets one header, and so on.

The explorer's rows, the notebook's rows and ``catalog.Operation.call`` all name one
entry of a nested option with a dotted name; this is where such names are nested, and
where a row that cannot reach the request is named rather than dropped in silence.

>>> nest([("owner", "o"), ("headers.x-trace", "1"), ("data.name", "V")])
({'owner': 'o', 'headers': {'x-trace': '1'}, 'data': {'name': 'V'}}, [])
"""

from __future__ import annotations

from collections.abc import Iterable

NESTED = ("headers", "media_type", "request", "data")


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
