"""Blot's combinations: detection with the best non-overlapping decomposition, and the comparison between teams
(rulings blot.md §2.8)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations as subsets
from typing import Any, NamedTuple

from engine.cards import KING, QUEEN, SUITS, Card
from engine.games.blot.tables import (
    COMBO_CLASSES,
    FOUR_NAME,
    FOUR_ORDER,
    FOUR_POINTS,
    FOUR_POINTS_NO_TRUMP,
    NATURAL_ORDER,
    NO_TRUMP,
    RUN_NAMES,
    RUN_POINTS,
    TEAMS,
)
from engine.messages import Message, msg, team
from engine.messages import rank as rank_of


class Combo(NamedTuple):
    """One counted combination: its class name, cards (natural order), points (/10 scale) and comparison key."""

    name: str
    cards: tuple[Card, ...]
    points: int
    key: tuple[int, int, int]
    """(class strength, rank strength, 1 if a sequence in trumps) — larger is stronger."""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "cards": [str(c) for c in self.cards], "points": self.points}


def _class_strength(name: str) -> int:
    return len(COMBO_CLASSES) - COMBO_CLASSES.index(name)


@cache
def run_split(length: int, long_run_cap: bool) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The best pieces of a sequence of ``length`` cards: (points, ((start, size), ...)); among equal splits the
    one whose biggest piece reaches highest.

    Without the cap a long run splits into non-overlapping tierces, 50s and 100s (an 8-run = 100 + tierce = 12);
    with it any run of five or more is one 100.
    """
    if long_run_cap and length >= 5:
        return RUN_POINTS[5], ((0, length),)
    best: tuple[int, tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]] = (0, (), ())
    for size in RUN_POINTS:
        for start in range(length - size + 1):
            below = run_split(start, long_run_cap) if start >= 3 else (0, ())
            points = RUN_POINTS[size] + below[0]
            pieces = ((start, size), *below[1])
            tops = tuple(sorted(((min(n, 5), s + n) for s, n in pieces), reverse=True))
            if (points, tops) > best[:2]:
                best = (points, tops, pieces)
    return best[0], best[2]


def _runs(ranks: list[int]) -> list[list[int]]:
    """Maximal runs of consecutive ranks (sorted ascending) of length three or more."""
    out: list[list[int]] = []
    current: list[int] = []
    for rank in ranks:
        if current and rank == current[-1] + 1:
            current.append(rank)
        else:
            if len(current) >= 3:
                out.append(current)
            current = [rank]
    if len(current) >= 3:
        out.append(current)
    return out


@cache
def run_pieces(ranks_mask: int, long_run_cap: bool) -> tuple[tuple[int, ...], ...]:
    """The counted sequence pieces (ranks, ascending) among the ranks of one suit (bit ``r`` set for rank ``r``)."""
    ranks = [r for r in NATURAL_ORDER if ranks_mask >> r & 1]
    return tuple(
        tuple(run[start : start + size]) for run in _runs(ranks) for start, size in run_split(len(run), long_run_cap)[1]
    )


def _sequences(cards: Sequence[Card], strain: str, long_run_cap: bool) -> list[Combo]:
    masks = [0, 0, 0, 0]
    for card in cards:
        masks[card.suit] |= 1 << card.rank
    out = []
    for suit, ranks_mask in enumerate(masks):
        for piece in run_pieces(ranks_mask, long_run_cap):
            size = min(len(piece), 5)
            key = (_class_strength(RUN_NAMES[size]), piece[-1], int(SUITS[suit] == strain))
            out.append(Combo(RUN_NAMES[size], tuple(Card(r, suit) for r in piece), RUN_POINTS[size], key))
    return out


def _four(rank: int, strain: str) -> Combo:
    table = FOUR_POINTS_NO_TRUMP if strain == NO_TRUMP else FOUR_POINTS
    key = (_class_strength(FOUR_NAME), len(FOUR_ORDER) - FOUR_ORDER.index(rank), 0)
    return Combo(FOUR_NAME, tuple(Card(rank, s) for s in range(4)), table[rank], key)


def find_combinations(hand: Sequence[Card], strain: str, long_run_cap: bool = False) -> list[Combo]:
    """The combinations of a dealt hand that count: the non-overlapping set with the most points (ties: the one
    whose best combination is strongest), strongest first."""
    ranks = [card.rank for card in hand]
    fours = [r for r in FOUR_ORDER if ranks.count(r) == 4]
    if not fours:
        return sorted(_sequences(hand, strain, long_run_cap), key=lambda c: c.key, reverse=True)
    best: tuple[int, tuple[int, ...], list[Combo]] = (0, (), [])
    for count in range(len(fours) + 1):
        for chosen in subsets(fours, count):
            rest = [c for c in hand if c.rank not in chosen]
            found = [_four(r, strain) for r in chosen] + _sequences(rest, strain, long_run_cap)
            if not found:
                continue
            total = sum(c.points for c in found)
            top = max(c.key for c in found)
            if (total, top) > best[:2]:
                best = (total, top, found)
    return sorted(best[2], key=lambda c: c.key, reverse=True)


def belote_holder(hands: Sequence[Sequence[Card]], strain: str) -> int | None:
    """The seat dealt both king and queen of trumps (trump contracts only), else ``None``."""
    if strain == NO_TRUMP:
        return None
    suit = SUITS.index(strain)
    pair = {Card(KING, suit), Card(QUEEN, suit)}
    return next((seat for seat, hand in enumerate(hands) if pair <= set(hand)), None)


def winning_team(combos: Sequence[Sequence[Combo]], leader: int) -> int | None:
    """The team whose combinations count: the stronger best combination; equal ones go to the seat that
    announces first from the trick-1 ``leader``. ``None`` when nobody has any."""
    best: dict[int, tuple[tuple[int, int, int], int]] = {}
    for seat, held in enumerate(combos):
        position = (seat - leader) % 4
        for combo in held:
            team = seat % 2
            candidate = (combo.key, -position)
            if team not in best or candidate > best[team]:
                best[team] = candidate
    if not best:
        return None
    return max(best, key=lambda t: best[t])


def team_points(combos: Sequence[Sequence[Combo]], team: int | None) -> list[int]:
    """Combination points per team: only ``team`` (the comparison's winner) counts."""
    out = [0, 0]
    if team is not None:
        out[team] = sum(c.points for seat in TEAMS[team] for c in combos[seat])
    return out


COMBO_KEYS: dict[str, str] = {"tierce": "tierce", "50": "fifty", "100": "hundred", FOUR_NAME: "four"}
"""A combination class → its word's key ``blot.combo.<word>`` (tierce, 50, 100, four of a kind)."""


def combo_word(name: str) -> Message:
    """A combination's class as announced ("tierce", "100"): the message a table shows."""
    return msg("blot.combo." + COMBO_KEYS[name])


def comparison(combos: Sequence[Sequence[Combo]], winner: int | None) -> Message:
    """Whose combinations count and why, as a message for the table."""
    if winner is None:
        return msg("blot.combos.none")
    best = [max((c for s in TEAMS[t] for c in combos[s]), key=lambda c: c.key, default=None) for t in (0, 1)]
    mine, theirs = best[winner], best[1 - winner]
    assert mine is not None
    if theirs is None:
        return msg("blot.combos.alone", team=team(winner))
    if mine.key[0] != theirs.key[0]:
        return msg("blot.combos.stronger", team=team(winner), mine=label(mine), theirs=label(theirs))
    if mine.key[1] != theirs.key[1]:
        return msg("blot.combos.higher", team=team(winner), mine=label(mine), theirs=label(theirs))
    if mine.key[2] != theirs.key[2]:
        return msg("blot.combos.in_trumps", team=team(winner), mine=label(mine), theirs=label(theirs))
    return msg("blot.combos.first", team=team(winner), mine=label(mine), theirs=label(theirs))


def label(combo: Combo) -> Message:
    """One combination in words: "four kings", "tierce to the 9"."""
    top = combo.cards[-1].rank_text
    if combo.name == FOUR_NAME:
        return msg(f"blot.combo.four.{top}")
    return msg("blot.combo.run", combo=combo_word(combo.name), rank=rank_of(top))
