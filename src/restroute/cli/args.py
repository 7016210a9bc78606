"""What every command shares: the parser whose errors are one line, the argument types
(items, headers, counts, ports), the --profile and --catalog options, and printing."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import NoReturn

from .._core.encoding import printable
from .._rows import parse_value
from ..errors import EndpointError
from ..profiles import Profile, load_profile
from ..redact import (
    hide_values,
    masked_shapes,
    name_shown,
    redact_message,
    redacted_value,
    secret_values,
    unparted_shown,
)
from ..rules import MAX_NESTING, json_too_deep

# Where an item splits: the first of these in it, the longer at the same place (HTTPie).
_SEPARATOR = re.compile(r"==|:=|=|:|@")
_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")  # an HTTP header name (RFC 9110 token)
_ITEM_FORMS = "key=value, key:=json, key==text, Name:value or field@path"


class UsageError(Exception):
    """Bad input the library does not name itself: a malformed argument, an unreadable
    profile, a value nested too deeply for Python to read or to write."""


class _Parser(argparse.ArgumentParser):
    """Errors are one line (raised as UsageError); a subcommand's own options and
    positionals may come in any order (``build ROUTE -f curl owner=o``)."""

    intermixed = False  # set on the subcommands: argparse cannot intermix a subparsers action
    _parsing = False

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        # The subparsers action calls this on the subcommand's parser; the intermixed
        # parse calls it back (twice), and those calls parse as usual.
        if not self.intermixed or self._parsing:
            return super().parse_known_args(args, namespace)
        self._parsing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._parsing = False

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see {self.prog} --help)")


def quoted(text: str, width: int = 40) -> str:
    """``text`` quoted for a one-line message, every credential in it hidden first (by
    its shape: redact's rule), then cut short when long: a cut token has no shape left.

    >>> print(quoted("a=" + "[" * 100))
    'a=[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[…'
    >>> print(quoted("q=ghp_" + "A" * 36))
    'q=<REDACTED>'
    """
    return _quote(redact_message(text), width)


def _quote(text: str, width: int = 40) -> str:
    """``text`` quoted as it is (its secrets hidden already), cut short when long."""
    return repr(text if len(text) <= width else text[:width] + "…")


def say(kind: str, message: object, secrets: Iterable[str] = ()) -> None:
    """One line on stderr, ``restroute: KIND: MESSAGE``: each of ``secrets`` hidden in it
    (``secret_values``' texts) and every token's shape (a description's text it quotes),
    and each character a terminal would obey, or that reorders what follows (ESC, BEL,
    U+009B, U+202E), escaped (API.md section 9)."""
    shown = masked_shapes(hide_values(str(message), secrets))
    print(f"restroute: {kind}: {printable(shown)}", file=sys.stderr)


def escaped(text: str) -> str:
    """Lines made from input (a listing, a table) as a terminal gets them: each control
    character or bidi override escaped (``\\x1b``, ``\\u202e``), the newlines kept.

    >>> print(escaped("a\\x1b[2J\\nb\\u202e"))
    a\\x1b[2J
    b\\u202e
    """
    return "\n".join(map(printable, text.split("\n")))


def item(text: str) -> tuple[str, object]:
    """One parameter item as a row (a dotted name and a value): ``key=value`` (JSON if it
    parses, else text), ``key:=json`` (JSON only), ``key==text`` (text only) or
    ``Name:value`` (a header); ``field@path``, a file to send in a multipart form.

    >>> [item(t) for t in ("n=42", "n:=[1]", "n==42", "Accept: a/b", "url=http://x")]
    [('n', 42), ('n', [1]), ('n', '42'), ('headers.accept', 'a/b'), ('url', 'http://x')]
    >>> item("avatar@me.png")
    ('avatar', PosixPath('me.png'))
    """
    found = _SEPARATOR.search(text)
    if found is None or found.start() == 0:
        msg = f"parameter {quoted(unparted_shown(text))} is not {_ITEM_FORMS}"
        raise UsageError(msg)
    key, separator, value = text[: found.start()], found[0], text[found.end() :]
    # what an error shows: a secret's value hidden by its name, any other by its shape; the
    # key as a view shows a name (a value typed after a secret's name in it hidden too)
    value_shown = str(redacted_value(key if "=" in separator else f"headers.{key}", value))
    name = str(name_shown(key))
    shown = _quote(f"{name}{separator}{value_shown}")
    if separator in ("=", ":=") and json_too_deep(value):  # JSON, too deep: only then
        msg = f"parameter {shown}: the JSON is nested too deep: more than {MAX_NESTING} "
        raise UsageError(msg + "levels of lists or objects inside each other; flatten it")
    try:
        if separator == "=":
            return row(key, parse_value(value))
        if separator == ":=":
            return row(key, json.loads(value))
    except (ValueError, RecursionError) as error:  # deep and no JSON: it does not close
        why = error if isinstance(error, ValueError) else "its brackets do not close"
        msg = f"parameter {shown}: {quoted(value_shown)} is not JSON ({why}); "
        msg += f"write {name}=... or {name}==... for text"
        raise UsageError(msg) from None
    if separator == "==":
        return row(key, value)
    if separator == "@":
        if not value:
            raise UsageError(f"parameter {shown}: give the file's path after @")
        return key, Path(value)
    if _TOKEN.fullmatch(key) is None:
        msg = f"parameter {shown} is not {_ITEM_FORMS} ({_quote(name)} is no header name)"
        raise UsageError(msg)
    return row(f"headers.{key}", value.strip())


def typed_secrets(
    argv: Sequence[str], args: argparse.Namespace | None = None, known: Sequence[str] = ()
) -> tuple[str, ...]:
    """The secrets a command's own words carry (``secret_values``: a credential in any
    word, by its shape, as argparse repeats a word it refuses) and, once they are read,
    its items, headers and base URL (by their names), and ``known`` ones (the values its
    profiles read from the environment): what its errors and warnings hide wherever they
    repeat them."""
    words = {f"word {at}": word for at, word in enumerate(argv)}
    if args is None:
        return secret_values(words, known)
    rows = [row(f"headers.{name}", value) for name, value in getattr(args, "headers", [])]
    for text in getattr(args, "items", []):
        with contextlib.suppress(UsageError):  # said by the command itself
            rows.append(item(text))
    values = {name: value for name, value in rows if not isinstance(value, Path)}
    if getattr(args, "base_url", None) is not None:
        values["base_url"] = args.base_url
    return secret_values({**words, **values}, known)


def row(name: str, value: object) -> tuple[str, object]:
    """A row; a header's name in lower case, as it is sent (so a repeat is seen as one)."""
    outer, dot, inner = name.partition(".")
    return (f"headers.{inner.lower()}", value) if outer == "headers" and dot else (name, value)


def header(text: str) -> tuple[str, str]:
    """``'name: value'`` as curl and HTTPie write it."""
    name, colon, value = text.partition(":")
    if not colon or not name.strip():  # authorization token t, x-api-key;t: no colon
        msg = f"header {quoted(unparted_shown(text))} is not 'name: value'"
        raise argparse.ArgumentTypeError(msg)
    return name.strip(), value.strip()


def positive(text: str) -> int:
    """A count: a whole number above 0."""
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        msg = f"{quoted(text)} is not a whole number above 0"
        raise argparse.ArgumentTypeError(msg)
    return number


def port(text: str) -> int:
    """A TCP port to listen on: 1 to 65535."""
    try:
        number = int(text)
    except ValueError:
        number = 0
    if not 0 < number < 65536:
        msg = f"{quoted(text)} is not a port (1 to 65535)"
        raise argparse.ArgumentTypeError(msg)
    return number


def catalog_option(parser: argparse.ArgumentParser) -> None:
    """--catalog: the API whose routes a command knows."""
    parser.add_argument(
        "--catalog",
        metavar="FILE|NAME",
        help="the API: the path of an OpenAPI 3 description (JSON or YAML), or a bundled "
        "catalog: github (the default), ghec, ghes-3.17, ghes-3.18, ghes-3.19, "
        "github@2026-03-10, ghec@2026-03-10",
    )


def _no_files(values: list[tuple[str, object]]) -> list[tuple[str, object]]:
    """The values, when none is a file (``field@path``): the explorer has no file rows."""
    for name, value in values:
        if isinstance(value, Path):
            msg = f"{name_shown(name)}@{value}: a file is sent by `restroute build --catalog`, "
            raise UsageError(msg + "for a route whose body is multipart/form-data")
    return values


def profile_option(parser: argparse.ArgumentParser, *, dest: str = "more") -> None:
    """--profile, on the command and on each subcommand (a subcommand's add to the list:
    argparse gives a subcommand a namespace of its own, hence a dest of its own)."""
    parser.add_argument(
        "-p",
        "--profile",
        dest=dest,
        metavar="FILE",
        action="append",
        default=[],
        help="a TOML profile of defaults (repeatable; later ones win)",
    )


def _profile(path: str) -> Profile:
    """A profile, or one line that says why not (load_profile's own errors as they are)."""
    try:
        return load_profile(path)
    except EndpointError:
        raise
    except RecursionError:
        msg = f"profile {path!r} is nested too deeply to read; flatten it"
        raise UsageError(msg) from None
    except (ValueError, OSError) as error:
        msg = f"profile {path!r} cannot be read: {error}"
        raise UsageError(msg) from None


def _print(text: str) -> int:
    """Print ``text``; a reader that stops early (``| head``) ends the command quietly."""
    try:
        print(text, flush=True)
    except BrokenPipeError:
        # Python flushes stdout again at exit: point it at nothing, or that flush fails too.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return 1
    return 0


def _source(args: argparse.Namespace, profiles: list[Profile]) -> str | None:
    """The catalog a command uses: --catalog's, else the last profile's that names one."""
    if getattr(args, "catalog", None) is not None:
        return str(args.catalog)
    return next((p.catalog for p in reversed(profiles) if p.catalog), None)
