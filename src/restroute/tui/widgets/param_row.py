"""One parameter row, one line: its name, and a value field (or a choice)."""

from __future__ import annotations

import functools

from rich.segment import Segment
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.strip import Strip
from textual.widget import AwaitMount, Widget
from textual.widgets import Input, Label, OptionList, Select

from ..._core.encoding import printable
from ...catalog import Parameter
from ...redact import masked_shapes, name_shown
from ...session import VALUE_HINT
from ..paging import page
from .live_input import LiveInput

ARROW_WIDTH = 3  # a choice ends " ▼ ": Select's arrow, its left padding and the right one


# How a drawn row looks: as the widgets it wakes into (Textual's Input and Select,
# compact, under the app's CSS for rows). The form holds these styles, once for all its
# rows: as each row's own, they were 7 styles a row to work out, a fifth of the start.
LOOKS = {
    "param-row--name",
    "param-row--name-required",
    "param-row--equals",
    "param-row--value",
    "param-row--value-missing",
    "param-row--placeholder",
    "param-row--placeholder-missing",
    "param-row--choice",
    "param-row--prompt",
    "param-row--arrow",
}
LOOKS_CSS = """
& > .param-row--name-required { text-style: bold; }
& > .param-row--equals { color: $text-muted; }
& > .param-row--value { background: $surface; color: $foreground; }
& > .param-row--value-missing { background: $error 25%; color: $foreground; }
& > .param-row--placeholder { background: $surface; color: $text-disabled; }
& > .param-row--placeholder-missing { background: $error 25%; color: $text-disabled; }
& > .param-row--choice { background: $surface; color: $foreground; }
& > .param-row--prompt { background: $surface; color: $foreground 50%; }
& > .param-row--arrow { background: $surface; color: $foreground 50%; }
"""


def name_width(row_width: int) -> int:
    """The width of the name column (a space, the name): two fifths of what the row
    leaves beside ``" = "``, at most 30."""
    return max(1, min(30, (row_width - 3) * 2 // 5))


class ParamRow(Horizontal):
    """``name = value``. The route's own rows (``laid_out``) name themselves with a
    label, so Tab goes from value to value and never into a name; a row the user added
    (ctrl+n) has a name field, which Tab reaches only while it is empty.

    A route's row is drawn by the row itself until it is first focused or clicked
    (``drawn``): a form of 16 rows as Textual's widgets took a third of the explorer's
    start, 5 ms for a text field and 16 ms for a choice, and most rows of a form are
    never touched. Focused, it becomes those widgets (``wake``), in the same turn, so
    the keys behind the focus land in its field; drawn, it looks the same, and
    tests/ui/test_explorer_form.py compares the two, line for line.

    ``-required``, ``-missing`` and ``-free`` style it."""

    def __init__(
        self,
        name: str = "",
        value: str = "",
        *,
        laid_out: bool = False,
        spec: Parameter | None = None,
        hint: str = "",
        masked: bool = False,
    ) -> None:
        classes = ["param-row", "-free"] if not laid_out else ["param-row"]
        classes += ["-required"] * bool(spec and spec.required)
        super().__init__(classes=" ".join(classes))
        self.laid_out = laid_out
        self._initial = (name, value)
        self.spec = spec
        self._given = hint  # what a layer gives the value ("100 · teaching"), or ""
        self.name_field: Input | None = None  # kept, not queried: pair is read on every key
        self.value_field: Input | Select[str] | None = None
        self._chosen = value  # a Select's value, which reads NULL until it is mounted
        self._offered: list[str] = []  # the choices of the Select, if the value is one
        self.gone = False  # out of the form, while it is removed
        self.drawn = laid_out  # painted by the row itself: no widgets yet (see wake)
        self.can_focus = self.drawn  # Tab reaches it; the screen wakes it (PaintingScreen)
        self.masked = masked  # the value shown as dots: a secret, while they are redacted
        self.names_hidden = True  # a token's shape in the name hidden (name_shown)

    @property
    def key(self) -> tuple[str, bool]:
        """What a row is, for laying the form out again: rows of the same key are kept."""
        return self.pair[0], self.laid_out

    def compose(self) -> ComposeResult:
        if self.drawn:
            return
        yield from self._fields()

    def _fields(self) -> ComposeResult:
        name, value = self._initial
        if self.laid_out:
            self._name_widget: Widget = Label(Content(self._shown(name)), classes="param-name")
        else:
            self.name_field = _NameInput(
                name, placeholder="name", classes="param-name", compact=True, select_on_focus=False
            )
            self.name_field.can_focus = not name
            self.name_field.hidden = self.names_hidden
            self._name_widget = self.name_field
        self._name_widget.styles.width = name_width(self.size.width)
        yield self._name_widget
        yield Label("=", classes="param-equals")
        self._offered = self._choices(value)
        self.value_field = _value_field(self._placeholder(), value, self._offered, self.masked)
        yield self.value_field

    def wake(self) -> AwaitMount | None:
        """Become the widgets the row has drawn, at once: they are in the DOM when this
        returns, so the focus can go to the value field now; they are mounted when the
        result is awaited (None: the row was widgets already)."""
        if not self.drawn:
            return None
        self.drawn = False
        self.can_focus = False
        return self.mount_all(list(self._fields()))

    def focus_target(self) -> Widget | None:
        """The value field, once the row is widgets (PaintingScreen asks, on focus)."""
        self.wake()
        return self.value_field

    def on_resize(self) -> None:
        if not self.drawn:
            self._name_widget.styles.width = name_width(self.size.width)

    def render_line(self, y: int) -> Strip:
        if not self.drawn:
            return super().render_line(y)
        return self._drawn_line(self.size.width)

    def _drawn_line(self, width: int) -> Strip:
        """The line the row's widgets would paint, unfocused."""
        name, value = self._initial
        form = self.parent
        assert isinstance(form, Widget)  # the form that holds the looks (LOOKS)
        style = form.get_component_rich_style
        column = name_width(width)
        field = max(0, width - column - 3)
        bold = "-required" if self.has_class("-required") else ""
        missing = "-missing" if self.has_class("-missing") else ""
        segments = [
            Segment(
                " " + _fit(self._shown(name), column - 1, ellipsis=True),
                style(f"param-row--name{bold}"),
            ),
            Segment(" = ", style("param-row--equals")),
        ]
        if self._choices(value):  # a Select: the first line of its label, its arrow
            label = max(0, field - ARROW_WIDTH)
            text = value or self._placeholder()
            first = Content(text).wrap(label)[0].plain if label else ""
            role = "param-row--choice" if value else "param-row--prompt"
            segments += [
                Segment(_fit(first, label), style(role)),
                Segment(" ▼ "[:field], style("param-row--arrow")),
            ]
        elif value:  # an Input, from the start of its value (a secret's as Input hides it)
            shown = "•" * len(value) if self.masked else value
            segments.append(Segment(_fit(shown, field), style(f"param-row--value{missing}")))
        else:  # its placeholder, cut with "…" as LiveInput cuts it
            hint = _fit(self._placeholder(), field, ellipsis=True)
            segments.append(Segment(hint, style(f"param-row--placeholder{missing}")))
        return Strip(segments).crop_extend(0, width, self.rich_style)

    @property
    def takes_text(self) -> bool:
        """Whether the value is typed (not chosen from a list)."""
        if self.value_field is not None:
            return isinstance(self.value_field, Input)
        return not self._choices(self._initial[1])

    @property
    def pair(self) -> tuple[str, str]:
        """(name, value text); read on every keystroke, so no query of the children."""
        if self.value_field is None:  # not composed yet
            return self._initial
        name = self.name_field.value if self.name_field is not None else self._initial[0]
        if isinstance(self.value_field, Select):
            return name, self._chosen
        return name, self.value_field.value

    def set_value(self, value: str) -> None:
        """Show ``value`` (undo, or a form laid out again), without it counting as typed."""
        field = self.value_field
        if field is None:
            self._initial = (self._initial[0], value)
            self.refresh()
        elif isinstance(field, Select):
            self._chosen = value
            with field.prevent(Select.Changed):
                field.value = value if value in self._offered else Select.NULL
        elif field.value != value:
            with field.prevent(Input.Changed):
                field.value = value

    def focus_value(self) -> None:
        self.wake()
        if self.value_field is not None:
            self.screen.set_focus(self.value_field)  # at once: keys queued behind go there

    @on(Select.Changed)
    def _chosen_changed(self, event: Select.Changed) -> None:
        self._chosen = event.value if isinstance(event.value, str) else ""

    @on(Input.Blurred, ".param-name")
    def _named(self) -> None:
        """A name given is kept: from now on Tab passes it by (ctrl+d and ctrl+z undo it)."""
        if self.name_field is not None and self.name_field.value.strip():
            self.name_field.can_focus = False

    def mask(self, masked: bool) -> None:
        """Show the value as dots, or as typed (a secret, as secrets are redacted or not)."""
        if masked != self.masked:
            self.masked = masked
            if isinstance(self.value_field, Input):
                self.value_field.password = masked
            self.refresh()  # drawn, the value is the row's

    def hide_names(self, hidden: bool) -> None:
        """Show a token's shape in the name hidden (``name_shown``: secrets are redacted),
        or as it is; the name itself is kept."""
        if hidden == self.names_hidden:
            return
        self.names_hidden = hidden
        if isinstance(self.name_field, _NameInput):
            self.name_field.hidden = hidden
            self.name_field.refresh()
        elif isinstance(label := getattr(self, "_name_widget", None), Label):  # composed
            label.update(Content(self._shown(self._initial[0])))
        self.refresh()

    def _shown(self, name: str) -> str:
        # drawn escaped: a catalog's parameter may be named q\x1b[2J
        return printable(name_shown(name) if self.names_hidden else name)

    def hint(self, text: str) -> None:
        """What a layer gives the value (``100 · teaching``; "" for none): its placeholder."""
        self._given = text
        self.refresh()  # drawn, the placeholder is the row's
        if isinstance(self.value_field, Input):
            self.value_field.placeholder = self._placeholder()

    def _placeholder(self) -> str:
        return printable(self._given or hint_of(self.spec))  # a description's default

    def _choices(self, value: str) -> list[str]:
        """The choices to offer. A row of one's own keeps its text field: named after a
        choice as it is typed, it would take the next keys as a search of the list and
        lose them (the catalog's check still names a value that is not a choice)."""
        return _choices(self.spec, value) if self.laid_out else []

    def describe(self, spec: Parameter | None) -> None:
        """Take the catalog's description of this row (or none): its placeholder, class,
        and whether the value is a choice; what the value holds is kept."""
        self.spec = spec
        self.set_class(bool(spec and spec.required), "-required")
        old = self.value_field
        if old is None:
            self.refresh()
            return
        value = self.pair[1]
        choices = self._choices(value)
        if isinstance(old, Input) and not choices:
            old.placeholder = self._placeholder()
            return
        if isinstance(old, Select) and choices == self._offered:
            return
        self._chosen, self._offered = value, choices
        self.value_field = _value_field(self._placeholder(), value, choices, self.masked)
        self.mount(self.value_field, after=old)
        old.remove()


class Choice(Select[str]):
    """A Select whose list pages by ``paging.page``: enter then pagedown, queued, reach
    the list before its first layout, where Textual 8.2.8 raises KeyError (paging.py).

    The list is the Select's own; its page actions are replaced on the instance: the key
    reaches it through the app's bindings, once it has the focus, after any check here."""

    def on_mount(self) -> None:
        listing = next(iter(self.query(OptionList)), None)
        if listing is None:  # removed as it was mounted (its row was laid out anew)
            return
        listing.action_page_down = functools.partial(page, listing, 1)  # type: ignore[method-assign]
        listing.action_page_up = functools.partial(page, listing, -1)  # type: ignore[method-assign]


class _NameInput(LiveInput):
    """A free row's name: while it does not have the focus and secrets are redacted
    (``hidden``), drawn with a token's shape in it hidden, as the route bar draws a
    route; its value is the name as typed always."""

    hidden = True

    def shown(self) -> str:
        return name_shown(self.value) if self.hidden and not self.edited() else self.value


def _value_field(hint: str, value: str, choices: list[str], masked: bool) -> Input | Select[str]:
    if choices:
        return Choice(
            [(printable(masked_shapes(choice)), choice) for choice in choices],
            prompt=hint,
            value=value or Select.NULL,
            classes="param-value",
            compact=True,
        )
    return LiveInput(
        value, placeholder=hint, classes="param-value", compact=True, select_on_focus=False,
        password=masked,
    )  # fmt: skip


def _fit(text: str, width: int, *, ellipsis: bool = False) -> str:
    """``text`` in exactly ``width`` cells: cut (with "…" if ``ellipsis``) or padded. Only
    its start is measured: a value of 10 MB took a minute to measure whole."""
    width = max(0, width)
    return Content(text[: 4 * width + 8]).truncate(width, ellipsis=ellipsis, pad=True).plain


def _choices(spec: Parameter | None, value: str) -> list[str]:
    """The choices to offer, when the value is one of them (or empty): a value typed
    before the route offered choices stays typed."""
    choices = list(spec.choices) if spec else []
    return choices if not value or value in choices else []


def hint_of(spec: Parameter | None) -> str:
    """The placeholder of a value: the catalog's hint, or how values are read."""
    return spec.hint if spec else VALUE_HINT
