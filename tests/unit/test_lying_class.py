"""Values whose ``__class__`` lies (``class I(int): __class__ = str``): isinstance believes
the lie, ``type()`` does not. From the adversary, who made 52 of 126 places raise
TypeError or AttributeError: at every place a value enters, a call returns a result or
raises EndpointError, never anything else."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from restroute import EndpointError, RequestOptions, body_bytes, endpoint, explain

# The real types, and the types a liar claims: every real type claims every other.
_REAL: dict[str, tuple[type, object]] = {
    "int": (int, 7),
    "str": (str, "v"),
    "float": (float, 1.5),
    "bool": (int, 1),  # bool cannot be subclassed: an int that claims to be one
    "bytes": (bytes, b"b"),
    "dict": (dict, {"k": "v"}),
    "list": (list, ["a"]),
    "tuple": (tuple, ("a",)),
    "object": (object, None),  # no builtin's subclass: it has no plain value to read
}
_CLAIMS: dict[str, type] = {
    "int": int,
    "str": str,
    "float": float,
    "bool": bool,
    "bytes": bytes,
    "dict": dict,
    "list": list,
    "tuple": tuple,
}


def _liar(real: str, claim: str) -> Any:
    base, value = _REAL[real]
    kind = type(f"Lying{real.title()}As{claim.title()}", (base,), {"__class__": _CLAIMS[claim]})
    return kind() if value is None else kind(value)


def _options(liar: object, where: str) -> dict[str, Any]:
    """Request options as a caller may build them by hand, with the liar at ``where``."""
    options: dict[str, Any] = {
        "method": "POST",
        "url": "https://api.example/x",
        "headers": {"content-type": "application/json"},
        "body": {"a": 1},
    }
    if where == "headers":
        options["headers"] = {"x-a": liar}
    elif where == "header name":
        options["headers"] = {liar: "v"}
    elif where == "body key":
        options["body"] = {liar: 1}
    else:
        options[where] = liar
    return options


PLACES: dict[str, Callable[[Any], object]] = {
    "route": lambda x: endpoint(x),
    "route with options": lambda x: endpoint(x, {"url": "/x"}),
    "options": lambda x: endpoint(None, x),
    "parameter name": lambda x: endpoint("POST /x", {x: 1}),
    "parameter value": lambda x: endpoint("POST /x", v=x),
    "query value": lambda x: endpoint("GET /x", v=x),
    "path value": lambda x: endpoint("GET /x/{v}", v=x),
    "header name": lambda x: endpoint("GET /x", headers={x: "v"}),
    "header value": lambda x: endpoint("GET /x", headers={"x-a": x}),
    "headers": lambda x: endpoint("GET /x", headers=x),
    "base_url": lambda x: endpoint("GET /x", base_url=x),
    "method": lambda x: endpoint({"method": x, "url": "/x"}),
    "url": lambda x: endpoint({"method": "GET", "url": x}),
    "media_type": lambda x: endpoint("GET /x", media_type=x),
    "media_type format": lambda x: endpoint("GET /x", media_type={"format": x}),
    "media_type previews": lambda x: endpoint("GET /x", media_type={"previews": x}),
    "data": lambda x: endpoint("POST /x", data=x),
    "request": lambda x: endpoint("POST /x", request=x),
    "defaults": lambda x: endpoint.defaults(v=x)("POST /x"),
    "merge": lambda x: endpoint.merge("POST /x", v=x),
    "explain route": lambda x: explain(x),
    "explain value": lambda x: explain("POST /x", v=x),
    "explain layers": lambda x: explain("POST /x", layers=x),
    "explain layer": lambda x: explain("POST /x", layers=[("mine", x)]),
    "explain layer name": lambda x: explain("POST /x", layers=[(x, {"v": 1})]),
    "explain built_in": lambda x: explain("POST /x", built_in=x),
    "to_curl": lambda x: endpoint("POST /x", v=x).to_curl(),
    "to_curl redact": lambda x: endpoint("POST /x").to_curl(redact=x),
    "to_python": lambda x: endpoint("POST /x", v=x).to_python(),
    "to_python httpx": lambda x: endpoint("GET /x", v=x).to_python(client="httpx"),
    "to_python client": lambda x: endpoint("POST /x").to_python(client=x),
    "to_json": lambda x: endpoint("POST /x", v=x).to_json(),
    "body_bytes": lambda x: body_bytes(endpoint("POST /x", v=x)),
    "body_bytes data": lambda x: body_bytes(endpoint("POST /x", data=x)),
}


def _by_hand(where: str, snippet: str) -> Callable[[Any], object]:
    """A place in options built by hand, read by body_bytes or a snippet."""

    def call(liar: Any) -> object:
        options = _options(liar, where)
        if snippet == "body_bytes":
            return body_bytes(options)
        return getattr(RequestOptions(options), snippet)()

    return call


for _where in ("method", "url", "headers", "header name", "body", "body key", "request"):
    for _snippet in ("body_bytes", "to_curl", "to_python"):
        PLACES[f"{_snippet} of {_where}"] = _by_hand(_where, _snippet)


# The places where the liar is a key: a dict or list cannot be one (the caller's own dict
# display would raise before restroute is called).
_KEYS = ("name", "key")


def _liars(place: str) -> list[tuple[str, str]]:
    """Each real type claiming each other type, that can stand at ``place``."""
    return [
        (real, claim)
        for real in _REAL
        for claim in _CLAIMS
        if claim != real and not (real in ("dict", "list", "object") and place.endswith(_KEYS))
    ]


def test_the_matrix_holds_every_liar_at_every_place() -> None:
    """55 places, 64 liars each (42 where the liar is a key): the attacker's 126 places
    and more, 3,322 calls."""
    assert len(PLACES) == 55
    assert sum(len(_liars(place)) for place in PLACES) == 3322


@pytest.mark.parametrize("place", sorted(PLACES))
def test_a_value_whose_class_lies_returns_or_is_an_endpoint_error(place: str) -> None:
    """Every liar at ``place`` returns, or raises EndpointError: never TypeError,
    AttributeError or another (a test per place, each liar's escape listed)."""
    escaped = escapes(place, PLACES[place])
    assert not escaped, "\n".join(escaped)


def escapes(place: str, call: Callable[[Any], object]) -> list[str]:
    """Each liar that can stand at ``place`` given to ``call``: what raised other than
    EndpointError (what the tests are for), one line each."""
    escaped = []
    for real, claim in _liars(place):
        try:
            call(_liar(real, claim))
        except EndpointError:
            pass
        except Exception as error:
            escaped.append(f"{real} as {claim}: {type(error).__name__}: {error}")
    return escaped


def test_a_liar_is_read_as_the_value_it_really_is() -> None:
    """A str claiming int is text, an int claiming str a number, a list claiming dict a
    list: in the URL, the body and the headers alike."""
    text, number = _liar("str", "int"), _liar("int", "str")
    assert endpoint("GET /x", v=text)["url"] == "https://api.github.com/x?v=v"
    assert endpoint("GET /x/{v}", v=number)["url"] == "https://api.github.com/x/7"
    assert body_bytes({"body": {"n": number, "l": _liar("list", "dict")}}) == b'{"n":7,"l":["a"]}'
    assert endpoint("GET /x", headers={"x-a": number})["headers"]["x-a"] == "7"
    assert "'x-a: v'" in RequestOptions(_options(text, "headers")).to_curl()


def test_an_object_that_lies_and_is_no_builtin_is_refused_by_its_real_type() -> None:
    """An object claiming str that is no str has no text to read: refused, naming both."""
    with pytest.raises(EndpointError) as caught:
        endpoint("GET /x", v=_liar("object", "str"))
    assert str(caught.value).startswith("GET /x: a LyingObjectAsStr object claims to be a str")


class _Unreadable(str):
    @property  # type: ignore[misc]
    def __class__(self) -> type:
        raise RuntimeError("no class to show")


def test_a_class_that_cannot_be_read_is_a_liar_too() -> None:
    assert endpoint("GET /x", v=_Unreadable("w"))["url"] == "https://api.github.com/x?v=w"


def test_a_liar_deep_inside_is_found_and_one_too_deep_or_in_a_loop_refused() -> None:
    """Lies are looked for at any depth, and without recursion; a liar nested past the
    recursion limit, or inside a list that holds itself, is an EndpointError."""
    body: Any = [_liar("int", "str")]
    for _ in range(150):
        body = [body]
    assert body_bytes(endpoint("POST /x", data=body)) == b"[" * 151 + b"7" + b"]" * 151
    for _ in range(100_000):
        body = [body]
    looped: list[Any] = [_liar("int", "str")]
    looped.append(looped)
    plain_loop: list[Any] = [1]
    plain_loop.append(plain_loop)
    for data in (body, looped):
        with pytest.raises(EndpointError) as caught:
            endpoint("POST /x", data=data)
        assert "nested too deep to read (or holds itself)" in str(caught.value)
    with pytest.raises(EndpointError):  # no lie: left to the checks that refuse a loop
        body_bytes(endpoint("POST /x", data=plain_loop))
    with pytest.raises(EndpointError):  # read past what is neither a liar nor a container
        body_bytes(endpoint("POST /x", data=[_liar("int", "str"), bytearray(b"x")]))
