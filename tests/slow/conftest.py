"""Long runs: Hypothesis properties of hundreds of examples, real API descriptions, megabyte
inputs."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import mark_folder


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    mark_folder(items, Path(__file__).parent, "slow")
