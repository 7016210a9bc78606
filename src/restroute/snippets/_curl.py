"""Request options as a curl command, safe in every POSIX shell: single quotes only, and
``printf`` for what no shell word can hold.
"""

from __future__ import annotations

from collections.abc import Mapping

from .._core.kinds import flag
from .._core.url import dot_segment
from ..errors import EndpointError
from ..redact import Reference
from ..rules import MAX_CURL_ARGUMENT, MAX_CURL_COMMAND
from ._request import _Request

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_SHELL_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_@%+=:,./-")


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
    request = _Request(options, hide=flag(redact, "to_curl", "redact"), env=env)
    _check_arguments(request)
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
        if text is not None and len(request.body) <= MAX_CURL_ARGUMENT:
            lines.append(f"--data-raw {_quote(text)}")
        else:
            piped = f"{_printf(request.body, text)} |\n"
            lines.append("--data-binary @-")
    lines.append(_shell_word(request.url))
    return piped + "curl \\\n  " + " \\\n  ".join(lines)


def _check_arguments(request: _Request) -> None:
    """Refuse a command no shell can start: curl reads each header and the URL as one
    argument, and Linux caps an argument and all of them (``MAX_CURL_ARGUMENT`` and
    ``MAX_CURL_COMMAND``). A variable's value is not counted: it is read when it runs."""
    sizes = {
        f"the header {name}": _size(f"{name}: {value.template}")
        if isinstance(value, Reference)
        else _size(f"{name}: {value}")
        for name, value in request.headers.items()
    }
    sizes["the URL"] = len(request.url)
    for what, size in sizes.items():
        if size > MAX_CURL_ARGUMENT:
            msg = f"to_curl: {what} is {size:,} bytes long, past {MAX_CURL_ARGUMENT:,} "
            msg += "(MAX_CURL_ARGUMENT), the longest a curl option is written (Linux refuses "
            msg += "an argument over 128 KiB); send it with to_python, or shorten it"
            raise EndpointError(msg)
    body = request.body
    if body is not None and len(body) <= MAX_CURL_ARGUMENT and _shell_text(body) is not None:
        sizes["the body"] = len(body)  # --data-raw: an argument too
    total = sum(sizes.values())
    if total > MAX_CURL_COMMAND:
        msg = f"to_curl: the headers, URL and body come to {total:,} bytes, past "
        msg += f"{MAX_CURL_COMMAND:,} (MAX_CURL_COMMAND), the most a curl command passes "
        msg += "(Linux caps a command's arguments at 2 MiB, its environment included); "
        msg += "send it with to_python, or send fewer headers"
        raise EndpointError(msg)


def _size(text: str) -> int:
    return len(text.encode(errors="surrogateescape"))


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
