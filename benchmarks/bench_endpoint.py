"""Nanoseconds per call of restroute.endpoint for the cases in cases.json.

Usage: python benchmarks/bench_endpoint.py [--json]

Each case runs in a loop after a warm-up; the figure is the best of five
rounds (the least disturbed by the rest of the machine). ``--json`` prints
{name: ns} for compare_octokit.sh.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from restroute import Endpoint, endpoint

CASES = Path(__file__).with_name("cases.json")
ROUNDS = 5
TARGET_SECONDS_PER_ROUND = 0.2


def case_function(case: dict[str, Any]) -> Callable[[], object]:
    """The zero-argument call that one case measures."""
    base: Endpoint = endpoint
    for layer in case.get("defaults", []):
        base = base.defaults(layer)
    route, options = case["args"]
    kind = case.get("kind", "call")
    if kind == "merge":
        return lambda: base.merge(route, options)
    if kind == "parse":
        merged = base.merge(route, options)
        return lambda: base.parse(merged)
    return lambda: base(route, options)


def ns_per_call(function: Callable[[], object]) -> float:
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
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.perf_counter_ns()
        for _ in range(loops):
            function()
        best = min(best, (time.perf_counter_ns() - start) / loops)
    return best


def main(argv: list[str]) -> int:
    cases = json.loads(CASES.read_text())
    figures = {case["name"]: ns_per_call(case_function(case)) for case in cases}
    if "--json" in argv:
        print(json.dumps(figures))
    else:
        for name, ns in figures.items():
            print(f"{name:<24} {ns:>9,.0f} ns/call")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
