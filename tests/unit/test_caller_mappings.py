"""A caller's mapping whose reading raises (``items()``, ``keys()``, ``__iter__``,
``__len__`` or ``__getitem__``), passed as parameters, headers or defaults: the attacker's
``class Bad(dict): def items(self): raise RuntimeError("boom")`` leaked its RuntimeError
from ``endpoint``, ``merge``, ``explain``, ``defaults``, ``Endpoint`` and
``dump_profile``. Each mapping is read once, where it comes in, into a plain dict; what
its reading raises is an EndpointError naming the argument. An ordinary ``Mapping`` still
works as a dict does."""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest

from restroute import Endpoint, EndpointError, endpoint, explain
from restroute.display import options_text
from restroute.formats import FORMATS, Format
from restroute.profiles import dump_profile, left_out


class Bad(dict[str, Any]):
    """The attacker's: a dict whose items() raises."""

    def items(self) -> Any:
        raise RuntimeError("boom")


def _raising(method: str) -> type:
    def raises(self: object, *args: object) -> Any:
        raise RuntimeError("boom")

    return type(f"Raising{method.strip('_').title()}", (dict,), {method: raises})


class Plain(Mapping[str, Any]):
    """A Mapping of the caller's own, ``broken`` naming the method that raises (or none)."""

    def __init__(self, data: dict[str, Any], broken: str = "") -> None:
        self.data, self.broken = data, broken

    def _check(self, method: str) -> None:
        if method == self.broken:
            raise RuntimeError("boom")

    def __getitem__(self, key: str) -> Any:
        self._check("__getitem__")
        return self.data[key]

    def __iter__(self) -> Iterator[str]:
        self._check("__iter__")
        return iter(self.data)

    def __len__(self) -> int:
        self._check("__len__")
        return len(self.data)

    def items(self) -> Any:
        self._check("items")
        return super().items()

    def keys(self) -> Any:
        self._check("keys")
        return super().keys()


_METHODS = ("items", "keys", "__iter__", "__len__", "__getitem__")
_DICTS = [Bad, *(_raising(method) for method in _METHODS)]

# (the mapping made from a dict) -> each way a caller's mapping may fail to be read
MAKERS: dict[str, Callable[[dict[str, Any]], Mapping[str, Any]]] = {
    **{kind.__name__: kind for kind in _DICTS},
    **{f"Mapping {m}": (lambda data, m=m: Plain(data, m)) for m in _METHODS},  # type: ignore[misc]
}


def _rendered(format: Format) -> Callable[[Any], object]:
    """Request options whose headers are the mapping, written in ``format``."""
    return lambda m: format.render({"method": "get", "url": "https://h/", "headers": m})


# place -> (what the mapping holds, the call, the argument the error names)
OPTIONS = {"method": "GET", "url": "/x", "base_url": "https://h"}
PLACES: dict[str, tuple[dict[str, Any], Callable[[Any], object], str]] = {
    "endpoint options": ({"v": 1}, lambda m: endpoint("POST /x", m), "the options"),
    "endpoint headers": ({"x-a": "1"}, lambda m: endpoint("POST /x", headers=m), "headers"),
    "endpoint data": ({"v": 1}, lambda m: endpoint("POST /x", data=m), "data"),
    "endpoint request": ({"v": 1}, lambda m: endpoint("POST /x", request=m), "request"),
    "endpoint media_type": (
        {"format": "raw"},
        lambda m: endpoint("GET /x", media_type=m),
        "media_type",
    ),
    "endpoint value": ({"v": 1}, lambda m: endpoint("POST /x", v={"w": m}), "v.w"),
    "endpoint one mapping": (OPTIONS, lambda m: endpoint(m), "the options"),
    "merge options": ({"v": 1}, lambda m: endpoint.merge("POST /x", m), "the options"),
    "merge headers": ({"x-a": "1"}, lambda m: endpoint.merge("POST /x", headers=m), "headers"),
    "explain options": ({"v": 1}, lambda m: explain("POST /x", m), "the options"),
    "explain headers": ({"x-a": "1"}, lambda m: explain("POST /x", headers=m), "headers"),
    "explain layer": ({"v": 1}, lambda m: explain("POST /x", layers=[("l", m)]), "layers[0][1]"),
    "defaults options": ({"v": 1}, lambda m: endpoint.defaults(m), "the options"),
    "defaults headers": ({"x-a": "1"}, lambda m: endpoint.defaults(headers=m), "headers"),
    "Endpoint": (OPTIONS, lambda m: Endpoint(m), "the options"),
    "Endpoint headers": (
        {"x-a": "1"},
        lambda m: Endpoint({**OPTIONS, "headers": m}),
        "headers",
    ),
    "dump_profile": ({"v": 1}, lambda m: dump_profile(m), "the options"),
    "dump_profile headers": ({"x-a": "1"}, lambda m: dump_profile({"headers": m}), "headers"),
    "left_out": ({"v": 1}, lambda m: left_out(m), "the options"),
    "options_text": (OPTIONS, lambda m: options_text(m), "the options"),
    **{
        f"render {each.name}": (
            OPTIONS,
            _rendered(each),
            "headers",
        )
        for each in FORMATS
    },
}


def test_the_attackers_mapping_is_an_endpoint_error_naming_the_argument() -> None:
    """As the attacker did it: ``Bad`` as parameters, headers and defaults."""
    for call in (
        lambda: endpoint("GET /x", Bad(v=1)),
        lambda: endpoint("GET /x", headers=Bad({"x-a": "1"})),
        lambda: endpoint.defaults(Bad(v=1)),
        lambda: dump_profile(Bad(v=1)),
    ):
        with pytest.raises(EndpointError) as caught:
            call()
        assert "(a Bad) could not be read: reading it raised RuntimeError" in str(caught.value)
    with pytest.raises(EndpointError) as caught:
        endpoint("GET /x", headers=Bad({"x-a": "1"}))
    assert str(caught.value).startswith("GET /x: headers (a Bad) could not be read")


class _Unsayable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no words")


def _failing(error: Exception) -> Mapping[str, Any]:
    """A mapping whose items() raises ``error``."""

    class Failing(dict[str, Any]):
        def items(self) -> Any:
            raise error

    return Failing(v=1)


def test_what_the_callers_error_says_is_shown_without_its_secrets() -> None:
    """The caller's own words come along, a token in them hidden and a long text cut; an
    error that cannot say itself is named alone."""
    token = "ghp_" + "A" * 36
    cases = [
        (RuntimeError(f"token {token} refused"), "RuntimeError (token <REDACTED> refused)"),
        (RuntimeError("x" * 200), "RuntimeError (" + "x" * 80 + "…)"),
        (RuntimeError(), "RuntimeError"),
        (_Unsayable(), "_Unsayable"),
    ]
    for error, said in cases:
        with pytest.raises(EndpointError) as caught:
            endpoint("GET /x", headers=_failing(error))
        message = str(caught.value)
        assert message.endswith(f"could not be read: reading it raised {said}; pass a plain dict")
        assert token not in message


def test_the_matrix_holds_every_mapping_at_every_place() -> None:
    assert len(PLACES) == 24
    assert len(MAKERS) == 11
    assert len(PLACES) * len(MAKERS) == 264


@pytest.mark.parametrize("place", sorted(PLACES))
def test_a_mapping_whose_reading_raises_is_an_endpoint_error(place: str) -> None:
    """Every broken mapping at ``place`` returns (its broken method was never needed) or
    raises EndpointError naming the argument: never the caller's RuntimeError."""
    data, call, argument = PLACES[place]
    escaped = []
    for name, make in MAKERS.items():
        try:
            call(make(dict(data)))
        except EndpointError as error:
            if f"{argument} (a " not in str(error):
                escaped.append(f"{name}: the message names no {argument!r}: {error}")
        except Exception as error:  # what the test is for: listed, then failed
            escaped.append(f"{name}: {type(error).__name__}: {error}")
    assert not escaped, "\n".join(escaped)


class Counting(Mapping[str, Any]):
    """A well-behaved Mapping that counts how often each of its methods is called."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data, self.calls = data, Counter[str]()

    def __getitem__(self, key: str) -> Any:
        self.calls["__getitem__"] += 1
        return self.data[key]

    def __iter__(self) -> Iterator[str]:
        self.calls["__iter__"] += 1
        return iter(self.data)

    def __len__(self) -> int:
        self.calls["__len__"] += 1
        return len(self.data)


def test_an_ordinary_mapping_works_as_a_dict_and_is_read_once() -> None:
    """A Mapping (or an OrderedDict) as parameters, headers or defaults gives what the
    same dict gives; each is read once: its keys once, each value once."""
    for kind in (Counting, OrderedDict):
        assert endpoint("POST /x/{v}", kind({"v": 1, "w": 2})) == endpoint(
            "POST /x/{v}", {"v": 1, "w": 2}
        )
        assert endpoint("GET /x", headers=kind({"x-a": "1"}))["headers"]["x-a"] == "1"
        assert endpoint.defaults(kind({"per_page": 5}))("GET /x")["url"].endswith("per_page=5")
        assert dump_profile(kind({"per_page": 5})) == "per_page = 5\n"
    for call in (
        lambda m: endpoint("POST /x", headers=m),
        lambda m: endpoint("POST /x", m),
        lambda m: explain("POST /x", m),
        lambda m: dump_profile(m),
    ):
        counted = Counting({"x-v": "1", "x-w": "2"})
        call(counted)
        assert counted.calls["__iter__"] == 1
        assert counted.calls["__getitem__"] == 2
