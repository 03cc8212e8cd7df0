"""Bank: the assembly point that declares the game from its rooms (state, tables, bot, doc, explore)."""

from engine.bots import RandomBot
from engine.core import GameDecl
from engine.games.bank.bot import BankBot
from engine.games.bank.doc import rules
from engine.games.bank.explore import CONTEXT, explore, explore_position
from engine.games.bank.guide import GUIDE
from engine.games.bank.search import hard_bot
from engine.games.bank.state import BankGame
from engine.games.bank.tables import OPTIONS
from engine.registry import RulesPage, declare
from engine.search import CarelessBot

DECL = declare(
    __name__,
    GameDecl(
        id="bank",
        name="Bank",
        min_players=2,
        max_players=4,
        options=OPTIONS,
        state=BankGame,
        default_players=4,
        deck_size=36,
        bots={"easy": CarelessBot(BankBot(), 0.3), "normal": BankBot(), "hard": hard_bot(), "random": RandomBot()},
    ),
    RulesPage(rules=rules, guide=GUIDE, explore=explore, explore_position=explore_position, explore_context=CONTEXT),
)

__all__ = ["DECL", "BankGame"]
