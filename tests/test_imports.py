"""No import circle among the project's modules, reading every import: a module's own, those
inside functions, and those for type checkers only (`if TYPE_CHECKING:`).

Why type-only imports count: a circle a type checker walks is still two modules that cannot
be understood (or moved to another game) one without the other; where a type is all one side
needs, a small Protocol on that side says what it uses (see web/shell/ui.py).

Run as a script (`.venv/bin/python tests/test_imports.py`) it prints every circle.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Every package of the project, read for the graph (a circle may pass through any of them).
PACKAGES = ("tabletop", "castle", "seasons", "web")
Graph = dict[str, set[str]]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[module_name(path)] = path
    return found


def imported(module: str, path: Path, known: set[str]) -> Iterator[str]:
    """The project's modules that `module` imports anywhere in its file. `from p import x`
    names the module p.x if there is one, else the package p itself."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            names = [f"{base}.{alias.name}" if base else alias.name for alias in node.names]
            names = [name if name in known else base for name in names]
        else:
            continue
        yield from (name for name in names if name in known and name != module)


def graph() -> Graph:
    found = modules()
    known = set(found)
    return {module: set(imported(module, path, known)) for module, path in found.items()}


def circles(edges: Graph) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in sorted(edges.get(module, ())):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for module in sorted(edges):
        if module not in index:
            visit(module)
    return sorted(groups)


def test_no_import_circle() -> None:
    found = circles(graph())
    assert found == [], f"import circles: {found}"


def test_the_graph_reads_every_kind_of_import() -> None:
    edges = graph()
    assert "web.shell.html" in edges["web.shell.screens"]  # from .html import ...
    assert "tabletop.game" in edges["web.shell.ui"]  # from tabletop.game import ...
    assert "web.shell.i18n" in edges["web.castle_page"]  # from web.shell import i18n
    assert circles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]


if __name__ == "__main__":
    for group in circles(graph()):
        print(" <-> ".join(group))
