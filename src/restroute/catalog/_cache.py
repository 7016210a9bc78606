"""Descriptions read before, kept compiled in the user's cache folder, by their hash.

Reading GitHub's 13 MB description takes 0.4 s; its compiled catalog, 1 MB, reads back
in about 25 ms. An entry is found by the SHA-256 of the description's bytes (and of each
file its ``$ref`` reaches), so an edited file is read again; a file's hash is kept with
its size and modification time, as git keeps them, so a warm load reads no 13 MB at all.
Nothing secret is in a description, and a cache that cannot be written (a read-only home,
a full disk) costs only the next load's time.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import time
import zlib

from .._version import __version__
from ..rules import MAX_DESCRIPTION_BYTES as MAX_BYTES
from ._model import Description, Operation, Parameter, Skipped

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_HASH = re.compile(r"[0-9a-f]{64}")  # a SHA-256: an entry's name holds nothing else
# How recently a file may have changed and still be indexed: coarser than any file
# system's clock (FAT's is 2 s).
RACY_NS = 3_000_000_000
FORMAT = 4  # of an entry, with restroute's version part of every entry's name (4: tokens hidden)
_REQUIRED = object()  # a field's default when it has none: every value differs from it
_OP_DEFAULTS = {
    name: Operation._field_defaults.get(name, _REQUIRED)
    for name in Operation._fields
    if name != "parameters"
}
_PARAM_DEFAULTS = {
    name: Parameter._field_defaults.get(name, _REQUIRED) for name in Parameter._fields
}
_TUPLES = frozenset({"enum", "examples", "formats"})


def folder() -> str:
    """The folder entries go in: ``$RESTROUTE_CACHE``, else the platform's cache folder
    for restroute (``~/.cache/restroute/catalogs`` by the XDG rule)."""
    chosen = os.environ.get("RESTROUTE_CACHE")
    if chosen:
        return chosen
    from platformdirs import user_cache_dir

    return os.path.join(user_cache_dir("restroute"), "catalogs")


def digest(path: str) -> str:
    """The SHA-256 of a file, taken from the stat index when the file has not changed.

    A file written within RACY_NS of now is hashed but not indexed: written again in the
    same tick of its clock, it would keep its size, times and inode with other bytes (git's
    "racily clean" entries)."""
    status = os.stat(path)
    if not stat.S_ISREG(status.st_mode):  # an entry naming /dev/zero, say: never read
        raise OSError(f"{path} is no regular file")
    stamp = [status.st_size, status.st_mtime_ns, status.st_ctime_ns, status.st_ino]
    index_path = os.path.join(folder(), "stat-index.json")
    index = _json_file(index_path)
    known = index.get(path) if isinstance(index, dict) else None
    if (
        isinstance(known, list)
        and len(known) == 5
        and known[:4] == stamp
        and _HASH.fullmatch(str(known[4]))
    ):
        return str(known[4])
    import hashlib  # only for a file not hashed before: a warm load reads the index

    with open(path, "rb") as file:
        found = hashlib.file_digest(file, "sha256").hexdigest()
    if time.time_ns() - max(status.st_mtime_ns, status.st_ctime_ns) > RACY_NS:
        index = index if isinstance(index, dict) else {}
        if len(index) > 1000:
            index.clear()
        index[path] = [*stamp, found]
        _write(index_path, json.dumps(index))
    return found


def cached(path: str) -> Description | None:
    """The description at ``path`` as it was compiled, or None when it was not (or it,
    or a file it refers to, has changed since)."""
    try:
        entry = _json_file(_entry_path(digest(path)), checked=True)
        if not isinstance(entry, dict) or entry.get("format") != FORMAT:
            return None
        if not isinstance(entry["files"], dict):
            return None
        for other, hashed in entry["files"].items():
            if digest(other) != hashed:
                return None
        return _described(entry)
    except (OSError, ValueError, LookupError, TypeError, AttributeError, RecursionError):
        return None  # unreadable, damaged, or written by another version: read it again


def has_entry(path: str) -> bool:
    """Whether the description at ``path`` has an entry (not whether it reads back)."""
    try:
        return os.path.isfile(_entry_path(digest(path)))
    except (OSError, ValueError):
        return False


def keep(path: str, described: Description, files: list[str]) -> None:
    """Compile ``described`` into the cache; silently nothing when it cannot be written."""
    with contextlib.suppress(OSError, ValueError):
        others = {other: digest(other) for other in files if other != path}
        entry = {
            "format": FORMAT,
            "files": others,
            "title": described.title,
            "version": described.version,
            "base_url": described.base_url,
            "skipped": [[s.method, s.url, s.reason] for s in described.skipped],
            "secrets": list(described.secrets),
            **_compiled(described.operations),
        }
        text = json.dumps(entry, ensure_ascii=False, separators=(",", ":"))
        _write(_entry_path(digest(path)), f"{zlib.crc32(text.encode()):08x}\n{text}")


def _entry_path(hashed: str) -> str:
    return os.path.join(folder(), f"{hashed}-{FORMAT}-{__version__}.json")


def _json_file(path: str, *, checked: bool = False) -> object:
    """The JSON in a file, or None. ``checked``: the file starts with the CRC-32 of the
    rest, on a line of its own, and it must match: a damaged or hand-edited entry is read
    past, never loaded to fail in a form later (a CRC costs 0.3 ms a MB; SHA-256's
    import alone, 4.6 ms)."""
    try:  # not blocking on a FIFO, and reading no device: an entry is a regular file
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(handle, "rb") as file:
            if not stat.S_ISREG(os.fstat(handle).st_mode):
                return None
            data = file.read(MAX_BYTES + 1)
    except OSError:
        return None
    if len(data) > MAX_BYTES:
        return None
    if checked:
        crc, _, data = data.partition(b"\n")
        if crc != b"%08x" % zlib.crc32(data):
            return None
    try:
        return json.loads(data)
    except (ValueError, RecursionError):
        return None


def _write(path: str, text: str) -> None:
    """Write whole or not at all: another process may read it at the same moment."""
    import tempfile  # only to write: a warm load never does

    os.makedirs(os.path.dirname(path), exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=os.path.dirname(path), suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _compiled(operations: tuple[Operation, ...]) -> dict[str, object]:
    """The operations as JSON, each parameter written once and named by its place."""
    table: dict[str, int] = {}
    places: dict[int, int] = {}  # a parameter object's place: operations share objects
    shared: list[dict[str, object]] = []
    written = []
    for op in operations:
        entry = {
            name: getattr(op, name)
            for name, default in _OP_DEFAULTS.items()
            if getattr(op, name) != default or name in ("id", "method", "url")
        }
        keys = []
        for param in op.parameters:
            if id(param) not in places:
                # Equal parameters are written once. repr tells True from 1 and 1.0, as
                # JSON does; two equal dicts in another order are only written twice.
                text = repr(tuple(param))
                if text not in table:
                    table[text] = len(shared)
                    shared.append(
                        {
                            name: getattr(param, name)
                            for name, default in _PARAM_DEFAULTS.items()
                            if getattr(param, name) != default
                            or name in ("name", "location", "type")
                        }
                    )
                places[id(param)] = table[text]
            keys.append(places[id(param)])
        entry["parameters"] = keys
        written.append(entry)
    return {"parameters": shared, "operations": written}


def _described(entry: dict[str, Any]) -> Description:
    params = [Parameter(**_tuples(raw)) for raw in entry["parameters"]]
    operations = []
    for raw in entry["operations"]:
        raw["parameters"] = tuple([params[at] for at in raw["parameters"]])
        operations.append(Operation(**_tuples(raw)))
    skipped = tuple(Skipped(*row) for row in entry["skipped"])
    return Description(
        entry["title"],
        entry["version"],
        entry["base_url"],
        tuple(operations),
        skipped,
        secrets=tuple(entry["secrets"]),
    )


def _tuples(raw: dict[str, Any]) -> dict[str, Any]:
    for name in _TUPLES.intersection(raw):
        raw[name] = tuple(raw[name])
    return raw
