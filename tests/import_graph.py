"""The import graph of the code's packages, for the engine's and the server's layout tests (``tests/test_layout.py``,
``tests/test_webapp_layout.py``): which modules an import names, a loop among them, an import hidden in a function."""

from __future__ import annotations

import ast
from collections.abc import Collection, Mapping
from collections.abc import Set as AbstractSet
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_name(path: Path) -> str:
    """The dotted name of the module at ``path`` (a package's ``__init__.py`` is the package)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def parse_modules(package: Path) -> dict[str, ast.Module]:
    """Every module of ``package`` (a folder of the repository), parsed, by its dotted name."""
    return {module_name(p): ast.parse(p.read_text(encoding="utf-8")) for p in sorted(package.rglob("*.py"))}


def type_checking_only(tree: ast.AST) -> set[int]:
    """The ids of the import nodes under ``if TYPE_CHECKING:`` (for type hints only; they never run)."""
    return {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
        for inner in ast.walk(node)
    }


def imports(tree: ast.AST, known: Collection[str] = ()) -> set[str]:
    """The modules an import in ``tree`` names that run: ``from x import y`` names ``x.y`` where that is one of the
    ``known`` modules (``from webapp import clock``), else ``x``; imports for type hints only are left out."""
    names = set()
    hints = type_checking_only(tree)
    for node in ast.walk(tree):
        if id(node) in hints:
            continue
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                names.add(sub if sub in known else node.module)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


def import_loop(graph: Mapping[str, AbstractSet[str]]) -> list[str]:
    """The first loop found in an import graph (``module -> the modules it imports``), as the path round it
    (``[a, b, a]``); empty where there is none."""
    state: dict[str, str] = {}

    def visit(name: str, path: list[str]) -> list[str]:
        state[name] = "open"
        for dep in sorted(graph[name]):
            if state.get(dep) == "open":
                return [*path, name, dep]
            if dep not in state:
                found = visit(dep, [*path, name])
                if found:
                    return found
        state[name] = "done"
        return []

    for name in sorted(graph):
        if name not in state:
            found = visit(name, [])
            if found:
                return found
    return []


def imports_in_functions(modules: Mapping[str, ast.AST], prefix: str) -> list[str]:
    """``"module: imported"`` for each ``from <prefix>... import`` inside a function of ``modules`` (hidden from
    the graph until the function runs)."""
    return [
        f"{name}: {node.module}"
        for name, tree in modules.items()
        for func in ast.walk(tree)
        if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(func)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(prefix)
    ]
