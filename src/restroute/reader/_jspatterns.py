"""The patterns the JavaScript data reader (``_jsdata``) reads with: a value that holds no
other, a run of them with their commas, and the steps that may follow an opening or a value.

Their repeats are possessive (``*+``, ``++``): a run is never given back, so a text that
does not match fails in one pass, not by backtracking. Compiling them takes 140 ms: this
module is imported when an Octokit call is read, not before.
"""

from __future__ import annotations

import re


def _quoted(quote: str) -> str:
    """A string in ``quote``s, closed, whatever its backslashes escape."""
    return rf"{quote}[^{quote}\\]*+(?:\\.[^{quote}\\]*+)*+{quote}"


def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.DOTALL)


# Spaces (str.isspace's), // comments and closed /* */ comments; an open /* is left.
_BLANKS = r"\s*+(?:/(?:/[^\n]*+|\*.*?\*/)\s*+)*+"
# A word is read up to , } ] ) or a blank: a number, true, a variable. It does not begin
# a string, an array, an object or an open /* comment; a ( in it makes it a call.
_WORD_START = r"""(?!/\*)[^,}\])\s{\["'`(]"""
_CALLED = r"\([^()]*+\)"  # (a, b); then with those inside, 6 deep; deeper: read as written
for _ in range(5):
    _CALLED = rf"\((?:[^()]++|{_CALLED})*+\)"
_KEY = rf"""[\w$]++|{_quoted('"')}|{_quoted("'")}"""
_SCALARS = [  # the values that hold no other
    rf"{_WORD_START}[^,}}\])\s(]*+",
    _quoted('"'),
    _quoted("'"),
    _quoted("`"),
    rf"(?:{_WORD_START}[^,}}\])\s(]*+)?{_CALLED}",  # f(a, g(b)): a call
]
# The (?!...) fails at once what none of them begins with.
_SCALAR = r"(?![\s\[{\]}),])" + f"(?:{'|'.join(_SCALARS)})"
_SCALAR_ENTRY = rf"(?:{_KEY}){_BLANKS}(?::{_BLANKS}(?:{_SCALAR}){_BLANKS})?"
# A small array or object of those (or of none), read whole where values may nest: its
# opening's (?=...) fails at once one that holds a [ or { (or a string that holds one),
# or a long one, which is read a run of values at a time (as it would be read twice).
_FLAT_ARRAY, _FLAT_OBJECT = r"\[(?=[^\[\]{}]{0,500}+\])", r"\{(?=[^\[\]{}]{0,500}+\})"
_FLAT = (
    rf"{_FLAT_ARRAY}{_BLANKS}(?:(?:{_SCALAR}){_BLANKS},{_BLANKS})*+(?:(?:{_SCALAR}){_BLANKS})?\]"
    rf"|{_FLAT_OBJECT}{_BLANKS}(?:{_SCALAR_ENTRY},{_BLANKS})*+(?:{_SCALAR_ENTRY})?\}}"
)
_EMPTY = rf"\[{_BLANKS}\]|\{{{_BLANKS}\}}"  # where values may not nest: one of none
_TOKEN, _DEEPEST_TOKEN = f"{_SCALAR}|{_FLAT}", f"{_SCALAR}|{_EMPTY}"  # values read whole

# A value with the comma after it, or an object's key and value (or key alone), and those
# in a flat array or object; runs of them.
_ITEM = _compiled(rf"{_BLANKS}({_TOKEN}){_BLANKS},")
_ENTRY = _compiled(rf"{_BLANKS}({_KEY}){_BLANKS}(?::{_BLANKS}({_TOKEN}){_BLANKS})?,")
_FLAT_ITEM = _compiled(rf"({_SCALAR}){_BLANKS}(?:,{_BLANKS}|\Z)")  # each after blanks
_FLAT_ENTRY = _compiled(rf"({_KEY}){_BLANKS}(?::{_BLANKS}({_SCALAR}){_BLANKS})?(?:,{_BLANKS}|\Z)")


def _items(token: str) -> str:
    return rf"(?:{_BLANKS}(?:{token}){_BLANKS},)++"


def _entries(token: str) -> str:
    return rf"(?:{_BLANKS}(?:{_KEY}){_BLANKS}(?::{_BLANKS}(?:{token}){_BLANKS})?,)++"


def _steps(run: str, step: str, closer: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """What may follow an opening or a comma: a run, then ``step``, each if there; and
    what may follow a value: its container's end (``closer``), or a comma and the same."""
    ahead = rf"(?P<run>{run})?{_BLANKS}(?:{step})?"
    return _compiled(ahead), _compiled(rf"{_BLANKS}(?:(?P<end>{closer})|,{ahead})")


# A step in an array (or the arguments): its end; its last value; or a [ or { that opens
# a value. In an object: its end; or a key, then its end (the key alone) or a colon, then
# the last value or what opens a value. What else follows is read as written.
_OPEN = r"(?P<open>[\[{])"
# Brackets, braces, commas and spaces: read a character at a time, as each is quick.
_BRACKETS = ("[", "]", "{", "}", ",")
_STRUCTURE = _compiled(r"[\s\[\]{},]*+")
_FLAT_START = _compiled(f"{_FLAT_ARRAY}|{_FLAT_OBJECT}")


def _item_steps(closer: str, token: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    step = rf"(?P<close>\{closer})|(?P<token>{token}){_BLANKS}\{closer}|{_OPEN}"
    return _steps(_items(token), step, rf"\{closer}")


def _entry_steps(run: str, token: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    step = (
        rf"(?P<close>\}})|(?P<key>{_KEY}){_BLANKS}(?:(?P<bare>\}})|(?P<colon>:)"
        rf"(?:{_BLANKS}(?:{_OPEN}|(?P<token>{token}){_BLANKS}\}}))?)?"
    )
    return _steps(run, step, r"\}")


# By the depth of the values in the array or object: above the deepest, at it (no value
# holds another), past it (an object's keys alone; an array is read as written).
_ITEM_STEPS = {")": _item_steps(")", _TOKEN), "]": _item_steps("]", _TOKEN)}
_DEEPEST_ITEM_STEPS = _item_steps("]", _DEEPEST_TOKEN)
_ENTRY_STEPS = _entry_steps(_entries(_TOKEN), _TOKEN)
_DEEPEST_ENTRY_STEPS = _entry_steps(_entries(_DEEPEST_TOKEN), _DEEPEST_TOKEN)
_KEY_STEPS = _entry_steps(rf"(?:{_BLANKS}(?:{_KEY}){_BLANKS},)++", _DEEPEST_TOKEN)
_BLANK = _compiled(_BLANKS)
_STRING = {quote: _compiled(_quoted(quote)) for quote in "'\"`"}
_WORD = _compiled(r"[^,}\])\s]*+")
_NUMBER = _compiled(r"-?(?:0|[1-9][0-9]*+)(\.[0-9]++)?([eE][-+]?[0-9]++)?")  # JSON's
