"""Armenian Bazar Blot: the assembly point that declares the game from its rooms (state, tables, bot, doc, explore)."""

from engine.bots import RandomBot
from engine.core import GameDecl
from engine.games.blot.bot import BeginnerBot, HeuristicBot
from engine.games.blot.doc import rules
from engine.games.blot.examples import EXAMPLES
from engine.games.blot.explore import CONTEXT, explore
from engine.games.blot.guide import GUIDE
from engine.games.blot.options import OPTIONS, check_options
from engine.games.blot.search import HardBot
from engine.games.blot.state import Blot

EASY_SLIP = 0.5
"""How often Easy plays a random legal card instead of the heuristic's (tuned: Normal beats it, it beats random)."""

DECL = GameDecl(
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
    rules=rules,
    explore=explore,
    explore_context=CONTEXT,
    examples=EXAMPLES,
    guide=GUIDE,
    option_check=check_options,
)
Blot.decl = DECL

__all__ = ["DECL", "Blot"]
