"""Time the display of a pasted request with its secrets hidden: ``pasted.hidden`` and
``pasted.redact_text`` (and, for scale, ``read_route`` and ``as_text``) on a docs curl
and on pastes of about 1 MB that hold thousands of secrets.

Usage: python benchmarks/bench_pasted.py   (prints medians in ms, the largest once each)
The bound: each of hidden and redact_text under 1 s on a 1 MB paste. Replacing one secret
at a time took 12 s (10,000 headers) and 20 s (10,000 secret body fields).
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from restroute import pasted
from restroute.reader import read_route

API = "https://api.github.com"
# The curl GitHub's docs give for creating an issue (a hand-checked case of the tests).
DOCS_CURL = json.loads(
    (Path(__file__).parent.parent / "tests/cases/import/curl-docs-issues-create.json").read_text()
)["text"]
# 2,000 of each, the most a request may have (restroute.rules.MAX_QUERY_PAIRS), each long enough
# that the paste is about 1 MB.
FIELDS = {f"token_{n}": f"t{n:05d}" + "x" * 470 for n in range(2_000)}
HUGE = {
    "2,000 secret headers": (
        "curl "
        + " ".join(f"-H 'X-Api-Key-{n}: value-{n:05d}-" + "k" * 460 + "'" for n in range(2_000))
        + f" {API}/user"
    ),
    "2,000 secret body fields": f"curl -X PATCH -d '{json.dumps(FIELDS)}' {API}/user",
    "2,000 secret query values": (
        f"curl '{API}/user?"
        + "&".join(f"access_token_{n}=t{n:05d}" + "q" * 470 for n in range(2_000))
        + "'"
    ),
    "1,000,000 characters of a body": f"curl {API}/markdown/raw -d '{'a' * 999_950}'",
}


def once(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def main() -> None:
    found = read_route(DOCS_CURL)
    for name, run in (
        ("hidden", lambda: pasted.hidden(found)),
        ("redact_text", lambda: pasted.redact_text(DOCS_CURL)),
    ):
        times = [once(run) for _ in range(500)]
        label = f"{name}, the docs curl (x500):"
        print(f"{label:45} median {statistics.median(times) * 1e3:6.2f} ms")

    for name, text in HUGE.items():
        read = once(lambda text=text: read_route(text))  # type: ignore[misc]
        found = read_route(text)
        shown = pasted.hidden(found)
        figures = {
            "read_route": read,
            "hidden": once(lambda found=found: pasted.hidden(found)),  # type: ignore[misc]
            "redact_text": once(lambda text=text: pasted.redact_text(text)),  # type: ignore[misc]
            "as_text": once(lambda shown=shown: pasted.as_text(shown)),  # type: ignore[misc]
        }
        print(f"{name} ({len(text):,} characters)")
        for what, seconds in figures.items():
            print(f"  {what:12} {seconds * 1e3:8.1f} ms")


if __name__ == "__main__":
    main()
