"""Bailiff's rules as data: ranks, what may be laid on what, the table options, and the judge of a move.

The engine (``engine/games/bailiff/state.py``), the rules page (``doc.py``) and the explorer (``explore.py``) all
read these tables. Seed and rulings: see ``engine/games/bailiff/state.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import RANK_NAMES, RANKS
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

RANK_PLURAL: dict[str, str] = {r: ("sixes" if r == "6" else RANK_NAMES[r] + "s") for r in RANK_ORDER}

GROUP_NAMES: dict[int, str] = {1: "a single", 2: "a pair of", 3: "three", 4: "four"}
"""How a group of k cards of one rank is named in texts."""

MOVES: dict[str, str] = {
    "lead": "lay any one card to start a new pile",
    "raise": "lay one card of a higher rank (any suit) on a single card",
    "extend": "lay one card of the same rank beside the top, making a group of up to four",
    "cover": "lay k cards, each higher than the group's rank, on a group of k; the highest lands on top",
    "ace": "lay one ace on a group of two or three (four with the option) to send the pile away",
    "take": "pick up the whole pile (always allowed on a pile; compulsory when nothing else is)",
}
"""Every kind of move and what it does."""

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

TOP_LABELS: dict[str, str] = {
    "none": "no pile",
    "1": "a single card",
    "2": "a group of 2",
    "3": "a group of 3",
    "4": "a group of 4",
}


def group_text(k: int, q: int) -> str:
    """``"a pair of nines"``, ``"three kings"``, ``"a single nine"``."""
    rank = RANK_ORDER[q]
    return f"{GROUP_NAMES[k]} {RANK_NAMES[rank] if k == 1 else RANK_PLURAL[rank]}"


def top_key(group: int) -> str:
    """The ``LAY_TABLE`` key of a top that is a group of ``group`` cards (0: no pile)."""
    return str(group) if group else "none"


def allowed_moves(group: int, options: Mapping[str, Any]) -> tuple[str, ...]:
    """The moves the rules allow on a top of ``group`` cards (0: no pile) under these options."""
    if group == MAX_GROUP and options.get("ace_covers_four"):
        return ACE_COVERS_FOUR_MOVES
    return LAY_TABLE[top_key(group)]


def classify(group: int, top: int, ranks: Sequence[int], options: Mapping[str, Any]) -> tuple[str | None, str]:
    """The move that laying cards of ``ranks`` on the top makes, or ``None`` and why not.

    ``group`` is the size of the top group (0: no pile), ``top`` its rank index. Hands are not checked.
    """
    moves = allowed_moves(group, options)
    n = len(ranks)
    if group == 0:
        if n == 1:
            return "lead", "any card may start a new pile"
        return None, "lead one card only"
    what = group_text(group, top)
    name = RANK_NAMES[RANK_ORDER[top]]
    if n == 1:
        r = ranks[0]
        if r == top and "extend" in moves:
            return "extend", f"a {name} extends {what}"
        if group == 1 and r > top:
            return "raise", f"a higher card raises {what}"
        if group > 1 and r == ACE:
            if "ace" in moves:
                return "ace", f"an ace covers {what} on its own"
            return None, f"one ace covers two or three cards, not {what}: cover with {group} higher cards"
        if group == 1:
            return None, f"you must raise {what} with a higher card or extend it with a {name}"
        if r == top:
            return None, f"{what} cannot grow beyond {MAX_GROUP} cards"
        return None, f"one card cannot cover {what}: cover it with {group} higher cards" + (
            ", play an ace" if "ace" in moves else ""
        )
    if group == 1:
        return None, f"only one card may be laid on {what}"
    if n != group:
        return None, f"cover {what} with exactly {group} cards, each higher than a {name}"
    low = [r for r in ranks if r <= top]
    if low:
        return None, f"every covering card must be higher than a {name}"
    return "cover", f"{group} higher cards cover {what}"


# ---- options -------------------------------------------------------------------------------------------------

OPTIONS: tuple[Option, ...] = (
    Option(
        "ace_covers_four",
        "bool",
        False,
        "Whether a single ace may cover a group of four (the seed names only two and three).",
        choice_help={
            False: "a group of four is covered only by four higher cards (or taken)",
            True: "a single ace covers a group of four too",
        },
    ),
    Option(
        "max_turns",
        "int",
        None,
        "End the game after this many turns; the player holding the most cards loses (for automated play).",
        minimum=1,
        nullable=True,
        choice_help={None: "no limit: play until one player is left holding cards"},
    ),
)
