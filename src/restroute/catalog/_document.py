"""A description's files read: JSON or YAML, within limits of size and nesting, and its
``$ref`` followed within the file and to files beside it."""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Iterator
from typing import Any

from ..errors import EndpointError
from ..rules import MAX_DESCRIPTION_BYTES as MAX_BYTES
from ..rules import MAX_REF_HOPS as MAX_HOPS
from ..rules import MAX_YAML_EXPANSION, MAX_YAML_NESTING


class _Skip(Exception):
    """An operation cannot be modelled: the reason."""


class _Refs:
    """The documents a description's ``$ref`` reaches: the file itself and the files beside
    it, each read once."""

    def __init__(self, path: str, folder: str) -> None:
        self.top = os.path.realpath(path)
        self.folder = folder
        self.read: dict[str, object] = {}
        # What a schema walk made of a node, by the walk and the node's identity: a node
        # reached many ways (a $ref, a YAML alias, schemas that share parts) is walked
        # once, so a description of shared parts costs its size, never their paths.
        self.walked: dict[tuple[object, ...], Any] = {}
        self.followed: dict[tuple[str, str], tuple[object, str]] = {}

    def document(self, file: str, where: str = "#") -> object:
        """The document in ``file``, which ``where`` (a JSON pointer) refers to."""
        if file not in self.read:
            self.read[file] = _load(file, self.top, where)
        return self.read[file]

    def follow(self, node: object, file: str, where: str) -> tuple[object, str]:
        """``node`` with its ``$ref`` chain followed: the node it ends at, and its file
        (a chain followed once: Graph's 20,000 operations share 60 parameters)."""
        if not isinstance(node, dict) or not isinstance(node.get("$ref"), str):
            return node, file
        key = (file, node["$ref"])
        found = self.followed.get(key)
        if found is None:
            found = self.followed[key] = self._chase(node, file, where)
        return found

    def _chase(self, node: object, file: str, where: str) -> tuple[object, str]:
        seen: set[tuple[str, str]] = set()
        while isinstance(node, dict) and isinstance(node.get("$ref"), str):
            ref: str = node["$ref"]
            target, _, pointer = ref.partition("#")
            if target:
                file = self._beside(target, file, where)
            key = (file, pointer)
            if key in seen:
                raise _Skip(f"{where}: $ref {ref!r:.80} is circular")
            if len(seen) >= MAX_HOPS:
                raise _Skip(f"{where}: $ref chain longer than {MAX_HOPS}")
            seen.add(key)
            node = _pointed(self.document(file, where), pointer, ref, where)
        return node, file

    def _beside(self, target: str, file: str, where: str) -> str:
        if "\x00" in target:
            raise _Skip(f"{where}: $ref holds a NUL, which no file's name does")
        if re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", target):
            raise _Skip(f"{where}: $ref {target!r:.80} is remote; restroute reads no network")
        path = os.path.realpath(os.path.join(os.path.dirname(file), target))
        if os.path.commonpath([path, self.folder]) != self.folder:
            msg = f"{os.path.basename(self.top)}: {where}: $ref {target!r:.80} is outside "
            msg += "the description's folder; restroute reads only files beside it"
            raise EndpointError(msg)
        return path


def _load(file: str, top: str, where: str) -> object:
    """A document, named in errors by the description and, for a file its ``$ref``
    reaches, by where it does and that file too."""
    shown = os.path.basename(file)
    if file != top:
        shown = f"{os.path.basename(top)}: {where} refers to {shown}"
    try:
        if not stat.S_ISREG(os.stat(file).st_mode):  # /dev/zero never ends, a FIFO waits
            raise EndpointError(f"{shown}: is no regular file (a device, a pipe or a folder)")
        with open(file, "rb") as handle:
            # read(n) sets n bytes aside first: asked for what the file holds, not the limit
            size = min(os.fstat(handle.fileno()).st_size, MAX_BYTES)
            data = handle.read(size + 1)
            if len(data) > size:  # it grew since: the rest, up to the limit
                data += handle.read(MAX_BYTES - size)
    except OSError as error:
        raise EndpointError(f"{shown}: cannot be read ({error.strerror or error})") from None
    if len(data) > MAX_BYTES:
        msg = f"{shown}: is over {MAX_BYTES // 2**20} MB, more than any API description known"
        raise EndpointError(msg)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        msg = f"{shown}: byte {error.start} is not UTF-8; save the description as UTF-8"
        raise EndpointError(msg) from None
    if text.lstrip()[:1] in ("{", "["):
        try:
            return json.loads(text)
        except json.JSONDecodeError as error:
            msg = f"{shown}: line {error.lineno}, column {error.colno}: {error.msg} (the "
            raise EndpointError(msg + "JSON is broken or cut short)") from None
        except ValueError:  # an integer of more digits than Python reads
            raise EndpointError(f"{shown}: holds a number too long to read") from None
        except RecursionError:
            raise EndpointError(f"{shown}: nests too deep to read") from None
    return _yaml(text, shown)


_HALF = MAX_YAML_NESTING // 2
_LONG_LINE = re.compile(rf"^[^\n]{{{_HALF},}}", re.MULTILINE)  # only one may nest that deep
_DEEP_INDICATORS = re.compile(rf" *(?:[-?] +){{{_HALF}}}")


def _nests_too_deep(text: str) -> bool:
    """Whether YAML ``text`` nests deeper than MAX_YAML_NESTING. A line nests at most
    its indentation and its ``- `` (``? ``) indicators deep, which no comment or scalar
    can fake: a line with half of either is too deep. Brackets can be faked (a ``]`` in a
    comment or a plain scalar), so past half as many of them, libyaml's own parser,
    which does not recurse, counts the depth of its events, and stops at the limit. It
    counts them too where a line's indentation and indicators together, with every
    bracket, might pass the limit (an indentation of 300, 450 indicators and 300
    brackets nest 1,050 levels deep)."""
    block = _HALF  # a shorter line's indentation and indicators are fewer characters
    for line in _LONG_LINE.finditer(text):
        if line[0].startswith(" " * _HALF) or _DEEP_INDICATORS.match(line[0]):
            return True
        # the levels it opens: at most a character each, and the mappings they hold
        block = max(block, len(line[0]) - len(line[0].lstrip(" -?")) + 2)
    if text.count("[") + text.count("{") <= MAX_YAML_NESTING - block:
        return False
    import yaml

    try:
        return _deeper_than_limit(
            yaml.parse(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        )
    except yaml.YAMLError as error:
        # libyaml may refuse a depth of its own (PyYAML 6.0.4's stops at 1,000 levels), in
        # its own words: the lines up to where it stopped are counted again by PyYAML's
        # Python parser, which has no such limit and does not recurse, so that the depth
        # is restroute's to tell, whatever the version.
        mark = getattr(error, "problem_mark", None)
        lines = mark.line + 1 if mark is not None else 0
        read = "\n".join(text.split("\n", lines)[:lines])
    try:
        return _deeper_than_limit(yaml.parse(read, Loader=yaml.SafeLoader))
    except yaml.YAMLError:
        return False  # broken: the load says where


def _deeper_than_limit(events: Iterator[object]) -> bool:
    """Whether a YAML parser's events nest deeper than MAX_YAML_NESTING."""
    import yaml

    opening = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
    closing = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
    depth = 0
    for event in events:
        kind = type(event)
        if kind in opening:
            depth += 1
            if depth > MAX_YAML_NESTING:
                return True
        elif kind in closing:
            depth -= 1
    return False


def _yaml(text: str, shown: str) -> object:
    if _nests_too_deep(text):
        raise EndpointError(f"{shown}: nests too deep to read (over {MAX_YAML_NESTING:,} levels)")
    import yaml  # only for a YAML description: JSON ones never pay its import

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        document = yaml.load(text, Loader=loader)  # a safe loader: no tag runs code
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        at = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
        problem = getattr(error, "problem", None) or "not YAML"
        msg = f"{shown}: {at}{problem} (the YAML is broken or cut short)"
        raise EndpointError(msg) from None
    except ValueError:  # an integer of more digits than Python reads
        raise EndpointError(f"{shown}: holds a number too long to read") from None
    if _ANCHOR.search(text) and _expands_past(document, MAX_YAML_EXPANSION * max(len(text), _MB)):
        msg = f"{shown}: its aliases (*name) expand it to more than {MAX_YAML_EXPANSION} times "
        raise EndpointError(
            msg + "its size (an alias bomb); write the repeated part once, or use a $ref"
        )
    return document


_MB = 2**20
# An anchor (&name), which any alias needs: after a space, a line's start or a bracket.
_ANCHOR = re.compile(r"(?:^|[\s\[{,])&[^\s,\[\]{}]", re.MULTILINE)


def _expands_past(document: object, limit: int) -> bool:
    """Whether ``document`` written out whole, every alias as what it names, is over
    ``limit`` characters (about: a string counts its length, any other value one). Each
    list and mapping is sized once, after what it holds, without recursion: the walk is
    linear in the objects loaded however often each is named. A list or mapping that holds
    itself counts one where it does (whatever reads it stops there)."""
    sizes: dict[int, int] = {}
    opened: set[int] = set()  # sized once what they hold is: those on the way down
    stack: list[tuple[Any, bool]] = [(document, False)] if _items(document) is not None else []
    while stack:
        node, ready = stack.pop()
        if id(node) in sizes or (not ready and id(node) in opened):
            continue
        items = _items(node) or []  # only lists and mappings are on the stack
        if ready:
            total = 1
            for item in items:
                size = sizes.get(id(item)) if _items(item) is not None else _size(item)
                total += 1 if size is None else size  # None: it holds itself, once
            if total > limit:
                return True
            sizes[id(node)] = total
        else:
            opened.add(id(node))
            stack.append((node, True))
            stack += [(item, False) for item in items if _items(item) is not None]
    return False


def _items(node: object) -> list[Any] | None:
    """What a list or mapping holds (keys and values), or None for any other value."""
    if isinstance(node, dict):
        return [*node, *node.values()]
    if isinstance(node, list | tuple | set):
        return list(node)
    return None


def _size(value: object) -> int:
    return len(value) if isinstance(value, str | bytes) else 1


def _pointed(document: object, pointer: str, ref: str, where: str) -> object:
    """The node a JSON pointer names (RFC 6901)."""
    node = document
    if not pointer:
        return node
    if not pointer.startswith("/"):
        raise _Skip(f"{where}: $ref {ref!r:.80} is no JSON pointer")
    for part in pointer[1:].split("/"):
        part = part.replace("%25", "%").replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            raise _Skip(f"{where}: $ref {ref!r:.80} points at nothing")
    return node
