"""Milliseconds to load the route catalog and to search it, keystroke by keystroke, and
microseconds to complete a route in the route bar.

Usage: python benchmarks/bench_catalog.py

Bars (issue 5): loading the catalog <= 15 ms; one search <= 5 ms per keystroke. Issue 12:
a search's median stays under 2 ms; one completion is well under 1 ms (1000 µs). Issue
16: loading <= 8 ms; a search's median <= 1 ms.

- "load": ``catalog.operations()`` in a fresh interpreter with ``restroute.catalog``
  already imported (the data: read, parse, build every Operation), best and median of
  ten processes, and the module's import separately.
- "search": ``catalog.search(prefix)`` for every prefix of a few queries, as a user types
  them; the first search builds the word index once, which is counted on its own.
- "complete": ``catalog.complete(prefix)`` for every prefix of a few routes, as the route
  bar asks for its suggestion at each keystroke; the first call builds the table of
  routes once, which is counted on its own.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

from restroute import catalog

PROCESSES = 10
QUERIES = ["create issue", "list pull request files", "upload release asset", "isscreat"]
ROUTES = [
    "GET /repos/{owner}/{repo}/contents/{path}",
    "post /repos/:owner/:repo/issues/:issue_number/comments",
    "/users/{username}/repos",
]
MEASURE_LOAD = """
import time
t0 = time.perf_counter()
from restroute import catalog
t1 = time.perf_counter()
catalog.operations()
t2 = time.perf_counter()
print((t1 - t0) * 1000, (t2 - t1) * 1000)
"""


def fresh_process_figures() -> tuple[list[float], list[float]]:
    """Import and load times (ms) of PROCESSES fresh interpreters."""
    imports, loads = [], []
    for _ in range(PROCESSES):
        out = subprocess.run(
            [sys.executable, "-c", MEASURE_LOAD], capture_output=True, text=True, check=True
        ).stdout
        imported, loaded = map(float, out.split())
        imports.append(imported)
        loads.append(loaded)
    return imports, loads


def keystroke_figures() -> tuple[float, list[tuple[str, float]]]:
    """The first search (index built) and each prefix's best of five searches (ms)."""
    catalog.operations()
    start = time.perf_counter()
    catalog.search("x")
    first = (time.perf_counter() - start) * 1000
    figures = []
    for query in QUERIES:
        for end in range(1, len(query) + 1):
            prefix = query[:end]
            rounds = []
            for _ in range(5):
                start = time.perf_counter()
                catalog.search(prefix)
                rounds.append((time.perf_counter() - start) * 1000)
            figures.append((prefix, min(rounds)))
    return first, figures


def completion_figures() -> tuple[float, list[float]]:
    """The first completion (tables built, ms) and each prefix's best of five (µs)."""
    catalog.operations()
    start = time.perf_counter()
    catalog.complete("GET /")
    catalog.complete("GET /:")
    first = (time.perf_counter() - start) * 1000
    figures = []
    for route in ROUTES:
        for end in range(1, len(route) + 1):
            prefix = route[:end]
            rounds = []
            for _ in range(5):
                start = time.perf_counter()
                catalog.complete(prefix)
                rounds.append((time.perf_counter() - start) * 1_000_000)
            figures.append(min(rounds))
    return first, figures


def spread(figures: list[float]) -> str:
    return f"best {min(figures):.1f} ms, median {statistics.median(figures):.1f} ms"


def main() -> None:
    imports, loads = fresh_process_figures()
    print(f"import restroute.catalog: {spread(imports)}")
    print(f"load (operations()):      {spread(loads)}  (bar 8 ms)")
    print(f"operations: {len(catalog.operations())}")
    first, figures = keystroke_figures()
    print(f"first search (builds the word index): {first:.1f} ms")
    times = [ms for _, ms in figures]
    for prefix, ms in figures:
        print(f"  search {prefix!r:28} {ms:6.2f} ms")
    print(
        f"search per keystroke: median {statistics.median(times):.2f} ms, "
        f"max {max(times):.2f} ms over {len(times)} keystrokes  (bar 5 ms)"
    )
    first, micros = completion_figures()
    print(f"first completion (builds the route tables): {first:.1f} ms")
    print(
        f"complete per keystroke: median {statistics.median(micros):.1f} µs, "
        f"max {max(micros):.1f} µs over {len(micros)} keystrokes  (bar 1000 µs)"
    )


if __name__ == "__main__":
    main()
