"""JSON as a lenient reader reads it: JSON5's and Json.NET's comments, trailing commas,
single quotes, bare names and escapes, and one JSON value after another (NDJSON, an RFC 7464
sequence). A body written so is sent as written, and a server that reads it so finds the
secrets a strict reader refuses to see: a redacted view must find them too."""

from __future__ import annotations

import functools

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re

_TOKEN = (  # (compiled at first use: `import restroute` pays for neither re nor json)
    r"""(?P<blank>[\s\x1e\ufeff]++)
    |(?P<comment>//[^\n]*+|/\*.*?(?:\*/|\Z)|\#[^\n]*+)
    |(?P<string>"(?:[^"\\]|\\.)*+(?:"|\\?\Z)|'(?:[^'\\]|\\.)*+(?:'|\\?\Z))
    |(?P<mark>[{}\[\]:,])
    |(?P<word>(?:[^\s\x1e{}\[\]:,"'/\#]|/(?![/*]))(?:[^\s\x1e{}\[\]:,"'/]|/(?![/*]))*+)"""
)
_LITERAL = r"-?(?:0|[1-9]\d*+)(?:\.\d++)?+(?:[eE][+-]?\d++)?+|true|false|null"
# JSON5's escapes that JSON has not: \xHH, \v, \0, \' and a line continued; any other
# escaped character is itself.
_ESCAPE = r"\\(x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|\r\n|.)"
_JSON_ESCAPES = frozenset('"\\/bfnrtu')


@functools.cache
def _compiled(pattern: str) -> re.Pattern[str]:
    import re

    return re.compile(pattern, (re.VERBOSE | re.DOTALL) if pattern is _TOKEN else re.DOTALL)


def strict_json(text: str) -> str | None:
    r"""``text`` written as strict JSON, as a lenient reader reads it (one value after
    another read as an array of them), and as far as it goes if it is cut short (what it
    left open closed: a text typed, a body cut); None if even so it reads as none, or as
    one with no object in it (no name that could be a secret's: a word alone is a text).

    >>> strict_json("{pass\\u0077ord: 'x', /* c */ n: 1,}")
    '{"pass\\u0077ord":"x","n":1}'
    >>> strict_json('{"a": 1}\n{"b": [2, "c')
    '[{"a":1},{"b":[2,"c"]}]'
    """
    import json

    parts: list[str] = []
    open_: list[str] = []  # the brackets left open, innermost last
    values = 0
    for found in _compiled(_TOKEN).finditer(text):  # (every character starts a token)
        kind, token = found.lastgroup, found[0]
        if kind in ("blank", "comment") or (not open_ and token in ",:}]"):
            continue  # (at the top: a sequence's commas, written again; a stray mark)
        if not open_:  # a value at the top: one more of a sequence
            parts += [","] if values else []
            values += 1
        if token in "{[":
            open_.append("}" if token == "{" else "]")
        elif token in "}]":
            token = open_.pop()  # (the wrong bracket closes what is open: {"a": 1])
            if parts[-1] in (",", ":"):
                parts[-1:] = [] if parts[-1] == "," else [":", "null"]  # a trailing comma
        elif token == ":" and not parts[-1].startswith('"'):
            parts[-1] = json.dumps(parts[-1])  # a name: a text (true: 1, 2: x)
        parts.append(_written(kind, token))  # type: ignore[arg-type]
    if "{" not in parts:
        return None
    while open_:  # cut short: a name's value is null, a comma ends nothing, the rest closed
        _close(parts, open_.pop())
    return f"[{''.join(parts)}]" if values > 1 else "".join(parts)


def _close(parts: list[str], bracket: str) -> None:
    """``parts`` cut short, closed by ``bracket``: a name left without a value given null
    (``{"a": 1, "b"``, ``{"a":``), a trailing comma dropped."""
    if parts[-1] == ",":
        parts.pop()
    elif parts[-1] == ":" or (
        bracket == "}" and parts[-1].startswith('"') and parts[-2] in ("{", ",")
    ):
        parts += [":", "null"] if parts[-1] != ":" else ["null"]
    parts.append(bracket)


def _written(kind: str, token: str) -> str:
    """A token as strict JSON writes it: a word no literal of JSON's as a text."""
    if kind == "mark" or (kind == "word" and _compiled(_LITERAL).fullmatch(token)):
        return token
    if kind == "word":  # (a name's \\u escapes are read: JSON5's identifiers)
        token = f'"{token}"'
    slashes = len(token) - 1 - len(token[:-1].rstrip("\\"))  # (before its last character)
    closed = len(token) > 1 and token[-1] == token[0] and slashes % 2 == 0
    body, pieces, last = token[1 : -1 if closed else None], ['"'], 0  # (open: cut short)
    if not closed and (len(body) - len(body.rstrip("\\"))) % 2:
        body = body[:-1]  # (cut after an escape's backslash)
    for found in _compiled(_ESCAPE).finditer(body):
        pieces += [body[last : found.start()].replace('"', '\\"'), _escaped(found[1])]
        last = found.end()
    pieces += [body[last:].replace('"', '\\"'), '"']
    return "".join(pieces)


def _escaped(escape: str) -> str:
    """An escape of JSON5's (what follows its backslash) as JSON writes it."""
    if escape[0] == "x" and len(escape) == 3:
        return f"\\u00{escape[1:]}"
    if escape[0] in _JSON_ESCAPES and (escape[0] != "u" or len(escape) == 5):
        return f"\\{escape}"
    if escape in ("\n", "\r\n", "\r", "\u2028", "\u2029"):
        return ""  # a line continued
    import json

    return {"v": "\\u000b", "0": "\\u0000"}.get(escape, json.dumps(escape)[1:-1])


def unescaped(text: str) -> str:
    r"""``text`` with each escape read as JSON5 reads it (``\u0077`` is w).

    >>> unescaped(r"pass\u0077ord: \x41\"")
    'password: A"'
    """
    import json

    return _compiled(_ESCAPE).sub(lambda found: json.loads(f'"{_escaped(found[1])}"'), text)
