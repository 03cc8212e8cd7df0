"""The engine's rooms: one package per game, imports that run one way only (no loop, no import hidden in a function),
and a game's state that depends on neither its bot nor its documents."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine.registry import game_ids

ENGINE = Path(__file__).resolve().parent.parent / "engine"
ROOMS_THE_STATE_MUST_NOT_IMPORT = ("bot", "doc", "explore", "examples")


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def type_checking_only(tree: ast.AST) -> set[int]:
    """The ids of the import nodes under ``if TYPE_CHECKING:`` (for type hints only; they never run)."""
    return {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
        for inner in ast.walk(node)
    }


def engine_imports(tree: ast.AST) -> set[str]:
    """The engine modules an import statement in ``tree`` names (``from engine.x import y`` names ``engine.x``);
    imports for type hints only are left out."""
    names = set()
    hints = type_checking_only(tree)
    for node in ast.walk(tree):
        if id(node) in hints:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("engine"):
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names if a.name.startswith("engine"))
    return names


MODULES = {module_name(p): ast.parse(p.read_text(encoding="utf-8")) for p in sorted(ENGINE.rglob("*.py"))}


def test_engine_imports_form_no_loop() -> None:
    graph = {name: engine_imports(tree) & MODULES.keys() for name, tree in MODULES.items()}
    state: dict[str, str] = {}

    def visit(name: str, path: list[str]) -> None:
        state[name] = "open"
        for dep in sorted(graph[name]):
            if state.get(dep) == "open":
                pytest.fail("import loop: " + " -> ".join([*path, name, dep]))
            if dep not in state:
                visit(dep, [*path, name])
        state[name] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name, [])


def test_no_engine_import_hides_inside_a_function() -> None:
    hidden = [
        f"{name}: {node.module}"
        for name, tree in MODULES.items()
        for func in ast.walk(tree)
        if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(func)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("engine")
    ]
    assert hidden == []


@pytest.mark.parametrize("game", game_ids())
def test_a_game_is_a_package_whose_state_needs_neither_bot_nor_documents(game: str) -> None:
    package = f"engine.games.{game}"
    assert f"{package}.state" in MODULES
    forbidden = {f"{package}.{room}" for room in ROOMS_THE_STATE_MUST_NOT_IMPORT} | {package}
    assert engine_imports(MODULES[f"{package}.state"]) & forbidden == set()
    inside = [name for name in MODULES if name.startswith(package + ".")]
    assert [name for name in inside if package in engine_imports(MODULES[name])] == []
