"""F1: the keys, and how a request is built (merge, then parse)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from ... import formats

HELP = """\
# restroute explorer

Type a route, fill its parameters, stack layers of defaults, and watch the request
being built. Nothing is sent.

## How a request is built

```
built-in defaults ─┐
profile layers  ───┼─ merge ──▶ merged options ── parse ──▶ request options
session layer   ───┤   (later layers win,          (placeholders filled,
your parameters ───┘    headers name by name)       the rest to query or body)
```

* **merge**: each layer's options over the one below; your parameters on top.
  Headers merge name by name; `None` (JSON `null`) removes one. *Merged* shows it.
* **parse**: `{owner}` and `:owner` take their parameters; `{?name}` builds a query;
  the rest goes to the **query** of GET/HEAD or the **JSON body** of other methods;
  `data` is the body as it is. *Parsed* shows the result, *Explain* where each
  option came from and where it went.

## Keys

| key | does |
|---|---|
| F2 | pick one of GitHub's routes by a few words (`create issue`) |
| {copy_keys} | copy as {copy_labels} |
| ctrl+r | reveal or redact secrets (redacted by default, in view and copies) |
| ctrl+n · ctrl+d | add a parameter row · delete the focused row |
| ctrl+o · ctrl+s | load a profile (TOML) · save the session layer as a profile |
| space | (in Layers) switch the highlighted layer off or on |
| → | accept the suggested route |
| ctrl+p | command palette: every action by name, and GitHub's routes |
| F1 · escape | this help · close it |
| ctrl+q | quit |

Parameter values are JSON when they parse as JSON (`42`, `true`, `null`, `["a"]`),
else text. Name a row `headers.accept`, `media_type.format`, `request.timeout` or
`data.name` to set one entry of those options. Secrets in profiles are written
`${GITHUB_TOKEN}` and read from the environment.

## GitHub's routes

A route GitHub documents gets its whole form: required parameters first (bold), types
and defaults as placeholders, choices for enums, booleans and media-type formats. The
panel under the rows says what GitHub says of the focused parameter, with the route's
docs. The status line warns of what GitHub would refuse: a required parameter missing,
an unknown one, a value outside its choices or of the wrong type, a deprecated route.
Body fields named like a path parameter or `url` are `data.NAME` rows: they go in the
body, not the URL.
"""
_COPIES = sorted(formats.FORMATS, key=lambda each: each.key)
HELP = HELP.replace("{copy_keys}", " · ".join(each.key.upper() for each in _COPIES)).replace(
    "{copy_labels}", " · ".join(each.label for each in _COPIES)
)


class HelpScreen(ModalScreen[None]):
    """The help text over the explorer."""

    BINDINGS = [Binding("escape,f1,q", "dismiss", "Close help")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Markdown(HELP)
