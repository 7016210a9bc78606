"""Where a text gives a value to a name that may be a secret's: a header line or an object's
or a dict's key (``Authorization: token ...``, ``"auth": "..."``), or an assignment
(``export GITHUB_TOKEN=...``, ``password=...`` in a form body, ``token="..."``, HTTPie's
``token==...``), found without a regular expression's step at every character: a 10 MB
value of ``a: a: ...`` took 4 s so, and a view reads such a text a dozen times."""

from __future__ import annotations

import functools

from .literals import any_of
from .names import secret_words

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re

# a header's or a key's name: RFC 9110's token characters, and a key's [index] (token[0])
_NAME = r"[\w!#$%&*+.^|~\[\]-]"
_ASSIGNED = r"[\w.\[\]-]"  # an assigned name's (a[0].b=...)
# A name, and what comes between it and its value. It starts only where a word can (a
# lookbehind), and only at a name that holds one of names.secret_words (a lookahead over
# the name's own characters, which end at its : or =), so a scan is linear.
NAMED = (
    rf"(?<!{_NAME})[\"']?(?={_NAME}*?(?i:{{words}}))(?P<name>{_NAME}+)[\"']?[ \t]*:(?!//)[ \t]*"
    rf"|(?<![\w.\[\]%-])(?={_ASSIGNED}*?(?i:{{words}}))"  # (--token=...: an option's;
    rf"(?:--?|\[++)?(?P<assigned>[A-Za-z_]{_ASSIGNED}*)(?:==|[ \t]*=(?!=)[ \t]*)"  # [a=...)
)


class Named:
    """What ``NAMED`` finds in a text, a match at a time from a place on (``after``): each
    secret word is found in C in the text lowercased, and ``NAMED`` is tried only where
    the name around it starts (or its quote), not at every character; a name in a value
    already read is passed over whole (``token: token: ...``: one match, not a million).

    >>> names, at, found = Named("a: 1 x-Token: t key=k"), 0, []
    >>> while (match := names.after(at)) is not None:
    ...     found, at = [*found, match["name"] or match["assigned"]], match.end()
    >>> found
    ['x-Token', 'key']
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.pattern, self.finder = _patterns(secret_words())
        self.folded = str.lower(text)  # a character for each: only U+0130 lowercases to two
        if len(self.folded) != len(text):
            self.folded = str.lower(str.replace(text, "\u0130", "i"))
        self.runs = _Runs(text)

    def after(self, at: int) -> re.Match[str] | None:
        """The first match that starts at ``at`` or after, as ``finditer`` from ``at``
        finds it (a name's start before ``at`` starts none)."""
        place = at
        while (word := self.finder.search(self.folded, place)) is not None:
            for start in self.runs.starts(word.start()):
                if start >= at and (found := self.pattern.match(self.text, start)) is not None:
                    return found
            place = word.end()
        return None


def with_secret_words(pattern: str) -> re.Pattern[str]:
    """``pattern`` compiled, its ``{words}`` any of the words one of which every
    secret's name holds (``names.secret_words``: those an API declared too)."""
    return _with_words(pattern, secret_words())


@functools.lru_cache(maxsize=16)  # the words change only as an API declares some
def _with_words(pattern: str, words: frozenset[str]) -> re.Pattern[str]:
    return _compiled(pattern.format(words=any_of(sorted(words))))


@functools.lru_cache(maxsize=8)
def _patterns(words: frozenset[str]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """``NAMED``, and what finds the words in a text lowercased (where an İ is an i)."""
    folded = {word.replace("i\u0307", "i") for word in words}
    return _with_words(NAMED, words), _compiled(any_of(sorted(folded)))


class _Runs:
    """The names around the secret words of a text: where each starts, each tried once.
    A word after a character no name holds starts its name (most: token=..., &password=);
    only a word inside a name is looked back from, and the name's end looked for once."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.backwards = ""  # the text reversed, made at the first name that needs it
        self.last = {_NAME: [-1, -1], _ASSIGNED: [-1, -1]}  # each kind's last run tried:
        # where it starts, and where it ends (-1: not looked for yet)
        self.name_end = -1  # where the last name looked at ends

    def starts(self, place: int) -> list[int]:
        """Where ``NAMED`` may match a name holding the character at ``place`` (a quote
        before a name a : follows, the name's start, an assigned name's start: not after
        a %, from a letter, _ or -), none tried before."""
        text, starts = self.text, []
        if place >= self.name_end:  # else a later word in the name tried last
            found = _compiled(_NAME_RUN).match(text, place)  # (a run may be empty: never None)
            colon = found is not None and found["colon"] is not None
            self.name_end = found.start("colon") if colon else found.end()  # type: ignore[union-attr]
            if colon:
                start = self._start(_NAME, place)
                starts += [start - 1, start] if start and text[start - 1] in "\"'" else [start]
        start = self._start(_ASSIGNED, place)
        # its first letter: after the [ that opens a list's repr ([token=...]), if any
        first = place - len(text[start:place].lstrip("[")) if start >= 0 else start
        begins = start >= 0 and (text[first] in "_-" or text[first].isalpha())
        if begins and not (start and text[start - 1] == "%"):
            starts.append(start)
        return sorted(set(starts)) if len(starts) > 1 else starts

    def _start(self, kind: str, place: int) -> int:
        """Where the run of ``kind`` that holds ``place`` starts (-1: the run tried last,
        a later word in the same name)."""
        last = self.last[kind]
        if not place or not _holds(kind, self.text[place - 1]):
            self.last[kind] = [place, -1]
            return place
        if last[0] >= 0 and last[1] < 0:
            last[1] = last[0] + self._run(kind, last[0])
        if last[0] >= 0 and place < last[1]:
            return -1
        start = place - self._run(kind, place, backwards=True) + 1
        self.last[kind] = [start, -1]
        return start

    def _run(self, kind: str, place: int, backwards: bool = False) -> int:
        """How many characters of ``kind`` there are from ``place`` on (or back)."""
        run = _RUNS.get(kind) or _RUNS.setdefault(kind, _compiled(f"{kind}*"))
        if not backwards:
            found = run.match(self.text, place)
        else:
            self.backwards = self.backwards or self.text[::-1]
            found = run.match(self.backwards, len(self.text) - 1 - place)
        return found.end() - found.start() if found is not None else 0


def _holds(kind: str, character: str) -> bool:
    """Whether ``character`` is one of ``kind``'s (``\\w`` is what ``isalnum`` or _ is)."""
    return character.isalnum() or character in _OTHERS[kind]


# a name's run, and the : after it that makes it a header's or a key's (NAMED's own)
_NAME_RUN = rf"{_NAME}*+(?P<colon>[\"']?[ \t]*:(?!//))?"
_OTHERS = {_NAME: "_!#$%&*+.^|~[]-", _ASSIGNED: "_.[]-"}  # each kind's characters but \w
_RUNS: dict[str, re.Pattern[str]] = {}  # a run of each kind's characters


_COMPILED: dict[str, re.Pattern[str]] = {}


def _compiled(pattern: str) -> re.Pattern[str]:
    compiled = _COMPILED.get(pattern)
    if compiled is None:
        import re  # at first use: `import restroute` does not pay for it

        compiled = _COMPILED[pattern] = re.compile(pattern)
    return compiled
