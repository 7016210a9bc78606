"""Descriptions nested thousands deep: one error of restroute's own, whatever the YAML parser."""

from __future__ import annotations

from pathlib import Path

import pytest

from restroute import EndpointError, catalog
from tests.unit.test_openapi_hostile import write


def test_yaml_nested_deeper_than_python_reads_is_one_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("openapi: 3.0.0\nx: " + "[" * 50_000 + "]" * 50_000 + "\n")  # crashed libyaml
    with pytest.raises(EndpointError, match=r"deep.yaml: nests too deep to read \(over 1,000"):
        catalog.load(path)


def test_brackets_a_comment_cancels_still_count_as_nesting(tmp_path: Path) -> None:
    """A ']' in a comment hid 60,000 '[' from a count of brackets, and libyaml's C
    recursion crashed the interpreter: the depth is now libyaml's own parser's count."""
    text = "# " + "]" * 3000 + "\nopenapi: 3.0.0\nx: " + "[" * 3000 + "]" * 3000 + "\n"
    with pytest.raises(EndpointError, match=r"nests too deep to read \(over 1,000 levels\)"):
        catalog.load(write(tmp_path, "a.yaml", text))
