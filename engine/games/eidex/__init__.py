"""Eidex: the assembly point that declares the game from its rooms (state, tables, bot, search, doc, explore)."""

from engine.bots import RandomBot
from engine.core import GameDecl
from engine.games.eidex.bot import HeuristicBot
from engine.games.eidex.char_search import EidexHardBot
from engine.games.eidex.doc import rules
from engine.games.eidex.explore import CONTEXT, explore, explore_position
from engine.games.eidex.guide import GUIDE
from engine.games.eidex.search import EidexCarelessBot
from engine.games.eidex.state import EidexGame
from engine.games.eidex.tables import OPTIONS, PLAYERS
from engine.registry import RulesPage, declare

NORMAL = HeuristicBot()
DECL = declare(
    __name__,
    GameDecl(
        id="eidex",
        name="Eidex",
        min_players=PLAYERS,
        max_players=PLAYERS,
        options=OPTIONS,
        state=EidexGame,
        default_players=PLAYERS,
        deck_size=36,
        bots={"easy": EidexCarelessBot(NORMAL), "normal": NORMAL, "hard": EidexHardBot(NORMAL), "random": RandomBot()},
    ),
    RulesPage(rules=rules, guide=GUIDE, explore=explore, explore_position=explore_position, explore_context=CONTEXT),
)

__all__ = ["DECL", "EidexGame"]
