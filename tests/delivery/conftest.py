"""What is delivered, run for real: snippets by real shells and clients on the wire, the
console script, fresh interpreters."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import mark_folder


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    mark_folder(items, Path(__file__).parent, "delivery")
