"""Time restroute.catalog.match over the whole catalog, and the reader with the matcher
(read_route) on a typical docs curl and on the largest texts.

Usage: python benchmarks/bench_match.py   (prints medians and spreads, in µs or ms)
Issue 14's bounds: a URL matched in ≤ 50 µs median over the catalog; a typical curl read
and matched in ≤ 1 ms; any text in ≤ 1 s.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from pathlib import Path

from restroute import catalog
from restroute.catalog import match
from restroute.errors import EndpointError
from restroute.reader import read_route

API = "https://api.github.com"
# The curl GitHub's docs give for creating an issue (a hand-checked case of the tests).
DOCS_CURL = json.loads(
    (Path(__file__).parent.parent / "tests/cases/import/curl-docs-issues-create.json").read_text()
)["text"]
HUGE = {
    "URL of 10,000 segments": f"curl {API}/" + "/".join(["s"] * 10_000),
    "1,000 headers": "curl " + " ".join(f"-H 'x-h{n}: v'" for n in range(1000)) + f" {API}/user",
    "a path of 490 segments (a {path})": f"{API}/repos/o/r/contents/" + "/".join(["d"] * 486),
    "a branch of 490 segments, then protection": (
        f"{API}/repos/o/r/branches/" + "/".join(["b"] * 484) + "/protection"
    ),
    "1,000,000 characters": f"curl {API}/user -d '{'a' * 999_950}'",
    "10,000 query names": f"{API}/user?" + "&".join(f"q{n}=v" for n in range(10_000)),
    "one query name 10,000 times": f"{API}/search/issues?" + "&per_page=1" * 10_000,
}


def spread(times: list[float], unit: float, name: str) -> str:
    quartiles = statistics.quantiles(times, n=4)
    return (
        f"median {statistics.median(times) * unit:8.1f} {name}   "
        f"quartiles {quartiles[0] * unit:.1f} to {quartiles[2] * unit:.1f}   "
        f"max {max(times) * unit:.1f}"
    )


def main() -> None:
    urls = [(op.method, API + re.sub(r"\{[^}]+\}", "7", op.url)) for op in catalog.operations()]
    match("GET", f"{API}/user")  # the tree, once
    times = []
    for _ in range(5):
        for method, url in urls:
            start = time.perf_counter()
            match(method, url)
            times.append(time.perf_counter() - start)
    print(f"match, each of {len(urls):,} operations' URLs x5:  {spread(times, 1e6, 'µs')}")

    times = []
    for _ in range(2000):
        start = time.perf_counter()
        read_route(DOCS_CURL)
        times.append(time.perf_counter() - start)
    print(f"read_route, GitHub's docs curl (x2000):            {spread(times, 1e3, 'ms')}")

    for name, text in HUGE.items():
        start = time.perf_counter()
        try:
            found = read_route(text)
            said = f"read as {found.route[:40]}"
        except EndpointError as error:
            said = f"EndpointError: {str(error)[:60]}"
        print(f"{name:45} {(time.perf_counter() - start) * 1e3:8.1f} ms  {said}")


if __name__ == "__main__":
    main()
