"""Bank's heuristic bot (the Normal level): sheds cards into banks it is likely to take, keeps eights and sixes to
escape with, and finishes with a king when it can, by a one-move score of each play (no look-ahead: that is the
Hard level's, :mod:`engine.games.bank.search`). It sees only its seat's view and the legal actions, and draws its
randomness only from the ``rng`` it is given."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.actions import Action
from engine.bots import bot_seat
from engine.cards import EIGHT, KING, SEVEN, SIX, SUITS, Card, from_mask, mask
from engine.games.bank.extra import extra_of
from engine.games.bank.tables import (
    CARD_POINTS,
    DECK,
    FOUR_OF_A_KIND_BONUS,
    KING_BONUS,
    PLACE_BONUS,
    RUN_BONUS,
    lay_mask,
)
from engine.views import View

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


def suit_classes(view: View, seat: int) -> list[int]:
    """Per suit, the trump class of ``seat``'s cards as the view shows the trumps."""
    extra = extra_of(view)
    if extra["options"]["trumps"] == "senior-junior":
        return [SENIOR_JUNIOR.get(suit, 0) for suit in SUITS]
    return [1 if suit in extra["trumps"][seat] else 0 for suit in SUITS]


SKIPPING_SEVENS = ("skip", "skip-and-draw")
"""The ``after_seven`` options under which a seven left on top makes the next player miss his turn."""


def answerer(view: View, seat: int, top: Card) -> tuple[int | None, bool]:
    """The seat that must answer ``top`` after ``seat``'s move, and whether a seven's skip gives ``seat`` another
    turn first (two players left): then the answerer is the rival after that turn."""
    seats = view["seats"]
    after = [(seat + k) % len(seats) for k in range(1, len(seats))]
    others = [s for s in after if seats[s]["out"] is None and seats[s]["cards"]]
    skips = top.rank == SEVEN and extra_of(view)["options"]["after_seven"] in SKIPPING_SEVENS
    if not others:
        return None, False
    return others[1 if skips and len(others) > 1 else 0], skips and len(others) == 1


EIGHT_KEPT = 6
"""In the Hard level's play-outs a seat that sheds lays the play that sheds the most card points; each eight laid
counts this much against it (an eight answers anything later)."""


def unseen_cards(view: View) -> int:
    """The bitmask of the cards this seat has not seen this hand: the other hands and the stock."""
    seen = set(view["hand"]) | set(extra_of(view)["gone"])
    seen.update(c for play in view["table"]["plays"] for c in play["cards"])
    return mask(c for c in DECK if str(c) not in seen)


def guess_deal(view: View, unseen: int, rng: random.Random) -> tuple[list[int], list[Card]]:
    """The unseen cards dealt at random: every other seat's hand (bitmasks, as many cards as the view shows) and
    the stock, top first."""
    cards = from_mask(unseen)
    rng.shuffle(cards)
    hands, used = [], 0
    for s, info in enumerate(view["seats"]):
        count = 0 if s == view["seat"] else info["cards"]
        hands.append(mask(cards[used : used + count]))
        used += count
    return hands, cards[used : used + (view["stock"] or 0)]


_SHED: dict[str, int] = {}


def shed_value(action: str) -> int:
    """The card points an action lays, less :data:`EIGHT_KEPT` for each eight (cached: a table sees few texts)."""
    value = _SHED.get(action)
    if value is None:
        cards = Action.parse(action).cards()
        value = _SHED[action] = sum(CARD_POINTS[c.rank] - EIGHT_KEPT * (c.rank == EIGHT) for c in cards)
    return value


class BankBot:
    """Scores every legal play with a one-move heuristic (:meth:`value`) and lays the best; it goes out whenever
    it can, with the play that brings the most."""

    def choose(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> str:
        plays = [a for a in legal_actions if a.startswith("play ")]
        if not plays:
            return legal_actions[rng.randrange(len(legal_actions))]
        if len(plays) == 1:
            return plays[0]
        hand = [Card.parse(c) for c in view["hand"]]
        unseen = unseen_cards(view)
        scores = {a: self.value(view, hand, unseen, Action.parse(a).cards()) for a in plays}
        out = [a for a in plays if len(a.split()) > len(hand)]
        return max(out or plays, key=scores.__getitem__)

    def value(self, view: View, hand: list[Card], unseen: int, cards: list[Card]) -> float:
        """What the bot expects from laying ``cards``: shedding, the bank it may win or lose, what it keeps."""
        seat, top = bot_seat(view), cards[-1]
        left = [c for c in hand if c not in cards]
        bank: int = extra_of(view)["bank"]["points"] + sum(CARD_POINTS[c.rank] for c in cards)
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
        beat = extra_of(view)["options"]["trump_beat"]
        replies = unseen & lay_mask(theirs, top, mine[top.suit], beat)
        hit = bin(replies).count("1") / bin(unseen).count("1")
        rival_cards = view["seats"][rival]["cards"]
        fail = (1 - hit) ** (rival_cards + (1 if view["stock"] else 0))
        kept = mask(left)
        if WEIGHTS["flex"]:
            tops = from_mask(unseen)
            answerable = sum(1 for x in tops if kept & lay_mask(mine, x, theirs[x.suit], beat))
            value += WEIGHTS["flex"] * answerable / len(tops)
        replies_list = from_mask(replies)
        answered = sum(1 for x in replies_list if kept & lay_mask(mine, x, theirs[x.suit], beat))
        p_answer = answered / len(replies_list) if replies_list else 1.0
        if rival_cards == 1:
            value -= (
                WEIGHTS["rival_out"] * hit * (PLACE_BONUS.get(place, 0) + bank + sum(CARD_POINTS[c.rank] for c in left))
            )
        return value + WEIGHTS["bank"] * bank * (fail - WEIGHTS["lose"] * (1 - fail) * (1 - p_answer))
