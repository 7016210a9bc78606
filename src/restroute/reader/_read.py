"""Which reader reads pasted text (a URL, a command, a call, a script, a message, JSON),
and the request it gives, checked and matched to its route."""

from __future__ import annotations

import re
from dataclasses import replace

from .._core.kinds import honest
from ..errors import EndpointError
from ..rules import MAX_PASTE, READABLE_METHODS
from ._command import _PROMPT, _program, _without_wrappers
from ._curl import _curl
from ._gh import _gh
from ._httpie import _httpie
from ._message import _REQUEST_LINE, _http_message, _json_options
from ._octokit import _OCTOKIT, _octokit
from ._request import _SURROGATE, ReadRequest, _named
from ._shell import Word, commands
from ._url import _BARE_URL, _bare, _url

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..catalog import Catalog, Match


# restroute's own Python snippets, and scripts like them: requests or httpx called. The
# blanks before the import stay on its line: from each line's start, blanks that went on over
# the lines below read a long run of newlines to its end each time (quadratic).
_PYTHON = re.compile(r"^[^\S\n]*+(?:import|from)\s+(?:requests|httpx)\b", re.MULTILINE)


def read_request(text: str) -> ReadRequest:
    """The request ``text`` describes: a URL (``METHOD`` before it, the scheme optional),
    a curl, HTTPie (``http``, ``https``) or ``gh api`` command (continued over lines,
    after a pipe, ``$`` prompt and all), or an Octokit call (``octokit.request("POST
    /repos/{owner}/{repo}/issues", {...})``, ``octokit.rest.issues.create({...})``).

    Its messages and warnings name what is wrong and where, never a value: a value may
    be a token."""
    request = _read(_utf8(_plain(text)))
    _check_sendable(request)
    request.warnings = list(dict.fromkeys(request.warnings))  # one of each, in order
    return request


def _read(text: str) -> ReadRequest:
    url = _BARE_URL.fullmatch(text.strip())
    if url is not None and (url[1] is None or url[1].upper() in READABLE_METHODS):
        return _bare(url[1], url[2])
    if _PYTHON.search(text) is not None:
        from ._python import read_python

        return read_python(text)
    if (call := _OCTOKIT.search(text)) is not None:
        return _octokit(text, call)
    if text.lstrip().startswith("{"):
        return _json_options(text)
    if (line := _REQUEST_LINE.match(text.lstrip())) is not None:
        return _http_message(line, text.lstrip()[line.end() :])
    pieces = commands(_PROMPT.sub("", text.strip(), count=1))
    for at, words in enumerate(pieces):
        words = _without_wrappers(words)
        program = _program(words)
        if program == "curl":
            return _curl(words[1:], pieces[at - 1] if at else None)
        if program in ("http", "https", "xh", "xhs"):
            return _httpie(words[1:], secure=program in ("https", "xhs"))
        if program == "gh" and len(words) > 1 and words[1].text == "api":
            return _gh(words[2:])
    words = [word for piece in pieces for word in piece]
    if not words:
        msg = "there is nothing to read; paste a URL or a curl command"
        raise EndpointError(msg)
    return _url(words)


def _plain(text: object) -> str:
    """``text`` as a plain str: a subclass's own methods (``split``, ``strip``) must not
    change what is read, so its value is copied out of it."""
    text = honest(text, "the text to read")
    if not isinstance(text, str):
        msg = f"the text to read is {type(text).__name__}, not a str; pass the pasted text"
        raise EndpointError(msg)
    return str.__str__(text)


def _utf8(text: str) -> str:
    """``text``, refused when longer than the limit or no UTF-8 text (a lone surrogate):
    no request can send one, and ``quote`` and the like fail on it."""
    if len(text) > MAX_PASTE:
        msg = f"the text is {len(text):,} characters; paste a request of at most {MAX_PASTE:,}"
        raise EndpointError(msg)
    if (bad := _SURROGATE.search(text)) is not None:
        msg = (
            f"character {bad.start() + 1:,} of the text is U+{ord(bad[0]):04X}, half of a "
            "UTF-16 pair, which no UTF-8 text holds (bytes that are no UTF-8, read with "
            "surrogateescape, give one); paste the request as UTF-8 text"
        )
        raise EndpointError(msg)
    return text


def _check_sendable(request: ReadRequest) -> None:
    """Refuse a request that escapes (``"\\udcff"`` in JSON, JavaScript or Python) gave a
    lone surrogate: no request can send one."""
    parts = [("the method", request.method), ("the URL", request.url)]
    parts += [("a header's name", name) for name in request.headers]
    parts += [(f"the header {_named(name)}", value) for name, value in request.headers.items()]
    parts += [("the body", request.body)] if isinstance(request.body, str) else []
    for where, text in parts:
        if (bad := _SURROGATE.search(text)) is not None:
            msg = (
                f"{where} holds U+{ord(bad[0]):04X} (an escape in the text gives it), half "
                "of a UTF-16 pair, which no request can send; write the character itself"
            )
            raise EndpointError(msg)


def read_route(text: str, *, catalog: Catalog | None = None) -> Match:
    """What ``text`` means in GitHub's terms (or ``catalog``'s: a loaded description's):
    the request it describes (read_request), matched to its route, its parameters and the
    headers that are no default (``Catalog.match``); the reader's warnings come first.

    >>> found = read_route("curl -L -H 'Accept: application/vnd.github.raw+json' "
    ...                    "https://api.github.com/repos/o/r/contents/docs/README.md")
    >>> found.route
    'GET /repos/{owner}/{repo}/contents/{path}'
    >>> found.params
    {'owner': 'o', 'repo': 'r', 'path': 'docs/README.md', 'media_type': {'format': 'raw'}}
    """
    from ..catalog import Catalog, Part, load

    if catalog is not None and not isinstance(catalog, Catalog):
        msg = "read_route takes catalog= as a catalog.load(...) result, not "
        raise EndpointError(msg + type(catalog).__name__)
    request = read_request(text)
    found = (catalog or load("github")).match(
        request.method, request.url, request.headers, request.body, said=request.said
    )
    left_out = tuple(Part(words, "left out", why) for words, why in request.left_out)
    return replace(
        found,
        warnings=(*request.warnings, *found.warnings),
        parts=(*found.parts[:1], *left_out, *found.parts[1:]),  # after the method
    )


_PROGRAMS = frozenset({"curl", "http", "https", "xh", "xhs", "gh", "printf", "await", "import",
                       "from", "$"})  # fmt: skip


def looks_like_request(text: str) -> bool:
    """Whether pasted ``text`` is a request to read back, not a route to type: a
    command, a call, a script, JSON, text of several lines, or a URL with its values
    (``https://api.github.com/users/octocat``, not ``.../users/{username}``).

    >>> [looks_like_request(t) for t in ("curl https://h/x", "https://h/users/octocat",
    ...                                  "GET /users/{username}", "GET /user")]
    [True, True, False, False]
    """
    text = _plain(text).strip()
    first = _program(_without_wrappers([Word(word) for word in text.split(None, 8)[:8]]))
    if first in _PROGRAMS or text.startswith("{") or "\n" in text or "octokit" in text:
        return True
    return "://" in text and "{" not in text
