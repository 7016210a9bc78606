"""The explorer's own keys over a dialog (the fourth attack): over the help, the save and
load prompts and the command palette, a key that changes the form, the layers or the
secrets' mode is the dialog's or nothing; ctrl+z there undid a row's value unseen."""

from __future__ import annotations

import pytest

from restroute.tui import make_app
from tests.ui.test_explorer import SIZE, until

DIALOGS = ["f1", "ctrl+s", "ctrl+o", "ctrl+p"]  # help, save, load, the command palette
FORM_KEYS = ["ctrl+z", "ctrl+d", "ctrl+r", "ctrl+n", "f9", "f3", "ctrl+s", "ctrl+o"]


@pytest.mark.parametrize("dialog", DIALOGS)
async def test_the_forms_keys_over_a_dialog_change_nothing_under_it(dialog: str) -> None:
    app = make_app("GET /search/issues", [], [("per_page", "5")])
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.catalog_ready, "loaded")
        await pilot.press("ctrl+n")
        await pilot.press("n", "m", "tab", "v", "a", "l")
        await until(pilot, lambda: app.session.rows[-1] == ("nm", "val"), "a row typed")
        rows, layers = list(app.session.rows), [each.enabled for each in app.session.layers]
        secrets, catalog = app.secrets, app.catalog_source
        await pilot.press(dialog)
        await until(pilot, lambda: len(app.screen_stack) == 2, "the dialog open")
        opened = app.screen
        for key in FORM_KEYS:
            await pilot.press(key)
            await pilot.pause()
        assert app.screen is opened  # still over the form, nothing stacked on it
        assert app.session.rows == rows
        assert [each.enabled for each in app.session.layers] == layers
        assert (app.secrets, app.catalog_source) == (secrets, catalog)
        await pilot.press("escape")
        await until(pilot, lambda: len(app.screen_stack) == 1, "the dialog closed")
        await pilot.press("ctrl+z")  # on the form again: the keys are the form's
        await until(pilot, lambda: app.session.rows != rows, "the undo done")
