"""How results show in a notebook: the display bundle of RequestOptions and Explanation."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest
from IPython.lib import pretty as ipython_pretty

from restroute import endpoint, explain
from restroute._core.result import MergedOptions
from restroute.display import NotebookView, bundle, merged_text, options_text

TOKEN = "ghp_secret_for_display_tests"


def pretty(shown: object) -> str:
    """What IPython prints for ``shown`` (its pretty printer, as a notebook uses it)."""
    text: str = ipython_pretty.pretty(shown)  # type: ignore[no-untyped-call]
    return text


ISSUE = {"owner": "octocat", "repo": "hello-world", "title": "Found a bug", "labels": ["bug"]}


def test_request_options_carry_html_text_and_json() -> None:
    """The bundle has the three types; the HTML holds the method, URL, headers, body and
    a section per snippet; the JSON is the dict itself."""
    options = endpoint("POST /repos/{owner}/{repo}/issues", **ISSUE)

    shown = options._repr_mimebundle_()

    assert set(shown) == {"text/plain", "text/html", "application/json"}
    assert shown["application/json"] == json.loads(json.dumps(options)) == dict(options)
    html = shown["text/html"]
    assert "<b>POST</b> https://api.github.com/repos/octocat/hello-world/issues" in html
    assert "<td><code>content-type</code></td>" in html
    assert "&quot;title&quot;: &quot;Found a bug&quot;" in html  # the body, escaped
    for section in ("curl", "Python (requests)", "Python (httpx)", "JSON"):
        assert f"<summary>{section}</summary>" in html
    assert "curl \\\n  -X POST" in html


def test_plain_text_reads_like_an_http_request() -> None:
    """IPython's pretty printer uses _repr_pretty_, not the dict printer."""
    options = endpoint("GET /user", headers={"authorization": f"token {TOKEN}"})

    text = pretty(options)

    assert text == options_text(options)
    assert text.splitlines()[0] == "GET https://api.github.com/user"
    assert "authorization: token <REDACTED>" in text.splitlines()
    assert repr(options).startswith("{'method': 'get'")  # repr() stays the dict's


@pytest.mark.parametrize("where", ["text/plain", "text/html", "application/json"])
def test_secrets_are_redacted_until_revealed(where: str) -> None:
    """No part of the bundle holds the token; NotebookView(redact=False) shows it."""
    options = endpoint("GET /user", headers={"authorization": f"token {TOKEN}"})

    hidden = json.dumps(options._repr_mimebundle_()[where])
    shown = json.dumps(NotebookView(options, redact=False)._repr_mimebundle_()[where])

    assert TOKEN not in hidden
    assert ("token &lt;REDACTED&gt;" if where == "text/html" else "token <REDACTED>") in hidden
    assert TOKEN in shown


def test_hostile_text_is_escaped_in_html() -> None:
    """A header value and a body with markup show as text, not as HTML."""
    options = endpoint("POST /things", headers={"x-note": "<script>alert(1)</script>"},
                       data="<img src=x onerror=alert(1)>")  # fmt: skip

    html = options._repr_mimebundle_()["text/html"]

    assert "<script>" not in html
    assert "<img" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_bodies_of_bytes_and_metadata_that_is_not_json() -> None:
    """Bytes that are not UTF-8 show their size and go to JSON as base64; request
    metadata that is not JSON leaves JSON out, and the rest still shows."""
    binary = endpoint("POST /upload", data=b"\xff\x00\xfe")
    hooked = endpoint("GET /user", request={"hook": print})

    binary_shown = binary._repr_mimebundle_()
    hooked_shown = hooked._repr_mimebundle_()

    assert "&lt;3 bytes, not UTF-8&gt;" in binary_shown["text/html"]
    assert binary_shown["application/json"]["body_base64"] == "/wD+"
    assert "application/json" not in hooked_shown
    assert "GET https://api.github.com/user" in hooked_shown["text/plain"]


def test_a_body_of_text_and_one_json_cannot_hold() -> None:
    """Text is shown as it is; a body json cannot write (a set) is shown by its repr."""
    assert options_text({"method": "post", "url": "u", "body": "plain"}).endswith("\n\nplain")
    assert options_text({"method": "post", "url": "u", "body": {1, 2}}).endswith("\n\n{1, 2}")
    assert options_text({"method": "post", "url": "u", "body": b"caf\xc3\xa9"}).endswith("café")
    assert options_text({}) == "? ?"


def test_a_refused_snippet_says_why() -> None:
    """to_python refuses a URL requests would rewrite; the section says so instead."""
    options = endpoint("GET https://example.com/a%7bb")  # requests writes %7B

    html = options._repr_mimebundle_()["text/html"]

    assert "no snippet: requests would re-encode %7b" in html
    assert "curl \\\n" in html  # curl sends it as it is


def test_an_explanation_shows_its_table_and_its_request() -> None:
    """Each option with its layer and destination, then the request; or the error."""
    built = explain("GET /repos/{owner}/{repo}", owner="o", repo="r",
                    headers={"authorization": f"token {TOKEN}"})  # fmt: skip
    failed = explain("GET /repos/{owner}/{repo}", owner="o")

    shown, broken = built._repr_mimebundle_(), failed._repr_mimebundle_()

    assert "<th>from layer</th>" in shown["text/html"]
    assert "https://api.github.com/repos/o/r" in shown["text/html"]
    assert shown["application/json"]["url"] == "https://api.github.com/repos/o/r"
    assert TOKEN not in json.dumps(shown)
    assert pretty(built).splitlines()[0].split() == ["option", "value", "from", "layer",
                                                     "went", "to"]  # fmt: skip
    assert pretty(built).endswith(options_text(built.result))  # type: ignore[arg-type]
    assert "no value for {repo}" in broken["text/html"]
    assert pretty(failed).splitlines()[-1].startswith("error: GET /repos/{owner}/{repo}")
    assert "application/json" not in broken


def test_merged_options_show_their_template_and_hide_their_secrets() -> None:
    """endpoint.merge gives a dict that displays itself: one row an option (a header a
    row), the URL still a template; secrets redacted unless a NotebookView reveals them."""
    merged = endpoint.merge("GET /repos/{owner}/{repo}", owner="o",
                            headers={"authorization": f"token {TOKEN}"})  # fmt: skip

    shown = merged._repr_mimebundle_()
    revealed = NotebookView(merged, redact=False)._repr_mimebundle_()

    assert merged == dict(merged)
    assert shown["application/json"]["url"] == "/repos/{owner}/{repo}"
    assert shown["application/json"]["headers"]["authorization"] == "token <REDACTED>"
    assert "<td><code>headers.authorization</code></td>" in shown["text/html"]
    assert "<td><code>owner</code></td><td><code>&quot;o&quot;</code></td>" in shown["text/html"]
    assert TOKEN not in json.dumps(shown)
    assert TOKEN in json.dumps(revealed)
    assert json.loads(pretty(merged))["url"] == "/repos/{owner}/{repo}"
    assert TOKEN not in pretty(merged)
    assert merged_text({"url": "/x"}) == '{\n  "url": "/x"\n}'  # no headers to redact


def test_notebook_view_prints_in_ipython_too() -> None:
    """The view's plain text is the same text, secrets as asked."""
    options = endpoint("GET /user", headers={"authorization": f"token {TOKEN}"})

    assert TOKEN in pretty(NotebookView(options, redact=False))
    assert pretty(NotebookView(options)) == options_text(options)


def test_bundle_never_imports_a_notebook_package() -> None:
    """The display bundle is strings and dicts: no ipywidgets, no IPython.display."""
    before = set(sys.modules)

    bundle(endpoint("GET /user"))

    loaded = set(sys.modules) - before
    assert not {name for name in loaded if name.split(".")[0] in ("ipywidgets", "IPython")}


class _BrokenHeaders(dict[str, str]):
    """Headers whose items cannot be read: a display must still show something."""

    def items(self) -> Any:
        raise RuntimeError("the headers are broken")


@pytest.mark.parametrize(
    "shown",
    [
        {"method": "get", "url": "https://h/x", "headers": _BrokenHeaders()},
        MergedOptions({"url": "/x", "headers": _BrokenHeaders()}),
    ],
    ids=["request options", "merged options"],
)
def test_a_display_that_fails_shows_the_problem_as_text(shown: Any) -> None:
    """A value the display cannot render gives a text/plain line naming the problem."""
    data = bundle(shown)

    assert list(data) == ["text/plain"]
    assert "restroute cannot display" in data["text/plain"]
    assert "the headers are broken" in data["text/plain"]


def test_an_explanation_that_fails_to_display_says_why() -> None:
    """An explanation whose entries cannot be read still displays, as a line of text."""
    why = explain("GET /user")
    why.entries = None  # type: ignore[assignment]

    data = why._repr_mimebundle_()

    assert data == {
        "text/plain": "<Explanation that restroute cannot display: "
        "TypeError(\"'NoneType' object is not iterable\")>"
    }


def test_a_notebook_view_of_merged_options_shows_their_secrets() -> None:
    """NotebookView(merged, redact=False) shows a merged layer's token; the default hides it."""
    merged = endpoint.merge("GET /user", headers={"authorization": "token ghp_merged"})

    shown = NotebookView(merged, redact=False)._repr_mimebundle_()

    assert "token ghp_merged" in shown["text/html"]
    assert shown["application/json"]["headers"]["authorization"] == "token ghp_merged"
    assert "ghp_merged" not in bundle(merged)["text/html"]


def test_a_notebook_view_of_an_explanation_shows_its_secrets() -> None:
    """NotebookView(explanation, redact=False) shows the token in its table and request."""
    why = explain("GET /user", headers={"authorization": "token ghp_explained"})

    shown = NotebookView(why, redact=False)._repr_mimebundle_()

    assert shown["text/html"].count("token ghp_explained") >= 2  # the table, the headers
    assert "ghp_explained" not in bundle(why)["text/html"]
