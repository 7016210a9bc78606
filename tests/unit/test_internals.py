"""Behaviours that live below the public calls: bounded caches, unusual Endpoint setups."""

from __future__ import annotations

import pytest

from restroute import Endpoint, EndpointError, cli, endpoint
from restroute._core import cache


def test_caches_forget_everything_when_full() -> None:
    """A full cache starts over, so memory stays bounded whatever the input."""
    table: cache.Memo[str, int] = cache.Memo(len, limit=2)

    assert (table["a"], table["bb"]) == (1, 2)
    assert table["ccc"] == 3
    assert table == {"ccc": 3}


def test_a_refused_text_is_not_kept() -> None:
    """What the memo's function refuses raises, and is asked again next time."""

    def refuse(text: str) -> str:
        raise cache.Refused(f"{text} is no good")

    table: cache.Memo[str, str] = cache.Memo(refuse)

    with pytest.raises(cache.Refused, match="x is no good"):
        table["x"]
    assert table == {}


def test_a_memo_reads_texts_only() -> None:
    """of_text: a str's value, a str subclass's as the plain str, None for other values and
    for a text the memo's function refuses."""

    def shout(text: str) -> str:
        if not text.isalpha():
            raise cache.Refused("letters only")
        return text.upper()

    class Text(str):
        def upper(self) -> str:
            raise AssertionError("the subclass's own upper() ran")

    table: cache.Memo[str, str] = cache.Memo(shout)

    assert table.of_text("abc") == "ABC"
    assert table.of_text(Text("abc")) == "ABC"
    assert table.of_text(b"abc") is None
    assert table.of_text(["abc"]) is None
    assert table.of_text("a b") is None
    assert table == {"abc": "ABC"}


def test_results_stay_right_across_cache_resets(monkeypatch: pytest.MonkeyPatch) -> None:
    """With every cache holding one entry, alternating routes still build correctly."""
    from restroute._core import http, media_type, options, parse, query, template

    for table in (
        http._NAMES,
        http._VALUES,
        media_type._AMENDED,
        options.split_route,
        parse._PLANS,
        parse._METHODS,
        parse._BASE_URLS,
        query._KEYS,
        template.TEMPLATES,
    ):
        monkeypatch.setattr(table, "limit", 1)

    for _ in range(3):
        assert endpoint("GET /a/{x}", x=1, headers={"x-a": "1"})["url"].endswith("/a/1")
        assert endpoint("POST /b/{y}", y=2, base_url="https://h")["url"] == "https://h/b/2"


def test_an_endpoint_built_without_headers() -> None:
    """Endpoint(...) with bare defaults takes the call's headers as they are."""
    bare = Endpoint({"baseUrl": "https://h/"})

    assert bare("GET /x", headers={"X-A": "1", "X-B": None}) == {
        "method": "get",
        "url": "https://h/x",
        "headers": {"x-a": "1"},
    }
    assert repr(bare) == "<Endpoint None https://h>"


def test_a_str_subclass_as_header_value() -> None:
    """A str subclass is sent as its plain text."""

    class Token(str):
        pass

    assert (
        endpoint("GET /x", headers={"authorization": Token("token t")})["headers"]["authorization"]
        == "token t"
    )


def test_none_header_values_in_hand_written_merged_options() -> None:
    """parse drops a header whose value is None."""
    result = endpoint.parse({"url": "https://h/x", "headers": {"x-a": None, "x-b": "1"}})

    assert result["headers"] == {"x-b": "1"}


def test_ints_too_long_to_write(monkeypatch: pytest.MonkeyPatch) -> None:
    """An int past Python's digit limit is refused in URLs and headers, not crashed on."""
    huge = 10**5000

    with pytest.raises(EndpointError) as in_url:
        endpoint("GET /x/{n}", n=huge)
    with pytest.raises(EndpointError) as in_header:
        endpoint("GET /x", headers={"x-n": huge})
    with pytest.raises(EndpointError) as in_body:
        endpoint("POST /x", n=huge)

    assert str(in_url.value) == (
        "parameter 'n' is an int too long to write out; pass it as a string"
    )
    assert str(in_header.value) == (
        "header 'x-n' is an int too long to write out; pass it as a string"
    )
    assert "Exceeds the limit" in str(in_body.value)


def test_entrypoint_exits_with_mains_status(monkeypatch: pytest.MonkeyPatch) -> None:
    """The console script exits with what main returns."""
    monkeypatch.setattr("sys.argv", ["restroute", "build", "GET /users/{username}"])

    with pytest.raises(SystemExit) as raised:
        cli.entrypoint()

    assert raised.value.code == 2


def test_deriving_from_an_endpoint_without_headers() -> None:
    """defaults() on a bare Endpoint works and adds what it is given."""
    derived = Endpoint({"base_url": "https://h"}).defaults(per_page=1)

    assert derived("GET /x") == {"method": "get", "url": "https://h/x?per_page=1", "headers": {}}


def test_a_long_text_is_worked_out_but_not_kept() -> None:
    """Texts over cache.LONGEST characters (a megabyte header value) are never kept, so a
    table's memory stays bounded by its entry limit times that length."""
    table: cache.Memo[object, int] = cache.Memo(lambda key: 1)
    long_text = "x" * (cache.LONGEST + 1)

    assert table[long_text] == 1
    assert table[("a", long_text)] == 1
    assert table["short"] == 1
    assert table == {"short": 1}
    assert endpoint("GET /x", headers={"x-big": long_text})["headers"]["x-big"] == long_text
