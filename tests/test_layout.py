"""The engine's rooms: one package per game, imports that run one way only (no loop, no import hidden in a function),
and a game's state that depends on neither its bot nor its documents."""

from __future__ import annotations

import ast

import pytest

from engine.registry import game_ids
from tests.import_graph import ROOT, import_loop, imports, imports_in_functions, parse_modules

ROOMS_THE_STATE_MUST_NOT_IMPORT = ("bot", "doc", "explore", "examples")


def engine_imports(tree: ast.AST) -> set[str]:
    """The engine modules an import statement in ``tree`` names (``from engine.x import y`` names ``engine.x``);
    imports for type hints only are left out."""
    return {name for name in imports(tree) if name.startswith("engine")}


MODULES = parse_modules(ROOT / "engine")


def test_engine_imports_form_no_loop() -> None:
    loop = import_loop({name: engine_imports(tree) & MODULES.keys() for name, tree in MODULES.items()})
    assert loop == [], "import loop: " + " -> ".join(loop)


def test_no_engine_import_hides_inside_a_function() -> None:
    assert imports_in_functions(MODULES, "engine") == []


@pytest.mark.parametrize("game", game_ids())
def test_a_game_is_a_package_whose_state_needs_neither_bot_nor_documents(game: str) -> None:
    package = f"engine.games.{game}"
    assert f"{package}.state" in MODULES
    forbidden = {f"{package}.{room}" for room in ROOMS_THE_STATE_MUST_NOT_IMPORT} | {package}
    assert engine_imports(MODULES[f"{package}.state"]) & forbidden == set()
    inside = [name for name in MODULES if name.startswith(package + ".")]
    assert [name for name in inside if package in engine_imports(MODULES[name])] == []
