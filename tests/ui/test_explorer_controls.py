"""No character a terminal would obey reaches the terminal from the explorer (the fourth
attack): a value given at start, a route pasted, a free row's name and value, and the
error and panes that quote them show each such character escaped (``\\x1b``), while the
value itself stays as typed."""

from __future__ import annotations

import html
import io
import json
import re
import shutil
import tempfile
from pathlib import Path

from rich.console import Console
from textual import events

from restroute.profiles import load_profile
from restroute.tui import make_app
from tests.ui.test_explorer import SIZE, until

PASTED = [("\x1b[31mred", "\\x1b[31mred"), ("a\u202eb", "a\\u202eb"), ("x\x9b2J", "x\\x9b2J")]
CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


async def test_controls_in_values_and_a_pasted_route_show_escaped() -> None:
    app = make_app("GET /user", [], [("title", "t\x1b]0;pwned\x07\u202eevil")])
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.catalog_ready, "loaded")
        await pilot.press("ctrl+l")
        app.focused.post_message(events.Paste("\x1b[2J\x9b31m"))  # type: ignore[union-attr]
        await until(pilot, lambda: app.session.route.endswith("31m"), "the paste typed")
        await pilot.pause()
        for tab in ("ctrl+f", "right", "right", "right"):  # the panes that quote them
            await pilot.press(tab)
            await pilot.pause()
            shot = html.unescape(re.sub(r"<[^>]+>", "", app.export_screenshot()))
            assert CONTROLS.findall(shot) == []
            update = app.screen._compositor.render_update(full=True)
            console = Console(file=io.StringIO(), force_terminal=True, width=SIZE[0])
            segments = update.render_segments(console)  # type: ignore[union-attr]
            written = segments if isinstance(segments, str) else "".join(map(str, segments))
            assert "\x1b]0;" not in written
            assert "\x1b[2J" not in written
            assert "\u202e" not in written
            assert "\x9b" not in written
        assert "\\x1b[2J\\x9b31m" in shot  # escaped, as written
        assert app.session.route == "GET /user\x1b[2J\x9b31m"  # the value as typed


async def test_a_rows_name_shows_in_the_help_panel_escaped_and_hidden() -> None:
    """The fifth attack's F7 and F8: a free row's name pasted with a terminal's commands,
    or a header line, showed as typed in the panel of what GitHub says of it, and the
    header line's value in the name's field once left."""
    names = {
        "\x1b]0;pwna": "\\x1b]0;pwna",
        "\x1b[2Jname": "\\x1b[2Jname",
        "a\u202eb": "a\\u202eb",
        "x-api-key: Qsecret123456": "x-api-key: <REDACTED>",
        "x-api-key;Qsecret123456": "x-api-key;<REDACTED>",  # the sixth attack's G4
        "password\tQsecret123456": "password\\t<REDACTED>",
        "ghp_" + "Qsecr" * 7 + "Q": "<REDACTED>",
    }
    for name, shown in names.items():
        app = make_app("GET /user", [], [])
        async with app.run_test(size=(100, 40)) as pilot:
            await until(pilot, lambda: app.catalog_ready, "loaded")  # noqa: B023 (awaited here)
            await pilot.press("ctrl+n")
            app.focused.post_message(events.Paste(name))  # type: ignore[union-attr]
            await pilot.pause()
            shot = html.unescape(re.sub(r"<[^>]+>", "", app.export_screenshot()))
            shot = shot.replace("\xa0", " ")
            assert f"{shown} · GitHub documents no such parameter" in shot, name
            assert CONTROLS.findall(shot) == []
            assert "Qsecret123456" not in shot.partition("GitHub documents")[0].splitlines()[-1]
            field = app.focused
            app.set_focus(None)  # the name left: its field shows it hidden, not typed
            await pilot.pause()
            shot = html.unescape(re.sub(r"<[^>]+>", "", app.export_screenshot()))
            assert "Qsecr" not in shot, name
            assert CONTROLS.findall(shot) == []
            assert getattr(field, "value", None) == name  # the name itself as typed


async def test_a_dialogs_field_shows_a_pasted_terminal_command_escaped() -> None:
    """The fifth attack's F10: the save and load prompts, the route picker and the
    command palette drew what was pasted in them as it was: ESC [31m turned the rest red,
    a bidi override reversed it. Drawn escaped; the text typed stays as it was."""
    dialogs = [("ctrl+s", "PathPrompt"), ("ctrl+o", "PathPrompt"), ("f2", "RoutePicker")]
    for key, dialog in [*dialogs, ("ctrl+p", "_Palette")]:
        for text, shown in PASTED:
            app = make_app("GET /user", [], [])
            async with app.run_test(size=(120, 30)) as pilot:
                await until(pilot, lambda: app.catalog_ready, "loaded")  # noqa: B023
                await pilot.press(key)
                await pilot.pause()
                assert type(app.screen).__name__ == dialog
                field = app.focused
                assert field is not None
                field.post_message(events.Paste(text))
                await until(pilot, lambda: text in str(getattr(field, "value", "")), "pasted")  # noqa: B023
                shot = html.unescape(re.sub(r"<[^>]+>", "", app.export_screenshot()))
                assert CONTROLS.findall(shot) == [], (key, text)
                assert shown in shot.replace("\xa0", " "), (key, text)


async def test_controls_from_files_show_escaped(tmp_path: Path) -> None:
    """The sixth attack's G3: a catalog's parameter named ``q ESC[2J`` (its form row), a
    profile's file ``p 0x9B 1m.toml`` (the layers' list and title) and a path in the
    overwrite question (ESC, U+202E) were drawn raw."""
    catalog = tmp_path / "cat.json"
    parameters = [
        {"name": "p0", "in": "path", "required": True, "schema": {"type": "string"}},
        {"name": "q\x1b[2J", "in": "query", "schema": {"type": "string"}},
    ]
    operation = {"operationId": "op", "parameters": parameters, "responses": {}}
    info = {"title": "t\x1b]0;x\x07", "version": "1"}
    description = {"openapi": "3.0.0", "info": info, "paths": {"/thing/{p0}": {"get": operation}}}
    catalog.write_text(json.dumps(description))
    app = make_app("GET /thing/{p0}", [], [], catalog=str(catalog))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.catalog_ready, "loaded")
        await pilot.pause()
        shot = html.unescape(re.sub(r"<[^>]+>", "", app.export_screenshot()))
        assert CONTROLS.findall(shot) == []
        assert "q\\x1b[2J" in shot.replace("\xa0", " ")  # the row, named as written
    short = Path(tempfile.mkdtemp(prefix="g3"))  # the dialog shows a short path whole
    profile = short / "p\x9b1m.toml"
    profile.write_text('q = "1"\n')
    taken = short / "s\x1b[2J\u202e.toml"
    taken.write_text('q = "1"\n')
    for key, path, shown in (("ctrl+o", profile, "p\\x9b1m"), ("ctrl+s", taken, "s\\x1b[2J")):
        app = make_app("GET /user", [], [])
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.catalog_ready, "loaded")  # noqa: B023
            await pilot.press(key)
            await pilot.press("ctrl+a", "ctrl+k")
            app.focused.post_message(events.Paste(str(path)))  # type: ignore[union-attr]
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            await pilot.pause()
            shot = html.unescape(re.sub(r"<[^>]+>", "", app.export_screenshot()))
            assert CONTROLS.findall(shot) == [], key
            assert shown in shot.replace("\xa0", " "), key
    shutil.rmtree(short)


async def test_controls_and_tokens_in_a_description_and_a_profile_show_escaped_or_hidden(
    tmp_path: Path,
) -> None:
    """The seventh attack's H7 and H1: a parameter's default (d ESC[2J) in the form's
    placeholder, an operationId (op ESC]0;pwn) in the panel, a profile's value and key
    (v U+202E, t U+0085) in the layer's TOML were drawn raw; an API's title quoting a
    token showed it in the route bar's title."""
    token = "ghp_" + "Zq8Wm" * 7 + "A"
    parameters = [
        {"name": "p", "in": "path", "required": True, "schema": {"type": "string"}},
        {"name": "q", "in": "query", "schema": {"type": "string", "default": "d\x1b[2J"}},
    ]
    operation = {"operationId": "op\x1b]0;pwn", "summary": "s", "parameters": parameters}
    description = {
        "openapi": "3.0.0",
        "info": {"title": f"API {token}", "version": "1"},
        "servers": [{"url": "https://h.example"}],
        "paths": {"/t/{p}": {"get": operation}},
    }
    catalog = tmp_path / "c.json"
    catalog.write_text(json.dumps(description))
    profile = tmp_path / "p.toml"
    profile.write_text('k = "v\\u202e"\n"t\\u0085" = "x"\n')
    app = make_app("GET /t/{p}", [load_profile(profile)], [], catalog=str(catalog))
    async with app.run_test(size=(160, 50)) as pilot:
        await until(pilot, lambda: app.catalog_ready, "loaded")
        await pilot.press("ctrl+g")
        await pilot.pause()
        await pilot.press("tab")  # to the q row: the panel says what the description does
        await pilot.pause()
        shot = html.unescape(re.sub(r"<[^>]+>", "", app.export_screenshot()))
        assert CONTROLS.findall(shot) == []
        assert token not in shot
        assert "\\x1b" in shot.replace("\xa0", " ")  # drawn escaped, not left out


async def test_a_status_of_a_long_url_shows_its_start() -> None:
    """A URL of 10 MB was measured whole to be drawn in the status line (a minute of CPU):
    it shows its first 2,000 characters, cut with "…"."""
    app = make_app("GET /search/issues", [], [("q", "x" * 5_000)])
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.catalog_ready, "loaded")
        status = app.query_one("#status")
        shown = str(status.render())
        assert shown.endswith("…")
        assert 1_900 < len(shown) < 2_100


async def test_a_palette_whose_list_is_gone_shows_no_list_and_raises_nothing() -> None:
    """A fresh CI run closed the app with the palette open as its search ended: Textual's
    watcher looked for the list, gone, and raised NoMatches. The palette's list removed,
    as at that moment, the watcher does nothing."""
    from textual.command import CommandList, CommandPalette

    app = make_app("GET /user", [], [])
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.catalog_ready, "loaded")
        await pilot.press("ctrl+p")
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        await palette.query_one(CommandList).remove()
        palette._list_visible = not palette._list_visible  # its watcher runs now
        await pilot.pause()
        assert not palette.query(CommandList)
