"""Shared test helpers: the case files and the RFC 6570 vectors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import restroute

CASES = Path(__file__).with_name("cases")
UA = f"restroute/{restroute.__version__}"


def load_cases(name: str) -> list[dict[str, Any]]:
    """Cases from tests/cases/NAME.json, with the user-agent placeholder filled in."""
    text = (CASES / f"{name}.json").read_text().replace("restroute/VERSION", UA)
    cases: list[dict[str, Any]] = json.loads(text)
    return cases
