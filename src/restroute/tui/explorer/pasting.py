"""A request pasted into the route bar, read back into the route, the rows and the headers."""

from __future__ import annotations

from textual import on

from ...errors import EndpointError
from ..messages import RequestPasted
from ..widgets.param_help import ParamHelp
from ..widgets.params_editor import ParamsEditor
from ..widgets.results_view import ResultsView
from ..widgets.route_bar import RouteBar
from .live import LiveExplorer


class Pasting(LiveExplorer):
    """Reads a pasted request back, then lets through the keys typed meanwhile."""

    @on(RequestPasted)
    async def _request_pasted(self, message: RequestPasted) -> None:
        await self.paste_request(message.text)

    async def paste_request(self, text: str) -> None:
        """Read a pasted request back: its route in the route bar, its operation's form
        with the values and headers as the rows, and the Pasted tab showing what each
        part became. Text that cannot be read changes nothing, and the app says why."""
        try:
            await self._read_paste(text)
        finally:  # what was typed while it was read arrives after it, where focus is now
            bar = self.query_one(RouteBar)
            arriving = bar.release()
            for at, event in enumerate(arriving):
                await self.on_event(event)
                if bar.holding:  # a paste that came meanwhile is read next: the rest waits
                    bar.hold(arriving[at + 1 :])
                    break

    async def _read_paste(self, text: str) -> None:
        try:
            found = self.session.paste(text)
        except EndpointError as error:
            self.notify(f"Not read: {error}", severity="error", markup=False)
            return
        self._set_route(self.session.route)
        self.operation = found.operation
        editor = self.query_one(ParamsEditor)
        editor.specs = dict(found.operation.form()) if found.operation else {}
        await editor.clear()
        mounting = self._show_form()
        if mounting is not None:
            await mounting
        editor.scroll_home(animate=False)
        self.query_one(ParamHelp).show(found.operation)
        self.query_one(ResultsView).active = "pasted"
        self.update_results()
        what = found.operation.id if found.operation else "no documented route"
        said = f"Pasted request read as {what}: {len(self.session.rows)} rows"
        if found.warnings:
            count = len(found.warnings)
            said += f", {count} warning{'s' * (count > 1)} (Pasted tab)"
        self.notify(said, markup=False, severity="warning" if found.warnings else "information")
