"""A value too large, binary or deep to show whole, as the one line that stands for it."""

from __future__ import annotations

import codecs
from collections.abc import Mapping

from .._core.kinds import honest
from ..rules import MAX_NESTING, MAX_SHOWN_BYTES

LIMIT = MAX_SHOWN_BYTES  # a value of more bytes (or characters, or bytes as JSON) is summarised
DEPTH = MAX_NESTING  # and one of lists and mappings nested deeper than this

_HEAD = 16  # the bytes a summary of binary shows, in hex
_TEXT_HEAD = 40  # the characters a summary of text shows


def _summarised(value: object) -> object:
    """``value``, or the line that stands for it."""
    line = summary(value)
    return value if line is None else line


def summary(value: object, content_type: object = None, *, binary: bool = True) -> str | None:
    r"""The line a display shows for ``value`` when showing it whole would not do, or
    None when it shows whole: bytes or text over ``LIMIT`` (64 KiB); binary bytes (not
    UTF-8, or holding a NUL, as git judges it), unless ``binary=False`` (JSON writes
    them whole, as base64 or text); lists and mappings nested over ``DEPTH`` levels, or
    over ``LIMIT`` bytes as JSON. ``content_type`` (a header's value) says what the bytes
    claim to be.

    >>> print(summary(b"PK\x03\x04" + bytes(2**20), "application/zip"))
    <1,048,580 bytes, binary (application/zip), starts 50 4b 03 04 00 00 00 ... 00 ...>
    >>> print(summary(b"\xff\xfe"))
    <2 bytes, binary, starts ff fe>
    >>> print(summary("a long text " * 6000))
    <72,000 characters, text, starts 'a long text a long text a long text a lo' ...>
    >>> print(summary([[[["deep"]]]] * 100), summary({"owner": "octocat"}))
    None None
    """
    value, content_type = honest(value, "summary"), honest(content_type, "summary")
    shown = str.__str__(content_type)[:80] if isinstance(content_type, str) else ""
    kind = f" ({shown})" if shown else ""
    if isinstance(value, bytes | bytearray | memoryview):
        data = value if isinstance(value, bytes) else bytes(value)
        text = _text_of(data)
        if text is None and (binary or len(data) > LIMIT):
            more = " ..." if len(data) > _HEAD else ""
            return f"<{len(data):,} bytes, binary{kind}, starts {data[:_HEAD].hex(' ')}{more}>"
        if text is None or len(data) <= LIMIT:
            return None  # text that fits, or binary that JSON writes whole (base64)
        return f"<{len(data):,} bytes, UTF-8 text{kind}, starts {_text_start(text)}>"
    if isinstance(value, str):
        if len(value) <= LIMIT:
            return None
        return f"<{len(value):,} characters, text{kind}, starts {_text_start(value)}>"
    return _nested_summary(value)


def _text_of(data: bytes) -> str | None:
    """The text of ``data``'s first LIMIT bytes when they are text: UTF-8 (a character
    cut at the end waits for bytes that are not read) without a NUL; else None."""
    head = data[:LIMIT]
    if b"\0" in head:
        return None
    try:
        return codecs.getincrementaldecoder("utf-8")().decode(head, final=len(data) <= LIMIT)
    except UnicodeDecodeError:
        return None


def _text_start(text: str) -> str:
    return f"{text[:_TEXT_HEAD]!r}{' ...' if len(text) > _TEXT_HEAD else ''}"


_NESTED = (Mapping, list, tuple, set, frozenset)


def _nested_summary(value: object) -> str | None:
    """A summary of a list or mapping nested over DEPTH levels, or over LIMIT bytes as
    JSON (about: two for each item's brackets and comma, a text's length, four for
    another scalar), found by a walk that stops there: no recursion, and a list of a
    million items is summarised without reading one."""
    if not isinstance(value, _NESTED):
        return None
    size, stack = 0, [(value, 1)]
    while stack and size <= LIMIT:
        item, depth = stack.pop()
        if not isinstance(item, _NESTED):
            size += len(item) + 2 if isinstance(item, str | bytes | bytearray) else 4
        elif depth > DEPTH:
            return f"<a {type(value).__name__} nested more than {DEPTH} levels deep>"
        else:
            size += 2 + 2 * len(item)
            if size <= LIMIT:  # else the walk ends here, its items unread
                children = [*item.keys(), *item.values()] if isinstance(item, Mapping) else item
                stack.extend((child, depth + 1) for child in children)
    if size <= LIMIT:
        return None
    items = f"{len(value):,} item{'' if len(value) == 1 else 's'}"
    return f"<a {type(value).__name__} of {items}, over {LIMIT:,} bytes as JSON>"


def cut_lines(text: str) -> str:
    """``text`` with each line over ``LIMIT`` characters cut there, saying how much more
    it holds: a view that wraps and colours a line of megabytes (a 10 MB value in a
    snippet) takes seconds a keystroke for text no one reads there. A copy is taken from
    the request, whole.

    >>> print(cut_lines("short\\n" + "x" * (LIMIT + 5)).replace("x" * LIMIT, "x..."))
    short
    x... <5 more characters not shown; a copy holds them>
    """
    if len(text) <= LIMIT:
        return text
    lines = text.split("\n")
    return "\n".join(
        line
        if len(line) <= LIMIT
        else f"{line[:LIMIT]} <{len(line) - LIMIT:,} more characters not shown; a copy holds them>"
        for line in lines
    )
