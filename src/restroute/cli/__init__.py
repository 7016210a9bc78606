"""The ``restroute`` command: parse the arguments, call the library, print.

``restroute build ROUTE [key=value ...]`` prints the request options as JSON;
``restroute serve`` serves the explorer to a browser tab (textual-serve, the ``serve`` extra).
Each command is a module of this package (``build``, ``routes``, ``import_``, ``explore``,
``serve``); ``command`` puts them together, ``args`` holds what they share.

Bad input, wherever it is found (an argument, a profile, the request it makes), is one
line on stderr, ``restroute: error: ...``, and exit status 2; never a traceback.
"""

from __future__ import annotations

from ..rules import MAX_PASTE
from .args import (
    UsageError,
    catalog_option,
    header,
    item,
    port,
    positive,
    profile_option,
    quoted,
    row,
)
from .build import EPILOG, FORMATS
from .command import build_parser, entrypoint, main
from .explore import EXAMPLE_ROUTE
from .routes import ROUTES_SHOWN
from .serve import SERVE_EXTRA, SERVE_HOST, SERVE_PORT, serve_command

__all__ = [
    "EPILOG",
    "EXAMPLE_ROUTE",
    "FORMATS",
    "MAX_PASTE",
    "ROUTES_SHOWN",
    "SERVE_EXTRA",
    "SERVE_HOST",
    "SERVE_PORT",
    "UsageError",
    "build_parser",
    "catalog_option",
    "entrypoint",
    "header",
    "item",
    "main",
    "port",
    "positive",
    "profile_option",
    "quoted",
    "row",
    "serve_command",
]
