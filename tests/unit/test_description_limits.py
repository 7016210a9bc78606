"""Descriptions made to exhaust the machine (issue 32, item 9), at a small scale that
still shows the property; tests/slow/test_description_exhaustion.py runs the attacker's
full scale. Each loads in time and memory linear in its size, or is refused with an
EndpointError that says why."""

from __future__ import annotations

import json
import os
import time
import tracemalloc
from pathlib import Path

import pytest

from restroute import EndpointError, catalog
from restroute.catalog import _sources
from restroute.rules import MAX_TEMPLATE, MAX_YAML_EXPANSION


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RESTROUTE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(_sources, "_read", {})


def alias_bomb(size: int, references: int) -> str:
    """The attacker's: one anchored string of ``size`` characters, named ``references``
    times, as each operation's description."""
    lines = ["openapi: 3.0.0", "info: {title: T, version: '1'}", f"x-big: &a {'x' * size}"]
    lines.append("paths:")
    for n in range(references):
        lines += [f"  /p{n}:", "    get:", "      description: *a"]
        lines.append("      responses: {'200': {description: ok}}")
    return "\n".join(lines) + "\n"


def one_path(url: str) -> str:
    paths = {url: {"get": {"responses": {"200": {"description": "ok"}}}}}
    return json.dumps({"openapi": "3.0.0", "info": {"title": "T", "version": "1"}, "paths": paths})


def one_id(count: int) -> str:
    """``count`` operations, every one with the same operationId."""
    get = {"operationId": "same", "responses": {"200": {"description": "ok"}}}
    paths = {f"/p{n}": {"get": get} for n in range(count)}
    return json.dumps({"openapi": "3.0.0", "info": {"title": "T", "version": "1"}, "paths": paths})


def test_an_alias_bomb_is_refused_at_once_in_little_memory(tmp_path: Path) -> None:
    """A 100 kB string named 200 times (20 MB once expanded, 200 times the file): refused
    by what its aliases expand to, before anything writes them out (the attacker's 1 MB
    named 2,000 times died with a MemoryError in the cache)."""
    path = tmp_path / "bomb.yaml"
    path.write_text(alias_bomb(100_000, 200))
    warm = tmp_path / "warm.yaml"  # the YAML reader imported first: its modules are no peak
    warm.write_text(alias_bomb(10, 2))
    catalog.load(warm)
    tracemalloc.start()
    try:
        with pytest.raises(EndpointError) as caught:
            catalog.load(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert str(caught.value) == (
        f"bomb.yaml: its aliases (*name) expand it to more than {MAX_YAML_EXPANSION} times "
        "its size (an alias bomb); write the repeated part once, or use a $ref"
    )
    assert peak < 100_000 * 200 / 5  # a fifth of the text the aliases stand for


def test_aliases_that_expand_a_little_load(tmp_path: Path) -> None:
    """A string named a few times, and a list that holds itself, are no bomb."""
    path = tmp_path / "few.yaml"
    path.write_text(alias_bomb(50, 5) + "x-loop: &l [*l, *l]\n")
    assert [op.summary for op in catalog.load(path).operations] == ["x" * 50] * 5


def test_a_template_longer_than_the_limit_is_skipped_with_its_reason(tmp_path: Path) -> None:
    """The attacker's 1 MB template took 258 MB to match; one past MAX_TEMPLATE is skipped,
    saying so, and one just under it loads in memory that does not grow with it."""
    path = tmp_path / "long.json"
    path.write_text(one_path("/" + "a" * MAX_TEMPLATE))
    loaded = catalog.load(path)
    assert loaded.operations == ()
    assert [s.reason for s in loaded.skipped] == [
        f"#/paths/~1{'a' * 20}...: a path of {MAX_TEMPLATE + 1:,} characters is longer "
        f"than restroute reads ({MAX_TEMPLATE:,}); shorten it"
    ]
    path.write_text(one_path("/{a}" * (MAX_TEMPLATE // 4 - 1)))
    tracemalloc.start()
    try:
        assert len(catalog.load(path).operations) == 1
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 100 * MAX_TEMPLATE


def test_operations_sharing_one_id_are_renamed_in_linear_time(tmp_path: Path) -> None:
    """10,000 operations sharing one operationId took 7.6 s, 4,000 distinct ones 0.09 s:
    each rename counted from 2 again. Eight times as many now take at most 16 times as
    long (linear: 8; counting again: 64), the best of three runs each (the machine is
    shared), and the names are as before: same, same~2, same~3..."""
    times = []
    for count in (500, 4_000):
        best = float("inf")
        for run in range(3):  # a text of its own each time: one loaded before is cached
            path = tmp_path / f"same{count}-{run}.json"
            path.write_text(one_id(count).replace('"title": "T"', f'"title": "T{run}"'))
            start = time.process_time()
            loaded = catalog.load(path)
            best = min(best, time.process_time() - start)
        times.append(best)
        assert [op.id for op in loaded.operations][:3] == ["same", "same~2", "same~3"]
        assert len({op.id for op in loaded.operations}) == count
    assert times[1] < 16 * times[0] + 0.05


def test_a_document_that_is_one_anchored_value_is_no_description(tmp_path: Path) -> None:
    path = tmp_path / "one.yaml"
    path.write_text("&a text\n")
    with pytest.raises(EndpointError, match=r"^one.yaml: # is no OpenAPI description"):
        catalog.load(path)


def test_a_file_that_grows_while_read_is_read_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file is read for the size it has, not for the limit (read(n) sets n bytes aside:
    256 MB for every description); one that grew since its size was taken is read on."""
    path = tmp_path / "grew.json"
    path.write_text(one_id(3))
    real_fstat = os.fstat

    def smaller(handle: int) -> os.stat_result:
        size = list(real_fstat(handle))
        size[6] = 10  # st_size: the file's first ten bytes
        return os.stat_result(size)

    monkeypatch.setattr(os, "fstat", smaller)
    assert len(catalog.load(path).operations) == 3


def test_a_rename_passes_an_id_the_description_gives_itself(tmp_path: Path) -> None:
    ids = ["a", "a~2", "a", "a", "a~3"]
    paths = {
        f"/p{n}": {"get": {"operationId": name, "responses": {"200": {"description": "ok"}}}}
        for n, name in enumerate(ids)
    }
    path = tmp_path / "ids.json"
    path.write_text(json.dumps({"openapi": "3.0.0", "info": {"title": "T", "version": "1"},
                                "paths": paths}))  # fmt: skip
    loaded = [op.id for op in catalog.load(path).operations]
    assert loaded == ["a", "a~2", "a~3", "a~4", "a~3~2"]
