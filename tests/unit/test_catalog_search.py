"""catalog.search by what people say (issue 12), and catalog.complete, the route bar's →.

Every expected id below was read in the catalog (route and summary), not copied from
search's output: ``repos/get-content`` is ``GET /repos/{owner}/{repo}/contents/{path}``,
"Get repository content"; ``pulls/get`` is ``GET /repos/{owner}/{repo}/pulls/{pull_number}``,
"Get a pull request", which documents the ``diff`` format; and so on.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Iterator

import pytest

from restroute import EndpointError, catalog
from restroute.catalog import _find, _fuzzy, _search, _words
from restroute.tui.widgets.route_bar import EXAMPLES, CatalogSuggester


def first(query: str) -> str:
    """The id of the first hit for ``query``, which the test expects to find something."""
    hits = catalog.search(query, limit=1)
    assert hits, query
    return hits[0].id


def test_readme_example() -> None:
    """The README's search and completion examples."""
    assert first("list pull request files") == "pulls/list-files"
    assert first("get file content") == "repos/get-content"
    assert catalog.complete("GET /repos/{owner}/{repo}/iss") == "GET /repos/{owner}/{repo}/issues"


# --- search: the queries of issue 12, and each synonym with the queries it is for ----------


@pytest.mark.parametrize("query", ["get file content", "file contents", "raw file"])
def test_the_issue_queries_find_get_content_first(query: str) -> None:
    """What users typed for a file's content finds GET .../contents/{path} first."""
    assert first(query) == "repos/get-content"


# Each synonym, and queries people type that it turns the right way: without it, each
# query's first hit is another operation (test_each_synonym_earns_its_place).
SYNONYM_QUERIES = [
    ("pr", "get pr", "pulls/get"),
    ("pr", "list prs", "pulls/list"),
    ("pr", "close pr", "pulls/update"),
    ("repo", "repo", "repos/get"),
    ("repo", "org repos", "repos/list-for-org"),
    ("repository", "repository", "repos/get"),
    ("org", "org", "orgs/get"),
    ("organization", "organization", "orgs/get"),
    ("organization", "list organization repositories", "repos/list-for-org"),
    ("file", "get file content", "repos/get-content"),
    ("file", "file contents", "repos/get-content"),
    ("raw", "raw file", "repos/get-content"),
    ("add", "add comment", "issues/create-comment"),
    ("add", "add deploy key", "repos/create-deploy-key"),
    ("add", "add webhook", "repos/create-webhook"),
    ("new", "new issue", "issues/create"),
    ("new", "create new issue", "issues/create"),
    ("new", "new pull request", "pulls/create"),
    ("new", "new release", "repos/create-release"),
    ("new", "new gist", "gists/create"),
    ("remove", "remove repo", "repos/delete"),
    ("remove", "remove release", "repos/delete-release"),
    ("edit", "edit issue", "issues/update"),
    ("edit", "edit release", "repos/update-release"),
    ("edit", "edit repo", "repos/update"),
    ("close", "close issue", "issues/update"),
    ("reopen", "reopen issue", "issues/update"),
    ("download", "download file", "repos/get-content"),
    ("download", "download release asset", "repos/get-release-asset"),
    ("read", "read file", "repos/get-content"),
    ("fetch", "fetch file", "repos/get-content"),
    ("me", "get me", "users/get-authenticated"),
    ("me", "me", "users/get-authenticated"),
    ("my", "my repos", "repos/list-for-authenticated-user"),
    ("my", "list my repos", "repos/list-for-authenticated-user"),
    ("my", "my gists", "gists/list"),
    ("my", "my orgs", "orgs/list-for-authenticated-user"),
    ("current", "get current user", "users/get-authenticated"),
    ("trigger", "trigger workflow", "actions/create-workflow-dispatch"),
]


@pytest.mark.parametrize(
    ("synonym", "query", "expected"), SYNONYM_QUERIES, ids=[q for _, q, _ in SYNONYM_QUERIES]
)
def test_synonyms_find_what_people_mean(synonym: str, query: str, expected: str) -> None:
    """A word people type finds the operation GitHub names with another word."""
    assert synonym in catalog.SYNONYMS
    assert first(query) == expected


@pytest.mark.parametrize("synonym", sorted(catalog.SYNONYMS))
def test_each_synonym_earns_its_place(synonym: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the synonym, every query listed for it finds another operation first; so
    no synonym is in SYNONYMS that no query needs."""
    queries = [(query, expected) for word, query, expected in SYNONYM_QUERIES if word == synonym]
    monkeypatch.delitem(catalog.SYNONYMS, synonym)
    without = {query: [op.id for op in catalog.search(query, limit=1)] for query, _ in queries}

    assert queries
    assert all(without[query] != [expected] for query, expected in queries)


def test_synonyms_are_keyed_by_stems() -> None:
    """search looks a word's synonyms up by its stem: a key that is not one never matches."""
    assert all(_words.singular(word) == word for word in catalog.SYNONYMS)


def test_synonyms_go_one_way() -> None:
    """One way: "add issue" finds issues/create, but "create issue" never finds add-*
    operations (issues/add-labels, add-assignees, add-sub-issue would join its hits)."""
    hits = catalog.search("create issue", limit=100)

    assert hits[0].id == "issues/create"
    assert not [op.id for op in hits if op.id.split("/")[1].startswith("add")]
    assert catalog.search("add issue", limit=1)[0].id == "issues/create"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("pull request", "pulls/get"),  # "Get a pull request" before "List pull requests"
        ("pull requests", "pulls/list"),  # and the other way round
        ("list issues for repo", "issues/list-for-repo"),  # "for" is no summary's word
    ],
)
def test_plurals_and_small_words(query: str, expected: str) -> None:
    """A summary with the very word beats one with its plural or singular; small words
    like "for" count for no summary, so "List repository issues" is not outranked by
    "List issue events for a repository" for lacking it."""
    assert first(query) == expected


@pytest.mark.parametrize(
    ("word", "stem"),
    [
        ("repositories", "repository"),
        ("branches", "branch"),
        ("issues", "issue"),
        ("prs", "pr"),
        ("contents", "content"),
        ("access", "access"),
        ("status", "status"),
        ("analysis", "analysis"),
        ("policies", "policy"),
        ("is", "is"),
    ],
)
def test_stems(word: str, stem: str) -> None:
    """Plurals lose their ending; words that only end in s keep it."""
    assert _words.singular(word) == stem


def test_a_query_without_a_verb_reads() -> None:
    """Nouns alone ask to read: GET first; with a verb, the verb decides."""
    assert first("file contents") == "repos/get-content"
    assert first("update file contents") == "repos/create-or-update-file-contents"
    assert first("delete file") == "repos/delete-file"


def test_media_type_formats_are_words() -> None:
    """A route's documented formats are words of it: "pr diff" finds the pull request
    route that documents application/vnd.github.diff first, then the review route that
    documents application/vnd.github.v3.diff (format diff), and no other."""
    assert [op.id for op in catalog.search("pr diff")] == ["pulls/get", "pulls/create-review"]


def test_get_all_means_list() -> None:
    """'get all' is the word 'list', wherever it is in the query."""
    assert first("get all pull requests") == "pulls/list"
    assert first("pull requests get all") == "pulls/list"
    assert first("get all issues") == "issues/list"


def test_a_pasted_page_of_repeated_words_is_its_words_once() -> None:
    """Each word counts once (a 100 KB paste of two words is those two words: it once
    took seconds in the picker), and a phrase repeated 20,000 times is rewritten in one
    pass (it once recursed past Python's limit)."""
    assert catalog.search("a = 1\n" * 20_000) == catalog.search("a 1")
    assert catalog.search("get all " * 20_000) == catalog.search("list")
    assert catalog.search("issue issue") == catalog.search("issue")


def test_everyday_operations_win_ties() -> None:
    """Two equally good hits: the one people call every day first (issue comments over
    gist comments, whose summaries and ids are alike but shorter)."""
    hits = [op.id for op in catalog.search("add comment", limit=2)]

    assert hits == ["issues/create-comment", "gists/create-comment"]


def test_everyday_ids_exist_and_parents_come_first() -> None:
    """Every EVERYDAY id is an operation, once; a route comes before the routes it
    starts, so completion stops at GET /users/{username} before .../repos."""
    routes = [catalog.find(op_id) for op_id in catalog.EVERYDAY]
    written = [op.route for op in routes if op is not None]

    assert len(written) == len(set(written)) == len(catalog.EVERYDAY)
    for at, route in enumerate(written):
        assert not [r for r in written[:at] if r.startswith(route + "/")], route


def test_a_query_of_small_words_only() -> None:
    """Small words alone are what the summaries are judged by (no division by zero):
    "of" puts the id with it twice first."""
    assert first("of") == "codes-of-conduct/get-all-codes-of-conduct"


def test_operation_ids_are_lowercase() -> None:
    """search's typo-forgiving pass reads ids as they are, which works as they are
    lowercase words joined by - and /."""
    assert all(op.id == op.id.lower() for op in catalog.operations())


# --- complete: the route that completes what was typed -------------------------------------


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("GET /repos/{owner}/{repo}/iss", "GET /repos/{owner}/{repo}/issues"),
        ("get /repos/{owner}/{repo}/iss", "GET /repos/{owner}/{repo}/issues"),
        ("GET /repos/:owner/:repo/iss", "GET /repos/:owner/:repo/issues"),
        ("/repos/{owner}/{repo}/iss", "/repos/{owner}/{repo}/issues"),
        ("/users/:username/rep", "/users/:username/repos"),
        ("GET /users/:", "GET /users/:username"),
        ("POST /repos/{o", "POST /repos/{owner}/{repo}/issues"),
        ("g", "GET /repos/{owner}/{repo}"),
        ("GET /repos/{owner}/{repo}/tag", "GET /repos/{owner}/{repo}/tags"),
        (
            "GET /repos/{owner}/{repo}/actions/workflows/{workflow_id",
            "GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs",
        ),
        (
            "GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}",
            "GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}",
        ),
        ("GET https://api.github.com/rate", "GET https://api.github.com/rate_limit"),
        ("https://api.github.com/rate", "https://api.github.com/rate_limit"),
        (
            "POST https://uploads",
            "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets"
            "{?name,label}",
        ),
        (
            "POST /repos/{owner}/{repo}/releases/{release_id}/as",
            "POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
        ),
        ("GET /orgs/{org}/projectsv", "GET /orgs/{org}/projectsV2"),
    ],
    ids=[
        "a segment",
        "any case of method",
        ":var",
        "no method is GET",
        "no method, :var",
        "a colon just typed",
        "everyday first",
        "a method's first letter",
        "else the shortest",
        "everyday below a route",
        "a route is its own completion",
        "a full URL",
        "a full URL, no method",
        "another host",
        "that route without its host",
        "the catalog's case",
    ],
)
def test_complete(typed: str, expected: str) -> None:
    """The route that completes what was typed, keeping its length."""
    completed = catalog.complete(typed)

    assert completed == expected
    assert completed[: len(typed)].lower() == typed.lower()


@pytest.mark.parametrize(
    "typed",
    ["", "GET /no/such", "xyz", "GET /repos/:owner/{repo}/", "GET /repos/ÿ", "GET /user?per"],
    ids=["nothing", "no such route", "no such method", "mixed :var and {var}", "not ASCII", "?"],
)
def test_nothing_completes(typed: str) -> None:
    """Text no route starts completes to None."""
    assert catalog.complete(typed) is None


def test_every_route_completes_to_itself() -> None:
    """A whole route, in either form of variables, is its own completion, and its start
    completes to some route that it starts."""
    for op in catalog.operations():
        assert catalog.complete(op.route) == op.route
        completed = catalog.complete(op.route[:-1])
        assert completed is not None
        assert completed.startswith(op.route[:-1])


def test_complete_refuses_what_is_not_text() -> None:
    """Not a str: EndpointError naming the argument and what to pass."""
    with pytest.raises(EndpointError) as caught:
        catalog.complete(None)  # type: ignore[arg-type]

    assert type(caught.value) is EndpointError
    assert str(caught.value) == (
        "catalog.complete: prefix is None, not a str; pass the start of a route"
    )


# --- the route bar's suggester ---------------------------------------------------------------


async def test_the_suggester_offers_the_examples_until_the_catalog_is_ready() -> None:
    """The first keystroke starts the tables in a thread and gets an example; once they
    are built, the whole catalog completes."""
    suggester = CatalogSuggester()

    before = suggester.suggest("GET /repos/{owner}/{repo}/pu")
    assert suggester._tables is not None
    await suggester._tables
    after = suggester.suggest("GET /repos/{owner}/{repo}/pu")

    assert before is None  # no example starts so
    assert after == "GET /repos/{owner}/{repo}/pulls"
    assert suggester.suggest("xyz") is None


async def test_the_suggester_keeps_the_examples_when_the_catalog_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Tables that could not be built (a broken install) leave the examples, never an
    error in the route bar."""

    def broken(self: catalog.Catalog, prefix: str) -> str | None:
        raise OSError("no data file")

    monkeypatch.setattr(catalog.Catalog, "complete", broken)
    suggester = CatalogSuggester()
    suggester.suggest("g")
    assert suggester._tables is not None
    await asyncio.wait([suggester._tables])

    assert suggester.suggest("get /search") == "GET /search/issues"
    assert suggester.suggest("GET /repos/{owner}/{repo}/pu") is None
    assert "GET /search/issues" in EXAMPLES


# --- a route found before the catalog is indexed (the explorer's first frame) -----------


@pytest.fixture
def unread_catalog() -> Iterator[None]:
    """The catalog as a fresh process has it: not read. Every cache of operations is
    emptied before and after, so no test sees operations made twice."""
    from restroute.catalog import _catalog, _data
    from restroute.tui.screens import route_picker

    # The bundled catalog made again: a Catalog keeps its index, search index and
    # completions in its memo, so a new one has none.
    caches = [_data._operations, _catalog._github, route_picker._categories]
    for cache in caches:
        cache.cache_clear()
    yield
    for cache in caches:
        cache.cache_clear()


@pytest.mark.usefixtures("unread_catalog")
def test_a_route_as_the_catalog_writes_it_is_found_without_the_index() -> None:
    """Started on a route, the explorer needs its one operation: found by one pass over
    the operations, not by the index of every key (10 ms); the index, made later, holds
    the same object."""
    from restroute.catalog import _catalog

    issues = catalog.find("GET /repos/{owner}/{repo}/issues")
    assert issues is not None
    assert issues.id == "issues/list-for-repo"
    assert "index" not in _catalog.github().memo  # not indexed
    assert catalog.find("GET /repos/{owner}/{repo}/issues") is issues
    assert catalog.find("issues/list-for-repo") is issues  # an id needs the index
    assert "index" in _catalog.github().memo
    assert next(op for op in catalog.operations() if op.id == issues.id) is issues


@pytest.mark.usefixtures("unread_catalog")
def test_a_route_not_in_the_catalog_falls_back_to_the_index() -> None:
    """Written otherwise (``:owner``, a full URL) or not GitHub's: the index decides."""
    from restroute.catalog import _catalog, _data

    assert _data.exact("GET", "/repos/{owner}/{repo}/nothing-here") is None
    assert "index" not in _catalog.github().memo
    assert catalog.find("GET /repos/{owner}/{repo}/nothing-here") is None
    assert "index" in _catalog.github().memo
    found = catalog.find("GET /repos/:owner/:repo/issues")
    assert found is not None
    assert found.id == "issues/list-for-repo"


def test_each_operation_is_found_exactly_by_its_method_and_url() -> None:
    """All 1,223: the one pass finds the catalog's own object, by method and URL both
    (``/repos/{owner}/{repo}`` has GET, PATCH and DELETE)."""
    from restroute.catalog import _data

    whole = catalog.operations()
    assert all(_data.exact(op.method, op.url) is op for op in whole)
    assert _data.exact("PUT", "/repos/{owner}/{repo}") is None


@pytest.mark.usefixtures("unread_catalog")
def test_threads_reading_the_catalog_at_once_share_one_read() -> None:
    """Eight threads that ask for it at the same moment: one read, one set of objects, one
    catalog (each made its own, and a route found in one thread was not the object the
    catalog later returned)."""
    import threading

    from restroute.catalog import _catalog

    start = threading.Barrier(8)
    found: list[tuple[object, object, object]] = []

    def ask() -> None:
        start.wait()
        found.append((catalog.operations(), catalog.find("issues/create"), _catalog.github()))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert len(found) == 8
    assert len({id(each) for row in found for each in row}) == 3
    assert found[0][1] is catalog.find("issues/create")


# --- what the adversary found ---------------------------------------------------------------


def _trimmed_as_before(url: str) -> str:
    """What find() did: the ``{?...}`` or ``{&...}`` at the end removed until none is."""
    expression = re.compile(r"\{[?&][^}]*\}$")
    while (trimmed := expression.sub("", url)) != url:
        url = trimmed
    return url


@pytest.mark.parametrize(
    ("url", "trimmed"),
    [
        ("/a{?x}{&y,z}", "/a"),
        ("/a{?a{b}", "/a"),  # an expression may hold "{": the leftmost "{?" after the last "}"
        ("/{x}{?y}", "/{x}"),
        ("/a{b}", "/a{b}"),
        ("/a}", "/a}"),
        ("/a{?x}/b", "/a{?x}/b"),  # not at the end
        ("", ""),
    ],
)
def test_query_expressions_end_a_route_and_go_in_one_pass(url: str, trimmed: str) -> None:
    assert _find._without_query_expressions(url) == trimmed == _trimmed_as_before(url)


def test_a_pasted_run_of_query_expressions_is_found_in_linear_time() -> None:
    """120 kB of ``{?}`` took 64 s (each pass rescanned the text), and the picker froze."""
    started = time.perf_counter()
    assert catalog.find("GET /x" + "{?}" * 40_000) is None
    assert catalog.search("GET /x" + "{?}" * 40_000) == catalog.search("GET /x")  # no words
    assert time.perf_counter() - started < 5  # about 0.05 s


def test_a_limit_past_any_catalog_is_all_of_it() -> None:
    """islice() refused a limit over sys.maxsize; and an int subclass's own comparison
    never runs."""

    class Sly(int):
        def __lt__(self, other: object) -> bool:
            raise TypeError("sly")

    everything = catalog.search("g", 2**70)
    assert len(everything) == len(catalog.search("g", 10_000)) > 100
    assert catalog.search("g", Sly(3)) == everything[:3]
    with pytest.raises(EndpointError, match=r"limit=-1 is not a count"):
        catalog.search("g", -1)


@pytest.mark.parametrize("wrong", ["github", 3, object()])
def test_a_catalog_that_is_not_one_is_named(wrong: object) -> None:
    for call in (
        lambda: catalog.search("issues", catalog=wrong),  # type: ignore[arg-type]
        lambda: catalog.find("GET /user", catalog=wrong),  # type: ignore[arg-type]
        lambda: catalog.complete("GET /us", catalog=wrong),  # type: ignore[arg-type]
    ):
        with pytest.raises(EndpointError, match=r"is .*, not a Catalog; pass one catalog.load"):
            call()


def test_a_text_of_no_word_that_names_an_operation_finds_it() -> None:
    """``/`` names GitHub's root, and has no word to search for: it is the one hit."""
    assert [op.id for op in catalog.search("/")] == ["meta/root"]
    assert catalog.search("/", 0) == []
    assert catalog.search("日本") == []


def test_letters_in_order_start_again_when_another_search_emptied_the_memo() -> None:
    """Two threads search one catalog (the explorer's worker prepares it while the picker
    types): a prefix seen in the memo may be gone when it is read, a KeyError once."""

    class Emptied(dict[str, object]):
        def __iter__(self) -> Iterator[str]:
            return iter(["cr"])  # seen, but not there to get

    made = _search._index(catalog.load("github"))
    expected = _fuzzy._letters(made._replace(letters={}), "crate")
    again = _fuzzy._letters(made._replace(letters=Emptied()), "crate")  # type: ignore[arg-type]
    assert again == expected
    assert again.at


@pytest.mark.parametrize("kind", ["an operation", "a list", "texts", "none"])
def test_a_catalog_of_anything_but_operations_is_refused_with_the_fix(kind: str) -> None:
    """An Operation is a tuple of its fields, so one given alone was taken for the
    operations (AttributeError at the first lookup); a list was a bare AssertionError."""
    op = catalog.find("issues/create")
    assert op is not None
    given = {"an operation": op, "a list": [op], "texts": ("issues/create",), "none": None}

    with pytest.raises(EndpointError, match="a catalog's operations are a tuple of Operations"):
        catalog.Catalog("x", given[kind])  # type: ignore[arg-type]

    assert catalog.Catalog("x", (op,)).find("issues/create") is op
    assert catalog.Catalog("x", lambda: (op,)).find("POST /repos/{owner}/{repo}/issues") is op
