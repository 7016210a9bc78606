"""restroute.reader._jsdata: a JavaScript call's arguments read as data, never run.

Each test is an example of what a call (an Octokit call, mostly) gives and what it reads
as; the hostile ones (deep nesting, texts left open, a megabyte of one thing, random
bytes) read to a value or to one EndpointError, never to any other exception. How long
each takes is printed by benchmarks/bench_reader.py, not asserted here.
"""

from __future__ import annotations

import random

import pytest

from restroute.errors import EndpointError
from restroute.reader._jsdata import Unread, read_call_arguments
from restroute.rules import MAX_NESTING as MAX_DEPTH

MEGABYTE = 1_000_000


def read(text: str) -> list[object]:
    return read_call_arguments(text)


def error(text: str) -> str:
    """The message of the EndpointError that reading ``text`` raises."""
    with pytest.raises(EndpointError) as raised:
        read(text)
    return str(raised.value)


def nested(depth: int, inner: str = "1") -> str:
    """``inner`` in ``depth`` arrays: [[[1]]]."""
    return "[" * depth + inner + "]" * depth


# --- What a call's data reads as -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("()", []),
        ("( /* none */ )", []),
        ("(1, -0, 2.5, 1e400, true, false, null)", [1, 0, 2.5, float("inf"), True, False, None]),
        ("('a', \"b\", `c`, '')", ["a", "b", "c", ""]),
        ("([], {}, [ ], { /* empty */ })", [[], {}, [], {}]),
        ("([1, [2, [3]], {a: [4]}],)", [[1, [2, [3]], {"a": [4]}]]),
        (
            "({a: 1, 'b': 2, \"c\\n\": 3, $d: 4, _e: 5, é: 6})",
            [{"a": 1, "b": 2, "c\n": 3, "$d": 4, "_e": 5, "é": 6}],
        ),
        ("({ owner, repo, })", [{"owner": "owner", "repo": "repo"}]),
        ("({a: 1, b: 2, a: 3})", [{"a": 3, "b": 2}]),  # a key given twice: the last value
        (
            "({a, b: 1, a, c, b, 'd', e: [], f, g, h: x, })",
            [{"a": "a", "b": "b", "c": "c", "d": "d", "e": [], "f": "f", "g": "g", "h": "x"}],
        ),
        ("(1 // a comment\n, /* another */ 2 /* ) */)", [1, 2]),
        ("(\u3000[\xa01,\x1c2\u2028])", [[1, 2]]),  # any character str.isspace() is a blank
        ("({a: 1} ) and what follows is not read: (", [{"a": 1}]),
    ],
)
def test_what_a_call_s_arguments_read_as(text: str, arguments: list[object]) -> None:
    assert read(text) == arguments


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("undefined", "undefined"),
        ("process.env.TOKEN", "process.env.TOKEN"),
        ("0x1F", "0x1F"),  # numbers JSON does not write are code
        ("01", "01"),
        ("1.", "1."),
        ("+1", "+1"),
        ("/x/", "/x/"),  # a word may start with a slash...
        ("a//b\n", "a//b"),  # ...or hold two: it ends at a blank, and the comment with it
        ("f()", "f()"),
        ("f(a, (b))", "f(a, (b))"),
        ("f(((((((x)))))))", "f(((((((x)))))))"),  # nested deeper than the patterns read
        ("(a)", "(a)"),
        ("`a ${b} c`", "`a ${b} c`"),
    ],
)
def test_a_value_that_is_code_is_unread_as_written(written: str, value: str) -> None:
    alone, in_array, in_object = read(f"({written}, [{written}, {written}], {{a: {written}}})")
    assert isinstance(in_array, list)
    assert isinstance(in_object, dict)
    for each in (alone, *in_array, in_object["a"]):
        assert isinstance(each, Unread)
        assert each == value


def test_a_call_s_parentheses_are_counted_without_reading_its_strings() -> None:
    """f(")") is read to the first ) that balances the (, so what follows is left over."""
    assert error('(f(")"), 1)').endswith("',' or ')' is missing at character 6")  # the "
    assert read("(f('(', x), 1))") == [Unread("f('(', x), 1)")]


def test_a_call_never_closed_takes_the_rest_of_the_text() -> None:
    text = "(f(" + "(a, " * 1000
    assert "',' or ')' is missing at their end" in error(text)
    assert read("([f(g(h(i(j(k(l(m(n))))))))])") == [[Unread("f(g(h(i(j(k(l(m(n))))))))")]]


def test_each_array_and_object_read_is_a_new_one() -> None:
    """Values written alike are read once, but no two arrays or objects are the same."""
    first, second, third = read("([1], [1], {a: []})")
    assert isinstance(first, list)
    assert isinstance(third, dict)
    first.append(2)
    third["a"].append(3)
    assert (second, read("([1], [1], {a: []})")) == ([1], [[1], [1], {"a": []}])
    many = read("([" + "[], {}, [1], {a: 1}, " * 3 + "])")[0]
    assert isinstance(many, list)
    assert len({id(each) for each in many}) == 12


@pytest.mark.parametrize(
    ("written", "value"),
    [
        (repr("9" * 4300), "9" * 4300),  # a string of digits: text
        ("9" * 4300, int("9" * 4300)),  # the most digits int reads
        ("9" * 4301, Unread("9" * 4301)),  # one more: json.loads reads none, so neither
        ("9" * 4301 + ".5", float("inf")),
        ("-1.5E+3", -1500.0),
    ],
    ids=["4,300 digits in quotes", "4,300 digits", "4,301 digits", "4,301 digits, .5", "-1.5E+3"],
)
def test_numbers_as_json_reads_them(written: str, value: object) -> None:
    found = read(f"({written})")[0]
    assert (type(found), found) == (type(value), value)


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("'\\''", "'"),
        ('"\\\\"', "\\"),
        ('"\\n\\t\\r\\b\\f\\v\\0\\q"', "\n\t\r\b\f\v\0q"),
        ('"\\x41\\x4"', "A\x04"),  # \x takes 2 characters, or what is left
        ('"\\x"', "x"),
        ('"\\xZZ"', "\\xZZ"),  # not hex: kept as written
        ('"\\u0041\\u{1F600}\\u{ 41 }\\u0x1F"', "A😀A\x1f"),  # as int(digits, 16) reads
        ('"\\u{}"', "u"),
        ('"\\u"', "u"),
        ('"\\u{41"', "\\u{41"),  # no } after: read as \u and 4 characters
        ('"\\u{110000}"', "\\u{110000}"),  # past the last code point: kept as written
        ('"\\u{' + "F" * 40 + '}"', "\\u{" + "F" * 40 + "}"),  # far past it (was an OverflowError)
        ('"\\uD800\\uDC00"', "\ud800\udc00"),  # lone surrogates, as JavaScript keeps them
        ('"\\u{\\n} \\n"', "\\u{\\n} \n"),  # the } closes \u{ whatever is in between
        ('"\\n}\\u{41"', "\n}\\u{41"),
        ('"a\\\nb"', "a\nb"),
    ],
)
def test_javascript_string_escapes(written: str, value: str) -> None:
    assert read(f"({written}, {{k: {written}}})") == [value, {"k": value}]


# --- What cannot be read, and what it says --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "'(' is missing at their end"),
        ("[1]", "'(' is missing at character 1"),
        ("(1 2)", "',' or ')' is missing at character 4"),
        ("(1,, 2)", "a value is missing at character 4"),
        ("([1 2])", "',' or ']' is missing at character 5"),
        ("([1, 2}])", "',' or ']' is missing at character 7"),
        ("([[1]}])", "',' or ']' is missing at character 6"),
        ("([[], [] [], []])", "',' or ']' is missing at character 10"),
        ("([[],,])", "a value is missing at character 6"),
        ("({a: 1]})", "',' or '}' is missing at character 7"),
        ("({a: {}]})", "',' or '}' is missing at character 8"),
        ("({a b})", "',' or '}' is missing at character 5"),
        ("({a: 1 b})", "',' or '}' is missing at character 8"),
        ("({a: [1] b})", "',' or '}' is missing at character 10"),
        ("({a: f(()) b})", "',' or '}' is missing at character 12"),
        ("({: 1})", "a key is missing at character 3"),
        ("({a: 1,, b: 2})", "a key is missing at character 8"),
        ("({`a`: 1})", "a key is missing at character 3"),
        ("({'a: 1})", "a ' string is not closed at character 3"),
        ("({a: 'b})", "a ' string is not closed at character 6"),
        ("({a: `b})", "a ` string is not closed at character 6"),
        ("({a: })", "a value is missing at character 6"),
        ("({a: ", "the text ends before a value at their end"),
        ("([1, 'a' 'b'])", "',' or ']' is missing at character 10"),
        ("(f(())", "',' or ')' is missing at their end"),
        ("([/* open", "a /* comment is not closed at character 3"),
        ("([1 /* open", "a /* comment is not closed at character 5"),
        ("([1, /* open", "a /* comment is not closed at character 6"),
        ("({/* open", "a /* comment is not closed at character 3"),
        ("({a /* open", "a /* comment is not closed at character 5"),
        ("({a: /* open", "a /* comment is not closed at character 6"),
        ("({a: [] /* open", "a /* comment is not closed at character 9"),
        ("(/*/)", "a /* comment is not closed at character 2"),
    ],
)
def test_what_does_not_read_is_one_error_naming_where(text: str, says: str) -> None:
    assert error(text) == f"the call's arguments: {says}"


# --- Nesting: at most MAX_DEPTH (100) levels --------------------------------------------------


def test_data_nested_100_levels_reads_and_101_does_not() -> None:
    assert read(f"({nested(MAX_DEPTH)})") == [eval(nested(MAX_DEPTH))]
    assert read(f"({nested(MAX_DEPTH, '[ ]')})")[0] == eval(nested(MAX_DEPTH + 1, ""))
    says = f"data nested more than {MAX_DEPTH} levels at "
    # (, then 101 [ : the 1 is character 103; with "[ 1]" inside 100, character 104
    assert error(f"({nested(MAX_DEPTH + 1)})").endswith(says + f"character {MAX_DEPTH + 3}")
    assert error(f"({nested(MAX_DEPTH, '[ 1]')})").endswith(says + f"character {MAX_DEPTH + 4}")
    inside_an_object = nested(MAX_DEPTH - 1, "{a: [ ]}")  # [] at 100: no value 101 deep
    assert read(f"({inside_an_object})") == [eval(nested(MAX_DEPTH - 1, "{'a': []}"))]
    missing = f"',' or ']' is missing at character {MAX_DEPTH + 5}"  # the x
    assert error(f"({nested(MAX_DEPTH, '[] x')})").endswith(missing)
    # the inner [ of "[[]]" and of "[ [] ]", inside 100
    assert error(f"({nested(MAX_DEPTH, '[[]]')})").endswith(says + f"character {MAX_DEPTH + 3}")
    assert error(f"({nested(MAX_DEPTH, '[ [] ]')})").endswith(says + f"character {MAX_DEPTH + 4}")


def test_an_object_at_the_deepest_level_may_hold_keys_but_no_values() -> None:
    deepest = nested(MAX_DEPTH, "{a, b, 'c'}")
    assert read(f"({deepest})") == [eval(nested(MAX_DEPTH, "{'a': 'a', 'b': 'b', 'c': 'c'}"))]
    says = f"data nested more than {MAX_DEPTH} levels at "
    # the blank before the value: "{a, b: 1}" and "{a: []}" begin at character 102
    assert error(f"({nested(MAX_DEPTH, '{a, b: 1}')})").endswith(
        says + f"character {MAX_DEPTH + 8}"
    )
    assert error(f"({nested(MAX_DEPTH, '{a: []}')})").endswith(says + f"character {MAX_DEPTH + 5}")
    # the 1, after ( and 101 "{a:"
    assert error("(" + "{a:" * (MAX_DEPTH + 1) + "1").endswith(says + "character 305")


def test_objects_and_arrays_nested_by_turns_read_to_the_limit() -> None:
    text = "(" + "{a: [" * 50 + "]}" * 50 + ")"
    value = read(text)[0]
    for _ in range(49):
        assert isinstance(value, dict)
        value = value["a"][0]
    assert value == {"a": []}


# --- Hostile texts: a value or an EndpointError, nothing else ---------------------------------


def test_lone_surrogates_read_as_they_are() -> None:
    """A text may hold them (a pasted file decoded with surrogateescape, say)."""
    assert read('("\ud800", `\udfff`, {a: "\\uDC00\\uD800"}, \udc80)') == [
        "\ud800",
        "\udfff",
        {"a": "\udc00\ud800"},
        Unread("\udc80"),
    ]


@pytest.mark.parametrize("seed", range(8))
def test_random_texts_read_or_say_why(seed: int) -> None:
    """Random bytes, and random runs of what the data is made of, as a paste might hold:
    each reads to a list or raises EndpointError (anything else fails the test)."""
    chance = random.Random(seed)
    pieces = ["[", "]", "{", "}", "(", ")", ",", ":", "a", "1", "'s'", '"', "`", "\\", "/*",
              "*/", "//", "\n", " ", "f(", "${", "\ud800", "é"]  # fmt: skip
    texts = [
        "(" + chance.randbytes(10_000).decode("latin-1"),
        "(" + chance.randbytes(10_000).decode("utf-8", "surrogateescape"),
        *("(" + "".join(chance.choices(pieces, k=chance.randrange(200))) for _ in range(300)),
    ]
    outcomes: set[type] = set()
    for text in texts:
        try:
            outcomes.add(type(read(text)))
        except EndpointError:
            outcomes.add(EndpointError)
    assert outcomes <= {list, EndpointError}


def test_eight_values_or_more_are_read_once_each_distinct_one() -> None:
    """Eight or more in one run take the path that reads each distinct token once: plain
    values, entries that all have values, and entries that are all variables."""
    assert read("([1, 2, 3, 4, 5, 6, 7, 8, 1, 'a'])") == [[1, 2, 3, 4, 5, 6, 7, 8, 1, "a"]]
    entries = read("({a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 1})")
    assert entries == [{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 1}]
    (variables,) = read("({a, b, c, d, e, f, g, h, a})")
    assert isinstance(variables, dict)
    assert list(variables) == ["a", "b", "c", "d", "e", "f", "g", "h"]
    assert all(type(value) is Unread and value == key for key, value in variables.items())
