"""Bailiff: the assembly point that declares the game from its rooms (state, tables, bot, doc, explore)."""

from engine.bots import RandomBot
from engine.core import GameDecl
from engine.games.bailiff.bot import HeuristicBot
from engine.games.bailiff.doc import rules
from engine.games.bailiff.explore import explore, explore_position
from engine.games.bailiff.guide import GUIDE
from engine.games.bailiff.search import HardBot
from engine.games.bailiff.state import Bailiff
from engine.games.bailiff.tables import FULL_TABLE, MIN_PLAYERS, OPTIONS
from engine.registry import RulesPage, declare
from engine.search import CarelessBot

DECL = declare(
    __name__,
    GameDecl(
        id="bailiff",
        name="Bailiff",
        min_players=MIN_PLAYERS,
        max_players=FULL_TABLE,
        default_players=FULL_TABLE,
        deck_size=36,
        options=OPTIONS,
        state=Bailiff,
        bots={
            "easy": CarelessBot(HeuristicBot(), slip=0.3),
            "normal": HeuristicBot(),
            "hard": HardBot(HeuristicBot()),
            "random": RandomBot(),
        },
    ),
    RulesPage(rules=rules, guide=GUIDE, explore=explore, explore_position=explore_position),
)

__all__ = ["DECL", "Bailiff"]
