"""Command palette entries: every action of the explorer by name."""

from __future__ import annotations

from textual.command import Hit, Hits, Provider

COMMANDS = [
    ("copy: as JSON", "copy('json')", "Copy the request options as JSON"),
    ("copy: as curl", "copy('curl')", "Copy a curl command that sends this request"),
    ("copy: as Python (requests)", "copy('python')", "Copy a requests script"),
    ("copy: as Python (httpx)", "copy('httpx')", "Copy an httpx script"),
    ("secrets: reveal or redact", "toggle_reveal", "Show or hide credentials"),
    ("profile: load a TOML file", "load_profile", "Stack a profile under the session layer"),
    ("profile: save the session layer", "save_profile", "Write the session layer to a file"),
    ("parameter: add a row", "add_row", "Add a name = value row"),
    ("help: keys and how merge -> parse works", "help", "Open the help screen"),
]


class ExplorerCommands(Provider):
    """Fuzzy-matched explorer actions."""

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, action, help_text in COMMANDS:
            score = matcher.match(title)
            if score > 0:
                yield Hit(
                    score,
                    matcher.highlight(title),
                    lambda action=action: self.app.run_action(action),
                    help=help_text,
                )
