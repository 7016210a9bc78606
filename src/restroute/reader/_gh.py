"""A ``gh api ENDPOINT`` command: its options, and its fields typed and nested as gh
places them."""

from __future__ import annotations

import itertools
import json
import re
import shlex
from urllib.parse import quote

from ..errors import EndpointError
from ..rules import MAX_NESTING
from ._command import _expansions, _header, _option, _value
from ._request import ReadRequest, _named
from ._shell import Word
from ._url import _url_word

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
                _header(request, value.text, f"{option} {shlex.quote(value.text)}", "gh api's")
            elif kind in ("raw", "field"):
                name, _, text = value.text.partition("=")
                typed = text if kind == "raw" else _gh_typed(request, option, name, text)
                _gh_field(fields, name, typed)
            elif kind == "input":
                request.warnings.append(
                    f"gh api's --input names the file {_named(value.text)}, which is not "
                    "read; the body is left out"
                )
            elif kind == "preview":
                request.headers["accept"] = f"application/vnd.github.{value.text}-preview+json"
            elif kind == "hostname":
                host = f"{value.text}/api/v3"
        elif option in _GH_FLAGS:
            request.left_out.append((option, "gh's own: how it runs, not what it sends"))
        elif option.startswith("-"):
            request.warnings.append(f"gh api's {_named(option)} is not read: it is left out")
        else:
            paths.append(word)
        at += 1
    if not paths:
        msg = "gh api has no endpoint; paste the whole command"
        raise EndpointError(msg)
    endpoint = _url_word(paths[:1], "gh api's endpoint")
    request.warnings += _expansions(endpoint, "the endpoint")
    path = endpoint.text
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
    if len(keys) > MAX_NESTING:
        msg = f"gh api's field {_named(head)} is nested {len(keys) - 1:,} levels; no API's "
        raise EndpointError(msg + f"body is, and at most {MAX_NESTING} are read")
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


def _gh_typed(request: ReadRequest, option: str, name: str, text: str) -> object:
    """``-F``'s value as gh reads it: true, false, null and integers typed, ``@file`` a
    file (not read), anything else text."""
    if text in ("true", "false", "null"):
        return json.loads(text)
    digits = text.removeprefix("-")
    if digits.isascii() and digits.isdigit():  # not "--5", not "²"
        return int(text)
    if text.startswith("@"):
        request.warnings.append(f"gh api's {option} {_named(name)}=@... reads a file, which "
                                "is not read here; the field is sent as its name")  # fmt: skip
    return text


def _text(value: object) -> str:
    return value if isinstance(value, str) else json.dumps(value)
