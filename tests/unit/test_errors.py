"""restroute.errors: one base class, catchable as ValueError."""

from __future__ import annotations

import pytest

import restroute
from restroute import EndpointError, MissingParameterError, endpoint


def test_readme_example() -> None:
    """A missing placeholder is an EndpointError and a ValueError, with the names."""
    with pytest.raises(ValueError, match="no value for") as raised:
        endpoint("GET /users/{username}")

    assert isinstance(raised.value, MissingParameterError)
    assert isinstance(raised.value, EndpointError)
    assert raised.value.names == ("username",)


def test_the_tree() -> None:
    """MissingParameterError < EndpointError < ValueError, exported from the package."""
    assert MissingParameterError.__mro__[1:3] == (EndpointError, ValueError)
    assert restroute.errors.EndpointError is EndpointError
