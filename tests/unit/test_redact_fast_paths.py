"""Redaction's fast paths against what they stand for: percent-decoding in C against
``urllib.parse.unquote_plus`` (and a Latin-1 decoding written out), and the scan for
secrets' names, which looks only at names that hold a secret word, against the scan that
asked ``is_secret`` of every name."""

from __future__ import annotations

import re
from urllib.parse import unquote_plus

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from restroute.redact import (
    declare_secrets,
    hide_values,
    holds_credential,
    is_secret,
    redact_message,
    redact_toml,
    redact_words,
)
from restroute.redact import text as redact_text
from restroute.redact import toml as redact_toml_module
from restroute.redact import written as redact_written
from restroute.redact.decoded import decoded, unquoted, written_at
from restroute.redact.literals import PIECE, WHOLE, Literals
from restroute.redact.names import _DECLARED, secret_words
from restroute.rules import MAX_SECRET_MISSES

# what an escape's decoding turns on: hex digits of both cases, lone %, + for a blank, =
# (what the decoder in C reads), line ends, and characters outside ASCII
PARTS = [*"%%%2AaF5fzZ=+_ \r\n", "é", "€", "%E2", "%82", "%AC", "%C3", "\udc80", "😀", "%F0"]
ESCAPED = st.lists(st.sampled_from(PARTS), max_size=40).map("".join)


@given(ESCAPED)
@example("%%41=3D%4=\n%0A%e2%82%ac%e2é%41")
def test_unquoted_is_what_unquote_plus_gives(text: str) -> None:
    assert unquoted(text) == unquote_plus(text)


@given(ESCAPED)
@example("a=%3d%%41+%é%5F")
def test_decoded_turns_each_escape_into_the_character_of_its_code(text: str) -> None:
    spaced = text.replace("+", " ")
    assert decoded(text) == re.sub("%[0-9A-Fa-f]{2}", lambda e: chr(int(e[0][1:], 16)), spaced)


@given(ESCAPED)
def test_each_decoded_place_is_found_where_it_is_written(text: str) -> None:
    once = decoded(text)
    at = written_at(text, range(len(once) + 1))
    for place, character in enumerate(once):
        written = text[at[place] : at[place + 1]]
        assert written in (character, "+") or decoded(written) == character
    assert at[len(once)] == len(text)


# The scan as it was: every name is_secret asked (its names, as the scan's lookahead
# matches them, are the same; a name no lookahead lets through is never a secret).
OLD_NAMED = (
    r"(?<![\w!#$%&*+.^|~\[\]-])[\"']?(?P<name>[\w!#$%&*+.^|~\[\]-]+)[\"']?[ \t]*:(?!//)[ \t]*"
    r"|(?<![\w.\[\]%-])(?:--?)?(?P<assigned>[A-Za-z_][\w.\[\]-]*)(?:==|[ \t]*=(?!=)[ \t]*)"
)
PIECES = [*": = == \"' [ ] . _ - ! a % / # \t\n", *sorted(secret_words())]
PIECES += ["TOKEN", "to\u212aen", "İ"]  # İ lowercases to two characters; \u212a to k


def values_of_secrets_names(text: str) -> list[tuple[int, int]]:
    """The scan as it was: each name is_secret calls a secret's, unless in a value read."""
    spans: list[tuple[int, int]] = []
    read = 0
    for found in re.finditer(OLD_NAMED, text):
        name = found["name"] or found["assigned"]
        if found.start() >= read and is_secret(name):
            kind = redact_written._VALUE if found["name"] else redact_written._WORD
            value = re.compile(kind).match(text, found.end())
            span = redact_text._value_span(name, value) if value is not None else None
            spans += [span] if span is not None else []
            read = value.end() if value is not None else read
    return spans


@settings(max_examples=200)
@given(st.lists(st.sampled_from(PIECES), max_size=30).map("".join))
@example("a[key]=1 x.key: 2 'api_key'=3 \"Token\":4")
@example('password: "a token":"key": v')
@example('mycli --Token=Hx7Qm2Zp9Wk4 run {"password[0]": "Hx7"} token[0]: t')
def test_the_scan_finds_the_values_the_full_scan_found(text: str) -> None:
    assert redact_text._named_spans(text) == values_of_secrets_names(text)


@pytest.fixture
def declared() -> object:
    kept = set(_DECLARED)
    yield
    _DECLARED.clear()
    _DECLARED.update(kept)


@pytest.mark.usefixtures("declared")
def test_a_declared_name_is_scanned_for_too() -> None:
    text = "WibbleId: abc123\nother: x"
    assert redact_text.credential_spans(text) == []
    declare_secrets(["wibbleid"])
    assert redact_text.credential_spans(text) == [(10, 16)]


def test_a_million_names_none_a_secret_scan_in_about_a_second() -> None:
    """Each of 3.3 million 'a:' asked is_secret took 9.5 s of a 10 MB profile's view."""
    import time

    text = "a: " * 1_000_000
    start = time.process_time()
    assert redact_text.credential_spans(text) == []
    assert time.process_time() - start < 1.5


def test_a_long_secret_is_hidden_whole_in_one_marker() -> None:
    secret = "".join(f"{n:04d}" for n in range(1000))  # 4,000 characters, no piece twice
    for length in (2 * PIECE - 1, 2 * PIECE, 2 * PIECE + 1, 3 * PIECE - 1, 3 * PIECE, 4000):
        assert hide_values(f"a {secret[:length]} b", (secret[:length],)) == "a <REDACTED> b"
    assert hide_values(f"a {secret[:3000]} b", (secret,)) == f"a {secret[:3000]} b"


def test_past_the_longest_secrets_a_long_one_is_hidden_by_its_pieces() -> None:
    """The longest secrets (WHOLE of them) are found whole; any more, by their pieces of
    PIECE characters: all of one, side by side, show as one marker; a part of one, as
    many of its pieces as it holds."""
    secrets = ["".join(f"{n:06d}" for n in range(k * 1000, k * 1000 + 200)) for k in range(40)]
    assert len(secrets) > WHOLE
    assert all(len(each) == 1200 > 2 * PIECE for each in secrets)
    for each in secrets:
        assert hide_values(f"a {each} b", secrets) == "a <REDACTED> b"
    pieced = next(each for each in secrets if each not in Literals(secrets).whole)
    part = pieced[: 3 * PIECE + 8]  # three pieces, and 8 characters of the fourth
    assert hide_values(f"a {part} b", secrets) == f"a <REDACTED>{part[3 * PIECE :]} b"


def test_a_text_that_repeats_a_long_secrets_start_is_searched_in_linear_time() -> None:
    """A secret of 300 kB of ``a: `` then a Z, in a text of 900 kB of ``a: ``: compared
    whole at each of its 300,000 places, it would take hours."""
    import time

    secret, text = "a: " * 100_000 + "Z", "a: " * 300_000
    start = time.process_time()
    assert hide_values(text, (secret,)) == text
    assert hide_values(f"{text}{secret}", (secret,)) == f"{text}<REDACTED>"
    assert time.process_time() - start < 1


MAY_HOLD = r"[:=@]|-[A-Za-z-]|gh[pousr]_|github_pat_|(?i:bearer)"  # as one expression
HINTS = [*"-aZ:=@%+_ gpK\u212a\u0130", "gh", "github_pat", "BeArEr", "bear", "er"]


@settings(max_examples=200)
@given(st.lists(st.sampled_from(HINTS), max_size=12).map("".join))
def test_what_may_hold_a_credential_is_what_the_one_expression_found(text: str) -> None:
    assert redact_text._may_hold(text) == bool(re.search(MAY_HOLD, text))
    encoded = bool(re.search(MAY_HOLD + "|[%+]", text))
    assert redact_text._may_hold(text, encoded=True) == encoded


# The values' expressions as they were: each repeat of alternatives greedy, not possessive
# (a quoted value's end is a closing quote and an end, or the line's: no shorter run of
# its inside is followed by either, so greedy and possessive agree there too)
W = redact_written
OLD_VALUES = {
    "value": W._VALUE.replace(")*+)", ")*)"),
    "word": W._WORD.replace(")*+)", ")*)").replace(")++)", ")+)"),
    "stand-in": W._STAND_IN.replace(")*+", ")*"),
}
VALUE_PIECES = [*"\"'`\\$(){}<>:,;&|#]x \t\r\n", "${A}", "${A:-b}", "$(c)", "$A", "rb", "<X>"]
VALUE_PIECES += ["${A:-${B}}", "${A:-${B:-${C}}}", "$'", '$"']


@settings(max_examples=300)
@given(st.lists(st.sampled_from(VALUE_PIECES), max_size=20).map("".join))
def test_the_possessive_values_match_what_the_greedy_ones_matched(text: str) -> None:
    new = {"value": redact_written._VALUE, "word": redact_written._WORD}
    new["stand-in"] = redact_written._STAND_IN
    for kind, old in OLD_VALUES.items():
        assert old != new[kind]  # (the old one is no copy of the new)
        matched = re.compile(new[kind]).match(text)
        was = re.compile(old).match(text)
        assert (matched and matched.span()) == (was and was.span()), kind


# The encoded pieces' expression as it was: from every place in a long run of characters
# with neither % nor + it read to the run's end and back (100 kB pasted in the route picker
# after {+?, held the explorer for minutes).
OLD_ENCODED = r"[^/?&;#=\s]*[%+][^/?&;#=\s]*"


@settings(max_examples=300)
@given(st.lists(st.sampled_from([*"ab%+/?&;#= \n\t", "%41", "ghp_"]), max_size=24).map("".join))
@example("x/a%b+c?d+e&f#g%h;i=j k%l")
def test_the_encoded_pieces_are_the_ones_the_old_expression_found(text: str) -> None:
    assert redact_text._ENCODED != OLD_ENCODED  # (the old one is no copy of the new)
    found = [each.span() for each in re.finditer(redact_text._ENCODED, text)]
    assert found == [each.span() for each in re.finditer(OLD_ENCODED, text)]


@pytest.mark.parametrize("text", ["{+?" + "x" * 200_000, "a" * 200_000 + "?%", "+" * 200_000])
def test_a_long_run_without_an_escape_is_searched_for_escapes_in_linear_time(text: str) -> None:
    import time

    start = time.process_time()
    assert redact_words(text) == text
    assert not holds_credential(text)
    assert time.process_time() - start < 1  # the old expression: hours at 200 kB


def test_a_value_of_a_megabyte_is_read_in_little_memory() -> None:
    """A header's value of 10 MB (token: token: ...) took 2.3 GB: Python's re kept its
    place at each character of a greedy repeat of alternatives, to go back to."""
    import tracemalloc

    text = "note: token: " + "token: " * 150_000
    tracemalloc.start()
    try:
        assert redact_text._named_spans(text) == [(13, len(text) - 1)]  # its last blank out
        assert tracemalloc.get_traced_memory()[1] < 20 * len(text)
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize(
    ("secrets", "text", "shown"),
    [
        (
            ("AAAAaaaa1111XYZW", "1111XYZWbbbbBBBBccccCCCC"),
            "x AAAAaaaa1111XYZWbbbbBBBBccccCCCC y",
            "x <REDACTED> y",
        ),
        (("abcdefgh", "fghijklm", "lmnopqrs"), "abcdefghijklmnopqrs!", "<REDACTED>!"),
        (("0123456789", "345678"), "0123456789", "<REDACTED>"),
        (("0123456789", "45678xyz12"), "0123456789 45678xyz12", "<REDACTED> <REDACTED>"),
    ],
)
def test_secrets_that_overlap_in_a_text_are_hidden_together(
    secrets: tuple[str, ...], text: str, shown: str
) -> None:
    """The fourth attack: two secrets read from the environment, the first's end the
    second's start: the first was hidden, and the rest of the second showed."""
    assert hide_values(text, secrets) == shown


def every_place(text: str, secrets: list[str]) -> str:
    """``text`` with every place any of ``secrets`` is, overlapping or not, masked: each
    run of masked characters one marker."""
    masked = [False] * len(text)
    for secret in secrets:
        for start in range(len(text) - len(secret) + 1):
            if text.startswith(secret, start):
                masked[start : start + len(secret)] = [True] * len(secret)
    runs = re.finditer("1+", "".join("1" if each else "0" for each in masked))
    shown, at = [], 0
    for run in runs:
        shown += [text[at : run.start()], "<REDACTED>"]
        at = run.end()
    return "".join([*shown, text[at:]])


@settings(max_examples=300)
@given(
    st.lists(st.text("abc", min_size=1, max_size=6), min_size=1, max_size=4),
    st.text("abc", max_size=30),
)
def test_every_place_a_secret_is_is_hidden(secrets: list[str], text: str) -> None:
    assert hide_values(text, tuple(secrets)) == every_place(text, secrets)


@pytest.mark.parametrize(
    "text",
    [
        "--PASSWORD=Hx7Qm2Zp9Wk4",
        "--x-api-key=Hx7Qm2Zp9Wk4",
        "--api-token=Hx7Qm2Zp9Wk4",
        "--client_secret=Hx7Qm2Zp9Wk4",
        "mycli --Token=Hx7Qm2Zp9Wk4 run",
        '{"password[0]": "Hx7Qm2Zp9Wk4"}',
        "token[0]: Hx7Qm2Zp9Wk4",
        "--password=Hx7Qm2Zp9Wk4",
    ],
)
def test_a_secret_given_to_an_option_or_an_index_is_hidden(text: str) -> None:
    """The fourth attack: a long option (--Token=...) and a key's index (token[0]: ...)
    named no secret, and the value showed in a pasted text and in error messages."""
    shown = redact_message(text)
    assert "Hx7Qm2Zp9Wk4" not in shown
    assert shown == text.replace("Hx7Qm2Zp9Wk4", "<REDACTED>")


@given(
    st.lists(
        st.sampled_from([*": \t\n\u2003x$<>{}()", "${A}", "$A", "$(c)", "<X>"]), max_size=12
    ).map("".join)
)
def test_a_stand_in_is_what_its_expression_matches(value: str) -> None:
    assert redact_text._stands_in(value) == bool(re.fullmatch(redact_written._STAND_IN, value))


def test_a_hider_keeps_short_texts_results_and_forgets_them_when_full(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A view hides the same values in its rows, its cascade and its table: a short
    text is searched once; past _KEPT characters of them, they are all forgotten, and searched
    again as they come; a long one is searched each time."""
    from restroute.redact import views
    from restroute.redact.kept import LONG

    monkeypatch.setattr(views, "_KEPT", 40)  # characters: two texts of 15
    secrets = ("s3cr3t_Qz9Kw7",)
    texts = [f"{first} s3cr3t_Qz9Kw7" for first in "aabca"]  # a kept, then forgotten
    assert [hide_values(text, secrets) for text in texts] == [
        f"{text[0]} <REDACTED>" for text in texts
    ]
    long = "x" * LONG + " s3cr3t_Qz9Kw7"
    assert hide_values(long, secrets) == hide_values(long, secrets) == "x" * LONG + " <REDACTED>"


# A comment that reads as a line commented out, as it was found: a comment of spaces could
# be split between its three repeats that read a space every way (2,000 spaces: 14 s).
OLD_COMMENTED_OUT = r"#+\s*[\w.\"' -]+\s*[=:]"


@settings(max_examples=500)
@given(st.lists(st.sampled_from([*"# \t\u00a0\ra.-=:\"'é/"]), max_size=14).map("".join))
@example("#   =")
@example("# a b\t=")
@example("# a\tb =")
def test_a_comment_is_a_line_commented_out_where_the_old_expression_said(text: str) -> None:
    comment = f"#{text}"
    assert redact_toml_module._COMMENTED_OUT != OLD_COMMENTED_OUT
    was = re.match(OLD_COMMENTED_OUT, comment) is not None
    assert (re.match(redact_toml_module._COMMENTED_OUT, comment) is not None) is was


@pytest.mark.parametrize("text", ["# " + " " * 200_000, "x = 1 # " + " " * 200_000 + "\n"])
def test_a_comment_of_spaces_is_read_in_linear_time(text: str) -> None:
    import time

    start = time.process_time()
    assert redact_toml(text) == text
    assert time.process_time() - start < 1


@settings(max_examples=400)
@given(
    st.lists(st.text("ab", min_size=1, max_size=9), min_size=1, max_size=60),
    st.text("abc", max_size=40),
)
def test_the_longest_secret_at_a_place_by_a_search_in_order(secrets: list[str], text: str) -> None:
    """Where more than a few secrets start alike (the sixth attack's G5: each starting with
    the one before), the longest at each place is found by a search of them in order and
    a few jumps down the chain of those that start it: the same as trying each."""
    literals = Literals(secrets)
    for start in range(len(text)):
        tried = max(
            (len(each) for each in set(secrets) if text.startswith(each, start)), default=0
        )
        assert literals._longest_in_order(text, start) == tried


def test_nested_secrets_and_a_run_that_starts_like_them_take_no_time() -> None:
    """Secrets z*k + a (k from 8 to 499) and a text of 20,000 z: no place holds one, and
    the search in order went down the chain a step at a time (24 s); and 9 MB of z with
    one secret zzzzzzzza is a million places to try: past MAX_SECRET_MISSES, the rest is
    hidden (a minute of a view, before)."""
    import time

    nested = Literals(["z" * k + "a" for k in range(8, 500)])
    start = time.process_time()
    assert nested.spans("z" * 20_000) == []
    assert nested.spans("".join("z" * k + "b" for k in range(8, 80))) == []  # each place anew
    assert nested.spans("y" + "z" * 300 + "a") == [(1, 302)]
    one = Literals(["zzzzzzzza"])
    assert one.spans("z" * 1_000_000) == [(MAX_SECRET_MISSES, 1_000_000)]
    assert time.process_time() - start < 5  # each well under a second when measured


def test_past_the_misses_allowed_the_sweep_hides_the_rest_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The search past a run of secrets side by side gives up as the first search does:
    the rest of the text hidden (here after one place that starts as bcdzzz does)."""
    from restroute.redact import literals

    monkeypatch.setattr(literals, "MAX_SECRET_MISSES", 0)
    found = Literals(["abcd", "bcdzzz", "cdzzzz", "dzzzzz"])
    assert found.spans("abcdzq") == [(0, 4), (1, 6)]


def test_a_secret_near_the_texts_end_is_found_as_long_as_it_is() -> None:
    """The eighth attack's note: at a text's end the slice for a longer secret is shorter,
    and may itself be a shorter secret: the span ran past the text's end."""
    assert Literals(["abcd", "abcde"]).spans("xabcd") == [(1, 5)]
