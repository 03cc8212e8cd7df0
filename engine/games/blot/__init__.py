"""Armenian Bazar Blot: the assembly point that declares the game from its rooms (state, tables, bot, doc, explore)."""

from engine.bots import RandomBot
from engine.core import GameDecl
from engine.games.blot.bot import BeginnerBot, HeuristicBot
from engine.games.blot.doc import rules
from engine.games.blot.explore import CONTEXT, explore, explore_position
from engine.games.blot.guide import GUIDE
from engine.games.blot.options import OPTIONS, check_options
from engine.games.blot.search import HardBot
from engine.games.blot.state import Blot
from engine.registry import RulesPage, declare

EASY_SLIP = 0.5
"""How often Easy plays a random legal card instead of the heuristic's (tuned: Normal beats it, it beats random)."""

DECL = declare(
    __name__,
    GameDecl(
        id="blot",
        name="Blot",
        min_players=4,
        max_players=4,
        options=OPTIONS,
        state=Blot,
        default_players=4,
        deck_size=32,
        bots={
            "easy": BeginnerBot(EASY_SLIP),
            "normal": HeuristicBot(),
            "hard": HardBot(),
            "random": RandomBot(),
        },
        option_check=check_options,
    ),
    RulesPage(rules=rules, guide=GUIDE, explore=explore, explore_position=explore_position, explore_context=CONTEXT),
)

__all__ = ["DECL", "Blot"]
