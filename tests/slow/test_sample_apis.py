"""The sample profiles for APIs that are not GitHub's: each names a public description
(fetched from npm by scripts/fetch_descriptions.py, never committed) and sends its own
auth header. The descriptions come from the same pinned package the tests read."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest

from restroute.cli import main
from tests.registry import oas_examples

__all__ = ["oas_examples"]  # a fixture, imported for the tests below

SAMPLES = Path(__file__).parents[2] / "sample_profiles"
SCRIPT = Path(__file__).parents[2] / "scripts" / "fetch_descriptions.py"


@pytest.fixture
def samples(oas_examples: Path, tmp_path: Path) -> Path:
    """The sample profiles with their descriptions beside them, as the script leaves them."""
    spec = importlib.util.spec_from_file_location("fetch_descriptions", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    (tmp_path / "descriptions").mkdir()
    for name, member in script.FILES.items():
        shutil.copyfile(oas_examples / member, tmp_path / "descriptions" / name)
    for profile in ("petstore.toml", "train-travel.toml"):
        shutil.copyfile(SAMPLES / profile, tmp_path / profile)
    return tmp_path


def test_petstore_sends_its_api_key_to_its_server(
    samples: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PETSTORE_API_KEY", "k-123")
    profile = str(samples / "petstore.toml")
    route = "GET /pet/findByStatus"
    assert main(["build", route, "status=sold", "-p", profile, "-f", "curl"]) == 0
    captured = capsys.readouterr()
    assert captured.out == (
        "curl \\\n"
        "  -H 'accept: application/json' \\\n"
        "  -H 'user-agent: restroute/0.1.0' \\\n"
        "  -H 'api_key: k-123' \\\n"
        "  'http://petstore.swagger.io/v2/pet/findByStatus?status=sold'\n"
    )
    assert captured.err == ""  # status is the route's own parameter: no warning


def test_train_travel_sends_its_bearer_token_and_a_json_body(
    samples: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TRAIN_TRAVEL_TOKEN", "t-456")
    profile = str(samples / "train-travel.toml")
    trip = "4f4e4e1-c824-4d63-b37a-d8d698862f1d"
    assert main(["build", "POST /bookings", f"trip_id={trip}", "passenger_name=Ada",
                 "-p", profile, "--redact"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert '"url": "https://api.example.com/bookings"' in out
    assert '"authorization": "Bearer <REDACTED>"' in out
    assert f'"body": {{\n    "trip_id": "{trip}",\n    "passenger_name": "Ada"\n  }}' in out


def test_the_profiles_say_how_to_get_their_description() -> None:
    for name in ("petstore.toml", "train-travel.toml"):
        text = (SAMPLES / name).read_text()
        assert "python scripts/fetch_descriptions.py" in text
        assert 'catalog = "descriptions/' in text
