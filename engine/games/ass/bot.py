"""Ass: a heuristic bot that plays from its view and the legal actions only.

It bets from the strength of its four cards, beats when the trick is worth it, and keeps its eights and its
trumps for valuable tricks: every legal card is tried on a copy of the trick on the table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.actions import Action
from engine.bots import bot_seat, trick_cards
from engine.cards import ACE, EIGHT, SIX, TEN, Card
from engine.games.ass.extra import extra_of
from engine.games.ass.play import STRENGTH, Play, Trick, card_class
from engine.games.ass.score import CARD_POINTS, trick_bonus
from engine.views import View

KEEP_VALUE: dict[str, float] = {"eight": 14.0, "trump": 1.0, "six": 3.0}
"""What holding on to a card is worth: eights are the power cards, a trump per rank step, a six leads well."""

GO_THRESHOLD: dict[int, float] = {2: 0.0, 3: 3.0, 4: 5.0}
"""Hand strength from which the bot bets go, per player count (more players: lower odds of reaching)."""

HOLD_CHANCE = 0.55
"""How likely a card that leads the trick now still takes it when more players are to come."""


def keep_value(card: Card, cls: int) -> float:
    """What the bot loses by spending ``card`` now."""
    if card.rank == EIGHT:
        return KEEP_VALUE["eight"]
    if cls:
        return KEEP_VALUE["trump"] * STRENGTH[card.rank]
    return KEEP_VALUE["six"] if card.rank == SIX else 0.0


def hand_strength(cards: Sequence[Card], classes: Sequence[int]) -> float:
    """A rough count of the tricks and points the hand promises."""
    score = 0.0
    for card, cls in zip(cards, classes, strict=True):
        if card.rank == EIGHT:
            score += 3
        elif cls:
            score += 1 + STRENGTH[card.rank] / 4
        elif card.rank in (ACE, TEN, SIX):
            score += 1
    return score


class HeuristicBot:
    """Bets from hand strength; plays the card with the best expected points minus what it spends."""

    def choose(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> str:
        verb = Action.parse(legal_actions[0]).verb
        if verb == "trump":
            return legal_actions[rng.randrange(len(legal_actions))]
        me = bot_seat(view)
        extra = extra_of(view)
        setup, mine = extra["options"]["trumps"], extra["trumps"][me]
        if verb == "bet":
            cards = [Card.parse(c) for c in view["hand"]]
            strength = hand_strength(cards, [card_class(setup, mine, c) for c in cards])
            threshold = GO_THRESHOLD.get(view["players"], 6.0)
            return "bet go" if strength >= threshold else "bet no"
        trick = self._trick(view)
        left = view["players"] - len(trick.plays) - 1
        best, best_value = legal_actions[0], float("-inf")
        for action in legal_actions:
            card = Card.parse(Action.parse(action).args[0])
            value = self._value(trick, Play(me, card, card_class(setup, mine, card)), left) + rng.random() * 1e-3
            if value > best_value:
                best, best_value = action, value
        return best

    @staticmethod
    def _trick(view: View) -> Trick:
        """The trick on the table, rebuilt from the view."""
        extra = extra_of(view)
        rules = extra["options"]
        trick = Trick(setup=extra["options"]["trumps"], eight_anchor=rules["eight_anchor"], six_in_a=rules["six_in_A"])
        for seat, card in trick_cards(view):
            trick.add(Play(seat, card, card_class(extra["options"]["trumps"], extra["trumps"][seat], card)))
        return trick

    @staticmethod
    def _value(trick: Trick, play: Play, left: int) -> float:
        """Expected points of laying ``play`` minus what the card is worth kept."""
        keep = keep_value(play.card, play.cls)
        if not trick.plays:
            return -keep - CARD_POINTS[play.card.rank] * 0.5
        trial = trick.copy()
        trial.add(play)
        cards = [p.card for p in trial.plays]
        worth = sum(CARD_POINTS[c.rank] for c in cards) + trick_bonus(cards, "trick")[0]
        if trial.winner() == play.seat:
            chance = 1.0 if left == 0 else (0.8 if trial.regime == "chain" else HOLD_CHANCE)
            return chance * (worth + 8) - keep
        return -CARD_POINTS[play.card.rank] - keep
