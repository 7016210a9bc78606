"""F1: the keys, and how a request is built (merge, then parse).

Plain styled text, not a Markdown widget: Markdown took 0.4 to 0.66 s to open, long
enough for a second F1 to close it again."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from ... import formats

_COPIES = sorted(formats.FORMATS, key=lambda each: each.key)
KEYS = [
    ("F1 · escape", "this help · close it"),
    ("ctrl+p", "command palette: every action by name, and the API's routes"),
    ("F2", "pick one of the API's routes by a few words (create issue, raw file)"),
    ("F3", "the Problems tab: every error and warning"),
    ("F4", "send a file as the body (an upload); content-type from its name"),
    *((each.key.upper(), f"copy as {each.label}") for each in _COPIES),
    ("F9", "switch the API: an OpenAPI description's path (JSON, YAML), or github"),
    ("ctrl+r", "reveal or redact secrets (redacted by default, in view and copies)"),
    ("ctrl+l · enter", "the route · (in the route) its first value to fill"),
    ("paste", "(in the route) a curl, a URL, gh api, an Octokit call: read back (Pasted tab)"),
    ("ctrl+g", "the form: its first value to fill"),
    ("ctrl+t or alt+t", "the layers; again: the layer's TOML; again: the TOML full screen"),
    ("ctrl+f", "the results' tabs (← → switch tabs; tab: into the text, ↑↓ pgup pgdn scroll)"),
    ("tab · shift+tab", "the next · previous field"),
    ("ctrl+n or alt+n", "add a row of your own: type its name, then tab to its value"),
    ("ctrl+d", "delete the focused row (a route's own row is emptied)"),
    ("ctrl+z", "undo the last edit of a row, delete, clear or route pick"),
    ("ctrl+p clear", "clear the form: every value emptied (ctrl+z brings them back)"),
    ("space", "(in Layers) switch the highlighted layer off or on"),
    ("→", "(in the route) accept the suggested route"),
    ("ctrl+o · ctrl+s", "load a profile (TOML) · save the session layer as a profile"),
    ("ctrl+q", "quit"),
]
CASCADE = """\
built-in defaults ─┐
profile layers  ───┤  merge              parse
session layer   ───┼────────▶ merged ──────────▶ request options
your parameters ───┘ (later layers win;  (placeholders filled;
                      headers by name)    the rest to query or body)"""


def help_text() -> Content:
    width = max(len(key) for key, _ in KEYS)
    keys = [
        Content.from_markup(
            f"[b $accent]$key[/]{' ' * (width - len(key) + 2)}$what", key=key, what=what
        )
        for key, what in KEYS
    ]
    return Content("\n").join(
        [
            Content.from_markup("[b]restroute explorer[/]"),
            Content(
                "Type a route, fill its parameters, stack layers of defaults, and watch "
                "the request being built. Nothing is sent."
            ),
            Content(""),
            Content.from_markup("[b]How a request is built[/]"),
            Content.styled(CASCADE, "$text-muted"),
            Content.from_markup(
                "[b]merge[/]: each layer's options over the one below; your parameters on "
                "top. Headers merge name by name; null removes one. [i]Merged[/] shows it."
            ),
            Content.from_markup(
                "[b]parse[/]: {owner} and :owner take their parameters; {?name} builds a "
                "query; the rest goes to the query of GET/HEAD or the JSON body of other "
                "methods; data is the body as it is. [i]Parsed[/] shows the result, "
                "[i]Explain[/] each option's cascade and where it went."
            ),
            Content(""),
            Content.from_markup("[b]Keys[/]"),
            *keys,
            Content(""),
            Content(
                'A value is JSON when it parses as JSON (42, true, null, ["a"]), else '
                "text; an empty value is not sent. Name a row headers.accept, "
                "media_type.format, request.timeout or data.name to set one entry of those "
                "options. Secrets in profiles are written ${GITHUB_TOKEN} and read from "
                "the environment."
            ),
            Content(""),
            Content(
                "In a browser tab (restroute serve), which keeps ctrl+n, ctrl+t and ctrl+w "
                "for itself: alt+n, alt+t, and alt+backspace (delete the word before the "
                "cursor)."
            ),
        ]
    )


class HelpScreen(ModalScreen[None]):
    """The help text over the explorer."""

    BINDINGS = [Binding("escape,f1,q", "dismiss", "Close help")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static(help_text(), id="help-text")
