"""JavaScript data as a call writes it, read into Python values, and never run.

An ``octokit.request("POST /repos/{owner}/{repo}/issues", { owner: "o", ... })`` call
holds JSON5-ish data: keys without quotes, strings in single quotes or backticks,
trailing commas, comments. This reads that, and nothing that would run: a variable, a
call or a template's ``${...}`` is no value here, and is named as such.

A megabyte is read in well under a second, whatever it holds (benchmarks/bench_reader.py):
a character at a time in Python took a second on a 750,000-character call. The patterns
(``_jspatterns``) read the values that hold no other (and small arrays and objects of them), each
with the comma after it, a run of them in one step (``a: 1, b: "x", c: f(),``); brackets,
braces and commas with nothing else between them (``[[]], {}]``) are read a character at
a time; what else opens or closes an array or an object, a step each; anything else
(errors included) as each thing in it is written. Arrays and objects nest in a list, not
by recursion. The patterns' repeats are possessive (``*+``, ``++``): a run is never given
back, so a text that does not match fails in one pass, not by backtracking.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from itertools import accumulate, repeat
from operator import indexOf
from typing import Any

from ..errors import EndpointError
from ..rules import MAX_NESTING
from ._jspatterns import (
    _BLANK,
    _BRACKETS,
    _DEEPEST_ENTRY_STEPS,
    _DEEPEST_ITEM_STEPS,
    _ENTRY,
    _ENTRY_STEPS,
    _FLAT_ENTRY,
    _FLAT_ITEM,
    _FLAT_START,
    _ITEM,
    _ITEM_STEPS,
    _KEY_STEPS,
    _NUMBER,
    _STRING,
    _STRUCTURE,
    _WORD,
    _compiled,
)

__all__ = ["Unread", "read_call_arguments"]

_WORDS = {"true": True, "false": False, "null": None}
_PARENS = {"(": 1, ")": -1}
_TOO_DEEP = f"data nested more than {MAX_NESTING} levels"


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
        """The error, and where: by position, as the text there may hold a token."""
        if self.at >= len(self.text):
            return EndpointError(f"the call's arguments: {what} at their end")
        return EndpointError(f"the call's arguments: {what} at character {self.at + 1:,}")

    def blank(self) -> None:
        """Skip blanks and comments."""
        self.at = _end(_BLANK, self.text, self.at)
        if self.text.startswith("/*", self.at):
            raise self.fail("a /* comment is not closed")

    def expect(self, char: str) -> None:
        self.blank()
        if not self.text.startswith(char, self.at):
            raise self.fail(f"{char!r} is missing")
        self.at += 1

    def arguments(self) -> list[object]:
        """The arguments up to their ). ``found`` is the list (the arguments, an array) or
        dict (an object) being read, in the ones in ``outer``; ``closer`` ends it, and the
        values in it are ``depth`` deep (the arguments 0)."""
        self.expect("(")
        text, arguments = self.text, list[object]()
        found: Any = arguments
        outer: list[tuple[Any, str, int]] = []
        closer, depth, after = ")", 0, False  # after a value, or after ( [ { or a comma
        while True:
            if text[self.at : self.at + 1] in _BRACKETS:  # read a character at a time
                found, closer, depth, after = self.brackets(outer, found, closer, depth, after)
            if closer != "}":
                steps = _ITEM_STEPS[closer] if depth < MAX_NESTING else _DEEPEST_ITEM_STEPS
            elif depth < MAX_NESTING:
                steps = _ENTRY_STEPS
            else:
                steps = _DEEPEST_ENTRY_STEPS if depth == MAX_NESTING else _KEY_STEPS
            match = steps[after].match(text, self.at)
            if match is None:  # after a value, neither a comma nor the end
                raise self.no_separator(closer)
            if match["run"] is not None:
                run = (text, match.start("run"), match.end("run"))
                if closer == "}":
                    found.update(_entries_of(_ENTRY.findall(*run)))
                else:
                    found += _values_of(_ITEM.findall(*run))
            self.at = match.end()
            step, name = match.lastgroup, None
            if closer == "}" and step not in ("end", "close"):
                if step is None or step == "run":
                    raise self.no_key()
                name = _key(match["key"])
                if step == "key":  # { owner b }
                    raise self.no_separator("}")
                if step == "bare":  # { owner }: a variable
                    found[name] = Unread(name)
                    step = "close"
                elif depth > MAX_NESTING:
                    self.at = match.end("colon")
                    raise self.fail(_TOO_DEEP)
                elif step == "colon":  # then a value the patterns do not read whole
                    self.at = match.end("colon")
                    found[name] = self.value()
                    after = True
                    continue
            elif step is None or step == "run":  # a value the patterns do not read whole
                found.append(self.value())
                after = True
                continue
            if step == "token":  # the last value: its container ends
                value = _value(match["token"])
                if name is None:
                    found.append(value)
                else:
                    found[name] = value
            elif step == "open":
                opened: Any = {} if match["open"] == "{" else []
                if name is None:
                    found.append(opened)
                else:
                    found[name] = opened
                outer.append((found, closer, depth))
                found, closer, depth = opened, "}" if match["open"] == "{" else "]", depth + 1
                after = False
                if closer == "}" or depth <= MAX_NESTING:
                    continue
                self.blank()  # an array whose values would be too deep: [] or an error
                if not text.startswith("]", self.at):
                    raise self.fail(_TOO_DEEP)
                self.at += 1
            # The container is closed: by its end, a last value, or a key alone.
            if not outer:
                return arguments
            found, closer, depth = outer.pop()
            after = True

    def brackets(
        self, outer: list[tuple[Any, str, int]], found: Any, closer: str, depth: int, after: bool
    ) -> tuple[Any, str, int, bool]:
        """Brackets, braces and commas (and spaces), read a character at a time, up to
        one out of place, which a step then reads or names: a comma after no value, a [
        or { after one or where a key is due, an end not the container's, an array too
        deep. A [ or { last of them that opens a small array or object is read whole."""
        text, at = self.text, self.at
        chars = text[at : _end(_STRUCTURE, text, at)]
        last = at + len(chars.rstrip()) - 1
        for piece in chars.split():  # (the spaces skipped at once)
            at = text.find(piece, at)
            for char in piece:
                if char == closer:
                    found, closer, depth = outer.pop()
                    after = True
                elif char == "," and after:
                    after = False
                elif (
                    (char == "{" or (char == "[" and depth < MAX_NESTING))
                    and not after
                    and closer != "}"
                    and not (at == last and _FLAT_START.match(text, at))
                ):
                    opened: Any = [] if char == "[" else {}
                    found.append(opened)
                    outer.append((found, closer, depth))
                    found, closer, depth = opened, "]" if char == "[" else "}", depth + 1
                else:
                    self.at = at
                    return found, closer, depth, after
                at += 1
        self.at += len(chars)
        return found, closer, depth, after

    def no_separator(self, closer: str) -> EndpointError:
        """The error after a value followed by neither a comma nor ``closer``."""
        self.blank()
        return self.fail(f"',' or {closer!r} is missing")

    def no_key(self) -> EndpointError:
        """The error where an object has no key: a string or a comment left open, or none."""
        self.blank()
        if self.text[self.at : self.at + 1] in ("'", '"'):
            self.string()
        return self.fail("a key is missing")

    def value(self) -> object:
        """A value the patterns do not read whole: a call nesting (...) deeper, a string or
        word followed by something else (an error next), or none (an error now)."""
        self.blank()
        if self.at >= len(self.text):
            raise self.fail("the text ends before a value")
        if self.text[self.at] in "'\"`":
            return self.string()
        return self.word()

    def string(self) -> str:
        quote = self.text[self.at]
        match = _STRING[quote].match(self.text, self.at)
        if match is None:
            raise self.fail(f"a {quote} string is not closed")
        self.at = match.end()
        return _string(match[0])

    def word(self) -> object:
        """A number, true, false, null, undefined, or code (a variable, a call)."""
        start, text = self.at, self.text
        written = text[start : _end(_WORD, text, start)]
        if not written:
            raise self.fail("a value is missing")
        self.at = start + len(written)
        if "(" in written:  # a call: read to the ) that closes its first (, unread
            self.at = _call_end(text, text.index("(", start))
            return Unread(text[start : self.at])
        return _word(written)


def _end(pattern: re.Pattern[str], text: str, at: int) -> int:
    """Where ``pattern``, which matches any text (if with nothing), ends from ``at``."""
    match = pattern.match(text, at)
    return match.end() if match else at


def _call_end(text: str, opening: int) -> int:
    """Past the ) that closes the ( at ``opening``; the text's end if none does."""
    first = text.find(")", opening)
    if first >= 0 and text.count("(", opening, first) == 1:  # f(a, b): none nested
        return first + 1
    size = 16  # each ( and ) counted in C, in a window 4 times larger until it closes
    while True:
        window = text[opening : opening + size]
        depths = accumulate(map(_PARENS.get, window, repeat(0)))
        try:
            return opening + indexOf(depths, 0) + 1
        except ValueError:
            if len(window) < size:
                return len(text)
            size *= 4


def _values_of(tokens: Sequence[str]) -> list[object]:
    """The values of the tokens a run read, in order: each distinct token is read once,
    each array or object copied where it stands again (and "", no value, is None)."""
    if len(tokens) < 8:  # few: each read (once each distinct one pays for many)
        return [_value(token) if token else None for token in tokens]
    read = {token: _value(token) for token in set(tokens) if token}
    values = list(map(read.get, tokens))
    if any(token[0] in "[{" for token in read):  # they hold values that hold no other
        return [value.copy() if isinstance(value, list | dict) else value for value in values]
    return values


def _entries_of(pairs: list[tuple[str, str]]) -> Iterable[tuple[str, object]]:
    """The keys and values of the entries a run read (a key alone is a variable)."""
    if len(pairs) < 8:  # few (or none, {}): each read
        return [
            (name := _key(key), _value(token) if token else Unread(name)) for key, token in pairs
        ]
    keys, tokens = zip(*pairs, strict=True)
    named = {key: _key(key) for key in set(keys)}
    values = _values_of(tokens)
    if "" in tokens:  # { owner, repo }
        alone = {key: Unread(named[key]) for key, token in set(pairs) if not token}
        if any(tokens):
            values = [value if token else alone[key]
                      for key, token, value in zip(keys, tokens, values, strict=True)]  # fmt: skip
        else:
            values = list(map(alone.__getitem__, keys))
    return zip(map(named.__getitem__, keys), values, strict=True)


def _key(written: str) -> str:
    """A key as read by ``_KEY``: a name, or a string in quotes."""
    return _string(written) if written[0] in "'\"" else written


def _value(token: str) -> object:
    """A value as read by ``_TOKEN``: a word, a string, a call, or [] or {} empty."""
    first = token[0]
    if first in "'\"`":
        return _string(token)
    if first in "[{":  # one with values that hold no other: read from the first
        inside = (token, _end(_BLANK, token, 1), len(token) - 1)
        if first == "[":
            return _values_of(_FLAT_ITEM.findall(*inside))
        return dict(_entries_of(_FLAT_ENTRY.findall(*inside)))
    if token[-1] == ")":
        return Unread(token)
    return _word(token)


def _word(written: str) -> object:
    """A word with no call in it: true, false, null, a JSON number, or code."""
    if written in _WORDS:
        return _WORDS[written]
    number = _NUMBER.fullmatch(written)
    if number is None:  # undefined, a variable, or a number JSON does not write (0x1F)
        return Unread(written)
    try:
        return int(written) if number.lastindex is None else float(written)
    except ValueError:  # more digits than int reads (4,300): as json.loads, unread
        return Unread(written)


def _string(written: str) -> str:
    """A string as written, in its quotes: its text, or a template that runs code."""
    if written[0] == "`" and "${" in written:
        return Unread(written)
    return _unescaped(written[1:-1])


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}
# \xHH, \u{H...} (to the first } after it), \uHHHH, or \ and any one character.
_ESCAPE = _compiled(r"\\(?:x(.{0,2})|u\{([^}]*+)\}|u(.{0,4})|(.))")
_ESCAPE_NO_BRACE = _compiled(r"\\(?:x(.{0,2})|(?!)()|u(.{0,4})|(.))")  # no } follows
# What int(digits, 16) may read: spaces, a sign, 0x, _, and hex or (any script's) decimal
# digits; it reads none of the rest.
_HEX = _compiled(r"[\s\d+\-_xXa-fA-F]*+")


def _unescaped(written: str) -> str:
    """A JavaScript string's text: its backslash escapes (``\\n``, ``\\x41``,
    ``\\u0041``, ``\\u{1F600}``) as the characters they stand for."""
    if "\\" not in written:
        return written
    last = written.rfind("}")
    if written.find("\\u{", max(last - 2, 0)) < 0:
        return _ESCAPE.sub(_escaped, written)
    # A \u{ that no } follows: the pattern would search the rest for one at each such
    # \u{ (seconds on a text of many). The "}" added ends the first; the rest of the text,
    # from the escape that reaches it, is read without \u{...}.
    size = len(written)

    def escaped(match: re.Match[str]) -> str:
        if match.end() > size:
            return _ESCAPE_NO_BRACE.sub(_escaped, written[match.start() :]) + "}"
        return _escaped(match)

    return _ESCAPE.sub(escaped, written + "}")[:-1]


def _escaped(match: re.Match[str]) -> str:
    x, braced, u, char = match.groups()
    if char is not None:  # \n, \', \\, ...
        return _ESCAPES.get(char, char)
    digits = x if x is not None else braced if braced is not None else u
    if not digits:  # \x or \u with no digits after it: the letter
        return "x" if x is not None else "u"
    if _HEX.fullmatch(digits):  # (on anything else int() raises, which is slow)
        try:
            return chr(int(digits, 16))
        except (ValueError, OverflowError):  # past the last code point, say
            pass
    return str(match[0])  # as written
