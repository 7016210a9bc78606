"""restroute.catalog: look routes up, search them, check a call against GitHub's description."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import pytest

from restroute import EndpointError, catalog, endpoint
from restroute.catalog import _check


def operation(key: str) -> catalog.Operation:
    """The catalog's operation for ``key``, which the test expects to exist."""
    found = catalog.find(key)
    assert found is not None, key
    return found


def test_readme_example() -> None:
    """A route, an id and an octokit name find the same operation; search ranks it first."""
    by_route = operation("POST /repos/{owner}/{repo}/issues")

    assert by_route is catalog.find("issues/create")
    assert by_route is catalog.find("issues.create")
    assert catalog.search("create issue")[0] is by_route
    assert by_route.summary == "Create an issue"
    assert by_route.docs_url == "https://docs.github.com/rest/issues/issues#create-an-issue"


@pytest.mark.parametrize(
    ("key", "operation_id"),
    [
        ("GET /users/:username", "users/get-by-username"),
        ("get /users/{username}", "users/get-by-username"),
        ("GET /repos/{owner}/{repo}/contents/{+path}", "repos/get-content"),
        ("GET /repos/{owner}/{repo}/contents/{path}{?ref}", "repos/get-content"),
        ("users.getByUsername", "users/get-by-username"),
        (
            "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets",
            "repos/upload-release-asset",
        ),
    ],
)
def test_find(key: str, operation_id: str) -> None:
    """`:var` routes, lowercase methods, octokit names and full upload URLs are found."""
    found = operation(key)

    assert found.id == operation_id


def test_find_nothing() -> None:
    """An unknown route is None, not an error: the library serves any API."""
    assert catalog.find("GET /no/such/route") is None


def test_operation_fields() -> None:
    """An operation carries its host, formats, body kind and typed parameters."""
    upload = operation("repos/upload-release-asset")
    content = operation("repos/get-content")
    listing = operation("issues/list-for-repo")

    assert upload.route == (
        "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets"
        "{?name,label}"
    )
    assert upload.body == "binary"
    assert "raw" in content.formats
    state = next(p for p in listing.parameters if p.name == "state")
    assert (state.location, state.enum, state.default) == (
        "query",
        ("open", "closed", "all"),
        "open",
    )
    path = next(p for p in content.parameters if p.name == "path")
    assert path.multi_segment


def test_a_route_builds_through_endpoint() -> None:
    """An operation's route is one endpoint() takes: query parameters of a POST stay in
    the URL, not the body, and the route finds its operation again."""
    upload = operation("repos/upload-release-asset")

    options = endpoint(upload.route, owner="o", repo="r", release_id=1, name="a.zip", data=b"")

    assert options["url"] == "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip"
    assert options["body"] == b""
    assert catalog.find(upload.route) is upload
    assert catalog.find(upload.route.replace("{?name,label}", "{?name}")) is upload


def test_get_routes_keep_their_query_out_of_the_template() -> None:
    """A GET sends unused parameters as the query anyway: no ``{?...}`` is added."""
    listing = operation("issues/list-for-repo")

    assert listing.route == "GET /repos/{owner}/{repo}/issues"


def test_a_body_field_named_like_a_path_parameter_goes_through_data() -> None:
    """PATCH .../variables/{name} has a body field ``name``: it rides in ``data``, and a
    value given once fills both the path and the field."""
    variable = operation("actions/update-repo-variable")

    route, parameters = variable.call({"owner": "o", "repo": "r", "name": "V", "value": "1"})
    options = endpoint(route, parameters)

    assert variable.body_through_data
    assert [name for name, _ in variable.form()] == ["owner", "repo", "name", "data.name",
                                                     "data.value"]  # fmt: skip
    assert options["url"] == "https://api.github.com/repos/o/r/actions/variables/V"
    assert options["body"] == {"name": "V", "value": "1"}


def test_a_body_field_named_url_goes_through_data() -> None:
    """A webhook config's ``url`` field would be taken for endpoint()'s url option."""
    config = operation("PATCH /app/hook/config")

    route, parameters = config.call({"url": "https://example.com/hook", "secret": "s"})
    options = endpoint(route, parameters)

    assert config.argument_name(next(p for p in config.parameters if p.name == "url")) == (
        "data.url"
    )
    assert options["url"] == "https://api.github.com/app/hook/config"
    assert options["body"] == {"url": "https://example.com/hook", "secret": "s"}


def test_call_leaves_ordinary_and_raw_bodies_alone() -> None:
    """Most routes take their body fields as parameters; raw bodies are ``data``; a
    ``data`` the caller gave is kept as given."""
    create = operation("issues/create")
    raw = operation("markdown/render-raw")
    variable = operation("actions/update-repo-variable")

    assert create.call({"owner": "o", "title": "t"})[1] == {"owner": "o", "title": "t"}
    assert not create.body_through_data
    assert raw.body_through_data
    assert raw.call({"data": "# hi"}) == ("POST /markdown/raw", {"data": "# hi"})
    assert [(name, p.type, p.required) for name, p in raw.form()] == [("data", "string", True)]
    assert variable.call({"name": "V", "data": {"value": "2"}})[1] == {
        "name": "V",
        "data": {"value": "2"},
    }


def test_form_puts_required_first_in_route_order() -> None:
    """Required parameters first (path order kept), then optional ones as documented, then
    the media-type formats the route documents, as choices."""
    create = operation("issues/create")

    names = [name for name, _ in create.form()]
    format = create.form()[-1][1]

    assert names[:3] == ["owner", "repo", "title"]
    assert (names[-1], format.location, format.enum) == (
        "media_type.format",
        "media_type",
        ("full", "html", "raw", "text"),
    )
    assert set(names[3:-1]) == {
        "body",
        "assignee",
        "milestone",
        "labels",
        "assignees",
        "issue_field_values",
        "type",
    }


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("create issue", "issues/create"),
        ("list issues for repo", "issues/list-for-repo"),
        ("upload release asset", "repos/upload-release-asset"),
        ("render markdown", "markdown/render"),
        ("get content", "repos/get-content"),
    ],
)
def test_search_ranks_the_obvious_hit_first(query: str, first: str) -> None:
    """The operation whose id the words cover best comes first."""
    assert catalog.search(query)[0].id == first


def test_search_forgives_skipped_letters() -> None:
    """Typing that skips letters still finds the route, fewest runs of letters first."""
    assert catalog.search("isscreat")[0].id == "issues/create"
    assert catalog.search("isu crete")[0].id == "issues/create"


def test_search_edges() -> None:
    """No words, no hits; a word nothing starts with, no hits; the limit holds."""
    assert catalog.search("") == []
    assert catalog.search("zzzzqqq") == []
    assert len(catalog.search("get", limit=5)) == 5


def test_check_warns_and_never_fails() -> None:
    """Missing, unknown, out-of-enum and wrongly typed parameters are warnings."""
    assert catalog.check(
        "GET /repos/{owner}/{repo}/issues",
        {"owner": "o", "state": "opened", "per_page": "two", "colour": "red", "headers": {}},
    ) == [
        "issues/list-for-repo: repo (path) is required",
        "issues/list-for-repo: state='opened' is not one of open, closed, all",
        "issues/list-for-repo: per_page='two' should be integer",
        "issues/list-for-repo: GitHub documents no parameter 'colour'",
    ]
    assert catalog.check("GET /no/such/route", {"x": 1}) == []


def test_check_looks_inside_data() -> None:
    """Body fields given through ``data`` are checked as body fields; required ones
    missing from ``data`` are named as the form names them."""
    route = "PATCH /repos/{owner}/{repo}/actions/variables/{name}"

    assert catalog.check(route, {"owner": "o", "repo": "r", "name": "V", "data": {}}) == []
    assert catalog.check(
        "POST /repos/{owner}/{repo}/actions/variables",
        {"owner": "o", "repo": "r", "data": {"name": "V", "colour": 1}},
    ) == [
        "actions/create-repo-variable: data.value (body) is required",
        "actions/create-repo-variable: GitHub documents no parameter 'data.colour'",
    ]


def test_check_array_enums_and_media_type_formats() -> None:
    """Each item of an array is checked against the enum; a media-type format the route
    does not document is a warning."""
    route = "GET /repos/{owner}/{repo}/issues"
    base = {"owner": "o", "repo": "r"}
    pull = "GET /repos/{owner}/{repo}/pulls/{pull_number}"
    numbered = {**base, "pull_number": 1}
    setup = "PATCH /repos/{owner}/{repo}/code-scanning/default-setup"

    assert catalog.check(route, {**base, "media_type": {"format": "raw"}}) == []
    assert catalog.check(route, {**base, "media_type": {"format": "full+json"}}) == []
    assert catalog.check(route, {**base, "media_type": {"format": "diff"}}) == [
        "issues/list-for-repo: media_type.format 'diff' is not one of full, html, raw, text"
    ]
    assert catalog.check(pull, {**numbered, "media_type": {"format": "diff"}}) == []
    assert catalog.check(setup, {**base, "languages": ["python", "ruby"]}) == []
    assert catalog.check(setup, {**base, "languages": ["python", "cobol"]}) == [
        "code-scanning/update-default-setup: languages=['python', 'cobol'] is not one of "
        "actions, c-cpp, csharp, go, java-kotlin, javascript-typescript, python, ruby, swift"
    ]


def test_check_types() -> None:
    """Booleans are not integers; arrays, unions and nulls are understood."""
    create = "POST /repos/{owner}/{repo}/issues"
    base = {"owner": "o", "repo": "r", "title": "t"}

    assert catalog.check(create, {**base, "labels": ["bug"], "milestone": None}) == []
    assert catalog.check(create, {**base, "title": 42}) == []  # string|integer
    assert catalog.check(create, {**base, "labels": "bug"}) == [
        "issues/create: labels should be array<string|object>, not str"
    ]
    listing = "GET /repos/{owner}/{repo}/issues"
    assert catalog.check(listing, {"owner": "o", "repo": "r", "per_page": True}) == [
        "issues/list-for-repo: per_page=True should be integer"
    ]


def test_deprecated_routes_are_flagged() -> None:
    """A deprecated operation is a warning naming its docs."""
    deprecated = next(op for op in catalog.operations() if op.deprecated)
    required = {p.name: "x" for p in deprecated.parameters if p.required}

    warnings = catalog.check(f"{deprecated.method} {deprecated.url}", required)

    assert warnings[0] == f"{deprecated.id} is deprecated; see {deprecated.docs_url}"


@pytest.mark.parametrize(
    ("type_text", "value", "fits"),
    [
        ("any", object(), True),
        ("binary", b"x", True),
        ("string|array<string|object>", ["a"], True),
        ("string|array<string|object>", 3, False),
        ("number", 1, True),
        ("number", True, False),
        ("object", {}, True),
        ("boolean", None, True),
    ],
)
def test_type_expressions(type_text: str, value: object, fits: bool) -> None:
    """The catalog's compact type expressions judge values as JSON would type them."""
    assert _check._fits(type_text, value) is fits


@pytest.mark.parametrize(
    ("key", "operation_id"),
    [
        ("/user", "users/get-authenticated"),  # no method: GET, as endpoint() reads it
        ("GET /user?per_page=2", "users/get-authenticated"),
        ("GET /repos/{owner}/{repo}/issues{?state}{&sort}", "issues/list-for-repo"),
    ],
)
def test_find_reads_routes_as_endpoint_does(key: str, operation_id: str) -> None:
    """A bare URL, a literal query and several query expressions still find the route."""
    found = operation(key)

    assert found.id == operation_id


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("get a repository", "repos/get"),  # "a" covers no id word but "a"
        ("GET /user", "users/get-authenticated"),  # a route that names one comes first
        ("create pr", "pulls/create"),  # "pr" for pulls
        ("crate isue", "issues/create"),  # letters skipped, in either word
    ],
)
def test_search_ranks_summaries_routes_and_typos(query: str, first: str) -> None:
    """The summary's words count, a named route leads, and typos that skip letters find."""
    assert catalog.search(query)[0].id == first


def test_call_takes_form_names() -> None:
    """data.NAME and media_type.format, as the forms name them, reach endpoint()."""
    variable = operation("actions/update-repo-variable")
    content = operation("repos/get-content")

    route, parameters = variable.call({"owner": "o", "repo": "r", "name": "V", "data.value": "1"})
    options = endpoint(*content.call({"owner": "o", "repo": "r", "path": "a.md",
                                      "media_type.format": "raw"}))  # fmt: skip

    assert parameters == {"owner": "o", "repo": "r", "name": "V", "data": {"value": "1"}}
    assert endpoint(route, parameters)["body"] == {"value": "1"}
    assert options["headers"]["accept"] == "application/vnd.github.v3.raw"
    assert "body" not in options


def test_check_warns_of_values_that_go_elsewhere() -> None:
    """A POST's query parameter without {?...}, the uploads host, a body field named url
    given as the url, and body fields beside data are all named; the fixed calls are not."""
    cache = operation("actions/delete-actions-cache-by-key")
    upload = operation("repos/upload-release-asset")
    config = "PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config"
    path = {"owner": "o", "repo": "r"}

    assert catalog.check(cache.route.partition("{?")[0], {**path, "key": "k"}) == [
        "actions/delete-actions-cache-by-key: key (query) goes in the body of a DELETE unless "
        "the route has {?key}: write the route as "
        "'DELETE /repos/{owner}/{repo}/actions/caches{?key,ref}'"
    ]
    assert catalog.check(cache.route, {**path, "key": "k"}) == []
    relative = "POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}"
    upload_values = {**path, "release_id": 1, "name": "a.zip", "data": b""}
    assert catalog.check(relative, upload_values) == [
        f"repos/upload-release-asset goes to https://uploads.github.com; "
        f"write the route as {upload.route!r}"
    ]
    assert catalog.check(upload.route, upload_values) == []
    hook = {**path, "hook_id": 1}
    assert catalog.check(config, {**hook, "url": "https://evil.example/x"}) == [
        "repos/update-webhook-config-for-repo: url is the request's URL here, not the body "
        "field url; give the body whole as data (data.url in a form)"
    ]
    same_url = "/repos/{owner}/{repo}/hooks/{hook_id}/config"  # as in merged options
    assert catalog.check(config, {**hook, "url": same_url}) == []
    assert catalog.check(
        "POST /repos/{owner}/{repo}/issues", {**path, "data": {"title": "t"}, "body": "x"}
    ) == ["issues/create: body is not sent: data is the whole body"]


def test_check_raw_bodies_deprecated_parameters_aliases_and_nulls() -> None:
    """A raw body is required; a deprecated parameter is named; baseUrl and mediaType are
    options; None is "not sent" in a URL, so it is no enum value and no required value."""
    listing = "GET /repos/{owner}/{repo}/issues"

    assert catalog.check("POST /markdown/raw", {}) == [
        "markdown/render-raw: data (body) is required: The request body, sent as it is: text, "
        "or bytes for a binary upload."
    ]
    assert catalog.check("POST /markdown/raw", {"data": "# hi"}) == []
    assert catalog.check("GET /search/code", {"q": "x", "sort": "indexed"}) == [
        "search/code: sort is deprecated"
    ]
    assert catalog.check(listing, {"owner": "o", "repo": "r", "baseUrl": "https://h",
                                   "mediaType": {"format": "diff"}}) == [
        "issues/list-for-repo: media_type.format 'diff' is not one of full, html, raw, text"
    ]  # fmt: skip
    assert catalog.check(listing, {"owner": "o", "repo": "r", "state": None}) == []
    assert catalog.check("DELETE /repos/{owner}/{repo}/actions/caches{?key}",
                         {"owner": "o", "repo": "r", "key": None}) == [
        "actions/delete-actions-cache-by-key: key (query) is required"
    ]  # fmt: skip


def test_values_in_a_url_are_judged_as_text() -> None:
    """In a path or a query, 2 and "2" send the same URL; a name shared by a path
    parameter and a body field is judged as the path parameter it becomes."""
    variable = "PATCH /repos/{owner}/{repo}/actions/variables/{name}"

    assert catalog.check("GET /users/{username}", {"username": 1234}) == []
    assert catalog.check("GET /repos/{owner}/{repo}/issues",
                         {"owner": "o", "repo": "r", "per_page": "2", "page": 1.5}) == [
        "issues/list-for-repo: page=1.5 should be integer"
    ]  # fmt: skip
    assert catalog.check(variable, {"owner": "o", "repo": "r", "name": 7, "data": {}}) == []
    assert catalog.check("GET /issues", {"collab": "true", "orgs": False}) == []
    assert catalog.check("GET /issues", {"collab": "yes"}) == [
        "issues/list: collab='yes' should be boolean"
    ]


@pytest.mark.parametrize(
    ("type_text", "value", "fits"),
    [
        ("number", "1.5", True),
        ("number", "2e3", True),
        ("number", "x", False),
        ("integer", "-3", True),
        ("integer", 2.5, False),
        ("boolean", True, True),
        ("boolean", "yes", False),
        ("integer|string", "x", True),
        ("integer", ["1", "2"], True),  # comma-joined: the URL says what the list says
        # an int of any length is an integer's text: str() would refuse this one
        pytest.param("integer", 10**5000, True, id="integer-5001 digits"),
        pytest.param("number", -(10**5000), True, id="number-minus 5001 digits"),
        pytest.param("boolean", 10**5000, False, id="boolean-5001 digits"),
        ("integer", {"a": 1}, False),  # endpoint() refuses a dict in a URL
        ("integer", object(), False),
        ("string", {"a": 1}, True),
    ],
)
def test_values_in_a_url_by_their_text(type_text: str, value: object, fits: bool) -> None:
    """What a path or a query sends is text: it is judged as text."""
    assert _check._fits_in_url(type_text, value) is fits


def test_a_deprecated_parameter_says_so_in_its_facts() -> None:
    """search/code's sort is deprecated: the facts a form shows end with it."""
    code = operation("search/code")

    sort = next(p for p in code.parameters if p.name == "sort")

    assert sort.facts[-1] == "deprecated"
    assert sort.facts[:2] == ["query", "string"]


def test_a_form_row_offers_choices_and_a_hint() -> None:
    """A form picks from the choices as value texts (none for a list, which is typed) and
    shows the hint as the placeholder: required, type, default, and '/' sent as %2F."""
    listing = {p.name: p for p in operation("issues/list-for-repo").parameters}
    content = {p.name: p for p in operation("repos/get-content").parameters}
    new_repo = {p.name: p for p in operation("repos/create-for-authenticated-user").parameters}
    record = operation("orgs/create-artifact-deployment-record").parameters
    risks = next(p for p in record if p.name == "runtime_risks")

    assert listing["state"].choices == ("open", "closed", "all")
    assert new_repo["private"].choices == ("true", "false")
    assert listing["per_page"].choices == ()
    assert risks.enum
    assert risks.choices == ()
    assert catalog.Parameter("n", "query", "string", enum=("1",)).choices == ('"1"',)
    assert listing["state"].hint == "string · default open"
    assert listing["owner"].hint == "required · string"
    assert content["path"].hint == "required · string · / sent as %2F"


# --- hostile input: EndpointError for what is not a route or parameters, warnings else ----


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: catalog.find(None),  # type: ignore[arg-type]
            "catalog.find: key is None, not a str; pass a route, an id or an octokit name",
        ),
        (
            lambda: catalog.find(["x"]),  # type: ignore[arg-type]
            "catalog.find: key is ['x'], not a str; pass a route, an id or an octokit name",
        ),
        (
            lambda: catalog.search(None),  # type: ignore[arg-type]
            "catalog.search: text is None, not a str; pass the words to look for",
        ),
        (
            lambda: catalog.search(42),  # type: ignore[arg-type]
            "catalog.search: text is 42, not a str; pass the words to look for",
        ),
        (
            lambda: catalog.search("issue", limit="5"),  # type: ignore[arg-type]
            "catalog.search: limit='5' is not a count; pass an int of 0 or more",
        ),
        (
            lambda: catalog.search("issue", limit=-1),
            "catalog.search: limit=-1 is not a count; pass an int of 0 or more",
        ),
        (
            lambda: catalog.search("issue", limit=True),
            "catalog.search: limit=True is not a count; pass an int of 0 or more",
        ),
        (
            lambda: catalog.check(None, {}),  # type: ignore[arg-type]
            "catalog.check: route is None, not a str; pass 'METHOD /url' or an id",
        ),
        (
            lambda: catalog.check("GET /user", None),  # type: ignore[arg-type]
            "catalog.check: parameters is None, not a mapping; pass a dict of parameters "
            "({} for none)",
        ),
        (
            lambda: catalog.check("GET /user", [("per_page", 1)]),  # type: ignore[arg-type]
            "catalog.check: parameters is [('per_page', 1)], not a mapping; pass a dict of "
            "parameters ({} for none)",
        ),
        (
            lambda: operation("issues/create").call(None),  # type: ignore[arg-type]
            "issues/create: call takes the values by name (a mapping), not None; pass a dict "
            "({} for none)",
        ),
        (
            lambda: operation("issues/create").call({1: "a"}),  # type: ignore[dict-item]
            "the name 1 is not a str; give each value a name of text",
        ),
    ],
    ids=[
        "find(None)",
        "find(list)",
        "search(None)",
        "search(42)",
        "search(limit=str)",
        "search(limit=-1)",
        "search(limit=True)",
        "check(None, {})",
        "check(route, None)",
        "check(route, list)",
        "call(None)",
        "call({1: ...})",
    ],
)
def test_what_is_not_a_route_or_parameters_is_an_endpoint_error(
    call: Callable[[], object], message: str
) -> None:
    """Arguments of the wrong type raise EndpointError naming the argument and what to
    pass, never AttributeError or TypeError."""
    with pytest.raises(EndpointError) as caught:
        call()

    assert type(caught.value) is EndpointError
    assert str(caught.value) == message


def test_a_search_of_limit_zero_finds_nothing() -> None:
    """limit=0 is no hits, even for a route that names an operation (it used to be put
    first anyway, and the slice for the rest then kept all but one)."""
    assert catalog.search("POST /repos/{owner}/{repo}/issues", limit=0) == []
    assert catalog.search("POST /repos/{owner}/{repo}/issues", limit=1) == [
        operation("issues/create")
    ]


def _deep_list(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth - 1):
        value = [value]
    return value


def test_odd_parameters_of_a_mapping_are_warnings() -> None:
    """check() is warnings only: a name that is not text, an int too long to write (in the
    URL or the body, among the parameters or in data) and values nested past the
    recursion limit each give a warning (endpoint() would refuse them), never an error."""
    listing = "GET /repos/{owner}/{repo}/issues"
    base = {"owner": "o", "repo": "r"}
    deep = _deep_list(100_000)
    limit = sys.get_int_max_str_digits()

    assert catalog.check(listing, {**base, 1: "a", None: "b"}) == [  # type: ignore[dict-item]
        "issues/list-for-repo: parameter name 1 is not a str (endpoint() refuses it)",
        "issues/list-for-repo: parameter name None is not a str (endpoint() refuses it)",
    ]
    assert catalog.check(listing, {**base, "per_page": 10**5000}) == [
        f"issues/list-for-repo: per_page is an int of more than {limit} digits, which "
        "endpoint() cannot write; pass it as a str"
    ]
    assert catalog.check(listing, {**base, "state": deep, "per_page": {"a": deep}}) == [
        "issues/list-for-repo: state=<list object> is not one of open, closed, all",
        "issues/list-for-repo: per_page=<dict object> should be integer",
    ]
    assert catalog.check(listing, {**base, 10**5000: 1}) == [  # type: ignore[dict-item]
        "issues/list-for-repo: parameter name <int object> is not a str (endpoint() refuses it)"
    ]
    assert catalog.check(
        "POST /repos/{owner}/{repo}/issues", {**base, "data": {"title": 10**5000}}
    ) == [
        f"issues/create: data.title is an int of more than {limit} digits, which endpoint() "
        "cannot write; pass it as a str"
    ]
    assert catalog.check("POST /repos/{owner}/{repo}/issues", {**base, "title": deep}) == [
        "issues/create: title should be string|integer, not list"
    ]


def test_a_long_value_in_a_warning_is_cut() -> None:
    """A warning shows a value's repr cut to 60 characters, not a megabyte of it."""
    warnings = catalog.check(
        "GET /repos/{owner}/{repo}/issues", {"owner": "o", "repo": "r", "state": "x" * 2**20}
    )

    assert warnings == [
        "issues/list-for-repo: state='" + "x" * 56 + "... is not one of open, closed, all"
    ]


def test_the_facts_of_a_parameter_with_a_default_and_slashes() -> None:
    """The facts name the default and that the value may hold '/'."""
    listing = {p.name: p for p in operation("issues/list-for-repo").parameters}
    content = {p.name: p for p in operation("repos/get-content").parameters}

    assert listing["per_page"].facts == ["query", "integer", "default 30"]
    assert content["path"].facts == ["path", "required", "string", "may hold '/'"]
