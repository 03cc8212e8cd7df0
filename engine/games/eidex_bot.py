"""The Eidex heuristic bot: it plays only from its seat's view and the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.cards import JACK, SUITS, Card
from engine.games.eidex_rules import CONTRACTS, LAST_TRICK_BONUS, Contract, trick_winner

MARGIN = 12
"""Card points the bot keeps in hand below the limit for what the rest of the hand may force on it."""
HIGH_TRICK = 10
"""A trick worth at least this many points is worth a trump."""


class HeuristicBot:
    """Discards a worthless card; takes points while they keep it safely below the limit (the highest player
    scores a victory point, the player at the limit none); trumps opponents' valuable tricks; otherwise sheds
    its cheapest card. In the 6-6-6 special round, where the player at the limit wins, it takes everything."""

    def choose(self, view: dict[str, Any], legal_actions: Sequence[str], rng: random.Random) -> str:
        extra = view["extra"]
        trump = SUITS.index(extra["trump"]) if extra["trump"] else None
        contract = CONTRACTS[(extra["mode"], trump)]
        verb = legal_actions[0].split()[0]
        cards = [Card.parse(a.split()[1]) for a in legal_actions]
        if verb == "discard":
            return f"discard {worthless(cards, contract)}"
        return f"play {self._play(view, cards, contract)}"

    def _play(self, view: dict[str, Any], cards: list[Card], contract: Contract) -> Card:
        extra, seat = view["extra"], view["seat"]
        points, strength = contract.points, contract.strength
        trick = [Card.parse(p["cards"][0]) for p in view["table"]["plays"]]
        discard = extra["discards"][seat]
        own = extra["taken"][seat] + (points[Card.parse(discard).index] if discard else 0)
        at_stake = sum(points[c.index] for c in trick) + (LAST_TRICK_BONUS if len(view["hand"]) == 1 else 0)
        cap = float("inf") if extra["special_round"] else extra["limit"] - MARGIN
        winners = [c for c in cards if trick_winner([*trick, c], contract) == len(trick)]
        losers = [c for c in cards if c not in winners]

        def cheap(c: Card) -> tuple[int, int]:
            return points[c.index], strength[c.index]

        def taking(c: Card) -> bool:
            return own + at_stake + points[c.index] < cap

        if not trick:
            if own + at_stake < cap:
                boss = [c for c in cards if c.suit == contract.trump and c.rank == JACK]
                aces = [c for c in cards if c.suit != contract.trump and strength[c.index] == 9]
                if boss or aces:
                    return (boss or aces)[0]
            return min(cards, key=cheap)
        takers = [c for c in winners if taking(c)]
        if takers:
            if len(trick) == 2 or at_stake >= HIGH_TRICK:
                return min(takers, key=cheap if len(trick) == 2 else lambda c: -strength[c.index])
        return min(losers or cards, key=cheap)


def worthless(cards: Sequence[Card], contract: Contract) -> Card:
    """The card that costs least to lay face down: no trump, fewest points, weakest."""
    return min(cards, key=lambda c: (c.suit == contract.trump, contract.points[c.index], contract.strength[c.index]))
