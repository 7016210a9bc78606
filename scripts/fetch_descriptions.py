"""Fetch the descriptions the sample profiles petstore.toml and train-travel.toml name.

Usage: python scripts/fetch_descriptions.py

Both come from the npm package @readme/oas-examples, pinned by version and by the
integrity the registry publishes (tests/registry.py, which the tests use too): ``npm
pack`` fetches it (nothing is installed or run), it is checked, and the two files are
copied into sample_profiles/descriptions/, which git ignores. Needs npm, and pytest
(the test extra: ``pip install -e '.[test]'``).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "sample_profiles" / "descriptions"
# The file each sample profile names -> where it is in the package.
FILES = {
    "petstore.json": "3.0/json/petstore.json",
    "train-travel.json": "3.1/json/train-travel.json",
}


def main() -> int:
    sys.path.insert(0, str(ROOT))
    try:
        from tests.registry import OAS_EXAMPLES, fetch
    except ImportError as error:  # pytest: the test extra
        print(f"fetch_descriptions: {error}; install the test extra first: "
              ".venv/bin/pip install -e '.[test]'", file=sys.stderr)  # fmt: skip
        return 1

    try:
        folder = fetch(OAS_EXAMPLES) / "package"
    except BaseException as error:  # pytest's skip and fail: npm's trouble, said plainly
        print(f"fetch_descriptions: {error}", file=sys.stderr)
        return 1
    TARGET.mkdir(parents=True, exist_ok=True)
    for name, member in FILES.items():
        shutil.copyfile(folder / member, TARGET / name)
        print(f"wrote {TARGET / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
