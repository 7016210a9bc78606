"""The explorer in a notebook: a route, parameter rows and layers as widgets, results live.

>>> from restroute.jupyter import explore
>>> explorer = explore("GET /repos/{owner}/{repo}/issues")
>>> explorer.set_value("owner", "octocat")
>>> explorer.set_value("repo", "hello-world")
>>> explorer.status.html
'✓ <code>GET https://api.github.com/repos/octocat/hello-world/issues</code>'

Everything shown comes from one ``restroute.session.Session``, as in the terminal
explorer: the same layers, rows, catalog form, warnings and snippets. Nothing secret is
synced to the page (``_fields``): a notebook saved with its widget state holds the
redacted text only, revealed or not. Where widgets cannot render (GitHub, nbviewer, a
front end without the widget manager) the explorer shows a summary and how to run it.
It needs ipywidgets and anywidget, the optional extra: ``pip install 'restroute[jupyter]'``.
"""

from __future__ import annotations

try:
    import ipywidgets  # type: ignore[import-untyped]  # noqa: F401

    from . import _fields  # noqa: F401
except ImportError as missing:
    msg = "restroute.jupyter needs ipywidgets and anywidget: pip install 'restroute[jupyter]'"
    raise ImportError(msg) from missing

from ._explorer import Explorer, explore

__all__ = ["Explorer", "explore"]
