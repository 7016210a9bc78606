"""Python source written at run time, then compiled: the functions made for a route over
an endpoint's defaults (prepared.py) and for a URI template (template.py).

No text from outside is ever written into the source: each value (a literal of the
template, a variable's name, the defaults' headers) reaches it as a global named by a
prefix and a number, so no route or value can change what the code does.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


class Source:
    """Lines of one function's body, and the globals they read."""

    def __init__(self, signature: str, names: dict[str, object]) -> None:
        self.lines = [f"def {signature}:"]
        self.names = dict(names)
        self.depth = 1

    def line(self, text: str, depth: int = 0) -> None:
        """A line ``depth`` levels deeper than the body (one space a level)."""
        self.lines.append(" " * (self.depth + depth) + text)

    def constant(self, prefix: str, value: object) -> str:
        """The name of a new global holding ``value``."""
        name = f"{prefix}{len(self.names)}"
        self.names[name] = value
        return name

    def compile(self, filename: str) -> Callable[..., Any]:
        """The function, compiled with its globals; ``filename`` names it in a traceback."""
        namespace = dict(self.names)
        exec(compile("\n".join(self.lines) + "\n", filename, "exec"), namespace)
        name = self.lines[0][4 : self.lines[0].index("(")]
        made: Callable[..., Any] = namespace[name]  # type: ignore[assignment]
        return made
