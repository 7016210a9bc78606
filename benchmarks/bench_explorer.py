"""Explorer speed: process start to first frame, and a keystroke to updated results.

Usage: python benchmarks/bench_explorer.py

* first frame: a fresh ``python`` process imports the explorer, builds it on the
  example route with the sample profiles, and reports Textual's Ready event (the
  first frame) to this process; best and median of 7 runs, wall clock.
* keystroke: in a running app (headless) whose placeholders are filled, a key typed
  into the route and into a parameter value, until the results are recomputed and the
  screen repainted: the
  median of 200 keys in CPU time of this process (what a key costs, however busy the
  machine), next to the same for a bare Input (what Textual and the pilot cost
  anyway). Wall-clock round trips include the pilot's own waiting and are shown too.
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import time
from pathlib import Path

from textual.app import App, ComposeResult

ROOT = Path(__file__).resolve().parents[1]
PROFILES = [str(ROOT / "sample_profiles" / name) for name in ("github.toml", "teaching.toml")]
ROUTE = "GET /repos/{owner}/{repo}/issues"

FIRST_FRAME = f"""
from restroute.profiles import load_profile
from restroute.tui.app import RestrouteApp

class FirstFrame(RestrouteApp):
    def on_ready(self) -> None:
        print("ready", flush=True)
        self.exit()

FirstFrame({ROUTE!r}, [load_profile(p) for p in {PROFILES!r}]).run(headless=True)
"""


def first_frame_seconds() -> float:
    start = time.perf_counter()
    with subprocess.Popen(
        [sys.executable, "-c", FIRST_FRAME], stdout=subprocess.PIPE, text=True
    ) as process:
        assert process.stdout is not None
        line = process.stdout.readline()
        elapsed = time.perf_counter() - start
        process.wait(timeout=30)
    assert line.strip() == "ready", line
    return elapsed


class Baseline(App[None]):
    """A bare Input: what Textual and the pilot cost for a key anyway."""

    def compose(self) -> ComposeResult:
        from textual.widgets import Input

        yield Input(id="only")


async def typing_ms(app: App[None], target: str, keys: int = 200) -> tuple[float, float]:
    """Median CPU and wall milliseconds for one key into ``target``, screen settled."""
    from textual.widgets import Input

    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        for placeholder in app.query(".param-value").results(Input):  # a request, not an error
            placeholder.value = "octocat"
        await pilot.pause()
        field = next(iter(app.query(target).results(Input)))
        field.focus()
        cpu, wall = [], []
        for i in range(keys):
            start_cpu, start_wall = time.process_time(), time.perf_counter()
            await pilot.press("a" if i % 2 == 0 else "backspace")
            await pilot.pause()
            cpu.append(time.process_time() - start_cpu)
            wall.append(time.perf_counter() - start_wall)
    return statistics.median(cpu) * 1000, statistics.median(wall) * 1000


async def keystrokes() -> dict[str, tuple[float, float]]:
    from restroute.profiles import load_profile
    from restroute.tui.app import RestrouteApp

    def explorer() -> RestrouteApp:
        return RestrouteApp(ROUTE, [load_profile(p) for p in PROFILES])

    return {
        "a bare Input (Textual and pilot alone)": await typing_ms(Baseline(), "#only"),
        "the explorer's route": await typing_ms(explorer(), "#route"),
        "a parameter value": await typing_ms(explorer(), ".param-value"),
    }


def main() -> int:
    first_frame_seconds()  # warm the file cache and byte-compile
    frames = [first_frame_seconds() for _ in range(7)]
    best, median = min(frames), statistics.median(frames)
    print(f"process start to first frame: best {best:.3f} s, median {median:.3f} s (bar 0.5 s)")
    for where, (cpu, wall) in asyncio.run(keystrokes()).items():
        print(f"a keystroke in {where}: median {cpu:.1f} ms CPU, {wall:.1f} ms wall (bar 16 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
