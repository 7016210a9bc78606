"""Properties of body_bytes: JSON bodies round-trip."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given

from restroute import body_bytes
from tests.unit.test_body_bytes import json_values


@given(json_values.filter(lambda value: not isinstance(value, str)))
def test_json_bodies_round_trip(body: Any) -> None:
    """Any JSON value but a string is sent as compact UTF-8 JSON that reads back equal."""
    sent = body_bytes({"body": body})

    assert sent is not None
    assert json.loads(sent) == body
    assert sent == json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()
