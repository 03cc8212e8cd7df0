"""Bailiff's rules as data: ranks, what may be laid on what, the table options, and the judge of a move.

The engine (``engine/games/bailiff/state.py``), the rules page (``doc.py``) and the explorer (``explore.py``) all
read these tables. Seed and rulings: see ``engine/games/bailiff/state.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import RANKS
from engine.messages import Message, msg, rank
from engine.options import Option

# ---- rules as data -------------------------------------------------------------------------------------------

RANK_ORDER: tuple[str, ...] = RANKS
"""Ranks from low to high; suits play no role."""

HAND_SIZE = 6
"""Cards dealt to each player, and the size a refill from the stock brings a hand up to."""

MIN_PLAYERS = 2
"""Bailiff needs at least two players."""

FULL_TABLE = 6
"""The classic game is for six players (36 cards, no stock); fewer players leave a stock."""

MAX_GROUP = 4
"""A group grows by extension to at most four cards of one rank."""

ACE = RANK_ORDER.index("A")
"""Rank index of the ace: an ace on top sends the whole pile out of play."""

MOVES: tuple[str, ...] = ("lead", "raise", "extend", "cover", "ace", "take")
"""Every kind of move: lead a card to start a pile; raise a single card with a higher one; extend the top by a card
of its rank (a group of up to four); cover a group of k with k higher cards; send the pile away with an ace on a
group of two or three (four with the option); take the whole pile."""

LAY_TABLE: dict[str, tuple[str, ...]] = {
    "none": ("lead",),
    "1": ("raise", "extend", "take"),
    "2": ("cover", "extend", "ace", "take"),
    "3": ("cover", "extend", "ace", "take"),
    "4": ("cover", "take"),
}
"""The moves allowed by what is on top: no pile, a single card, or a group of 2, 3 or 4."""

ACE_COVERS_FOUR_MOVES: tuple[str, ...] = ("cover", "ace", "take")
"""The moves on a group of four when the table option ``ace_covers_four`` is on."""

TOP_GROUPS: tuple[str, ...] = ("none", "1", "2", "3", "4")
"""What can be on top, as :data:`LAY_TABLE` keys them: no pile, a single card, or a group of 2, 3 or 4."""


def group_msg(k: int, q: int) -> Message:
    """A group of ``k`` cards of rank index ``q`` in words: "one 9", "2 × 9"."""
    return msg("bailiff.group", k=k, rank=rank(RANK_ORDER[q]))


def top_key(group: int) -> str:
    """The ``LAY_TABLE`` key of a top that is a group of ``group`` cards (0: no pile)."""
    return str(group) if group else "none"


def allowed_moves(group: int, options: Mapping[str, Any]) -> tuple[str, ...]:
    """The moves the rules allow on a top of ``group`` cards (0: no pile) under these options."""
    if group == MAX_GROUP and options.get("ace_covers_four"):
        return ACE_COVERS_FOUR_MOVES
    return LAY_TABLE[top_key(group)]


def classify(group: int, top: int, ranks: Sequence[int], options: Mapping[str, Any]) -> tuple[str | None, Message]:
    """The move that laying cards of ``ranks`` on the top makes, or ``None``; and the verdict as a message.

    ``group`` is the size of the top group (0: no pile), ``top`` its rank index. Hands are not checked.
    """
    moves = allowed_moves(group, options)
    n = len(ranks)
    if group == 0:
        if n == 1:
            return "lead", msg("bailiff.judge.lead")
        return None, msg("bailiff.judge.lead_one")
    what = group_msg(group, top)
    name = rank(RANK_ORDER[top])
    if n == 1:
        r = ranks[0]
        if r == top and "extend" in moves:
            return "extend", msg("bailiff.judge.extend", rank=name, group=what)
        if group == 1 and r > top:
            return "raise", msg("bailiff.judge.raise", group=what)
        if group > 1 and r == ACE:
            if "ace" in moves:
                return "ace", msg("bailiff.judge.ace", group=what)
            return None, msg("bailiff.judge.ace_not_on", group=what, k=group)
        if group == 1:
            return None, msg("bailiff.judge.raise_or_extend", group=what, rank=name)
        if r == top:
            return None, msg("bailiff.judge.full", group=what, k=MAX_GROUP)
        key = "bailiff.judge.one_cannot_cover" + ("_extend" if "extend" in moves else "")
        key += "_or_ace" if "ace" in moves else ""
        return None, msg(key, group=what, k=group, rank=name)
    if group == 1:
        return None, msg("bailiff.judge.one_on_single", group=what)
    if n != group:
        return None, msg("bailiff.judge.cover_exactly", group=what, k=group, rank=name)
    low = [r for r in ranks if r <= top]
    if low:
        return None, msg("bailiff.judge.cover_higher", rank=name)
    return "cover", msg("bailiff.judge.cover", group=what, k=group)


# ---- options -------------------------------------------------------------------------------------------------

OPTIONS: tuple[Option, ...] = (
    Option("ace_covers_four", "bool", False, explained=(False, True)),
    Option("max_turns", "int", None, minimum=1, nullable=True, explained=(None,)),
)
