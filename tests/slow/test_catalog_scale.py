"""Every operation of GitHub's catalog, and its whole search: read back, ranked, compiled."""

from __future__ import annotations

import pytest

from restroute import catalog, endpoint
from restroute._core import prepared
from restroute._core.cache import LONGEST
from restroute._core.prepared import WARM_UP
from restroute.reader import read_route
from tests.unit.test_match import built, texts
from tests.unit.test_search_reference import QUERIES, github, reference


@pytest.mark.parametrize("format", ["curl", "requests", "httpx", "json", "url"])
def test_every_operation_reads_back_in_every_format(format: str) -> None:
    """All 1,223 operations, built with example values and written in ``format``, read
    back to the route, the parameters and the headers they were built with: the only
    header left is a raw body's content-type, which is no parameter."""
    wrong: list[tuple[object, ...]] = []
    read = 0
    for op in catalog.operations():
        route, parameters = built(op)
        options = endpoint(route, parameters)
        text = texts(options, op.method).get(format)
        if text is None:
            continue
        found = read_route(text)
        read += 1
        expected = dict(parameters)
        if format == "url":  # a URL alone has no accept header: no media type
            expected.pop("media_type", None)
        body = expected.pop("data", None) if op.body not in ("", "json") else None
        headers = {"content-type": options["headers"]["content-type"]} if body else {}
        if (found.route, found.params, found.headers) != (route, expected, headers):
            wrong.append((op.id, found.route, found.params, found.headers))
        elif found.operation is not op or (body is not None and found.data != body):
            wrong.append((op.id, found.operation, found.data, None))
    assert wrong == []
    assert read == (639 if format == "url" else 1223)


@pytest.mark.parametrize("query", QUERIES)
@pytest.mark.parametrize("limit", [1, 5, 60])
def test_search_ranks_github_as_the_rules_read(query: str, limit: int) -> None:
    api = github()
    assert [op.id for op in api.search(query, limit)] == reference(api, query, limit)


def test_misspelt_words_typed_a_key_at_a_time_rank_as_typed_at_once() -> None:
    # Each key looks one letter further from the last word's letters (kept per catalog,
    # a few queries' worth): many words, typed letter by letter, and then again.
    api = github()
    ids = [op.id for op in api.operations[::40]]
    words = ["".join(op_id.replace("-", "").replace("/", "")[::2]) for op_id in ids]
    for word in [*words, *words[:5]]:
        for end in range(3, len(word) + 1, 3):
            typed = word[:end]
            assert [op.id for op in api.search(typed, 5)] == reference(api, typed, 5), typed


def test_the_tables_of_routes_stay_bounded() -> None:
    routes = prepared.CompiledRoutes(endpoint._layered)
    for number in range(prepared.LIMIT + 1):
        for _ in range(WARM_UP):
            assert routes.warm_up(f"GET /n/{number}", {}) is None
    assert len(routes._uses) <= prepared.LIMIT
    for number in range(prepared.COMPILED_LIMIT + 1):
        for _ in range(WARM_UP):
            assert routes.warm_up(f"GET /c/{number}", {}) is None
        answer = routes.warm_up(f"GET /c/{number}", {})
        assert answer is not None
        assert answer["url"] == f"https://api.github.com/c/{number}"
    assert 1 <= len(routes.compiled) <= prepared.COMPILED_LIMIT
    long_route = "GET /" + "a" * LONGEST
    for _ in range(WARM_UP + 2):
        assert routes.warm_up(long_route, {}) is None  # the general path answers it
    assert long_route not in routes.compiled
    assert endpoint(long_route)["url"] == "https://api.github.com/" + "a" * LONGEST
