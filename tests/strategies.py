"""Hypothesis strategies shared by the property tests: realistic calls and hostile garbage.

``calls()`` draws valid calls in all five call shapes (README, the library) against an endpoint
derived through 0-3 layers of defaults; ``hostile_*`` draw anything a caller could pass.
"""

from __future__ import annotations

import copy
import re
import string
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from restroute import Endpoint, endpoint

JSON_CONTENT_TYPE = "application/json; charset=utf-8"
# RFC 9110 5.6.2 tchar.
TCHARS = "!#$%&'*+-.^_`|~" + string.digits + string.ascii_letters
TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
# Option names (and aliases) that are never parameters; "data" is a body, not a parameter.
OPTION_NAMES = frozenset(
    {"method", "url", "base_url", "baseUrl", "headers", "media_type", "mediaType", "request"}
)
NOT_PARAMETERS = frozenset({"method", "url", "base_url", "headers", "request", "media_type"})

ROUTES: tuple[str, ...] = (
    "/repos/{owner}/{repo}/issues",
    "/repos/:owner/:repo/pulls/:pull_number",
    "/users/{username}",
    "/orgs/{org}/repos",
    "/search/issues{?name,label}",
    "/repos/{owner}/{repo}/contents{/path*}",
    "/repos/{owner}/{repo}/git/ref/{+ref}",
    "/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
    "https://uploads.example.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
    "http://127.0.0.1:8080/hooks/{hook_id}",
    "/user",
    "/graphql",
    "user/repos",
)
STANDARD_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")
BASE_URLS = (
    "https://api.github.com",
    "https://ghe.example.com/api/v3",
    "https://ghe.example.com/api/v3/",
    "http://127.0.0.1:8080",
)

_EXPRESSION = re.compile(r"\{([^{}]*)\}")
_COLON = re.compile(r":([a-z]\w+)")
_AUTHORITY = re.compile(r"[a-z]+://[^/]*")


def template_variables(route: str) -> tuple[list[str], list[str]]:
    """(required, optional) variable names of one of ``ROUTES``, in template order."""
    required: list[str] = []
    optional: list[str] = []
    authority = _AUTHORITY.match(route)
    rest = route[authority.end() :] if authority else route
    for body in _EXPRESSION.findall(rest):
        operator = body[:1] if body[:1] in "+#./;?&" else ""
        names = [spec.rstrip("*") for spec in body[len(operator) :].split(",")]
        (optional if operator else required).extend(names)
    required.extend(_COLON.findall(rest))
    return required, optional


@dataclass
class Call:
    """One call: the defaults layers of the endpoint, then the positional and keyword args."""

    layers: list[dict[str, Any]]
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    route: str = ""

    def fresh(self) -> tuple[list[dict[str, Any]], tuple[Any, ...], dict[str, Any]]:
        """Deep copies of the layers and arguments, so that each use starts clean."""
        return copy.deepcopy((self.layers, self.args, self.kwargs))


def derive(layers: list[dict[str, Any]], base: Endpoint = endpoint) -> Endpoint:
    """``base.defaults(layer)`` for each layer in turn."""
    for layer in layers:
        base = base.defaults(layer)
    return base


# ---------------------------------------------------------------------------- valid input

safe_text = st.text(st.characters(exclude_categories=["Cs"]), max_size=12)
json_scalars: st.SearchStrategy[object] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**63), 2**63),
    st.floats(allow_nan=False, allow_infinity=False),
    safe_text,
)
json_values: st.SearchStrategy[object] = st.recursive(
    json_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(safe_text, inner, max_size=3)
    ),
    max_leaves=6,
)
# Lists and mappings as parameter values: what defaults may carry and results must not alias.
container_values: st.SearchStrategy[object] = st.one_of(
    st.lists(json_scalars, min_size=1, max_size=3),
    st.dictionaries(
        st.sampled_from(["a", "b", "c"]),
        st.one_of(st.lists(json_scalars, max_size=2), st.dictionaries(safe_text, json_scalars)),
        min_size=1,
        max_size=2,
    ),
)
parameter_names = st.one_of(
    st.sampled_from(["owner", "repo", "per_page", "page", "sort", "title", "labels", "data"]),
    st.text(string.ascii_letters + "_", min_size=1, max_size=8),
).filter(lambda name: name not in OPTION_NAMES)
path_values: st.SearchStrategy[object] = st.one_of(
    safe_text.filter(lambda text: text not in (".", "..")), st.integers(0, 10**9)
)
methods = st.one_of(
    st.sampled_from(STANDARD_METHODS),
    st.sampled_from(["get", "Post", "pUt", "PROPFIND", "PURGE", "M-SEARCH"]),
    st.text(TCHARS, min_size=1, max_size=8),
)
header_names = st.one_of(
    st.sampled_from(
        ["Content-Type", "ACCEPT", "Authorization", "X-GitHub-Api-Version", "Content-Length"]
    ),
    st.text(TCHARS, min_size=1, max_size=12),
)
header_values: st.SearchStrategy[object] = st.one_of(
    st.from_regex(r"[!-~](?:[ -~\t]{0,16}[!-~])?", fullmatch=True),
    st.integers(0, 10**9),
    st.none(),
)
headers = st.dictionaries(header_names, header_values, max_size=3)
media_types = st.fixed_dictionaries(
    {},
    optional={
        "format": st.sampled_from(["", "raw", "diff", "html", "full", "sha"]),
        "previews": st.lists(st.sampled_from(["mercy", "symmetra", "luke-cage"]), max_size=2),
    },
)
requests = st.dictionaries(
    st.sampled_from(["timeout", "retries", "hook", "signal"]),
    st.one_of(json_values, container_values),
    max_size=3,
)


@st.composite
def options_layer(draw: st.DrawFn, defaults: bool = False) -> dict[str, Any]:
    """Options as a mapping: parameters plus some of headers, base_url, media_type, request."""
    values = st.one_of(json_values, container_values) if defaults else json_values
    layer: dict[str, Any] = draw(st.dictionaries(parameter_names, values, max_size=3))
    if draw(st.booleans()):
        layer["headers"] = draw(headers)
    if draw(st.booleans()):
        layer[draw(st.sampled_from(["base_url", "baseUrl"]))] = draw(st.sampled_from(BASE_URLS))
    if draw(st.integers(0, 3)) == 0:
        layer[draw(st.sampled_from(["media_type", "mediaType"]))] = draw(media_types)
    if draw(st.integers(0, 3)) == 0:
        layer["request"] = draw(requests)
    if defaults and draw(st.integers(0, 3)) == 0:
        layer["method"] = draw(st.sampled_from(STANDARD_METHODS))
    return dict(layer)  # a new dict: hypothesis would print the drawn one as first drawn


def _canonical_keys(options: dict[str, Any]) -> dict[str, Any]:
    aliases = {"baseUrl": "base_url", "mediaType": "media_type"}
    return {aliases.get(key, key): value for key, value in options.items()}


@st.composite
def calls(draw: st.DrawFn, max_layers: int = 3, defaults: bool = False) -> Call:
    """A valid call in one of the five shapes, against 0-``max_layers`` layers of defaults."""
    layers = draw(st.lists(options_layer(defaults=True), max_size=max_layers))
    route = draw(st.sampled_from(ROUTES))
    method = draw(methods)
    required, optional = template_variables(route)
    options = draw(options_layer(defaults=defaults))
    for name in required:
        if draw(st.integers(0, 9)) != 5:  # now and then left out: MissingParameterError
            options[name] = draw(path_values)
    for name in optional:
        if draw(st.booleans()):
            if name == "ref":
                options[name] = draw(
                    st.one_of(path_values, st.sampled_from(["heads/main", "../x"]))
                )
            elif name == "path":
                options[name] = draw(st.lists(path_values, max_size=3))
            else:
                options[name] = draw(st.one_of(st.none(), safe_text))
    shape = draw(st.integers(0, 4))
    spaced = draw(st.sampled_from(["{} {}", "  {}   {} "]))
    if shape == 0:  # route string, then keywords
        return Call(layers, (spaced.format(method, route),), _canonical_keys(options), route)
    if shape == 1:  # route string, then a mapping, some keywords over it
        keys = draw(st.sets(st.sampled_from(sorted(options)))) if options else set()
        kwargs = _canonical_keys({key: options.pop(key) for key in sorted(keys)})
        return Call(layers, (spaced.format(method, route), options), kwargs, route)
    if shape == 2:  # one mapping, no route
        return Call(layers, ({"method": method, "url": route, **options},), {}, route)
    if shape == 3:  # keywords only
        return Call(
            layers, (), {"method": method, "url": route, **_canonical_keys(options)}, route
        )
    return Call(layers, (route,), _canonical_keys(options), route)  # a URL only


@st.composite
def query_calls(draw: st.DrawFn) -> tuple[str, dict[str, str], list[tuple[str, str]]]:
    """A GET route, its keywords, and the (name, value) pairs its query must hold in order."""
    route = draw(st.sampled_from(ROUTES))
    required, optional = template_variables(route)
    kwargs: dict[str, str] = {
        name: draw(st.text(string.ascii_letters, min_size=1)) for name in required
    }
    expected: list[tuple[str, str]] = []
    if "name" in optional and draw(st.booleans()):
        kwargs["name"] = expected_name = draw(safe_text)
        expected.append(("name", expected_name))
    taken = set(required) | set(optional) | OPTION_NAMES | {"q", "data"}
    names = st.text(string.ascii_letters + "_", min_size=1, max_size=8).filter(
        lambda name: name not in taken
    )
    extra = draw(
        st.dictionaries(names, st.text(st.characters(exclude_categories=["Cs"])), max_size=5)
    )
    kwargs.update(extra)
    expected.extend(extra.items())
    return f"GET {route}", kwargs, expected


# -------------------------------------------------------------------------- hostile input

HOSTILE_PIECES = (
    "\ud800",
    "\udfff",
    " ",
    "\t",
    "\r\n",
    "\x00",
    "\x85",
    "{",
    "}",
    ":",
    ":owner",
    "{owner}",
    "{?x,y}",
    "{/p*}",
    "{+u}",
    "{=x}",
    "..",
    ".",
    "/",
    "%2e",
    "?",
    "#",
    "GET ",
    "https://",
    "http://h",
    "/graphql",
    "é",
)
hostile_text: st.SearchStrategy[str] = st.one_of(
    st.text(st.characters(exclude_categories=()), max_size=12),
    st.lists(st.sampled_from(HOSTILE_PIECES), max_size=6).map("".join),
    st.lists(st.one_of(st.sampled_from(HOSTILE_PIECES), st.text(max_size=3)), max_size=6).map(
        "".join
    ),
)


class Huge:
    """Stands for ``HUGE_INT`` in drawn data (whose repr would fail); see ``realize``."""

    def __repr__(self) -> str:
        return "HUGE"


HUGE_INT = 10**5000  # str() and repr() raise ValueError: more than 4300 digits


def realize(value: Any) -> Any:
    """``value`` with every ``Huge`` replaced by ``HUGE_INT``, just before a call."""
    kind = type(value)
    if kind is Huge:
        return HUGE_INT
    if kind is list or kind is tuple or kind is set or kind is frozenset:
        return kind(realize(item) for item in value)
    if kind is dict:
        return {realize(key): realize(item) for key, item in value.items()}
    return value


huge_integers: st.SearchStrategy[object] = st.one_of(
    st.sampled_from([2**64, -(2**100)]), st.builds(Huge)
)
hostile_scalars: st.SearchStrategy[object] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    huge_integers,
    st.floats(),
    st.sampled_from([float("nan"), float("inf"), -float("inf")]),
    hostile_text,
    st.binary(max_size=8),
)
hashables: st.SearchStrategy[object] = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        huge_integers,
        st.floats(),
        hostile_text,
        st.binary(),
    ),
    lambda inner: st.lists(inner, max_size=2).map(tuple),
    max_leaves=4,
)
hostile_keys: st.SearchStrategy[object] = st.one_of(
    st.sampled_from(sorted(OPTION_NAMES | {"data", "q", "owner", "name"})), hashables
)
garbage: st.SearchStrategy[object] = st.recursive(
    st.one_of(hostile_scalars, st.builds(object)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(hostile_keys, inner, max_size=3),
        st.sets(hashables, max_size=3),
        st.frozensets(hashables, max_size=3),
    ),
    max_leaves=8,
)
hostile_headers: st.SearchStrategy[object] = st.one_of(
    st.dictionaries(st.one_of(header_names, hashables), st.one_of(header_values, garbage)),
    st.dictionaries(header_names, st.sampled_from([Huge(), " x", "x\r\n", "é", True, 1.5])),
    garbage,
)
hostile_media_types: st.SearchStrategy[object] = st.one_of(
    st.fixed_dictionaries(
        {}, optional={"format": st.one_of(hostile_text, garbage), "previews": garbage}
    ),
    media_types,
    garbage,
)
hostile_methods: st.SearchStrategy[object] = st.one_of(methods, hostile_text, garbage)
hostile_base_urls: st.SearchStrategy[object] = st.one_of(
    st.sampled_from(BASE_URLS),
    st.sampled_from(
        [
            "https://a b",
            "https://h\n",
            "https://h/\t",
            "HTTPS://h",
            "https://h/a/../b",
            "https://h/.",
            "https://h/%2e%2E/",
            "https://h?x=1",
            "https://h#f",
            "http://",
            "ftp://h",
            "https://h/\ud800",
        ]
    ),
    st.sampled_from(["https://", "http://h"]).flatmap(
        lambda scheme: hostile_text.map(lambda text: scheme + text)
    ),
    hostile_text,
    garbage,
)
hostile_urls: st.SearchStrategy[object] = st.one_of(st.sampled_from(ROUTES), hostile_text, garbage)


@st.composite
def hostile_options(draw: st.DrawFn) -> dict[object, object]:
    """A mapping with random keys and values, and now and then each option, all hostile."""
    options: dict[object, object] = draw(st.dictionaries(hostile_keys, garbage, max_size=4))
    for key, strategy in (
        (draw(st.sampled_from(["headers", "Headers"])), hostile_headers),
        (draw(st.sampled_from(["media_type", "mediaType"])), hostile_media_types),
        ("method", hostile_methods),
        (draw(st.sampled_from(["base_url", "baseUrl"])), hostile_base_urls),
        ("url", hostile_urls),
        ("request", garbage),
        ("data", garbage),
    ):
        if draw(st.integers(0, 2)) == 0:
            options[key] = draw(strategy)
    return dict(options)  # a new dict: hypothesis would print the drawn one as first drawn


hostile_routes: st.SearchStrategy[object] = st.one_of(
    st.none(),
    st.tuples(
        st.one_of(st.sampled_from(STANDARD_METHODS), methods, hostile_text),
        st.one_of(st.sampled_from(ROUTES), hostile_text),
    ).map(" ".join),
    hostile_text,
    hostile_options(),
    garbage,
)
hostile_kwargs: st.SearchStrategy[dict[str, object]] = st.dictionaries(
    st.one_of(st.sampled_from(sorted(OPTION_NAMES | {"data", "owner"})), hostile_text),
    garbage,
    max_size=4,
)


@st.composite
def hostile_merged(draw: st.DrawFn) -> dict[object, object]:
    """A hostile dict for parse: mostly with a url and a base_url, so parsing gets far."""
    merged = draw(hostile_options())
    if draw(st.integers(0, 4)):
        merged["url"] = url = draw(st.one_of(st.sampled_from(ROUTES), hostile_urls))
        if url in ROUTES and draw(st.integers(0, 4)):
            for name in template_variables(str(url))[0]:
                merged[name] = draw(st.one_of(path_values, garbage))
    if draw(st.integers(0, 4)):
        merged["base_url"] = draw(st.one_of(st.sampled_from(BASE_URLS), hostile_base_urls))
    return dict(merged)


# Values that broke or nearly broke something once: each is drawn often, not by luck.
nasty_values: st.SearchStrategy[object] = st.sampled_from(
    [
        Huge(),
        [Huge()],
        {"k": Huge()},
        float("nan"),
        float("inf"),
        [float("-inf")],
        "\ud800",
        ["\udfff"],
        "",
        ".",
        "..",
        "%2e%2E",
        "a b",
        "\r\n",
        "\x00",
        b"\xff",
        bytearray(b"x"),
        (1, 2),
        {1, 2},
        {"nested": {"k": [1, {2}]}},
        {(1, 2): 3},
        [[1]],
        True,
    ]
)
hostile_values: st.SearchStrategy[object] = st.one_of(nasty_values, garbage)
corruptions: st.SearchStrategy[tuple[str, object]] = st.one_of(
    st.tuples(st.sampled_from(["base_url", "baseUrl"]), hostile_base_urls),
    st.tuples(st.sampled_from(["headers", "Headers"]), hostile_headers),
    st.tuples(st.sampled_from(["media_type", "mediaType"]), hostile_media_types),
    st.tuples(st.just("method"), hostile_methods),
    st.tuples(st.just("url"), hostile_urls),
    st.tuples(st.sampled_from(["request", "data"]), hostile_values),
    st.tuples(st.sampled_from(["owner", "repo", "name", "path", "ref"]), hostile_values),
    st.tuples(st.sampled_from(["q", "x", "data"]), hostile_values),
)
"""One (key, hostile value) to put into an otherwise valid call or merged dict."""


class LoudText(str):
    """A str whose own methods raise: restroute must use the text it is."""

    def __str__(self) -> str:
        raise RuntimeError("__str__ of a str subclass")

    def __format__(self, spec: str) -> str:
        raise RuntimeError("__format__ of a str subclass")

    def upper(self) -> str:
        raise RuntimeError("upper of a str subclass")

    def lower(self) -> str:
        raise RuntimeError("lower of a str subclass")

    def encode(self, *args: Any, **kwargs: Any) -> bytes:
        raise RuntimeError("encode of a str subclass")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(f"LoudText({str.__repr__(self)})")  # how Hypothesis names it


# The settings of the property tests (tests/slow): hundreds of examples each.
PROPERTY = settings(
    max_examples=300,
    deadline=None,
    database=None,  # write nothing into the repository
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
HOSTILE = settings(PROPERTY, max_examples=300)
