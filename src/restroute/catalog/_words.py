"""The words people type for GitHub's: synonyms, plurals, verbs, small words, and the
operations they call every day. Data and one pure function; search and complete rank by
them (issue 12)."""

from __future__ import annotations

import functools

# Words people type -> the words of GitHub's ids, URLs and summaries they mean (issue 12).
# Keys are singulars (see singular()). One way: "add comment" finds issues/create-comment,
# but "create issue" never wanders to issues/add-labels. Each was checked against queries
# on the real catalog (tests/unit/test_catalog_search.py); a word that only added noise is out.
SYNONYMS: dict[str, tuple[str, ...]] = {
    "pr": ("pull",),  # "create pr"
    "repo": ("repository",),  # ids and URLs say repo, summaries repository
    "repository": ("repo",),
    "org": ("organization",),  # ids and URLs say org, summaries organization
    "organization": ("org",),
    "file": ("content",),  # repos/get-content: "Get repository content"
    "raw": ("content",),  # "raw file": a file's raw content
    "add": ("create",),  # "add comment", "add deploy key", "add webhook"
    "new": ("create",),  # "new issue", "new release"
    "remove": ("delete",),  # "remove comment"
    "edit": ("update",),  # "edit issue"
    "close": ("update",),  # an issue or a pull request closes by update (state)
    "reopen": ("update",),
    "download": ("get",),  # "download release asset": repos/get-release-asset
    "read": ("get",),  # "read file"
    "fetch": ("get",),
    "me": ("authenticated",),  # GET /user: "Get the authenticated user"
    "my": ("authenticated",),  # "my repos": repos/list-for-authenticated-user
    "current": ("authenticated",),
    "trigger": ("dispatch",),  # "trigger workflow": actions/create-workflow-dispatch
}
# The operations people call most, most called first: hand-picked (repositories, their
# files, issues, pull requests, releases, users, search), as no usage figures ship with
# GitHub's description; a route comes before those it starts (GET /users/{username}
# before GET /users/{username}/repos). Among equals they come first: search ranks
# issues/create-comment before gists/create-comment for "add comment", complete()
# suggests issues/create for "POST /repos/{o". Tests check both rules and every id.
EVERYDAY = (
    "repos/get",
    "issues/list-for-repo",
    "issues/create",
    "pulls/list",
    "pulls/create",
    "repos/get-content",
    "users/get-authenticated",
    "users/get-by-username",
    "orgs/get",
    "issues/get",
    "pulls/get",
    "repos/update",
    "issues/update",
    "issues/list-comments",
    "issues/create-comment",
    "pulls/merge",
    "pulls/list-files",
    "repos/list-for-authenticated-user",
    "repos/list-for-org",
    "repos/list-for-user",
    "repos/create-for-authenticated-user",
    "repos/create-in-org",
    "repos/create-or-update-file-contents",
    "repos/list-commits",
    "repos/get-commit",
    "repos/list-branches",
    "repos/get-branch",
    "repos/list-releases",
    "repos/get-latest-release",
    "repos/create-release",
    "repos/upload-release-asset",
    "repos/create-fork",
    "search/repos",
    "search/issues-and-pull-requests",
    "search/code",
    "actions/list-workflow-runs",
    "actions/create-workflow-dispatch",
    "activity/star-repo-for-authenticated-user",
    "gists/create",
    "git/create-ref",
    "markdown/render",
    "rate-limit/get",
)
# Two words that mean one of GitHub's ("get all repos" lists them).
PHRASES = {("get", "all"): "list"}
# Verbs that begin ids: those of five ids or more, and fork, merge, star, upload, render.
# A query without one asks to read, so GET ranks higher ("file contents" wants
# repos/get-content before create-or-update-file-contents).
VERBS = frozenset(
    {
        *("get", "list", "create", "update", "delete", "set", "add", "remove", "check"),
        *("enable", "disable", "download", "revoke", "cancel", "restore"),
        *("fork", "merge", "star", "unstar", "upload", "render"),
    }
)
READ_BONUS = 0.25
# How much a summary says a term: its very word, its singular, a word it means.
SAID = (1.0, 0.9, 0.75)
# Words a summary may or may not say ("list issues for a repository" or "List repository
# issues"): they never count for or against a summary.
STOP_WORDS = frozenset(
    {"a", "an", "the", "for", "of", "to", "in", "on", "by", "with", "from", "and", "or"}
)


def singular(word: str) -> str:
    """A plural's singular, near enough to compare words (``repositories``,
    ``branches``, ``issues``); ``access``, ``status`` and ``analysis`` stay."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "sses")):
        return word[:-2]
    if word.endswith("s") and len(word) > 2 and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


@functools.cache
def everyday_ranks() -> dict[str, int]:
    """Each EVERYDAY id's place in it."""
    return {op_id: rank for rank, op_id in enumerate(EVERYDAY)}
