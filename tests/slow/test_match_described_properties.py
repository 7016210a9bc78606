"""Properties of reading described requests back: query, form and multipart round-trips."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from restroute import catalog
from restroute.catalog import Catalog
from tests.unit.test_match_described import (
    STYLES,
    TEXT,
    WORD,
    again,
    read_back,
    request,
)


@pytest.fixture(scope="module")
def styles() -> Catalog:
    return catalog.load(STYLES)


@given(
    exploded=st.lists(TEXT, min_size=1, max_size=3),
    spaced=st.lists(WORD, min_size=1, max_size=3),
    deep=st.dictionaries(WORD, TEXT, min_size=1, max_size=3),
    limit=st.integers(-(10**6), 10**6),
    session=WORD,
    header=WORD,
)
def test_the_query_round_trip_holds_for_any_values(
    styles: Catalog,
    exploded: list[str],
    spaced: list[str],
    deep: dict[str, str],
    limit: int,
    session: str,
    header: str,
) -> None:
    op = styles.find("getQuery")
    assert op is not None
    values = {"exploded": exploded, "spaced": spaced, "deep": deep, "limit": limit,
              "cookie.session": session, "headers.x-request-id": header}  # fmt: skip
    sent = request(op, values)
    assert again(read_back(styles, sent)) == sent


@given(
    name=TEXT,
    tags=st.lists(TEXT, max_size=3),
    metadata=st.dictionaries(WORD, TEXT, max_size=3),
)
def test_the_form_body_round_trip_holds_for_any_values(
    styles: Catalog, name: str, tags: list[str], metadata: dict[str, str]
) -> None:
    op = styles.find("createPetForm")
    assert op is not None
    sent = request(op, {"name": name, "tags": tags, "metadata": metadata})
    assert again(read_back(styles, sent)) == sent


@given(caption=TEXT, photo=st.binary(max_size=64), details=st.dictionaries(WORD, TEXT))
def test_the_multipart_round_trip_holds_for_any_values(
    styles: Catalog, caption: str, photo: bytes, details: dict[str, str]
) -> None:
    op = styles.find("uploadPhoto")
    assert op is not None
    sent = request(op, {"id": 1, "caption": caption, "photo": photo, "details": details})
    assert again(read_back(styles, sent)) == sent
