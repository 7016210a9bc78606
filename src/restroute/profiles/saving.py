"""Saving a profile: its file replaced whole or not at all."""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Mapping
from pathlib import Path

from ..errors import EndpointError
from .reading import _file_path
from .writing import dump_profile

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def save_profile(path: str | Path, options: Mapping[str, Any]) -> Path:
    """Write ``options`` as a profile file (see :func:`dump_profile`).

    The file is replaced whole or not at all: a full disk or a crash mid-write leaves the
    old profile as it was, never half a file.
    """
    path = _file_path(path)
    data = dump_profile(options).encode("utf-8")
    target = Path(os.path.realpath(path))
    try:
        kind = target.stat().st_mode
    except OSError:
        kind = stat.S_IFREG  # not there yet (or unreadable: the write says why)
    if not stat.S_ISREG(kind):  # a rename over /dev/full replaced the device with a file
        msg = f"profile {str(path)!r} is not a regular file (a directory or a device); "
        msg += "save to a file's path"
        raise EndpointError(msg)
    try:
        _replace_atomically(target, data)
    except OSError as error:
        msg = (
            f"profile {str(path)!r} cannot be written: {error.strerror or error}; "
            "the file was left as it was: fix that, or save elsewhere"
        )
        raise EndpointError(msg) from None
    return path


def _replace_atomically(target: Path, data: bytes) -> None:
    """Write a sibling file, fsync it, then rename it over ``target``.

    A sibling, because a rename is atomic only within one file system. ``target`` is the
    resolved path, so a symlinked profile stays a symlink and its target is replaced.
    """
    import secrets  # here: hmac, random and base64 came with it, 3 ms of every start

    temporary = target.with_name(f".{target.name}.{secrets.token_hex(8)}.tmp")
    mode = _kept_mode(target)
    # 0o666 less the umask, the permissions a plain new file would get; O_BINARY (Windows)
    # so that no newline is translated.
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    descriptor = os.open(temporary, flags, 0o666)
    try:
        with open(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise


def _kept_mode(target: Path) -> int | None:
    """An existing profile keeps its permissions: one made private stays private."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        return None
