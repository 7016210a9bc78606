"""The readers on megabytes and on hundreds of thousands of values: read whole, or refused."""

from __future__ import annotations

import time

import pytest

from restroute import EndpointError
from restroute.reader import read_request
from restroute.reader._jsdata import Unread
from restroute.reader._shell import commands
from restroute.rules import MAX_NESTING as MAX_DEPTH
from tests.unit.test_jsdata import MEGABYTE, error, read
from tests.unit.test_reader import API


@pytest.mark.parametrize(
    ("text", "says"),
    [
        pytest.param(
            "(" + "[" * 100_000,
            # the 102nd [
            f"data nested more than {MAX_DEPTH} levels at character {MAX_DEPTH + 3}",
            id="100,000 [",
        ),
        pytest.param(
            "(" + "[" * 100_000 + "]" * 100_000 + ")",
            f"data nested more than {MAX_DEPTH} levels",
            id="100,000 [ closed",
        ),
        pytest.param(
            "(" + "{" * 100_000,
            "a key is missing at character 3",  # the second {, where a key goes
            id="100,000 {",
        ),
        pytest.param(
            "(" + "{a:" * 100_000,
            # where the value of the 101st {a: goes
            f"data nested more than {MAX_DEPTH} levels at character 305",
            id="100,000 {a:",
        ),
        pytest.param(
            "(" * 100_000, "',' or ')' is missing at their end", id="100,000 ("
        ),  # a call never closed, to the end
        pytest.param("(" + ")" * 100_000, None, id="100,000 )"),
        pytest.param(
            '("' + "a" * MEGABYTE,
            'a " string is not closed at character 2',
            id="1 MB string left open",
        ),
        pytest.param(
            '("' + "\\" * MEGABYTE,
            'a " string is not closed at character 2',
            id="1 MB of backslashes left open",
        ),
        pytest.param(
            "(1 /*" + "*" * MEGABYTE,
            "a /* comment is not closed at character 4",
            id="1 MB comment left open",
        ),
        pytest.param(
            "(1, " + "/**/" * (MEGABYTE // 4) + "/*",
            "a /* comment is not closed at character 1,000,005",  # (1, and 250,000 /**/
            id="250,000 comments and one left open",
        ),
        pytest.param(
            "([" + "1," * (MEGABYTE // 2) + "1 2])",
            "',' or ']' is missing at character 1,000,005",  # the 2
            id="500,000 values then an error",
        ),
        pytest.param(
            "({" + "a: 1, " * (MEGABYTE // 6) + "b c})",
            "',' or '}' is missing at character 1,000,001",  # the c
            id="166,666 keys then an error",
        ),
    ],
)
def test_hostile_texts_that_do_not_read_say_why(text: str, says: str | None) -> None:
    if says is None:
        assert read(text) == []
    else:
        assert says in error(text)


def test_a_megabyte_of_one_thing_reads_whole() -> None:
    assert read('("' + "a" * MEGABYTE + '")') == ["a" * MEGABYTE]
    assert read('("' + "\\n" * (MEGABYTE // 2) + '")') == ["\n" * (MEGABYTE // 2)]
    assert read('("' + "\\u{" * (MEGABYTE // 3) + '")') == ["\\u{" * (MEGABYTE // 3)]
    assert read('("' + "\\u{" * (MEGABYTE // 3) + '}")') == ["\\u{" * (MEGABYTE // 3) + "}"]
    assert read('("\\u{' + "F" * MEGABYTE + '}")') == ["\\u{" + "F" * MEGABYTE + "}"]
    assert read("(" + "a" * MEGABYTE + ")") == ["a" * MEGABYTE]
    assert read("([" + "1," * (MEGABYTE // 2) + "])") == [[1] * (MEGABYTE // 2)]
    assert read("({" + "a," * (MEGABYTE // 2) + "})") == [{"a": "a"}]
    assert read("([" + "f(()), " * (MEGABYTE // 7) + "])") == [[Unread("f(())")] * (MEGABYTE // 7)]
    assert read("([" + "[[]]," * (MEGABYTE // 5) + "])") == [[[[]]] * (MEGABYTE // 5)]
    block = "[" * 99 + "]" * 99
    assert read("([" + f"{block}," * 5000 + "])") == [[eval(block)] * 5000]


def test_the_longest_texts_read_whole() -> None:
    """Near the size limit, in one word, in double quotes and as object keys (reading a
    character at a time, joined per character, took 23 s on the first; the benchmark
    times each)."""
    assert len(read_request(f"curl {API}/{'a' * 999_000}").url) == len(API) + 999_001
    assert read_request('curl -d "' + "a\\\\" * 100_000 + f'" {API}/x').body == "a\\" * 100_000
    octokit = read_request('octokit.request("GET /x", {' + "a: 1," * 20_000 + "})")
    assert octokit.url == f"{API}/x?a=1"


def test_a_python_script_is_read_to_100_000_characters() -> None:
    """Parsing takes 0.4 s for that many (the benchmark times the densest)."""
    script = "import requests\n" + "x = 1\n" * 16_000 + "requests.get('https://h/x')"
    assert read_request(script).url == "https://h/x"

    with pytest.raises(EndpointError, match="the Python is 100,018 characters; one of at most"):
        read_request(script + "\n" * (100_018 - len(script)))


def test_a_url_of_300_000_expansions_is_refused_at_once_naming_three() -> None:
    with pytest.raises(EndpointError) as refused:
        read_request("curl " + "$a" * 300_000)

    message = str(refused.value)
    assert message.startswith("the URL is computed by the shell ($a, $a, $a and 299,997 more)")
    assert len(message) < 200


def test_more_words_than_any_request_has_are_refused_in_time() -> None:
    start = time.perf_counter()
    with pytest.raises(EndpointError, match="the text has more than 50,000 words"):
        commands("a " * 50_001)
    assert time.perf_counter() - start < 5.0  # generous under load: it is 0.15 s, linear
    assert len(commands("a " * 50_000)[0]) == 50_000
