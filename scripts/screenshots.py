"""Write screenshots/*.svg from the real explorer in its main states.

Usage: python scripts/screenshots.py   (regenerate whenever the explorer changes)

The secret in the sample is a made-up token set here, and the screenshots are taken
with secrets redacted, as the explorer shows them by default.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input

from restroute.profiles import load_profile
from restroute.tui import make_app
from restroute.tui.app import RestrouteApp
from restroute.tui.widgets.param_row import ParamRow
from restroute.tui.widgets.results_view import ResultsView

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "screenshots"
SIZE = (140, 40)

Step = Callable[[RestrouteApp, Pilot[None]], Awaitable[None]]


VALUES = {"owner": "octocat", "repo": "hello-world", "title": "Found a bug"}


async def fill_placeholders(app: RestrouteApp, pilot: Pilot[None]) -> None:
    """Type the VALUES into the rows of those names, as a user would, key by key."""
    await pilot.pause()  # the catalog's form is complete after the first frame
    for row in app.query(ParamRow):
        name, _ = row.pair
        if name in VALUES:
            app.screen.set_focus(row)  # a drawn row becomes its field, as Tab makes it
            await pilot.press(*(char if char != " " else "space" for char in VALUES[name]))
    app.screen.set_focus(app.query(ParamRow).first())  # the help shows the first row
    await pilot.pause()


def tab(name: str) -> Step:
    async def show(app: RestrouteApp, pilot: Pilot[None]) -> None:
        await fill_placeholders(app, pilot)
        app.query_one(ResultsView).active = name
        await pilot.pause()

    return show


async def missing_parameter(app: RestrouteApp, pilot: Pilot[None]) -> None:
    await pilot.pause()


async def route_picker(app: RestrouteApp, pilot: Pilot[None]) -> None:
    await app.workers.wait_for_complete()
    await pilot.press("f2", *"issue", "space", *"comment")
    await pilot.pause()


async def choices(app: RestrouteApp, pilot: Pilot[None]) -> None:
    await fill_placeholders(app, pilot)
    state = next(row for row in app.query(ParamRow) if row.pair[0] == "state")
    app.screen.set_focus(state)
    await pilot.pause()
    await pilot.press("enter", "down", "down")  # the open list, "closed" highlighted
    await pilot.pause()


async def problems(app: RestrouteApp, pilot: Pilot[None]) -> None:
    """Only the owner typed, and a parameter GitHub does not document: F3 lists both."""
    await app.workers.wait_for_complete()
    await pilot.pause()
    app.screen.set_focus(app.query(ParamRow).first())
    await pilot.press(*"octocat", "ctrl+n", *"colour", "tab", *"blue", "f3")
    await pilot.pause()


async def help_screen(app: RestrouteApp, pilot: Pilot[None]) -> None:
    await pilot.press("f1")
    await pilot.pause()


SHOTS: dict[str, tuple[str, Step]] = {
    "parsed": ("POST /repos/{owner}/{repo}/issues", fill_placeholders),
    "explain": ("POST /repos/{owner}/{repo}/issues", tab("explain")),
    "curl": ("POST /repos/{owner}/{repo}/issues", tab("curl")),
    "python": ("POST /repos/{owner}/{repo}/issues", tab("python")),
    "missing-parameter": ("GET /repos/{owner}/{repo}/issues", missing_parameter),
    "route-picker": ("", route_picker),
    "choices": ("GET /repos/{owner}/{repo}/issues", choices),
    "problems": ("GET /repos/{owner}/{repo}/issues", problems),
    "help": ("GET /repos/{owner}/{repo}/issues", help_screen),
}


async def shoot(name: str, route: str, step: Step) -> Path:
    profiles = [
        load_profile(ROOT / "sample_profiles" / f) for f in ("github.toml", "teaching.toml")
    ]
    app = make_app(route, profiles)
    async with app.run_test(size=SIZE) as pilot:
        for cursor in app.query(Input).results(Input):
            cursor.cursor_blink = False
        await step(app, pilot)
        await pilot.pause(0.2)
        return Path(app.save_screenshot(filename=f"{name}.svg", path=str(OUT)))


async def main() -> None:
    os.environ["GITHUB_TOKEN"] = "ghp_not_a_real_token"  # shown redacted in every shot
    OUT.mkdir(exist_ok=True)
    for name, (route, step) in SHOTS.items():
        print(await shoot(name, route, step))


if __name__ == "__main__":
    asyncio.run(main())
