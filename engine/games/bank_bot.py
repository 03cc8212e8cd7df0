"""Bank's heuristic bot: sheds cards into banks it is likely to take, keeps eights and sixes to escape with, and
finishes with a king when it can. It sees only its seat's view and the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.cards import EIGHT, KING, SEVEN, SIX, SUITS, Card, from_mask, mask
from engine.games.bank_tables import (
    CARD_POINTS,
    DECK,
    FOUR_OF_A_KIND_BONUS,
    KING_BONUS,
    LAY_MASKS,
    PLACE_BONUS,
    RUN_BONUS,
    SUIT_MASKS,
)

SENIOR_JUNIOR: dict[str, int] = {"S": 2, "D": 1}

WEIGHTS: dict[str, float] = {
    "card": 12.0,
    "eight": 4.0,
    "six": 2.0,
    "king": 6.0,
    "shed_points": 0.8,
    "out": 200.0,
    "bank": 1.0,
    "lose": 1.0,
    "flex": 100.0,
    "extra_turn": 15.0,
}
"""What the bot values: each card shed and its points, going out; the cost of laying an eight, a six or a king it
could keep; the bank it may win (``bank``) or lose when it cannot answer the reply (``lose``); how many possible
tops its remaining hand can answer (``flex``); a seven that gives it another turn (``extra_turn``)."""


def suit_classes(view: dict[str, Any], seat: int) -> list[int]:
    """Per suit, the trump class of ``seat``'s cards as the view shows the trumps."""
    extra = view["extra"]
    if extra["trump_setup"] == "senior-junior":
        return [SENIOR_JUNIOR.get(suit, 0) for suit in SUITS]
    return [1 if suit in extra["trumps"][seat] else 0 for suit in SUITS]


def answers(classes: list[int], top: Card, top_class: int) -> int:
    """The bitmask of cards a player with these suit classes may lay on ``top``."""
    masks = LAY_MASKS["any"]
    return sum(masks[(classes[s], top_class, top.index)] & SUIT_MASKS[s] for s in range(4))


def next_seat(view: dict[str, Any], seat: int, top: Card) -> int | None:
    """The seat that must answer ``top`` after ``seat``'s move (past a seven's skip)."""
    active = [s for s, info in enumerate(view["seats"]) if info["out"] is None and (info["cards"] or s == seat)]
    order = [s for s in active if s > seat] + [s for s in active if s < seat]
    if top.rank == SEVEN and view["extra"]["seven"] in ("skip", "skip-and-draw"):
        order = order[1:] + [seat]
    return order[0] if order else seat


class BankBot:
    """Scores every legal play and picks the best (ties broken by the caller's ``rng``)."""

    def choose(self, view: dict[str, Any], legal_actions: Sequence[str], rng: random.Random) -> str:
        plays = [a for a in legal_actions if a.startswith("play ")]
        if not plays:
            return legal_actions[rng.randrange(len(legal_actions))]
        hand = [Card.parse(c) for c in view["hand"]]
        seen = set(hand) | {Card.parse(c) for play in view["table"]["plays"] for c in play["cards"]}
        unseen = mask(c for c in DECK if c not in seen)
        scored = [(self.value(view, hand, unseen, [Card.parse(t) for t in a.split()[1:]]), a) for a in plays]
        best = max(s for s, _ in scored)
        return rng.choice([a for s, a in scored if s == best])

    def value(self, view: dict[str, Any], hand: list[Card], unseen: int, cards: list[Card]) -> float:
        """What the bot expects from laying ``cards``: shedding, the bank it may win or lose, what it keeps."""
        seat, top = view["seat"], cards[-1]
        left = [c for c in hand if c not in cards]
        if not left:
            place = sum(info["out"] is not None for info in view["seats"]) + 1
            bonus = PLACE_BONUS.get(place, 0) + (KING_BONUS.get(place, 0) if top.rank == KING else 0)
            if len(cards) == 4 and len({c.rank for c in cards}) == 1 and top.rank != KING:
                bonus += FOUR_OF_A_KIND_BONUS
            elif len(cards) == 4 and len({c.suit for c in cards}) == 1 and cards[0].rank != EIGHT:
                bonus += RUN_BONUS.get(place, 0)
            return WEIGHTS["out"] + bonus
        value = WEIGHTS["card"] * len(cards) + WEIGHTS["shed_points"] * sum(CARD_POINTS[c.rank] for c in cards)
        value -= WEIGHTS["eight"] * sum(c.rank == EIGHT for c in cards)
        value -= WEIGHTS["six"] * sum(c.rank == SIX for c in cards)
        if any(c.rank == KING for c in left):
            value -= WEIGHTS["king"] * sum(c.rank == KING for c in cards)
        answerer = next_seat(view, seat, top)
        unseen &= ~mask(cards)
        if answerer == seat:
            return value + WEIGHTS["extra_turn"]
        if not unseen:
            return value
        mine, theirs = suit_classes(view, seat), suit_classes(view, answerer)
        replies = unseen & answers(theirs, top, mine[top.suit])
        holding = view["seats"][answerer]["cards"] + (1 if view["stock"] else 0)
        fail = (1 - bin(replies).count("1") / bin(unseen).count("1")) ** holding
        kept = mask(left)
        if WEIGHTS["flex"]:
            tops = from_mask(unseen)
            value += WEIGHTS["flex"] * sum(1 for x in tops if kept & answers(mine, x, theirs[x.suit])) / len(tops)
        replies_list = from_mask(replies)
        answered = sum(1 for x in replies_list if kept & answers(mine, x, theirs[x.suit]))
        p_answer = answered / len(replies_list) if replies_list else 1.0
        bank = view["extra"]["bank"]["points"] + sum(CARD_POINTS[c.rank] for c in cards)
        return value + WEIGHTS["bank"] * bank * (fail - WEIGHTS["lose"] * (1 - fail) * (1 - p_answer))
