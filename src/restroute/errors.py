"""Every error restroute raises on bad input.

The tree::

    ValueError
     +-- EndpointError             the input cannot become a request; the message says why
          +-- MissingParameterError   a simple placeholder ({owner}, :owner) has no value

Each message names the route (or the option), the offending key or value, and
what to do instead, so that a caller can show it to a person unchanged.
"""

from __future__ import annotations

__all__ = ["EndpointError", "MissingParameterError"]


class EndpointError(ValueError):
    """The options cannot become a request; the message names the problem and the fix."""


class MissingParameterError(EndpointError):
    """A placeholder of a simple expression has no value.

    ``names`` holds the missing variable names in template order.
    """

    def __init__(self, message: str, names: tuple[str, ...]) -> None:
        super().__init__(message)
        self.names = names
