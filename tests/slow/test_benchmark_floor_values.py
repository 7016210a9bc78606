"""The benchmark's pool of fresh values: new on every call, and needing encoding."""

from __future__ import annotations

import json
import sys

from tests.unit.test_benchmark_floor import BENCHMARKS, CASES, restroute_result

sys.path.insert(0, str(BENCHMARKS))
from bench_endpoint import fresh_pool
from naive_floor import FLOOR


def test_fresh_values_change_on_every_call_and_need_encoding() -> None:
    (case,) = [case for case in CASES if "fresh" in case]
    pool = fresh_pool(case["args"][1], case["fresh"])
    assert len({json.dumps(options, sort_keys=True) for options in pool}) == len(pool) == 65536
    assert pool[7]["repo"] == "hello-world-7"
    assert pool[7]["page"] == 7
    for i in (0, 12345, 65535):
        result = FLOOR[case["name"]](pool[i])
        assert result == restroute_result(case, pool[i])
        assert f"/hello-world-{i}/issues?creator=octo%20cat%20{i}&page={i}&" in result["url"]
