"""The registry of games: every package in ``engine/games/`` whose ``__init__`` defines ``DECL`` registers itself."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from typing import Any

from engine.core import Deal, Game, GameDecl

_GAMES: dict[str, GameDecl] = {}


def _discover() -> None:
    if _GAMES:
        return
    import engine.games as package

    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"engine.games.{info.name}")
        decl = getattr(module, "DECL", None)
        if isinstance(decl, GameDecl):
            _GAMES[decl.id] = decl


def all_games() -> list[GameDecl]:
    """Every registered game, by id."""
    _discover()
    return [_GAMES[k] for k in sorted(_GAMES)]


def game_ids() -> list[str]:
    """The registered game ids."""
    _discover()
    return sorted(_GAMES)


def get_game(game_id: str) -> GameDecl:
    """The game with this id; ``KeyError`` with a readable message if none."""
    _discover()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise KeyError(f"no game {game_id!r}; known: {', '.join(sorted(_GAMES))}") from None


def replay(record: Mapping[str, Any]) -> Game:
    """Rebuild a game from :meth:`Game.record` output by applying its actions in order."""
    decl = get_game(record["game"])
    deal = Deal.from_json(record["deal"]) if record.get("deal") else None
    game = decl.state(
        record["players"],
        record.get("options"),
        record.get("seed", 0),
        dealer=record.get("dealer"),
        deal=deal,
        start=record.get("start"),
    )
    for seat, action in record.get("actions", []):
        game.apply(seat, action)
    return game
