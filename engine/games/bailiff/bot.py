"""Bailiff's heuristic bot: sheds cheaply and keeps aces for when nothing else answers."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.actions import Action
from engine.cards import SIX, Card
from engine.games.bailiff.extra import extra_of
from engine.games.bailiff.tables import ACE, RANK_ORDER
from engine.views import View

HEURISTIC_TAKE_PILE = 3
"""The heuristic bot takes a pile of at most this many cards rather than spend a card ranked at least..."""

HEURISTIC_TAKE_RANK = RANK_ORDER.index("K")
"""...this high (or an ace) on it."""

HEURISTIC_WANDER = 0.1
"""The share of turns on which the heuristic bot lays a random card instead: two such bots left without aces
would otherwise pass the same cards back and forth for ever."""


def _action_ranks(action: str) -> list[int]:
    """The rank indices (six = 0 ... ace = 8) of the cards an action lays."""
    return [Card.parse(p).rank - SIX for p in list(Action.parse(action).args)]


class HeuristicBot:
    """Sheds cheaply: extends when it can, else plays its lowest legal lead, raise or cover, keeps aces for
    when nothing else answers, and takes a small pile rather than spend a high card on it; now and then it lays
    a random card (see ``HEURISTIC_WANDER``)."""

    def choose(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> str:
        plays = [a for a in legal_actions if a != "take"]
        if not plays:
            return "take"
        if rng.random() < HEURISTIC_WANDER:
            return rng.choice(plays)
        top = extra_of(view)["top"]
        if top is not None:
            extend = [
                a
                for a in plays
                if len(Action.parse(a).args) == 1 and _action_ranks(a)[0] == RANK_ORDER.index(top["rank"])
            ]
            if extend:
                return extend[0]
        best = min(plays, key=lambda a: (max(_action_ranks(a)) == ACE, max(_action_ranks(a)), sum(_action_ranks(a))))
        cost = max(_action_ranks(best))
        if (
            "take" in legal_actions
            and extra_of(view)["pile_size"] <= HEURISTIC_TAKE_PILE
            and cost >= HEURISTIC_TAKE_RANK
        ):
            return "take"
        return best
