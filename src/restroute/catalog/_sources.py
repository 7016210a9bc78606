"""Where a catalog comes from: a bundled one by name, or an OpenAPI description's file."""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable

from .._core.encoding import safe_repr
from .._core.kinds import honest
from ..errors import EndpointError
from ..redact import declare_secrets
from ..rules import MAX_DESCRIPTION_BYTES as MAX_BYTES
from ._catalog import Catalog, github, product
from ._data import product_names

# A bundled catalog's name, never a file's: github, ghec, ghes-3.19, github@2026-03-10.
BUNDLED_NAME = re.compile(r"(?:github|ghec|ghes-[0-9]+\.[0-9]+)(?:@[0-9]{4}-[0-9]{2}-[0-9]{2})?")


def bundled() -> tuple[str, ...]:
    """Every bundled catalog's name: GitHub's, GHEC's, GHES's, and their versions."""
    return ("github", *product_names())


_ALIASES = {"api.github.com": "github"}
# Descriptions read, by the name given and the file's real path, size, times and inode
# (a file rewritten at the same size and modification time has a new change time): a
# catalog named twice (a profile and --catalog, the explorer's switcher) is read
# once, and a file named two ways (tests/x.yaml, /work/tests/x.yaml) is read once too.
_Stamp = tuple[str, int, int, int, int]
_read: dict[tuple[str, str, int, int, int, int], Catalog] = {}


def _stamp(name: str, status: os.stat_result) -> _Stamp:
    """What tells a file's bytes read before: its real path, size, times and inode."""
    real = os.path.realpath(name)
    return real, status.st_size, status.st_mtime_ns, status.st_ctime_ns, status.st_ino


def _read_before(key: _Stamp) -> Catalog | None:
    """The catalog read from these very bytes, under whichever name, or None."""
    return next((api for (_, *other), api in _read.items() if tuple(other) == key), None)


def load(source: str | os.PathLike[str]) -> Catalog:
    """The catalog ``source`` names: ``github`` (GitHub's, bundled), or the path of an
    OpenAPI 3.0 or 3.1 description, JSON or YAML.

    >>> load("github").find("GET /user").id
    'users/get-authenticated'
    """
    source = honest(source, "catalog.load")
    if not isinstance(source, str | os.PathLike):
        msg = f"catalog.load takes a name or a path, not {safe_repr(source)}; pass 'github' "
        raise EndpointError(msg + "or the path of an OpenAPI description")
    try:
        name = os.fspath(source)
    except Exception:  # a PathLike whose __fspath__ raises, or gives no text
        name = None
    if not isinstance(name, str) or "\x00" in name:
        raise EndpointError(f"catalog.load: {safe_repr(source)} is no path; pass a path as text")
    name = str.__str__(name)  # a str subclass's own methods never run
    name = _ALIASES.get(name, name)
    if name == "github":
        return github()
    if BUNDLED_NAME.fullmatch(name):
        found = product(name)
        if found is None:
            msg = f"{name} is no bundled catalog; pass one of {', '.join(bundled())}, or "
            raise EndpointError(msg + "the path of an OpenAPI description")
        return found
    try:
        status = os.stat(name)
    except (OSError, ValueError) as error:  # missing, unreadable, a lone surrogate
        what = "no such file" if isinstance(error, FileNotFoundError) else "cannot be read"
        msg = f"{name!r}: {what}; pass the path of an OpenAPI description, or one of "
        raise EndpointError(msg + ", ".join(bundled())) from None
    if not stat.S_ISREG(status.st_mode):  # /dev/zero never ends, a FIFO waits
        msg = f"{name!r}: is no regular file (a folder, a device or a pipe); pass "
        raise EndpointError(msg + "the path of an OpenAPI description")
    if status.st_size > MAX_BYTES:
        msg = f"{name!r}: is over {MAX_BYTES // 2**20} MB, more than any API description"
        raise EndpointError(msg)
    key = _stamp(name, status)
    if (name, *key) not in _read:
        same = _read_before(key)
        for older in [k for k in _read if k[1] == key[0] and tuple(k[2:]) != key[1:]]:
            del _read[older]  # the file's bytes before it was rewritten: 100 MB at 20,000
        if len(_read) >= 8:
            _read.clear()
        _read[name, *key] = _named(name, key[0], same)
    return _read[name, *key]


def _named(name: str, path: str, same: Catalog | None) -> Catalog:
    """The catalog of the description at ``path``, named as it was given (messages and
    ``--catalog`` say it so): the one read under another name, sharing its operations and
    indexes, or else read from the compiled cache, or else from the file."""
    if same is not None:
        api = Catalog(
            name, same.operations, title=same.title, version=same.version,
            base_url=same.base_url, source=path, skipped=same.skipped,
        )  # fmt: skip
        api.memo = same.memo
        return api
    from . import _cache

    described = _cache.cached(path)
    if described is None:
        from ._openapi import read

        described = read(name)
        _cache.keep(path, described, list(described.files))
    declare_secrets(described.secrets)
    return Catalog(
        name,
        described.operations,
        title=described.title,
        version=described.version,
        base_url=described.base_url,
        source=path,
        skipped=described.skipped,
    )


# The child compile_apart runs: read the description into the cache, and say nothing (the
# load after it says what is wrong).
_COMPILE = """
import sys
from restroute.catalog import load
try:
    load(sys.argv[1])
except Exception:
    sys.exit(1)
"""


def compile_apart(source: str, cancelled: Callable[[], bool] = lambda: False) -> None:
    """Read the description at ``source`` into the compiled cache in a process of its own,
    unless it is there already, so that ``load(source)`` is warm after it. Reading holds
    Python's GIL for a second or more at a time (libyaml's parser, json.loads of 46 MB):
    a thread beside a terminal UI would freeze it that long, which a warm load of the
    same description does for a tenth of it. A description that cannot be read raises
    nothing here (the load after says why); a source that is no path is an EndpointError.
    ``cancelled`` is asked every 50 ms; the child is stopped when it says so, raises, or
    the wait is interrupted."""
    if not isinstance(source, str | os.PathLike):
        msg = f"catalog.compile_apart takes a path, not {safe_repr(source)}; pass the path of "
        raise EndpointError(msg + "an OpenAPI description")
    try:
        name = os.fspath(source)
    except Exception:  # a PathLike whose __fspath__ raises: load() says what it takes
        return
    if not isinstance(name, str) or BUNDLED_NAME.fullmatch(name) or name in _ALIASES:
        return  # bytes, say: load() says what it takes
    name = str.__str__(name)
    try:
        status = os.stat(name)
    except (OSError, ValueError):
        return
    if not stat.S_ISREG(status.st_mode):
        return
    from . import _cache

    key = _stamp(name, status)
    if _read_before(key) is not None or _cache.has_entry(key[0]):
        return
    import subprocess
    import sys

    child = subprocess.Popen(
        [sys.executable, "-c", _COMPILE, name],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        while child.poll() is None:
            if cancelled():
                return
            try:
                child.wait(timeout=0.05)
            except subprocess.TimeoutExpired:
                continue
    finally:  # cancelled, or the question raised, or ctrl+c: the child goes too
        if child.poll() is None:
            child.kill()
            child.wait()
