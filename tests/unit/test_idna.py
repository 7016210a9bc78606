"""The hosts the httpx snippet refuses are those httpx refuses (httpx is the oracle, for
each rule of ``_core.idna``: tests/slow/test_idna.py sweeps the code points), and the
base URLs no client reaches are refused everywhere (the sixth attack's G6)."""

from __future__ import annotations

import httpx
import pytest

from restroute import EndpointError, endpoint
from restroute._core.idna import httpx_host_problem


def httpx_refuses(host: str) -> bool:
    try:
        httpx.Request("GET", f"https://{host}/x")
    except (httpx.InvalidURL, UnicodeError, ValueError):
        return True
    return False


def xn(name: str) -> str:
    return "xn--" + name.encode("punycode").decode("ascii")


def agree(host: str) -> None:
    assert (httpx_host_problem(host) is not None) == httpx_refuses(host), host


CONTEXTS = [
    "l\u00b7l",
    "a\u00b7l",
    "\u0375\u03b1",
    "\u0375a",
    "\u05d0\u05f3",
    "a\u05f3",
    "\u30fb\u30a2",
    "\u30fba",
    "\u0915\u094d\u200d",
    "a\u200d",
    "\u0915\u094d\u200c",
    "\u0660\u0661",
    "\u0660\u06f0",
    "\u05d0\u05d1",
    "\u05d0a",
    "a\u05d0",
    "\u05d01",
    "1\u05d0",
    "\u0627\u0661\u06f1",
    "\u0627\u0031\u0661",
    "\u05d0\u0300",
    "\u0300a",
    "ab--c\u00e9",
    "\u00e9-",
    "-\u00e9",
    "\u05d0\u094d\u200c",  # a joiner last, after a virama: the Bidi rule's ending
    "\u00df",
    "\u03c2",
    "\u0640",
    "\u3007",
    "\u3031",
    "\u1100",
    "\ufe0f\u00e9",
    "\u00e9\ufe0f",
    "\u00c9",
    "e\u0301",
]


HOSTS = [
    *(xn(name) + ".example" for name in CONTEXTS),
    *("xn--.example", "xn--zz.example", "xn--abc-.example", "xn--zca.a_b.com"),
    *("xn--bcher-kva.example.", "xn--ls8h.la", "xn--53h.com", "api.github.com"),
    *(xn(name) + ".example" for name in ("\u05d0\u0661\u0031", "\u05d0\u05d1\u0300", "a\u05d0b")),
    *(xn(name) + ".example" for name in ("\u05d0!", "a\u0661", "\u0627\u0300", "\u00b7l")),
]


@pytest.mark.parametrize("host", HOSTS)
def test_the_httpx_snippet_refuses_the_hosts_httpx_refuses(host: str) -> None:
    assert (httpx_host_problem(host) is not None) == httpx_refuses(host)


def test_the_httpx_snippet_refuses_an_emoji_name_and_says_why() -> None:
    options = endpoint("GET /x", base_url="https://xn--ls8h.la")
    assert "xn--ls8h.la" in options.to_curl()  # curl and requests send it as written
    assert "xn--ls8h.la" in options.to_python()
    with pytest.raises(EndpointError, match=r"U\+1F4A9.*use to_curl or client='requests'"):
        options.to_python(client="httpx")


@pytest.mark.parametrize(
    "base_url", ["https://256.1.1.1", "https://1.2.3.999", "http://1.2.3", "https://01.2.3.4"]
)
def test_a_host_that_ends_in_a_number_and_is_no_address_is_refused(base_url: str) -> None:
    with pytest.raises(EndpointError, match="ends in a number and is no IPv4 address"):
        endpoint("GET /x", base_url=base_url)


@pytest.mark.parametrize(
    "base_url",
    ["https://10.0.0.1", "http://127.0.0.1:8080", "https://xn--zca.com", "https://v1.example"],
)
def test_addresses_and_idna_2008_names_are_taken(base_url: str) -> None:
    """(xn--zca is ß, which IDNA 2003, Python's codec, refused; IDNA 2008 allows it.)"""
    assert endpoint("GET /x", base_url=base_url)["url"] == base_url + "/x"
