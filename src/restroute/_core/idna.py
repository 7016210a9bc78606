"""Whether a host's labels are names IDNA 2008 allows (RFC 5891 section 5.4, the code
points of RFC 5892, the contexts of its appendix A, the Bidi rule of RFC 5893): what
httpx checks of a host that starts with ``xn--`` before it sends (``https://xn--ls8h.la``,
💩.la), where curl and requests send it as written. From Python's own Unicode data, no
table of ours; tests/slow/test_idna.py holds it to the idna package httpx asks."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

# RFC 5892 section 2.6, the exceptions: allowed, allowed in a context, never
_ALLOWED = frozenset("\u00df\u03c2\u06fd\u06fe\u0f0b\u3007")
_NEVER = frozenset("\u0640\u07fa\u302e\u302f\u3031\u3032\u3033\u3034\u3035\u303b")
_ARABIC_INDIC = frozenset(map(chr, range(0x660, 0x66A)))
_EXTENDED_ARABIC_INDIC = frozenset(map(chr, range(0x6F0, 0x6FA)))
_LETTERS_AND_DIGITS = frozenset({"Ll", "Lu", "Lo", "Nd", "Lm", "Mn", "Mc"})
_IGNORABLE_BLOCKS = ((0x20D0, 0x20FF), (0x1D100, 0x1D24F))  # symbols' marks, music
# the marks that are Default_Ignorable_Code_Point (variation selectors and the like): the
# other such code points are no letter, mark or digit
_IGNORABLE_MARKS = (
    (0x34F, 0x34F), (0x17B4, 0x17B5), (0x180B, 0x180F), (0xFE00, 0xFE0F), (0xE0100, 0xE01EF),
)  # fmt: skip
_OLD_HANGUL_JAMO = ((0x1100, 0x11FF), (0xA960, 0xA97F), (0xD7B0, 0xD7FF))


def httpx_host_problem(host: str) -> str | None:
    """Why httpx refuses ``host`` (lowercased, as a URL holds it), or None: a host that
    starts with ``xn--`` has each of its labels checked by IDNA 2008 first.

    >>> httpx_host_problem("xn--bcher-kva.example"), httpx_host_problem("api.github.com")
    (None, None)
    >>> httpx_host_problem("xn--ls8h.la")
    "its label 'xn--ls8h' decodes to U+1F4A9, which IDNA 2008 does not allow there"
    """
    if not host.startswith("xn--"):
        return None
    labels = host.removesuffix(".").split(".")
    return next(
        (f"its label {label!r} {problem}" for label in labels if (problem := _problem(label))),
        None,
    )


def _problem(label: str) -> str | None:
    """Why ``label`` (``xn--`` and its Punycode, or as written) is no IDNA 2008 label."""
    name = label
    if label[:4] == "xn--":
        try:
            name = label[4:].encode("ascii").decode("punycode")
        except (UnicodeError, IndexError):
            return "is Punycode that does not decode"
        if name.isascii():
            return "decodes to ASCII, which IDNA writes as it is"
    if not name or unicodedata.normalize("NFC", name) != name:
        return "decodes to no name in Unicode's composed form"
    if name[0] == "-" or name[-1] == "-" or name[2:4] == "--":
        return "has a hyphen where IDNA allows none"
    if unicodedata.category(name[0]).startswith("M"):
        return "starts with a combining mark"
    for at, character in enumerate(name):
        if not _allowed(name, at, character):
            return f"decodes to U+{ord(character):04X}, which IDNA 2008 does not allow there"
    return None if _bidi_rule(name) else "breaks the Bidi rule of RFC 5893"


def _allowed(name: str, at: int, character: str) -> bool:
    """RFC 5892's property of ``character`` (PVALID, or CONTEXTJ/CONTEXTO in a context
    that allows it), at ``at`` in ``name``."""
    if character in _ALLOWED or character == "-" or (character.isascii() and character.isalnum()):
        return not character.isupper()
    if character in _NEVER:
        return False
    if character in "\u200c\u200d":  # a joiner, after a virama (A.1, A.2, in part)
        return at > 0 and unicodedata.combining(name[at - 1]) == 9
    context = _CONTEXTS.get(character)
    if context is not None:
        return context(name, at)
    if character in _ARABIC_INDIC or character in _EXTENDED_ARABIC_INDIC:  # A.8, A.9
        other = _EXTENDED_ARABIC_INDIC if character in _ARABIC_INDIC else _ARABIC_INDIC
        return not other.intersection(name)
    code = ord(character)
    category = unicodedata.category(character)
    stable = (
        unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", character).casefold())
        == character
    )
    ranges = (*_IGNORABLE_BLOCKS, *_IGNORABLE_MARKS, *_OLD_HANGUL_JAMO)
    blocked = any(low <= code <= high for low, high in ranges)
    return stable and not blocked and category in _LETTERS_AND_DIGITS


def _named(character: str, *starts: str) -> bool:
    return unicodedata.name(character, "").startswith(starts)


# RFC 5892 appendix A: a middle dot between two l, a keraia before Greek, a geresh after
# Hebrew, a katakana middle dot in a name with kana or Han
_CONTEXTS: dict[str, Callable[[str, int], bool]] = {
    "\u00b7": lambda name, at: 0 < at < len(name) - 1 and name[at - 1] == name[at + 1] == "l",
    "\u0375": lambda name, at: at + 1 < len(name) and _named(name[at + 1], "GREEK"),
    "\u05f3": lambda name, at: at > 0 and _named(name[at - 1], "HEBREW"),
    "\u05f4": lambda name, at: at > 0 and _named(name[at - 1], "HEBREW"),
    "\u30fb": lambda name, at: any(
        _named(each, "HIRAGANA", "KATAKANA", "CJK UNIFIED") for each in name if each != "\u30fb"
    ),
}


def _bidi_rule(name: str) -> bool:
    """RFC 5893 section 2, for a name that holds a right-to-left character."""
    kinds = [unicodedata.bidirectional(each) for each in name]
    if not {"R", "AL", "AN"}.intersection(kinds):
        return True
    rtl = kinds[0] in ("R", "AL")
    if not rtl and kinds[0] != "L":
        return False  # rule 1
    allowed = (
        {"R", "AL", "AN", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"}
        if rtl
        else {"L", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"}
    )
    if not allowed.issuperset(kinds):
        return False  # rules 2 and 5
    last = next((kind for kind in reversed(kinds) if kind != "NSM"), "")
    if last not in ({"R", "AL", "EN", "AN"} if rtl else {"L", "EN"}):
        return False  # rules 3 and 6 (\u05d0\u094d\u200c: a joiner last)
    return not (rtl and {"AN", "EN"}.issubset(kinds))  # rule 4
