"""JavaScript data as a call writes it, read into Python values, and never run.

An ``octokit.request("POST /repos/{owner}/{repo}/issues", { owner: "o", ... })`` call
holds JSON5-ish data: keys without quotes, strings in single quotes or backticks,
trailing commas, comments. This reads that, and nothing that would run: a variable, a
call or a template's ``${...}`` is no value here, and is named as such.
"""

from __future__ import annotations

import json

from .errors import EndpointError

__all__ = ["Unread", "read_call_arguments"]

MAX_DEPTH = 100
_WORDS = {"true": True, "false": False, "null": None}
_NUMBER_CHARS = frozenset("0123456789+-.eExXabcdefABCDEF_")


class Unread(str):
    """What stands where a value is code (a variable, a call, a ``${...}``), as written."""

    __slots__ = ()


def read_call_arguments(text: str) -> list[object]:
    """The arguments of the call whose parenthesis opens ``text``, up to the one that
    closes it (what follows is not read).

    >>> read_call_arguments("('GET /users/{u}', { u: `octocat`, per_page: 2, }) // done")
    ['GET /users/{u}', {'u': 'octocat', 'per_page': 2}]
    """
    reader = _Reader(text)
    return reader.arguments()


class _Reader:
    def __init__(self, text: str) -> None:
        self.text, self.at = text, 0

    def fail(self, what: str) -> EndpointError:
        near = self.text[self.at : self.at + 30]
        return EndpointError(f"the call's arguments: {what} at {near!r}")

    def blank(self) -> None:
        """Skip blanks and comments."""
        text = self.text
        while self.at < len(text):
            if text[self.at].isspace():
                self.at += 1
            elif text.startswith("//", self.at):
                end = text.find("\n", self.at)
                self.at = len(text) if end < 0 else end
            elif text.startswith("/*", self.at):
                end = text.find("*/", self.at + 2)
                if end < 0:
                    raise self.fail("a /* comment is not closed")
                self.at = end + 2
            else:
                return

    def expect(self, char: str) -> None:
        self.blank()
        if not self.text.startswith(char, self.at):
            raise self.fail(f"{char!r} is missing")
        self.at += 1

    def arguments(self) -> list[object]:
        self.expect("(")
        values: list[object] = []
        while True:
            self.blank()
            if self.text.startswith(")", self.at):
                self.at += 1
                return values
            values.append(self.value(0))
            self.blank()
            if self.text.startswith(",", self.at):
                self.at += 1
            elif not self.text.startswith(")", self.at):
                raise self.fail("',' or ')' is missing")

    def value(self, depth: int) -> object:
        if depth > MAX_DEPTH:
            raise self.fail(f"data nested more than {MAX_DEPTH} levels")
        self.blank()
        if self.at >= len(self.text):
            raise self.fail("the text ends before a value")
        char = self.text[self.at]
        if char == "{":
            return self.mapping(depth)
        if char == "[":
            return self.array(depth)
        if char in "'\"`":
            return self.string()
        return self.word()

    def mapping(self, depth: int) -> dict[str, object]:
        self.at += 1
        found: dict[str, object] = {}
        while True:
            self.blank()
            if self.text.startswith("}", self.at):
                self.at += 1
                return found
            key = self.string() if self.text[self.at : self.at + 1] in ("'", '"') else self.name()
            self.blank()
            if self.text.startswith(":", self.at):
                self.at += 1
                found[str(key)] = self.value(depth + 1)
            else:  # { owner }: shorthand for a variable
                found[str(key)] = Unread(key)
            self.blank()
            if self.text.startswith(",", self.at):
                self.at += 1
            elif not self.text.startswith("}", self.at):
                raise self.fail("',' or '}' is missing")

    def array(self, depth: int) -> list[object]:
        self.at += 1
        found: list[object] = []
        while True:
            self.blank()
            if self.text.startswith("]", self.at):
                self.at += 1
                return found
            found.append(self.value(depth + 1))
            self.blank()
            if self.text.startswith(",", self.at):
                self.at += 1
            elif not self.text.startswith("]", self.at):
                raise self.fail("',' or ']' is missing")

    def string(self) -> str:
        quote, text = self.text[self.at], self.text
        at = self.at + 1
        while at < len(text) and text[at] != quote:
            at += 2 if text[at] == "\\" else 1
        if at >= len(text):
            raise self.fail(f"a {quote} string is not closed")
        written = text[self.at + 1 : at]
        self.at = at + 1
        if quote == "`" and "${" in written:
            return Unread(f"`{written}`")
        return _unescaped(written)

    def name(self) -> str:
        start = self.at
        while self.at < len(self.text) and (self.text[self.at].isalnum() or
                                            self.text[self.at] in "_$"):  # fmt: skip
            self.at += 1
        if self.at == start:
            raise self.fail("a key is missing")
        return self.text[start : self.at]

    def word(self) -> object:
        """A number, true, false, null, undefined, or code (a variable, a call)."""
        start, text = self.at, self.text
        while self.at < len(text) and text[self.at] not in ",}])" and not text[self.at].isspace():
            self.at += 1
        written = text[start : self.at]
        if written in _WORDS:
            return _WORDS[written]
        if written == "undefined":
            return Unread(written)
        if written and set(written) <= _NUMBER_CHARS and written[0] in "0123456789+-.":
            try:
                number = json.loads(written)
            except ValueError:
                return Unread(written)
            return number if isinstance(number, int | float) else Unread(written)
        if not written:
            raise self.fail("a value is missing")
        if "(" in written:  # a call: read to its closing parenthesis, unread
            self.at = start
            depth = 0
            while self.at < len(text):
                depth += {"(": 1, ")": -1}.get(text[self.at], 0)
                self.at += 1
                if depth == 0 and text[self.at - 1] == ")":
                    break
            written = text[start : self.at]
        return Unread(written)


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


def _unescaped(written: str) -> str:
    """A JavaScript string's text: its backslash escapes (``\\n``, ``\\x41``,
    ``\\u0041``, ``\\u{1F600}``) as the characters they stand for."""
    out, at = [], 0
    while at < len(written):
        char = written[at]
        if char != "\\" or at + 1 == len(written):
            out.append(char)
            at += 1
            continue
        code, size = written[at + 1], 2
        digits = ""
        if code == "x":
            digits, size = written[at + 2 : at + 4], 4
        elif code == "u" and written.startswith("{", at + 2) and "}" in written[at + 3 :]:
            end = written.find("}", at + 3)
            digits, size = written[at + 3 : end], end - at + 1
        elif code == "u":
            digits, size = written[at + 2 : at + 6], 6
        if digits:
            try:
                out.append(chr(int(digits, 16)))
            except ValueError:  # not hex, or past the last code point: kept as written
                out.append(written[at : at + size])
        else:
            out.append(_ESCAPES.get(code, code))
        at += size
    return "".join(out)
