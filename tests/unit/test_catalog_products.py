"""GitHub's products and API versions, bundled: GHEC, GHES 3.17-3.19, and the REST API's
calendar version 2026-03-10 (its breaking changes applied).

Counts were taken from @octokit/openapi 23.0.2's own files (paths times methods, by a
script of its own); the changes of 2026-03-10 from each operation's
``x-github-breaking-changes`` as the description writes them.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from restroute import EndpointError, catalog
from restroute.catalog import _data
from restroute.cli import main
from restroute.profiles import load_profile, parse_profile
from restroute.session import Session

PRODUCTS = {"ghec": 1471, "ghes-3.17": 966, "ghes-3.18": 980, "ghes-3.19": 1039}


@pytest.mark.parametrize(("name", "count"), PRODUCTS.items())
def test_each_product_is_bundled_with_all_its_operations(name: str, count: int) -> None:
    api = catalog.load(name)
    assert len(api.operations) == count
    assert api.skipped == ()
    assert api.find("issues/create") is not None  # every product has the everyday routes


def test_a_product_is_named_as_github_names_it() -> None:
    assert catalog.load("ghes-3.19").label == "GitHub Enterprise Server 3.19"
    assert catalog.load("ghec").label == "GitHub Enterprise Cloud"
    assert catalog.load("github").label == "GitHub.com, REST API 2022-11-28"


def test_the_products_table_is_small_and_shares_what_products_share() -> None:
    """Four products and two versions in 193 kB: each operation once however many
    products have it (their docs' prefix said once a product), each parameter once."""
    packed = Path(_data.PRODUCTS).read_bytes()
    assert len(packed) < 200_000
    table = json.loads(gzip.decompress(packed))
    total = sum(len(p["operations"]) for p in table["products"].values())
    assert len(table["operations"]) < total / 1.5  # shared across products


def test_version_2026_03_10_applies_its_breaking_changes_and_asks_for_itself() -> None:
    today, newer = catalog.load("github"), catalog.load("github@2026-03-10")
    assert len(newer.operations) == len(today.operations) == 1223
    assert newer.defaults == {"headers": {"x-github-api-version": "2026-03-10"}}

    def names(api: catalog.Catalog, key: str) -> set[str]:
        op = api.find(key)
        assert op is not None
        return {p.name for p in op.parameters}

    # remove_singular_assignee_from_issues_and_pull_requests, remove_team_permission,
    # and the JSON Patch of create-workflow-dispatch (return_run_details removed).
    assert names(today, "issues/create") - names(newer, "issues/create") == {"assignee"}
    assert names(today, "issues/update") - names(newer, "issues/update") == {"assignee"}
    assert names(today, "teams/create") - names(newer, "teams/create") == {"permission"}
    dispatch = "actions/create-workflow-dispatch"
    assert names(today, dispatch) - names(newer, dispatch) == {"return_run_details"}
    assert newer.find("repos/get") is today.find("repos/get")  # the rest are the same


def test_a_version_warns_of_a_field_it_removed() -> None:
    warnings = catalog.load("github@2026-03-10").check(
        "POST /repos/{owner}/{repo}/issues", {"owner": "o", "repo": "r", "title": "t",
                                              "assignee": "me"}
    )  # fmt: skip
    assert warnings == ["issues/create: GitHub documents no parameter 'assignee'"]


def test_a_route_the_product_lacks_is_a_warning_that_says_where_it_is() -> None:
    ghes = catalog.load("ghes-3.19")
    assert ghes.check("GET /orgs/{org}/copilot/billing", {"org": "o"}) == [
        "GitHub Enterprise Server 3.19 has no route GET /orgs/{org}/copilot/billing, "
        "though api.github.com has it"
    ]
    assert ghes.check("GET /nowhere", {}) == [
        "GitHub Enterprise Server 3.19 has no route GET /nowhere"
    ]
    assert catalog.load("github").check("GET /nowhere", {}) == []  # any route, as before


def test_an_unknown_bundled_name_lists_the_ones_there_are() -> None:
    with pytest.raises(EndpointError) as raised:
        catalog.load("ghes-2.0")
    assert str(raised.value) == (
        "ghes-2.0 is no bundled catalog; pass one of github, ghec, ghec@2026-03-10, "
        "ghes-3.17, ghes-3.18, ghes-3.19, github@2026-03-10, or the path of an OpenAPI "
        "description"
    )


def test_build_sends_the_versions_header_from_a_layer_of_its_own(
    capsys: pytest.CaptureFixture[str],
) -> None:
    route = "POST /repos/{owner}/{repo}/issues"
    assert main(["build", route, "owner=o", "repo=r", "title=t", "--catalog",
                 "github@2026-03-10", "-f", "explain", "--reveal"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert 'headers.x-github-api-version  "2026-03-10"' in out
    assert "catalog" in out.split("headers.x-github-api-version", 1)[1].splitlines()[0]


def test_a_session_on_a_version_sends_its_header() -> None:
    session = Session("GET /user", catalog=catalog.load("github@2026-03-10"))
    parsed = session.view().parsed
    assert parsed is not None
    assert parsed["headers"]["x-github-api-version"] == "2026-03-10"


# --- a profile names its API ---------------------------------------------------------------


def test_a_profile_names_a_bundled_catalog_by_name(tmp_path: Path) -> None:
    path = tmp_path / "ghes.toml"
    path.write_text('catalog = "ghes-3.19"\nbase_url = "https://h/api/v3"\n')
    profile = load_profile(path)
    assert profile.catalog == "ghes-3.19"
    assert "catalog" not in profile.options  # no option of endpoint(): never sent
    assert profile.raw["catalog"] == "ghes-3.19"  # written back as it was


def test_a_profile_names_a_description_relative_to_itself(tmp_path: Path) -> None:
    (tmp_path / "api").mkdir()
    path = tmp_path / "api" / "stripe.toml"
    path.write_text('catalog = "openapi/spec3.yaml"\n')
    assert load_profile(path).catalog == str(tmp_path / "api" / "openapi" / "spec3.yaml")
    assert parse_profile('catalog = "spec.yaml"').catalog == "spec.yaml"  # no file: as is


def test_a_catalog_that_is_no_text_is_refused() -> None:
    with pytest.raises(EndpointError, match=r"profile 'profile': catalog is 3; give the path"):
        parse_profile("catalog = 3")


def test_the_sample_ghes_profile_warns_of_a_route_its_server_lacks(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GITHUB_TOKEN", "t")
    monkeypatch.chdir(Path(__file__).parents[2])
    route = "GET /orgs/{org}/copilot/billing"
    assert main(["build", route, "org=o", "-p", "sample_profiles/ghes.toml"]) == 0
    captured = capsys.readouterr()
    assert '"url": "https://github.example.com/api/v3/orgs/o/copilot/billing"' in captured.out
    assert "GitHub Enterprise Server 3.19 has no route GET /orgs/{org}/copilot/billing" in (
        captured.err
    )


def test_routes_says_which_catalog_it_lists(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["routes", "--catalog", "ghes-3.19", "-n", "1", "list", "issues"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "GitHub Enterprise Server 3.19 · 1,039 operations (ghes-3.19)"
