"""The standing attack: every public function, fed hostile values, raises only EndpointError.

Displays never raise at all, and nothing shown with redaction on holds a secret. The
values are those an attacker or a careless user reaches for: bytes and bytearrays, sets,
Decimals, datetimes, enums, ints too long to print, deep nesting, lone surrogates,
non-str keys, dict and str subclasses, and objects whose __str__, __repr__, __eq__ or
__hash__ raise.
"""

from __future__ import annotations

import datetime
import decimal
import enum
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from restroute import EndpointError, body_bytes, catalog, endpoint, explain, formats
from restroute.display import bundle
from restroute.profiles import dump_profile, parse_profile
from restroute.redact import is_secret, redact_headers, redact_options
from restroute.session import Session
from restroute.snippets import to_curl, to_json, to_python
from tests.strategies import LoudText

SECRET = "ghp_adversarial_secret"
EXAMPLES = 150  # a test; CI draws the same ones every run (tests/conftest.py)


class Color(enum.Enum):
    RED = "red"


class Level(enum.IntEnum):
    HIGH = 3


class Format(enum.StrEnum):
    RAW = "raw"


class Hostile:
    """An object whose every way of being shown or compared fails."""

    def __str__(self) -> str:
        raise RuntimeError("__str__ of a hostile object")

    def __repr__(self) -> str:
        raise RuntimeError("__repr__ of a hostile object")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("__eq__ of a hostile object")

    def __hash__(self) -> int:
        raise RuntimeError("__hash__ of a hostile object")

    def __format__(self, spec: str) -> str:
        raise RuntimeError("__format__ of a hostile object")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text("Hostile()")  # how Hypothesis names it in a failing example


class Mapped(dict[Any, Any]):
    """A dict subclass, as a framework might hand over."""


def huge() -> int:
    """An int with more digits than Python writes out (and than Hypothesis can print)."""
    return 10**5000


def deep(levels: int) -> Any:
    value: Any = "x"
    for _ in range(levels):
        value = [value]
    return value


texts = st.text(st.characters(codec=None, exclude_categories=()), max_size=12)  # surrogates too
scalars = st.one_of(
    texts,
    st.integers(),
    st.builds(huge),
    st.floats(),
    st.booleans(),
    st.none(),
    st.binary(max_size=8),
    st.binary(max_size=8).map(bytearray),
    st.decimals(allow_nan=True),
    st.datetimes().map(lambda moment: moment),
    st.dates(),
    st.sampled_from([Color.RED, Level.HIGH, Format.RAW, datetime.time(1, 2)]),
    st.builds(Hostile),
    st.builds(decimal.Decimal, st.just("1e999999")),
)
keys = st.one_of(texts, st.integers(), st.none(), st.booleans())
values: st.SearchStrategy[Any] = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.lists(inner, max_size=3).map(tuple),
        st.frozensets(st.integers(), max_size=3),
        st.dictionaries(keys, inner, max_size=3),
        st.dictionaries(keys, inner, max_size=3).map(Mapped),
    ),
    max_leaves=8,
) | st.integers(0, 3000).map(deep)
options = st.dictionaries(
    st.one_of(
        st.sampled_from(["method", "url", "base_url", "headers", "media_type", "data"]),
        st.sampled_from(["baseUrl", "mediaType", "request", "owner", "q", "per_page"]),
        keys,
    ),
    values,
    max_size=5,
)
routes = st.one_of(
    st.sampled_from(
        [
            "GET /repos/{owner}/{repo}",
            "POST /repos/{owner}/{repo}/issues",
            "GET https://evil.com\\.api.github.com/user",
            "PUT /x{?q}",
            "/graphql",
        ]
    ),
    values,
)


def only_endpoint_errors(call: Callable[[], object]) -> object:
    """Call; any exception but EndpointError fails the test, naming it."""
    try:
        return call()
    except EndpointError:
        return None


@settings(max_examples=EXAMPLES, deadline=None)
@given(route=routes, given_options=options)
def test_the_pipeline_raises_only_endpoint_errors(route: Any, given_options: Any) -> None:
    """endpoint, merge, parse, defaults and explain: a result or an EndpointError."""
    only_endpoint_errors(lambda: endpoint(route, given_options))
    merged = only_endpoint_errors(lambda: endpoint.merge(route, given_options))
    only_endpoint_errors(lambda: endpoint.parse(merged or given_options))  # type: ignore[arg-type]
    only_endpoint_errors(lambda: endpoint.defaults(given_options))
    why = only_endpoint_errors(lambda: explain(route, given_options))
    if why is not None:
        only_endpoint_errors(lambda: why.table(redact=True))  # type: ignore[attr-defined]


@settings(max_examples=EXAMPLES, deadline=None)
@given(body=values, headers=st.dictionaries(keys, values, max_size=3), method=values, url=values)
def test_the_snippets_raise_only_endpoint_errors(
    body: Any, headers: Any, method: Any, url: Any
) -> None:
    """Every snippet format, and body_bytes, of hand-made options: text or EndpointError."""
    for shape in (
        {"method": "post", "url": "https://h/x", "headers": headers, "body": body},
        {"method": method, "url": url, "headers": {}, "body": body},
    ):
        only_endpoint_errors(lambda: body_bytes(shape))  # noqa: B023
        for render in (to_curl, to_json):
            only_endpoint_errors(lambda: render(shape, redact=True))  # noqa: B023
        for client in ("requests", "httpx"):
            only_endpoint_errors(lambda: to_python(shape, client=client, redact=True))  # noqa: B023


@settings(max_examples=EXAMPLES, deadline=None)
@given(anything=values, parameters=options)
def test_the_catalog_redaction_and_formats_raise_only_endpoint_errors(
    anything: Any, parameters: Any
) -> None:
    """find, search, check, the redaction functions and formats.find."""
    only_endpoint_errors(lambda: catalog.find(anything))
    only_endpoint_errors(lambda: catalog.search(anything))
    only_endpoint_errors(lambda: catalog.check(anything, parameters))
    only_endpoint_errors(lambda: catalog.check("GET /repos/{owner}/{repo}/issues", parameters))
    only_endpoint_errors(lambda: formats.find(anything))
    only_endpoint_errors(lambda: is_secret(anything))
    only_endpoint_errors(lambda: redact_headers(parameters))
    only_endpoint_errors(lambda: redact_options(parameters))


@settings(max_examples=EXAMPLES, deadline=None)
@given(document=values, text=texts)
def test_profiles_raise_only_endpoint_errors(document: Any, text: str) -> None:
    """dump_profile of anything, parse_profile of any text (deep TOML too)."""
    only_endpoint_errors(lambda: dump_profile(document))
    only_endpoint_errors(lambda: dump_profile({"k": document, "headers": {"x-api-key": document}}))
    only_endpoint_errors(lambda: parse_profile(text))
    only_endpoint_errors(lambda: parse_profile("a = " + "[" * 3000 + "]" * 3000))


@settings(max_examples=EXAMPLES, deadline=None)
@given(route=st.one_of(texts, st.sampled_from(["GET /users/{u}", "POST /x"])), rows=st.lists(
    st.tuples(
        st.sampled_from(["u", "headers.x-trace", "data", "data.x", "media_type.format"]),
        st.one_of(texts, st.just("[" * 5000), st.just("[/x] [bold]"), st.just("{u}")),
    ),
    max_size=4,
))  # fmt: skip
def test_the_view_never_raises_and_never_shows_the_secret(route: str, rows: Any) -> None:
    """Whatever rows are typed, the view is built, and with redaction on no field of it
    holds the token of the session layer."""
    session = Session(route)
    session.edit_layer("session", f'[headers]\nx-api-key = "{SECRET}"\n')
    session.rows = [*rows, ("headers.authorization", f"token {SECRET}")]

    view = session.view()

    shown = (view.status, view.error, view.warnings, view.merged, view.parsed, view.rows)
    assert SECRET not in repr(shown) + "".join(view.snippets.values())


@settings(max_examples=EXAMPLES, deadline=None)
@given(route=routes, given_options=options)
def test_displays_never_raise(route: Any, given_options: Any) -> None:
    """The notebook bundle of any result, merged options or explanation is a dict of text."""
    shown = [
        only_endpoint_errors(lambda: endpoint(route, given_options)),
        only_endpoint_errors(lambda: endpoint.merge(route, given_options)),
        only_endpoint_errors(lambda: explain(route, given_options)),
        given_options,
    ]
    for each in shown:
        if each is not None:
            data = bundle(each)
            assert isinstance(data["text/plain"], str)


@pytest.mark.parametrize("levels", [600, 5000])
def test_deep_values_everywhere(levels: int) -> None:
    """A list hundreds or thousands of levels deep, as a parameter, a body, a header, a
    row and a profile value: EndpointError or a result, and displays show something."""
    value = deep(levels)
    for call in (
        lambda: endpoint("POST /x", data=value),
        lambda: endpoint("GET /x", q=value),
        lambda: endpoint("GET /x", headers={"x": value}),
        lambda: explain("POST /x", a=value).table(),
        lambda: dump_profile({"a": value}),
        lambda: to_json({"method": "post", "url": "https://h/x", "body": value}),
        lambda: to_python({"method": "post", "url": "https://h/x", "body": value}),
    ):
        only_endpoint_errors(call)
    assert isinstance(bundle({"method": "post", "url": "https://h", "body": value}), dict)


def test_str_subclasses_whose_own_methods_raise_everywhere() -> None:
    """LoudText's __str__, __format__, upper, lower and encode raise: every public function
    given it (as a route, a key, a value, a header, a profile, a format name) works on the
    text it holds or raises EndpointError. (Hypothesis cannot draw str subclasses, so this
    is written out.)"""
    loud = LoudText
    options = {
        loud("owner"): loud("o"),
        "headers": {loud("X-Api-Key"): loud(SECRET)},
        "media_type": {"format": loud("raw")},
        loud("per_page"): loud("2"),
    }
    result = endpoint(loud("GET /repos/{owner}/r"), options)
    calls: list[Callable[[], object]] = [
        lambda: explain(loud("POST /x/{owner}"), options).table(redact=True),
        lambda: to_curl({**result, "url": loud(result["url"])}, redact=True),
        lambda: to_python(result, redact=True),
        lambda: to_json({**result, "body": {loud("k"): loud("v")}}),
        lambda: catalog.find(loud("GET /user")),
        lambda: catalog.search(loud("create issue")),
        lambda: catalog.check(loud("GET /repos/{owner}/{repo}/issues"), options),
        lambda: dump_profile({loud("k"): loud("v"), "headers": {loud("x-token"): loud("t")}}),
        lambda: parse_profile(loud('a = "b"')),
        lambda: Session(loud("GET /users/{u}")).view().status,
        lambda: redact_headers({loud("authorization"): loud("token t")}),
        lambda: formats.find(loud("curl")),
        lambda: bundle(result),
    ]

    assert result["url"] == "https://api.github.com/repos/o/r?per_page=2"
    assert result["headers"]["x-api-key"] == SECRET
    for call in calls:
        only_endpoint_errors(call)
    assert SECRET not in to_curl(result, redact=True)
