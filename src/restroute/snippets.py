"""Request options -> text a person can paste: JSON, a curl command, a Python script.

Every snippet sends exactly the request the options describe: the same method, the
request target byte for byte, each header once with its value, and the body bytes of
:func:`restroute.body_bytes`, framed by an exact content-length. The curl command is
safe in POSIX shells (sh, bash, zsh, dash) and when pasted into an interactive bash:
it uses single quotes only, never reads a local file, and pipes through ``printf``
what no shell word can hold.

Secrets are shown, redacted (``redact=True``), or written as the environment variables
they are read from (``env={"authorization": "token ${GITHUB_TOKEN}"}``), so that a copy
can be shared and still run: the command then reads ``"${GITHUB_TOKEN:?}"``, the only
double-quoted words it has, and the script ``os.environ["GITHUB_TOKEN"]``.

>>> from restroute import endpoint
>>> options = endpoint("POST /repos/{owner}/{repo}/issues", owner="octocat",
...                    repo="hello-world", title="Found a bug")
>>> print(to_curl(options))
curl \\
  -X POST \\
  -H 'accept: application/vnd.github.v3+json' \\
  -H 'user-agent: restroute/0.1.0' \\
  -H 'content-type: application/json; charset=utf-8' \\
  --data-raw '{"title":"Found a bug"}' \\
  https://api.github.com/repos/octocat/hello-world/issues
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from ._core.encoding import UNRESERVED, shown
from ._core.http import checked_headers, is_token
from ._core.options import plain
from ._core.url import authority_problem, dot_segment, is_absolute
from ._core.wire import body_bytes, check_framing
from .errors import EndpointError
from .redact import (
    Reference,
    is_secret,
    redact_fields,
    redact_headers,
    redact_url,
    referenced_headers,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["is_secret", "redact_headers", "to_curl", "to_json", "to_python"]

# Above this, a body goes through `printf ... |` rather than one argument: Linux caps
# one argument at 128 KiB, and a long argument is unreadable anyway.
_ARGUMENT_LIMIT = 64 * 1024
_SHELL_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_@%+=:,./-")


# --- the request, checked ----------------------------------------------------------------


class _Request:
    """The parts every snippet needs, checked once: a snippet never sends something else."""

    __slots__ = ("body", "headers", "method", "payload", "url")

    def __init__(
        self, options: Mapping[str, Any], hide: bool, env: Mapping[str, str] | None
    ) -> None:
        if not isinstance(options, Mapping):
            msg = f"snippets take request options (a mapping), not {type(options).__name__}"
            raise EndpointError(msg)
        method, url = options.get("method"), options.get("url")
        if not isinstance(method, str) or not is_token(method):
            msg = f"snippet: method {shown(method)} is not an HTTP token; pass request options"
            msg += " from endpoint(...)"
            raise EndpointError(msg)
        if not isinstance(url, str) or not is_absolute(url):
            msg = f"snippet: url {shown(url)} is not an absolute http(s) URL; pass request"
            msg += " options from endpoint(...)"
            raise EndpointError(msg)
        method, url = plain(method), plain(url)  # a subclass's own methods never run
        if any(c.isspace() or not c.isprintable() or not c.isascii() for c in url):
            msg = f"snippet: url {shown(url)} has whitespace, control or non-ASCII characters;"
            msg += " percent-encode them"
            raise EndpointError(msg)
        problem = authority_problem(url)
        if problem:
            raise EndpointError(f"snippet: the url {problem}")
        self.method = method.upper()
        self.url = url.partition("#")[0]  # a fragment is never sent
        route = f"{self.method} {self.url}"
        headers = checked_headers(options.get("headers") or {}, route)
        if (env is not None or hide) and "body" in options:  # its access_token, say
            options = {**options, "body": redact_fields(options["body"])}
        self.payload = options.get("body")  # the body as given (JSON's value), as shown
        self.body = body_bytes(options)
        check_framing(headers, self.body, route)
        self.headers: dict[str, Any] = headers
        if env is not None:  # a reference, or redacted: an env copy never shows a secret
            self.headers = referenced_headers(headers, env)
        elif hide:
            self.headers = redact_headers(headers)
        if env is not None or hide:
            self.url = str(redact_url(self.url))  # access_token=<REDACTED>
        if self.method == "HEAD" and self.body is not None:
            msg = f"{route}: a HEAD request has no body; drop the body"
            raise EndpointError(msg)


# --- JSON ---------------------------------------------------------------------------------


def to_json(
    options: Mapping[str, Any],
    *,
    indent: int | None = 2,
    redact: bool = False,
    env: Mapping[str, str] | None = None,
) -> str:
    """The request options as JSON; a bytes body that is not UTF-8 goes as ``body_base64``.

    With ``env``, a header it maps is written as its template, as a profile writes it
    (``"token ${GITHUB_TOKEN}"``), for whoever reads the JSON to fill in; every other
    secret is redacted.

    >>> options = {"method": "get", "url": "https://h/user",
    ...            "headers": {"authorization": "token ghp_1"}}
    >>> print(to_json(options, indent=None, redact=True))
    {"method": "get", "url": "https://h/user", "headers": {"authorization": "token <REDACTED>"}}
    >>> print(to_json(options, indent=None, env={"authorization": "token ${GH_TOKEN}"}))
    {"method": "get", "url": "https://h/user", "headers": {"authorization": "token ${GH_TOKEN}"}}
    """
    if not isinstance(options, Mapping):
        msg = f"to_json takes request options (a mapping), not {type(options).__name__}"
        raise EndpointError(msg)
    shown_options = dict(options)
    headers = options.get("headers")
    if env is not None and isinstance(headers, Mapping):
        shown_options["headers"] = {
            name: value.template if isinstance(value, Reference) else value
            for name, value in referenced_headers(headers, env).items()
        }
    elif redact and isinstance(headers, Mapping):
        shown_options["headers"] = redact_headers(headers)
    if (redact or env is not None) and "url" in options:
        shown_options["url"] = redact_url(options["url"])
    if redact or env is not None:  # the body's fields, and request.* (request.auth, say)
        for name in shown_options.keys() - {"method", "url", "headers"}:
            shown_options[name] = redact_fields(shown_options[name])
    body = options.get("body")
    if isinstance(body, bytes | bytearray | memoryview):
        try:
            shown_options["body"] = bytes(body).decode()
        except UnicodeDecodeError:
            import base64

            del shown_options["body"]
            shown_options["body_base64"] = base64.b64encode(body).decode()
    try:
        return json.dumps(shown_options, indent=indent, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as error:
        msg = f"the request options cannot become JSON: {error}; "
        msg += "keep request metadata JSON-able, or leave it out of the copy"
        raise EndpointError(msg) from None


# --- curl --------------------------------------------------------------------------------


def to_curl(
    options: Mapping[str, Any], *, redact: bool = False, env: Mapping[str, str] | None = None
) -> str:
    """A POSIX-shell curl command, one option a line, that sends exactly this request.

    With ``env`` (header name -> ``${VAR}`` template), those headers read their variables
    when the command runs, and the other secrets are redacted:

    >>> options = {"method": "get", "url": "https://h/user",
    ...            "headers": {"authorization": "token ghp_1", "accept": "*/*"}}
    >>> print(to_curl(options, env={"authorization": "token ${GITHUB_TOKEN}"}))
    curl \\
      -H 'authorization: token '"${GITHUB_TOKEN:?}" \\
      -H 'accept: */*' \\
      -H 'User-Agent:' \\
      https://h/user

    The variable alone is double-quoted: its value is then neither split, nor globbed,
    nor read again for quotes, ``$`` or backticks, in any POSIX shell, and no ``!`` is
    there for an interactive bash to expand. ``:?`` stops the command, sending nothing,
    when the variable is unset or empty, rather than send a request without the secret.

    >>> from restroute import endpoint
    >>> print(to_curl(endpoint("PUT /user/starred/{owner}/{repo}", owner="o", repo="r")))
    curl \\
      -X PUT \\
      -H 'accept: application/vnd.github.v3+json' \\
      -H 'user-agent: restroute/0.1.0' \\
      -H 'Content-Type:' \\
      --data-raw '' \\
      https://api.github.com/user/starred/o/r
    """
    request = _Request(options, hide=redact, env=env)
    lines = []
    if any(c in request.url for c in "[]{}"):
        lines.append("--globoff")  # curl would read [] and {} as URL globs
    if dot_segment(request.url, encoded=False):
        lines.append("--path-as-is")  # curl would squash the dot segments
    has_body = request.body is not None
    if request.method == "HEAD":
        lines.append("--head")  # -X HEAD makes curl wait for a body that never comes
    elif request.method != "GET" or has_body:
        lines.append(f"-X {_shell_word(request.method)}")
    lines += [_header_option(name, value) for name, value in request.headers.items()]
    for name in ("accept", "user-agent"):  # curl adds its own unless told not to
        if name not in request.headers:
            lines.append(_header_option(name.title(), None))
    piped = ""
    if request.body is not None:
        if "content-type" not in request.headers:  # curl would add a form content-type
            lines.append(_header_option("Content-Type", None))
        text = _shell_text(request.body)
        if text is not None and len(request.body) <= _ARGUMENT_LIMIT:
            lines.append(f"--data-raw {_quote(text)}")
        else:
            piped = f"{_printf(request.body, text)} |\n"
            lines.append("--data-binary @-")
    lines.append(_shell_word(request.url))
    return piped + "curl \\\n  " + " \\\n  ".join(lines)


def _header_option(name: str, value: str | Reference | None) -> str:
    """``-H 'name: value'``; ``name;`` sends an empty value, ``name:`` removes curl's own."""
    if value is None:
        return f"-H {_quote(name + ':')}"
    if isinstance(value, Reference):
        return f"-H {_shell_reference(f'{name}: ', value)}"
    return f"-H {_quote(f'{name}: {value}' if value else f'{name};')}"


# Variables that bash 5.2, dash 0.5 or zsh 5.9 set or reset themselves, whatever the
# environment holds (measured: `env NAME=x SHELL -c 'printf %s "${NAME:?}"'`, and at an
# interactive prompt), and PATH, which must find curl: none can carry a secret in.
_SET_BY_SHELLS = """
    _ ARGC BASH BASHOPTS BASHPID COLUMNS CPUTYPE EGID EPOCHREALTIME EPOCHSECONDS ERRNO
    EUID FUNCNEST GID HISTCMD HISTSIZE IFS INPUTRC KEYBOARD_HACK KEYTIMEOUT LINENO LINES
    LISTMAX MACHTYPE MAILCHECK OLDPWD OPTERR OPTIND OSTYPE PATH PPID PS1 PS2 PS4 PWD
    RANDOM SAVEHIST SECONDS SHELLOPTS SHLVL SRANDOM TRY_BLOCK_ERROR TRY_BLOCK_INTERRUPT
    TTY TTYIDLE UID USERNAME VENDOR ZLE_RPROMPT_INDENT argv cdpath fignore fpath
    histchars mailpath manpath module_path path pipestatus psvar signals status
"""
_SHELL_VARIABLES = frozenset(_SET_BY_SHELLS.split())


def _shell_reference(prefix: str, reference: Reference) -> str:
    """One shell word: the text single-quoted, each run of variables double-quoted."""
    words, variables = [], ""
    for index, part in enumerate(reference.parts):
        if index % 2:
            if part in _SHELL_VARIABLES or part.startswith(("BASH_", "ZSH_")):
                msg = f"to_curl: the shells set ${part} themselves, so a command cannot read "
                msg += "it from the environment; read the secret from another variable, "
                msg += "such as ${GITHUB_TOKEN}"
                raise EndpointError(msg)
            variables += f"${{{part}:?}}"
            continue
        text = prefix + part if index == 0 else part
        if text:
            words += [f'"{variables}"'] if variables else []
            words.append(_quote(text))
            variables = ""
    words += [f'"{variables}"'] if variables else []
    return "".join(words)


def _shell_text(body: bytes) -> str | None:
    """The body as text a shell word can hold and a terminal paste keeps, or None."""
    try:
        text = body.decode()
    except UnicodeDecodeError:
        return None
    return text if text.replace("\n", "").isprintable() else None


def _quote(text: str) -> str:
    """One single-quoted shell word: nothing inside is expanded, in any POSIX shell."""
    return "'" + text.replace("'", "'\\''") + "'"


def _shell_word(text: str) -> str:
    return text if text and set(text) <= _SHELL_BARE else _quote(text)


class _PrintfEscapes(dict[int, str]):
    """What printf's format writes for each character, worked out at first sight: printable
    text as it is, "%" and "\\" doubled, any other character as the octal of its bytes (an
    undecodable byte, escaped by surrogateescape, as its own value)."""

    def __missing__(self, code: int) -> str:
        char = chr(code)
        if char.isprintable() and char not in "%\\'":
            escape = char
        elif char in "%\\":
            escape = char * 2
        else:
            raw = bytes([code - 0xDC00]) if 0xDC80 <= code <= 0xDCFF else char.encode()
            escape = "".join(f"\\{byte:03o}" for byte in raw)
        self[code] = escape
        return escape


_PRINTF_ESCAPES = _PrintfEscapes()


def _printf(body: bytes, text: str | None) -> str:
    """A ``printf`` that writes ``body``: printable text as is, other bytes as octal."""
    if text is not None:
        return f"printf '%s' {_quote(text)}"
    # str.translate runs in C: a MiB of bytes takes milliseconds, not a second.
    format = body.decode(errors="surrogateescape").translate(_PRINTF_ESCAPES)
    if format.startswith("-"):  # printf would read it as an option
        format = "\\055" + format[1:]
    return f"printf '{format}'"


# --- Python -------------------------------------------------------------------------------

_CLIENTS = ("requests", "httpx")
# Characters each client percent-encodes again when it prepares a URL (measured):
_REWRITTEN = {
    "requests": frozenset('"<>[\\]^`{|}'),
    "httpx": frozenset('"<>'),
}
_REWRITTEN_IN_PATH = {"requests": frozenset(), "httpx": frozenset("`{}")}


def to_python(
    options: Mapping[str, Any],
    *,
    client: str = "requests",
    redact: bool = False,
    env: Mapping[str, str] | None = None,
) -> str:
    """A runnable Python script that sends exactly this request with requests or httpx.

    The body is written as a Python value and serialised to the very bytes restroute
    sends; ``json=`` is not used, since it would change them. With ``env`` (header name
    -> ``${VAR}`` template), those headers are read from ``os.environ`` when the script
    runs (a ``KeyError`` names a variable that is not set), and the other secrets are
    redacted.

    >>> from restroute import endpoint
    >>> print(to_python(endpoint("GET /users/{username}", username="octocat")))
    import requests
    <BLANKLINE>
    url = "https://api.github.com/users/octocat"
    headers = {
        "accept": "application/vnd.github.v3+json",
        "user-agent": "restroute/0.1.0",
    }
    <BLANKLINE>
    response = requests.request("GET", url, headers=headers)
    print(response.status_code)
    print(response.text)
    """
    if client not in _CLIENTS:
        msg = f"to_python: client {client!r} is not one of {', '.join(_CLIENTS)}"
        raise EndpointError(msg)
    request = _Request(options, hide=redact, env=env)
    _check_url_for(client, request.url)
    body = request.payload
    as_json = request.body is not None and not isinstance(
        body, str | bytes | bytearray | memoryview
    )
    lines = ["import json"] if as_json else []
    if any(isinstance(value, Reference) for value in request.headers.values()):
        lines.append("import os")
    lines += [""] if lines else []
    lines.append(f"import {client}")
    if client == "requests" and "user-agent" not in request.headers:
        lines.append("from urllib3.util import SKIP_HEADER")
    lines.append("")
    lines += [f"url = {_literal(request.url)}", _headers_literal(request.headers, client)]
    if as_json:
        lines += [
            f"payload = {_payload_literal(body)}",
            "body = json.dumps(",
            '    payload, ensure_ascii=False, separators=(",", ":"), allow_nan=False',
            ").encode()",
        ]
    elif isinstance(body, str):
        lines.append(f"body = {_literal(body)}.encode()")
    elif request.body is not None:
        lines.append(f"body = {_bytes_literal(request.body)}")
    lines.append("")
    data = "data" if client == "requests" else "content"
    call = f'"{request.method}", url, headers=headers'
    call += f", {data}=body" if request.body is not None else ""
    missing = [n for n in ("accept", "user-agent") if n not in request.headers]
    if client == "httpx" and missing:  # httpx sends its own unless removed from a client
        lines.append("with httpx.Client() as client:")
        lines += [f'    del client.headers["{name}"]' for name in missing]
        lines.append(f"    response = client.request({call})")
    else:
        lines.append(f"response = {client}.request({call})")
    lines += ["print(response.status_code)", "print(response.text)"]
    return "\n".join(lines)


def _payload_literal(body: object) -> str:
    try:
        return _literal(body)
    except RecursionError:
        msg = "to_python: the body is nested too deeply to write as a Python literal; "
        msg += "use to_curl or to_json, which send it as it is"
        raise EndpointError(msg) from None


def _check_url_for(client: str, url: str) -> None:
    path_and_query = url.partition("://")[2].partition("/")[2]
    path = path_and_query.partition("?")[0]
    rewritten = {c for c in path_and_query if c in _REWRITTEN[client]}
    rewritten |= {c for c in path if c in _REWRITTEN_IN_PATH[client]}
    if client == "requests":
        rewritten |= _requoted_triplets(path_and_query)
    changes = [f"re-encode {' '.join(sorted(rewritten))}"] if rewritten else []
    if client == "requests" and url.endswith("?"):
        changes.append("drop the ? that ends")
    if dot_segment(url, encoded=False):
        changes.append("remove its . and .. segments")
    if changes:
        msg = f"{client} would {' and '.join(changes)} in {url!r} and send another URL; "
        msg += "use to_curl, or another client"
        raise EndpointError(msg)


def _requoted_triplets(text: str) -> set[str]:
    """Percent-escapes requests rewrites: of unreserved characters, lowercase, or broken."""
    found = set()
    pieces = text.split("%")
    for piece in pieces[1:]:
        triplet = "%" + piece[:2]
        hex_digits = piece[:2]
        if len(hex_digits) < 2 or not all(c in "0123456789ABCDEFabcdef" for c in hex_digits):
            found.add("%")
        elif hex_digits != hex_digits.upper() or chr(int(hex_digits, 16)) in UNRESERVED:
            found.add(triplet)
    return found


def _headers_literal(headers: Mapping[str, Any], client: str) -> str:
    items = [_header_item(name, value) for name, value in headers.items()]
    if client == "requests":
        # None removes requests' own accept; urllib3 adds a user-agent unless it is told to
        # skip it (README, "Copy as curl or Python": the options' headers and no others).
        if "accept" not in headers:
            items.append('    "accept": None,')
        if "user-agent" not in headers:
            items.append('    "user-agent": SKIP_HEADER,')
    return "headers = {\n" + "\n".join(items) + "\n}" if items else "headers = {}"


_LINE = 88  # as ruff and black lay code out


def _header_item(name: str, value: str | Reference) -> str:
    """``    "name": value,``: a reference as ``os.environ[...]`` joined to its text by
    ``+`` (no f-string: the text needs no escapes of its own), laid out as ruff would."""
    if not isinstance(value, Reference):
        return f"    {_literal(name)}: {_literal(value)},"
    terms = [
        f'os.environ["{part}"]' if index % 2 else _literal(part)
        for index, part in enumerate(value.parts)
        if index % 2 or part
    ]
    line = f"    {_literal(name)}: {' + '.join(terms)},"
    if len(line) <= _LINE:
        return line
    if len(terms) == 1:  # ruff breaks the subscript
        return f'    {_literal(name)}: os.environ[\n        "{value.parts[1]}"\n    ],'
    return f"    {_literal(name)}: " + "\n    + ".join(terms) + ","


def _literal(value: object, depth: int = 0) -> str:
    """A Python literal that evaluates to ``value`` (JSON types), laid out as ruff would:
    on one line when it fits, else one item a line."""
    one_line = _literal_on_one_line(value)
    if len(one_line) <= _LINE - 12 - 4 * depth or not isinstance(value, Mapping | list | tuple):
        return one_line
    inner = "    " * (depth + 1)
    if isinstance(value, Mapping):
        items = [
            f"{inner}{_literal(k, depth + 1)}: {_literal(v, depth + 1)}," for k, v in value.items()
        ]
        return "{\n" + "\n".join(items) + "\n" + "    " * depth + "}"
    items = [f"{inner}{_literal(item, depth + 1)}," for item in value]
    return "[\n" + "\n".join(items) + "\n" + "    " * depth + "]"


def _literal_on_one_line(value: object) -> str:
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        return float.__repr__(value)
    if isinstance(value, str):
        return _string_literal(value)
    if isinstance(value, Mapping):
        pairs = (f"{_literal_on_one_line(k)}: {_literal_on_one_line(v)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    return "[" + ", ".join(map(_literal_on_one_line, value)) + "]"  # type: ignore[call-overload]


def _bytes_literal(data: bytes) -> str:
    """``b"..."``: printable ASCII as is, other bytes escaped, double quotes as ruff writes."""
    # repr() escapes in C exactly as wanted (\\t \\n \\r \\\\ \\xNN), but quotes with ' when it
    # can: then its \\' goes bare and a " gets its backslash.
    text = repr(bytes(data))
    inner = text[2:-1]
    if text[1] == "'":
        inner = inner.replace("\\'", "'").replace('"', '\\"')
    return f'b"{inner}"'


def _string_literal(text: str) -> str:
    """A double-quoted literal: JSON's escapes (valid in Python), non-printables as \\u."""
    quoted = json.dumps(text, ensure_ascii=False)
    if quoted.isprintable():
        return quoted
    return "".join(
        c if c.isprintable() else f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08x}"
        for c in quoted
    )
