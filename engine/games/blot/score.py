"""Scoring one Blot hand (rulings blot.md §2.9): made or failed contract, contra/recontra, kaput, rounding."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from engine.games.blot.tables import (
    BASE_POINTS,
    BID_FACTORS,
    KAPUT_BASE_POINTS,
    KAPUT_POINTS,
    NO_TRUMP,
    tens,
)


class Contract(NamedTuple):
    """The auction's outcome: the declarer's seat, bid level, strain, kaput flag and doubling (1, 2, 4)."""

    seat: int
    level: int
    strain: str
    kaput: bool = False
    mult: int = 1

    @property
    def team(self) -> int:
        return self.seat % 2


class HandScore(NamedTuple):
    """What one hand scores: points per team, whether the contract was made, card points per team
    (250 and 0 on a kaput)."""

    points: list[int]
    made: bool
    cards: list[int]


def card_portion(raw: Sequence[int], tricks: Sequence[int]) -> list[int]:
    """Each team's card points: what its tricks hold (last trick included), or 250/0 when one took all eight."""
    for team in (0, 1):
        if tricks[team] == 8:
            return [KAPUT_POINTS if t == team else 0 for t in (0, 1)]
    return list(raw)


def score_hand(
    contract: Contract,
    raw: Sequence[int],
    tricks: Sequence[int],
    comb: Sequence[int],
    options: Mapping[str, Any],
) -> HandScore:
    """Score a hand. ``raw``: card points per team (last trick included); ``tricks``: tricks per team; ``comb``:
    counted combinations plus belote per team (/10 scale).

    Made ⇔ card(D) + 10·comb(D) ≥ 10·x and, for a kaput bid, D took every trick. Undoubled and made: D gets
    x + tens(card(D)) + comb(D), F its share; otherwise the winning side gets factor·x + base + z, the other 0.
    """
    d = contract.team
    f = 1 - d
    cards = card_portion(raw, tricks)
    made = cards[d] + 10 * comb[d] >= 10 * contract.level and (not contract.kaput or tricks[d] == 8)
    factor = BID_FACTORS[contract.strain == NO_TRUMP and options["no_trump_bid_multiplier"]][contract.mult]
    points = [0, 0]
    if made and contract.mult == 1:
        taken = tens(cards[d], options["rounding"])
        points[d] = factor * contract.level + taken + comb[d]
        if tricks[d] == 8:
            points[f] = comb[f]
        elif options["defender_share"] == "complement16":
            points[f] = BASE_POINTS - taken + comb[f]
        else:
            points[f] = tens(cards[f], options["rounding"]) + comb[f]
        return HandScore(points, made, cards)
    winner = d if made else f
    base = KAPUT_BASE_POINTS if tricks[winner] == 8 else BASE_POINTS
    extras = comb[0] + comb[1] if options["fail_extras"] == "all" else comb[winner]
    points[winner] = factor * contract.level + base + extras
    return HandScore(points, made, cards)
