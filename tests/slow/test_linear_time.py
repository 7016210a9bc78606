"""Deep and huge inputs: each is refused or read in time linear in its size, never a traceback."""

from __future__ import annotations

import time

import pytest

from restroute import EndpointError, catalog, endpoint, explain, pasted
from restroute.display import bundle
from restroute.profiles import dump_profile
from restroute.redact import (
    masked,
    redact_toml,
)
from restroute.redact.decoded import decoded, unquoted, written_at
from tests.unit.test_hostile import _deep
from tests.unit.test_pasted import API


def test_a_value_past_the_recursion_limit_goes_through_every_path() -> None:
    """A 100,000-deep list as a parameter, a body and an option: checks warn, displays
    show a summary line, a profile refuses it; no RecursionError anywhere."""
    deep = _deep()
    route = "POST /repos/{owner}/{repo}/issues"
    line = "<a list nested more than 100 levels deep>"

    warnings = catalog.check(route, {"owner": "o", "repo": "r", "title": deep})
    displays = [
        bundle({"method": "POST", "url": "https://h/x", "body": deep}),
        bundle(endpoint.merge(route, title=deep)),
        bundle(explain(route, owner="o", repo="r", data=deep)),
    ]
    with pytest.raises(EndpointError) as caught:
        dump_profile({"labels": deep})

    assert warnings == ["issues/create: title should be string|integer, not list"]
    for shown in displays:
        assert line in shown["text/plain"]
        assert "cannot display" not in shown["text/plain"]
    assert str(caught.value).startswith("profile: labels[0][0]")
    assert str(caught.value).endswith("is nested too deep: more than 100 tables or arrays "
                                      "inside each other; flatten it")  # fmt: skip


@pytest.mark.parametrize("text", ["x" * 200_000, "a." * 100_000, '"""' + "x" * 200_000])
def test_a_long_toml_is_redacted_in_one_pass(text: str) -> None:
    """A regular expression over the text took 10 s for 16,000 characters of a half-typed
    string, and the explorer froze as the editor was left: one pass takes well under a
    second for 200,000 (bound generous for a loaded machine)."""
    import time

    start = time.perf_counter()
    assert redact_toml(text) == text
    assert time.perf_counter() - start < 5


@pytest.mark.parametrize(
    "text",
    [
        "=a:b" * 25_000,
        "token=$(" * 12_500,
        "token: " * 15_000,
        "?" * 100_000 + "=",
        " " + "a" * 100_000 + ":" + "b" * 100_000,
        "//a" * 30_000,
        "//a:b" + "/c//d" * 20_000,
    ],
)
def test_a_scan_is_one_pass_over_any_text(text: str) -> None:
    """Each of these took a pass per position (minutes at 1 MB) before the scan was
    made to start only where a word can."""
    start = time.perf_counter()
    masked(text)

    assert time.perf_counter() - start < 5  # well under 1 s; a pass per position took minutes


def test_thousands_of_secrets_are_each_hidden_and_the_rest_kept() -> None:
    headers = " ".join(f"-H 'X-Api-Key-{n}: v{n:04d}secret'" for n in range(3000))
    text = f"curl {headers} -H 'X-Trace: v0001' {API}/user"

    shown = pasted.redact_text(text)

    assert "secret'" not in shown
    assert shown.count("<REDACTED>") == 3000
    assert "-H 'X-Api-Key-2999: <REDACTED>'" in shown
    assert "-H 'X-Trace: v0001'" in shown  # begins as a secret does, and is none


def test_redact_text_of_a_million_parentheses_before_a_colon_is_linear() -> None:
    start = time.perf_counter()
    assert pasted.redact_text("(" * 1_000_000 + ":a") == "(" * 1_000_000 + ":a"
    assert time.perf_counter() - start < 5.0  # 0.2 s; the quadratic scan it was took hours


def test_a_body_that_holds_itself_or_nests_deep_is_refused() -> None:
    """A body that contains itself, or 100,000 levels deep, is an EndpointError."""
    loop: list[object] = []
    loop.append(loop)
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]

    for body in ({"k": loop}, deep):
        with pytest.raises(EndpointError, match="the body cannot become JSON"):
            endpoint("POST /x", data=body)


def test_ten_megabytes_of_escapes_decode_in_well_under_a_second() -> None:
    """3.3 million escapes took 2.9 s in unquote_plus (a Python step for each), and
    written_at as long."""
    text = "a%3A%20" * 1_400_000
    start = time.process_time()
    assert unquoted(text) == "a: " * 1_400_000 == decoded(text)
    n = 1_400_000  # the last blank, decoded at 3n - 1, is the last %20, at 7n - 3
    assert written_at(text, [3 * n - 1]) == {3 * n - 1: 7 * n - 3}
    assert time.process_time() - start < 1.5


_TEN_MB = {  # each about 10 MB: what starts it, and a line of it ({i}: the line's number)
    "short-pairs": ("", "a=1\n", 2_500_000),  # (a key given twice: no TOML)
    "one-inline-table": ("h={", "a=1,", 2_499_999),
    "long-dotted-keys": ("", "a." * 997 + "k{i} = 1\n", 5_000),
    "long-table-headers": ("", "[" + "a." * 997 + "k{i}]\n", 5_000),
    "secret-pairs-typed-on": ("[\n", 'token{i}="",\n', 625_000),
    "commented-out-pairs": ("[\n", "# password = x{i}\n", 500_000),
    "commented-unparted": ("[\n", "# password a{i} x = 1\n", 420_000),
    "userinfo-urls": ("", 'u{i} = "https://me:pw{i}@h/x"\n', 340_000),
    "open-nested-arrays": ("x = [", "{{a = [", 1_650_000),  # (the tenth attack's K4)
    "escaped-values": ("", 'a={{b="\\t"}}\n', 909_000),  # (K6: each read by tomllib)
    "escaped-keys": ("", '"\\u0061{i}"=1\n', 700_000),
    # (the eleventh attack's L8, and what followed it: strings each read as JSON, strict or
    # lenient, until one value's budget is spent)
    "json5-strings": ("x = [\n", "'{{password: {i}, a: 2}}',\n", 400_000),
    "escaped-json-strings": ("x = [\n", "'{{\"a\\u0041\": {i}}}',\n", 500_000),
}


@pytest.mark.parametrize("name", sorted(_TEN_MB))
def test_a_layers_toml_of_10_mb_is_shown_within_20_s(name: str) -> None:
    """The eighth attack's I9 (10 MB of ``a=1``: 27 s and 32 s of CPU) and the ninth's
    J9 and J10 (long dotted keys, for Python's reader quadratic in a key's parts: 50 s;
    lines that do not read, each read again: 29-37 s), and the tenth's K4 and K6 (arrays
    nested: hours; strings with escapes, each read by Python's reader: 26 s). Limit 20 s."""
    from tests.slow.test_profile_scale import measured

    start, line, count = _TEN_MB[name]
    code = "from restroute.redact import redact_toml\n"
    code += f"text = {start!r} + ''.join({line!r}.format(i=i) for i in range({count}))\n"
    code += "assert len(text) > 9_000_000\nshown = redact_toml(text)\n"
    code += "assert 'pw1@' not in shown and len(shown) > 1_000_000\n"
    cpu, _, _ = measured(code)
    assert cpu < 20, f"{cpu:.1f} s"
