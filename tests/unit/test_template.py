"""RFC 6570 URI templates: the RFC's own examples, the official test vectors, edge cases, and
properties checked against the ``uritemplate`` package.

Expected values come from the RFC text (tests/cases/rfc6570.json), from the uritemplate-test
vectors, or from reasoning about the RFC and the README's decisions; none was copied from
restroute's output.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st

from restroute import EndpointError, MissingParameterError
from restroute._core.template import compile_template

# str: exactly this; list: any one of these; False: EndpointError (a malformed template or an
# RFC "invalid" value); {"missing": [...]}: MissingParameterError with these names, in order.
Expected = str | list[str] | bool | dict[str, Any]

RFC = json.loads((Path(__file__).parents[1] / "cases" / "rfc6570.json").read_text("utf-8"))
# Vendored from github.com/uri-templates/uritemplate-test (commit and licence in SOURCE, LICENSE).
VECTORS = Path(__file__).parents[1] / "data" / "uritemplate-test"
VECTOR_FILES = (
    "spec-examples.json",
    "spec-examples-by-section.json",
    "extended-tests.json",
    "negative-tests.json",
)

# The vectors expand an undefined variable of a simple expression to nothing, as the RFC does;
# restroute raises MissingParameterError there instead (README, decisions).
VECTOR_MISSING: dict[str, list[str]] = {
    "O{undef}X": ["undef"],
    "?{x,undef}": ["undef"],
    "?{undef,y}": ["undef"],
}


# The RFC's grammar has no "-" in variable names, so the negative vectors refuse these two;
# restroute accepts them, because GitHub's routes use {enterprise-team} and octokit does too.
# The expansions are worked out by hand from RFC 6570 3.2.2 and 3.2.8.
SPARQL_QUERY = (
    "PREFIX%20dc%3A%20%3Chttp%3A%2F%2Fpurl.org%2Fdc%2Felements%2F1.1%2F%3E%20SELECT%20%3Fbook"
    "%20%3Fwho%20WHERE%20%7B%20%3Fbook%20dc%3Acreator%20%3Fwho%20%7D"
)
GRAPHS = "http%3A%2F%2Fwww.example%2Fbook%2F,http%3A%2F%2Fwww.example%2Fpapers%2F"
VECTOR_HYPHEN: dict[str, str] = {
    "/{default-graph-uri}": f"/{GRAPHS}",
    "/sparql{?query,default-graph-uri}": (
        f"/sparql?query={SPARQL_QUERY}&default-graph-uri={GRAPHS}"
    ),
}


def expand(template: str, variables: dict[str, Any]) -> str:
    """Compiles and expands ``template`` the way restroute does for a GET route."""
    return compile_template(template, "GET").expand(variables, "GET")


def check(template: str, variables: dict[str, Any], expected: Expected) -> None:
    """Asserts that ``template`` expands as ``expected`` says (see Expected)."""
    if expected is False:
        with pytest.raises(EndpointError) as raised:
            expand(template, variables)
        assert not isinstance(raised.value, MissingParameterError), raised.value
    elif isinstance(expected, dict):
        with pytest.raises(MissingParameterError) as missing:
            expand(template, variables)
        assert missing.value.names == tuple(expected["missing"])
    elif isinstance(expected, str):
        assert expand(template, variables) == expected
    else:
        assert isinstance(expected, list)
        assert expand(template, variables) in expected


# --- The RFC's own examples -----------------------------------------------------------------


def rfc_params() -> list[Any]:
    params = []
    for group in RFC["groups"]:
        section = group["section"]
        if "level" in group:
            section += f" level {group['level']}"
        for template, expected in group["cases"]:
            params.append(
                pytest.param(template, group["variables"], expected, id=f"{section} {template}")
            )
    return params


@pytest.mark.parametrize(("template", "variables", "expected"), rfc_params())
def test_rfc_example(template: str, variables: dict[str, Any], expected: Expected) -> None:
    """Each example of RFC 6570 sections 1.2 and 3.2 expands as the RFC shows."""
    check(template, variables, expected)


def test_rfc_file_covers_the_sections() -> None:
    """The RFC data holds the four level tables and every section from 3.2.1 to 3.2.9."""
    sections = [(group["section"], group.get("level")) for group in RFC["groups"]]
    levels = [("1.2", level) for level in range(1, 5)]
    assert sections == levels + [(f"3.2.{n}", None) for n in range(1, 10)]
    missing = [
        case for group in RFC["groups"] for case in group["cases"] if isinstance(case[1], dict)
    ]
    assert [template for template, _ in missing] == ["O{undef}X", "?{x,undef}", "?{undef,y}"]


# --- The official uritemplate-test vectors --------------------------------------------------


def vector_params() -> list[Any]:
    params = []
    for name in VECTOR_FILES:
        groups = json.loads((VECTORS / name).read_text("utf-8"))
        for group_name, group in groups.items():
            for template, expected in group["testcases"]:
                if template in VECTOR_MISSING and name == "spec-examples-by-section.json":
                    expected = {"missing": VECTOR_MISSING[template]}
                if template in VECTOR_HYPHEN and name == "negative-tests.json":
                    expected = VECTOR_HYPHEN[template]
                case_id = f"{name.removesuffix('.json')} {group_name} {template}"
                params.append(pytest.param(template, group["variables"], expected, id=case_id))
    return params


@pytest.mark.parametrize(("template", "variables", "expected"), vector_params())
def test_uritemplate_vector(template: str, variables: dict[str, Any], expected: Expected) -> None:
    """Each official uritemplate-test vector expands as listed, or fails where it says false."""
    check(template, variables, expected)


def test_hyphen_exceptions_are_real_negative_vectors() -> None:
    """Every template of the hyphen table is a negative vector, refused only for its '-'."""
    groups = json.loads((VECTORS / "negative-tests.json").read_text("utf-8"))
    negative = {t for g in groups.values() for t, expected in g["testcases"] if expected is False}

    assert set(VECTOR_HYPHEN) <= negative
    assert all("-" in t.split("{", 1)[1] for t in VECTOR_HYPHEN)


def test_vector_exceptions_are_real() -> None:
    """Every template of the MissingParameterError table is a vector that expands a string."""
    groups = json.loads((VECTORS / "spec-examples-by-section.json").read_text("utf-8"))
    found = {
        template: group["variables"]
        for group in groups.values()
        for template, expected in group["testcases"]
        if template in VECTOR_MISSING and isinstance(expected, str)
    }
    assert set(found) == set(VECTOR_MISSING)
    for template, variables in found.items():
        assert all(variables.get(name) is None for name in VECTOR_MISSING[template])


# --- Hand-written edge cases ----------------------------------------------------------------

ERROR = False


def missing(*names: str) -> dict[str, Any]:
    """The Expected value for a MissingParameterError naming ``names``."""
    return {"missing": list(names)}


REPOS = {"owner": "octocat", "repo": "hello-world"}
E = {"e": ""}

EDGE_CASES: list[tuple[str, str, dict[str, Any], Expected]] = [
    # ":var" placeholders (the reference's syntax): a lowercase letter, then 1+ word characters.
    ("colon vars", "/repos/:owner/:repo", REPOS, "/repos/octocat/hello-world"),
    ("colon var encoded", "/repos/:owner", {"owner": "a b/c"}, "/repos/a%20b%2Fc"),
    ("colon var missing", "/repos/:owner/:repo", {}, missing("owner", "repo")),
    ("colon var before dot", "/f/:name.json", {"name": "x"}, "/f/x.json"),
    ("colon one letter", "/x/:o", {"o": "v"}, "/x/:o"),
    ("colon capital", "/x/:Owner", {"Owner": "v"}, "/x/:Owner"),
    ("colon userinfo", "https://user:pass@host/x", {}, "https://user:pass@host/x"),
    ("colon port", "https://host:8443/:id", {"id": 7}, "https://host:8443/7"),
    ("prefix not colon var", "/x/{var:3}", {"var": "value"}, "/x/val"),
    ("prefix not colon var query", "/x{?var:2}", {"var": "value"}, "/x?var=va"),
    # Literals (RFC 3.1): allowed URI characters are copied, anything else is pct-encoded.
    ("literal reserved", "/a:b@c!$&()*+,;=?q#f", {}, "/a:b@c!$&()*+,;=?q#f"),
    ("literal non-ascii", "/café/{var}", {"var": "v"}, "/caf%C3%A9/v"),
    ("literal triplet kept", "/a%20b/{var}", {"var": "v"}, "/a%20b/v"),
    ("literal lower triplet", "/a%2fb", {}, "/a%2fb"),
    ("literal lone percent", "/100%", {}, "/100%25"),
    ("literal short triplet", "/a%2", {}, "/a%252"),
    ("literal bad triplet", "/a%zz", {}, "/a%25zz"),
    ("literal pipe", "/a|b", {}, "/a%7Cb"),
    ("literal angle", "/a<b>", {}, "/a%3Cb%3E"),
    ("literal caret backtick", "/a^`", {}, "/a%5E%60"),
    ("literal space", "/a b", {}, ERROR),
    ("literal tab", "/a\tb", {}, ERROR),
    ("literal newline", "/a\nb", {}, ERROR),
    ("literal carriage return", "/a\rb", {}, ERROR),
    ("literal nul", "/a\x00b", {}, ERROR),
    ("literal del", "/a\x7fb", {}, ERROR),
    ("literal c1 control", "/a\x85b", {}, ERROR),
    ("literal no-break space", "/a\u00a0b", {}, ERROR),
    ("literal trailing space", "/a ", {}, ERROR),
    ("literal lone surrogate", "/a\ud800", {}, ERROR),
    # Malformed expressions (RFC 2.2-2.4).
    ("unclosed brace", "/x{a", {"a": "1"}, ERROR),
    ("unopened brace", "/x}a", {}, ERROR),
    ("lone open brace", "{", {}, ERROR),
    ("nested braces", "{a{b}}", {"a": "1", "b": "2"}, ERROR),
    ("double braces", "{{a}}", {"a": "1"}, ERROR),
    ("empty expression", "/x{}", {}, ERROR),
    ("operator only", "{?}", {}, ERROR),
    ("empty varspec", "{a,}", {"a": "1"}, ERROR),
    ("empty middle varspec", "{a,,b}", {"a": "1", "b": "2"}, ERROR),
    ("reserved op =", "{=x}", {"x": "1"}, ERROR),
    ("reserved op !", "{!x}", {"x": "1"}, ERROR),
    ("reserved op |", "{|x}", {"x": "1"}, ERROR),
    ("reserved op @", "{@x}", {"x": "1"}, ERROR),
    ("reserved op comma", "{,x}", {"x": "1"}, ERROR),
    ("excluded $", "{$x}", {"x": "1"}, ERROR),
    ("excluded paren", "{(x)}", {"x": "1"}, ERROR),
    ("prefix 0", "{x:0}", {"x": "value"}, ERROR),
    ("prefix 10000", "{x:10000}", {"x": "value"}, ERROR),
    ("prefix leading zero", "{x:01}", {"x": "value"}, ERROR),
    ("prefix empty", "{x:}", {"x": "value"}, ERROR),
    ("prefix negative", "{x:-1}", {"x": "value"}, ERROR),
    ("prefix and explode", "{x:1*}", {"x": "value"}, ERROR),
    ("prefix 9999", "{x:9999}", {"x": "value"}, "value"),
    ("prefix on list", "{list:1}", {"list": ["a", "b"]}, ERROR),
    ("prefix on dict", "{?keys:1}", {"keys": {"a": "b"}}, ERROR),
    ("prefix counts code points", "{x:1}", {"x": "é b"}, "%C3%A9"),
    ("prefix astral", "{x:2}", {"x": "\U0001d11ea b"}, "%F0%9D%84%9Ea"),
    ("varname hyphen (GitHub: {enterprise-team})", "{a-b}", {"a-b": "1"}, "1"),
    ("varname trailing dot", "{a.}", {"a.": "1"}, ERROR),
    ("varname dotted", "{a.b}", {"a.b": "1"}, "1"),
    ("varname pct", "{a%20b}", {"a%20b": "1"}, "1"),
    # Scalars: booleans as true/false, numbers as their decimal text; falsy is still defined.
    ("bool true", "{b}", {"b": True}, "true"),
    ("bool false", "{b}", {"b": False}, "false"),
    ("bools in query", "{?b,c}", {"b": True, "c": False}, "?b=true&c=false"),
    ("bools in list", "{l}", {"l": [True, False]}, "true,false"),
    ("bool in dict", "{?d*}", {"d": {"k": True}}, "?k=true"),
    ("int", "/{n}", {"n": 42}, "/42"),
    ("int zero", "/{n}", {"n": 0}, "/0"),
    ("int negative", "{?n}", {"n": -5}, "?n=-5"),
    ("int prefix", "{n:2}", {"n": 1024}, "10"),
    ("float", "{f}", {"f": 1.5}, "1.5"),
    ("float query", "{?f}", {"f": -0.25}, "?f=-0.25"),
    ("float infinity", "{f}", {"f": float("inf")}, ERROR),
    ("float nan", "{?f}", {"f": float("nan")}, ERROR),
    ("empty string simple", "O{e}X", E, "OX"),
    # Undefined values: None, empty list, empty dict, a list or dict of only None.
    ("none items skipped", "{l}", {"l": ["a", None, "b"]}, "a,b"),
    ("none items skipped exploded", "{?l*}", {"l": ["a", None, "b"]}, "?l=a&l=b"),
    ("list of none simple", "{l}", {"l": [None]}, missing("l")),
    ("list of none query", "X{?l}", {"l": [None, None]}, "X"),
    ("tuple as list", "{/l*}", {"l": ("a", "b")}, "/a/b"),
    ("none values skipped", "{?d*}", {"d": {"a": "1", "b": None, "c": "3"}}, "?a=1&c=3"),
    ("none values skipped simple", "{d}", {"d": {"a": "1", "b": None}}, "a,1"),
    ("dict of none query", "X{?d*}", {"d": {"a": None}}, "X"),
    ("dict of none path", "X{;d}", {"d": {"a": None, "b": None}}, "X"),
    ("dict of none simple", "{d}", {"d": {"a": None}}, missing("d")),
    ("dict insertion order", "{?d*}", {"d": {"z": "1", "a": "2"}}, "?z=1&a=2"),
    ("empty list simple", "{l}", {"l": []}, missing("l")),
    ("empty dict simple", "{d}", {"d": {}}, missing("d")),
    ("empty list fragment", "X{#l}", {"l": []}, "X"),
    ("none simple", "{x}", {"x": None}, missing("x")),
    # Empty strings are defined, in every operator (RFC 3.2.2-3.2.9).
    ("empty +", "X{+e}Y", E, "XY"),
    ("empty #", "X{#e}", E, "X#"),
    ("empty .", "X{.e}", E, "X."),
    ("empty /", "X{/e}", E, "X/"),
    ("empty ;", "X{;e}", E, "X;e"),
    ("empty ?", "X{?e}", E, "X?e="),
    ("empty &", "X{&e}", E, "X&e="),
    ("empty list items ;", "{;l*}", {"l": ["", "a"]}, ";l;l=a"),
    ("empty list items ?", "{?l*}", {"l": ["", "a"]}, "?l=&l=a"),
    ("empty dict value ;", "{;d*}", {"d": {"k": ""}}, ";k"),
    ("empty dict value ?", "{?d*}", {"d": {"k": ""}}, "?k="),
    # RFC 3.2.1 says "k", Appendix A says "k=": the RFC disagrees with itself here.
    ("empty dict value simple", "{d*}", {"d": {"k": ""}}, ["k", "k="]),
    # Reserved expansion passes reserved characters and %XX triplets, encodes the rest.
    ("+ triplet kept", "{+x}", {"x": "a%2Fb"}, "a%2Fb"),
    ("+ lone percent", "{+x}", {"x": "100%"}, "100%25"),
    ("+ bad triplet", "{+x}", {"x": "%zz"}, "%25zz"),
    ("+ space", "{+x}", {"x": "a b"}, "a%20b"),
    ("+ mixed", "{+x}", {"x": "/a b%2F%"}, "/a%20b%2F%25"),
    ("# triplet kept", "{#x}", {"x": "a%2F b"}, "#a%2F%20b"),
    ("simple encodes triplet", "{x}", {"x": "a%2Fb"}, "a%252Fb"),
    # Values that have no URL form.
    ("lone surrogate simple", "{x}", {"x": "a\ud800"}, ERROR),
    ("lone surrogate +", "{+x}", {"x": "\udc00"}, ERROR),
    ("lone surrogate query", "{?x}", {"x": "\ud800"}, ERROR),
    ("lone surrogate in list", "{l}", {"l": ["\ud800"]}, ERROR),
    ("nested list", "{l}", {"l": [["a"]]}, ERROR),
    ("nested list exploded", "{?l*}", {"l": ["a", ["b"]]}, ERROR),
    ("dict in list", "{l}", {"l": [{"a": "b"}]}, ERROR),
    ("list in dict", "{?d*}", {"d": {"a": ["b"]}}, ERROR),
    ("object value", "{x}", {"x": object()}, ERROR),
    ("object value query", "{?x}", {"x": object()}, ERROR),
    ("object in list", "{l}", {"l": [object()]}, ERROR),
    ("bytes value", "{x}", {"x": b"abc"}, ERROR),
    # MissingParameterError: every missing name of simple expressions, in template order, once.
    ("missing dedup", "{a}/{b}/{a}", {}, missing("a", "b")),
    ("missing order", "{b}{?c}{a,b}", {}, missing("b", "a")),
    ("missing with defined sibling", "{a,b}", {"b": 1}, missing("a")),
    ("missing colon and brace", "/:abc/{abc}", {}, missing("abc")),
    ("operator vars optional", "{?a}{&b}{/c}{.d}{;e}{+f}{#g}", {}, ""),
]


@pytest.mark.parametrize(
    ("template", "variables", "expected"),
    [pytest.param(t, v, e, id=case_id) for case_id, t, v, e in EDGE_CASES],
)
def test_edge_case(template: str, variables: dict[str, Any], expected: Expected) -> None:
    """Each hand-written edge case expands (or fails) as the RFC and the README's decisions
    require."""
    check(template, variables, expected)


def test_missing_message_names_route_and_fix() -> None:
    """The MissingParameterError message names the route and says what to pass."""
    with pytest.raises(MissingParameterError) as raised:
        compile_template("/r/{a}/{b}/{a}", "POST").expand({}, "POST")
    message = str(raised.value)
    assert "POST /r/{a}/{b}/{a}" in message
    assert "pass a=..., b=..." in message
    assert raised.value.names == ("a", "b")
    assert isinstance(raised.value, EndpointError)


def test_expansion_does_not_mutate_variables() -> None:
    """Expanding a template leaves the variables it was given unchanged."""
    variables: dict[str, Any] = {"l": ["a", None], "d": {"k": None, "j": "v"}}
    expand("{/l*}{?d*}", variables)
    assert variables == {"l": ["a", None], "d": {"k": None, "j": "v"}}


# --- Properties -----------------------------------------------------------------------------

UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
VALUE_ALPHABET = UNRESERVED + " éüßøΩжλ中€"
NAMES = ("a", "b", "c", "v_1")
OPERATORS = ("", "+", "#", ".", "/", ";", "?", "&")

values = st.text(VALUE_ALPHABET, max_size=8)
# Empty lists and empty items are left out: uritemplate 4.2 renders "{#l}" with [] as "#" and
# "{;l*}" with [""] as ";l=", where the RFC gives "" and ";l".
lists = st.lists(st.text(VALUE_ALPHABET, min_size=1, max_size=6), min_size=1, max_size=3)


@st.composite
def templates_and_values(draw: st.DrawFn) -> tuple[str, dict[str, Any], list[str]]:
    """A random template, its variables, and the simple-expression names left undefined."""
    variables: dict[str, Any] = {}
    for name in NAMES:
        kind = draw(st.sampled_from(("undefined", "string", "list")))
        if kind == "string":
            variables[name] = draw(values)
        elif kind == "list":
            variables[name] = draw(lists)
    literal = st.text("abcXYZ/", max_size=4)
    pieces = [draw(literal)]
    undefined: list[str] = []
    for _ in range(draw(st.integers(1, 4))):
        operator = draw(st.sampled_from(OPERATORS))
        specs = []
        for name in draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=3)):
            modifier = draw(st.sampled_from(("", "*", "prefix")))
            if modifier == "prefix":
                # The prefix modifier applies to strings only (RFC 2.4.1).
                is_list = isinstance(variables.get(name), list)
                modifier = "*" if is_list else f":{draw(st.integers(1, 10))}"
            specs.append(name + modifier)
            if not operator and name not in variables:
                undefined.append(name)
        pieces.append("{" + operator + ",".join(specs) + "}" + draw(literal))
    return "".join(pieces), variables, list(dict.fromkeys(undefined))


PCT_ENCODED = re.compile(r"(?:[A-Za-z0-9\-._~]|%[0-9A-F]{2})*")
