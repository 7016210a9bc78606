"""Every error restroute raises on bad input.

The tree::

    ValueError
     +-- EndpointError             the input cannot become a request; the message says why
          +-- MissingParameterError   a simple placeholder ({owner}, :owner) has no value

Each message names the route (or the option), the offending key or value, and
what to do instead, so that a caller can show it to a person unchanged: a secret it
would repeat is hidden as it is made (``restroute.redact`` sets the rule, ``error_text``;
this module sits below it, so the rule is handed to it, not imported).
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from typing import Any

__all__ = ["EndpointError", "MissingParameterError"]

_RULES: list[Callable[[str], str]] = []  # how a message is shown: restroute.redact's rule


def show_messages_by(rule: Callable[[str], str]) -> None:
    """Make ``rule`` the one way every ``EndpointError``'s message is shown (what it
    hides of a message, it hides for good: ``str(error)`` and ``error.args`` alike)."""
    _RULES[:] = [rule]


class EndpointError(ValueError):
    """The options cannot become a request; the message names the problem and the fix."""

    def __init__(self, *args: object) -> None:
        if args and type(args[0]) is str:
            message = args[0]
            for rule in _RULES:
                message = rule(message)
            args = (message, *args[1:])
        super().__init__(*args)


class MissingParameterError(EndpointError):
    """A placeholder of a simple expression has no value.

    ``names`` holds the missing variable names in template order.
    """

    def __init__(self, message: str, names: tuple[str, ...]) -> None:
        super().__init__(message)
        self.names = names


def guard_functions(namespace: MutableMapping[str, Any], names: list[str]) -> None:
    """Make each function of ``names`` in a module's ``namespace`` (its public ones) raise
    only ``EndpointError``: whatever its arguments raise as it reads them (a caller's
    object whose ``__iter__`` or ``__str__`` raises, None for a text) becomes one that
    names the function and what it takes, never the error's own words (they may quote a
    secret). The one rule for every package that offers functions: only EndpointError
    leaves a public function."""
    import functools
    import inspect
    from types import FunctionType

    def guarded(function: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(function)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            try:
                return function(*args, **kwargs)
            except EndpointError:
                raise
            except Exception as error:
                takes = ", ".join(
                    f"{name}: {each.annotation}" if each.annotation is not each.empty else name
                    for name, each in inspect.signature(function).parameters.items()
                )
                msg = f"{function.__name__}: an argument could not be read "
                msg += f"({type(error).__name__}); pass {takes}"
                raise EndpointError(msg) from None

        return guarded

    for name in names:
        if isinstance(namespace[name], FunctionType):
            namespace[name] = guarded(namespace[name])
