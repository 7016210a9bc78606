"""The names endpoint() reads as its own options: never a route's parameters."""

from __future__ import annotations

from .._core.options import ALIASES, DATA, OPTIONS

# endpoint()'s own option names, octokit's camelCase aliases and data: not parameters.
OPTION_NAMES = frozenset({*OPTIONS, *ALIASES, DATA})
