"""Seconds per MiB to write a large body as each snippet; printed, never asserted.

Usage: python benchmarks/bench_snippets.py

A release-asset upload is megabytes of bytes that are not text; a snippet of it used to
cost 0.4-1.1 s a MiB, escaped byte by byte in Python.
"""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Callable

from restroute import endpoint, formats

ROUNDS = 5
BODIES = {
    "1 MiB random bytes": os.urandom(2**20),
    "1 MiB text with controls": ("héllo\x01 wörld\n" * 80_000).encode()[: 2**20],
}


def main() -> None:
    for label, data in BODIES.items():
        options = endpoint("POST /x", data=data, headers={"content-type": "application/zip"})
        for each in formats.FORMATS:
            render = functools.partial(each.render, options)
            best = min(_seconds(render) for _ in range(ROUNDS))
            print(f"{label:<26} {each.label:<18} {best:6.3f} s (best of {ROUNDS})")


def _seconds(call: Callable[[], object]) -> float:
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


if __name__ == "__main__":
    main()
