"""Requests built from an OpenAPI description, sent by the real snippets, arrive exactly.

The form, multipart, raw-bytes and query/header/cookie requests of
tests/data/openapi/styles.yaml are rendered as curl (run by bash, dash and zsh) and as
Python scripts (run with the real requests and httpx) and sent to the recording server
on 127.0.0.1; `tests.wire.exactly` checks that the target, the headers and the body
bytes arrive as the options describe them. Some cases also state the body by hand, from
WHATWG's application/x-www-form-urlencoded serializer and RFC 7578, never copied from a
run, so that an encoding mistake cannot pass by sending itself faithfully.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from restroute import catalog, endpoint, formats
from restroute.catalog import Catalog
from tests.wire import Recorded, exactly, recording_server, run_python, run_shell

# The delivery layer (tests/conftest.py, "Layers"): real shells and clients on the wire.
pytestmark = pytest.mark.delivery

STYLES = Path(__file__).parents[1] / "data" / "openapi" / "styles.yaml"
SHELLS = ["bash", "dash", "zsh"]
RUNNERS = [*SHELLS, "requests", "httpx"]
FORMAT = {**dict.fromkeys(SHELLS, "curl"), "requests": "python", "httpx": "httpx"}

# Every byte value, then CR LF runs and what looks like a boundary's start: a file's bytes.
FILE_BYTES = bytes(range(256)) + b"\r\n\r\n--\r\n\r\n"
RAW_BYTES = b"-@\x00\r\n" + bytes(range(255, -1, -1)) + b"\r\n"


@dataclass(frozen=True)
class Case:
    """An operation of styles.yaml, its values (given the test's folder for files), and,
    where stated by hand, the body and content-type the server must receive."""

    operation: str
    values: Callable[[Path], dict[str, Any]]
    body: bytes | None = None
    content_type: str | None = None


def photo(folder: Path, content: bytes = FILE_BYTES) -> Path:
    path = folder / "rex.png"
    path.write_bytes(content)
    return path


FORM = Case(
    "createPetForm",
    lambda _: {
        "name": "a b~c*-._!'()%/? é😀",
        "tags": ["x&y=z", "1+1=2", "-._"],
        "metadata": {"k ey": "v&=+", "n": {"é": "~"}},  # deepObject, by its encoding
    },
    # WHATWG: alphanumerics and *-._ as they are, space as +, every other byte of the
    # UTF-8 as %XX (uppercase); pairs joined by &, name and value by =.
    body=(
        b"name=a+b%7Ec*-._%21%27%28%29%25%2F%3F+%C3%A9%F0%9F%98%80"
        b"&tags=x%26y%3Dz&tags=1%2B1%3D2&tags=-._"
        b"&metadata%5Bk+ey%5D=v%26%3D%2B&metadata%5Bn%5D%5B%C3%A9%5D=%7E"
    ),
    content_type="application/x-www-form-urlencoded",
)

MULTIPART = Case(
    "uploadPhoto",
    lambda folder: {
        "id": 7,
        "caption": "héllo 😀 a&b=c+d",
        "photo": photo(folder),
        "details": {"name": "Rex", "tags": ["é", 1, True, None]},
    },
    # RFC 7578: each part is --boundary CRLF, its headers, CRLF, its bytes, CRLF; the
    # close is --boundary-- CRLF. Text as UTF-8 without a content-type; the file with
    # its filename and the type its encoding names; an object as JSON.
    body=(
        b"--restroute-form-boundary\r\n"
        b'Content-Disposition: form-data; name="caption"\r\n'
        b"\r\n"
        b"h\xc3\xa9llo \xf0\x9f\x98\x80 a&b=c+d\r\n"
        b"--restroute-form-boundary\r\n"
        b'Content-Disposition: form-data; name="photo"; filename="rex.png"\r\n'
        b"Content-Type: image/png\r\n"
        b"\r\n" + FILE_BYTES + b"\r\n"
        b"--restroute-form-boundary\r\n"
        b'Content-Disposition: form-data; name="details"\r\n'
        b"Content-Type: application/json\r\n"
        b"\r\n"
        b'{"name":"Rex","tags":["\xc3\xa9",1,true,null]}\r\n'
        b"--restroute-form-boundary--\r\n"
    ),
    content_type="multipart/form-data; boundary=restroute-form-boundary",
)

# The caption holds the default boundary and the file the first replacement: the third
# boundary is the first that no part contains (RFC 7578 4.1).
BOUNDARY_IN_PARTS = Case(
    "uploadPhoto",
    lambda folder: {
        "id": 8,
        "caption": "see --restroute-form-boundary-- here",
        "photo": photo(folder, b"\x00\r\n--restroute-form-boundary-2\r\n\xff"),
    },
    body=(
        b"--restroute-form-boundary-3\r\n"
        b'Content-Disposition: form-data; name="caption"\r\n'
        b"\r\n"
        b"see --restroute-form-boundary-- here\r\n"
        b"--restroute-form-boundary-3\r\n"
        b'Content-Disposition: form-data; name="photo"; filename="rex.png"\r\n'
        b"Content-Type: image/png\r\n"
        b"\r\n"
        b"\x00\r\n--restroute-form-boundary-2\r\n\xff\r\n"
        b"--restroute-form-boundary-3--\r\n"
    ),
    content_type="multipart/form-data; boundary=restroute-form-boundary-3",
)

RAW = Case(
    "putRaw",
    lambda _: {"id": 9, "data": RAW_BYTES},
    body=RAW_BYTES,
    content_type="application/octet-stream",
)

QUERY = Case(
    "getQuery",
    lambda _: {
        "exploded": ["a b", "é"],
        "joined": ["x,y", "z"],
        "spaced": ["a b", "c~"],
        "piped": ["p|q", "r"],
        "deep": {"R": "1 2", "G": {"x": "é&="}, "L": [1, 2]},
        "filter[state]": "open",
        "json": {"a": [1, "é"]},
        "limit": 5,
        "headers.X-Request-Id": "req-42 \"q\" 'x' $HOME `id` !",
        "headers.X-Color": {"R": 100, "G": 200},
        "cookie.session": "s 1;x=y",
        "cookie.ids": [3, 4, 5],
    },
)

CASES = {
    "form": FORM,
    "multipart": MULTIPART,
    "multipart, boundary in parts": BOUNDARY_IN_PARTS,
    "raw bytes": RAW,
    "query, headers, cookies": QUERY,
}


@pytest.fixture(scope="module")
def api() -> Catalog:
    return catalog.load(STYLES)


def build(api: Catalog, case: Case, base_url: str, folder: Path) -> dict[str, Any]:
    """The request options of CASE, sent to BASE_URL instead of the description's server."""
    op = api.find(case.operation)
    assert op is not None, case.operation
    route, parameters = op.call(case.values(folder))
    options: dict[str, Any] = endpoint.defaults({**op.defaults, "baseUrl": base_url})(
        route, parameters
    )
    return options


def run(runner: str, snippet: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """SNIPPET run by RUNNER: a shell, or python (with requests or httpx in the script)."""
    if runner in SHELLS:
        for program in (runner, "curl"):
            if shutil.which(program) is None:
                pytest.fail(
                    f"{program} is not installed: apt-get install {program} (.ci/run installs it)"
                )
        return run_shell(runner, snippet, cwd)
    return run_python(snippet, cwd)


def deliver(
    runner: str, api: Catalog, case: Case, cwd: Path
) -> tuple[dict[str, Any], list[Recorded]]:
    """Run RUNNER's snippet of CASE once against a fresh server: the options, and what the
    server received."""
    with recording_server() as server:
        options = build(api, case, server.base_url, cwd)
        snippet = formats.find(FORMAT[runner]).render(options, redact=False)
        done = run(runner, snippet, cwd)
        assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    assert server.errors == []
    return options, server.requests


@pytest.mark.parametrize("runner", RUNNERS)
@pytest.mark.parametrize("case", list(CASES))
def test_described_requests_arrive_exactly(
    case: str, runner: str, api: Catalog, tmp_path: Path
) -> None:
    """The target, headers and body bytes of the options arrive, and nothing else; where
    the body is written by hand, those are the very bytes that arrive."""
    described = CASES[case]
    options, recorded = deliver(runner, api, described, tmp_path)

    assert exactly(recorded, options) == []
    if described.body is not None:
        assert recorded[0].body == described.body
        assert recorded[0].header_values("content-type") == [described.content_type]
