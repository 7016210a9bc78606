"""Explorer speed: process start to first frame, and a keystroke to updated results.

Usage: python benchmarks/bench_explorer.py

* first frame: the README's first command (``python -m restroute explore`` on the
  example route with the sample profiles) in a pseudo-terminal of 80x24, from starting
  the process until what it has written there shows the request (the status line's
  URL in the results): the first frame a person can use, form and results in it. Best
  and median of 7 runs, wall clock; a bare Textual app showing one word is the floor.
* keystroke: in a running app (headless) whose placeholders are filled, a key event
  for the route or a parameter value, until the results view starts repainting: 200
  keys 30 ms apart in each of 3 rounds (a fresh app each, the cases in turn), wall clock:
  the median, p10 and p90 (and the CPU median). The same for a key in the route
  picker's search field until its list repaints. Keys are posted as events, not
  through the pilot, whose own waiting grows with the number of widgets and would
  dominate; a bare Input echoed into a Static gives the floor any Textual app pays.
* a 300-character paste into a parameter value, until the results start repainting
  (one update for the whole paste): the median of 30.
* F1 until the help's text is painted: the median of 20 (escape closes it between).

The bars are issue 16's: first frame 0.35 s, key 10 ms, picker key 8 ms; and issue
12's: paste 100 ms, F1 0.15 s. Each key's figure comes with the floor's, measured in
the same rounds: this machine's speed drifts by a third over an hour.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import re
import select
import signal
import statistics
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

ROOT = Path(__file__).resolve().parents[1]
PROFILES = [str(ROOT / "sample_profiles" / name) for name in ("github.toml", "teaching.toml")]
ROUTE = "GET /repos/{owner}/{repo}/issues"

# The README's first command, as a newcomer runs it, in a terminal of 80x24.
COMMAND = [
    sys.executable, "-m", "restroute", "explore", ROUTE, "owner=octocat", "repo=hello-world",
    "--profile", PROFILES[0], "--profile", PROFILES[1],
]  # fmt: skip
REQUEST_SHOWN = "https://api.github.com/repos/octocat/hello-world/issues"  # in the results
ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


def first_frame_seconds(command: list[str] = COMMAND, shown: str = REQUEST_SHOWN) -> float:
    """Wall seconds from starting ``command`` in a pseudo-terminal of 80x24 until what it
    writes there, its escape sequences taken out, holds ``shown``: the first frame that
    shows the request, as the person at the terminal sees it."""
    controller, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    environment = {**os.environ, "TERM": "xterm-256color", "COLORTERM": "truecolor"}
    start = time.perf_counter()
    process = subprocess.Popen(
        command, stdin=terminal, stdout=terminal, stderr=terminal, env=environment,
        start_new_session=True,
    )  # fmt: skip
    os.close(terminal)
    written = b""
    try:
        while shown not in ESCAPES.sub("", written.decode(errors="replace")):
            ready, _, _ = select.select([controller], [], [], 1)
            assert time.perf_counter() - start < 10, f"not shown in 10 s: {written[-300:]!r}"
            if ready:
                written += os.read(controller, 1 << 16)
        return time.perf_counter() - start
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        os.close(controller)


BARE = """
from textual.app import App
from textual.widgets import Static
class Bare(App):
    def compose(self):
        yield Static("bare")
Bare().run()
"""


class Baseline(App[None]):
    """A bare Input that shows its text below it: the floor any Textual app pays."""

    def compose(self) -> ComposeResult:
        from textual.widgets import Input, Static

        yield Input(id="only")
        yield Static(id="echo")

    def on_input_changed(self, event: object) -> None:
        from textual.widgets import Input, Static

        self.query_one("#echo", Static).update(self.query_one("#only", Input).value)


def repaint_event(view: Widget) -> asyncio.Event:
    """An event set whenever ``view`` has painted lines for a frame (its render_lines
    is wrapped: the compositor asks for them as it makes the frame)."""
    repainted = asyncio.Event()
    render_lines = view.render_lines

    def watched(crop: Region) -> list[Strip]:
        lines = render_lines(crop)
        repainted.set()
        return lines

    view.render_lines = watched  # type: ignore[method-assign]
    return repainted


async def key_to_paint_ms(
    app: App[None], target: str, painted: str, keys: int = 200, *, picker: str = ""
) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds from each key event to the first repainted line of
    ``painted`` (the results), keys 30 ms apart as a fast typist's; ``picker``: the query
    typed into the route picker first."""
    from textual import events
    from textual.widgets import Input

    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        if picker:
            await pilot.press("f2", *(char if char != " " else "space" for char in picker))
            await pilot.pause()
        await wake_rows(app)
        for placeholder in app.screen.query(".param-value").results(
            Input
        ):  # a request, not an error
            placeholder.value = "octocat"
        field = next(iter(app.screen.query(target).results(Input)))
        field.focus()
        await pilot.pause()
        await pilot.press("end")  # focus selects the whole value; type at its end instead
        view = app.screen.query_one(painted, Widget)
        repainted = repaint_event(view)
        wall, cpu = [], []
        for i in range(keys):
            await asyncio.sleep(0.03)
            repainted.clear()
            start_wall, start_cpu = time.perf_counter(), time.process_time()
            if i % 2 == 0:
                app.post_message(events.Key("a", "a"))
            else:
                app.post_message(events.Key("backspace", None))
            await asyncio.wait_for(repainted.wait(), 5)
            wall.append((time.perf_counter() - start_wall) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
    return wall, cpu


async def wake_rows(app: App[None]) -> None:
    """The form's rows as widgets, as once the user has been through them (a row is
    drawn by itself until first focused)."""
    from restroute.tui.widgets.param_row import ParamRow

    for row in app.screen.query(ParamRow).results(ParamRow):
        mounting = row.wake()
        if mounting is not None:
            await mounting


def spread(milliseconds: list[float]) -> str:
    """``median 9.1 ms (p10 7.0, p90 13.2)``."""
    tenths = statistics.quantiles(milliseconds, n=10)
    return (
        f"median {statistics.median(milliseconds):.1f} ms"
        f" (p10 {tenths[0]:.1f}, p90 {tenths[-1]:.1f})"
    )


async def paste_to_paint_ms(app: App[None], pastes: int = 30) -> float:
    """Median wall milliseconds from a 300-character paste into a value to the results'
    first repainted line."""
    from textual import events
    from textual.widgets import Input

    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await wake_rows(app)
        field = next(iter(app.screen.query(".param-value").results(Input)))
        field.focus()
        await pilot.pause()
        view = app.screen.query_one("#result-text", Widget)
        repainted = repaint_event(view)
        wall = []
        for i in range(pastes):
            field.value = ""
            await pilot.pause()
            await asyncio.sleep(0.05)
            repainted.clear()
            start = time.perf_counter()
            app.post_message(events.Paste(chr(ord("a") + i % 26) * 300))
            await asyncio.wait_for(repainted.wait(), 5)
            wall.append(time.perf_counter() - start)
    return statistics.median(wall) * 1000


async def help_ms(app: App[None], times: int = 20) -> float:
    """Median wall milliseconds from F1 to the help's first painted line."""
    from textual import events
    from textual.widgets import Static

    from restroute.tui.screens.help_screen import HelpScreen

    painted = asyncio.Event()
    original = Static.render_line

    def watched(self: Static, y: int) -> object:
        if self.id == "help-text":
            painted.set()
        return original(self, y)

    Static.render_line = watched  # type: ignore[method-assign, assignment]
    wall = []
    try:
        async with app.run_test(size=(140, 40)) as pilot:
            await pilot.pause()
            await app.workers.wait_for_complete()
            for _ in range(times):
                painted.clear()
                start = time.perf_counter()
                app.post_message(events.Key("f1", None))
                await asyncio.wait_for(painted.wait(), 5)
                wall.append(time.perf_counter() - start)
                assert isinstance(app.screen, HelpScreen)
                await pilot.press("escape")
                await pilot.pause(0.05)
    finally:
        Static.render_line = original  # type: ignore[method-assign]
    return statistics.median(wall) * 1000


async def keystrokes(rounds: int = 3) -> dict[str, tuple[list[float], list[float]]]:
    """Each case in ``rounds`` fresh apps, one after the other (this machine's speed
    drifts over a minute: one long run would measure the drift)."""
    from restroute.profiles import load_profile
    from restroute.tui.app import RestrouteApp

    def explorer() -> RestrouteApp:
        return RestrouteApp(ROUTE, [load_profile(p) for p in PROFILES])

    cases: dict[str, Callable[[], Awaitable[tuple[list[float], list[float]]]]] = {
        "a bare Input echoed below it (the floor)": lambda: key_to_paint_ms(
            Baseline(), "#only", "#echo"
        ),
        "the route": lambda: key_to_paint_ms(explorer(), "#route", "#result-text"),
        "a parameter value": lambda: key_to_paint_ms(explorer(), ".param-value", "#result-text"),
        "the route picker's search": lambda: key_to_paint_ms(
            RestrouteApp(), "#picker-query", "#picker-list", picker="create issue"
        ),
    }
    figures: dict[str, tuple[list[float], list[float]]] = {case: ([], []) for case in cases}
    for _ in range(rounds):
        for case, measure in cases.items():
            wall, cpu = await measure()
            figures[case][0].extend(wall)
            figures[case][1].extend(cpu)
    return figures


def main() -> int:
    first_frame_seconds()  # warm the file cache
    frames = [first_frame_seconds() for _ in range(7)]
    best, median = min(frames), statistics.median(frames)
    print(f"process start to the first frame showing the request, in a terminal of 80x24:"
          f" best {best:.3f} s, median {median:.3f} s (bar 0.35 s)")  # fmt: skip
    bare = [first_frame_seconds([sys.executable, "-c", BARE], "bare") for _ in range(7)]
    print(f"  a bare Textual app (the floor): best {min(bare):.3f} s,"
          f" median {statistics.median(bare):.3f} s")  # fmt: skip
    for where, (wall, cpu) in asyncio.run(keystrokes()).items():
        bar = "8" if "picker" in where else "10"
        print(
            f"key in {where} -> results repainted, {len(wall)} keys: {spread(wall)};"
            f" CPU median {statistics.median(cpu):.1f} ms (bar {bar} ms)"
        )
    from restroute.profiles import load_profile
    from restroute.tui.app import RestrouteApp

    def explorer() -> RestrouteApp:
        return RestrouteApp(ROUTE, [load_profile(p) for p in PROFILES])

    pasted = asyncio.run(paste_to_paint_ms(explorer()))
    print(f"300-character paste -> results repainted: median {pasted:.1f} ms (bar 100 ms)")
    helped = asyncio.run(help_ms(explorer()))
    print(f"F1 -> help painted: median {helped:.1f} ms (bar 150 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
