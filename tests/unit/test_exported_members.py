"""The public surface is restroute.__all__, sorted, and nothing else."""

from __future__ import annotations

import re
from pathlib import Path

import restroute

PUBLIC = {"__version__"}


def test_all_is_sorted_and_complete() -> None:
    """__all__ lists every public name of the package, sorted."""
    names = {
        name
        for name, value in vars(restroute).items()
        if (not name.startswith("_") or name in PUBLIC) and not _is_submodule(value)
    }

    assert sorted(restroute.__all__) == restroute.__all__
    assert set(restroute.__all__) == names


def _is_submodule(value: object) -> bool:
    return type(value).__name__ == "module"


def test_contract_names_are_exported() -> None:
    """The README's library section names these exports."""
    assert {
        "endpoint",
        "Endpoint",
        "RequestOptions",
        "EndpointError",
        "MissingParameterError",
        "body_bytes",
        "__version__",
    } <= set(restroute.__all__)


def test_version_lives_in_one_place() -> None:
    """The version is read from _version.py by the build and by the user-agent."""
    pyproject = (Path(__file__).parents[2] / "pyproject.toml").read_text()

    assert re.fullmatch(r"\d+\.\d+\.\d+", restroute.__version__)
    assert 'dynamic = ["version"]' in pyproject
    assert restroute.endpoint.DEFAULTS["headers"]["user-agent"] == (
        f"restroute/{restroute.__version__}"
    )
