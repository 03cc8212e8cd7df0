"""Eidex bots' fast play-out: a hand played on from a moment with integer cards (index = 9 * suit + rank - 6),
under the contract, limit, bonus and direction in force — the heuristic bot's and the powers' look-ahead."""

from __future__ import annotations

import random

from engine.cards import JACK
from engine.games.eidex.tables import LAST_TRICK_BONUS, PLAYERS, TRICKS, Contract, award_vp, settle

JACK_OFFSET = JACK - 6
"""A card's rank is its index modulo 9, plus 6."""


class Table:
    """A fast play-out of the rest of a hand on card indices: the others play at random, the bot itself by
    :meth:`Table._cheapest_loser`. It knows the contract, the bot's seat, the limit and the standings."""

    def __init__(
        self,
        contract: Contract,
        seat: int,
        limit: int,
        special: bool,
        vp: list[int],
        tricks: list[int],
        *,
        bonus: int = LAST_TRICK_BONUS,
        direction: int = 1,
        peter: int = -1,
        total: int = TRICKS,
    ):
        self.seat, self.limit, self.special = seat, limit, special
        self.vp, self.tricks = vp, tricks
        self.trump = -1 if contract.trump is None else contract.trump
        self.points = contract.points
        self.strength = contract.strength
        self.bonus, self.direction, self.peter, self.total = bonus, direction, peter, total
        """The character game's changes: the last trick's bonus, the direction of play, the card whose taker
        gets no VP (Schwarzpeter; -1: none) and the tricks a Match needs."""
        self.final: list[int] = []
        """The card points of the last play-out (for estimates such as Differenzler's number)."""

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
        randrange, step, peter, peter_seat = rng.randrange, self.direction, self.peter, -1
        if not all(held) and not laid:
            return self._award(points, tricks, peter_seat)
        while True:
            if len(laid) == PLAYERS:
                winner = seats[top_position(laid, trump, strength)]
                points[winner] += value[laid[0]] + value[laid[1]] + value[laid[2]]
                tricks[winner] += 1
                if peter in laid:
                    peter_seat = winner
                if not all(held):
                    points[winner] += self.bonus
                    break
                seats, laid, turn = [winner], [], winner
            else:
                turn = (seats[-1] + step) % PLAYERS if seats else leader
                seats.append(turn)
            legal = legal_indices(held[turn], laid, trump, strength)
            if turn == seat:
                chosen = self._cheapest_loser(legal, laid)
            else:
                chosen = legal[randrange(len(legal))] if len(legal) > 1 else legal[0]
            held[turn].remove(chosen)
            laid.append(chosen)
        return self._award(points, tricks, peter_seat)

    def _award(self, points: list[int], tricks: list[int], peter_seat: int) -> float:
        self.final = points
        seat = self.seat
        case, awards = award_vp(points, tricks, self.limit, self.total)
        if peter_seat >= 0 and case != "match":
            case, awards = "schwarzpeter", [0 if s == peter_seat else 1 for s in range(PLAYERS)]
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
        if suit in (led, trump) and strength[card] > best_key:
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
