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
from engine.messages import Message, listing, msg, team


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


class Term(NamedTuple):
    """One addend of a team's points for a hand, as the hand's summary explains them. ``kind``: ``bid`` (the bid,
    ``detail`` its factor), ``cards`` (the card points on the /10 scale, ``detail`` the points counted),
    ``share`` (the defenders' 16 less the declarers' tens, ``detail`` those tens), ``base`` (16), ``kaput`` (the
    base after a kaput, 25), ``combinations``, ``belote``."""

    kind: str
    points: int
    detail: int = 0


class HandScore(NamedTuple):
    """What one hand scores: points per team, whether the contract was made, card points per team
    (250 and 0 on a kaput), and each team's points as the terms they add up from."""

    points: list[int]
    made: bool
    cards: list[int]
    terms: tuple[tuple[Term, ...], tuple[Term, ...]] = ((), ())


def card_portion(raw: Sequence[int], tricks: Sequence[int]) -> list[int]:
    """Each team's card points: what its tricks hold (last trick included), or 250/0 when one took all eight."""
    for side in (0, 1):
        if tricks[side] == 8:
            return [KAPUT_POINTS if t == side else 0 for t in (0, 1)]
    return list(raw)


def _extras(comb: int, belote: int) -> list[Term]:
    """The combinations and the belote among a team's terms (none that adds nothing)."""
    return [t for t in (Term("combinations", comb - belote), Term("belote", belote)) if t.points]


def score_hand(
    contract: Contract,
    raw: Sequence[int],
    tricks: Sequence[int],
    comb: Sequence[int],
    options: Mapping[str, Any],
    belote: Sequence[int] = (0, 0),
) -> HandScore:
    """Score a hand. ``raw``: card points per team (last trick included); ``tricks``: tricks per team; ``comb``:
    counted combinations plus belote per team (/10 scale); ``belote``: how much of ``comb`` is the belote.

    Made ⇔ card(D) + 10·comb(D) ≥ 10·x and, for a kaput bid, D took every trick. Undoubled and made: D gets
    x + tens(card(D)) + comb(D), F its share; otherwise the winning side gets factor·x + base + z, the other 0.
    """
    d = contract.team
    f = 1 - d
    cards = card_portion(raw, tricks)
    made = cards[d] + 10 * comb[d] >= 10 * contract.level and (not contract.kaput or tricks[d] == 8)
    factor = BID_FACTORS[contract.strain == NO_TRUMP and options["no_trump_bid_multiplier"]][contract.mult]
    bid = Term("bid", factor * contract.level, factor)
    terms: list[list[Term]] = [[], []]
    if made and contract.mult == 1:
        taken = tens(cards[d], options["rounding"])
        terms[d] = [bid, Term("cards", taken, cards[d]), *_extras(comb[d], belote[d])]
        if tricks[d] == 8:
            terms[f] = _extras(comb[f], belote[f])
        elif options["defender_share"] == "complement16":
            terms[f] = [Term("share", BASE_POINTS - taken, taken), *_extras(comb[f], belote[f])]
        else:
            terms[f] = [Term("cards", tens(cards[f], options["rounding"]), cards[f]), *_extras(comb[f], belote[f])]
    else:
        winner = d if made else f
        base = Term("kaput", KAPUT_BASE_POINTS) if tricks[winner] == 8 else Term("base", BASE_POINTS)
        both = options["fail_extras"] == "all"
        extras = _extras(comb[0] + comb[1], belote[0] + belote[1]) if both else _extras(comb[winner], belote[winner])
        terms[winner] = [bid, base, *extras]
    points = [sum(t.points for t in team) for team in terms]
    return HandScore(points, made, cards, (tuple(terms[0]), tuple(terms[1])))


def how_scored(side: int, points: int, terms: Sequence[Term]) -> Message:
    """A team's points for the hand as the sum of its terms, in words: "Ann and Cid: 10 for the contract + 8 for
    81 card points = 18"."""
    if not terms:
        return msg("blot.how.none", team=team(side))
    said = [
        msg("blot.how.bid_times", level=t.points // t.detail, factor=t.detail)
        if t.kind == "bid" and t.detail > 1
        else msg(f"blot.how.{t.kind}", points=t.points, counted=t.detail)
        for t in terms
    ]
    return msg("blot.how.team", team=team(side), terms=listing(said, "plus"), points=points)
