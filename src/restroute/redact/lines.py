"""A line that reads as no TOML as shown: after a secret's name, however it is parted
from its value, the line's rest hidden, unless what follows is no value (a stand-in)."""

from __future__ import annotations

from .names import _SCHEMES, REDACTED, is_secret, secret_words
from .text import _pattern
from .written import _STAND_IN, STANDS_IN

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re

# In a line TOML does not read: what stands for a value (skipped: ${PASSWORD} gives none),
# or a word holding a secret's word (found from its start only: linear); and, after a
# secret's name, a value that is none: nothing yet, a stand-in, a scheme's word before one.
_WORD = rf"(?:{STANDS_IN})|(?<![\w.-])(?=[\w.-]*?(?i:WORDS))[\w.-]+"
_WORDS: dict[frozenset[str], re.Pattern[str]] = {}  # _WORD for each set of secret words
_SCHEME = "|".join(sorted(_SCHEMES)).replace(".", r"\.")
# What may follow a value that is none: the line's end, a comment, another key, or brackets
# closed (password = "${P}", token = "${T}" }); anything else is typed on ("", "abc").
_PART = r"""(?:[\w-]++|"[^"\n]*+"|'[^'\n]*+')"""  # a key's part: bare, or quoted
_NEXT = (
    r"(?:\s*+<REDACTED>)?+[\s}\]]*+(?:$|#|(?P<more>,[\s}\]]*+"
    rf"(?:$|#|(?={_PART}(?:\s*+\.\s*+{_PART})*+\s*+[=:]))))"
)
_QUOTE = r"""(?:\"\"\"|'''|["'])?+"""
_QUIET = rf"[\s=:]*+{_QUOTE}(?:(?i:{_SCHEME})\s++)?+{_STAND_IN}{_QUOTE}(?=[\s,}}\]#]|$)"


def names_secret(text: str) -> bool:
    """Whether ``text`` holds a word one of the names ``is_secret`` calls secrets holds."""
    words = secret_words()
    if (finder := _FINDERS.get(words)) is None:  # (the names declared secret may change)
        import re

        if len(_FINDERS) > 8:  # (a few sets kept, as the lru caches of names.py keep them)
            _FINDERS.clear()

        alternatives = "|".join(map(re.escape, sorted(words)))
        finder = _FINDERS[words] = re.compile(f"(?i:{alternatives})")
    return finder.search(text) is not None


_FINDERS: dict[frozenset[str], re.Pattern[str]] = {}  # what finds each set of words


def after_names(line: str) -> str:
    """A line of a text TOML does not read as shown: after a secret's name, however it
    is parted from its value (``password hunter2``, ``<REDACTED> password x # a=b``,
    ``cookie sid=x``, ``password\\uff1ax``), the line's rest hidden, unless what follows is no
    value (``password = "${P}"``, ``authorization: token <REDACTED>``)."""
    if not names_secret(line):
        return line
    words = secret_words()
    if len(line) > _LONGEST:  # (a long line is not kept: a text of 10 MB may be one line)
        return _after_names_of(line, words)
    if (known := _SHOWN_LINES.get(line)) is not None and known[0] == words:
        return known[1]
    if len(_SHOWN_LINES) > _REMEMBER:
        _SHOWN_LINES.clear()
    shown = _after_names_of(line, words)
    _SHOWN_LINES[line] = (words, shown)
    return shown


# Each line as after_names showed it, with the secrets' words it was shown for (an API
# may declare more): a long text repeats its lines. A new set once _REMEMBER are kept.
_SHOWN_LINES: dict[str, tuple[frozenset[str], str]] = {}
_REMEMBER = 10_000
_LONGEST = 200  # the longest line kept: at most 2 MB kept in all


def _after_names_of(line: str, words: frozenset[str]) -> str:
    import re

    if (found_word := _WORDS.get(words)) is None:  # (the names declared secret may change)
        _WORDS.clear()  # (only the last set's kept)
        found_word = _WORDS[words] = re.compile(
            _WORD.replace("WORDS", "|".join(map(re.escape, sorted(words))))
        )
    quiet = _pattern(_QUIET)
    at = 0
    while (found := found_word.search(line, at)) is not None:
        at = found.end()
        if found[0][:1] in "$<" or not is_secret(found[0]):
            continue
        value = quiet.match(line, at)
        after = _pattern(_NEXT).match(line, value.end()) if value is not None else None
        if after is not None and after["more"] is None:
            return line  # the line's end, or a comment: prose
        if value is not None and after is not None:
            at = max(after.end(), at)
            continue
        at = value.end() if value is not None and value[0].rstrip() else at
        parted = _pattern(r"[^\w$<]*+").match(line, at)
        return f"{line[: parted.end() if parted else at]}{REDACTED}"
    return line
