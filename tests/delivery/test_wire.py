"""tests/wire.py: the recording server and the `exactly` check are themselves trusted."""

from __future__ import annotations

import shutil
import socket
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.wire import (
    RecordingServer,
    exactly,
    recording_server,
    request_target,
    run_python,
    run_shell,
    send_raw,
)

CURL = shutil.which("curl")
needs_curl = pytest.mark.usefixtures("curl_installed")
OK = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"


@pytest.fixture
def curl_installed() -> None:
    """A missing curl fails the tests that run it, saying how to get it: none is skipped."""
    if CURL is None:
        pytest.fail("curl is not installed: apt-get install curl (.ci/run installs it)")


@pytest.fixture
def server() -> Iterator[RecordingServer]:
    with recording_server() as srv:
        yield srv


def curl(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    assert CURL is not None
    return subprocess.run(
        [CURL, "--silent", "--show-error", "--max-time", "10", *args],
        cwd=cwd,
        capture_output=True,
        timeout=20,
        check=False,
    )


def pattern(size: int) -> bytes:
    """SIZE bytes that use every byte value and do not repeat with a short period."""
    return bytes((i * 7 + i // 251) % 256 for i in range(size))


@needs_curl
def test_curl_get_raw_target_and_wire_order(server: RecordingServer) -> None:
    """A curl GET is recorded with its target byte for byte, its headers in wire order, no body."""
    path = "/a%2Fb/./x/../y?q=a+b&x=%7E&e="
    done = curl(
        "--globoff",
        "--path-as-is",
        "-A",
        "restroute-test",
        "-H",
        "Accept: application/json",
        "-H",
        "X-Two: 2",
        "-H",
        "x-one: 1",
        server.base_url + path + "#frag",
    )

    assert done.returncode == 0, done.stderr
    assert done.stdout == b"{}"
    [got] = server.requests
    assert (got.method, got.target, got.body, got.chunked) == ("GET", path, b"", False)
    assert got.headers == [
        ("Host", f"127.0.0.1:{server.port}"),
        ("User-Agent", "restroute-test"),
        ("Accept", "application/json"),
        ("X-Two", "2"),
        ("x-one", "1"),
    ]
    opts = {
        "method": "get",
        "url": server.base_url + path + "#frag",
        "headers": {
            "user-agent": "restroute-test",
            "accept": "application/json",
            "x-two": "2",
            "X-One": "1",
        },
    }
    assert exactly(server.requests, opts) == []


@needs_curl
@pytest.mark.parametrize("size", [2048, 3_000_000])
def test_curl_post_body(server: RecordingServer, tmp_path: Path, size: int) -> None:
    """A curl POST of 2 KB or 3 MB (the latter with Expect: 100-continue) is recorded exactly."""
    data = pattern(size)
    (tmp_path / "body").write_bytes(data)
    url = server.base_url + "/up"
    done = curl("-A", "t", "-H", "Content-Type:", "--data-binary", "@body", url, cwd=tmp_path)

    assert done.returncode == 0, done.stderr
    [got] = server.requests
    assert got.body == data
    assert got.header_values("content-length") == [str(size)]
    opts = {
        "method": "post",
        "url": server.base_url + "/up",
        "headers": {"user-agent": "t", "accept": "*/*"},
        "body": data,
    }
    assert exactly(server.requests, opts) == []


@needs_curl
def test_curl_chunked_upload_is_decoded_and_rejected(
    server: RecordingServer, tmp_path: Path
) -> None:
    """A chunked curl upload is recorded decoded, and `exactly` flags the chunked framing."""
    data = pattern(100_000)
    (tmp_path / "body").write_bytes(data)
    done = curl(
        "-A", "t", "-H", "Content-Type:", "-H", "Transfer-Encoding: chunked",
        "--data-binary", f"@{tmp_path / 'body'}", server.base_url + "/up",
    )  # fmt: skip

    assert done.returncode == 0, done.stderr
    [got] = server.requests
    assert (got.chunked, got.body) == (True, data)
    opts = {
        "method": "post",
        "url": server.base_url + "/up",
        "headers": {"user-agent": "t", "accept": "*/*"},
        "body": data,
    }
    assert exactly(server.requests, opts) == [
        "unexpected header 'Transfer-Encoding: chunked'",
        "framing: transfer-encoding: chunked, expected an exact content-length",
    ]


@needs_curl
def test_curl_head_does_not_hang(server: RecordingServer) -> None:
    """curl --head gets the 200 with its Content-Length: 2 and no body, and exits 0."""
    done = curl("--head", server.base_url + "/h")

    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(OK)
    assert done.stdout.endswith(b"\r\n\r\n")
    assert [r.method for r in server.requests] == ["HEAD"]


# The hand-written requests: every byte is under the test's control.
OPTS_PATH = "/a~b?x=1&y=%2F"
BODY = b'{"n":1}'


def options(server: RecordingServer, **changes: Any) -> dict[str, Any]:
    opts: dict[str, Any] = {
        "method": "put",
        "url": server.base_url + OPTS_PATH,
        "headers": {"accept": "application/json", "x-api-key": "k"},
        "body": {"n": 1},
    }
    return opts | changes


def raw(
    server: RecordingServer,
    method: str = "PUT",
    target: str = OPTS_PATH,
    headers: tuple[str, ...] = ("Accept: application/json", "X-Api-Key: k"),
    body: bytes = BODY,
    length: bool = True,
) -> bytes:
    head = [f"{method} {target} HTTP/1.1", f"Host: 127.0.0.1:{server.port}", *headers]
    if length:
        head.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body


def test_exactly_accepts_the_matching_request(server: RecordingServer) -> None:
    """A request that matches, with only the allowed extra headers, has no violations."""
    headers = (
        "Connection: close",
        "ACCEPT: application/json",
        "Accept-Encoding: gzip",
        "x-api-key: k",
    )
    assert send_raw(server, raw(server, headers=headers)).startswith(OK)

    [got] = server.requests
    assert (got.method, got.target, got.body) == ("PUT", OPTS_PATH, BODY)
    assert exactly(server.requests, options(server, url=server.base_url + OPTS_PATH + "#f")) == []


@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param({"method": "POST"}, "method: expected 'PUT', got 'POST'", id="method"),
        pytest.param(
            {"target": "/a%7Eb?x=1&y=%2F"},
            "target: expected '/a~b?x=1&y=%2F', got '/a%7Eb?x=1&y=%2F'",
            id="re-encoded",
        ),
        pytest.param(
            {"headers": ("Accept: application/json",)},
            "header 'x-api-key': missing, expected 'k'",
            id="header-missing",
        ),
        pytest.param(
            {"headers": ("Accept: application/json", "X-Api-Key: k", "x-api-key: k")},
            "header 'x-api-key': sent 2 times, expected once",
            id="header-duplicated",
        ),
        pytest.param(
            {"headers": ("Accept: application/json", "X-Api-Key: K")},
            "header 'x-api-key': expected 'k', got 'K'",
            id="header-value",
        ),
        pytest.param(
            {"headers": ("Accept: application/json", "X-Api-Key: k", "User-Agent: curl/8")},
            "unexpected header 'User-Agent: curl/8'",
            id="extra-user-agent",
        ),
        pytest.param(
            {"headers": ("Accept: application/json", "X-Api-Key: k", "Content-Type: text/plain")},
            "unexpected header 'Content-Type: text/plain'",
            id="extra-content-type",
        ),
        pytest.param(
            {"body": b'{"n":2}'},
            "body: expected b'{\"n\":1}' (7 bytes), got b'{\"n\":2}' (7 bytes),"
            " first difference at byte 5",
            id="body",
        ),
    ],
)
def test_exactly_names_each_violation(
    server: RecordingServer, change: dict[str, Any], message: str
) -> None:
    """Each single deviation from the matching request gives exactly one, specific message."""
    assert send_raw(server, raw(server, **change)).startswith(OK)

    assert exactly(server.requests, options(server)) == [message]


def test_exactly_wants_content_length_zero_for_an_empty_body(server: RecordingServer) -> None:
    """An empty PUT body must be framed by `content-length: 0`; leaving it out is a violation."""
    send_raw(server, raw(server, body=b"", length=False))
    send_raw(server, raw(server, body=b""))
    without, with_zero = server.requests

    assert exactly([without], options(server, body="")) == [
        "content-length: missing, expected '0'"
    ]
    assert exactly([with_zero], options(server, body="")) == []


def test_exactly_without_body(server: RecordingServer) -> None:
    """With no body in opts, no content-length or `content-length: 0` pass, a body does not."""
    send_raw(server, raw(server, method="GET", body=b"", length=False))
    send_raw(server, raw(server, method="GET", body=b""))
    send_raw(server, raw(server, method="GET", body=b"x"))
    none, zero, one = server.requests
    opts = options(server, method="get")
    del opts["body"]

    assert exactly([none], opts) == []
    assert exactly([zero], opts) == []
    assert exactly([one], opts) == [
        "body: expected b'' (0 bytes), got b'x' (1 bytes), first difference at byte 0"
        " (opts has no body)",
        "content-length: expected none or '0' (no body), got '1'",
    ]


def test_exactly_wants_one_request(server: RecordingServer) -> None:
    """Two matching requests, or none, are a violation of their own."""
    assert exactly([], options(server)) == ["requests: expected exactly one, got 0"]
    send_raw(server, raw(server))
    send_raw(server, raw(server))

    assert exactly(server.requests, options(server)) == ["requests: expected exactly one, got 2"]


def test_expect_continue_is_answered_and_allowed_only_over_1_kib(server: RecordingServer) -> None:
    """The server sends 100 Continue before reading the body; Expect passes only over 1 KiB."""
    big = pattern(1025)
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        head = raw(
            server,
            headers=("Accept: application/json", "X-Api-Key: k", "Expect: 100-continue"),
            body=b"",
        )
        sock.sendall(head.replace(b"Content-Length: 0", f"Content-Length: {len(big)}".encode()))
        assert sock.recv(100) == b"HTTP/1.1 100 Continue\r\n\r\n"
        sock.sendall(big)
        assert sock.recv(100).startswith(OK)
    small = raw(
        server, headers=("Accept: application/json", "X-Api-Key: k", "Expect: 100-continue")
    )
    send_raw(server, small)
    large, short = server.requests

    assert exactly([large], options(server, body=big)) == []
    assert exactly([short], options(server)) == [
        "unexpected header 'Expect: 100-continue' for a body of 7 bytes"
    ]


def test_raw_chunked_with_extension_and_trailer(server: RecordingServer) -> None:
    """Chunk extensions and trailers are parsed, and the recorded body is the decoded one."""
    head = raw(server, headers=("Transfer-Encoding: chunked",), body=b"", length=False)
    chunks = b'3;ext=1\r\n{"n\r\n4\r\n":1}\r\n0\r\nX-Trailer: t\r\n\r\n'
    assert send_raw(server, head + chunks).startswith(OK)

    [got] = server.requests
    assert (got.body, got.chunked) == (BODY, True)


def test_python_requests_empty_put(server: RecordingServer) -> None:
    """requests' PUT with data=b"" sends `Content-Length: 0` and passes with its headers given."""
    import requests

    headers = {"User-Agent": "restroute-test", "Accept": "application/json"}
    url = server.base_url + "/items/1?force=true"
    response = requests.request("PUT", url, data=b"", headers=headers, timeout=10)
    response.close()

    assert response.status_code == 200
    [got] = server.requests
    assert ("Content-Length", "0") in got.headers
    # The allowed extras are really exercised: requests adds Accept-Encoding and Connection.
    names = {name.lower() for name, _ in got.headers}
    assert names == {
        "host",
        "user-agent",
        "accept",
        "accept-encoding",
        "connection",
        "content-length",
    }
    assert (
        exactly(server.requests, {"method": "put", "url": url, "headers": headers, "body": ""})
        == []
    )
    # Without the user-agent in opts, the one requests adds on its own is caught.
    assert exactly(
        server.requests,
        {"method": "put", "url": url, "headers": {"Accept": "application/json"}, "body": ""},
    ) == ["unexpected header 'User-Agent: restroute-test'"]


def test_request_target() -> None:
    """The target is the URL after the authority, untouched, without the fragment."""
    assert request_target("http://127.0.0.1:1/a%2F~b?q=%7E#x") == "/a%2F~b?q=%7E"
    assert request_target("http://127.0.0.1:1") == "/"
    assert request_target("http://127.0.0.1:1?q") == "/?q"


def test_close_stops_threads_and_socket() -> None:
    """Leaving the server joins its threads and closes its socket, so nothing leaks."""
    with recording_server() as srv:
        send_raw(srv, raw(srv))
        port = srv.port
    assert srv.threads
    assert not any(t.is_alive() for t in srv.threads)
    assert not [t for t in threading.enumerate() if t.name.startswith("recording-")]
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", port), timeout=1).close()


def test_a_stalled_client_times_out() -> None:
    """A client stalled mid-request is dropped after the timeout: an error, no record."""
    with recording_server(timeout=0.2) as srv:
        with socket.create_connection(("127.0.0.1", srv.port), timeout=5) as sock:
            sock.sendall(b"PUT / HTTP/1.1\r\nContent-Length: 10\r\n\r\nabc")
            assert sock.recv(100) == b""
        assert srv.requests == []
        assert srv.errors == ["TimeoutError: timed out"]


def test_run_shell_and_run_python(tmp_path: Path) -> None:
    """Scripts run from stdin in the given folder, under LC_ALL=C.UTF-8, with output captured."""
    done = run_shell("sh", 'printf "%s %s" "$LC_ALL" "$(pwd)"; echo oops >&2; exit 3', tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (
        3,
        f"C.UTF-8 {tmp_path}".encode(),
        b"oops\n",
    )

    done = run_python(
        "import os, sys; print(os.environ['LC_ALL'], os.getcwd(), sys.argv, 'é')", tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode() == f"C.UTF-8 {tmp_path} ['-'] é\n"
