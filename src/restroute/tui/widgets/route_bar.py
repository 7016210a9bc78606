"""The route: one input, ``METHOD URL`` as the library takes it."""

from __future__ import annotations

from .live_input import LiveInput

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


class RouteBar(LiveInput):
    """``POST /repos/{owner}/{repo}/issues``, a full URL, ``:var`` or ``{var}``; → completes."""

    BORDER_TITLE = "restroute · Route"

    def __init__(self, route: str = "") -> None:
        from textual.suggester import SuggestFromList

        super().__init__(
            route,
            placeholder="METHOD URL, e.g. GET /repos/{owner}/{repo}/issues",
            id="route",
            suggester=SuggestFromList(EXAMPLES, case_sensitive=False),
            select_on_focus=False,  # Tab into the route keeps it: a key there appends
        )
