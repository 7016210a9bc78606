"""The route: one input, ``METHOD URL`` as the library takes it."""

from __future__ import annotations

import asyncio

from textual import events

from ...catalog import Catalog, load
from ...reader import looks_like_request
from ...redact import redact_words
from ..messages import RequestPasted
from .live_input import LiveInput

# What → offers before the catalog has loaded: a few routes of every shape.
EXAMPLES = [
    "GET /repos/{owner}/{repo}/issues",
    "POST /repos/{owner}/{repo}/issues",
    "GET /repos/{owner}/{repo}/contents/{path}",
    "PUT /user/starred/{owner}/{repo}",
    "GET /search/issues",
    "POST /markdown/raw",
    "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
    "GET /users/:username",
]


class CatalogSuggester:
    """Suggests the route of GitHub's catalog that completes what was typed
    (``catalog.complete``, well under a millisecond a keystroke), in the keystroke's turn.

    Its tables are built once, in a thread, at the first keystroke (a few milliseconds,
    plus the catalog's load if the app's worker has not loaded it yet), so no keystroke
    and no frame waits for them; until they are ready the EXAMPLES are offered, and if
    building them failed, always. complete() keeps what was typed, its case aside.
    """

    def __init__(self) -> None:
        self._tables: asyncio.Future[None] | None = None
        self._api: Catalog | None = None  # None: GitHub's, loaded with the tables

    def use(self, api: Catalog) -> None:
        """Complete routes of ``api`` from now on (its tables built at the next key)."""
        if api is not self._api:
            self._api, self._tables = api, None

    def suggest(self, value: str) -> str | None:
        """The suggestion (called with a running event loop: the tables' thread)."""
        if self._tables is None:
            loop = asyncio.get_running_loop()
            self._tables = loop.run_in_executor(None, _build_tables, self._api)
        tables = self._tables
        if tables.done() and not tables.cancelled() and tables.exception() is None:
            return (self._api or load("github")).complete(value)
        if self._api is not None and not self._api.is_github:
            return None  # GitHub's examples are no routes of another API
        folded = value.casefold()
        return next((route for route in EXAMPLES if route.casefold().startswith(folded)), None)


def _build_tables(api: Catalog | None) -> None:
    """complete()'s two tables: routes written with {var}, and with :var."""
    api = api or load("github")
    api.complete("/")
    api.complete("/:")


def _lines(text: str) -> str:
    """Pasted text with its line breaks as a reader takes them: terminals send each as a
    carriage return (xterm, tmux), and a curl's ``\\`` continuations would not read."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


class RouteBar(LiveInput):
    """``POST /repos/{owner}/{repo}/issues``, a full URL, ``:var`` or ``{var}``; → completes.

    The suggestion is made in the keystroke's turn: given to Textual as a suggester, it
    came from a worker a key (a task and three messages, ~0.7 ms) and was painted a frame
    after the text."""

    BORDER_TITLE = "restroute · Route"

    def __init__(self, route: str = "") -> None:
        super().__init__(
            route,
            placeholder="METHOD URL, e.g. GET /repos/{owner}/{repo}/issues",
            id="route",
            select_on_focus=False,  # Tab into the route keeps it: a key there appends
        )
        self.completer = CatalogSuggester()
        # The keys and pastes that came while a pasted request was read, in order (None:
        # none is being read). The app reads it after this widget has seen the keys
        # typed just after it, which went into the old route and were lost with it.
        self._held: list[events.Key | events.Paste] | None = None
        self._expected: events.Paste | None = None  # the paste that began the holding
        self.revealed = False  # the app's secrets shown: the route as it is, always
        self._hidden = ("", "")  # the last route redacted, and how it shows: drawn often

    def reveal(self, revealed: bool) -> None:
        """Show the route's secrets when the focus is elsewhere (``revealed``), or not."""
        if revealed != self.revealed:
            self.revealed = revealed
            self.refresh()

    def shown(self) -> str:
        """While the focus is elsewhere and secrets are redacted, the route as the
        notebook's shows it then: its credentials hidden (``redact_words``: a URL's
        ``user:password@``, ``access_token=``, a token's shape). While it is edited, the
        real text, and the value is the real text always: nothing typed is lost."""
        value = self.value
        if self.revealed or self.edited():
            return value
        if self._hidden[0] != value:
            self._hidden = (value, redact_words(value))
        return self._hidden[1]

    def _on_paste(self, event: events.Paste) -> None:
        """A request pasted (curl, a URL with values, a gh api or Octokit call) is read
        back by the app into the route, the form and the headers; a route is typed."""
        if event is self._expected:
            self._expected = None
        elif self._held_back(event):
            return
        text = _lines(event.text)
        if looks_like_request(text):
            event.prevent_default()  # neither LiveInput's handler nor Input's types it
            event.stop()
            self._held = self._held if self._held is not None else []
            self.post_message(RequestPasted(text))

    def expect(self, event: events.Paste) -> None:
        """A paste is on its way here (the app says so as it arrives, before the keys
        after it, whose bindings the app would run first): if it is a request, they
        wait for it."""
        if self._held is None and looks_like_request(_lines(event.text)):
            self._held, self._expected = [], event

    async def _on_key(self, event: events.Key) -> None:
        if not self._held_back(event):
            await super()._on_key(event)

    def _held_back(self, event: events.Key | events.Paste) -> bool:
        if self._held is None or self._expected is not None:
            return False  # none is read, or this came before the paste the app announced
        event.prevent_default()
        event.stop()
        self._held.append(event)
        return True

    @property
    def holding(self) -> bool:
        """Whether a pasted request is being read: keys wait for it."""
        return self._held is not None

    def release(self) -> list[events.Key | events.Paste]:
        """The paste has been read: what came meanwhile, in its order, to arrive again."""
        held, self._held = self._held or [], None
        return [
            events.Paste(event.text)
            if isinstance(event, events.Paste)
            else events.Key(event.key, event.character)
            for event in held
        ]

    def hold(self, arriving: list[events.Key | events.Paste]) -> None:
        """What was released after a paste that is now read: it waits for that one."""
        if self._held is not None:
            self._held += arriving

    def watch_value(self, value: str) -> None:
        if value and self.is_mounted:  # typed, not given at start
            self._suggestion = self.completer.suggest(value) or ""
        super().watch_value(value)
