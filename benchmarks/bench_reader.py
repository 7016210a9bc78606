"""Time restroute.reader on the issue's cases: a typical docs curl, and the largest texts.

Usage: python benchmarks/bench_reader.py   (prints the median and the spread of each)
The bound the issue sets is 1 ms for a typical curl (with the matcher: bench_match.py) and
1 s for any text.
"""

from __future__ import annotations

import contextlib
import functools
import statistics
import time
from collections.abc import Callable

from restroute.errors import EndpointError
from restroute.reader import read_request

API = "https://api.github.com"
DOCS_CURL = (
    'curl -L -X POST -H "Accept: application/vnd.github+json" '
    '-H "Authorization: Bearer <YOUR-TOKEN>" -H "X-GitHub-Api-Version: 2022-11-28" '
    f'{API}/repos/OWNER/REPO/issues -d \'{{"title":"Found a bug"}}\''
)
CASES: dict[str, tuple[str, int]] = {
    "docs curl": (DOCS_CURL, 2000),
    "1,000 headers, 10,000 segments": (
        "curl "
        + " ".join(f"-H 'x-h{n}: v'" for n in range(1000))
        + f" {API}/"
        + "/".join(["s"] * 10_000),
        20,
    ),
    "999,000 characters, one word": (f"curl {API}/{'a' * 999_000}", 10),
    "300,000 escapes in double quotes": ('curl -d "' + "a\\\\" * 300_000 + '" h', 5),
    "39,990 object keys (Octokit, 199,979 characters)": (
        'octokit.request("GET /x", {' + "a: 1," * 39_990 + "})",
        5,
    ),
    "150,000 object keys (Octokit, refused)": (
        'octokit.request("GET /x", {' + "a: 1," * 150_000 + "})",
        5,
    ),
}


def timed(call: Callable[[], object], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        with contextlib.suppress(EndpointError):  # refused: how fast it says so
            call()
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    for name, (text, runs) in CASES.items():
        times = timed(functools.partial(read_request, text), runs)
        median = statistics.median(times)
        unit, scale = ("ms", 1e3) if median < 1 else ("s", 1)
        print(
            f"{name:34} median {median * scale:8.3f} {unit}  "
            f"min {min(times) * scale:.3f}  max {max(times) * scale:.3f}  ({runs} runs)"
        )


if __name__ == "__main__":
    main()
