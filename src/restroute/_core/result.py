"""The dicts restroute returns: request options, and merged options.

Both are plain dicts to every consumer; what they add (snippets, a notebook display)
is imported only when asked for, pointing from here outwards.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class RequestOptions(dict[str, "Any"]):
    """Request options: ``method``, ``url``, ``headers``, and ``body`` / ``request`` when present.

    A plain ``dict`` to every consumer (``==``, ``json.dumps``, ``**`` unpacking):

    >>> from restroute import endpoint
    >>> options = endpoint("GET /users/{username}", username="octocat")
    >>> options["url"]
    'https://api.github.com/users/octocat'
    >>> isinstance(options, dict)
    True
    """

    __slots__ = ("url_secrets",)
    url_secrets: tuple[str, ...]
    """The values of the parameters named as secrets that the URL template put in the
    URL (``GET /x/{token}``), as written and as the URL carries them: a redacted view
    hides them there, where no name marks them. Set by ``parse`` when there are any;
    read with ``url_secrets(options)``."""

    def to_json(self, *, indent: int | None = 2, redact: bool = False) -> str:
        """These options as JSON; see :func:`restroute.snippets.to_json`."""
        from ..snippets import to_json

        return to_json(self, indent=indent, redact=redact)

    def to_curl(self, *, redact: bool = False) -> str:
        """A curl command that sends this request; see :func:`restroute.snippets.to_curl`."""
        from ..snippets import to_curl

        return to_curl(self, redact=redact)

    def to_python(self, *, client: str = "requests", redact: bool = False) -> str:
        """A Python script that sends this request; see :func:`restroute.snippets.to_python`."""
        from ..snippets import to_python

        return to_python(self, client=client, redact=redact)

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, Any]:
        """Jupyter: HTML (method, URL, headers, body, snippets), text and JSON, secrets
        redacted; ``restroute.display.NotebookView(options, redact=False)`` shows them."""
        from ..display import options_bundle

        return options_bundle(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """IPython's plain text: the request as an HTTP message, secrets redacted."""
        from ..display import options_text

        printer.text(options_text(self))


class MergedOptions(dict[str, "Any"]):
    """What ``endpoint.merge`` returns: a plain ``dict`` to every consumer, which shows
    itself in a notebook with its secrets redacted (it holds the tokens of every layer).

    >>> from restroute import endpoint
    >>> type(endpoint.merge("GET /user")).__name__, isinstance(endpoint.merge("GET /user"), dict)
    ('MergedOptions', True)
    """

    __slots__ = ()

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, Any]:
        """Jupyter: the options as a table, text and JSON, secrets redacted."""
        from ..display import merged_bundle

        return merged_bundle(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """IPython's plain text: the options as JSON, secrets redacted."""
        from ..display import merged_text

        printer.text(merged_text(self))


def url_secrets(options: object) -> tuple[str, ...]:
    """The secrets a ``RequestOptions``'s URL holds by a secret's name (none for any
    other mapping)."""
    return getattr(options, "url_secrets", ()) if type(options) is RequestOptions else ()
