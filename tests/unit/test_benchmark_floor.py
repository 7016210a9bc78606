"""The naive floor of benchmarks/compare_octokit.sh does the same job as restroute.

A floor that built less (a header missing, a value not encoded) would flatter nobody
but make the ratio to it meaningless, so each hand-written case is checked here
against restroute's own result, on the case's options and on fresh ones.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from restroute import Endpoint, endpoint

BENCHMARKS = Path(__file__).parents[2] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))
from naive_floor import FLOOR  # noqa: E402

CASES = json.loads((BENCHMARKS / "cases.json").read_text())


def restroute_result(case: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    base: Endpoint = endpoint
    for layer in case.get("defaults", []):
        base = base.defaults(layer)
    route = case["args"][0]
    kind = case.get("kind", "call")
    if kind == "merge":
        return dict(base.merge(route, options))
    if kind == "parse":
        return dict(base.parse(options))
    return dict(base(route, options))


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_the_floor_builds_what_restroute_builds(case: dict[str, Any]) -> None:
    options = case["args"][1]
    if case.get("kind") == "parse":
        options = dict(endpoint.merge(case["args"][0], options))
    assert FLOOR[case["name"]](options) == restroute_result(case, options)


def test_every_case_has_a_floor() -> None:
    assert sorted(FLOOR) == sorted(case["name"] for case in CASES)
