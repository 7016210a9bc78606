"""The README's examples are true."""

from __future__ import annotations

import ast
import re
import shlex
from pathlib import Path

import pytest

from restroute import endpoint
from restroute.cli import main
from restroute.profiles import Profile
from restroute.snippets import to_curl, to_python
from tests.conftest import UA

README = (Path(__file__).parents[2] / "README.md").read_text()
BLOCKS = re.findall(r"```(\w+)\n(.*?)```", README, flags=re.DOTALL)


def test_library_example_gives_the_shown_result() -> None:
    """The library's first python block, run, gives the dict the next block shows."""
    python = [code for language, code in BLOCKS if language == "python"]
    first = next(at for at, code in enumerate(python) if code.startswith("from restroute import"))
    namespace: dict[str, object] = {}
    exec(python[first], namespace)

    shown = ast.literal_eval(python[first + 1].replace("restroute/0.1.0", UA))
    assert namespace["options"] == shown
    assert shown == endpoint(
        "POST /repos/{owner}/{repo}/issues",
        owner="octocat",
        repo="hello-world",
        title="Found a bug",
        labels=["bug"],
    )


def test_first_command_opens_the_explorer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's first command opens the explorer on the route and the sample profiles."""
    opened: list[tuple[str, list[str], list[str], list[tuple[str, str]]]] = []

    def run(
        route: str,
        profiles: list[Profile],
        values: list[tuple[str, str]],
        catalog: str | None = None,
    ) -> None:
        warnings = [w for p in profiles for w in p.warnings]
        opened.append((route, [p.name for p in profiles], warnings, values))

    monkeypatch.setattr("restroute.tui.run", run)
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_example")
    monkeypatch.chdir(Path(__file__).parents[2])
    first = next(code for language, code in BLOCKS if language == "sh")
    words = shlex.split(first.split("&& .venv/bin/restroute ", 1)[1])

    assert main(words) == 0
    values = [("owner", "octocat"), ("repo", "hello-world")]  # a request, not an error, first
    assert opened == [("GET /repos/{owner}/{repo}/issues", ["github", "teaching"], [], values)]


def test_test_command_is_what_ci_runs() -> None:
    """The README's test command is the pytest call .ci/run makes for each layer's folder,
    and .ci/run goes through every folder of tests/ that holds tests: the three that coverage
    is gated on, then tests/slow."""
    second = [code for language, code in BLOCKS if language == "sh"][1]
    ci = (Path(__file__).parents[2] / ".ci" / "run").read_text()
    layers = sorted(p.parent.name for p in Path(__file__).parents[1].glob("*/conftest.py"))

    assert second.strip().endswith(".venv/bin/python -m pytest -n auto")
    assert "workers=auto" in ci
    assert (
        'python -m pytest -n "$workers" "${chunk[@]}" --cov --cov-append --cov-report= '
        '--cov-fail-under=0 "tests/$layer"'
    ) in ci
    assert layers == ["delivery", "slow", "ui", "unit"]
    assert "for layer in unit ui delivery; do" in ci
    assert ci.index("coverage report --fail-under=100") < ci.index(
        "python -m pytest -n auto --maxschedchunk 1 tests/slow"
    )


def test_pycon_blocks_run_as_doctests() -> None:
    """Every `>>>` session in the README gives the output it shows."""
    import doctest

    sessions = [code for language, code in BLOCKS if language == "pycon"]
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, session in enumerate(sessions):
        test = parser.get_doctest(session, {"endpoint": endpoint}, f"pycon-{number}", None, 0)
        runner.run(test)

    assert sessions
    assert runner.summarize(verbose=False).failed == 0


def test_layered_defaults_example() -> None:
    """The layered-defaults block gives the URL its comment shows."""
    block = next(code for language, code in BLOCKS if language == "python" and "mine =" in code)
    code, shown = block.rsplit("\n# ", 1)
    namespace: dict[str, object] = {"endpoint": endpoint, "token": "abc"}
    exec(code, namespace)

    assert eval(code.strip().splitlines()[-1], namespace) == ast.literal_eval(shown)


def test_snippet_examples_are_what_the_library_prints() -> None:
    """The README's curl and httpx blocks are the output of the call above them."""
    call = next(code for language, code in BLOCKS if "to_curl(redact=True)" in code)
    namespace: dict[str, object] = {"endpoint": endpoint}
    exec(call.replace("print(options.to_curl(redact=True))", ""), namespace)
    options = namespace["options"]
    assert isinstance(options, dict)

    curl = next(code for language, code in BLOCKS if language == "sh" and "--data-raw" in code)
    httpx = next(code for language, code in BLOCKS if "import json\n\nimport httpx" in code)
    assert curl.replace("restroute/0.1.0", UA) == to_curl(options, redact=True) + "\n"
    assert httpx.replace("restroute/0.1.0", UA) == (
        to_python(options, client="httpx", redact=True) + "\n"
    )


def test_catalog_example_is_a_true_session() -> None:
    """The pycon block of the catalog section runs as a doctest, output for output."""
    import doctest

    (session,) = [code for language, code in BLOCKS if "from restroute import catalog" in code]
    test = doctest.DocTestParser().get_doctest(session, {}, "README catalog", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)

    assert runner.summarize(verbose=False) == doctest.TestResults(failed=0, attempted=9)
