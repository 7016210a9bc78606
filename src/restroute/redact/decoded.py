"""A text as a client decodes it (each ``%XX``, and ``+`` for a blank), and the way back to
where each decoded character was written: what lets a credential's shape be seen, and
hidden where it stands, however a text encodes it (``ghp%5F...``, ``Bearer+...``)."""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable
from itertools import accumulate, count
from operator import sub

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re

_ESCAPE = r"%[0-9A-Fa-f]{2}"  # one byte, percent-encoded


def found_decoded(
    text: str, find: Callable[[str], list[tuple[int, int]]]
) -> list[tuple[int, int]]:
    """Where ``find`` finds something in ``text`` decoded once (``decoded``), and once
    more (a value typed encoded is sent encoded again: ``ghp%255F...``), each where it is
    written in ``text``: cut at a ``?``, ``&`` or ``#`` written as is, which ends a URL's
    path or a query's value before any client decodes it (and is in no token). Only a
    text with a ``%`` or a ``+`` is decoded.

    >>> found_decoded("?q=Bearer%20abc&page=2", lambda text: [(10, len(text))])
    [(12, 15)]
    """
    if "%" not in text and "+" not in text:
        return []
    once = decoded(text)
    spans = find(once)
    if "%" in once or "+" in once:  # (a + here was a %2B)
        spans += _written(once, find(decoded(once)))
    if not spans:
        return spans  # most texts: nothing to map back
    ends = _compiled("[?&#]")
    cut = [
        (start, ends_at.start() if (ends_at := ends.search(text, start, end)) else end)
        for start, end in _written(text, spans)
    ]
    return [(start, end) for start, end in cut if end > start]


def _written(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` of ``decoded(text)``, each where it is written in ``text``."""
    if not spans:
        return spans
    at = written_at(text, [place for span in spans for place in span])
    return [(at[start], at[end]) for start, end in spans]


def decoded(text: str) -> str:
    """``text`` decoded once, as a server reads a query's value (``unquote_plus``), except
    that each ``%XX`` becomes the one character of its code (Latin-1): so that each
    decoded character stands for one place in ``text``.

    >>> decoded("ghp%5Fa+b%zz")
    'ghp_a b%zz'
    """
    return _percent_decoded(text.replace("+", " "), "latin-1")


def written_at(text: str, places: Iterable[int]) -> dict[int, int]:
    """For each of ``places`` in ``decoded(text)`` (a character's, or its end), where it
    is in ``text``: two characters further for each escape before it. Where each escape
    decodes to is counted in C (a Python step for each of 2 million escapes took 7 s).

    >>> written_at("a%5Fb+c%zz%41", [1, 2, 4, 8])
    {1: 1, 2: 4, 4: 6, 8: 10}
    """
    from bisect import bisect_left

    if "%" not in text:
        return {place: place for place in places}
    # each % that begins no escape made another character, the text cut at the others
    global _LONE_TEXT
    if _LONE_TEXT is None:
        import re

        _LONE_TEXT = re.compile("%(?![0-9A-Fa-f]{2})")
    cut = _LONE_TEXT.sub("\0", text).split("%")
    # escape i is written after the pieces before it and i %s, and decodes 2 i places sooner
    decoded_at = array("q", map(sub, accumulate(map(len, cut[:-1])), count()))
    return {place: place + 2 * bisect_left(decoded_at, place) for place in places}


_LONE_TEXT: re.Pattern[str] | None = None  # a % that begins no escape, in a text


def unquoted(name: str) -> str:
    """``name`` decoded as a server reads a query's name or value: what ``unquote_plus``
    gives (UTF-8, an invalid byte replaced), in C however many escapes it holds.

    >>> unquoted("a+%E2%82%AC%zz%FF")
    'a €%zz\ufffd'
    """
    if "%" not in name and "+" not in name:  # most names: nothing to decode
        return name
    return _percent_decoded(name.replace("+", " "), "utf-8")


def _percent_decoded(text: str, charset: str) -> str:
    """``text``'s ``%XX`` escapes decoded, their bytes read as ``charset``: in C however
    many escapes (a Python step for each took seconds over a 10 MB value of them). A
    character outside ASCII is kept as it is, as ``unquote`` keeps it: in UTF-8, the
    text is decoded whole (a character's own bytes are whole, and end any sequence the
    escapes before began, as its run's end did); in Latin-1, each escape is looked up."""
    if "%" not in text:
        return text
    if text.isascii() or (charset == "utf-8" and not _compiled("[\ud800-\udfff]").search(text)):
        return _bytes_decoded(text.encode("utf-8"), charset)
    if charset != "utf-8":
        return _compiled(_ESCAPE).sub(_latin_1, text)
    runs = _compiled("([^\x00-\x7f]+)").split(text)  # (a lone surrogate: no UTF-8 whole)
    return "".join(
        run if odd % 2 else _bytes_decoded(run.encode(), charset) for odd, run in enumerate(runs)
    )


def _latin_1(escape: re.Match[str]) -> str:
    return chr(int(escape[0][1:], 16))


def _bytes_decoded(data: bytes, charset: str) -> str:
    """``data``'s escapes decoded by binascii's quoted-printable decoder, which reads
    ``=XX``: each ``=`` is first written ``=3D``, and each ``%`` that begins no escape
    ``=25``, so that every ``=`` it reads begins one."""
    global _LONE
    if _LONE is None:
        import re

        _LONE = re.compile(rb"%(?![0-9A-Fa-f]{2})")
    from binascii import a2b_qp

    quoted = _LONE.sub(b"=25", data.replace(b"=", b"=3D"))
    return a2b_qp(quoted.replace(b"%", b"=")).decode(charset, "replace")


_LONE: re.Pattern[bytes] | None = None  # a % that begins no escape


def _compiled(pattern: str) -> re.Pattern[str]:
    compiled = _COMPILED.get(pattern)
    if compiled is None:
        import re  # at first use: `import restroute` does not pay for it

        compiled = _COMPILED[pattern] = re.compile(pattern)
    return compiled


_COMPILED: dict[str, re.Pattern[str]] = {}  # this module's patterns, compiled
