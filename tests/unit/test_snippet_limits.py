"""Snippets that must send (issue 32, items 5, 6 and 8): a redacted secret in the query, a
header or URL too long for a command line or a client, a host no client reaches.

Each snippet sends exactly what it shows, or its function refuses up front with an
EndpointError that names the limit and what to do.
"""

from __future__ import annotations

import ast
from typing import Any

import pytest

from restroute import EndpointError, endpoint
from restroute.redact import redact_url
from restroute.snippets import to_curl, to_json, to_python

CLIENTS = ["requests", "httpx"]
KIB = 1024


# --- item 5: a redacted secret in the query ---------------------------------------------


@pytest.mark.parametrize("client", CLIENTS)
def test_a_redacted_query_secret_makes_a_script_the_client_sends_as_written(client: str) -> None:
    """The attacker's input: ``to_python(redact=True)`` raised "requests would re-encode
    < >" for restroute's own marker. Now the script is written, it compiles, and its URL
    holds the marker percent-encoded (no < or >, which both clients re-encode), the
    secret nowhere."""
    options = endpoint("GET /x", access_token="abc")

    script = options.to_python(redact=True, client=client)

    ast.parse(script)
    assert 'url = "https://api.github.com/x?access_token=%3CREDACTED%3E"' in script
    assert "abc" not in script
    assert "<REDACTED>" not in script.partition("headers =")[0]


def test_every_snippet_shows_the_same_redacted_url() -> None:
    """curl, requests, httpx and the JSON copy show one redacted URL; env= hides it so too."""
    options = endpoint("GET /x/{y}", y="ghp_" + "a" * 36, client_secret="s", page=2)
    url = "https://api.github.com/x/%3CREDACTED%3E?client_secret=%3CREDACTED%3E&page=2"

    assert to_curl(options, redact=True).endswith(f"'{url}'")
    for client in CLIENTS:
        assert f'url = "{url}"' in to_python(options, client=client, redact=True)
        assert f'url = "{url}"' in to_python(options, client=client, env={})
    assert f'"url": "{url}"' in to_json(options, redact=True)


def test_the_marker_is_redacted_once_spelled_per_place() -> None:
    """Outside a URL a snippet sends, the marker stays ``<REDACTED>``: a header, a body
    field, and a URL shown to a person."""
    options = endpoint(
        "POST /x", access_token="abc", headers={"authorization": "token t"}, password="pw"
    )
    script = to_python(options, redact=True)

    assert '"authorization": "token <REDACTED>"' in script
    assert '"password": "<REDACTED>"' in script.partition("payload =")[2]
    assert redact_url("https://h/x?access_token=t") == "https://h/x?access_token=<REDACTED>"


# --- item 6: snippets that cannot send ------------------------------------------------------


def _get(**changes: Any) -> dict[str, Any]:
    return {"method": "GET", "url": "https://h/x", "headers": {"accept": "*/*"}, **changes}


def test_curl_refuses_a_header_past_one_argument() -> None:
    """A header value over 128 KiB made every shell's curl fail with "Argument list too
    long"; curl's options are shell arguments, so a header past MAX_CURL_ARGUMENT is
    refused, naming the limit and what to do."""
    options = _get(headers={"x-big": "a" * (128 * KIB + 1)})

    with pytest.raises(EndpointError, match=r"65,536 .*to_python") as raised:
        to_curl(options)
    assert "x-big" in str(raised.value)
    assert "aaaa" not in str(raised.value)


def test_curl_refuses_a_url_past_one_argument() -> None:
    """A URL over 128 KiB failed the same way; past MAX_CURL_ARGUMENT it is refused."""
    options = _get(url="https://h/x?q=" + "a" * (128 * KIB))

    with pytest.raises(EndpointError, match=r"the URL .*past 65,536 .*to_python"):
        to_curl(options)


def test_curl_sends_a_header_at_the_limit() -> None:
    """A header line of MAX_CURL_ARGUMENT characters is one argument that fits."""
    line = "x-big: "
    options = _get(headers={"x-big": "a" * (64 * KIB - len(line))})

    assert "a" * 1000 in to_curl(options)


def test_curl_refuses_arguments_that_together_pass_the_command_line() -> None:
    """Linux caps a command's arguments and environment together at 2 MiB: headers that
    each fit but together pass MAX_CURL_COMMAND are refused, naming it."""
    headers = {f"x-h{n}": "a" * (60 * KIB) for n in range(40)}

    with pytest.raises(EndpointError, match=r"1,048,576 .*to_python"):
        to_curl(_get(headers=headers))


def test_httpx_refuses_a_url_past_its_limit() -> None:
    """httpx raises InvalidURL for a URL over 65,536 characters: the script is refused
    up front, naming the limit; requests, which has none, writes it."""
    options = _get(url="https://h/x?q=" + "a" * 65_536)

    with pytest.raises(EndpointError, match=r"httpx .*65,536 characters.*requests"):
        to_python(options, client="httpx")
    assert "a" * 65_536 in to_python(options, client="requests")


def test_httpx_takes_a_url_at_its_limit() -> None:
    url = "https://h/x?q="
    options = _get(url=url + "a" * (65_536 - len(url)))

    assert "a" * 60_000 in to_python(options, client="httpx")


# --- item 8: hosts no client reaches ---------------------------------------------------------

UNREACHABLE = {
    "http://h:65536": "port 65536",
    "http://h:99999": "port 99999",
    "https://xn--": "'xn--'",
    "https://xn--zz": "'xn--zz'",
}
REACHABLE = [
    "http://h:65535",
    "https://xn--bcher-kva.example",
    "https://XN--BCHER-KVA.example",
    "https://api.github.com",
    "http://[::1]:8080",
    "http://localhost:",
]


@pytest.mark.parametrize(("base_url", "named"), UNREACHABLE.items())
def test_a_base_url_no_client_reaches_is_refused(base_url: str, named: str) -> None:
    """The attacker's base URLs: endpoint() refuses each, naming what is wrong."""
    with pytest.raises(EndpointError, match=named):
        endpoint("GET /x", base_url=base_url)


@pytest.mark.parametrize(("base_url", "named"), UNREACHABLE.items())
def test_a_full_url_no_client_reaches_is_refused(base_url: str, named: str) -> None:
    with pytest.raises(EndpointError, match=named):
        endpoint(f"GET {base_url}/x")
    with pytest.raises(EndpointError, match=named):
        endpoint("GET {+host}/x", host=base_url)


@pytest.mark.parametrize(("base_url", "named"), UNREACHABLE.items())
def test_snippets_refuse_a_url_no_client_reaches(base_url: str, named: str) -> None:
    options = _get(url=f"{base_url}/x")
    for snippet in (to_curl, to_python):
        with pytest.raises(EndpointError, match=named):
            snippet(options)


@pytest.mark.parametrize("base_url", REACHABLE)
def test_reachable_hosts_are_still_taken(base_url: str) -> None:
    options = endpoint("GET /x", base_url=base_url)

    assert options["url"] == base_url + "/x"
    assert endpoint(f"GET {base_url}/x")["url"] == base_url + "/x"
    assert base_url + "/x" in to_curl(options)
    assert base_url + "/x" in to_python(options, client="httpx")
