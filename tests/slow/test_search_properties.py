"""Properties of the catalog's search: any few words rank as the rules read; query expressions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from restroute.catalog import _find
from tests.unit.test_catalog_search import _trimmed_as_before
from tests.unit.test_search_reference import github, reference


@given(
    st.lists(
        st.sampled_from([*"abcdegilmoprstu", "re", "po", "iss", "pull", "rel", "get", "com"]),
        min_size=1,
        max_size=3,
    ),
    st.integers(1, 30),
)
def test_any_few_words_rank_as_the_rules_read(parts: list[str], limit: int) -> None:
    query = " ".join(parts)
    api = github()
    assert [op.id for op in api.search(query, limit)] == reference(api, query, limit)


@given(st.text(alphabet="{}?&ab/", max_size=14))
@settings(max_examples=400)
def test_query_expressions_go_as_the_loop_took_them(url: str) -> None:
    assert _find._without_query_expressions(url) == _trimmed_as_before(url)
