"""A shell command's words read as a program and its options: the program a command runs,
an option and its value, a ``-H`` header, and a warning for each expansion left in a word."""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..errors import EndpointError
from ._request import ReadRequest
from ._shell import Word

_PROMPT = re.compile(r"[$%]\s+")  # a shell's prompt, copied with the command
# What runs the command after it: sudo, time, env and the like, and NAME=value before it.
_WRAPPERS = frozenset({"sudo", "time", "env", "command", "exec", "nohup", "noglob", "doas"})
_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=")


def _without_wrappers(words: list[Word]) -> list[Word]:
    """The command's words from its program on: ``sudo -E curl``, ``time curl`` and
    ``GITHUB_TOKEN=... curl`` run curl."""
    at, wrapped = 0, False
    while at < len(words):
        text = words[at].text
        if text in _WRAPPERS or _ASSIGNMENT.match(text) or (wrapped and text.startswith("-")):
            wrapped = wrapped or text in _WRAPPERS
            at += 1
        else:
            break
    return words[at:]


def _program(words: list[Word]) -> str:
    """The name of the program a command runs: ``/usr/bin/curl`` and ``curl.exe`` run
    curl."""
    return words[0].text.rsplit("/", 1)[-1].removesuffix(".exe") if words else ""


def _next_value(words: list[Word], at: int, option: str, tool: str) -> Word:
    if at < len(words):
        return words[at]
    msg = f"{tool} {option} needs a value, and the command ends there"
    raise EndpointError(msg)


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
    return _next_value(words, at + 1, option, tool), at + 1


def _header(request: ReadRequest, line: str, said: str, tool: str) -> str:
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
    request.warnings.append(f"{tool} -H has a value with no colon, so no header (Name: "
                            "value); it is left out")  # fmt: skip
    return ""


def _expansions(word: Word, where: str) -> list[str]:
    """A warning for each expansion a shell would make in ``word``: not made here."""
    return [
        f"{where} holds {_shown(each)}, which a shell would expand; it is read as written"
        for each in word.expansions
    ]


_VARIABLE = re.compile(r"\$\{?[A-Za-z_][A-Za-z0-9_]*\}?")


def _shown(expansion: str) -> str:
    """An expansion as a message shows it: a variable by its name, a command or another
    ``${...}`` by its kind alone (what it holds may be a secret)."""
    if len(expansion) <= 40 and _VARIABLE.fullmatch(expansion):
        return expansion
    if expansion.startswith("$("):
        return "a command's output, $(...)"
    return "a command's output, `...`" if expansion.startswith("`") else "a ${...}"
