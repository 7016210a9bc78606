"""JSON laid out one item a line, exactly as ``json.dumps(..., indent=...)`` writes it, in
time linear in the value.

With ``indent``, the standard library encodes in pure Python, through generators nested as
deep as the value: every piece of text is handed up through each level above it, so a
body nested 900 deep takes a second, and the time grows with the square of the depth. The
C encoder writes the same JSON without indent in one pass; its tokens are then laid out
again here, a regular expression finding the strings and the punctuation between them.
"""

from __future__ import annotations

import json
import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

# In compact JSON (separators "," and ":", no spaces), one token: a string (skipped whole,
# escapes and all), an empty array or object (written as it is), or one punctuation mark.
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|\[\]|\{\}|[][{},:]')


def json_indented(
    value: object,
    *,
    indent: int | str | None = 2,
    default: Callable[[object], object] | None = None,
    ensure_ascii: bool = False,
    allow_nan: bool = True,
) -> str:
    """``json.dumps(value, indent=indent, default=default, ensure_ascii=ensure_ascii,
    allow_nan=allow_nan)``: the same text and the same errors (TypeError, ValueError,
    RecursionError), in linear time.

    >>> print(json_indented({"a": [1, {}], "b": "x,y"}))
    {
      "a": [
        1,
        {}
      ],
      "b": "x,y"
    }
    """
    if indent is None:
        return json.dumps(value, default=default, ensure_ascii=ensure_ascii, allow_nan=allow_nan)
    unit = indent if isinstance(indent, str) else " " * indent
    compact = json.dumps(
        value,
        separators=(",", ":"),
        default=default,
        ensure_ascii=ensure_ascii,
        allow_nan=allow_nan,
    )
    pieces: list[str] = []
    level = 0
    end = 0
    for token in _TOKEN.finditer(compact):
        pieces.append(compact[end : token.start()])  # a number, true, false or null, or ""
        end = token.end()
        mark = token[0]
        if mark in "[{":
            level += 1
            pieces.append(f"{mark}\n{unit * level}")
        elif mark in "]}":
            level -= 1
            pieces.append(f"\n{unit * level}{mark}")
        elif mark == ",":
            pieces.append(f",\n{unit * level}")
        elif mark == ":":
            pieces.append(": ")
        else:  # a string, [] or {}
            pieces.append(mark)
    pieces.append(compact[end:])
    return "".join(pieces)
