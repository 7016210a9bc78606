"""How results show in a notebook: the display bundle of RequestOptions and Explanation."""

from __future__ import annotations

import html
import json
import re
import sys
from html import escape
from typing import Any

import pytest
from IPython.lib import pretty as ipython_pretty

from restroute import EndpointError, RequestOptions, endpoint, explain
from restroute._core.explain import Cascade
from restroute._core.result import MergedOptions
from restroute.display import (
    LIMIT,
    NotebookView,
    bundle,
    cascade_html,
    cascade_text,
    cut_lines,
    merged_text,
    options_text,
    rows_html,
    summary,
)
from tests.conftest import UA

TOKEN = "ghp_secret_for_display_tests"
ACCEPT = "application/vnd.github.v3+json"


def pretty(shown: object) -> str:
    """What IPython prints for ``shown`` (its pretty printer, as a notebook uses it)."""
    text: str = ipython_pretty.pretty(shown)  # type: ignore[no-untyped-call]
    return text


ISSUE = {"owner": "octocat", "repo": "hello-world", "title": "Found a bug", "labels": ["bug"]}


def test_request_options_carry_html_and_text_and_json_on_request() -> None:
    """The bundle is HTML and plain text, and no JSON: JupyterLab, Notebook 7 and VS Code
    render a bundle's application/json in preference to its text/html, as a tree that
    hid the headers table and the snippets. The HTML holds the method, URL, headers,
    body and a section per snippet; the JSON, asked for, is the dict itself."""
    options = endpoint("POST /repos/{owner}/{repo}/issues", **ISSUE)

    shown = options._repr_mimebundle_()
    as_json = NotebookView(options, as_="json")._repr_mimebundle_()

    assert set(shown) == {"text/plain", "text/html"}
    assert set(as_json) == {"application/json", "text/plain"}
    assert as_json["application/json"] == json.loads(json.dumps(options)) == dict(options)
    assert json.loads(as_json["text/plain"]) == dict(options)
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


@pytest.mark.parametrize(("as_", "where"), [("html", "text/plain"), ("html", "text/html"),
                                            ("json", "application/json")])  # fmt: skip
def test_secrets_are_redacted_until_revealed(as_: str, where: str) -> None:
    """No part of either bundle holds the token; NotebookView(redact=False) shows it."""
    options = endpoint("GET /user", headers={"authorization": f"token {TOKEN}"})

    hidden = json.dumps(NotebookView(options, as_=as_)._repr_mimebundle_()[where])
    shown = json.dumps(NotebookView(options, redact=False, as_=as_)._repr_mimebundle_()[where])

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
    """Bytes that are not UTF-8 show their size and first bytes, and go to JSON as base64;
    request metadata that is not JSON leaves JSON out, and the rest still shows."""
    binary = endpoint("POST /upload", data=b"\xff\x00\xfe")
    hooked = endpoint("GET /user", request={"hook": print})

    binary_shown = binary._repr_mimebundle_()
    binary_json = NotebookView(binary, as_="json")._repr_mimebundle_()
    hooked_shown = hooked._repr_mimebundle_()
    hooked_json = NotebookView(hooked, as_="json")._repr_mimebundle_()

    line = "<3 bytes, binary (application/json; charset=utf-8), starts ff 00 fe>"
    assert f"<pre>{escape(line)}</pre>" in binary_shown["text/html"]
    assert binary_shown["text/plain"].endswith(f"\n\n{line}")
    assert binary_json["application/json"]["body_base64"] == "/wD+"
    assert "GET https://api.github.com/user" in hooked_shown["text/plain"]
    assert list(hooked_json) == ["text/plain"]
    assert hooked_json["text/plain"].startswith("no JSON: ")
    assert "not JSON serializable" in hooked_json["text/plain"]


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
    as_json = NotebookView(built, as_="json")._repr_mimebundle_()
    broken_json = NotebookView(failed, as_="json")._repr_mimebundle_()

    assert set(shown) == {"text/plain", "text/html"}
    assert "<th>from layer</th>" in shown["text/html"]
    assert "https://api.github.com/repos/o/r" in shown["text/html"]
    assert as_json["application/json"]["url"] == "https://api.github.com/repos/o/r"
    assert TOKEN not in json.dumps(shown) + json.dumps(as_json)
    assert pretty(built).splitlines()[0].split() == ["option", "value", "from", "layer",
                                                     "went", "to"]  # fmt: skip
    assert pretty(built).endswith(options_text(built.result))  # type: ignore[arg-type]
    assert "no value for {repo}" in broken["text/html"]
    assert pretty(failed).splitlines()[-1].startswith("error: GET /repos/{owner}/{repo}")
    assert '<p class="error"><b>error</b>: GET /repos/{owner}/{repo}' in broken["text/html"]
    assert broken_json == {"text/plain": f"no request, so no JSON: {failed.error}"}


TEACHING = [("teaching", {"per_page": 100}), ("session", {"per_page": 50})]


def test_an_explanation_strikes_the_values_a_layer_above_overrides() -> None:
    """teaching's per_page=100 under the session layer's 50 under the call's 2: the HTML
    shows the three, a row each, bottom to top, the two overridden struck and dimmed, the
    kept one bold, and says what the marks mean."""
    why = explain("GET /user/repos", per_page=2, layers=TEACHING)

    html = why._repr_mimebundle_()["text/html"]

    struck = '<td style="opacity:.6" title="overridden">'
    assert (
        '<tr><td rowspan="3"><code>per_page</code></td>'
        f"{struck}<s><code>100</code></s></td>{struck}<s><code>teaching</code></s></td>"
        '<td rowspan="3"><code>URL query</code></td></tr>'
        f"<tr>{struck}<s><code>50</code></s></td>{struck}<s><code>session</code></s></td></tr>"
        "<tr><td><b><code>2</code></b></td><td><code>call</code></td></tr>"
    ) in html
    assert "<th>option</th><th>value</th><th>from layer</th><th>went to</th>" in html
    assert "<s>struck</s> where a layer above overrides it" in html


def test_the_html_shows_what_parse_sent_and_what_merge_merged() -> None:
    """The accept the format amended is shown under the merged one; the content-type parse
    added has only that line; a mapping merged key by key is dimmed, not struck, and the
    merged value follows."""
    why = explain(
        "POST /x",
        data={"b": 2},
        media_type={"format": "raw"},
        layers=[("profile", {"data": {"a": 1}})],
    )

    html = why._repr_mimebundle_()["text/html"]

    assert (
        '<tr><td rowspan="2"><code>headers.accept</code></td>'
        "<td><b><code>&quot;application/vnd.github.v3+json&quot;</code></b></td>"
        '<td><code>built-in defaults</code></td><td rowspan="2"><code>header</code></td></tr>'
        '<tr><td colspan="2"><i>→ sent &quot;application/vnd.github.v3.raw&quot; '
        "(amended by media_type.format=raw)</i></td></tr>"
    ) in html
    assert (
        "<tr><td><code>headers.content-type</code></td>"
        '<td colspan="2"><i>→ sent &quot;application/json; charset=utf-8&quot; '
        "(added: the body (data) has no content-type)</i></td><td><code>header</code></td></tr>"
    ) in html
    assert (
        '<td style="opacity:.8"><code>{&quot;a&quot;: 1}</code></td>'
        '<td style="opacity:.8"><code>profile</code> (merged into the one above)</td>'
        '<td rowspan="3"><code>body (as given)</code></td></tr>'
        "<tr><td><b><code>{&quot;b&quot;: 2}</code></b></td><td><code>call</code></td></tr>"
        '<tr><td colspan="2"><i>→ merged: {&quot;a&quot;: 1, &quot;b&quot;: 2}</i></td></tr>'
    ) in html


def test_the_cascade_html_escapes_every_value_and_name() -> None:
    """A layer named with markup and a value holding a tag show as text."""
    why = explain("GET /x", q="<b>x</b>", layers=[("<i>mine</i>", {"q": "<script>"})])

    html = cascade_html(why.cascade())

    assert "<script>" not in html
    assert "&lt;i&gt;mine&lt;/i&gt;" in html
    assert (
        '<s><code>&quot;&lt;script&gt;&quot;</code></s></td><td style="opacity:.6" '
        'title="overridden"><s><code>&lt;i&gt;mine&lt;/i&gt;</code></s></td>'
    ) in html
    assert "<td><b><code>&quot;&lt;b&gt;x&lt;/b&gt;&quot;</code></b></td>" in html


def test_a_cascade_made_by_hand_without_steps_shows_its_value() -> None:
    """A Cascade with no step and no note still has a row: its value."""
    html = cascade_html([Cascade("x", 1, (), "nowhere")])

    assert (
        "<tr><td><code>x</code></td><td><b><code>1</code></b></td><td><code></code></td>"
        "<td><code>nowhere</code></td></tr>"
    ) in html


def test_the_text_tells_each_cascade_the_table_cannot() -> None:
    """After the table, the options several layers set, a header removed, and what parse
    changed: a value a line, ~ before the overridden ones."""
    why = explain(
        "POST /user/repos",
        per_page=2,
        layers=[*TEACHING, ("quiet", {"headers": {"x-trace": None}})],
    )

    story = pretty(why).split("\n\n")[1]

    assert story.splitlines() == [
        "cascade, bottom layer first (~ overridden, + merged into the one above):",
        'method                ~ "GET" · built-in defaults',
        '                        "POST" · call',
        "headers.x-trace         null · quiet",
        "                      → removed: None drops a header",
        'headers.content-type  → sent "application/json; charset=utf-8" (added: the body is JSON)',
        "per_page              ~ 100 · teaching",
        "                      ~ 50 · session",
        "                        2 · call",
    ]


def test_the_text_has_no_cascade_when_the_table_tells_it_all() -> None:
    """A route without a method, no layer: each option has one layer, nothing is added."""
    why = explain("/user")

    assert cascade_text(why.cascade()) == ""
    assert "cascade" not in pretty(why)


def test_rows_still_show_as_the_table_of_winners() -> None:
    """rows_html renders Explanation.rows (and View.rows) as before: four columns, one
    row an option, every cell escaped."""
    why = explain("GET /x", q="<b>", layers=[("mine", {"per_page": 100})])

    html = rows_html(why.rows())

    assert "<th>option</th><th>value</th><th>from layer</th><th>went to</th>" in html
    assert (
        "<tr><td><code>per_page</code></td><td><code>100</code></td>"
        "<td><code>mine</code></td><td><code>URL query</code></td></tr>"
    ) in html
    assert "<td><code>&quot;&lt;b&gt;&quot;</code></td>" in html


def test_merged_options_show_their_template_and_hide_their_secrets() -> None:
    """endpoint.merge gives a dict that displays itself: one row an option (a header a
    row), the URL still a template; secrets redacted unless a NotebookView reveals them."""
    merged = endpoint.merge("GET /repos/{owner}/{repo}", owner="o",
                            headers={"authorization": f"token {TOKEN}"})  # fmt: skip

    shown = merged._repr_mimebundle_()
    revealed = NotebookView(merged, redact=False)._repr_mimebundle_()
    as_json = NotebookView(merged, as_="json")._repr_mimebundle_()["application/json"]

    assert merged == dict(merged)
    assert set(shown) == {"text/plain", "text/html"}
    assert as_json["url"] == "/repos/{owner}/{repo}"
    assert as_json["headers"]["authorization"] == "token <REDACTED>"
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
    as_json = NotebookView(merged, redact=False, as_="json")._repr_mimebundle_()

    assert "token ghp_merged" in shown["text/html"]
    assert as_json["application/json"]["headers"]["authorization"] == "token ghp_merged"
    assert "ghp_merged" not in bundle(merged)["text/html"]


def test_a_notebook_view_of_an_explanation_shows_its_secrets() -> None:
    """NotebookView(explanation, redact=False) shows the token in its table and request."""
    why = explain("GET /user", headers={"authorization": "token ghp_explained"})

    shown = NotebookView(why, redact=False)._repr_mimebundle_()

    assert shown["text/html"].count("token ghp_explained") >= 2  # the table, the headers
    assert "ghp_explained" not in bundle(why)["text/html"]


# --- large, binary and deep values: a summary line --------------------------------------------

UPLOAD = "POST https://uploads.github.com/repos/o/r/releases/1/assets{?name}"
ZIP_START = b"PK\x03\x04\x14\x00\x08\x00\x08\x00!\x00\x00\x00\x00\x00"  # 16 bytes
ZIP_LINE = (
    "<8,388,608 bytes, binary (application/zip), "
    "starts 50 4b 03 04 14 00 08 00 08 00 21 00 00 00 00 00 ...>"
)


def _upload(data: bytes) -> RequestOptions:
    return endpoint(UPLOAD, name="a.zip", data=data, headers={"content-type": "application/zip"})


def _row(option: str, table: str) -> list[str]:
    """The cells of ``option``'s row in an explanation's text table."""
    row = next(line for line in table.splitlines() if line.startswith(f"{option} "))
    return re.split(r"\s{2,}", row)


def _deep(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth - 1):
        value = [value]
    return value


def test_an_8_mib_upload_shows_a_summary_in_every_part() -> None:
    """An 8 MiB binary body (a release asset) is one line in the text, the HTML, and each
    snippet's section, and a body_summary in the JSON: the bundle stays under 100 KB
    (it was 86 MB of HTML, octal-escaped printf and hex bytes literals, and took 12.6 s)."""
    options = _upload(ZIP_START + bytes(8 * 2**20 - 16))

    shown = options._repr_mimebundle_()

    assert len(json.dumps(shown)) < 100_000
    assert shown["text/plain"].endswith("\n\n" + ZIP_LINE)
    html = shown["text/html"]
    assert f"<p><b>body</b></p><pre>{escape(ZIP_LINE)}</pre>" in html
    for label in ("curl", "Python (requests)", "Python (httpx)", "JSON"):
        assert (
            f"<details><summary>{escape(label)}</summary><pre>"
            + escape(f"not shown, as the body is {ZIP_LINE}; options.to_")
        ) in html
    assert bundle(options, as_="json")["application/json"] == {
        "method": "post",
        "url": "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip",
        "headers": {"accept": ACCEPT, "user-agent": UA, "content-type": "application/zip"},
        "body_summary": ZIP_LINE,
    }


@pytest.mark.parametrize(
    ("body", "line"),
    [
        (b"x" * LIMIT, None),
        (
            b"x" * (LIMIT + 1),
            "<65,537 bytes, UTF-8 text, starts 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' ...>",
        ),
        ("é" * LIMIT, None),
        (
            "é" * (LIMIT + 1),
            "<65,537 characters, text, starts 'éééééééééééééééééééééééééééééééééééééééé' ...>",
        ),
        (bytearray(b"caf\xc3\xa9"), None),
        (memoryview(b"\xffab"), "<3 bytes, binary, starts ff 61 62>"),
        (b"a\x00b", "<3 bytes, binary, starts 61 00 62>"),  # a NUL: binary, as git judges it
        (
            b"\xe2\x82" + b"x" * LIMIT,
            "<65,538 bytes, binary, starts e2 82 78 78 78 78 78 78 78 78 78 78 78 78 78 78 ...>",
        ),
        (  # the 65,536th byte starts an é: the text waits for the byte after it
            b"x" + "é".encode() * LIMIT,
            "<131,073 bytes, UTF-8 text, starts 'xééééééééééééééééééééééééééééééééééééééé' ...>",
        ),
        (
            b"x" * (LIMIT - 1) + b"\xff",
            "<65,536 bytes, binary, starts 78 78 78 78 78 78 78 78 78 78 78 78 78 78 78 78 ...>",
        ),
        (
            b"\xff" + bytes(15),
            "<16 bytes, binary, starts ff 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00>",
        ),
        ({"title": "x" * (LIMIT - 20)}, None),
        ({"title": "x" * LIMIT}, "<a dict of 1 item, over 65,536 bytes as JSON>"),
        ([1] * 40_000, "<a list of 40,000 items, over 65,536 bytes as JSON>"),
        (list(range(300_000)), "<a list of 300,000 items, over 65,536 bytes as JSON>"),
        (_deep(100), None),
        (_deep(101), "<a list nested more than 100 levels deep>"),
        ({"a": _deep(100)}, "<a dict nested more than 100 levels deep>"),
        ((_deep(2000),), "<a tuple nested more than 100 levels deep>"),
        ({1, 2}, None),
        (42, None),
        (None, None),
    ],
    ids=lambda value: type(value).__name__ if not isinstance(value, str) else value[:20],
)
def test_the_summary_of_a_value(body: object, line: str | None) -> None:
    """Over 64 KiB (bytes, characters, or bytes as JSON about), binary (not UTF-8, or a
    NUL), or over 100 levels deep: a summary line; anything else shows whole (None).
    The size is exact; the first 40 characters of text, or 16 bytes in hex."""
    assert summary(body) == line


def test_a_list_that_holds_itself_is_summarised_as_deep() -> None:
    """A loop never ends: the walk stops at 100 levels, where json.dumps would raise."""
    loop: list[Any] = []
    loop.append(loop)

    assert summary(loop) == "<a list nested more than 100 levels deep>"
    assert options_text({"method": "post", "url": "u", "body": loop}).endswith(
        "\n\n<a list nested more than 100 levels deep>"
    )


def test_json_shows_binary_whole_up_to_the_limit() -> None:
    """binary=False (the JSON part, which writes bytes as base64) summarises by size only."""
    assert summary(b"\xff" * LIMIT, binary=False) is None
    assert summary(b"\xff" * (LIMIT + 1), "image/png", binary=False) == (
        f"<65,537 bytes, binary (image/png), starts {'ff ' * 16}...>"
    )


def test_a_body_2000_deep_displays_as_a_summary_line() -> None:
    """A 2000-deep list (past the recursion limit, so json.dumps, repr and the snippets
    would raise RecursionError) shows as one line in request options, merged options and
    an explanation; the rest of each display is there."""
    line = "<a list nested more than 100 levels deep>"
    options = {"method": "POST", "url": "https://h/x", "body": _deep(2000)}
    merged = endpoint.merge("POST /x", data=_deep(2000))
    why = explain("POST /x", data=_deep(2000))

    shown, merged_shown, why_shown = bundle(options), bundle(merged), bundle(why)

    assert shown["text/plain"] == f"POST https://h/x\n\n{line}"
    assert f"<pre>{escape(line)}</pre>" in shown["text/html"]
    assert escape(f"not shown, as the body is {line}; ") in shown["text/html"]
    assert bundle(options, as_="json")["application/json"] == {
        "method": "POST",
        "url": "https://h/x",
        "body_summary": line,
    }
    assert bundle(merged, as_="json")["application/json"]["data"] == line
    assert json.loads(merged_shown["text/plain"])["data"] == line
    assert (
        f"<td><code>data</code></td><td><code>{escape(json.dumps(line))}</code></td>"
        in (merged_shown["text/html"])
    )
    assert _row("data", why_shown["text/plain"]) == [
        "data",
        f'"{line}"',
        "call",
        "body (as given)",
    ]
    assert f"<td><b><code>{escape(json.dumps(line))}</code></b></td>" in why_shown["text/html"]
    assert (
        "the body cannot become JSON: maximum recursion depth exceeded" in why_shown["text/html"]
    )


@pytest.mark.parametrize("plain", [False, True], ids=["result", "a plain dict"])
def test_the_binary_body_hint_names_a_call_that_runs_and_hides_secrets(plain: bool) -> None:
    """Issue 32, item 12: the call each snippet's hint names runs after ``import
    restroute`` alone (no restroute.formats) and writes the whole snippet, its token
    hidden; for a plain dict shown in a NotebookView too."""
    token = "ghp_" + "H1nt5ecret" * 4
    result = endpoint(
        UPLOAD, name="a.zip", data=ZIP_START, headers={"content-type": "application/zip",
        "authorization": f"token {token}"},
    )  # fmt: skip
    shown = NotebookView(dict(result) if plain else result)._repr_mimebundle_()["text/html"]
    hints = re.findall(r"; ([^;<>]+) writes the whole snippet<", html.unescape(shown))

    assert len(hints) == 4
    import restroute

    start = "restroute.RequestOptions(options)." if plain else "options."
    assert all(hint.startswith(start) for hint in hints)  # a name `import restroute` gives
    assert "RequestOptions" in restroute.__all__

    shown_options = {"options": dict(result) if plain else result}
    for hint in hints:
        written = eval(hint, {"restroute": restroute}, shown_options)
        assert token not in written
        assert "<REDACTED>" in written
        assert written == eval(
            hint.replace("redact=True", "redact=False"), {"restroute": restroute},
            shown_options,
        ).replace(token, "<REDACTED>")  # fmt: skip


def test_an_explanation_of_an_8_mib_upload_stays_small() -> None:
    """The explanation's table shows the data as its summary (the table pads every row to
    its widest value: 8 MiB of repr made it 324 MB), and its request as above."""
    why = explain(UPLOAD, name="a.zip", data=ZIP_START + bytes(8 * 2**20 - 16),
                  headers={"content-type": "application/zip"})  # fmt: skip
    line = "<8,388,608 bytes, binary, starts 50 4b 03 04 14 00 08 00 08 00 21 00 00 00 00 00 ...>"

    shown = why._repr_mimebundle_()

    assert len(json.dumps(shown)) < 100_000
    assert _row("data", shown["text/plain"]) == ["data", f'"{line}"', "call", "body (as given)"]
    assert shown["text/plain"].endswith("\n\n" + ZIP_LINE)
    assert bundle(why, as_="json")["application/json"]["body_summary"] == ZIP_LINE


def test_merged_options_summarise_large_values_and_headers() -> None:
    """endpoint.merge of a 1 MiB body and a header of 100,000 characters: each value is
    its summary, in the text, the HTML and the JSON; the secret is still redacted."""
    headers = {"x-big": "y" * 100_000, "authorization": "token ghp_m"}
    merged = endpoint.merge("POST /x", data=b"\x00" * 2**20, headers=headers)
    data_line = (
        "<1,048,576 bytes, binary, starts 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 ...>"
    )
    header_line = (
        "<100,000 characters, text, starts 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy' ...>"
    )

    shown = bundle(merged)
    as_json = bundle(merged, as_="json")["application/json"]

    assert len(json.dumps(shown)) < 10_000
    assert as_json["data"] == data_line
    assert as_json["headers"]["x-big"] == header_line
    assert as_json["headers"]["authorization"] == "token <REDACTED>"
    assert json.loads(shown["text/plain"])["headers"]["x-big"] == header_line
    assert escape(json.dumps(header_line)) in shown["text/html"]


def test_merged_options_show_a_header_json_cannot_write() -> None:
    """A header of UTF-8 bytes (json.dumps refuses bytes) shows by its repr, as other
    values do, rather than the whole display failing."""
    merged = MergedOptions({"url": "/x", "headers": {"x-raw": b"abc"}})

    shown = bundle(merged)

    assert (
        "<td><code>headers.x-raw</code></td><td><code>&quot;b&#x27;abc&#x27;&quot;</code>"
        in (shown["text/html"])
    )
    assert bundle(merged, as_="json")["application/json"]["headers"]["x-raw"] == "b'abc'"


def test_request_options_summarise_a_long_url_and_header() -> None:
    """A URL or a header value over 64 KiB is a summary line too, in the text and the HTML."""
    url = "https://h/" + "a" * LIMIT
    options = {"method": "get", "url": url, "headers": {"x-big": "b" * (LIMIT + 1)}}
    url_line = (
        f"<{LIMIT + 10:,} characters, text, starts 'https://h/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' ...>"
    )
    header_line = f"<{LIMIT + 1:,} characters, text, starts '{'b' * 40}' ...>"

    text = options_text(options)

    assert text == f"GET {url_line}\nx-big: {header_line}"
    assert escape(url_line) in bundle(options)["text/html"]


def test_a_body_python_cannot_write_as_text_shows_its_type() -> None:
    """An int past the digit limit: json.dumps and repr both refuse it; the body shows as
    its type, and the display still shows the rest."""
    options = {"method": "post", "url": "https://h/x", "body": {"n": 10**5000}}

    assert options_text(options) == "POST https://h/x\n\n<dict object>"
    assert "<pre>&lt;dict object&gt;</pre>" in bundle(options)["text/html"]


def test_a_notebook_view_is_html_or_json_and_nothing_else() -> None:
    """as_ names the view; any other is refused, naming the two."""
    options = endpoint("GET /user")

    with pytest.raises(EndpointError, match="as_ is one of 'html', 'json'; 'xml' is not"):
        NotebookView(options, as_="xml")
    assert pretty(NotebookView(options, as_="json")) == json.dumps(
        json.loads(options.to_json()), indent=2
    )


def test_the_style_outranks_jupyterlab_and_wraps_long_values() -> None:
    """JupyterLab right-aligns cells with `:not(.jp-RenderedMarkdown).jp-RenderedHTMLCommon
    td` (specificity: two classes and a tag): the display's rules need three classes to win,
    and they wrap long values inside their cells, so a table never outgrows the output."""
    html = endpoint("GET /user")._repr_mimebundle_()["text/html"]

    rule = re.search(r"([^{}]+)\{text-align:left;[^}]*\}", html)
    assert rule is not None
    cell = rule.group(1).split(",")[0]
    assert cell == ".restroute.restroute.restroute td"
    assert "overflow-wrap:anywhere" in rule.group(0)
    assert "table-layout:auto;width:100%" in html


@pytest.mark.parametrize(
    "options",
    [
        endpoint("GET /user", access_token=TOKEN),  # the query
        endpoint("POST /x", data={"password": TOKEN}),  # the body
        endpoint("POST /hooks", config={"url": "https://h", "secret": TOKEN}),  # deeper
    ],
    ids=["query", "body", "nested body"],
)
def test_a_secret_in_the_url_or_the_body_is_redacted_too(options: RequestOptions) -> None:
    """Only the headers were redacted in the text and the HTML: an access_token in the
    query, a password in the body, showed in every notebook that displayed the request."""
    shown = options._repr_mimebundle_()

    assert TOKEN not in json.dumps(shown)
    assert "<REDACTED>" in shown["text/plain"]
    assert TOKEN in json.dumps(NotebookView(options, redact=False)._repr_mimebundle_())


def test_cut_lines_keeps_short_lines_and_says_what_a_long_one_holds() -> None:
    text = "first\n" + "y" * (LIMIT + 1) + "\n" + "z" * LIMIT
    shown = cut_lines(text).split("\n")
    assert shown[0] == "first"
    assert shown[1] == "y" * LIMIT + " <1 more characters not shown; a copy holds them>"
    assert shown[2] == "z" * LIMIT  # at the limit: whole
    assert cut_lines("short") == "short"
