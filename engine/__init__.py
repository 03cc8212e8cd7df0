"""Pure, deterministic card-game engines: no Flask, no I/O, no wall clock, no global random."""

from engine.cards import Card, make_deck
from engine.core import Deal, Game, GameDecl, IllegalAction
from engine.options import Option, OptionError
from engine.registry import all_games, game_ids, get_game, replay

__all__ = [
    "Card",
    "Deal",
    "Game",
    "GameDecl",
    "IllegalAction",
    "Option",
    "OptionError",
    "all_games",
    "game_ids",
    "get_game",
    "make_deck",
    "replay",
]
