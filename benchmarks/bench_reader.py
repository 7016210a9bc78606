"""Time restroute.reader on the issue's cases: a typical docs curl, and the largest texts.

Usage: python benchmarks/bench_reader.py   (prints the median and the spread of each)
The bound the issue sets is 1 ms for a typical curl (with the matcher: bench_match.py) and
1 s for any text.
"""

from __future__ import annotations

import contextlib
import functools
import random
import statistics
import time
from collections.abc import Callable

from restroute.errors import EndpointError
from restroute.reader import read_request
from restroute.reader._jsdata import read_call_arguments

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
    # restroute.reader._python's limit: the densest Python of 100,000 characters parses in 0.4 s
    "16,650 assignments (Python, 99,943 characters)": (
        "import requests\n" + "x = 1\n" * 16_650 + "requests.get('https://h/x')",
        5,
    ),
    "14,140 lists of two names (Python, 99,002 characters)": (
        "import requests\nx = [" + "[x, x]," * 14_140 + "]",
        5,
    ),
    "x = [x, x] 30 times (Python, refused)": (
        "import requests\nx = [1]\n" + "x = [x, x]\n" * 30 + "requests.post('h', json=x)",
        5,
    ),
    "332,000 short options in one word (curl)": (f"curl {'-sSL' * 83_000} {API}/x", 5),
    "a gh field 10,000 levels deep (refused)": (f"gh api x -f 'a{'[b]' * 10_000}=1'", 5),
}


# The Octokit call's data as restroute.reader._jsdata reads it, to restroute's limit of 1,000,000
# characters (the reader refuses a call past 200,000): the largest, and the most hostile
# texts found; each reads, or says why, in well under the 1 s.
PRETTY = "".join(
    f'  "k{n}": {{\n    "a": [1, 2, 3],\n    "b": "x"\n  }},\n' for n in range(15_000)
)
JS_CASES: dict[str, tuple[str, int]] = {
    "150,000 object keys (750,000 characters)": ('("GET /x", {' + "a: 1," * 150_000 + "})", 5),
    "pretty-printed JSON, 15,000 objects": ("({\n" + PRETTY + "})", 5),
    "500,000 numbers": ("([" + "1," * 499_990 + "])", 5),
    "500,000 keys alone ({ a, a, ... })": ("({" + "a," * 499_990 + "})", 5),
    "250,000 arrays of one ([1],)": ("([" + "[1]," * 249_990 + "])", 5),
    "5,000 arrays 99 deep": ("([" + ("[" * 99 + "]" * 99 + ",") * 5000 + "])", 5),
    "4,000 objects and arrays 98 deep": (
        "([" + ("{a:" * 49 + "[" * 49 + "1" + "]" * 49 + "}" * 49 + ",") * 4000 + "])",
        5,
    ),
    "100,000 calls nested 4 deep": ("([" + "f(((())))," * 99_000 + "])", 5),
    "one string (999,996 characters)": ('("' + "a" * 999_996 + '")', 5),
    "500,000 escapes (\\n)": ('("' + "\\n" * 499_990 + '")', 5),
    "333,000 \\u{ no } closes": ('("' + "\\u{" * 333_000 + '")', 5),
    "a string left open (1,000,000)": ('("' + "a" * 999_998, 5),
    "a comment left open (1,000,000)": ("(1 /*" + "a" * 999_995, 5),
    "100,000 [ (too deep)": ("(" + "[" * 100_000, 5),
    "random bytes (1,000,000)": ("(" + random.Random(7).randbytes(999_999).decode("latin-1"), 5),
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
    reads: list[tuple[str, str, int, Callable[[str], object]]]
    reads = [(name, text, runs, read_request) for name, (text, runs) in CASES.items()]
    reads += [(name, text, runs, read_call_arguments) for name, (text, runs) in JS_CASES.items()]
    for name, text, runs, read in reads:
        times = timed(functools.partial(read, text), runs)
        median = statistics.median(times)
        unit, scale = ("ms", 1e3) if median < 1 else ("s", 1)
        print(
            f"{name:34} median {median * scale:8.3f} {unit}  "
            f"min {min(times) * scale:.3f}  max {max(times) * scale:.3f}  ({runs} runs)"
        )


if __name__ == "__main__":
    main()
