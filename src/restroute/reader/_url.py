"""A URL alone (a method before it or not), as a browser's address bar gives it, and the
URL word of a command."""

from __future__ import annotations

import re

from ..errors import EndpointError
from ..rules import READABLE_METHODS
from ._command import _expansions, _shown
from ._request import ReadRequest
from ._shell import Word

# A URL alone, as a browser's address bar gives it (its & and ? are no shell's), with
# a method before it or not.
_BARE_URL = re.compile(
    r"(?:([A-Za-z]+)[ \t]+)?((?:https?://|/)[^\s'\"\\`$]+|[a-z0-9.-]+\.[a-z]{2,}/[^\s'\"\\`$]*)"
)


def _bare(method: str | None, url: str) -> ReadRequest:
    request = ReadRequest((method or "GET").upper(), _absolute(url))
    request.said["method"] = method or "GET, as a URL alone is"
    return request


def _url(words: list[Word]) -> ReadRequest:
    method = "GET"
    if len(words) == 2 and words[0].text.upper() in READABLE_METHODS:
        method, words = words[0].text.upper(), words[1:]
    if len(words) != 1:
        msg = (
            f"the text is {len(words):,} words, and neither a URL (a method before it or "
            "not) nor a curl, HTTPie or gh api command; paste one of them"
        )
        raise EndpointError(msg)
    request = ReadRequest(method, _absolute(_url_word(words, "the URL").text))
    request.warnings += _expansions(words[0], "the URL")
    return request


def _url_word(words: list[Word], where: str) -> Word:
    """The first of ``words`` that is no expansion alone: a ``$URL`` or ``$(...)`` is the
    shell's to compute, and is not run here."""
    for word in words:
        if not word.expansions or _written(word):
            return word
    expansions = [each for word in words for each in word.expansions]
    shown = ", ".join(_shown(each) for each in expansions[:3])
    more = f" and {len(expansions) - 3:,} more" if len(expansions) > 3 else ""
    msg = f"{where} is computed by the shell ({shown}{more}), which is not run here; paste "
    raise EndpointError(msg + "the URL it gives")


def _written(word: Word) -> bool:
    """Whether ``word`` holds text of its own besides its expansions (blanks aside): one
    pass, as a word of 300,000 expansions is read in time."""
    at, text = 0, word.text
    for each in word.expansions:
        found = text.find(each, at)
        if found < 0 or text[at:found].strip():
            return True
        at = found + len(each)
    return bool(text[at:].strip())


def _absolute(url: str) -> str:
    """A URL with its scheme: ``api.github.com/user`` is read as https."""
    if "://" in url:
        return url
    if url.startswith("/"):  # a path alone: the API's
        return url
    return f"https://{url}"
