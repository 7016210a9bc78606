"""Behaviours that live below the public calls: bounded caches, unusual Endpoint setups."""

from __future__ import annotations

import pytest

from restroute import Endpoint, EndpointError, _cache, cli, endpoint


def test_caches_forget_everything_when_full() -> None:
    """A full cache starts over, so memory stays bounded whatever the input."""
    cache: _cache.BoundedCache[str, int] = _cache.BoundedCache(limit=2)
    cache.put("a", 1)
    cache.put("b", 2)

    assert cache.put("c", 3) == 3
    assert cache == {"c": 3}


def test_results_stay_right_across_cache_resets(monkeypatch: pytest.MonkeyPatch) -> None:
    """With every cache holding one entry, alternating routes still build correctly."""
    from restroute import _http, _options, _parse, _template

    for cache in (
        _http._GOOD_NAMES,
        _http._GOOD_VALUES,
        _options._ROUTES,
        _parse._PLANS,
        _parse._METHODS,
        _parse._BASE_URLS,
        _template._TEMPLATES,
    ):
        monkeypatch.setattr(cache, "limit", 1)

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
