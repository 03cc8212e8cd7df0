"""Bank: the assembly point that declares the game from its rooms (state, tables, bot, doc, explore)."""

from engine.bots import RandomBot
from engine.core import GameDecl
from engine.games.bank.bot import BankBot
from engine.games.bank.doc import rules
from engine.games.bank.examples import EXAMPLES
from engine.games.bank.explore import CONTEXT, explore
from engine.games.bank.guide import GUIDE
from engine.games.bank.search import hard_bot
from engine.games.bank.state import BankGame
from engine.games.bank.tables import OPTIONS
from engine.search import CarelessBot

DECL = GameDecl(
    id="bank",
    name="Bank",
    min_players=2,
    max_players=4,
    options=OPTIONS,
    state=BankGame,
    default_players=4,
    deck_size=36,
    bots={"easy": CarelessBot(BankBot(), 0.3), "normal": BankBot(), "hard": hard_bot(), "random": RandomBot()},
    rules=rules,
    explore=explore,
    explore_context=CONTEXT,
    examples=EXAMPLES,
    guide=GUIDE,
)
BankGame.decl = DECL

__all__ = ["DECL", "BankGame"]
