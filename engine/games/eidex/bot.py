"""The Eidex heuristic bot: it plays only from its seat's view and the legal actions.

For each card it may lay face down or play it deals the cards it has not seen at random to the other two hands
and face-down cards, plays the hand out (the others at random, itself shedding its cheapest card that does not
take the trick) and keeps the card with the best average victory points. So it aims for the band it can reach
(highest, lowest, or pushing a rival over the limit), trumps the others' valuable tricks when that pays, stays
below the limit, and lays face down a card it can spare (mostly a worthless one; sometimes a sure winner it does
not want, such as the trump jack when it aims for the lowest score).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.cards import JACK, SUITS, Card, make_deck
from engine.games.eidex.tables import (
    CONTRACTS,
    LAST_TRICK_BONUS,
    PLAYERS,
    Contract,
    award_vp,
    settle,
)

CARD_VERBS = ("play", "discard")
PASSIVE = ("decline", "refuse")
"""In the character game the bot plays and discards by its play-outs and uses no power: it declines every window
and refuses every offer; any other answer is the first one offered."""
SAMPLES = 12
"""Random deals of the unseen cards tried for every candidate card."""
DECK: tuple[Card, ...] = make_deck(36)
JACK_OFFSET = JACK - 6
"""A card's rank is its index modulo 9, plus 6."""


class HeuristicBot:
    """Chooses its face-down card and each card it plays by sampled play-outs: the most VP on average (ties: the
    card with fewer card points)."""

    def __init__(self, samples: int = SAMPLES):
        self.samples = samples

    def choose(self, view: dict[str, Any], legal_actions: Sequence[str], rng: random.Random) -> str:
        extra = view["extra"]
        trump = SUITS.index(extra["trump"]) if extra["trump"] else None
        contract = CONTRACTS[(extra["mode"], trump)]
        card_actions = [a for a in legal_actions if a.split()[0] in CARD_VERBS and len(a.split()) == 2]
        if not card_actions:
            return next((a for a in PASSIVE if a in legal_actions), legal_actions[0])
        cards = [Card.parse(a.split()[1]) for a in card_actions]
        if len(cards) == 1:
            return card_actions[0]
        if not self._plain(view):
            return min(card_actions, key=lambda a: contract.points[Card.parse(a.split()[1]).index])
        scores = self._scores(view, cards, contract, rng)
        best = max(range(len(cards)), key=lambda i: (scores[i], -contract.points[cards[i].index]))
        return card_actions[best]

    def _plain(self, view: dict[str, Any]) -> bool:
        """Whether the hand is one the play-outs model: (in the character game) no double trick, no face-down
        card in the trick, the own face-down card known, and the unseen cards exactly fill the others' hands and
        face-down cards."""
        extra, seat = view["extra"], view["seat"]
        if "characters" not in extra:
            return True
        plays = view["table"]["plays"]
        if extra["trick_size"] != PLAYERS or any(p["cards"][0] is None for p in plays):
            return False
        discarding = view["phase"] == "discard"
        if not discarding and extra["discards"][seat] is None:
            return False
        seen = {*view["hand"], *extra["played"], *(p["cards"][0] for p in plays)}
        seen.update(c for c in [extra["discards"][seat]] if c is not None)
        needed = sum(
            view["seats"][s]["cards"] + (1 if extra["discarded"][s] else 0) for s in range(PLAYERS) if s != seat
        )
        return len(DECK) - len(seen) == needed

    def _scores(self, view: dict[str, Any], cards: list[Card], contract: Contract, rng: random.Random) -> list[float]:
        """The summed play-out results of each candidate card (to lay face down or to play)."""
        extra, seat = view["extra"], view["seat"]
        hand = [c.index for c in map(Card.parse, view["hand"])]
        trick = view["table"]["plays"]
        seats = [p["seat"] for p in trick]
        laid = [Card.parse(p["cards"][0]).index for p in trick]
        discarding = view["phase"] == "discard"
        own_discard = None if discarding else Card.parse(extra["discards"][seat]).index
        seen = {*hand, own_discard, *(Card.parse(c).index for c in extra["played"]), *laid}
        unseen = [c.index for c in DECK if c.index not in seen]
        base = list(extra["taken"])
        if own_discard is not None:
            base[seat] += contract.points[own_discard]
        table = Table(contract, seat, extra["limit"], extra["special_round"], extra["vp"], extra["tricks"])
        leader = (view["dealer"] + 1) % PLAYERS
        samples = self.samples // 2 if discarding else self.samples
        scores = [0.0] * len(cards)
        for _ in range(samples):
            rng.shuffle(unseen)
            held = [hand] * PLAYERS
            points = list(base)
            start = 0
            for s in range(PLAYERS):
                if s == seat:
                    continue
                size = view["seats"][s]["cards"]
                held[s] = unseen[start : start + size]
                face_down = held[s].pop(rng.randrange(size)) if not extra["discarded"][s] else unseen[start + size]
                points[s] += contract.points[face_down]
                start += size + (0 if not extra["discarded"][s] else 1)
            playout_seed = rng.random()
            for i, card in enumerate(cards):
                mine = [c for c in hand if c != card.index]
                hands = [mine if s == seat else list(held[s]) for s in range(PLAYERS)]
                if discarding:
                    own = list(points)
                    own[seat] += contract.points[card.index]
                    args = ([], [], own, leader)
                else:
                    args = ([*seats, seat], [*laid, card.index], points, leader)
                scores[i] += table.playout(hands, *args, random.Random(playout_seed))
        return scores


class Table:
    """A fast play-out of the rest of a hand on card indices: the others play at random, the bot itself by
    :meth:`Table._cheapest_loser`. It knows the contract, the bot's seat, the limit and the standings."""

    def __init__(self, contract: Contract, seat: int, limit: int, special: bool, vp: list[int], tricks: list[int]):
        self.seat, self.limit, self.special = seat, limit, special
        self.vp, self.tricks = vp, tricks
        self.trump = -1 if contract.trump is None else contract.trump
        self.points = contract.points
        self.strength = contract.strength

    def playout(
        self,
        held: list[list[int]],
        seats: list[int],
        laid: list[int],
        points: list[int],
        leader: int,
        rng: random.Random,
    ) -> float:
        """The victory points (in the special round: 1 for a win) the bot gets from here: ``held`` the hands
        (card indices, changed in place), ``seats``/``laid`` the trick so far, ``leader`` leads an empty trick."""
        seat, trump, strength, value = self.seat, self.trump, self.strength, self.points
        points, tricks = list(points), list(self.tricks)
        randrange = rng.randrange
        while True:
            if len(laid) == PLAYERS:
                winner = seats[top_position(laid, trump, strength)]
                points[winner] += value[laid[0]] + value[laid[1]] + value[laid[2]]
                tricks[winner] += 1
                if not held[winner]:
                    points[winner] += LAST_TRICK_BONUS
                    break
                seats, laid, turn = [winner], [], winner
            else:
                turn = (seats[-1] + 1) % PLAYERS if seats else leader
                seats.append(turn)
            legal = legal_indices(held[turn], laid, trump, strength)
            if turn == seat:
                chosen = self._cheapest_loser(legal, laid)
            else:
                chosen = legal[randrange(len(legal))] if len(legal) > 1 else legal[0]
            held[turn].remove(chosen)
            laid.append(chosen)
        case, awards = award_vp(points, tricks, self.limit)
        if self.special:
            return float(seat in settle(self.vp, case, awards, points, True, "two-vp-recipient")[1])
        return float(awards[seat])

    def _cheapest_loser(self, legal: list[int], laid: list[int]) -> int:
        """The cheapest card that does not take the trick, else the cheapest card."""
        value, strength = self.points, self.strength
        if laid:
            top = len(laid)
            losers = [c for c in legal if top_position([*laid, c], self.trump, strength) != top]
            legal = losers or legal
        return min(legal, key=lambda c: (value[c], strength[c]))


def top_position(laid: list[int], trump: int, strength: tuple[int, ...]) -> int:
    """:func:`trick_winner` on card indices: the position of the highest trump, else of the highest led card."""
    led = laid[0] // 9
    best, best_key = 0, strength[laid[0]]
    for pos in range(1, len(laid)):
        card = laid[pos]
        suit = card // 9
        if (suit == led or suit == trump) and strength[card] > best_key:
            best, best_key = pos, strength[card]
    return best


def legal_indices(hand: list[int], laid: list[int], trump: int, strength: tuple[int, ...]) -> list[int]:
    """:func:`legal_cards` on card indices (trump -1: none), for fast play-outs."""
    if not laid:
        return hand
    led = laid[0] // 9
    follow = [c for c in hand if c // 9 == led]
    if trump < 0:
        return follow or hand
    if led == trump:
        return follow if any(c % 9 != JACK_OFFSET for c in follow) else hand
    trumps = [c for c in hand if c // 9 == trump]
    if len(trumps) == len(hand):
        return hand
    high = max((strength[c] for c in laid if c // 9 == trump), default=0)
    return (follow or [c for c in hand if c // 9 != trump]) + [c for c in trumps if strength[c] > high]
