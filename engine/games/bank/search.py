"""Bank's search (the Hard level): deals of the unseen cards consistent with a seat's view, each candidate play
laid in every deal and the hand played out to its end under the engine's own rules, the best mean outcome chosen.

A seat sees its own hand, the bank on the table, the cards taken in banks this hand (``extra.gone``, pile by pile
in seat order), every hand's and the stock's size, the trumps, the scores. Nothing a seat sees in Bank rules a card
out of a rival's hand (a draw or a pass is only shown as the move, not against which top), so the unseen cards (the
other hands and the stock) are dealt uniformly at random, each hand as many cards as the view shows.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.bots import Bot, bot_seat
from engine.cards import Card, from_mask
from engine.core import Game
from engine.games.bank.bot import BankBot, guess_deal, shed_value, unseen_cards
from engine.games.bank.state import BankGame
from engine.games.bank.tables import card_points
from engine.search import Advice, SearchBot, Searcher, mean_values
from engine.views import View

WIN = 150.0
"""What winning (or losing) the game in a playout is worth, in points of score lead."""


def sample(view: View, rng: random.Random) -> BankGame:
    """A game in the position ``view`` shows (a seat to act in the play phase), the cards it has not seen dealt at
    random: the other hands (as many cards as each shows) and the stock. Built from the view only; the piles taken
    this hand are the seats' piles of ``extra.gone`` and the game goes on after this hand as the table's would (its
    options as the view shows them). Bonuses already earned this hand by seats that went out are not known to the
    view in detail and are left out."""
    hands, stock = guess_deal(view, unseen_cards(view), rng)
    game = BankGame.from_view(view, hands, stock, rng.getrandbits(32))
    extra = view["extra"]
    game.options = dict(extra["options"])
    game.skipped = extra["skipped"]
    gone = [Card.parse(c) for c in extra["gone"]]
    at = 0
    for s, taken in enumerate(extra["won"]):
        game.won[s] = gone[at : at + taken["cards"]]
        game.banks_won[s] = taken["banks"]
        at += taken["cards"]
    return game


def value(game: Game, seat: int) -> float:
    """How good a state played on from a :func:`sample` is for ``seat``: its total less the others' average, where
    a hand not yet over counts as if it stopped now (the banks and bonuses won, less the card points still in each
    hand), plus :data:`WIN` for a game won (less it for a game lost). A sample's ``last_hand`` is empty until the
    hand it was built in is over."""
    assert isinstance(game, BankGame)
    score = game.score
    if game.last_hand is None:
        score = [
            score[s] + card_points(game.won[s]) + sum(p for _, p in game.bonus_lines[s]) - hand_points(game.hands[s])
            for s in range(game.players)
        ]
    lead = score[seat] - (sum(score) - score[seat]) / (len(score) - 1)
    if game.winners is not None:
        lead += WIN if seat in game.winners else -WIN
    return lead


def hand_points(hand: int) -> int:
    """The card points of a hand (a bitmask)."""
    return card_points(from_mask(hand))


class GreedyPolicy:
    """The playout policy of the searching seat: it lays the play that sheds the most card points (keeping eights),
    at random among equals; draws and passes are forced. ``move`` reads the (sampled) state directly; ``choose`` is
    the same choice from a view, as any bot."""

    def choose(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> str:
        return self.pick(legal_actions, rng)

    @staticmethod
    def pick(legal: Sequence[str], rng: random.Random) -> str:
        """The greedy choice among ``legal``."""
        if len(legal) == 1:
            return legal[0]
        best = max(map(shed_value, legal))
        top = [a for a in legal if shed_value(a) == best]
        return top[rng.randrange(len(top))] if len(top) > 1 else top[0]


def play_on(game: BankGame, seat: int, horizon: int, rng: random.Random) -> None:
    """Play ``game`` on for ``horizon`` moves at most, within its current hand: ``seat`` by :class:`GreedyPolicy`,
    the others at random (the Normal bot's model of a rival it cannot read)."""
    hand = game.hand_no
    for _ in range(horizon):
        if game.phase != "play" or game.hand_no != hand:
            return
        who = game.turn
        legal = game.legal_actions(who)
        if len(legal) == 1:
            action = legal[0]
        elif who == seat:
            action = GreedyPolicy.pick(legal, rng)
        else:
            action = legal[rng.randrange(len(legal))]
        game.apply(who, action, trusted=True)


POLICY = GreedyPolicy()
SEARCHER = Searcher(sample=sample, value=value, policy=POLICY)


class BankSearchBot(SearchBot):
    """Hard: the Normal bot's one-move score shortlists the plays (the ``wide`` best); each is laid in the same
    ``worlds`` sampled deals and played on for ``horizon`` moves (:func:`play_on`), every candidate meeting the same
    deal and the same playout randomness (common random numbers); the best mean :func:`value` plus ``prior`` × the
    one-move score wins. Forced moves, the trump choice and going out are the Normal bot's."""

    def __init__(self, worlds: int = 48, wide: int = 6, prior: float = 0.3, horizon: int = 15):
        super().__init__(SEARCHER, BankBot(), worlds, wide)
        self.prior_weight = prior
        self.horizon = horizon

    def advise(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> Advice:
        normal = self.prior
        assert isinstance(normal, BankBot)
        legal = list(legal_actions)
        plays = [a for a in legal if a.startswith("play ")]
        hand = [Card.parse(c) for c in view["hand"]]
        if len(plays) < 2 or any(len(a.split()) > len(hand) for a in plays):
            action = normal.choose(view, legal, rng)
            return Advice(action, 0, {action: 0.0})
        unseen = unseen_cards(view)
        scores = {a: normal.value(view, hand, unseen, [Card.parse(t) for t in a.split()[1:]]) for a in plays}
        candidates = sorted(plays, key=lambda a: -scores[a])[: self.wide]
        seat = bot_seat(view)
        played = mean_values(
            view,
            candidates,
            self.worlds,
            rng,
            sample,
            lambda game, moves: play_on(game, seat, self.horizon, moves),
            value,
        )
        means = {a: played[a] + self.prior_weight * scores[a] for a in candidates}
        best = max(candidates, key=means.__getitem__)
        return Advice(best, self.worlds, means)


def hard_bot() -> Bot:
    """The Hard level as registered."""
    return BankSearchBot()
