"""The form's actions: a route picked, a row added or deleted, undo, a file sent as the body."""

from __future__ import annotations

from textual.actions import SkipAction
from textual.widgets import Input

from ...catalog import Operation
from ...errors import EndpointError
from ..widgets.layers_panel import LayersPanel
from ..widgets.param_help import ParamHelp
from ..widgets.params_editor import ParamsEditor
from .live import LiveExplorer


class FormActions(LiveExplorer):
    """What the form's keys do to the session's rows."""

    async def choose(self, operation: Operation | None) -> None:
        """Take a route picked from the catalog: the route bar, and its form as the rows,
        focused on the first value to fill."""
        if operation is None:
            return
        dropped = self.session.choose(operation)
        self._set_route(operation.route)
        self.operation = operation
        editor = self.query_one(ParamsEditor)
        editor.specs = dict(operation.form())
        await editor.clear()  # a new form: no row, scroll or focus of the old one
        mounting = self._show_form()
        if mounting is not None:
            await mounting
        editor.scroll_home(animate=False)
        self.query_one(ParamHelp).show(operation)
        self.update_results()
        self._focus_first_value()
        if dropped:
            names = ", ".join(f"{name}={value}" for name, value in dropped)
            self.notify(f"Dropped what {operation.id} does not take: {names} (ctrl+z brings "
                        "it back)", severity="warning", markup=False)  # fmt: skip

    def action_pick_route(self) -> None:
        from ..screens.route_picker import RoutePicker  # at first use: not on the first frame

        self.push_screen(RoutePicker(api=self.session.catalog), self.choose)

    async def action_add_row(self) -> None:
        self.session.edit_rows([*self.session.rows, ("", "")], field=None)
        mounting = self._show_form()
        if mounting is not None:  # keys typed after ctrl+n wait for it: they go in the name
            await mounting
        self.query_one(ParamsEditor).focus_row(len(self.session.rows) - 1, name=True)
        self.update_results()

    def action_delete_row(self) -> None:
        """ctrl+d: delete the focused row (the route's own rows are emptied), focus the
        next; in any other text field, delete the character right of the cursor."""
        editor = self.query_one(ParamsEditor)
        index = editor.focused_index()
        if index is None:
            focused = self.focused
            toml = self.query_one(LayersPanel).made_editor
            if isinstance(focused, Input):
                focused.action_delete_right()
                return
            if toml is not None and focused is toml:
                toml.action_delete_right()
                return
            self.notify("Focus a parameter row to delete it", severity="warning")
            return
        before = len(self.session.rows)
        self.session.delete_row(index)
        self._show_form()
        self.update_results()
        # The next row: where the deleted one was, or after the row emptied in its place.
        editor.focus_row(index if len(self.session.rows) < before else index + 1)

    def action_undo(self) -> None:
        toml = self.query_one(LayersPanel).made_editor
        if toml is not None and self.focused is toml:  # the TOML editor keeps its own undo
            raise SkipAction()
        if not self.session.undo():
            self.notify("Nothing to undo", severity="warning")
            return
        self._set_route(self.session.route)
        self._follow_catalog()
        self._show_form()
        self.update_results()

    def action_clear_form(self) -> None:
        self.session.clear_form()
        self._show_form()
        self.update_results()
        self.notify("Form cleared (ctrl+z brings it back)")

    def action_attach(self) -> None:
        from ..screens.path_prompt import PathPrompt

        self.push_screen(PathPrompt("Send a file as the body (its path):"), self._attach_file)

    def _attach_file(self, path: str | None) -> None:
        if not path:
            return
        try:
            attachment = self.session.attach(path)
        except EndpointError as error:
            self.notify(str(error), severity="error", markup=False)
            return
        self._file_changed()
        note = f"The body is {attachment.label}"
        view = self.view
        sent = view.parsed["headers"].get("content-type") if view and view.parsed else None
        if sent:
            note += f"; content-type: {sent}"
        self.notify(f"{note} (a data row typed wins; ctrl+p detach forgets the file)",
                    markup=False)  # fmt: skip

    def action_detach(self) -> None:
        self.session.detach()
        self._file_changed()
        self.notify("No file is sent")

    def _file_changed(self) -> None:
        if "data" not in {name for name, _ in self.session.rows}:
            self.session.fill([("data", "")])  # a row that says which file goes
            self._show_form()
        self.query_one(ParamsEditor).refresh_hints()
        self.update_results()
