"""The shape of the package, read from its source.

The layers (which package may import which) are import-linter contracts in pyproject.toml,
checked by ``lint-imports`` in .ci/run. This module checks what a contract cannot say: no
module is over 450 lines; no module imports itself through others, counting the imports made
inside functions; the only imports that reach up out of the core sit in the lazy convenience
methods of its result classes; and every package of restroute has its place in the layers.
``tests/delivery/test_import_hygiene.py`` checks at run time what ``import restroute`` loads.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import grimp

import restroute

PACKAGE = Path(restroute.__file__).parent
ROOT = Path(__file__).parents[2]
MAX_LINES = 450
# The convenience methods of the core's results that reach up (README, "The library"), by the
# import they make; each such import sits in a method named here, and nowhere else.
LAZY_REACHES = {
    ("restroute._core.result", "restroute.snippets"),
    ("restroute._core.result", "restroute.display"),
    ("restroute._core.explain", "restroute.display"),
}
LAZY_METHODS = ("to_json", "to_curl", "to_python", "_repr_mimebundle_", "_repr_pretty_")

GRAPH = grimp.build_graph("restroute", exclude_type_checking_imports=True)


def circles(imports: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``imports`` (each a strongly connected set of over one module),
    found by Tarjan's algorithm without recursion."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []
    for start in sorted(imports):
        if start in index:
            continue
        work = [(start, iter(sorted(imports.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    circle: list[str] = []
                    while not circle or circle[-1] != node:
                        circle.append(stack.pop())
                    if len(circle) > 1:
                        found.append(sorted(circle))
            elif target not in index:
                index[target] = low[target] = len(index)
                stack.append(target)
                work.append((target, iter(sorted(imports.get(target, ())))))
            elif target in stack:
                low[node] = min(low[node], index[target])
    return found


def test_a_circle_is_found() -> None:
    """A guard on the guard: a loop through three modules is one circle; a chain is none."""
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_the_graph_counts_imports_made_inside_functions() -> None:
    """A guard on the guard: the core's lazy reaches (imports inside methods) are in the graph."""
    assert GRAPH.direct_import_exists(
        importer="restroute._core.result", imported="restroute.snippets"
    )
    assert {"restroute._core.parse", "restroute.session", "restroute.reader"} <= GRAPH.modules


def test_no_module_imports_itself_through_others() -> None:
    imports = {
        module: {
            target
            for target in GRAPH.find_modules_directly_imported_by(module)
            if (module, target) not in LAZY_REACHES
        }
        for module in GRAPH.modules
    }

    assert circles(imports) == []


def _function_at(tree: ast.Module, line: int) -> str | None:
    """The name of the innermost function of ``tree`` that holds ``line``."""
    found: tuple[str, int] | None = None
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.lineno <= line <= (node.end_lineno or 0):
            found = max(found or (node.name, node.lineno), (node.name, node.lineno), key=_line)
    return found and found[0]


def _line(named: tuple[str, int]) -> int:
    return named[1]


def test_the_core_reaches_up_only_from_its_lazy_convenience_methods() -> None:
    for importer, imported in sorted(LAZY_REACHES):
        path = PACKAGE.joinpath(*importer.split(".")[1:]).with_suffix(".py")
        tree = ast.parse(path.read_text())
        details = GRAPH.get_import_details(importer=importer, imported=imported)

        assert details, f"{importer} no longer imports {imported}: drop it from LAZY_REACHES"
        for detail in details:
            assert _function_at(tree, detail["line_number"]) in LAZY_METHODS, detail


def test_no_module_is_over_450_lines() -> None:
    sizes = {
        str(path.relative_to(PACKAGE)): len(path.read_text().splitlines())
        for path in sorted(PACKAGE.rglob("*.py"))
    }

    assert len(sizes) > 100  # a guard on the guard: the whole package is read
    assert {name: lines for name, lines in sizes.items() if lines > MAX_LINES} == {}


def test_every_package_has_its_place_in_the_layers() -> None:
    """A module added beside the others is in the layers contract, so lint-imports checks it."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    (layers,) = [c for c in config["contracts"] if c["type"] == "layers"]
    placed = {name.strip() for layer in layers["layers"] for name in layer.split("|")}
    top = {".".join(module.split(".")[:2]) for module in GRAPH.modules} - {"restroute"}

    assert top == placed
    assert {f"{a} -> {b}" for a, b in LAZY_REACHES} == set(layers["ignore_imports"])


def test_each_forbidden_contract_guards_every_module_but_its_own() -> None:
    """A module added beside the others is a source of each forbidden contract, unless it is
    the one package that may import those libraries."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    top = {".".join(module.split(".")[:2]) for module in GRAPH.modules} - {"restroute"}
    allowed = {
        "textual": "restroute.tui",
        "ipywidgets": "restroute.jupyter",
        "textual_serve": "restroute.cli",  # restroute.cli.serve only: its siblings are listed
    }
    cli = {module for module in GRAPH.modules if module.startswith("restroute.cli.")}
    forbidden = [c for c in config["contracts"] if c["type"] == "forbidden"]

    assert len(forbidden) == len(allowed)
    for contract in forbidden:
        (owner,) = {allowed[name] for name in allowed if name in contract["forbidden_modules"]}
        sources = set(contract["source_modules"])
        if owner == "restroute.cli":
            assert sources - top == cli - {"restroute.cli.serve"}
        assert top - {owner} <= sources
