"""Bailiff: the rules page's explorer — lay cards and the engine says what is legal, what beats and why."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards import RANK_NAMES, Card, make_deck
from engine.games.bailiff.doc import (
    EXPLORE_BEATS,
    EXPLORE_VERDICTS,
)
from engine.games.bailiff.tables import (
    ACE,
    OPTIONS,
    RANK_ORDER,
    allowed_moves,
    classify,
    group_text,
)
from engine.options import validate_options


@dataclass
class _Pile:
    """The explorer's pile: the top group and a cover being laid card by card."""

    group: int = 0
    top: int = 0
    covering: list[int] = field(default_factory=list)

    def judge(self, rank: int, options: Mapping[str, Any]) -> tuple[str | None, str]:
        """The move one more card of ``rank`` makes here (a card of a cover counts as part of it), or why not."""
        if self.covering:
            if rank > self.top:
                return "cover", f"covering card {len(self.covering) + 1} of {self.group}"
            return None, f"every covering card must be higher than a {RANK_NAMES[RANK_ORDER[self.top]]}"
        move, why = classify(self.group, self.top, [rank], options)
        if move is None and self.group > 1 and rank > self.top:
            return (
                "cover",
                f"covering card 1 of {self.group}: {self.group} higher cards cover {group_text(self.group, self.top)}",
            )
        return move, why


def explore(
    options: Mapping[str, Any], players: int, plays: Sequence[Sequence[Any]], context: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Lay cards one by one on a pile, as on the rules page: what each card does, and what may come next.

    A cover of a group of k is laid as k steps by the same seat. Hands are not known: any card not yet laid
    may be laid. ``context`` is not used.
    """
    opts = validate_options(OPTIONS, options)
    pile = _Pile()
    expected: int | None = None
    laid: set[Card] = set()
    steps = []
    for seat, text in plays:
        card = Card.parse(text)
        step: dict[str, Any] = {"seat": seat, "card": str(card), "legal": False, "beats": None, "verdict": ""}
        steps.append(step)
        if card in laid:
            step["reason"] = f"{card.pretty()} is already on the table"
            continue
        if expected is not None and seat != expected:
            step["reason"] = f"it is seat {expected}'s turn"
            continue
        move, step["reason"] = pile.judge(card.rank - 6, opts)
        if move is None:
            continue
        step["legal"] = True
        laid.add(card)
        if move == "cover" and len(pile.covering) + 1 < pile.group:
            pile.covering.append(card.rank - 6)
            step["verdict"] = f"seat {seat} must lay {pile.group - len(pile.covering)} more covering card(s)"
            expected = seat
            continue
        what = group_text(pile.group, pile.top) if pile.group else ""
        step["beats"] = EXPLORE_BEATS[move]
        step["verdict"] = EXPLORE_VERDICTS[move].format(seat=seat, card=card.pretty(), what=what)
        if move == "extend":
            pile.group += 1
        else:
            pile.group, pile.top = 1, max([*pile.covering, card.rank - 6])
            pile.covering = []
        expected = (seat + 1) % players
        if pile.top == ACE:
            step["verdict"] += "; an ace on top sends the pile out of play and the same player leads again"
            pile.group, expected = 0, seat
    nxt = expected if expected is not None else 0
    moves = {str(c): pile.judge(c.rank - 6, opts)[0] for c in make_deck(36) if c not in laid}
    nxt_info: dict[str, Any] = {"seat": nxt, "legal": [c for c, m in moves.items() if m]}
    if pile.group:
        nxt_info["beats"] = [c for c, m in moves.items() if m and EXPLORE_BEATS[m]]
    if pile.covering:
        left = pile.group - len(pile.covering)
        summary = f"Seat {nxt} is covering {group_text(pile.group, pile.top)}: {left} more higher card(s)."
    elif pile.group:
        summary = f"Seat {nxt} faces {group_text(pile.group, pile.top)}: {', '.join(allowed_moves(pile.group, opts))}."
    else:
        summary = f"Seat {nxt} leads a new pile with any one card."
    return {"steps": steps, "winner": None, "summary": summary, "next": nxt_info}
