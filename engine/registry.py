"""The registry of games: every package in ``engine/games/`` whose ``__init__`` defines ``DECL`` registers itself.

A game package declares itself with :func:`declare`: its :class:`GameDecl` (identity, players, options, state, bots)
and its :class:`RulesPage` (the rules page's hooks, in one place). docs/engine.md, "A sixth game", is the checklist.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import pkgutil
import random
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import Any

from engine.core import Deal, Game, GameDecl
from engine.positions import ExplorerPosition
from engine.prose import Words

RulesDocument = Callable[[Mapping[str, Any], Words], dict[str, Any]]
"""A game's rules document (``doc.rules``): for a table's options, in the reader's words (``engine/prose.py``)."""

Explorer = Callable[..., dict[str, Any]]
"""A game's explorer (``explore.explore``): ``(options, players, plays, context)`` to its verdicts, step by step."""

PositionMaker = Callable[[ExplorerPosition, random.Random], tuple[Game, int]]
"""A game's ``explore.explore_position``: the explorer's position, with a reader's hand, as a real game and the seat to
play (``engine/positions.py``), for the bot's advice."""

EXAMPLES_FILE = "examples.json"
"""The worked examples of a game, plain data beside its package (``engine/examples.py`` says how they are read)."""


@dataclasses.dataclass(frozen=True)
class RulesPage:
    """What a game gives its rules page: the rules document, the "How to play" (``guide.GUIDE``), the explorer and its
    position for the bot's advice, the explorer's fields besides the options (``{"key", "choices"}``, the first choice
    the default). Its worked examples are data (``examples.json``), read by :func:`declare`."""

    rules: RulesDocument
    guide: Mapping[str, Any]
    explore: Explorer
    explore_position: PositionMaker
    explore_context: Sequence[Mapping[str, Any]] = ()


def examples_of(package: str) -> tuple[Mapping[str, Any], ...]:
    """The worked examples in ``package``'s ``examples.json`` (none where it has no such file): package data, read
    once when the game is declared."""
    data = resources.files(package).joinpath(EXAMPLES_FILE)
    if not data.is_file():
        return ()
    return tuple(json.loads(data.read_text(encoding="utf-8")))


def declare(package: str, game: GameDecl, page: RulesPage) -> GameDecl:
    """The declaration of the game in ``package`` (its ``__name__``): ``game`` with its rules page and the worked
    examples beside it; the game's state class learns it (``Game.decl``)."""
    decl = dataclasses.replace(
        game,
        rules=page.rules,
        guide=page.guide,
        explore=page.explore,
        explore_position=page.explore_position,
        explore_context=page.explore_context,
        examples=examples_of(package),
    )
    decl.state.decl = decl
    return decl


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
