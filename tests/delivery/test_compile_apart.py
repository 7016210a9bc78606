"""A description compiled in a child process (catalog.compile_apart): read, refused, stopped."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from restroute import EndpointError, catalog
from restroute.catalog import _openapi, _sources
from tests.unit.test_openapi import copied, write


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of the test's own, and no description read earlier in memory."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("RESTROUTE_CACHE", str(folder))
    monkeypatch.setattr(_sources, "_read", {})
    return folder


def test_compile_apart_reads_a_description_in_another_process(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The explorer's worker has a child process read a description into the cache (its
    parser would hold the GIL, and freeze the terminal, for seconds), then loads it warm."""
    path = copied(tmp_path)
    catalog.compile_apart(str(path))

    def unread(path: str) -> None:
        raise AssertionError(f"{path} was read again")

    monkeypatch.setattr(_openapi, "read", unread)
    assert len(catalog.load(path).operations) == 7


def test_compile_apart_stops_its_child_when_cancelled(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import time

    from restroute.catalog import _sources

    monkeypatch.setattr(_sources, "_COMPILE", "import time; time.sleep(60)")
    asked = []

    def cancelled() -> bool:
        asked.append(time.monotonic())
        return len(asked) > 1

    start = time.monotonic()
    catalog.compile_apart(str(copied(tmp_path)), cancelled)
    assert len(asked) == 2
    assert time.monotonic() - start < 5
    assert not any(p.name != "stat-index.json" for p in cache.glob("*.json"))


def test_a_description_compile_apart_cannot_read_is_said_by_the_load(
    cache: Path, tmp_path: Path
) -> None:
    path = write(tmp_path, "broken.json", '{"openapi": "3.0.0", "paths": {')
    catalog.compile_apart(str(path))
    with pytest.raises(EndpointError, match=r"^broken.json: line 1, column 32: "):
        catalog.load(path)


def test_compile_apart_takes_only_a_path_and_stops_its_child_whatever_happens(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import subprocess

    with pytest.raises(EndpointError, match=r"^catalog.compile_apart takes a path, not None"):
        catalog.compile_apart(None)  # type: ignore[arg-type]
    with pytest.raises(EndpointError, match=r"takes a path, not b'/tmp/api.json'"):
        catalog.compile_apart(b"/tmp/api.json")  # type: ignore[arg-type]

    class BytesPath:
        def __fspath__(self) -> bytes:
            return b"/tmp/api.json"

    catalog.compile_apart(BytesPath())  # type: ignore[arg-type]  # load() says what it takes
    catalog.compile_apart(str(tmp_path))  # a folder: nothing to read
    catalog.compile_apart("bad\x00path")
    monkeypatch.setattr(_sources, "_COMPILE", "import time; time.sleep(60)")
    children: list[subprocess.Popen[bytes]] = []
    spawn = subprocess.Popen

    def spawned(*args: Any, **kwargs: Any) -> subprocess.Popen[bytes]:
        children.append(spawn(*args, **kwargs))
        return children[-1]

    monkeypatch.setattr(subprocess, "Popen", spawned)
    path = tmp_path / "api.json"
    path.write_text(json.dumps({"openapi": "3.0.0", "paths": {}}))

    def broken() -> bool:
        raise ZeroDivisionError

    with pytest.raises(ZeroDivisionError):
        catalog.compile_apart(str(path), broken)
    assert children[0].poll() is not None  # stopped, not left running
