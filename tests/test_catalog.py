"""restroute.catalog: look routes up, search them, check a call against GitHub's description."""

from __future__ import annotations

import pytest

from restroute import catalog, endpoint


def test_readme_example() -> None:
    """A route, an id and an octokit name find the same operation; search ranks it first."""
    by_route = catalog.find("POST /repos/{owner}/{repo}/issues")

    assert by_route is not None
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
        ("users.getByUsername", "users/get-by-username"),
        (
            "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets",
            "repos/upload-release-asset",
        ),
    ],
)
def test_find(key: str, operation_id: str) -> None:
    """`:var` routes, lowercase methods, octokit names and full upload URLs are found."""
    found = catalog.find(key)

    assert found is not None
    assert found.id == operation_id


def test_find_nothing() -> None:
    """An unknown route is None, not an error: the library serves any API."""
    assert catalog.find("GET /no/such/route") is None


def test_operation_fields() -> None:
    """An operation carries its host, formats, body kind and typed parameters."""
    upload = catalog.find("repos/upload-release-asset")
    content = catalog.find("repos/get-content")
    listing = catalog.find("issues/list-for-repo")
    assert upload is not None
    assert content is not None
    assert listing is not None

    assert upload.route == (
        "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets"
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
    """An operation's route is one endpoint() takes."""
    upload = catalog.find("repos/upload-release-asset")
    assert upload is not None

    options = endpoint(
        upload.route + "{?name,label}", owner="o", repo="r", release_id=1, name="a.zip", data=b""
    )

    assert options["url"] == "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip"


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


def test_search_edges() -> None:
    """No words, no hits; a word nothing starts with, no hits; the limit holds."""
    assert catalog.search("") == []
    assert catalog.search("zzzzqqq") == []
    assert len(catalog.search("get", limit=5)) == 5


def test_check_warns_and_never_fails() -> None:
    """Missing, unknown, out-of-enum and wrongly typed parameters are warnings."""
    assert catalog.check(
        "GET /repos/{owner}/{repo}/issues",
        {"owner": "o", "state": "opened", "per_page": "2", "colour": "red", "headers": {}},
    ) == [
        "issues/list-for-repo: repo (path) is required",
        "issues/list-for-repo: state='opened' is not one of open, closed, all",
        "issues/list-for-repo: per_page should be integer, not str",
        "issues/list-for-repo: GitHub documents no parameter 'colour'",
    ]
    assert catalog.check("GET /no/such/route", {"x": 1}) == []


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
        "issues/list-for-repo: per_page should be integer, not bool"
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
    assert catalog._fits(type_text, value) is fits
