"""A route's compiled function gives what the general path gives, or says None.

``endpoint(route, params)`` answers from a function compiled for the route once the route
has been called often (restroute._core.prepared, WARM_UP). The general path,
``endpoint.parse(endpoint.merge(...))``, is the definition: these tests hold the compiled
function to it, value for value and in the same order (the order of a query string, of
headers, of a body's keys), on valid calls and on hostile ones.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from restroute import Endpoint, EndpointError, MissingParameterError, endpoint
from restroute._core import prepared
from restroute._core.options import call_options
from restroute._core.prepared import WARM_UP, compile_route
from restroute._core.result import MergedOptions
from restroute._core.url import no_dot_segment
from tests.strategies import (
    Call,
)

ACCEPT = "application/vnd.github.v3+json"


def in_order(value: object) -> object:
    """``value`` with every dict as a list of its items: == then also compares order."""
    if isinstance(value, dict):
        return [(key, in_order(item)) for key, item in value.items()]
    if isinstance(value, list):
        return [in_order(item) for item in value]
    return value


def general(base: Endpoint, route: str, given: dict[str, Any]) -> tuple[str, Any]:
    try:
        return "ok", base.parse(base.merge(route, given))
    except EndpointError as error:
        return "error", str(error)


def check_same(base: Endpoint, route: str, given: dict[str, Any]) -> Any:
    """The compiled answer for ``given``, checked against the general path's."""
    identities = [(key, id(value)) for key, value in given.items()]
    before = copy.deepcopy(given)
    answer = compile_route(base._layered, route)(given)
    assert [(key, id(value)) for key, value in given.items()] == identities
    if before == copy.deepcopy(before):  # equal copies (not so for an object()): compare
        assert given == before, "the compiled function changed its input"
    kind, expected = general(base, route, copy.deepcopy(before))
    if answer is not None:
        assert kind == "ok", f"compiled answered, the general path said {expected}"
        assert type(answer) is type(expected)
        assert in_order(answer) == in_order(expected)
    return answer


def route_and_given(call: Call) -> tuple[str, dict[str, Any]] | None:
    """The call as endpoint() hands it to a prepared route, when it is that shape."""
    _layers, args, kwargs = call.fresh()
    if not args or not isinstance(args[0], str):
        return None
    if len(args) == 1:
        return args[0], kwargs
    return (args[0], args[1]) if not kwargs else None


def test_a_route_is_compiled_once_it_has_been_called_often() -> None:
    base = endpoint.defaults(per_page=3)
    route = "GET /repos/{owner}/{repo}"
    for _ in range(WARM_UP):
        base(route, owner="o", repo="r")
        assert route not in base._compiled
    result = base(route, owner="o", repo="r")
    assert route in base._compiled
    assert result["url"] == "https://api.github.com/repos/o/r?per_page=3"
    assert base(route, {"owner": "o w", "repo": 7}) == {
        "method": "get",
        "url": "https://api.github.com/repos/o%20w/7?per_page=3",
        "headers": {"accept": ACCEPT, "user-agent": endpoint.DEFAULTS["headers"]["user-agent"]},
    }


def test_every_call_shape_answers_alike_once_compiled() -> None:
    route = "POST /repos/{owner}/{repo}/issues"
    expected = endpoint.parse(endpoint.merge(route, {"owner": "o", "repo": "r", "title": "t"}))
    for _ in range(WARM_UP + 2):
        assert endpoint(route, owner="o", repo="r", title="t") == expected
        assert endpoint(route, {"owner": "o", "repo": "r", "title": "t"}) == expected
        assert endpoint(route, {"owner": "o"}, repo="r", title="t") == expected  # general
    assert expected["body"] == {"title": "t"}
    assert expected["headers"]["content-type"] == "application/json; charset=utf-8"


def test_errors_are_the_general_paths_own() -> None:
    route = "GET /repos/{owner}/{repo}"
    for _ in range(WARM_UP + 1):
        try:
            endpoint(route, owner="o")
        except MissingParameterError as error:
            message = str(error)
    assert message == "GET /repos/{owner}/{repo}: no value for {repo}; pass repo=..."
    assert compile_route(endpoint._layered, route)({"owner": "o"}) is None


def test_what_the_compiled_function_leaves_to_the_general_path() -> None:
    call = compile_route(endpoint._layered, "GET /repos/{owner}/{repo}")
    assert call({"owner": "o", "repo": "r", "url": "/x"}) is None  # an option
    assert call({"owner": "o", "repo": "r", "baseUrl": "https://x.example"}) is None
    assert call({"owner": ["a", "b"], "repo": "r"}) is None  # a list: the general path
    assert call({"owner": True, "repo": "r"}) is None  # a bool is not an int here
    assert call({"owner": 10**700, "repo": "r"}) is None  # more digits than int_text takes
    assert call({"owner": "..", "repo": "r"}) is None  # a dot segment
    assert call({"owner": "o", "repo": "r", "data": "x"}) is None  # a GET has no body
    graphql = compile_route(endpoint._layered, "POST /{name}")
    assert graphql({"name": "graphql", "query": "{}"}) is None  # previews apply there
    assert check_same(endpoint, "POST /{name}", {"name": "gql", "query": "{}"}) is not None


def test_a_refused_route_or_defaults_compile_to_a_function_that_declines() -> None:
    assert compile_route(endpoint._layered, "GET /a/{url}") is prepared._declined
    assert compile_route(endpoint._layered, "G(T /a") is prepared._declined
    bad_headers = Endpoint({"headers": {"x": "a\r\nb"}})
    assert compile_route(bad_headers._layered, "GET /a") is prepared._declined
    assert prepared._declined({}) is None  # type: ignore[func-returns-value]


def test_defaults_a_call_must_copy_are_left_to_the_general_path() -> None:
    assert compiled_for(endpoint.defaults(request={"timeout": 1})) is prepared._declined
    assert compiled_for(endpoint.defaults(labels=["bug"])) is prepared._declined
    assert compiled_for(endpoint.defaults(per_page=1, sort="x")) is not prepared._declined
    base = endpoint.defaults(labels=["bug"])
    for _ in range(WARM_UP + 1):
        result = base("POST /repos/{owner}/{repo}/issues", owner="o", repo="r")
    result["body"]["labels"].append("mutated")
    assert base.DEFAULTS["labels"] == ["bug"]


def compiled_for(base: Endpoint) -> prepared.Call:
    return compile_route(base._layered, "GET /user")


def test_headers_and_media_type_of_a_call_merge_as_the_general_path_merges() -> None:
    route = "PUT /repos/{owner}/{repo}/contents/{path}"
    given_: dict[str, Any] = {"owner": "o", "repo": "r", "path": "a b", "data": "raw"}
    given_ |= {"headers": {"Content-Type": "text/plain", "User-Agent": None}}
    answer = check_same(endpoint, route, given_)
    assert answer["headers"] == {"accept": ACCEPT, "content-type": "text/plain"}
    assert answer["url"] == "https://api.github.com/repos/o/r/contents/a%20b"
    assert answer["body"] == "raw"
    pulls = "GET /repos/{owner}/{repo}/pulls/{number}"
    diff = {"owner": "o", "repo": "r", "number": 1, "media_type": {"format": "diff"}}
    assert (
        check_same(endpoint, pulls, diff)["headers"]["accept"] == "application/vnd.github.v3.diff"
    )
    assert check_same(endpoint, pulls, {**diff, "media_type": None}) is None
    no_headers = Endpoint({"method": "GET", "base_url": "https://x.example"})
    assert check_same(no_headers, "/a", {"headers": {"X-A": 1}})["headers"] == {"x-a": "1"}


def test_urls_that_are_not_base_and_path_are_resolved_as_parse_resolves_them() -> None:
    upload = "POST https://uploads.example.com/r/{id}/assets{?name,label}"
    framed = {"id": 1, "name": "a.zip", "label": None, "data": "hi"}
    framed["headers"] = {"content-length": 2}
    answer = check_same(endpoint, upload, framed)
    assert answer["url"] == "https://uploads.example.com/r/1/assets?name=a.zip"
    assert answer["headers"]["content-length"] == "2"
    assert check_same(endpoint, upload, {**framed, "data": "hi!"}) is None  # a length lie
    assert check_same(endpoint, "GET /a/{x}/", {"x": "b"})["url"] == "https://api.github.com/a/b"
    assert check_same(endpoint, "GET /a{/x}", {})["url"] == "https://api.github.com/a"
    no_base = Endpoint({"method": "GET", "base_url": "ftp://x"})
    assert check_same(no_base, "/a", {}) is None
    assert check_same(no_base, "https://h.example/{x}", {"x": "y"}) is not None


def test_a_defaults_parameter_and_an_empty_body_as_parse_makes_them() -> None:
    base = endpoint.defaults(per_page=100)
    answer = check_same(base, "PATCH /a/{x}", {"x": "y"})
    assert answer["body"] == {"per_page": 100}
    answer = check_same(endpoint, "PUT /a/{x}", {"x": "y"})
    assert answer["body"] == ""
    framed = endpoint.defaults(headers={"content-length": "0"})
    assert check_same(framed, "PUT /a/{x}", {"x": "y"})["body"] == ""
    query = check_same(base, "GET /a/{x}{?y}", {"x": "1", "y": "2", "z": "3"})
    assert query["url"] == "https://api.github.com/a/1?y=2&per_page=100&z=3"


def test_the_source_holds_no_text_of_the_route() -> None:
    source = prepared._Source(endpoint._layered, "GET /__import__/{os_system}?x=exec")
    text = "\n".join(source.lines)
    assert "__import__" not in text
    assert "os_system" not in text
    assert "exec" not in text
    assert "/__import__/" in source.names.values()
    assert "os_system" in source.names.values()
    assert "?x=exec" in source.names.values()


def general_merge(base: Endpoint, route: str, given: dict[str, Any]) -> tuple[str, Any]:
    try:
        call = call_options(route, given, {}, "endpoint")
        return "ok", MergedOptions(base._layered.merge(call))
    except EndpointError as error:
        return "error", str(error)


def test_what_a_merge_in_one_pass_leaves_to_merge() -> None:
    base = endpoint.defaults(data={"a": 1})
    merged = base.merge("POST /x", data={"b": 2})  # a mapping of the defaults: merged deep
    assert merged["data"] == {"a": 1, "b": 2}
    merged["media_type"]["previews"].append("mutated")
    assert base.DEFAULTS["media_type"]["previews"] == []
    graphql = endpoint.defaults(media_type={"previews": ["a-preview"]})
    assert graphql.merge("POST /graphql", query="{}")["media_type"]["previews"] == ["a"]
    assert graphql.merge("POST /other", query="{}")["media_type"]["previews"] == ["a-preview"]


def test_a_template_naming_its_host_is_checked_once_and_a_value_cannot_move_it() -> None:
    assert prepared._fixed_host("https://h.example/r/")
    assert prepared._fixed_host("http://h.example:8080?")
    assert not prepared._fixed_host("https://")  # "https://{host}/...": a value names it
    assert not prepared._fixed_host("https://h.example")  # "{+rest}" could add "@x"
    assert not prepared._fixed_host("https://u:p@h.example/")
    assert not prepared._fixed_host("/r/")
    fixed = "GET https://h.example/r/{x}"
    assert check_same(endpoint, fixed, {"x": "a b"})["url"] == "https://h.example/r/a%20b"
    assert check_same(endpoint, fixed, {"x": ".."}) is None  # a dot segment: refused
    assert check_same(endpoint, "GET https://h.example{+x}", {"x": "@evil.example/"}) is None
    moved = check_same(endpoint, "GET https://{host}/r", {"host": "h.example"})
    assert moved["url"] == "https://h.example/r"


def test_an_encoded_space_or_comma_takes_no_slow_path_and_an_encoded_dot_does() -> None:
    assert no_dot_segment("https://h.example/a%20b/c%2Cd")
    assert not no_dot_segment("https://h.example/%2e%2E/x")
    assert not no_dot_segment("https://h.example/%2E")
    assert not no_dot_segment("https://h.example/./x")
    assert endpoint("GET /a/{b}/c", b="%2e%2e")["url"] == "https://api.github.com/a/%252e%252e/c"
    with pytest.raises(EndpointError, match="has a '%2e' segment"):
        endpoint("GET /a/{+b}/c", b="%2e")


def test_a_gets_query_starts_with_the_defaults_parameters_written_out_once() -> None:
    base = endpoint.defaults(per_page=100, owner="o", empty=None)
    route = "GET /repos/{owner}/{repo}/issues"
    source = prepared._Source(base._layered, route)
    assert source.names["DEFAULT_QUERY"] == "per_page=100"  # owner is a placeholder's
    answer = check_same(base, route, {"repo": "r", "state": "a b", "gone": None})
    assert answer["url"] == "https://api.github.com/repos/o/r/issues?per_page=100&state=a%20b"
    assert check_same(base, route, {"repo": "r"})["url"].endswith("/issues?per_page=100")
    overridden = check_same(base, route, {"repo": "r", "per_page": 5, "empty": "x"})
    assert overridden["url"].endswith("?per_page=5&empty=x")  # in the defaults' order
    assert check_same(base, route, {"repo": "r", "data": "x"}) is None  # a GET's body
    with_headers = check_same(base, route, {"repo": "r", "headers": {"x-a": "1"}})
    assert with_headers["headers"]["x-a"] == "1"
    assert with_headers["url"].endswith("?per_page=100")
    templated = check_same(base, "GET /a{?x}", {"x": "1", "y": "2"})
    assert templated["url"] == "https://api.github.com/a?x=1&per_page=100&owner=o&y=2"
    only_none = endpoint.defaults(empty=None)
    assert prepared._Source(only_none._layered, route).names["DEFAULT_QUERY"] == ""
    assert check_same(only_none, route, {"owner": "o", "repo": "r", "a": 1})["url"].endswith(
        "/issues?a=1"
    )


def test_defaults_a_query_cannot_take_are_left_to_the_general_path() -> None:
    bad = prepared._Source(endpoint.defaults(per_page=float("nan"))._layered, "GET /a")
    assert "DEFAULT_QUERY" not in bad.names
    with_data = prepared._Source(endpoint.defaults(data="x")._layered, "GET /a")
    assert "DEFAULT_QUERY" not in with_data.names
    assert check_same(endpoint.defaults(data="x"), "GET /a", {}) is None
    assert "DEFAULT_QUERY" not in prepared._Source(endpoint._layered, "GET /a").names


def test_a_query_goes_before_a_fragment_and_after_a_query_the_template_wrote() -> None:
    assert check_same(endpoint, "GET /a#f", {"x": "1"})["url"] == "https://api.github.com/a?x=1#f"
    assert check_same(endpoint, "GET /a?b=1", {"x": "1"})["url"].endswith("/a?b=1&x=1")
    assert check_same(endpoint, "GET /a?", {"x": "1"})["url"].endswith("/a?x=1")


def test_a_content_length_or_transfer_encoding_a_call_passes_is_checked() -> None:
    """From the adversary: a GET over defaults with parameters took its query written
    out in advance, and no framing check, when the call passed such a header."""
    base = endpoint.defaults(per_page=100)
    for headers, problem in (
        ({"transfer-encoding": "chunked"}, "transfer-encoding is set"),
        ({"content-length": "5"}, "content-length is 5 but the body has 0 bytes"),
    ):
        for _ in range(WARM_UP + 2):
            with pytest.raises(EndpointError, match=problem):
                base("GET /user", headers=headers)
        assert check_same(base, "GET /user", {"headers": headers}) is None
    assert base("GET /user", headers={"content-length": "0"})["url"].endswith("?per_page=100")


def test_a_template_of_many_expressions_is_left_to_the_general_path() -> None:
    many = "GET " + "".join(f"/a/{{v{n}}}" for n in range(prepared.PIECES_LIMIT + 1))
    fewer = "GET " + "".join(f"/a/{{v{n}}}" for n in range(prepared.PIECES_LIMIT))
    assert compile_route(endpoint._layered, many) is prepared._declined
    values = {f"v{n}": n for n in range(prepared.PIECES_LIMIT)}
    assert check_same(endpoint, fewer, values) is not None


class Liar(str):
    """A str that says its class is str, and adds text of its own to what it is added to."""

    @property  # type: ignore[misc]
    def __class__(self) -> type:
        return str

    def __add__(self, other: object) -> str:
        return "@evil.example/" + str(other)

    def __radd__(self, other: object) -> str:
        return str(other) + "@evil.example/"


def test_a_value_that_fakes_its_class_is_encoded_as_the_text_it_is() -> None:
    """From the adversary: a str subclass whose __class__ says str passed as plain text,
    and its __radd__ wrote what it liked into the URL, on both paths."""
    base = endpoint.defaults(per_page=1)
    for _ in range(WARM_UP + 2):
        query = base("GET /u", x=Liar("v w"))
        path = base("GET /u/{x}/{y}", x=Liar("a b"), y="c")
        assert query["url"] == "https://api.github.com/u?per_page=1&x=v%20w"
        assert path["url"] == "https://api.github.com/u/a%20b/c?per_page=1"
    assert check_same(base, "GET /u/{x}", {"x": Liar("v")}) is None  # the general path's


def test_the_tables_of_routes_forget_all_once_full_and_skip_a_route_too_long(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The limits made small (tests/slow/test_catalog_scale.py fills the real ones): a
    full table of counts or of functions is cleared, and a route longer than a memo
    keeps is never counted nor compiled (the general path answers it)."""
    monkeypatch.setattr(prepared, "LIMIT", 2)
    monkeypatch.setattr(prepared, "COMPILED_LIMIT", 2)
    monkeypatch.setattr(prepared, "LONGEST", 10)
    routes = prepared.CompiledRoutes(endpoint._layered)

    for number in range(3):
        assert routes.warm_up(f"GET /n/{number}", {}) is None
    assert routes._uses == {"GET /n/2": 1}  # the third route found the table full
    for number in range(3):
        for _ in range(WARM_UP):
            assert routes.warm_up(f"GET /c/{number}", {}) is None
        answer = routes.warm_up(f"GET /c/{number}", {})
        assert answer is not None
        assert answer["url"] == f"https://api.github.com/c/{number}"
    assert list(routes.compiled) == ["GET /c/2"]  # the third function found it full
    long_route = "GET /" + "a" * 10
    for _ in range(WARM_UP + 2):
        assert routes.warm_up(long_route, {}) is None
    assert long_route not in routes._uses
    assert long_route not in routes.compiled
