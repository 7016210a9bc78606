"""A recording HTTP/1.1 server, and the check that a snippet sent exactly the request it describes.

Stdlib only. A test module that needs the server defines its own small fixture::

    @pytest.fixture
    def server() -> Iterator[RecordingServer]:
        with recording_server() as srv:
            yield srv

then points the client under test at ``server.base_url`` and checks
``exactly(server.requests, opts) == []``.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from restroute import body_bytes

CONNECTION_TIMEOUT = 10.0  # seconds a connection may take, per socket operation
MAX_HEAD = 64 * 1024  # request line plus headers
EXPECT_THRESHOLD = 1024  # `expect: 100-continue` is allowed only for bodies over this
ALLOWED_EXTRA = frozenset({"host", "content-length", "connection", "accept-encoding"})
RESPONSE_HEAD = (
    b"HTTP/1.1 200 OK\r\n"
    b"Content-Type: application/json\r\n"
    b"Content-Length: 2\r\n"
    b"Connection: close\r\n"
    b"\r\n"
)


@dataclass(frozen=True)
class Recorded:
    """One request as it came over the wire (text decoded as latin-1, so byte for byte)."""

    method: str
    target: str
    headers: list[tuple[str, str]]
    body: bytes
    chunked: bool = False

    def header_values(self, name: str) -> list[str]:
        """The values of every header called NAME (case-insensitively), in wire order."""
        return [value for key, value in self.headers if key.lower() == name.lower()]


class _Reader:
    """Buffered reads from a socket: up to a delimiter, or an exact count of bytes."""

    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock
        self._buf = bytearray()

    def _fill(self) -> None:
        data = self._sock.recv(256 * 1024)
        if not data:
            raise ConnectionError("the client closed the connection mid-request")
        self._buf += data

    def until(self, delimiter: bytes, limit: int) -> bytes:
        """The bytes up to and excluding DELIMITER, which is consumed too."""
        while (end := self._buf.find(delimiter)) < 0:
            if len(self._buf) > limit:
                raise ValueError(f"no {delimiter!r} within {limit} bytes")
            self._fill()
        data = bytes(self._buf[:end])
        del self._buf[: end + len(delimiter)]
        return data

    def exactly(self, count: int) -> bytes:
        """The next COUNT bytes."""
        while len(self._buf) < count:
            self._fill()
        data = bytes(self._buf[:count])
        del self._buf[:count]
        return data


def _parse_head(head: bytes) -> tuple[str, str, list[tuple[str, str]]]:
    request_line, *lines = head.decode("latin-1").split("\r\n")
    parts = request_line.split(" ")
    if len(parts) != 3 or not parts[2].startswith("HTTP/"):
        raise ValueError(f"bad request line {request_line!r}")
    headers: list[tuple[str, str]] = []
    for line in lines:
        name, colon, value = line.partition(":")
        if not colon or not name or name != name.strip():
            raise ValueError(f"bad header line {line!r}")
        headers.append((name, value.strip(" \t")))
    return parts[0], parts[1], headers


def _read_chunked(reader: _Reader) -> bytes:
    chunks: list[bytes] = []
    while True:
        size_line = reader.until(b"\r\n", 1024)
        size = int(size_line.split(b";", 1)[0].strip(), 16)
        if size == 0:
            while reader.until(b"\r\n", MAX_HEAD):  # trailers, up to the empty line
                pass
            return b"".join(chunks)
        chunks.append(reader.exactly(size))
        if reader.exactly(2) != b"\r\n":
            raise ValueError("a chunk is not followed by CRLF")


class RecordingServer:
    """An HTTP/1.1 server on 127.0.0.1 that records each request and answers ``200 {}``.

    One request per connection; each connection is served in its own thread with a
    socket timeout of TIMEOUT seconds (10 by default). Use it as a context manager:
    leaving it stops every thread and closes every socket.
    """

    def __init__(self, timeout: float = CONNECTION_TIMEOUT) -> None:
        self._timeout = timeout
        self._lock = threading.Lock()
        self._requests: list[Recorded] = []
        self._errors: list[str] = []
        self._stop = threading.Event()
        self._listener: socket.socket | None = None
        self._thread: threading.Thread | None = None
        self._workers: list[threading.Thread] = []

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT``."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def port(self) -> int:
        if self._listener is None:
            raise RuntimeError("the server is not started")
        port: int = self._listener.getsockname()[1]
        return port

    @property
    def requests(self) -> list[Recorded]:
        """The requests received so far, in the order they were fully read."""
        with self._lock:
            return list(self._requests)

    @property
    def errors(self) -> list[str]:
        """Connections that failed (bad framing, timeout, client gone), one line each."""
        with self._lock:
            return list(self._errors)

    @property
    def threads(self) -> list[threading.Thread]:
        """The accept thread and the connection threads, for leak checks."""
        return [t for t in [self._thread, *self._workers] if t is not None]

    def start(self) -> RecordingServer:
        if self._listener is not None:
            raise RuntimeError("the server is already started")
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            listener.bind(("127.0.0.1", 0))
            listener.listen(16)
            listener.settimeout(0.05)
        except OSError:
            listener.close()
            raise
        self._listener = listener
        self._thread = threading.Thread(target=self._serve, name="recording-server", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        """Stop accepting, wait for the connections in progress, close the socket."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        for worker in self._workers:
            worker.join(self._timeout * 2)
        if self._listener is not None:
            self._listener.close()

    def __enter__(self) -> RecordingServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def _serve(self) -> None:
        assert self._listener is not None
        while not self._stop.is_set():
            try:
                conn, _ = self._listener.accept()
            except TimeoutError:
                continue
            worker = threading.Thread(
                target=self._handle, args=(conn,), name="recording-conn", daemon=True
            )
            self._workers.append(worker)
            worker.start()

    def _handle(self, conn: socket.socket) -> None:
        with conn:
            try:
                conn.settimeout(self._timeout)
                recorded = self._read_request(conn)
                with self._lock:
                    self._requests.append(recorded)
                conn.sendall(RESPONSE_HEAD if recorded.method == "HEAD" else RESPONSE_HEAD + b"{}")
                conn.shutdown(socket.SHUT_WR)
            except (OSError, ValueError) as exc:
                with self._lock:
                    self._errors.append(f"{type(exc).__name__}: {exc}")

    def _read_request(self, conn: socket.socket) -> Recorded:
        reader = _Reader(conn)
        method, target, headers = _parse_head(reader.until(b"\r\n\r\n", MAX_HEAD))
        fields = {name.lower(): value for name, value in headers}
        if fields.get("expect", "").lower() == "100-continue":
            conn.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
        if "chunked" in fields.get("transfer-encoding", "").lower():
            return Recorded(method, target, headers, _read_chunked(reader), chunked=True)
        length = fields.get("content-length")
        body = reader.exactly(int(length)) if length is not None else b""
        return Recorded(method, target, headers, body)


@contextmanager
def recording_server(timeout: float = CONNECTION_TIMEOUT) -> Iterator[RecordingServer]:
    """A started RecordingServer, closed on exit."""
    with RecordingServer(timeout) as server:
        yield server


def send_raw(server: RecordingServer, data: bytes) -> bytes:
    """Send DATA on a new connection to SERVER and return everything it answers, up to close."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=CONNECTION_TIMEOUT) as sock:
        sock.sendall(data)
        received = bytearray()
        while chunk := sock.recv(65536):
            received += chunk
        return bytes(received)


def _short(value: object, limit: int = 200) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def request_target(url: str) -> str:
    """The path and query of URL, byte for byte as written, without the fragment.

    >>> request_target("http://127.0.0.1:8080/a%2Fb?q=a+b#top")
    '/a%2Fb?q=a+b'
    >>> request_target("http://127.0.0.1:8080?q")
    '/?q'
    """
    _, sep, rest = url.partition("://")
    if not sep:
        raise ValueError(f"not an absolute URL: {url!r}")
    rest = rest.partition("#")[0]
    starts = [i for i in (rest.find("/"), rest.find("?")) if i >= 0]
    target = rest[min(starts) :] if starts else ""
    return target if target.startswith("/") else "/" + target


def _body_diff(expected: bytes, got: bytes) -> str:
    at = next(
        (i for i, (a, b) in enumerate(zip(expected, got, strict=False)) if a != b),
        min(len(expected), len(got)),
    )
    return (
        f"body: expected {_short(expected)} ({len(expected)} bytes),"
        f" got {_short(got)} ({len(got)} bytes), first difference at byte {at}"
    )


def exactly(recorded: list[Recorded], opts: Mapping[str, Any]) -> list[str]:
    """What differs between the FIRST recorded request and OPTS; [] when it is exact.

    Exact means: the method is ``opts["method"].upper()``; the target is the path and query of
    ``opts["url"]`` byte for byte; each header of ``opts["headers"]`` appears once with its
    value (names case-insensitive); no other header but host, content-length, connection,
    accept-encoding, and ``expect: 100-continue`` for bodies over 1 KiB; the body is
    ``body_bytes(opts)`` framed by an exact content-length (no chunked encoding); no body and
    no or a zero content-length when there is none; and exactly one request was received.
    """
    if not recorded:
        return ["requests: expected exactly one, got 0"]
    violations: list[str] = []
    req = recorded[0]

    method = str(opts["method"]).upper()
    if req.method != method:
        violations.append(f"method: expected {_short(method)}, got {_short(req.method)}")

    target = request_target(str(opts["url"]))
    if req.target != target:
        violations.append(f"target: expected {_short(target)}, got {_short(req.target)}")

    wanted: dict[str, str] = {}
    for name, value in dict(opts.get("headers") or {}).items():
        wanted[str(name).lower()] = str(value)
        got = req.header_values(str(name))
        if not got:
            violations.append(f"header {name!r}: missing, expected {_short(str(value))}")
        elif len(got) > 1:
            violations.append(f"header {name!r}: sent {len(got)} times, expected once")
        elif got[0] != str(value):
            violations.append(
                f"header {name!r}: expected {_short(str(value))}, got {_short(got[0])}"
            )

    body = body_bytes(opts)
    for name, value in req.headers:
        key = name.lower()
        if key in wanted or key in ALLOWED_EXTRA:
            continue
        if key == "expect" and value.lower() == "100-continue":
            if body is not None and len(body) > EXPECT_THRESHOLD:
                continue
            size = "no body" if body is None else f"a body of {len(body)} bytes"
            violations.append(f"unexpected header {_short(f'{name}: {value}')} for {size}")
            continue
        violations.append(f"unexpected header {_short(f'{name}: {value}')}")

    lengths = req.header_values("content-length")
    if req.chunked:
        violations.append("framing: transfer-encoding: chunked, expected an exact content-length")
    if len(lengths) > 1 and "content-length" not in wanted:
        violations.append(f"header 'content-length': sent {len(lengths)} times, expected once")
    if body is None:
        if req.body:
            violations.append(_body_diff(b"", req.body) + " (opts has no body)")
        if lengths and lengths != ["0"]:
            violations.append(
                f"content-length: expected none or '0' (no body), got {_short(lengths[0])}"
            )
    else:
        if req.body != body:
            violations.append(_body_diff(body, req.body))
        if not lengths and not req.chunked:
            violations.append(f"content-length: missing, expected {str(len(body))!r}")
        elif lengths and lengths[0] != str(len(body)):
            violations.append(
                f"content-length: expected {str(len(body))!r}, got {_short(lengths[0])}"
            )

    if len(recorded) != 1:
        violations.append(f"requests: expected exactly one, got {len(recorded)}")
    return violations


def _run(
    argv: list[str], script: str, cwd: Path, env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    """ARGV with SCRIPT on stdin (UTF-8), in CWD, under a UTF-8 locale, with ENV added to
    the environment; 60 s at most."""
    return subprocess.run(
        argv,
        input=script.encode(),
        cwd=cwd,
        env={**os.environ, **(env or {}), "LC_ALL": "C.UTF-8"},
        capture_output=True,
        timeout=60,
        check=False,
    )


def run_shell(
    shell: str, script: str, cwd: Path, env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    """Run SCRIPT with ``SHELL -s`` (script on stdin: no argument-length limit)."""
    return _run([shell, "-s"], script, cwd, env)


def run_pasted(
    script: str, cwd: Path, env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    """SCRIPT as if pasted at an interactive bash prompt, with history expansion on."""
    session = f"set -o histexpand\n{script}\nexit $?\n"
    return _run(["bash", "--norc", "--noprofile", "-i"], session, cwd, env)


def run_python(
    script: str, cwd: Path, env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    """Run SCRIPT with this interpreter (``python -``, script on stdin)."""
    return _run([sys.executable, "-"], script, cwd, env)
