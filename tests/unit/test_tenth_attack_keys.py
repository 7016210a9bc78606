"""The tenth attack's K7, as the attacker did it: a mapping's key that is no str (an int,
float, tuple or bytes subclass, or any object) whose ``__hash__`` or ``__eq__`` raises, in a
``Mapping`` or a plain dict, made a RuntimeError leave endpoint(), dump_profile() and
explain(). Every public entry reads what it is given in one place (``honest``), where a key
is judged by its real type: a plain str, int, float, bool, None or bytes (or a tuple of
those) is kept, a builtin's subclass is read as its base type by the base type's own
methods, and any other key is refused, by its type's name."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest

import restroute
from restroute import EndpointError, endpoint
from restroute._core.kinds import honest
from restroute.profiles import dump_profile
from tests.attacks import escapes


class IntH(int):
    def __hash__(self) -> int:
        raise RuntimeError("hash")


class Later(int):
    """Hashed once (by Python, when the dict is made), then raises."""

    calls = 0

    def __hash__(self) -> int:
        Later.calls += 1
        if Later.calls > 1:
            raise RuntimeError("hash, later")
        return int.__hash__(self)


# Armed, the keys below raise when hashed; unarmed (only while a test builds a dict of
# them, as Python hashes each key once) they hash as their base type does.
ARMED = [True]


def _hash(value: object, base: type) -> int:
    if ARMED[0]:
        raise RuntimeError("hash")
    return base.__hash__(value)  # type: ignore[call-arg]


class IntA(int):
    def __hash__(self) -> int:
        return _hash(self, int)


class FloatA(float):
    def __hash__(self) -> int:
        return _hash(self, float)


class TupleA(tuple):  # type: ignore[type-arg]
    def __hash__(self) -> int:
        return _hash(self, tuple)


class BytesA(bytes):
    def __hash__(self) -> int:
        return _hash(self, bytes)


class EqRaises(int):
    __hash__ = int.__hash__

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")


class Thing:
    """No builtin's subclass: hashes while unarmed only; its repr raises."""

    def __hash__(self) -> int:
        return _hash(self, object)

    def __repr__(self) -> str:
        raise RuntimeError("repr")


class Map(Mapping[Any, Any]):
    """The attacker's mapping: it finds a key by identity, never hashing it."""

    def __init__(self, pairs: list[tuple[Any, Any]]) -> None:
        self.pairs = pairs

    def __getitem__(self, key: object) -> Any:
        for k, v in self.pairs:
            if k is key:
                return v
        raise KeyError("not here")

    def __iter__(self) -> Iterator[Any]:
        return iter([k for k, _ in self.pairs])

    def __len__(self) -> int:
        return len(self.pairs)


def built(key: object, shape: str = "dict") -> Mapping[Any, Any]:
    """``{key: "v"}`` as a plain dict (its key hashed once, unarmed) or as a ``Map``."""
    if shape == "Map":
        return Map([(key, "v")])
    ARMED[0] = False
    try:
        return {key: "v"}
    finally:
        ARMED[0] = True


def plain() -> dict[Any, Any]:
    Later.calls = 0
    return {Later(1): "v"}  # hashed once here, by Python


REPRO: list[tuple[str, Callable[[], object]]] = [
    ("endpoint params Map", lambda: endpoint("GET /x", Map([(IntH(1), "v")]))),
    ("endpoint data Map", lambda: endpoint("POST /x", {"data": Map([(IntH(1), "v")])})),
    ("endpoint headers Map", lambda: endpoint("GET /x", {"headers": Map([(IntH(1), "v")])})),
    ("dump_profile Map", lambda: dump_profile(Map([(IntH(1), "v")]))),
    ("explain Map", lambda: restroute.explain("GET /x", Map([(IntH(1), "v")]))),
    ("endpoint data dict", lambda: endpoint("POST /x", {"data": plain()})),
    ("dump_profile data dict", lambda: dump_profile({"data": plain()})),
]


@pytest.mark.parametrize(("name", "call"), REPRO, ids=[name for name, _ in REPRO])
def test_k7_the_attackers_cases_raise_only_endpoint_error(
    name: str, call: Callable[[], object]
) -> None:
    with contextlib.suppress(EndpointError):  # only EndpointError may leave it
        call()


KEYS: list[Callable[[], object]] = [
    lambda: IntA(1),
    lambda: FloatA(1.5),
    lambda: TupleA(("a", 1)),
    lambda: BytesA(b"k"),
    lambda: EqRaises(3),
    lambda: ("a", IntA(2)),  # a plain tuple hashes what it holds
    lambda: (("a", (FloatA(2.5),)), None),
    lambda: Thing(),
]


@pytest.mark.parametrize("make", KEYS)
@pytest.mark.parametrize("shape", ["dict", "Map"])
def test_k7_every_entry_that_takes_keys_raises_only_endpoint_error(
    make: Callable[[], object], shape: str
) -> None:
    def given() -> Mapping[Any, Any]:
        return built(make(), shape)

    calls: list[Callable[[], object]] = [
        lambda: endpoint("GET /x", given()),
        lambda: endpoint("POST /x", {"data": given()}),
        lambda: endpoint("GET /x", {"headers": given()}),
        lambda: endpoint("GET /x", {"data": {"inner": given()}}),
        lambda: endpoint.merge("GET /x", given()),
        lambda: endpoint.defaults(given())("GET /y"),
        lambda: dump_profile(given()),
        lambda: dump_profile({"data": given()}),
        lambda: restroute.explain("GET /x", given()),
        lambda: restroute.body_bytes({"method": "POST", "url": "/x", "body": given()}),
    ]
    assert escapes(calls) == []


@pytest.mark.parametrize(
    ("key", "plain_key"),
    [
        (IntA(1), 1),
        (EqRaises(3), 3),
        (FloatA(1.5), 1.5),
        (BytesA(b"k"), b"k"),
        (TupleA(("a", IntA(2))), ("a", 2)),
        (("a", (FloatA(2.5),)), ("a", (2.5,))),
    ],
)
def test_k7_a_builtins_subclass_key_is_read_as_its_base_type(
    key: object, plain_key: object
) -> None:
    for given in (built(key), built(key, "Map"), {"data": built(key)}):
        read = honest(given, "options")
        inner = read.get("data", read)
        (only,) = inner
        assert type(only) is type(plain_key)
        assert only == plain_key
        if isinstance(only, tuple):
            assert [type(part) for part in only] == [type(part) for part in plain_key]  # type: ignore[attr-defined]
        assert inner[only] == "v"


def test_k7_a_key_of_no_builtins_type_is_refused_by_its_types_name() -> None:
    for given, where in (
        (built(Thing()), "the options"),
        (built(Thing(), "Map"), "the options"),
        ({"headers": built(Thing())}, "headers"),
        ({"data": {"user": built(Thing(), "Map")}}, "data.user"),
    ):
        with pytest.raises(EndpointError) as raised:
            honest(given, "options")
        said = str(raised.value)
        assert said.startswith(f"options: {where} ")
        assert "a key of type 'Thing'" in said
        assert "pass str keys" in said


def test_k7_the_public_error_names_the_key_and_the_fix() -> None:
    with pytest.raises(EndpointError) as raised:
        dump_profile({"data": built(Thing())})
    assert "key of type 'Thing'" in str(raised.value)
    assert "pass str keys" in str(raised.value)
    with pytest.raises(EndpointError) as raised:
        endpoint("GET /x", built(Thing(), "Map"))
    assert "key of type 'Thing'" in str(raised.value)


def test_k7_plain_keys_are_kept_as_given() -> None:
    given = {"a": 1, 2: "b", 1.5: None, True: [1], None: {"x": 1}, b"k": 2, ("a", (1, None)): 3}
    assert honest(given, "options") is given  # nothing to read: the same object
    deep: Any = "x"
    for _ in range(100_000):
        deep = (deep,)
    given = {deep: 1}
    assert honest(given, "options") is given  # judged without recursion


@pytest.mark.parametrize("make", KEYS)
def test_k7_a_routes_compiled_function_and_merges_short_way_decline_such_a_key(
    make: Callable[[], object],
) -> None:
    for _ in range(60):  # past the warm-up: the route's compiled function answers
        endpoint("GET /k7/warm", a=1)
    for call in (endpoint, endpoint.merge):
        for _ in range(3):
            with contextlib.suppress(EndpointError):
                call("GET /k7/warm", built(make()))
    assert endpoint("GET /k7/warm", a=1)["url"].endswith("/k7/warm?a=1")


@pytest.mark.parametrize("name", ["password=hunter2secretXYZ", "x\x1b[2J\u202ey"])
def test_l1_a_keys_type_name_is_shown_as_a_name_is(name: str) -> None:
    """The eleventh attack's L1: the refusal named the key's type as its class said, a
    secret's value or a terminal's control sequence in it."""
    kind = type(name, (), {"__hash__": lambda self: 1})
    with pytest.raises(EndpointError) as raised:
        endpoint("GET /x", {kind(): 1})
    message = str(raised.value)
    assert "hunter2secretXYZ" not in message
    assert "\x1b" not in message
    assert "\u202e" not in message
