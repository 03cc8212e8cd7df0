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
    "shed_points": 2.0,
    "out": 200.0,
    "bank": 1.0,
    "lose": 1.0,
    "flex": 100.0,
    "extra_turn": 15.0,
    "rival_out": 1.0,
}
"""What the bot values: each card shed and its points, going out; the cost of laying an eight, a six or a king it
could keep; the bank it may win (``bank``) or lose when it cannot answer the reply (``lose``); how many possible
tops its remaining hand can answer (``flex``); a seven that gives it another turn (``extra_turn``); a rival with one
card left going out on its play (``rival_out``: his bonus, the bank and the points left in its hand)."""


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


SKIPPING_SEVENS = ("skip", "skip-and-draw")
"""The ``after_seven`` options under which a seven left on top makes the next player miss his turn."""


def answerer(view: dict[str, Any], seat: int, top: Card) -> tuple[int | None, bool]:
    """The seat that must answer ``top`` after ``seat``'s move, and whether a seven's skip gives ``seat`` another
    turn first (two players left): then the answerer is the rival after that turn."""
    seats = view["seats"]
    after = [(seat + k) % len(seats) for k in range(1, len(seats))]
    others = [s for s in after if seats[s]["out"] is None and seats[s]["cards"]]
    skips = top.rank == SEVEN and view["extra"]["seven"] in SKIPPING_SEVENS
    if not others:
        return None, False
    return others[1 if skips and len(others) > 1 else 0], skips and len(others) == 1


class BankBot:
    """Scores every legal play and picks the best (ties broken by the caller's ``rng``)."""

    def choose(self, view: dict[str, Any], legal_actions: Sequence[str], rng: random.Random) -> str:
        plays = [a for a in legal_actions if a.startswith("play ")]
        if not plays:
            return legal_actions[rng.randrange(len(legal_actions))]
        hand = [Card.parse(c) for c in view["hand"]]
        piles = [view["table"], view["last_trick"]] if view["last_trick"] else [view["table"]]
        seen = set(hand) | {Card.parse(c) for pile in piles for play in pile["plays"] for c in play["cards"]}
        unseen = mask(c for c in DECK if c not in seen)
        scored = [(self.value(view, hand, unseen, [Card.parse(t) for t in a.split()[1:]]), a) for a in plays]
        best = max(s for s, _ in scored)
        return rng.choice([a for s, a in scored if s == best])

    def value(self, view: dict[str, Any], hand: list[Card], unseen: int, cards: list[Card]) -> float:
        """What the bot expects from laying ``cards``: shedding, the bank it may win or lose, what it keeps."""
        seat, top = view["seat"], cards[-1]
        left = [c for c in hand if c not in cards]
        bank = view["extra"]["bank"]["points"] + sum(CARD_POINTS[c.rank] for c in cards)
        place = sum(info["out"] is not None for info in view["seats"]) + 1
        if not left:
            bonus = PLACE_BONUS.get(place, 0) + (KING_BONUS.get(place, 0) if top.rank == KING else 0)
            if len(cards) == 4 and len({c.rank for c in cards}) == 1 and top.rank != KING:
                bonus += FOUR_OF_A_KIND_BONUS
            elif len(cards) == 4 and len({c.suit for c in cards}) == 1 and cards[0].rank != EIGHT:
                bonus += RUN_BONUS.get(place, 0)
            return WEIGHTS["out"] + bonus + bank
        value = WEIGHTS["card"] * len(cards) + WEIGHTS["shed_points"] * sum(CARD_POINTS[c.rank] for c in cards)
        value -= WEIGHTS["eight"] * sum(c.rank == EIGHT for c in cards)
        value -= WEIGHTS["six"] * sum(c.rank == SIX for c in cards)
        if any(c.rank == KING for c in left):
            value -= WEIGHTS["king"] * sum(c.rank == KING for c in cards)
        rival, again = answerer(view, seat, top)
        if again:
            value += WEIGHTS["extra_turn"]
        unseen &= ~mask(cards)
        if rival is None or not unseen:
            return value
        mine, theirs = suit_classes(view, seat), suit_classes(view, rival)
        replies = unseen & answers(theirs, top, mine[top.suit])
        hit = bin(replies).count("1") / bin(unseen).count("1")
        rival_cards = view["seats"][rival]["cards"]
        fail = (1 - hit) ** (rival_cards + (1 if view["stock"] else 0))
        kept = mask(left)
        if WEIGHTS["flex"]:
            tops = from_mask(unseen)
            value += WEIGHTS["flex"] * sum(1 for x in tops if kept & answers(mine, x, theirs[x.suit])) / len(tops)
        replies_list = from_mask(replies)
        answered = sum(1 for x in replies_list if kept & answers(mine, x, theirs[x.suit]))
        p_answer = answered / len(replies_list) if replies_list else 1.0
        if rival_cards == 1:
            value -= (
                WEIGHTS["rival_out"] * hit * (PLACE_BONUS.get(place, 0) + bank + sum(CARD_POINTS[c.rank] for c in left))
            )
        return value + WEIGHTS["bank"] * bank * (fail - WEIGHTS["lose"] * (1 - fail) * (1 - p_answer))
