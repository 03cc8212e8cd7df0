"""Ass: the assembly point that declares the game from its rooms (state, options, bots, doc, explore, examples)."""

from engine.bots import RandomBot
from engine.core import GameDecl
from engine.games.ass.bot import HeuristicBot
from engine.games.ass.doc import rules
from engine.games.ass.explore import explore, explore_position
from engine.games.ass.guide import GUIDE
from engine.games.ass.options import OPTIONS, check_options
from engine.games.ass.search import HARD
from engine.games.ass.state import AssGame
from engine.registry import RulesPage, declare
from engine.search import CarelessBot

DECL = declare(
    __name__,
    GameDecl(
        id="ass",
        name="Ass",
        min_players=2,
        max_players=6,
        options=OPTIONS,
        state=AssGame,
        default_players=4,
        deck_size=36,
        bots={
            "easy": CarelessBot(HeuristicBot(), slip=0.5),
            "normal": HeuristicBot(),
            "hard": HARD,
            "random": RandomBot(),
        },
        option_check=check_options,
    ),
    RulesPage(rules=rules, guide=GUIDE, explore=explore, explore_position=explore_position),
)

__all__ = ["DECL", "AssGame"]
