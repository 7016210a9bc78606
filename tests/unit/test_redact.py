"""restroute.redact: the one place that decides what is secret and how it is hidden, and
restroute.profiles.env_references: which secrets a copy may name by their ${VAR}."""

from __future__ import annotations

import re
from typing import Any

import pytest

from restroute import EndpointError, endpoint, explain
from restroute.profiles import env_references, parse_profile
from restroute.redact import (
    REDACTED,
    Reference,
    credential_spans,
    hide_userinfo,
    is_secret,
    masked,
    masker,
    redact_fields,
    redact_headers,
    redact_options,
    redact_toml,
    redact_url,
    referenced_headers,
    references_only,
)
from restroute.session import Session, View
from restroute.snippets import to_curl

TOKEN = "ghp_redact_test_42"


@pytest.mark.parametrize(
    "name", ["x-sessionid", "cookie2", "x-jwt-assertion", "x.key", "X-Session-Token"]
)
def test_names_beyond_the_list_that_still_carry_credentials(name: str) -> None:
    """Session ids, cookies, JWTs and a "key" part after a dot are secret too."""
    assert is_secret(name)


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("token ghp_1", "token <REDACTED>"),
        ("Bearer abc", "Bearer <REDACTED>"),
        ("Basic dXNlcjpwdw==", "Basic <REDACTED>"),
        # The first word is no scheme: it may be half of the secret, so all of it goes.
        ("ghp_one ghp_two", REDACTED),
        ("token", REDACTED),
        ("token a b", REDACTED),
    ],
)
def test_authorization_keeps_its_scheme_word_only(value: str, shown: str) -> None:
    """Only a known scheme word stays in view; anything else is replaced whole."""
    assert redact_headers({"authorization": value}) == {"authorization": shown}


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("https://me:pw@h/x?a=1", "https://<REDACTED>@h/x?a=1"),
        ("https://pw@h", "https://<REDACTED>@h"),
        ("https://h/x?mail=a@b", "https://h/x?mail=a@b"),  # not the authority's
        ("https://h/a@b", "https://h/a@b"),
        ("/relative", "/relative"),
    ],
)
def test_userinfo_is_hidden_in_the_authority_only(url: str, shown: str) -> None:
    """user:password@ before the host is a credential; an @ elsewhere is left alone."""
    assert hide_userinfo(url) == shown


def test_redacted_options_hide_headers_and_url_credentials() -> None:
    """Merged or request options shown redacted: secret headers and userinfo both go."""
    shown = redact_options(
        {"base_url": f"https://u:{TOKEN}@h", "url": "/x", "headers": {"x-api-key": TOKEN}}
    )

    assert shown == {
        "base_url": "https://<REDACTED>@h",
        "url": "/x",
        "headers": {"x-api-key": REDACTED},
    }


def test_a_secret_header_that_is_not_text_is_not_echoed_in_its_error() -> None:
    """A token given as a list is refused without showing it, in endpoint() and the view."""
    with pytest.raises(EndpointError, match="is '<REDACTED>'; pass a string") as raised:
        endpoint("GET /user", headers={"authorization": [f"token {TOKEN}"]})
    session = Session("GET /user")
    session.edit_layer("session", f'headers.authorization = ["token {TOKEN}"]')

    assert TOKEN not in str(raised.value)
    assert TOKEN not in repr(session.view().status)
    assert all(TOKEN not in text for text in session.view().snippets.values())


def test_credentials_in_a_base_url_are_not_echoed() -> None:
    """A base URL with user:password@ is refused, and no message, row or field shows it."""
    session = Session("GET /user")
    session.edit_layer("session", f'base_url = "https://me:{TOKEN}@ghe.example.com"')
    view = session.view()

    assert view.status.kind == "error"
    assert "https://<REDACTED>@ghe.example.com" in view.status.text
    assert TOKEN not in repr((view.status, view.merged, view.rows, view.snippets))
    with pytest.raises(EndpointError, match="GET https://<REDACTED>@h/x: the URL has") as raised:
        endpoint(f"GET https://me:{TOKEN}@h/x")
    assert TOKEN not in str(raised.value)


def test_a_table_cuts_a_huge_value_and_says_how_long_it_was() -> None:
    """An explanation's cell shows at most 300 characters of a value, and its length."""
    why = explain("POST /x", data="a" * 100_000)

    row = next(row for row in why.rows() if row[0] == "data")
    assert len(row[1]) <= 300
    assert row[1].endswith("… (100,002 characters)")  # the JSON text: quotes included


def test_a_curl_snippet_redacts_an_unknown_scheme_whole() -> None:
    """Two words that are not "scheme credentials" are hidden whole in a snippet too."""
    options = endpoint("GET /user", headers={"authorization": f"{TOKEN} second"})

    assert "-H 'authorization: <REDACTED>'" in to_curl(options, redact=True)


# --- environment references ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "only"),
    [
        ("${T}", True),
        ("token ${T}", True),
        ("Bearer  ${T}", True),
        ("Basic ${USER}:${PASSWORD}", True),
        ("AWS4-HMAC-SHA256 ${A}/${B}", True),
        ("token '${T}'", True),
        ("token", False),  # no reference: a value
        ("token ${T} ghp_x", False),  # a credential after the reference
        ("Bearer abc${T}", False),  # a credential glued to it
        ("${T} token", False),  # a word after is no scheme
        ("ghp_1 ${T}", False),  # an underscore: a token, not a scheme
        ("${1T}", False),  # no variable name
        (["${T}"], False),
    ],
)
def test_a_template_holds_references_only(value: object, only: bool) -> None:
    """A scheme word first, references and separators: a template; any other letter or
    digit is (part of) a credential, which neither a profile nor a copy may hold."""
    assert references_only(value) is only


def test_a_reference_alternates_text_and_variable_names() -> None:
    """parts: text, name, text, ...; text first and last, empty where two names touch."""
    reference = Reference("Basic ${U}${V}:${U}")

    assert reference.parts == ("Basic ", "U", "", "V", ":", "U", "")
    assert reference.variables == ("U", "V", "U")
    assert reference == Reference("Basic ${U}${V}:${U}")
    assert reference != Reference("Basic ${U}")
    assert reference != "Basic ${U}${V}:${U}"
    assert len({reference, Reference("Basic ${U}${V}:${U}")}) == 1
    assert repr(reference) == "Reference('Basic ${U}${V}:${U}')"


@pytest.mark.parametrize(
    ("template", "value", "fits"),
    [
        ("token ${T}", "token abc", True),
        ("token ${T}", "token ", True),  # an empty variable
        ("token ${T}", "Bearer abc", False),
        ("${A}:${A}", "x:x", True),  # one variable, one value
        ("${A}:${A}", "x:y", False),
        ("a.${T}", "abx", False),  # a "." is itself, not any character
        ("${T}", "line\nbreak", True),
    ],
)
def test_a_reference_fits_the_values_it_can_read(template: str, value: str, fits: bool) -> None:
    """Some values of the variables make the template read the value, or none do."""
    assert Reference(template).fits(value) is fits


def test_referenced_headers_mask_what_no_variable_holds() -> None:
    """A mapped header becomes its Reference (any case of its name), the other secrets
    are masked and plain headers stay."""
    headers = {"Authorization": "token t", "x-api-key": "k", "accept": "*/*"}

    assert referenced_headers(headers, {"AUTHORIZATION": "token ${T}"}) == {
        "Authorization": Reference("token ${T}"),
        "x-api-key": REDACTED,
        "accept": "*/*",
    }


Layer = tuple[str, dict[str, Any], dict[str, Any] | None]


def layer(where: str, text: str, environ: dict[str, str]) -> Layer:
    """A profile's layer as env_references takes it: its options and its text as written."""
    written = parse_profile(text, environ=environ)
    return (where, written.options, written.raw)


def test_env_references_follow_the_merge() -> None:
    """The topmost layer that sets a header decides; None removes it; a header set as a
    value gets a note, not a reference; plain headers and a layer without headers are
    no concern of it."""
    gh = layer("profile 'gh'", 'headers.authorization = "token ${GH}"', {"GH": "g1"})
    ci = layer("profile 'ci'", 'headers.authorization = "Bearer ${CI}"', {"CI": "c2"})
    key = layer("profile 'key'", 'headers.x-api-key = "k-literal"\nper_page = 2', {})
    call: Layer = ("the call", {"headers": {"accept": "*/*", 1: "x"}}, None)

    assert env_references([gh, ci, key, call])[0] == {"authorization": "Bearer ${CI}"}
    assert env_references([ci, gh, ("the call", {"per_page": 1}, None)]) == (
        {"authorization": "token ${GH}"},
        [],
    )
    removed: Layer = ("the call", {"headers": {"Authorization": None}}, None)
    assert env_references([gh, removed]) == ({}, [])
    typed: Layer = ("the call", {"headers": {"authorization": "token typed"}}, None)
    references, notes = env_references([gh, key, typed])
    assert references == {}
    assert [note.split(":")[0] for note in notes] == [
        "authorization stays <REDACTED>",
        "x-api-key stays <REDACTED>",
    ]
    assert "the call sets it as a value" in notes[0]
    assert "profile 'key' sets it as a value" in notes[1]
    assert all("typed" not in note and "k-literal" not in note for note in notes)


@pytest.mark.parametrize(
    "text",
    [
        'headers.authorization = "Bearer abc${T}"',  # a credential in the template
        'headers = "not a table"',
        "[other]\nauthorization = '${T}'",  # no headers table as written
    ],
)
def test_a_template_that_is_no_reference_leaves_the_secret_masked(text: str) -> None:
    """What the layer wrote is no template of references alone: a note, no reference."""
    written = parse_profile(text, environ={"T": "t"})
    options = {"headers": {"authorization": "Bearer abct"}}

    references, notes = env_references([("profile 'p'", options, written.raw)])

    assert references == {}
    assert len(notes) == 1


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("https://h/x?access_token=t1&page=2", "https://h/x?access_token=<REDACTED>&page=2"),
        ("/x?client_secret=s#frag", "/x?client_secret=<REDACTED>#frag"),
        ("/x?access%5Ftoken=t", "/x?access%5Ftoken=<REDACTED>"),  # the name read decoded
        ("/x?private+token=t&x", "/x?private+token=<REDACTED>&x"),
        ("/x?token=&page=1", "/x?token=&page=1"),  # nothing to hide
        ("/x?page=1&tokens", "/x?page=1&tokens"),  # a name without a value
        ("https://u:p@h/x?key=k", "https://<REDACTED>@h/x?key=<REDACTED>"),
        ("/x", "/x"),
    ],
)
def test_a_urls_secret_query_values_are_hidden(url: str, shown: str) -> None:
    """The adversary's case: GitHub once took access_token in the query; a URL that
    carries one showed it while redaction was on."""
    assert redact_url(url) == shown


def everything_shown(view: View) -> list[str]:
    """Every text a view shows: the status line, each tab, each copy."""
    return [
        view.status.text,
        repr(view.merged),
        repr(dict(view.parsed or {})),
        repr(view.rows),
        repr(view.cascade),
        *view.snippets.values(),
    ]


def test_a_query_token_shows_nowhere_while_redacted_and_everywhere_when_revealed() -> None:
    session = Session("GET /user/repos")
    session.rows = [("access_token", TOKEN), ("per_page", "2")]
    hidden = session.view(secrets="redact")
    shown_anywhere = everything_shown(hidden)
    assert not [text for text in shown_anywhere if TOKEN in text]
    # percent-encoded in a URL a snippet sends: requests and httpx re-encode < and >
    assert "access_token=%3CREDACTED%3E" in hidden.snippet("curl")
    revealed = session.view(secrets="reveal")
    assert f"access_token={TOKEN}" in revealed.snippet("curl")
    assert revealed.parsed is not None
    assert TOKEN in revealed.parsed["url"]


@pytest.mark.parametrize(
    ("route", "rows"),
    [
        ("POST /applications/{client_id}/token", [("client_id", "Iv1"), ("access_token", TOKEN)]),
        (  # a webhook's secret, a field of an object in the body
            "POST /repos/{owner}/{repo}/hooks",
            [
                ("owner", "o"),
                ("repo", "r"),
                ("config", f'{{"url": "https://h", "secret": "{TOKEN}"}}'),
            ],
        ),
    ],
)
def test_a_body_secret_shows_nowhere_while_redacted_and_is_sent_when_revealed(
    route: str, rows: list[tuple[str, str]]
) -> None:
    """The adversary's case: a token in the body (checking an OAuth token, a webhook's
    secret) showed in the explorer's Parsed view and in every copy, redaction on."""
    session = Session(route)
    session.rows = rows
    for secrets in ("redact", "env"):
        hidden = session.view(secrets=secrets)
        shown_anywhere = everything_shown(hidden)
        assert not [text for text in shown_anywhere if TOKEN in text]
        assert REDACTED in hidden.snippet("curl")
        assert REDACTED in hidden.snippet("python")
    revealed = session.view(secrets="reveal")
    assert TOKEN in revealed.snippet("curl")
    assert TOKEN in revealed.snippet("httpx")
    assert revealed.parsed is not None
    assert TOKEN in repr(revealed.parsed["body"])


def test_fields_named_as_secrets_are_hidden_at_any_depth() -> None:
    from restroute.redact import redact_fields

    body = {"name": "web", "hooks": ({"password": 1}, [2, {"api_key": "k"}]), "n": None}
    assert redact_fields(body) == {
        "name": "web",
        "hooks": ({"password": REDACTED}, [2, {"api_key": REDACTED}]),  # tuples stay tuples
        "n": None,
    }
    # A text is no object, but a form body's credential is one all the same.
    assert redact_fields("access_token=t&page=2") == "access_token=<REDACTED>&page=2"
    assert redact_fields("title=hello&page=2") == "title=hello&page=2"


def test_a_named_tuple_or_a_sequence_built_otherwise_is_hidden_in_as_they_are() -> None:
    """A tuple of any kind (a named tuple: a catalog's Operation is one) keeps its type,
    and a list subclass is a plain list: their constructors, which are their own code,
    are not called (a named tuple's raised TypeError, and an error message lost the
    value's repr; a list's that takes its items one by one nested them in one more)."""
    from typing import NamedTuple

    from restroute import catalog
    from restroute.redact import redact_fields

    class Hook(NamedTuple):
        url: str
        config: dict[str, str]

    class Pair(tuple[str, str]):
        def __new__(cls, first: str, second: str) -> Pair:
            return super().__new__(cls, (first, second))

    class Row(list[object]):
        def __init__(self, *items: object) -> None:
            super().__init__(items)

    hook = redact_fields(Hook("https://me:pw@h/x", {"secret": "s", "name": "n"}))
    assert hook == Hook("https://<REDACTED>@h/x", {"secret": REDACTED, "name": "n"})
    assert type(hook) is Hook
    pair = redact_fields(Pair("https://me:pw@h", "b"))
    assert (type(pair), pair) == (Pair, ("https://<REDACTED>@h", "b"))
    row = redact_fields(Row({"token": "t"}, 1))
    assert (type(row), row) == (list, [{"token": REDACTED}, 1])
    op = catalog.find("issues/create")
    with pytest.raises(EndpointError, match=r"key is Operation\(id='issues/create'"):
        catalog.find(op)  # type: ignore[arg-type]


def _nested(depth: int, innermost: object) -> object:
    value = innermost
    for _ in range(depth):
        value = {"a": value}
    return value


def test_a_body_nested_past_the_recursion_limit_is_hidden_whole_only_if_it_holds_a_secret() -> (
    None
):
    """Below 64 levels a value is read with a stack, not recursion: one that holds a
    secret is hidden whole; one that holds none is kept (a display summarises it)."""
    from restroute.redact import redact_fields

    hidden = redact_fields(_nested(5000, {"token": TOKEN}))
    assert _at(hidden, 63) != REDACTED
    assert _at(hidden, 64) == REDACTED  # the rest, 4936 levels and the token, hidden whole
    plain = _nested(5000, {"x": 1})
    assert _at(redact_fields(plain), 64) is _at(plain, 64)  # the very object, unread


def _at(value: object, depth: int) -> object:
    """What a {"a": ...} nest holds ``depth`` levels down."""
    for _ in range(depth):
        assert isinstance(value, dict)
        value = value["a"]
    return value


def test_an_explained_data_field_named_as_a_secret_is_hidden() -> None:
    from restroute.redact import redacted_value

    assert redacted_value("data.password", "p") == REDACTED
    assert redacted_value("data", {"client_secret": "s", "n": 1}) == {
        "client_secret": REDACTED,
        "n": 1,
    }
    assert redacted_value("request.timeout", 3) == 3


# --- a layer's TOML, as the explorer shows it ----------------------------------------------


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        (
            '[headers]\nauthorization = "token ghp_1"',
            '[headers]\nauthorization = "token <REDACTED>"',
        ),
        ('headers.x-api-key = "k1"', 'headers.x-api-key = "<REDACTED>"'),
        ("\"x-api-key\" = 'k1'", "\"x-api-key\" = '<REDACTED>'"),
        (
            "headers = { cookie = 'a=1', accept = 'x' }",
            "headers = { cookie = '<REDACTED>', accept = 'x' }",
        ),
        ('client_secret = """s\n1"""', 'client_secret = """<REDACTED>"""'),
        ("token = 12345", "token = <REDACTED>"),
        ('token = ["a", "b"]', "token = <REDACTED>"),
        (
            'base_url = "https://me:pw@ghe.example.com/api"',
            'base_url = "https://<REDACTED>@ghe.example.com/api"',
        ),
        ('url = "/user?access_token=t&page=2"', 'url = "/user?access_token=<REDACTED>&page=2"'),
        ('cookie = "a\\"b"', 'cookie = "<REDACTED>"'),  # an escaped quote ends nothing
        ('h = { a = ["#"], token = "s" }', 'h = { a = ["#"], token = "<REDACTED>" }'),
    ],
)
def test_a_layers_toml_is_shown_with_its_secrets_replaced(written: str, shown: str) -> None:
    assert redact_toml(written) == shown


@pytest.mark.parametrize(
    "written",
    [
        'authorization = "token ${GITHUB_TOKEN}"',  # where the secret comes from: no secret
        "per_page = 100\nmedia_type.format = 'full+json'",
        "# your token, read from the environment: never written here",  # prose
        'note = "the token is read from the environment"',  # a string is not a key
    ],
)
def test_a_toml_without_secrets_is_shown_as_written(written: str) -> None:
    assert redact_toml(written) == written


def test_the_sample_profiles_read_as_written() -> None:
    """They hold ${VAR} references only, and their comments stay the writer's prose."""
    from pathlib import Path

    for profile in (Path(__file__).parents[2] / "sample_profiles").glob("*.toml"):
        text = profile.read_text(encoding="utf-8")
        assert redact_toml(text) == text


@pytest.mark.parametrize(
    ("written", "shown"),
    [  # the adversary's bypasses: an escaped key, and a bracket or quotes inside a string
        ('"\\u0061uthorization" = "token ghp_1"', '"\\u0061uthorization" = "token <REDACTED>"'),
        ('"x-\\u0074oken" = "abc"', '"x-\\u0074oken" = "<REDACTED>"'),
        (
            "a = [ \"]'''\" ]\nauthorization = \"token ghp_2\"\n# '''",
            "a = [ \"]'''\" ]\nauthorization = \"token <REDACTED>\"\n# '''",
        ),
        ('base_url = "https://u:p\\u0040host/x"', 'base_url = "https://<REDACTED>@host/x"'),
        ('token = "half typ', 'token = "<REDACTED>'),  # a string still being typed
        ('token = [\n"a",\n"b"]\nx = 1', "token = <REDACTED>\nx = 1"),  # over lines
    ],
)
def test_a_toml_is_read_token_by_token(written: str, shown: str) -> None:
    assert redact_toml(written) == shown


_GHP = "ghp_" + "A1b2C3d4E5" * 4  # a GitHub token's shape: 40 characters after ghp_
_PAT = "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz"


@pytest.mark.parametrize(
    ("written", "secrets", "kept"),
    [  # issue 32, item 11: a session layer's TOML typed into, while it does not parse
        ('password = "hunter2', ["hunter2"], ["password = "]),
        (f"token = {_GHP}", [_GHP], ["token = "]),
        (f'per_page = 2\nnote = "{_GHP}"\nbad line here', [_GHP], ["note = ", "bad line here"]),
        (f"[headers\nx = {_PAT}", [_PAT], ["[headers\nx = "]),
        ('x = "call with Bearer eyJhbGciOi.xyz9" oops', ["eyJhbGciOi.xyz9"], ['" oops']),
        ('a = 1\n= "x"\npassword = abc def [', ["abc def"], ['a = 1\n= "x"\npassword = ']),
    ],
)
def test_a_toml_that_does_not_parse_is_shown_with_every_credential_hidden(
    written: str, secrets: list[str], kept: list[str]
) -> None:
    """The text is still shown (keys, lines and so where the parse error is), every
    credential hidden: after a secret's key (quoted, unterminated or bare), and by its
    shape anywhere (a GitHub token, a Bearer credential)."""
    import tomllib

    with pytest.raises(tomllib.TOMLDecodeError):
        tomllib.loads(written)

    shown = redact_toml(written)

    for secret in secrets:
        assert secret not in shown
    for text in kept:
        assert text in shown
    lines = shown.split("\n")
    assert len(lines) == written.count("\n") + 1  # each line where it was: the error's too
    for at, line in enumerate(written.split("\n")):
        if not any(secret in line for secret in secrets):
            assert lines[at] == line


def test_a_toml_nested_past_what_python_reads_is_shown_with_its_credentials_hidden() -> None:
    """5,000 arrays inside each other, which Python's TOML reader gives up on (a
    RecursionError): the token inside is hidden by its shape, at once."""
    written = "x = " + "[" * 5000 + f'"{_GHP}"' + "]" * 5000

    shown = redact_toml(written)

    assert _GHP not in shown
    assert shown == written.replace(_GHP, REDACTED)


def test_a_value_that_holds_itself_is_redacted_and_not_walked_forever() -> None:
    from restroute.redact import redact_fields

    loop: dict[str, Any] = {"password": "p"}
    loop["again"] = loop
    hidden = redact_fields(loop)
    assert hidden["password"] == REDACTED
    for _ in range(63):
        hidden = hidden["again"]
    assert hidden["again"] == REDACTED  # below 64 levels, what holds a secret is hidden


@pytest.mark.parametrize(
    ("call", "says"),
    [
        (lambda: redact_toml(None), "not a str"),  # type: ignore[arg-type]
        (lambda: redact_headers("s"), "not a mapping"),  # type: ignore[arg-type]
        (lambda: redact_options(5), "not a mapping"),  # type: ignore[arg-type]
        (lambda: referenced_headers("s", {}), "not a mapping"),  # type: ignore[arg-type]
        (lambda: Reference(None), "not a str"),  # type: ignore[arg-type]
    ],
)
def test_a_wrong_argument_is_an_endpoint_error(call: Any, says: str) -> None:
    with pytest.raises(EndpointError, match=says):
        call()


def test_an_error_message_hides_the_fields_named_as_secrets() -> None:
    """The adversary's case: a dict given as a query parameter was refused with its
    access_token repeated in the status line and the Problems tab."""
    with pytest.raises(EndpointError) as caught:
        endpoint("GET /user", q={"access_token": TOKEN})
    assert TOKEN not in str(caught.value)
    assert REDACTED in str(caught.value)
    with pytest.raises(EndpointError) as caught:
        endpoint("GET /user", base_url=f"ftp://api.github.com/?access_token={TOKEN}")
    assert TOKEN not in str(caught.value)


def test_a_request_option_named_as_a_secret_is_hidden_in_the_json() -> None:
    """The adversary's case: request.auth showed in the JSON tab and its copy (F5)."""
    from restroute.snippets import to_json

    options = endpoint("POST /user", request={"auth": TOKEN, "timeout": 3})
    for shown in (to_json(options, redact=True), to_json(options, env={})):
        assert TOKEN not in shown
        assert '"timeout": 3' in shown
    assert TOKEN in to_json(options)


def test_a_secret_given_into_the_path_shows_nowhere_while_redacted() -> None:
    """The adversary's case: GET /applications/{client_id}/tokens/{access_token} showed
    the token in the status line's URL, Parsed and every copy; no name marks it there, so
    the value given under a secret's name is hidden wherever it went."""
    session = Session("GET /applications/{client_id}/tokens/{access_token}")
    session.rows = [("client_id", "Iv1"), ("access_token", TOKEN)]
    for secrets in ("redact", "env"):
        hidden = session.view(secrets=secrets)
        shown_anywhere = [
            hidden.status.text,
            repr(dict(hidden.parsed or {})),
            *(problem.text for problem in hidden.problems),
            *hidden.snippets.values(),
        ]
        assert not [text for text in shown_anywhere if TOKEN in text]
        assert hidden.status.text.endswith(f"/tokens/{REDACTED}")
        assert f"'https://api.github.com/applications/Iv1/tokens/{REDACTED}'" in hidden.snippet(
            "curl"
        )  # quoted: a shell reads no redirection in it
    revealed = session.view(secrets="reveal")
    assert revealed.status.text.endswith(f"/tokens/{TOKEN}")
    assert TOKEN in revealed.snippet("curl")


def test_a_short_secret_value_is_not_hunted_for_in_the_url() -> None:
    """Under 8 characters a value would hide the same letters anywhere (a token of "1"
    would take every 1 out of the URL): such a value shows where it went, named nowhere."""
    session = Session("GET /repos/{owner}/{repo}/issues")
    session.rows = [("owner", "o1"), ("repo", "r1"), ("x-token", "1")]
    parsed = session.view(secrets="redact").parsed
    assert parsed is not None
    assert parsed["url"].endswith(f"/repos/o1/r1/issues?x-token={REDACTED}")


@pytest.mark.parametrize(
    ("value", "holds"),
    [
        ("https://me:pw@ghe.example.com/api", True),
        ("https://h/x?access_token=t", True),
        ('{"url": "https://x", "secret": "s"}', True),
        ('[{"password": 1}]', True),
        ('{"url": "https://x"}', False),
        ("[1, 2", False),  # not JSON (yet)
        ("[" * 100_000 + "]" * 100_000, False),  # deeper than Python reads
        ("octocat", False),
        (None, False),
    ],
)
def test_a_value_may_carry_a_secret_no_name_marks(value: Any, holds: bool) -> None:
    from restroute.redact import holds_secret

    assert holds_secret(value) is holds


def test_a_value_that_holds_itself_and_no_secret_is_kept() -> None:
    from restroute.redact import redact_fields

    loop: dict[str, Any] = {"name": "web"}
    loop["again"] = loop
    kept = redact_fields(loop)
    for _ in range(64):
        kept = kept["again"]
    assert kept is loop  # walked once, found no secret: the very object


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("token = 123   # a note", "token = <REDACTED>   # a note"),  # blanks stay the text's
        ('authorization = "bad \\x escape"', 'authorization = "<REDACTED>"'),  # no TOML
    ],
)
def test_a_toml_value_is_cut_where_toml_would_end_it(written: str, shown: str) -> None:
    assert redact_toml(written) == shown


def test_a_url_in_a_header_no_name_marks_has_its_secrets_hidden() -> None:
    """The adversary's case: base_url written under [headers] by mistake became a header
    whose user:password@ showed in every tab."""
    headers = {"base_url": "https://octo:pw_1@api.github.com", "accept": "a/b?c=d"}
    assert redact_headers(headers) == {
        "base_url": f"https://{REDACTED}@api.github.com",
        "accept": "a/b?c=d",
    }


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ('# authorization = "token ghp_2"', '# authorization = "token <REDACTED>"'),
        ('## export GITHUB_TOKEN = "ghp_3"', '## export GITHUB_TOKEN = "<REDACTED>"'),
        ('x = 1 # token = "ghp_4" # again', 'x = 1 # token = "<REDACTED>" # again'),
        ("authorization: token ghp_5", "authorization: <REDACTED>"),  # pasted as sent
        ("#" * 50_000 + " token = 'ghp_6'", "#" * 50_000 + " token = '<REDACTED>'"),
    ],
)
def test_a_line_commented_out_or_pasted_as_a_header_is_redacted(written: str, shown: str) -> None:
    """The adversary's TOML that went into a notebook's saved state: a secret in a line
    commented out (read as TOML, once: a comment in it is not read again), and a header
    pasted as HTTP writes it."""
    assert redact_toml(written) == shown


# --- credentials in any text (credential_spans, masker) ---------------------------------------


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Authorization: Bearer  t0k", "Authorization: Bearer  <REDACTED>"),
        ("authorization: t0k", "authorization: <REDACTED>"),  # no scheme word: all of it
        ('{"x-api-key": 12, "title": "t"}', '{"x-api-key": <REDACTED>, "title": "t"}'),
        ("Cookie: a=1; b=2\nAccept: */*", "Cookie: <REDACTED>\nAccept: */*"),
        (
            "http -a me:pw h Authorization:'token t0k'",
            "http -a <REDACTED> h Authorization:'token <REDACTED>'",
        ),
        ("curl -su me:pw h", "curl -su <REDACTED> h"),
        ("http h access_token==t0k", "http h access_token==<REDACTED>"),
        ("gh api user -f 'a[password]=pw'", "gh api user -f 'a[password]=<REDACTED>'"),
        ("curl 'h/x?access%5Ftoken=t0k'", "curl 'h/x?access%5Ftoken=<REDACTED>'"),
        ("a%40b:pw@h is not GitHub's API", "<REDACTED>@h is not GitHub's API"),
        ("curl https://me:p/w@h/x", "curl https://<REDACTED>@h/x"),
        # what is no credential stays: a name that is no secret's, a comparison, a
        # variable, a command's output, a placeholder, a text already hidden
        ("title: token t0k, per_page=2", "title: token t0k, per_page=2"),
        ('if token == "t": pass', 'if token == "t": pass'),
        ("curl --oauth2-bearer $TOKEN -u ${U}:$P h", "curl --oauth2-bearer $TOKEN -u ${U}:$P h"),
        ("curl -u $U:x h", "curl -u <REDACTED> h"),  # x is written out
        ("token: <REDACTED>", "token: <REDACTED>"),
        ("https://h/x", "https://h/x"),
        ("", ""),
    ],
)
def test_a_credential_is_found_as_people_write_one(text: str, shown: str) -> None:
    assert masked(text) == shown


def test_credential_spans_are_where_the_credentials_are() -> None:
    text = "x=1 password=pw -H 'x-api-key: k'"

    assert [text[start:end] for start, end in credential_spans(text)] == ["pw", "k"]
    assert credential_spans(42) == []  # type: ignore[arg-type]


def test_a_masker_hides_the_longest_secret_at_each_place_and_joins_neighbours() -> None:
    hide = masker(["abc", "abcdef", "def", "xyz", ""])

    assert hide("abcdefg abcx xyzabc ab") == "<REDACTED>g <REDACTED>x <REDACTED> ab"


def test_a_masker_compares_a_long_secret_whole_past_its_first_characters() -> None:
    hide = masker(["same-start-1", "same-start-22", "same"])

    assert hide("same-start-2 same-start-22 same-start-1") == (
        "<REDACTED>-start-2 <REDACTED> <REDACTED>"
    )


def test_a_url_that_is_no_text_is_given_back() -> None:
    assert redact_url(None) is None


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("token =", "token ="),  # no value yet
        ("token = [1, 2", "token = <REDACTED>"),  # an array not closed yet
    ],
)
def test_a_toml_value_being_typed_is_hidden_as_far_as_it_goes(written: str, shown: str) -> None:
    assert redact_toml(written) == shown


def test_a_deep_body_with_a_secret_in_an_array_is_hidden_whole() -> None:
    deep: object = [{"password": "pw"}]
    for _ in range(70):
        deep = {"a": deep}

    shown = redact_fields(deep)
    for _ in range(64):
        shown = shown["a"]

    assert shown == REDACTED


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ([], "env is list, not a mapping"),
        ({"authorization": 1}, "env maps str to int"),
        ({"authorization": "token t"}, "is not a template of ${VAR} references"),
        ({"authorization": "Bearer ${T}"}, "does not fit the header's value"),
    ],
)
def test_referenced_headers_refuse_a_template_that_cannot_stand_in(env: Any, says: str) -> None:
    with pytest.raises(EndpointError, match=re.escape(says)) as raised:
        referenced_headers({"authorization": "token t0k"}, env)

    assert "t0k" not in str(raised.value)


def test_a_masker_leaves_text_that_only_begins_like_a_secret() -> None:
    from restroute.redact import masker

    hide = masker(["abcdef", "abcxyz1"])

    assert hide("abcdeX abcxyz1 abcdef") == "abcdeX <REDACTED> <REDACTED>"


# --- the fifth attack's F2 and F9 ------------------------------------------------------------


@pytest.mark.parametrize(
    "toml",
    [
        'client_secret = { a = "Zx9Zx9Zx9Zx9" }\n',
        '[headers]\nauthorization = { a = "Zx9Zx9Zx9Zx9" }\n',
        '[data]\npassword = { v = "Zx9Zx9Zx9Zx9", w = [1, { x = "Zx9Zx9Zx9Zx9" }] }\n',
    ],
)
def test_an_inline_table_under_a_secrets_name_is_hidden_whole(toml: str) -> None:
    """Its pairs were judged by their own keys (a, v): the secret showed."""
    from restroute.redact import redact_toml

    shown = redact_toml(toml)
    assert "Zx9" not in shown
    assert shown.rstrip("\n").endswith(" = <REDACTED>")
    assert redact_toml('plain = { a = "Zx9Zx9Zx9Zx9" }\n') == 'plain = { a = "Zx9Zx9Zx9Zx9" }\n'


@pytest.mark.parametrize(
    "text",
    [
        "curl -b sid=Qsecret123456",
        "curl --cookie sid=Qsecret123456 -X",
        "curl -b sid=Qsecret123456 'https://h/x",
        "curl -sb 'sid=Qsecret123456' https://h/x",
        "curl --cookie=sid=Qsecret123456 https://h/x",
    ],
)
def test_a_cookie_given_to_curl_is_hidden_in_a_paste_that_does_not_read(text: str) -> None:
    """-b and --cookie send a session's cookie, as -H 'Cookie: ...' does."""
    from restroute.pasted import redact_text

    shown = redact_text(text)
    assert "Qsecret123456" not in shown
    assert "<REDACTED>" in shown
    assert shown.startswith("curl -")


# --- the fifth attack's F4: a secret's value the URL template put in the path ---------------

PATH_SECRET = "Qsecret123456"


@pytest.mark.parametrize(
    "route", ["GET /x/{token}", "GET /x{/password}", "GET /x/{+api_key}", "GET /x{.token}"]
)
def test_a_secrets_value_in_the_path_is_hidden_in_every_redacted_view(route: str) -> None:
    """No name marks it in the URL (/x/Qsecret123456): the result notes it, and each
    redacted view of the library hides it as the session's views did."""
    import json

    name = route.split("{")[1].strip("/+.}")
    options = endpoint(route, **{name: PATH_SECRET})
    assert PATH_SECRET in options["url"]  # sent as given
    shown = {
        "curl": options.to_curl(redact=True),
        "python": options.to_python(redact=True),
        "httpx": options.to_python(client="httpx", redact=True),
        "json": options.to_json(redact=True),
        "bundle": json.dumps(options._repr_mimebundle_()),
        "explain": json.dumps(explain(route, {name: PATH_SECRET})._repr_mimebundle_()),
        "curl by the function": to_curl(options, redact=True),
    }
    assert {view: PATH_SECRET in text for view, text in shown.items()} == dict.fromkeys(
        shown, False
    )
    assert "%3CREDACTED%3E" in shown["curl"]  # sendable, as a query's secret is
    assert PATH_SECRET in options.to_curl()  # and shown when asked for
    assert to_curl(dict(options), redact=True).count(PATH_SECRET) == 1  # a copy knows not


def test_a_route_with_a_secret_in_its_path_gives_the_same_result_compiled_or_not() -> None:
    """The compiled path (a route's 33rd call on) declines such a route: the general path
    notes what the URL holds."""
    route = "GET /keys/{token}"
    results = [endpoint(route, token=PATH_SECRET) for _ in range(40)]
    assert all(result == results[0] for result in results)
    assert all(PATH_SECRET not in result.to_curl(redact=True) for result in results)


def test_build_redact_hides_a_secrets_value_in_the_path(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from restroute.cli import main

    for format in ("curl", "json", "python", "explain"):
        assert (
            main(["build", "--redact", "-f", format, "GET /x/{token}", f"token={PATH_SECRET}"])
            == 0
        )
        out, err = capsys.readouterr()
        assert PATH_SECRET not in out + err, format
        assert "/x/" in out


# --- the sixth attack's G1 and G2: what a path's expansion really put there -------------------


class _Harmless(str):
    def __str__(self) -> str:
        return "harmless"


class _One(int):
    def __str__(self) -> str:
        return "1"


@pytest.mark.parametrize(
    ("route", "value", "shown"),
    [
        ("GET /x/{+token}", "Qsecret7391abcXYZ/a b", "Qsecret7391abcXYZ"),  # its / kept
        ("GET /x/{+password}", "Qsecret7391abcXYZ?x y", "Qsecret7391abcXYZ"),
        ("GET /x/{token:16}", "Qsecret7391abcXYZ", "Qsecret7391abcXY"),  # cut to 16
        ("DELETE /x{/token}", _Harmless("Qsecret7391abcXYZ"), "Qsecret7391abcXYZ"),
        ("GET /x/{password}", _Harmless("Qsecret7391abcXYZ"), "Qsecret7391abcXYZ"),
        ("GET /x/{token}", {"v": _Harmless("Qsecret7391abcXYZ")}, "Qsecret7391abcXYZ"),
        ("GET /x/{api_key}", _One(739112345678), "739112345678"),
    ],
)
def test_a_secret_the_path_holds_as_expanded_is_hidden(route: str, value: Any, shown: str) -> None:
    """A reserved expansion keeps a ``/`` and encodes a blank, a prefix cuts the value,
    and a str whose ``__str__`` lies puts its real text in the URL: each showed in the
    redacted snippets (only the value as given, or fully encoded, was looked for)."""
    name = route.split("{")[1].strip("/+}").split(":")[0]
    options = endpoint(route, **{name: value})
    assert shown in options["url"]  # sent as expanded
    for text in (
        options.to_curl(redact=True),
        options.to_python(redact=True),
        options.to_json(redact=True),
    ):
        assert shown not in text


def test_build_redact_hides_a_reserved_expansion_of_a_secret(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from restroute.cli import main

    assert main(["build", "--redact", "GET /x/{+token}", "token=Qsecret7391abcXYZ/a b"]) == 0
    out, err = capsys.readouterr()
    assert "Qsecret7391abcXYZ" not in out + err
    assert "/x/" in out


def test_an_int_too_long_to_write_is_no_secret_text() -> None:
    """Python writes no int of more than 4,300 digits (no request carries one): a secret
    of that kind is nothing to look for, and no error leaves."""
    from restroute.redact.views import secret_values

    assert secret_values({"token": 10**5000, "password": "Qsecret7391abcXYZ"}) == (
        "Qsecret7391abcXYZ",
    )


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("password Qsecret7391abcXYZ", "password <REDACTED>"),
        ("[headers]\nx-api-key Qsecret7391abcXYZ", "[headers]\nx-api-key <REDACTED>"),
        (
            "[headers]\nx-api-key;Qsecret7391abcXYZ\npage = 2",
            "[headers]\nx-api-key;<REDACTED>\npage = 2",
        ),
    ],
)
def test_a_layer_that_gives_a_secret_its_value_without_an_equals_shows_it_hidden(
    text: str, shown: str
) -> None:
    """The sixth attack's G4: a TOML being typed (it does not read yet) said the value
    after a secret's name with a blank or a ``;``, and showed it."""
    assert redact_toml(text) == shown


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ('password = "my"pass"word"', 'password = "<REDACTED>" <REDACTED>'),
        (
            "token = '''Qsecret7391abcXYZ'''Qsecret7391abcXYZ",
            "token = <REDACTED>",  # (strings joined: the expression whole)
        ),
        ('token = "${T}" Qsecret7391abcXYZ', 'token = "${T}" <REDACTED>'),
        ('x = [{password = "a" Qsecret7391abcXYZ}]', 'x = [{password = "<REDACTED>" <REDACTED>}]'),
        ("per_page = 2 3", "per_page = 2 3"),  # no secret's: as typed
    ],
)
def test_what_is_typed_on_after_a_secrets_value_is_hidden(text: str, shown: str) -> None:
    """The sixth attack's borderline case: a layer's TOML with words after a secret's
    closed value (a quote inside the password ended the string) showed them."""
    assert redact_toml(text) == shown
