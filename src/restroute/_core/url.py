"""URL rules in one place: absolute http(s) URLs, their authority, their dot segments.

parse builds URLs by these rules and the snippets check the URLs they are given by
the same rules, so what one refuses the other refuses too.
"""

from __future__ import annotations

from ..rules import MAX_PORT
from .cache import Memo, compiled

# A host as every client reads it alike: a name of letters, digits, "-", "_", "." (a
# non-ASCII name in its xn-- form) or a bracketed IPv6 address, and an optional port. A
# WHATWG parser (browsers, and urllib3's own) reads a backslash as "/", strips tabs and
# line breaks, and decodes %XX in hosts, so https://evil.com\.api.github.com goes to
# evil.com there; any such character in the authority is refused.
_AUTHORITY = r"(?P<host>[A-Za-z0-9_.-]+|\[[0-9A-Fa-f:.]+\])(?::(?P<port>[0-9]{0,5}))?"


def is_absolute(url: str) -> bool:
    return url[:8].lower().startswith(("https://", "http://"))


def authority(url: str) -> str:
    """What stands between ``scheme://`` and the path, query or fragment."""
    rest = url.partition("://")[2]
    for end in "/?#":
        rest = rest.partition(end)[0]
    return rest


def authority_problem(url: str) -> str:
    """Why clients could disagree on the host of absolute ``url`` ("" when they cannot)."""
    return _PROBLEMS[authority(url)]


def _problem(text: str) -> str:
    if not text:
        return "has no host"
    if "@" in text:
        return (
            "has user:password@ in it, which clients send as an authorization header the "
            "options do not show; pass an authorization header"
        )
    found = compiled(_AUTHORITY).fullmatch(text)
    if found is None:
        return (
            f"has a host, {text!r}, that HTTP clients read differently (a backslash, %, "
            "whitespace or another delimiter); pass a host of letters, digits, '-' and '.' "
            "(xn-- for a non-ASCII name), or [IPv6], and an optional :port"
        )
    return _unreachable(found["host"], found["port"])


def unreachable(url: str) -> str:
    """Why no client reaches the host of absolute ``url``, though all read it alike ("" when
    one can, or when the host is not read alike: ``authority_problem`` says so)."""
    found = compiled(_AUTHORITY).fullmatch(authority(url))
    return "" if found is None else _unreachable(found["host"], found["port"])


def _unreachable(host: str, port: str | None) -> str:
    if port and int(port) > MAX_PORT:
        return (
            f"has port {port}, above {MAX_PORT}, the highest TCP port: no client reaches "
            f"it; pass the server's port, from 1 to {MAX_PORT}"
        )
    if host.startswith("[") and _not_ipv6(host[1:-1]):
        return (
            f"has a host, {host!r}, in brackets that is no IPv6 address (RFC 4291): no "
            "client reaches it; pass the address, such as [2001:db8::1]"
        )
    if _not_ipv4(host):
        return (
            f"has a host, {host!r}, that ends in a number and is no IPv4 address (four "
            "numbers from 0 to 255): no client reaches it; pass the address, or a name"
        )
    label = next((each for each in host.split(".") if _not_idna(each)), None)
    if label is not None:
        return (
            f"has a host label, {label!r}, that is no IDNA name (xn-- and Punycode that "
            "does not decode): no client can look it up; pass the name's xn-- form as "
            "IDNA writes it, such as 'xn--bcher-kva.example' for bücher.example"
        )
    return ""


def _not_idna(label: str) -> bool:
    """Whether ``label`` starts as an IDNA name does (``xn--``) and is none: its Punycode
    decodes to no name (``xn--``, ``xn--zz``). What it decodes to is not judged here (curl
    and requests send ``xn--ls8h``, 💩, as written: httpx refuses it, ``idna``)."""
    if label[:4].lower() != "xn--":
        return False
    try:
        return not label[4:].encode("ascii").decode("punycode")
    except (UnicodeError, IndexError):
        return True


def _not_ipv6(address: str) -> bool:
    import ipaddress

    try:
        ipaddress.IPv6Address(address)
    except ValueError:
        return True
    return False


def _not_ipv4(host: str) -> bool:
    """Whether ``host`` ends in a number (as an IPv4 address does: WHATWG's rule) and is
    no address of four numbers from 0 to 255 (``256.1.1.1``, ``1.2.3.999``)."""
    last = host.removesuffix(".").rpartition(".")[2]
    if not last.isascii() or not last.isdigit():
        return False
    numbers = host.removesuffix(".").split(".")
    return len(numbers) != 4 or not all(
        each.isascii() and each.isdigit() and int(each) <= 255 and str(int(each)) == each
        for each in numbers
    )


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


def no_dot_segment(url: str) -> bool:
    """True when ``url`` certainly has no dot segment, found in three scans at most: no
    "/." and no "%2e" or "%2E" ("%2" alone is common: a space is "%20")."""
    return "/." not in url and ("%2" not in url or ("%2e" not in url and "%2E" not in url))


_PROBLEMS: Memo[str, str] = Memo(_problem)  # hosts repeat


def is_base_url(url: str) -> bool:
    """An absolute http(s) URL with a host, and nothing a base cannot end in."""
    printable = url.isascii() and url.isprintable() and not any(c in url for c in " ?#")
    return printable and is_absolute(url) and not authority_problem(url)
