"""The Python snippets are laid out as ruff format would (ruff run in a process)."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from restroute import RequestOptions, endpoint
from restroute.snippets import to_python
from tests.unit.test_snippet_text import LONG


@pytest.mark.parametrize("client", ["requests", "httpx"])
@pytest.mark.parametrize(
    "options",
    [
        endpoint("POST /x", title="t" * 30, labels=["bug", "ui"], nested={"a": [1, {"b": None}]}),
        endpoint("POST /x", labels=[f"label-{n}" for n in range(8)], deep=[[list(range(30))]]),
        RequestOptions(method="post", url="http://h/x", headers={}, body=["item"] * 20),
        endpoint("PUT /x", data=b"\x00\xff"),
        endpoint("GET /search/issues", q="is:open"),
        RequestOptions(method="delete", url="http://h/x", headers={}, body="text"),
    ],
)
def test_python_snippets_are_formatted_as_ruff_would(client: str, options: Any) -> None:
    """The Python snippets need no reformatting: ruff format leaves them as they are."""
    script = to_python(options, client=client) + "\n"

    formatted = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--isolated", "-"],
        input=script,
        capture_output=True,
        text=True,
        check=True,
    ).stdout

    assert formatted == script


@pytest.mark.parametrize("client", ["requests", "httpx"])
@pytest.mark.parametrize(
    ("value", "template"),
    [
        ("token t", "token ${GITHUB_TOKEN}"),
        ("k", "${K}"),
        ("k", "${" + LONG + "_AND_MORE_OF_IT}"),  # one term: ruff breaks the subscript
        ("Basic u:p", "Basic ${" + LONG + "}:${P}"),  # several: ruff breaks before each +
    ],
)
def test_python_env_snippets_are_formatted_as_ruff_would(
    client: str, value: str, template: str
) -> None:
    """A reference, short or too long for its line, needs no reformatting either."""
    options = endpoint("GET /user", headers={"x-api-key": value})
    script = to_python(options, client=client, env={"x-api-key": template}) + "\n"

    formatted = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--isolated", "-"],
        input=script,
        capture_output=True,
        text=True,
        check=True,
    ).stdout

    assert formatted == script
