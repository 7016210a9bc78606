"""Reading a request back: a pasted URL, curl, HTTPie or ``gh api`` command -> method,
URL, headers, body.

The other way round from the library: people meet requests as a URL in a browser or a
curl command in GitHub's docs, and want the request it describes. ``read_request``
reads the text, before any catalog, and never runs or opens anything: a ``@file`` body,
``$VAR``, ``$(...)`` and backticks are named in a warning, never expanded; an option it
does not know is named too, never dropped in silence.

>>> request = read_request('curl -X POST -H "Accept: application/vnd.github+json" '
...                        'https://api.github.com/repos/o/r/issues -d \\'{"title":"t"}\\'')
>>> request.method, request.url, request.body
('POST', 'https://api.github.com/repos/o/r/issues', '{"title":"t"}')
>>> request.headers  # -d sends curl's form content-type, as GitHub's docs' examples do
{'accept': 'application/vnd.github+json', 'content-type': 'application/x-www-form-urlencoded'}
"""

from __future__ import annotations

import itertools
import json
import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from urllib.parse import quote

from ._jsdata import Unread, read_call_arguments
from ._shell import MAX_TEXT, Word, commands
from .errors import EndpointError

__all__ = ["ReadRequest", "looks_like_request", "read_request", "read_route"]

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .catalog import Match

METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"})
# restroute's own Python snippets, and scripts like them: requests or httpx called.
_PYTHON = re.compile(r"^\s*(?:import|from)\s+(?:requests|httpx)\b", re.MULTILINE)


@dataclass
class ReadRequest:
    """A request as the pasted text describes it. ``body`` is what is sent, as written
    (bytes only when they are no UTF-8 text; None: no body); ``source`` says what was read
    ("url", "curl", "httpie", "gh", "octokit", "python", "json"); ``warnings`` what was
    left out or not expanded, and why; ``said`` the words of the text that gave the
    ``method``, the ``body`` and each ``header NAME``, for a reader to be shown them."""

    method: str
    url: str
    headers: dict[str, str] = field(default_factory=dict)
    body: str | bytes | None = None
    source: str = "url"
    warnings: list[str] = field(default_factory=list)
    said: dict[str, str] = field(default_factory=dict, compare=False)


def read_request(text: str) -> ReadRequest:
    """The request ``text`` describes: a URL (``METHOD`` before it, the scheme optional),
    a curl, HTTPie (``http``, ``https``) or ``gh api`` command (continued over lines,
    after a pipe, ``$`` prompt and all), or an Octokit call (``octokit.request("POST
    /repos/{owner}/{repo}/issues", {...})``, ``octokit.rest.issues.create({...})``)."""
    if isinstance(text, str) and len(text) <= MAX_TEXT:
        url = _BARE_URL.fullmatch(text.strip())
        if url is not None and (url[1] is None or url[1].upper() in METHODS):
            return _bare(url[1], url[2])
        if _PYTHON.search(text) is not None:
            from ._pyread import read_python

            return read_python(text)
        if (call := _OCTOKIT.search(text)) is not None:
            return _octokit(text, call)
        if text.lstrip().startswith("{"):
            return _json_options(text)
    pieces = commands(text.strip().removeprefix("$ ") if isinstance(text, str) else text)
    for at, words in enumerate(pieces):
        program = words[0].text.rsplit("/", 1)[-1] if words else ""
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


def read_route(text: str) -> Match:
    """What ``text`` means in GitHub's terms: the request it describes (read_request),
    matched to its route, its parameters and the headers that are no default
    (``restroute.catalog.match``); the reader's warnings come first.

    >>> found = read_route("curl -L -H 'Accept: application/vnd.github.raw+json' "
    ...                    "https://api.github.com/repos/o/r/contents/docs/README.md")
    >>> found.route
    'GET /repos/{owner}/{repo}/contents/{path}'
    >>> found.params
    {'owner': 'o', 'repo': 'r', 'path': 'docs/README.md', 'media_type': {'format': 'raw'}}
    """
    from . import catalog

    request = read_request(text)
    found = catalog.match(
        request.method, request.url, request.headers, request.body, said=request.said
    )
    return replace(found, warnings=(*request.warnings, *found.warnings))


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
    text = text.strip()
    first = text.split(None, 1)[0].rsplit("/", 1)[-1] if text else ""
    if first in _PROGRAMS or text.startswith("{") or "\n" in text or "octokit" in text:
        return True
    return "://" in text and "{" not in text


def _json_options(text: str) -> ReadRequest:
    """Request options as JSON (restroute's JSON snippet, endpoint()'s result):
    ``{"method", "url", "headers", "body"}``, a body that is not text sent as JSON."""
    try:
        options = json.loads(text)
    except (ValueError, RecursionError) as error:
        msg = f"the text starts as JSON but is none ({str(error)[:80]}); paste it whole"
        raise EndpointError(msg) from None
    if not isinstance(options, dict) or not isinstance(options.get("url"), str):
        msg = 'the JSON is no request options: it needs at least "url" (and "method")'
        raise EndpointError(msg)
    method = options.get("method", "GET")
    request = ReadRequest(str(method).upper(), options["url"], source="json")
    request.said["method"] = f'"method": {json.dumps(method)}'
    headers = options.get("headers")
    if isinstance(headers, dict):
        request.headers = {str(k).lower(): v if isinstance(v, str) else json.dumps(v)
                           for k, v in headers.items() if v is not None}  # fmt: skip
    if "body" in options and options["body"] is not None:
        body = options["body"]
        request.body = body if isinstance(body, str) else json.dumps(body, ensure_ascii=False)
        request.said["body"] = '"body"'
    return request


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
    if len(words) == 2 and words[0].text.upper() in METHODS:
        method, words = words[0].text.upper(), words[1:]
    if len(words) != 1:
        said = " ".join(word.text for word in words)[:80]
        msg = f"{said!r} is neither a URL nor a curl command; paste one of them"
        raise EndpointError(msg)
    request = ReadRequest(method, _absolute(words[0].text))
    request.warnings += _expansions(words[0], "the URL")
    return request


def _absolute(url: str) -> str:
    """A URL with its scheme: ``api.github.com/user`` is read as https."""
    if "://" in url:
        return url
    if url.startswith("/"):  # a path alone: the API's
        return url
    return f"https://{url}"


# curl's options that take a value, and what each sets ("" for one read and left out).
_VALUED = {
    "-X": "method", "--request": "method",
    "-H": "header", "--header": "header",
    "-d": "data", "--data": "data", "--data-ascii": "data",
    "--data-raw": "raw", "--data-binary": "binary", "--data-urlencode": "urlencode",
    "--json": "json", "--url": "url",
    "-u": "user", "--user": "user",
    "-A": "agent", "--user-agent": "agent",
    "-e": "referer", "--referer": "referer",
    "-b": "cookie", "--cookie": "cookie",
    "-o": "", "--output": "", "-m": "", "--max-time": "", "--connect-timeout": "",
    "-w": "", "--write-out": "", "--retry": "",
}  # fmt: skip
# curl's options that take none and change nothing of the request.
_FLAGS = frozenset({
    "-L", "--location", "-s", "--silent", "-S", "--show-error", "-i", "--include",
    "-v", "--verbose", "--compressed", "-f", "--fail", "--fail-with-body", "-k",
    "--insecure", "-g", "--globoff", "--path-as-is", "-#", "--progress-bar", "-N",
    "--no-buffer",
})  # fmt: skip


def _clustered(words: list[Word]) -> list[Word]:
    """Short flags written together (``-sSL``) as curl reads them: one word each."""
    known = _FLAGS | {"-G", "-I"}
    split: list[Word] = []
    for word in words:
        text = word.text
        if (
            text[:1] == "-"
            and text[1:2] != "-"
            and len(text) > 2
            and all(f"-{char}" in known for char in text[1:])
        ):
            split += [Word(f"-{char}") for char in text[1:]]
        else:
            split.append(word)
    return split


def _curl(words: list[Word], before: list[Word] | None) -> ReadRequest:
    """curl's options, read as curl reads them; a body piped from ``printf`` (as
    restroute's own commands write one) is read from the printf."""
    request = ReadRequest("GET", "", source="curl")
    words = _clustered(words)
    urls: list[str] = []
    data: list[str] = []
    get = head = json = False
    removed: set[str] = set()  # curl's own headers a -H 'Name:' takes away
    at = 0
    while at < len(words):
        word = words[at]
        option = _option(word, _VALUED)
        if option in _VALUED:
            value, at = _value(words, at, option, "curl's")
            request.warnings += _expansions(value, f"curl's {option}")
            kind = _VALUED[option]
            said = f"{option} {shlex.quote(value.text)}"
            if kind == "method":
                request.method = value.text.upper()
                request.said["method"] = said
            elif kind == "header":
                removed.add(_header(request, value.text, said))
            elif kind in ("data", "raw", "binary", "urlencode", "json"):
                data.append(_data(request, kind, value.text, before))
                request.said["body"] = said if len(said) <= 60 else said[:59] + "…"
                json = json or kind == "json"
            elif kind == "url":
                urls.append(value.text)
            elif kind == "user":
                request.warnings.append(
                    "curl's -u sends user:password as basic authorization; it is left out "
                    "(add an authorization header instead)"
                )
            elif kind in ("agent", "referer", "cookie"):
                name = {"agent": "user-agent", "referer": "referer", "cookie": "cookie"}[kind]
                request.headers[name] = value.text
                request.said[f"header {name}"] = said
            else:
                request.warnings.append(f"curl's {option} {value.text} changes nothing sent")
        elif option in ("-G", "--get"):
            get = True
        elif option in ("-I", "--head"):
            head = True
        elif option in _FLAGS:
            pass
        elif option.startswith("-") and option != "-":
            request.warnings.append(f"curl's {option} is not read: it is left out")
        else:
            request.warnings += _expansions(word, "the URL")
            urls.append(word.text)
        at += 1
    if not urls:
        msg = "the curl command has no URL; paste the whole command"
        raise EndpointError(msg)
    if len(urls) > 1:
        request.warnings.append(f"curl has {len(urls)} URLs; the first is read")
    request.url = _absolute(urls[0])
    if json:
        request.headers.setdefault("content-type", "application/json")
        request.headers.setdefault("accept", "application/json")
    body = "&".join(data) if data else None
    if get and body is not None:  # -G: the data goes to the query
        request.url += ("&" if "?" in request.url else "?") + body
    elif body is not None:
        request.body = body
        if request.method == "GET":
            request.method = "POST"  # what curl sends with data and no -X
            request.said["method"] = "POST, as curl sends a body"
        if "content-type" not in removed:
            request.headers.setdefault("content-type", "application/x-www-form-urlencoded")
    if head:
        request.method = "HEAD"
    if request.body == _PIPED:
        request.body = _printed(before)
    elif isinstance(request.body, str) and _PIPED in request.body:
        request.body = request.body.replace(_PIPED, "")
        request.warnings.append("curl's body from printf is one of several; it is left out")
    return request


def _option(word: Word, valued: Mapping[str, str]) -> str:
    """The option ``word`` names: ``--name`` of ``--name=value``, ``-X`` of ``-XPOST``
    when ``-X`` takes a value (``_value`` reads it from the word), else the word."""
    text = word.text
    if text.startswith("--") and "=" in text:
        return text.partition("=")[0]
    if text[:1] == "-" and text[1:2] != "-" and len(text) > 2 and text[:2] in valued:
        return text[:2]
    return text


def _value(words: list[Word], at: int, option: str, tool: str) -> tuple[Word, int]:
    """The value of ``option``, the word at ``at`` names: written into it, or the next
    word; and where the option's words end."""
    word = words[at]
    if word.text != option:  # --name=value, -XPOST
        written = word.text[len(option) + word.text.startswith("--") :]
        return Word(written, word.expansions), at
    if at + 1 < len(words):
        return words[at + 1], at + 1
    msg = f"{tool} {option} needs a value, and the command ends there"
    raise EndpointError(msg)


def _header(request: ReadRequest, line: str, said: str) -> str:
    """``-H 'Name: value'``; ``Name;`` sends it empty, ``Name:`` removes curl's own (its
    name is returned, so that curl's own is not assumed)."""
    name, colon, value = line.partition(":")
    if colon:
        if value.strip():
            request.headers[name.strip().lower()] = value.strip()
            request.said[f"header {name.strip().lower()}"] = said
            return ""
        return name.strip().lower()
    if line.endswith(";"):
        request.headers[line[:-1].strip().lower()] = ""
        request.said[f"header {line[:-1].strip().lower()}"] = said
        return ""
    request.warnings.append(f"curl's -H {line!r} is no header (Name: value); it is left out")
    return ""


def _data(request: ReadRequest, kind: str, value: str, before: list[Word] | None) -> str:
    """One ``-d``-like value as curl sends it; a file's is named in a warning, unread."""
    if value == "@-" and kind == "binary" and _printed(before) is not None:
        return _PIPED
    if value.startswith("@") and kind != "raw":
        piped = before is not None
        where = "the pipe before curl" if value == "@-" and piped else f"the file {value[1:]}"
        request.warnings.append(
            f"curl's body comes from {where}, which is not read; the body is left out"
        )
        return ""
    if kind == "data":
        return value.replace("\n", "").replace("\r", "")  # -d drops line breaks
    if kind == "urlencode":
        name, equals, content = value.partition("=")
        return f"{name}={quote(content, safe='')}" if equals else quote(value, safe="")
    return value


_PIPED = "\x00printf\x00"  # where the body piped from printf goes, until it is read
_PRINTF_ESCAPE = re.compile(r"\\([0-7]{1,3}|.)|%(.)", re.DOTALL)
_PRINTF_CHARACTERS = {"a": b"\a", "b": b"\b", "f": b"\f", "n": b"\n", "r": b"\r", "t": b"\t",
                      "v": b"\v", "\\": b"\\"}  # fmt: skip


def _printed(before: list[Word] | None) -> str | bytes | None:
    """What ``printf FORMAT`` or ``printf '%s' TEXT`` writes (None for any other command
    or a format it would fill otherwise): text when it is UTF-8, else the bytes."""
    if before is None or before[0].text != "printf" or any(w.expansions for w in before):
        return None
    if len(before) == 3 and before[1].text == "%s":
        return before[2].text
    if len(before) != 2:
        return None
    written = bytearray()
    at = 0
    format = before[1].text
    for escape in _PRINTF_ESCAPE.finditer(format):
        written += format[at : escape.start()].encode("utf-8", "surrogateescape")
        at = escape.end()
        octal, char, percent = escape[1], escape[1], escape[2]
        if percent is not None:
            if percent != "%":
                return None  # a conversion with no argument: not restroute's
            written += b"%"
        elif octal[0] in "01234567":
            written.append(int(octal, 8) & 0xFF)
        else:
            written += _PRINTF_CHARACTERS.get(char, f"\\{char}".encode())
    written += format[at:].encode("utf-8", "surrogateescape")
    try:
        return written.decode()
    except UnicodeDecodeError:
        return bytes(written)


def _expansions(word: Word, where: str) -> list[str]:
    """A warning for each expansion a shell would make in ``word``: not made here."""
    return [
        f"{where} holds {each}, which a shell would expand; it is read as written"
        for each in word.expansions
    ]


# --- HTTPie ----------------------------------------------------------------------------

_HTTPIE_ACCEPT = "application/json, */*;q=0.5"  # what HTTPie sends with a JSON body
_HTTPIE_FLAGS = frozenset({
    "-v", "--verbose", "-h", "--headers", "-b", "--body", "-p", "--print", "-F", "--follow",
    "--pretty", "-s", "--style", "-S", "--stream", "--check-status", "--timeout", "-o",
    "--output", "-d", "--download", "--offline", "-I", "--ignore-stdin",
})  # fmt: skip
_HTTPIE_VALUED = frozenset({"-p", "--print", "--pretty", "-s", "--style", "--timeout",
                            "-o", "--output", "-a", "--auth", "-A", "--auth-type"})  # fmt: skip


def _httpie(words: list[Word], *, secure: bool) -> ReadRequest:
    """``http [METHOD] URL [items]``: ``Name:value`` a header, ``name==value`` the query,
    ``name=value`` a JSON text field, ``name:=json`` a raw JSON field (HTTPie's syntax)."""
    request = ReadRequest("GET", "", source="httpie")
    form = False
    rest: list[Word] = []
    at = 0
    while at < len(words):
        word = words[at]
        if word.text in ("-f", "--form"):
            form = True
        elif word.text in ("-j", "--json"):
            form = False
        elif word.text in _HTTPIE_VALUED or word.text.split("=")[0] in _HTTPIE_VALUED:
            if word.text in ("-a", "--auth", "-A", "--auth-type"):
                request.warnings.append(f"HTTPie's {word.text} (authentication) is left out")
            at += 0 if "=" in word.text else 1
        elif word.text in _HTTPIE_FLAGS:
            pass
        elif word.text.startswith("-"):
            request.warnings.append(f"HTTPie's {word.text} is not read: it is left out")
        else:
            rest.append(word)
        at += 1
    if len(rest) > 1 and rest[0].text.upper() in METHODS:  # a word of letters, before the URL
        request.method = rest.pop(0).text.upper()
    if not rest:
        msg = "the HTTPie command has no URL; paste the whole command"
        raise EndpointError(msg)
    url, items = rest[0], rest[1:]
    request.warnings += _expansions(url, "the URL")
    request.url = _httpie_url(url.text, secure)
    fields: dict[str, object] = {}
    query: list[str] = []
    for item in items:
        request.warnings += _expansions(item, f"the item {item.text[:40]!r}")
        _httpie_item(request, item.text, fields, query)
    if query:
        request.url += ("&" if "?" in request.url else "?") + "&".join(query)
    if fields:
        if request.method == "GET":
            request.method = "POST"  # HTTPie's default with data
        if form:
            request.body = "&".join(f"{quote(k, safe='')}={quote(str(v), safe='')}"
                                    for k, v in fields.items())  # fmt: skip
            request.headers.setdefault("content-type", "application/x-www-form-urlencoded")
        else:
            request.body = json.dumps(fields, ensure_ascii=False)
            request.headers.setdefault("content-type", "application/json")
            request.headers.setdefault("accept", _HTTPIE_ACCEPT)
    return request


def _httpie_url(url: str, secure: bool) -> str:
    """HTTPie's URL shorthands: ``:3000/x`` is localhost, no scheme is the command's."""
    if url.startswith(":"):
        url = f"localhost{url}" if url[1:2].isdigit() else f"localhost{url[1:]}"
    if "://" not in url:
        url = f"{'https' if secure else 'http'}://{url}"
    return url


def _httpie_item(request: ReadRequest, item: str, fields: dict[str, object],
                 query: list[str]) -> None:  # fmt: skip
    """One request item; the separator that comes first in it decides (as HTTPie's does)."""
    separators = [":=", "==", "=", ":", "@"]
    found = [(item.find(each), -len(each), each) for each in separators if each in item]
    if not found:
        request.warnings.append(f"{item!r} is no HTTPie item (Name:value, name==value, "
                                "name=value, name:=json); it is left out")  # fmt: skip
        return
    _, _, separator = min(found)
    name, _, value = item.partition(separator)
    if separator == ":":
        if value:
            request.headers[name.strip().lower()] = value.strip()
    elif separator == "==":
        query.append(f"{quote(name, safe='')}={quote(value, safe='')}")
    elif separator == "=":
        fields[name] = value
    elif separator == ":=":
        try:
            fields[name] = json.loads(value)
        except ValueError:
            request.warnings.append(f"{name}:= takes JSON, and {value[:40]!r} is not; "
                                    "it is read as text")  # fmt: skip
            fields[name] = value
    else:
        request.warnings.append(f"{item!r} sends a file, which is not read; it is left out")


# --- gh api ------------------------------------------------------------------------------

_GH_VALUED = {
    "-X": "method", "--method": "method", "-H": "header", "--header": "header",
    "-f": "raw", "--raw-field": "raw", "-F": "field", "--field": "field",
    "--input": "input", "-p": "preview", "--preview": "preview", "--hostname": "hostname",
    "-q": "", "--jq": "", "-t": "", "--template": "", "--cache": "",
}  # fmt: skip
_GH_FLAGS = frozenset({"-i", "--include", "--paginate", "--silent", "--verbose", "--slurp"})


def _gh(words: list[Word]) -> ReadRequest:
    """``gh api ENDPOINT``: the path under api.github.com, ``-f`` text fields, ``-F``
    typed ones (true, false, null, numbers), POST implied by a field (gh's rules)."""
    request = ReadRequest("GET", "", source="gh")
    fields: dict[str, object] = {}
    method, host, paths = "", "api.github.com", []
    at = 0
    while at < len(words):
        word = words[at]
        option = _option(word, _GH_VALUED)
        if option in _GH_VALUED:
            value, at = _value(words, at, option, "gh api's")
            request.warnings += _expansions(value, f"gh api's {option}")
            kind = _GH_VALUED[option]
            if kind == "method":
                method = value.text.upper()
            elif kind == "header":
                _header(request, value.text, f"{option} {shlex.quote(value.text)}")
            elif kind in ("raw", "field"):
                name, _, text = value.text.partition("=")
                _gh_field(fields, name, text if kind == "raw" else _gh_typed(request, text))
            elif kind == "input":
                request.warnings.append(
                    f"gh api's --input {value.text} is a file, which is not read; "
                    "the body is left out"
                )
            elif kind == "preview":
                request.headers["accept"] = f"application/vnd.github.{value.text}-preview+json"
            elif kind == "hostname":
                host = f"{value.text}/api/v3"
        elif option in _GH_FLAGS:
            pass
        elif option.startswith("-"):
            request.warnings.append(f"gh api's {option} is not read: it is left out")
        else:
            request.warnings += _expansions(word, "the endpoint")
            paths.append(word.text)
        at += 1
    if not paths:
        msg = "gh api has no endpoint; paste the whole command"
        raise EndpointError(msg)
    path = paths[0]
    for each in ("{owner}", "{repo}", "{branch}"):
        if each in path:
            request.warnings.append(f"gh fills {each} from the repository it runs in; it "
                                    "stays a placeholder here")  # fmt: skip
    request.url = path if "://" in path else f"https://{host}/{path.lstrip('/')}"
    request.method = method or ("POST" if fields else "GET")
    if fields and request.method == "GET":  # gh sends a GET's fields as the query
        pairs = "&".join(f"{quote(k, safe='')}={quote(_text(v), safe='')}"
                         for k, v in fields.items())  # fmt: skip
        request.url += ("&" if "?" in request.url else "?") + pairs
    elif fields:
        request.body = json.dumps(fields, ensure_ascii=False)
        request.headers.setdefault("content-type", "application/json")
    return request


_GH_KEY = re.compile(r"\[([^\[\]]*)\]")


def _gh_field(fields: dict[str, object], name: str, value: object) -> None:
    """``name=value`` placed as gh places it: ``a[]`` appends to the array a, ``a[b]``
    is the field b of the object a (gh's "nested parameters")."""
    head, brackets, _ = name.partition("[")
    keys = [head, *_GH_KEY.findall(name[len(head) :])] if brackets else [name]
    where: dict[str, object] = fields
    for key, after in itertools.pairwise(keys):
        inner = where.get(key)
        if after == "":  # key[]: an array of the values given
            items = inner if isinstance(inner, list) else []
            where[key] = items
            items.append(value)
            return
        if not isinstance(inner, dict):
            inner = where[key] = {}
        where = inner
    where[keys[-1]] = value


def _gh_typed(request: ReadRequest, text: str) -> object:
    """``-F``'s value as gh reads it: true, false, null and integers typed, ``@file`` a
    file (not read), anything else text."""
    if text in ("true", "false", "null"):
        return json.loads(text)
    digits = text.removeprefix("-")
    if digits.isascii() and digits.isdigit():  # not "--5", not "²"
        return int(text)
    if text.startswith("@"):
        request.warnings.append(f"-F {text} reads a file, which is not read here; "
                                "the field is sent as its name")  # fmt: skip
    return text


def _text(value: object) -> str:
    return value if isinstance(value, str) else json.dumps(value)


# --- Octokit -----------------------------------------------------------------------------

# Octokit calls read at most: their object literals are read a token at a time, 0.5 s
# for this many characters (benchmarks/bench_reader.py), and a call is rarely 2,000.
MAX_CALL = 200_000
_OCTOKIT = re.compile(r"\.request\s*(?=\()|\.rest\.(\w+)\.(\w+)\s*(?=\()")


def _octokit(text: str, call: re.Match[str]) -> ReadRequest:
    """An Octokit call: the route (or the method's name, as the catalog knows it) and its
    parameters, built by restroute as octokit's endpoint would build them; the headers
    the call gives, and the body's content-type."""
    from . import catalog, endpoint

    request = ReadRequest("GET", "", source="octokit")
    if len(text) > MAX_CALL:
        msg = f"the Octokit call is {len(text):,} characters; one of at most {MAX_CALL:,} is "
        raise EndpointError(msg + "read (paste the call, not the file around it)")
    arguments = read_call_arguments(text[call.end() :])
    route: object
    parameters: object
    if call.group(1) is not None:  # octokit.rest.issues.create({...})
        operation = catalog.find(f"{call.group(1)}.{call.group(2)}")
        if operation is None:
            msg = f"octokit.rest.{call.group(1)}.{call.group(2)} is no route GitHub documents"
            raise EndpointError(msg)
        route, parameters = operation.route, arguments[0] if arguments else {}
    else:
        route = arguments[0] if arguments else None
        parameters = arguments[1] if len(arguments) > 1 else {}
    if not isinstance(route, str) or isinstance(route, Unread):
        msg = 'the Octokit call\'s route is not text ("METHOD /path"); paste it as written'
        raise EndpointError(msg)
    if not isinstance(parameters, dict):
        msg = "the Octokit call's parameters are not an object ({ owner: ..., repo: ... })"
        raise EndpointError(msg)
    request.warnings += [
        f"{name} is code ({value[:40]}), not a value; it is left out"
        for name, value in _unread(parameters)
    ]
    given = _without_unread(parameters)
    headers = given.get("headers")
    try:
        options = endpoint(route, **given)
    except EndpointError as error:  # a placeholder whose value is code, say
        said = "; ".join([str(error), *request.warnings])
        raise EndpointError(f"the Octokit call builds no request: {said}") from None
    request.method = str(options["method"]).upper()
    request.url = str(options["url"])
    if isinstance(headers, dict):
        request.headers = {str(name).lower(): str(value) for name, value in headers.items()}
    if "body" in options:
        body = options["body"]
        request.body = body if isinstance(body, str) else json.dumps(body, ensure_ascii=False)
        request.headers.setdefault("content-type", str(options["headers"]["content-type"]))
    return request


def _unread(value: object, name: str = "") -> list[tuple[str, str]]:
    """Each value that is code, by its dotted name."""
    if isinstance(value, Unread):
        return [(name, str(value))]
    if isinstance(value, dict):
        return [found for key, item in value.items()
                for found in _unread(item, f"{name}.{key}" if name else key)]  # fmt: skip
    if isinstance(value, list):
        return [found for item in value for found in _unread(item, f"{name}[]")]
    return []


def _without_unread(value: dict[str, object]) -> dict[str, object]:
    return {key: _without_unread(item) if isinstance(item, dict) else item
            for key, item in value.items() if not isinstance(item, Unread)}  # fmt: skip
