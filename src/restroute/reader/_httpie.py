"""An HTTPie (or xh) command: ``http [METHOD] URL [items]``, its request items and
options, as HTTPie reads them."""

from __future__ import annotations

import base64
import json
import shlex
from urllib.parse import quote

from ..errors import EndpointError
from ..rules import READABLE_METHODS
from ._command import _expansions, _option, _value
from ._request import ReadRequest, _check_depth, _named, _ordinal
from ._shell import Word
from ._url import _url_word

_HTTPIE_ACCEPT = "application/json, */*;q=0.5"  # what HTTPie sends with a JSON body
# HTTPie 3's options (`http --help`): those that take a value...
_HTTPIE_VALUED = frozenset({
    "-p", "--print", "-P", "--history-print", "--pretty", "-s", "--style",
    "--format-options", "--response-charset", "--response-mime", "-o", "--output",
    "--session", "--session-read-only", "-a", "--auth", "-A", "--auth-type", "--proxy",
    "--max-redirects", "--max-headers", "--timeout", "--verify", "--ssl", "--ciphers",
    "--cert", "--cert-key", "--cert-key-pass", "--default-scheme", "--boundary", "--raw",
})  # fmt: skip
# ... and those, valued or not, that change nothing sent: read and left out in silence.
_HTTPIE_QUIET = frozenset({
    "-v", "--verbose", "-h", "--headers", "-b", "--body", "-m", "--meta", "-p", "--print",
    "-P", "--history-print", "--pretty", "-s", "--style", "--format-options",
    "--response-charset", "--response-mime", "--unsorted", "--sorted", "-S", "--stream",
    "-o", "--output", "-d", "--download", "-c", "--continue", "-q", "--quiet",
    "--check-status", "--timeout", "--max-redirects", "--max-headers", "--all", "--offline",
    "-I", "--ignore-stdin", "--debug", "--traceback", "-F", "--follow", "--verify",
    "--ssl", "--ciphers", "--path-as-is",
})  # fmt: skip
# HTTPie's item separators (httpie/cli/constants.py); those with @ read a file.
_HTTPIE_SEPARATORS = (":=@", "==@", "=@", ":@", ":=", "==", "=", ":", ";", "@")


def _httpie(words: list[Word], *, secure: bool) -> ReadRequest:
    """``http [METHOD] URL [items]``: ``Name:value`` a header, ``name==value`` the query,
    ``name=value`` a JSON text field, ``name:=json`` a raw JSON field (HTTPie's syntax)."""
    request = ReadRequest("GET", "", source="httpie")
    form, raw, rest = False, None, []
    auth: dict[str, Word] = {}  # -a's value and -A's, by kind
    at = 0
    while at < len(words):
        word = words[at]
        option = _option(word, dict.fromkeys(_HTTPIE_VALUED, ""))
        if option in ("-f", "--form", "-j", "--json"):
            form = option in ("-f", "--form")
        elif option in _HTTPIE_VALUED:
            value, at = _value(words, at, option, "HTTPie's")
            raw = value.text if option == "--raw" else raw
            if option in _HTTPIE_AUTH:
                auth[_HTTPIE_AUTH[option]] = value
            else:
                _httpie_option(request, option)
        elif option.startswith("-") and option != "-":
            _httpie_option(request, option)
        else:
            rest.append(word)
        at += 1
    if (
        len(rest) > 1 and rest[0].text.upper() in READABLE_METHODS
    ):  # a word of letters, before the URL
        request.method = rest.pop(0).text.upper()
    if not rest:
        msg = "the HTTPie command has no URL; paste the whole command"
        raise EndpointError(msg)
    url = _url_word(rest[:1], "the URL")
    request.warnings += _expansions(url, "the URL")
    request.url = _httpie_url(url.text, secure)
    _httpie_items(request, rest[1:], form=form, raw=raw)
    if "credentials" in auth:
        _httpie_auth(request, auth["credentials"], auth.get("type"))
    return request


_HTTPIE_AUTH = {"-a": "credentials", "--auth": "credentials", "-A": "type", "--auth-type": "type"}


def _httpie_auth(request: ReadRequest, credentials: Word, kind: Word | None) -> None:
    """``-a user:password`` (basic, HTTPie's default) or ``-A bearer -a TOKEN``, as HTTPie
    sends them, over any Authorization item (requests applies auth last); a user alone is
    left out, as HTTPie would ask for the password, and so is digest's."""
    scheme = (kind.text if kind is not None else "basic").lower()
    value = credentials.text
    if scheme == "bearer":
        request.headers["authorization"] = f"Bearer {value}"
    elif scheme == "basic" and ":" in value:
        token = base64.b64encode(value.encode()).decode("ascii")
        request.headers["authorization"] = f"Basic {token}"
    else:
        why = "asks for the password" if scheme == "basic" else f"answers {_named(scheme)}'s"
        request.warnings.append(f"HTTPie's -a is left out: HTTPie {why}, which is not done here")
        return
    request.said["header authorization"] = f"-a {shlex.quote(value)}"


def _httpie_option(request: ReadRequest, option: str) -> None:
    if option == "--raw":
        pass  # the body: read with the items
    elif option in _HTTPIE_QUIET:
        request.left_out.append((option, "HTTPie's own: how it runs, not what it sends"))
    else:
        request.warnings.append(f"HTTPie's {_named(option)} is not read: it is left out")


def _httpie_items(request: ReadRequest, items: list[Word], *, form: bool,
                  raw: str | None) -> None:  # fmt: skip
    """The request items, and the body they (or ``--raw``) make."""
    fields: dict[str, object] = {}
    query: list[str] = []
    for number, item in enumerate(items, 1):
        request.warnings += _expansions(item, f"HTTPie's {_ordinal(number)} item")
        _httpie_item(request, item.text, number, fields, query)
    if query:
        request.url += ("&" if "?" in request.url else "?") + "&".join(query)
    if not fields and raw is None:
        return
    if request.method == "GET":
        request.method = "POST"  # HTTPie's default with data
    if form:
        request.body = "&".join(f"{quote(k, safe='')}={quote(_form_value(v), safe='')}"
                                for k, v in fields.items())  # fmt: skip
        request.headers.setdefault("content-type", "application/x-www-form-urlencoded")
    else:
        _check_depth(fields, "HTTPie's JSON body")
        request.body = json.dumps(fields, ensure_ascii=False)
        request.headers.setdefault("content-type", "application/json")
        request.headers.setdefault("accept", _HTTPIE_ACCEPT)
    if raw is not None:
        request.body = raw
        if fields:
            request.warnings.append("HTTPie's --raw is the body: the data items are left out")


def _form_value(value: object) -> str:
    """A field's value as HTTPie sends it in a form: a text as it is, a raw JSON field's
    other value (``a:={"b": 1}``) as its JSON text, never as Python writes it."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _httpie_url(url: str, secure: bool) -> str:
    """HTTPie's URL shorthands: ``:3000/x`` is localhost, no scheme is the command's."""
    if url.startswith(":"):
        url = f"localhost{url}" if url[1:2].isdigit() else f"localhost{url[1:]}"
    if "://" not in url:
        url = f"{'https' if secure else 'http'}://{url}"
    return url


def _httpie_item(request: ReadRequest, item: str, number: int, fields: dict[str, object],
                 query: list[str]) -> None:  # fmt: skip
    """One request item; the separator that comes first in it decides (the longest of
    those there, as HTTPie's does)."""
    found = [(item.find(each), -len(each), each) for each in _HTTPIE_SEPARATORS if each in item]
    which = f"HTTPie's {_ordinal(number)} item"
    if not found:
        request.warnings.append(f"{which} is no HTTPie item (Name:value, name==value, "
                                "name=value, name:=json); it is left out")  # fmt: skip
        return
    _, _, separator = min(found)
    name, _, value = item.partition(separator)
    if "@" in separator:
        request.warnings.append(f"{which} ({_named(name)}{separator}) reads a file, which is "
                                "not read; it is left out")  # fmt: skip
    elif separator == ":":
        if value:
            request.headers[name.strip().lower()] = value.strip()
    elif separator == ";":
        if value:
            request.warnings.append(f"{which} ({_named(name)};) sends an empty header and "
                                    "has a value after the ;; it is left out")  # fmt: skip
        else:
            request.headers[name.strip().lower()] = ""
    elif separator == "==":
        query.append(f"{quote(name, safe='')}={quote(value, safe='')}")
    elif separator == "=":
        fields[name] = value
    else:
        fields[name] = _httpie_json(request, which, name, value)


def _httpie_json(request: ReadRequest, which: str, name: str, value: str) -> object:
    """``name:=json``'s value: JSON, or the text when it is none (with a warning)."""
    try:
        read = json.loads(value)
    except (ValueError, RecursionError):
        request.warnings.append(f"{which} ({_named(name)}:=) takes JSON, and its value is not "
                                "JSON; it is read as text")  # fmt: skip
        return value
    _check_depth(read, f"{which} ({_named(name)}:=)")
    return read
