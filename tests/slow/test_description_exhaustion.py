"""The attacker's descriptions at full scale (issue 32, item 9): each loads or is refused
in under 20 s of CPU and 1.5 GB of memory (tests/unit/test_description_limits.py shows
the same at a small scale)."""

from __future__ import annotations

import resource
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from restroute import EndpointError, catalog
from restroute.catalog import _openapi, _sources
from tests.unit.test_description_limits import alias_bomb, one_id, one_path

CPU_SECONDS = 20
MEMORY = 1.5 * 2**30


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RESTROUTE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(_sources, "_read", {})


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def measured(run: Callable[[], object]) -> Iterator[float]:
    """CPU seconds and peak bytes traced while ``run`` runs (an EndpointError is an answer)."""
    tracemalloc.start()
    start = _cpu()
    try:
        run()
    except EndpointError:
        pass
    finally:
        cpu, peak = _cpu() - start, tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    yield cpu
    yield peak


def test_a_one_megabyte_string_named_two_thousand_times_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bomb.yaml"
    path.write_text(alias_bomb(1_000_000, 2_000))
    with pytest.raises(EndpointError, match=r"^bomb.yaml: its aliases \(\*name\) expand it"):
        catalog.load(path)
    cpu, peak = measured(lambda: catalog.load(path))
    assert cpu < CPU_SECONDS
    assert peak < MEMORY


def test_a_one_megabyte_template_is_skipped_and_matched_in_no_memory(tmp_path: Path) -> None:
    path = tmp_path / "long.json"
    for url in ("/" + "a" * 1_000_000, "/{a}" * 250_000):
        path.write_text(one_path(url))
        cpu, peak = measured(lambda: catalog.load(path))
        assert cpu < CPU_SECONDS
        assert peak < MEMORY
        # the match itself, as a shorter path's is: no memory per character (was 258 MB)
        tracemalloc.start()
        try:
            assert _openapi._PLAIN_TEMPLATE.fullmatch(url)
            extra = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert extra < 1_000_000


def test_ten_thousand_operations_sharing_one_id(tmp_path: Path) -> None:
    """7.6 s of CPU before, and growing with the square of the count."""
    path = tmp_path / "same.json"
    path.write_text(one_id(10_000))
    cpu, peak = measured(lambda: catalog.load(path))
    assert cpu < 5  # measured: 0.1 s, 1.9 s while tracemalloc traces
    assert peak < MEMORY
