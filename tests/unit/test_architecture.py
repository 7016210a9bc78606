"""The shape of the package, read from its source: which module may import which.

A static contract, as Harlequin keeps with import-linter: the core is the pipeline and
imports nothing of what is built on it; no two modules import each other, even through
others; only the explorer imports textual, and only the notebook module ipywidgets.
``test_import_hygiene`` proves the same at run time for ``import restroute``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import restroute

PACKAGE = Path(restroute.__file__).parent
CORE = "restroute._core"
# What the core may import: itself, and the leaves everything shares.
CORE_MAY_IMPORT = (CORE, "restroute.errors", "restroute._version", "restroute.redact")
# Built on the core; the core never imports them at import time.
ABOVE_THE_CORE = (
    "restroute.catalog",
    "restroute.cli",
    "restroute.display",
    "restroute.formats",
    "restroute.jupyter",
    "restroute.profiles",
    "restroute._serve",
    "restroute.session",
    "restroute.snippets",
    "restroute.tui",
)
# The convenience methods that reach out, lazily and one way (README, "The library").
LAZY_REACHES = {
    "restroute._core.result": {"restroute.snippets", "restroute.display"},
    "restroute._core.explain": {"restroute.display"},
}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imported(module: str, *, lazy: bool) -> set[str]:
    """The restroute modules (and third-party roots) ``module`` imports: at import time,
    or (``lazy``) inside functions only. Imports under ``if TYPE_CHECKING:`` never run."""
    tree = ast.parse(MODULES[module].read_text())
    package = module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            inside = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.Import | ast.ImportFrom) and inside == lazy:
                found.update(_targets(child, package))
            visit(child, inside)

    visit(tree, False)
    return found


def _targets(node: ast.Import | ast.ImportFrom, package: str) -> set[str]:
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    base = node.module or ""
    if node.level:
        anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
        base = f"{anchor}.{base}" if base else anchor
    # "from . import formats" imports a module; "from .x import name" imports x.
    names = {f"{base}.{alias.name}" for alias in node.names}
    modules = {name for name in names if name in MODULES}
    return modules | ({base} if len(modules) < len(names) else set())


def internal(names: set[str]) -> set[str]:
    """The restroute modules among ``names`` (``restroute.x.name`` -> ``restroute.x``)."""
    owners = set()
    for name in names:
        while name.startswith("restroute") and name not in MODULES:
            name = name.rpartition(".")[0]
        if name in MODULES:
            owners.add(name)
    return owners


def test_the_module_map_is_read() -> None:
    """The contract reads every module, the pipeline's among them (a guard on the guard)."""
    assert {"restroute._core.parse", "restroute._core.endpoint", "restroute.session"} <= set(
        MODULES
    )
    assert internal(imported("restroute._core.parse", lazy=False)) >= {
        "restroute._core.template",
        "restroute._core.query",
        "restroute.errors",
    }
    assert internal(imported("restroute._core.result", lazy=True)) == {
        "restroute.snippets",
        "restroute.display",
    }


@pytest.mark.parametrize("module", [name for name in MODULES if name.startswith(CORE)])
def test_the_core_imports_nothing_built_on_it(module: str) -> None:
    """The core imports only itself and the shared leaves, at import time and lazily,
    but for the convenience methods that point outwards on purpose."""
    reached = internal(imported(module, lazy=False) | imported(module, lazy=True))
    allowed = LAZY_REACHES.get(module, set())

    assert {
        name for name in reached if not name.startswith(CORE_MAY_IMPORT) and name not in allowed
    } == set()
    assert not any(
        name.startswith(ABOVE_THE_CORE) for name in internal(imported(module, lazy=False))
    )


def cycles(graph: dict[str, set[str]]) -> list[str]:
    """Each path from a module back to itself, as "a -> b -> a"."""
    found = []
    for start in graph:
        stack: list[tuple[str, tuple[str, ...]]] = [(start, (start,))]
        seen: set[str] = set()
        while stack:
            node, path = stack.pop()
            for target in sorted(graph.get(node, ())):
                if target == start:
                    found.append(" -> ".join((*path, target)))
                elif target not in seen:
                    seen.add(target)
                    stack.append((target, (*path, target)))
    return found


def test_a_cycle_is_found() -> None:
    """The cycle finder finds a loop through three modules, and none in a chain."""
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}})[0] == "a -> b -> c -> a"
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_no_module_imports_itself_through_others() -> None:
    """The graph of import-time imports between restroute's modules has no cycle."""
    graph = {module: internal(imported(module, lazy=False)) - {module} for module in MODULES}

    assert cycles(graph) == []


@pytest.mark.parametrize(
    ("package", "only_in"),
    [
        ("textual", "restroute.tui"),
        ("pyperclip", "restroute.tui"),
        ("ipywidgets", "restroute.jupyter"),
        ("anywidget", "restroute.jupyter"),
        ("textual_serve", "restroute.cli"),
        ("aiohttp", "restroute._serve"),
    ],
)
def test_ui_packages_are_imported_by_their_ui_only(package: str, only_in: str) -> None:
    """textual and pyperclip only in the explorer, ipywidgets and anywidget only in the
    notebook package, textual-serve (and its aiohttp) only where `restroute serve` runs."""
    users = {
        module
        for module in MODULES
        if any(
            name == package or name.startswith(f"{package}.")
            for name in imported(module, lazy=False) | imported(module, lazy=True)
        )
    }

    assert users
    assert all(user.startswith(only_in) for user in users)
