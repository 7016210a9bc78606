"""URL rules in one place: absolute http(s) URLs, their authority, their dot segments.

parse builds URLs by these rules and the snippets check the URLs they are given by
the same rules, so what one refuses the other refuses too.
"""

from __future__ import annotations


def is_absolute(url: str) -> bool:
    return url[:8].lower().startswith(("https://", "http://"))


def authority(url: str) -> str:
    """What stands between ``scheme://`` and the path, query or fragment."""
    rest = url.partition("://")[2]
    for end in "/?#":
        rest = rest.partition(end)[0]
    return rest


def has_credentials(url: str) -> bool:
    """user:password@ in the authority, which clients turn into an authorization header."""
    return "@" in authority(url)


def path(url: str) -> str:
    """The path of an absolute URL, "/" at least."""
    return "/" + url.partition("://")[2].partition("/")[2].partition("?")[0].partition("#")[0]


def dot_segment(url: str, *, encoded: bool = True) -> str:
    """The first "." or ".." segment of the path ("%2e" counts with ``encoded``), or "":
    HTTP clients squash such segments, sending the request elsewhere."""
    for segment in path(url).split("/"):
        plain = segment.lower().replace("%2e", ".") if encoded else segment
        if plain in (".", ".."):
            return segment
    return ""


def is_base_url(url: str) -> bool:
    """An absolute http(s) URL with a host, and nothing a base cannot end in."""
    printable = url.isascii() and url.isprintable() and not any(c in url for c in " ?#")
    return printable and is_absolute(url) and bool(authority(url)) and not has_credentials(url)
