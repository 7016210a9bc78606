"""Nanoseconds per call of restroute.endpoint for the cases in cases.json.

Usage: python benchmarks/bench_endpoint.py [--json] [--floor]

Each case runs in a loop after a warm-up; the figure is the best of five
rounds (the least disturbed by the rest of the machine), and the spread is the
worst round over the best. ``--floor`` times the hand-written functions of
naive_floor.py on the same input instead. ``--json`` prints
{name: [best ns, worst ns]} for compare_octokit.sh.

A case with "fresh" names keys whose values change on every call (the i-th call
appends i, from a pool bigger than any memo), so that nothing seen before helps.
"""

from __future__ import annotations

import itertools
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from restroute import Endpoint, endpoint

sys.path.insert(0, str(Path(__file__).parent))
from naive_floor import FLOOR

CASES = Path(__file__).with_name("cases.json")
ROUNDS = 5
TARGET_SECONDS_PER_ROUND = 0.2
POOL = 1 << 16  # fresh options: more than any memo keeps (octokit_bench.mjs makes the same)


def fresh_pool(options: dict[str, Any], keys: list[str]) -> list[dict[str, Any]]:
    """The options of call i: each key's value with i appended (a number has i added)."""
    return [
        {
            **options,
            **{
                key: options[key] + (i if options[key].__class__ is int else str(i))
                for key in keys
            },
        }
        for i in range(POOL)
    ]


def case_function(case: dict[str, Any], floor: bool = False) -> Callable[[], object]:
    """The zero-argument call that one case measures."""
    base: Endpoint = endpoint
    for layer in case.get("defaults", []):
        base = base.defaults(layer)
    route, options = case["args"]
    kind = case.get("kind", "call")
    if kind == "parse":
        options = base.merge(route, options)
    if floor:
        naive = FLOOR[case["name"]]
        call: Callable[[Any], object] = naive
    elif kind == "merge":
        call = lambda o: base.merge(route, o)  # noqa: E731
    elif kind == "parse":
        call = base.parse
    else:
        call = lambda o: base(route, o)  # noqa: E731
    if "fresh" in case:
        pool, counter = fresh_pool(options, case["fresh"]), itertools.count()
        return lambda: call(pool[next(counter) & (POOL - 1)])
    return lambda: call(options)


def ns_per_call(function: Callable[[], object]) -> tuple[float, float]:
    loops = 1000
    while True:  # size a round to about TARGET_SECONDS_PER_ROUND
        start = time.perf_counter()
        for _ in range(loops):
            function()
        elapsed = time.perf_counter() - start
        if elapsed > TARGET_SECONDS_PER_ROUND / 4:
            break
        loops *= 4
    loops = max(1, int(loops * TARGET_SECONDS_PER_ROUND / elapsed))
    rounds = []
    for _ in range(ROUNDS):
        start = time.perf_counter_ns()
        for _ in range(loops):
            function()
        rounds.append((time.perf_counter_ns() - start) / loops)
    return min(rounds), max(rounds)


def main(argv: list[str]) -> int:
    cases = json.loads(CASES.read_text())
    floor = "--floor" in argv
    figures = {case["name"]: ns_per_call(case_function(case, floor)) for case in cases}
    if "--json" in argv:
        print(json.dumps(figures))
    else:
        for name, (best, worst) in figures.items():
            print(f"{name:<24} {best:>9,.0f} ns/call (worst round {worst:,.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
