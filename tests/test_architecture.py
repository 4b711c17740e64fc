"""The shape of the source tree: the import map has no circle and no arrow running back up, games stand
directly on core, and no function is longer than a screen.

The map is built from the source (ast): every import of a `cardtable` module a module makes at run
time, in a function too; imports under `if TYPE_CHECKING:` (annotations only) are left out, and so is
the root package `cardtable` (its version, and the wiring of core's registry to the games: Python
imports it with every module of the tree, so it is no layer of its own).

The floors (DESIGN.md): core < games < everything else (players, adapters, sim, parallel, bench, report,
cli, web, analysis). A module imports only modules of its own floor or below; a game's folder imports
only `cardtable.core` and itself.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
ROOT = SRC / "cardtable"
#: the longest a function may be, in lines (its decorators, signature, docstring and body)
MAX_FUNCTION_LINES = 80


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    found = {module_name(p): p for p in ROOT.rglob("*.py") if "migrations" not in p.parts}
    found.pop("cardtable", None)
    return found


def _resolve(name: str) -> str:
    """The module of the tree that `name` (a module, or a name imported from one) is, or is in."""
    known = modules()
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name


def _typing_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imported(name: str, path: Path) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _typing_only(child):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.Import):
                found.update(_resolve(a.name) for a in child.names if a.name.startswith("cardtable"))
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = package.split(".")
                    base = ".".join(parts[: len(parts) - child.level + 1] + ([base] if base else []))
                if base.startswith("cardtable"):
                    found.update(_resolve(f"{base}.{a.name}") for a in child.names)
            visit(child)

    visit(ast.parse(path.read_text()))
    return {m for m in found if m and m != name}


@cache
def import_map() -> dict[str, frozenset[str]]:
    """Every module of the tree and the modules of the tree it imports."""
    return {name: frozenset(_imported(name, path)) for name, path in modules().items()}


def circles(edges: dict[str, frozenset[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(component)
    return found


def floor(module: str) -> int:
    """0 core, 1 the games, 2 everything above them."""
    part = module.split(".")[1]
    return {"core": 0, "games": 1}.get(part, 2)


def test_the_map_is_read_from_the_tree() -> None:
    edges = import_map()
    assert "cardtable.core" in edges["cardtable.games.biosphere5.rules"]
    assert "cardtable.games.biosphere5.rules" in edges["cardtable.games.biosphere5.abyss"]
    assert "cardtable.core.encoding" in edges["cardtable.adapters.encoding"]
    assert circles({"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset({"a"})}) == [{"a", "b", "c"}]


def test_no_import_circle() -> None:
    found = circles(dict(import_map()))
    assert found == []


def test_no_import_runs_back_up() -> None:
    up = {(a, b) for a, bs in import_map().items() for b in bs if floor(b) > floor(a)}
    assert sorted(up) == []


def test_games_import_only_core_and_their_own_folder() -> None:
    stray = set()
    for module, imported in import_map().items():
        parts = module.split(".")
        if parts[1] != "games" or len(parts) < 3:
            continue
        own = ".".join(parts[:3])
        stray |= {(module, b) for b in imported if not (b.startswith("cardtable.core") or b.startswith(own))}
    assert sorted(stray) == []


def long_functions() -> list[tuple[str, str, int]]:
    found = []
    for path in ROOT.rglob("*.py"):
        where = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                length = (node.end_lineno or node.lineno) - first + 1
                if length > MAX_FUNCTION_LINES:
                    found.append((where, node.name, length))
    return found


def test_no_function_longer_than_80_lines() -> None:
    assert long_functions() == []
