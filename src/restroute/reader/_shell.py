"""POSIX shell words, read and never run: what a pasted command means, quoting and all.

``shlex`` splits words but forgets how each part was quoted, and a reader must know: a
``$GITHUB_TOKEN`` inside single quotes is text, outside them the shell would expand it.
This splitter follows the POSIX rules (single quotes, double quotes and their four
escapes, a backslash, a backslash-newline continuing the line, ``#`` comments) and, for
each word, records the expansions a shell would make there, unexpanded: ``$NAME``,
``${...}``, ``$(...)`` and backticks. Operators (``|``, ``;``, ``&&``, ``>``) end a
command; the words of each command are returned. A line may end in CR LF (Windows) or in
a CR alone (what a terminal sends for a pasted line break): each is a line break.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import EndpointError
from ..rules import MAX_PASTE, MAX_WORDS

__all__ = ["Word", "commands"]

_OPERATORS = ("&&", "||", "|", ";", "&", ">", "<")
_BLANKS = " \t\r\n"
_SPACES = re.compile(r"[ \t\r]+")
_OPERATOR = re.compile(r"&&|\|\||[|;&<>]")
_DOUBLE_ESCAPES = '$`"\\'
# A backslash that ends a line continues it; blanks after it, invisible in a copied
# command, are taken to be a slip (POSIX would make one an argument of blanks and end
# the command there, which nobody means).
_CONTINUED = re.compile(r"\\[ \t]*\n")
_PLAIN = re.compile(r"[^\s'\"\\$`|;&<>#]+")  # a run of characters that mean themselves
_PLAIN_DOUBLE = re.compile(r'[^"\\$`]+')  # the same inside double quotes
_SURROGATE = re.compile("[\ud800-\udfff]")  # half of a UTF-16 pair: no request sends one


@dataclass
class Word:
    """A word as the shell would pass it, and the expansions left in it as written."""

    text: str = ""
    expansions: list[str] = field(default_factory=list)


def commands(text: str) -> list[list[Word]]:
    """The commands of ``text`` (split at operators), each its list of words.

    >>> [[w.text for w in c] for c in commands("printf '%s' 'a b' |\\\\\\n curl -d @- \\"$U\\"")]
    [['printf', '%s', 'a b'], ['curl', '-d', '@-', '$U']]
    >>> commands("curl -H \\"Authorization: Bearer $TOKEN\\"")[0][2].expansions
    ['$TOKEN']
    """
    if not isinstance(text, str):
        msg = f"the text to read is {type(text).__name__}, not a str"
        raise EndpointError(msg)
    if len(text) > MAX_PASTE:
        msg = f"the text is {len(text):,} characters; paste a request of at most {MAX_PASTE:,}"
        raise EndpointError(msg)
    reader = _Reader(text.replace("\r\n", "\n").replace("\r", "\n"))
    return reader.read()


class _Reader:
    def __init__(self, text: str) -> None:
        self.text, self.at = text, 0
        self.done: list[list[Word]] = []
        self.words: list[Word] = []
        self.word: Word | None = None
        self.pieces: list[str] = []  # the word's text so far: joined once, at its end
        self.count = 0  # the words read

    def read(self) -> list[list[Word]]:
        text = self.text
        while self.at < len(text):
            char = text[self.at]
            if char == "\\" and (continued := _CONTINUED.match(text, self.at)):
                self.at = continued.end()  # a line continued
            elif char == "\n":
                self._end_command()
                self.at += 1
            elif char in _BLANKS:  # a run of them at once: a text may be mostly blanks
                self._end_word()
                self.at = _SPACES.match(text, self.at).end()  # type: ignore[union-attr]
            elif char == "#" and self.word is None:
                end = text.find("\n", self.at)
                self.at = len(text) if end < 0 else end
            elif self.word is None and char in "&|;<>" and (operator := _operator(text, self.at)):
                self._end_command()
                self.at += len(operator)
            elif char == "'":
                self._single()
            elif char == '"':
                self._double()
            elif char == "\\":
                self._part(text[self.at + 1 : self.at + 2])
                self.at += 2
            elif char in "$`":
                self._expansion()
            elif plain := _PLAIN.match(text, self.at):
                self._part(plain[0])
                self.at = plain.end()
            else:
                if char in "&|;<>":  # an operator right after a word ends it
                    self._end_word()
                    continue
                self._part(char)  # a # inside a word
                self.at += 1
        self._end_command()
        return self.done

    def _part(self, text: str) -> None:
        if self.word is None:
            self.word = Word()
        self.pieces.append(text)

    def _end_word(self) -> None:
        if self.word is not None:
            self.word.text = "".join(self.pieces)
            self.words.append(self.word)
            self.word, self.pieces = None, []
            self.count += 1
            if self.count > MAX_WORDS:
                msg = f"the text has more than {MAX_WORDS:,} words; paste one request (a "
                raise EndpointError(msg + "curl of 1,000 headers has 2,000)")

    def _end_command(self) -> None:
        self._end_word()
        if self.words:
            self.done.append(self.words)
            self.words = []

    def _single(self) -> None:
        end = self.text.find("'", self.at + 1)
        if end < 0:
            msg = "a single quote is not closed; paste the whole command"
            raise EndpointError(msg)
        self._part(self.text[self.at + 1 : end])
        self.at = end + 1

    def _ansi_c(self) -> None:
        """``$'...'`` (bash, zsh): backslash escapes as C writes them."""
        text, at = self.text, self.at + 2
        while at < len(text) and text[at] != "'":
            at += 2 if text[at] == "\\" else 1
        if at >= len(text):
            msg = "a $'...' quote is not closed; paste the whole command"
            raise EndpointError(msg)
        written = text[self.at + 2 : at].replace("\\'", "'")
        try:
            decoded = written.encode("latin-1", "backslashreplace").decode("unicode_escape")
        except UnicodeDecodeError as error:
            msg = f"a $'...' quote has an escape that does not read: {error.reason}"
            raise EndpointError(msg) from None
        if _SURROGATE.search(decoded) is not None:
            msg = "a $'...' quote writes half of a UTF-16 pair (\\uD800 to \\uDFFF), which no "
            raise EndpointError(msg + "request can send; write the character itself")
        self._part(decoded)
        self.at = at + 1

    def _double(self) -> None:
        self._part("")
        self.at += 1
        text = self.text
        while self.at < len(text) and text[self.at] != '"':
            char = text[self.at]
            if char == "\\" and self.at + 1 < len(text) and text[self.at + 1] in _DOUBLE_ESCAPES:
                self._part(text[self.at + 1])
                self.at += 2
            elif char == "\\" and text.startswith("\n", self.at + 1):
                self.at += 2
            elif char in "$`":
                self._expansion()
            elif plain := _PLAIN_DOUBLE.match(text, self.at):
                self._part(plain[0])
                self.at = plain.end()
            else:  # a backslash that escapes nothing: itself
                self._part(char)
                self.at += 1
        if self.at >= len(text):
            msg = "a double quote is not closed; paste the whole command"
            raise EndpointError(msg)
        self.at += 1

    def _expansion(self) -> None:
        """``$NAME``, ``${...}``, ``$(...)`` or a backtick: kept as written, and noted."""
        text, start = self.text, self.at
        if text.startswith("$'", start):
            self._ansi_c()
            return
        if text[start] == "`":
            end = text.find("`", start + 1)
            end = len(text) if end < 0 else end + 1
        elif text.startswith("${", start) or text.startswith("$(", start):
            closing = "}" if text[start + 1] == "{" else ")"
            end = text.find(closing, start + 2)
            end = len(text) if end < 0 else end + 1
        else:
            end = start + 1
            while end < len(text) and (text[end].isalnum() or text[end] == "_"):
                end += 1
            if end == start + 1:  # a lone $: text
                self._part("$")
                self.at += 1
                return
        written = text[start:end]
        self._part(written)
        assert self.word is not None
        self.word.expansions.append(written)
        self.at = end


def _operator(text: str, at: int) -> str:
    found = _OPERATOR.match(text, at)
    return found[0] if found is not None else ""
