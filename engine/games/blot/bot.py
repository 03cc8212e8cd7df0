"""Blot's heuristic bot: bids from its hand strength, doubles hopeless bids, and plays sensibly — cashes sure
winners, draws trumps when declaring, keeps the trump jack and nine, gives points to a winning partner. It sees
only its view and the legal actions."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from engine.actions import Action
from engine.bots import bot_seat, trick_cards
from engine.cards import ACE, JACK, NINE, Card
from engine.games.blot.combos import belote_holder, find_combinations
from engine.games.blot.play import current_winner, trump_suit
from engine.games.blot.state import BID_OF_ACTION
from engine.games.blot.tables import BELOTE_POINTS, DECK, POINTS, STRAINS, STRENGTH
from engine.search import CarelessBot
from engine.views import View

PARTNER_SHARE = 30
"""Raw points a bidder counts on from an average partner."""
TRUMP_LENGTH_BONUS = 12
"""Raw points per trump beyond the second (long trumps take tricks)."""
HIGH_CARD_FACTOR = 1.4
"""A high card held is worth more than its own points: it takes the trick's other cards too."""
CONTRA_LEVEL = 20
"""Opponents' bids from this level are doubled: beyond what cards and common combinations make."""
CONTRA_WITH_TRUMPS = 13
"""From this level a bid is doubled when holding its trump jack or nine with another trump."""
RECONTRA_MARGIN = 20
"""A declarer answers a contra with recontra when his estimate beats the bid by this many raw points."""


def estimate(hand: Sequence[Card], strain: str) -> int:
    """Raw points the bidder's team may expect in ``strain``: combinations, high cards, trump length, partner."""
    points = POINTS[strain]
    combos = sum(c.points for c in find_combinations(hand, strain)) * 10
    if belote_holder([hand], strain) == 0:
        combos += BELOTE_POINTS * 10
    trump = trump_suit(strain)
    if trump is None:
        aces = sum(c.rank == ACE for c in hand)
        if aces < 3:
            return 0
        high = sum(points[c] for c in hand if c.rank in (ACE, 10))
        return int(combos + high * HIGH_CARD_FACTOR + PARTNER_SHARE)
    trumps = [c for c in hand if c.suit == trump]
    ranks = {c.rank for c in trumps}
    if len(trumps) < 3 or not ranks & {JACK, NINE}:
        return 0
    high = sum(points[c] for c in trumps) + sum(points[c] for c in hand if c.suit != trump and c.rank == ACE)
    length = TRUMP_LENGTH_BONUS * max(0, len(trumps) - 2)
    return int(combos + high * HIGH_CARD_FACTOR + length + PARTNER_SHARE)


class HeuristicBot:
    """A rule-of-thumb player for Blot."""

    def choose(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> str:
        if len(legal_actions) == 1:
            return legal_actions[0]
        hand = [Card.parse(c) for c in view["hand"]]
        if view["phase"] == "auction":
            return self.call(view, hand, legal_actions)
        legal = [Card.parse(Action.parse(a).args[0]) for a in legal_actions]
        return f"play {self._card(view, hand, legal)}"

    # ---- the auction -------------------------------------------------------------------------------
    def call(self, view: View, hand: list[Card], legal: Sequence[str]) -> str:
        """The auction call for ``hand`` at the view's position (the view's own hand is not read)."""
        seat = bot_seat(view)
        extra = view["extra"]
        standing = extra["standing"]
        if "recontra" in legal:
            mine = estimate(hand, standing["strain"])
            return "recontra" if mine >= standing["level"] * 10 + RECONTRA_MARGIN else "pass"
        if standing and standing["team"] != seat % 2 and "contra" in legal and self._doubles(hand, standing):
            return "contra"
        if standing and standing["team"] == seat % 2:
            return "pass"
        best = max(STRAINS, key=lambda s: estimate(hand, s))
        level = estimate(hand, best) // 10
        for action in legal:  # bids come lowest first: the first in ``best`` is the one to make or none is
            bid = BID_OF_ACTION.get(action)
            if bid is not None and not bid[2] and bid[1] == best:
                return action if bid[0] <= level else "pass"
        return "pass"

    def _doubles(self, hand: list[Card], standing: dict[str, Any]) -> bool:
        level = standing["level"]
        if level >= CONTRA_LEVEL or standing["kaput"]:
            return True
        trump = trump_suit(standing["strain"])
        trumps = [c for c in hand if c.suit == trump]
        return level >= CONTRA_WITH_TRUMPS and len(trumps) >= 2 and any(c.rank in (JACK, NINE) for c in trumps)

    # ---- the play ------------------------------------------------------------------------------------
    def _card(self, view: View, hand: list[Card], legal: list[Card]) -> Card:
        extra = view["extra"]
        contract = extra["contract"]
        strain = contract["strain"]
        seat = bot_seat(view)
        strength, points = STRENGTH[strain], POINTS[strain]
        trump = trump_suit(strain)
        table = trick_cards(view)
        seen = {Card.parse(c) for c in extra["played"]} | {c for _, c in table} | set(hand)
        unseen = [c for c in DECK if c not in seen]

        def master(card: Card) -> bool:
            return not any(u.suit == card.suit and strength[u] > strength[card] for u in unseen)

        def cheap(card: Card) -> tuple[int, int]:
            keep = card.suit == trump and card.rank in (JACK, NINE)
            return (keep, points[card] + strength[card] // 10)

        if not table:
            return self._lead(legal, contract["team"] == seat % 2, trump, master, cheap, unseen, points)
        winner, _ = current_winner(table, strain)
        last = len(table) == 3
        if winner == (seat + 2) % 4:
            partner_card = next(c for s, c in table if s == winner)
            if last or master(partner_card) and (partner_card.suit == trump or trump is None):
                return max(legal, key=lambda c: (not cheap(c)[0], points[c], -strength[c]))
            return min(legal, key=cheap)
        winning = [c for c in legal if current_winner([*table, (seat, c)], strain)[0] == seat]
        if winning:
            if last:
                return min(winning, key=lambda c: (strength[c], points[c]))
            sure = [c for c in winning if master(c)]
            return max(sure, key=lambda c: points[c]) if sure else min(winning, key=lambda c: strength[c])
        return min(legal, key=cheap)

    def _lead(
        self,
        legal: list[Card],
        declaring: bool,
        trump: int | None,
        master: Callable[[Card], bool],
        cheap: Callable[[Card], tuple[int, int]],
        unseen: list[Card],
        points: dict[Card, int],
    ) -> Card:
        trumps_out = trump is not None and any(u.suit == trump for u in unseen)
        if declaring and trumps_out:
            top = [c for c in legal if c.suit == trump and master(c)]
            if top:
                return top[0]
        safe = [c for c in legal if c.suit != trump and master(c)]
        if safe:
            return max(safe, key=lambda c: points[c])
        plain = [c for c in legal if c.suit != trump] or legal
        return min(plain, key=cheap)


class BeginnerBot:
    """The Easy level: the heuristic's calls in the auction (a beginner's wild bid would only end the game), but in
    the play, with probability ``slip``, a random legal card instead of the heuristic's."""

    def __init__(self, slip: float):
        self.steady = HeuristicBot()
        self.careless = CarelessBot(self.steady, slip)

    def choose(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> str:
        bot = self.careless if view["phase"] == "play" else self.steady
        return bot.choose(view, legal_actions, rng)
