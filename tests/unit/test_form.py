"""The form: the rows a route lays out, what happens to them as the route changes, and
undo. Each test is a person's edit, and what the form holds after it."""

from __future__ import annotations

import pytest

from restroute import catalog
from restroute.catalog import Operation
from restroute.errors import EndpointError
from restroute.session import SESSION, UNDO_STEPS, Session, Status
from restroute.session._form import clear, delete, follow


def operation(operation_id: str) -> Operation:
    """GitHub's operation ``operation_id``, which the catalog has."""
    found = catalog.find(operation_id)
    assert found is not None
    return found


def names(session: Session) -> list[str]:
    return [name for name, _ in session.rows]


def test_a_new_session_has_a_row_per_placeholder() -> None:
    assert Session("GET /repos/{owner}/{repo}/issues/{issue_number}").rows == [
        ("owner", ""),
        ("repo", ""),
        ("issue_number", ""),
    ]


def test_typing_a_placeholder_key_by_key_leaves_no_stale_rows() -> None:
    """{u} edited into {username} one key at a time: one row, under the last name."""
    session = Session("GET /users/{u}")
    for route in (
        "GET /users/{us}",
        "GET /users/{use}",
        "GET /users/{user}",
        "GET /users/{username}",
    ):
        session.route = route
        session.follow_route()

    assert session.rows == [("username", "")]


def test_a_typed_value_outlives_its_placeholder() -> None:
    """A value is never dropped by a route edit: it becomes a free row, and still goes."""
    session = Session("GET /users/{username}")
    session.rows = [("username", "octocat")]
    session.route = "GET /users/{login}"
    session.follow_route()

    assert session.rows == [("login", ""), ("username", "octocat")]
    assert not session.is_laid_out(1)


def test_typing_a_route_by_hand_drops_the_last_forms_empty_rows() -> None:
    """The catalog's 16 empty rows of listing issues go when the route is typed anew."""
    listing = operation("issues/list-for-repo")
    session = Session()
    session.choose(listing)
    assert len(session.rows) > 10
    session.rows = [("owner", "o"), *session.rows[1:]]

    session.route = "GET /users/{username}"
    session.set_form(None)

    assert session.rows == [("username", ""), ("owner", "o")]


def test_a_users_own_empty_row_stays_when_the_route_changes() -> None:
    session = Session("GET /users/{username}")
    session.rows = [*session.rows, ("headers.x-trace", "")]
    session.route = "GET /user"
    session.follow_route()

    assert session.rows == [("headers.x-trace", "")]


def test_set_form_puts_the_catalogs_names_first_and_typed_placeholders_last() -> None:
    """A {+path} typed by hand keeps its row even when the form names it path too."""
    content = operation("repos/get-content")
    session = Session("GET /repos/{owner}/{repo}/contents/{+path}")
    session.set_form(content)

    assert names(session) == ["owner", "repo", "path", "ref", "media_type.format"]
    assert session.laid_out() == names(session)


def test_deleting_a_free_row_removes_it_and_a_laid_out_row_is_emptied() -> None:
    session = Session("GET /users/{username}")
    session.rows = [("username", "octocat"), ("per_page", "2")]

    session.delete_row(1)
    assert session.rows == [("username", "octocat")]
    session.delete_row(0)
    assert session.rows == [("username", "")]


def test_deleting_a_row_that_is_not_there_says_so() -> None:
    with pytest.raises(EndpointError, match=r"no row 3; there are 1 rows"):
        Session("GET /users/{username}").delete_row(3)
    with pytest.raises(EndpointError, match=r"no row -1"):
        Session("GET /users/{username}").delete_row(-1)


def test_a_second_row_of_a_laid_out_name_is_free() -> None:
    rows = [("owner", "a"), ("owner", "b")]

    assert delete(rows, 1, ["owner"]) == [("owner", "a")]
    assert delete(rows, 0, ["owner"]) == [("owner", ""), ("owner", "b")]
    assert clear(rows, ["owner"]) == [("owner", "")]
    assert follow(rows, ["owner"], ["owner"]) == [("owner", "a"), ("owner", "b")]


def test_clear_form_empties_values_and_drops_free_rows() -> None:
    session = Session("GET /users/{username}")
    session.rows = [("username", "octocat"), ("per_page", "2")]

    session.clear_form()

    assert session.rows == [("username", "")]


def test_undo_goes_back_one_field_at_a_time() -> None:
    """Keys typed into one field are one step; a delete is one; a pick is one."""
    session = Session("GET /repos/{owner}/{repo}")
    session.edit_rows([("owner", "o"), ("repo", "")], field="owner")
    session.edit_rows([("owner", "oc"), ("repo", "")], field="owner")
    session.edit_rows([("owner", "oc"), ("repo", "r")], field="repo")
    session.delete_row(0)
    assert session.rows == [("owner", ""), ("repo", "r")]

    assert session.undo()
    assert session.rows == [("owner", "oc"), ("repo", "r")]
    assert session.undo()
    assert session.rows == [("owner", "oc"), ("repo", "")]
    assert session.undo()
    assert session.rows == [("owner", ""), ("repo", "")]
    assert not session.undo()
    assert session.rows == [("owner", ""), ("repo", "")]


def test_undo_brings_back_the_route_and_values_a_pick_dropped() -> None:
    listing = operation("pulls/list")
    create = operation("issues/create")
    session = Session()
    session.choose(listing)
    session.edit_rows(
        [(n, {"owner": "o", "state": "closed"}.get(n, "")) for n in names(session)], 1
    )

    dropped = session.choose(create)

    assert dropped == [("state", "closed")]
    assert ("state", "closed") not in session.rows
    assert session.undo()
    assert session.route == listing.route
    assert ("state", "closed") in session.rows
    assert session.form == tuple(name for name, _ in listing.form())


def test_undo_keeps_only_the_last_steps() -> None:
    session = Session("GET /users/{username}")
    for step in range(UNDO_STEPS + 20):
        session.edit_rows([("username", str(step))], field=step)

    undone = 0
    while session.undo():
        undone += 1

    assert undone == UNDO_STEPS
    assert session.rows == [("username", "19")]


def test_a_refused_layer_text_stays_a_problem_until_fixed() -> None:
    """Invalid session TOML: the request keeps the last valid text, and every view says
    so, whatever is edited next, until the text is fixed."""
    session = Session("GET /users/{username}/repos")
    session.rows = [("username", "octocat")]
    session.edit_layer(SESSION, "per_page = 5")
    with pytest.raises(EndpointError, match="is not valid TOML"):
        session.edit_layer(SESSION, "per_page = ")
    session.rows = [("username", "hubot")]

    view = session.view()

    assert view.parsed is not None
    assert view.parsed["url"] == "https://api.github.com/users/hubot/repos?per_page=5"
    assert view.status.kind == "error"
    assert view.status.text.startswith("profile 'session' is not valid TOML")
    assert view.status.text.endswith(
        "fix the text; until then the request uses its last valid TOML"
    )
    assert session.layer(SESSION).draft == "per_page = "

    session.edit_layer(SESSION, "per_page = 7")

    assert session.view().status == Status(
        "ok", "GET https://api.github.com/users/hubot/repos?per_page=7"
    )
    assert session.layer(SESSION).draft is None


def test_every_problem_is_listed_and_the_status_counts_them() -> None:
    """Nothing hides behind "+N more": the view lists the error and every warning."""
    session = Session("GET /repos/{owner}/{repo}/issues")
    session.rows = [("owner", "o"), ("state", "x"), ("color", "blue"), ("labels", "bug")]

    view = session.view()

    assert [problem.kind for problem in view.problems] == ["error", "warning", "warning"]
    assert view.problems[0].text.endswith("no value for {repo}; pass repo=...")
    assert view.status == Status("error", view.problems[0].text, 2)
    assert "repo (path) is required" not in " ".join(p.text for p in view.problems)


def test_a_pick_keeps_a_header_row_of_ones_own() -> None:
    """A header, the media type and the base URL go with any route: a pick keeps them
    (the newcomer's x-trace header was dropped going from one route to the next)."""
    listing = operation("pulls/list")
    create = operation("issues/create")
    session = Session()
    session.choose(listing)
    own = [("headers.x-trace", "1"), ("media_type.format", "raw"), ("baseUrl", "http://h")]
    session.edit_rows([*session.rows, *own], None)

    dropped = session.choose(create)

    assert dropped == []
    assert set(own) <= set(session.rows)  # media_type.format: a row of the new form too


def test_a_pick_keeps_the_filled_row_of_a_name_written_twice() -> None:
    """An empty row of the route and a filled row of one's own, both named owner: the
    next route's owner takes the value (the adversary saw the empty one win)."""
    create = operation("issues/create")
    session = Session("GET /repos/{owner}/{repo}/pulls")
    session.edit_rows([("owner", ""), ("repo", "r"), ("owner", "octocat")], None)

    dropped = session.choose(create)

    assert dropped == []
    assert ("owner", "octocat") in session.rows
    assert [name for name, _ in session.rows].count("owner") == 1
