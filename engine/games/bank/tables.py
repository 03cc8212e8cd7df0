"""Bank's rules as data: rank order, the lay rules, card points, bonuses and penalties.

The engine (``engine/games/bank/state.py``), its bot, the rules page (``doc.py``) and the explorer (``explore.py``)
all read these tables, so what the page shows is what the engine plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from engine.cards import (
    ACE,
    EIGHT,
    JACK,
    KING,
    NINE,
    QUEEN,
    SEVEN,
    SIX,
    TEN,
    Card,
    cards_text,
    from_mask,
    make_deck,
)
from engine.messages import Message, listing, msg
from engine.messages import card as card_value
from engine.messages import rank as rank_value
from engine.options import Option
from engine.trumps import TRUMP_CHOICES, TRUMP_SETUPS

RANK_ORDER: tuple[int, ...] = (SIX, SEVEN, EIGHT, NINE, JACK, QUEEN, KING, TEN, ACE)
"""Bank's rank order, lowest first (§3.1): 6 7 8 9 J Q K 10 A."""

ORDINAL: dict[int, int] = {rank: i for i, rank in enumerate(RANK_ORDER)}
"""Rank → position in :data:`RANK_ORDER`."""

ONE_LESS: dict[int, int] = {RANK_ORDER[i]: RANK_ORDER[i - 1] for i in range(1, len(RANK_ORDER))}
"""Rank → the rank one value less (A→10, 10→K, K→Q, Q→J, J→9, 9→8, 8→7, 7→6)."""

CARD_POINTS: dict[int, int] = {ACE: 12, TEN: 10, KING: 5, QUEEN: 3, JACK: 1, NINE: 0, EIGHT: 0, SEVEN: 0, SIX: 0}
"""Points of a card in a bank taken (§3.8): 31 a suit, 124 in the deck."""

HAND_SIZE = 4
"""Cards dealt to each player; one more is laid face up in the centre."""

SAME_CLASS_RULES: tuple[str, ...] = ("one-less", "same-rank", "six", "eight")
"""Single-card lay rules between cards of the same class (§3.4 rules 1-4), in the order they are checked: one value
less in the same suit; the same rank in another suit; a six of the top card's suit on any rank; an eight on
anything, followed by a card laid on it."""

CLASS_RULES: tuple[str, ...] = ("higher-any", "higher-one-less", "lower")
"""How trump classes change the rules (§3.4 rule 5): a card of a higher class on anything, or (with
``trump_beat=one-less-any-suit``) only on a card one value higher of any suit; a card of a lower class only by the
same rank (or an eight)."""

PLACE_BONUS: dict[int, int] = {1: 20, 2: 10, 3: 10}
"""Finishing place → bonus for going out (§3.8)."""

KING_BONUS: dict[int, int] = {1: 30, 2: 20, 3: 10}
"""Finishing place → extra bonus when the last card laid is a king."""

RUN_BONUS: dict[int, int] = {1: 30, 2: 25, 3: 20}
"""Finishing place → extra bonus when the last move is four in a row."""

FOUR_OF_A_KIND_BONUS = 75
"""Going out with four of a kind, not kings."""

FIXED_PENALTIES: tuple[int, ...] = (15, 23, 31, 40, 48, 56)
CARD_PENALTIES: tuple[int, ...] = (3, 6)

PENALTIES: tuple[str, ...] = (
    "hand-points",
    "none",
    "hand-points-plus-fixed",
    "hand-points-plus-per-card",
    "fixed-replaces",
)
"""What the cards left in a loser's hand cost: their points, nothing, their points plus :data:`FIXED_PENALTIES` or
plus :data:`CARD_PENALTIES` a card, or the fixed penalty alone."""

AFTER_SEVEN: tuple[str, ...] = ("skip", "draw-and-play", "skip-and-draw", "nothing")
"""What a seven left on top does to the next player: he misses his turn; draws, then moves; draws and misses his
turn; or nothing."""

NEXT_DEALER: tuple[str, ...] = ("loser", "last-out", "starter", "most-points", "fewest-points")
"""Who deals the next hand: the player left holding cards, the one whose play ended the hand, the one who moved
first in it, or the one with the most or the fewest points."""

POINTS_BY_TEXT: dict[str, int] = {Card(r, 0).rank_text: CARD_POINTS[r] for r in RANK_ORDER}

SUIT_MASKS: tuple[int, ...] = tuple(sum(1 << (s * 9 + r - 6) for r in range(6, 15)) for s in range(4))
RANK_MASKS: dict[int, int] = {r: sum(1 << (s * 9 + r - 6) for s in range(4)) for r in range(6, 15)}
DECK: tuple[Card, ...] = make_deck(36)


def card_points(cards: Sequence[Card]) -> int:
    """The points of some cards."""
    return sum(CARD_POINTS[c.rank] for c in cards)


def same_class_rule(card: Card, top: Card) -> str | None:
    """The rule of :data:`SAME_CLASS_RULES` that lets ``card`` be laid on ``top`` (same class), else ``None``."""
    if card.suit == top.suit and ONE_LESS.get(top.rank) == card.rank:
        return "one-less"
    if card.rank == top.rank and card.suit != top.suit:
        return "same-rank"
    if card.rank == SIX and card.suit == top.suit:
        return "six"
    if card.rank == EIGHT:
        return "eight"
    return None


def lay_rule(card: Card, card_class: int, top: Card, top_class: int, trump_beat: str) -> str | None:
    """The rule that lets ``card`` (of ``card_class``) be laid on ``top`` (of ``top_class``), else ``None``."""
    if card_class == top_class:
        return same_class_rule(card, top)
    if card_class < top_class:
        rule = same_class_rule(card, top)
        return rule if rule in ("same-rank", "eight") else None
    if trump_beat == "any":
        return "higher-any"
    if ONE_LESS.get(top.rank) == card.rank:
        return "higher-one-less"
    return same_class_rule(card, top)


def _lay_masks(trump_beat: str) -> dict[tuple[int, int, int], int]:
    """(card class, top class, top index) → bitmask of the cards that may be laid there."""
    return {
        (cc, tc, top.index): sum(c.bit for c in DECK if c != top and lay_rule(c, cc, top, tc, trump_beat))
        for cc in range(3)
        for tc in range(3)
        for top in DECK
    }


LAY_MASKS: dict[str, dict[tuple[int, int, int], int]] = {tb: _lay_masks(tb) for tb in ("any", "one-less-any-suit")}
"""The lay rules precomputed as bitmasks from :func:`lay_rule`, per ``trump_beat`` option."""


def lay_mask(classes: Sequence[int], top: Card, top_class: int, trump_beat: str) -> int:
    """The bitmask of single cards a player whose suits have these trump ``classes`` may lay on ``top``."""
    return _lay_mask(tuple(classes), top, top_class, trump_beat)


@cache
def _lay_mask(classes: tuple[int, ...], top: Card, top_class: int, trump_beat: str) -> int:
    """``lay_mask``, kept for every game of the process (a search's sampled worlds start with no memo of their own;
    the arguments take a few thousand values at most)."""
    masks = LAY_MASKS[trump_beat]
    return sum(masks[(classes[s], top_class, top.index)] & SUIT_MASKS[s] for s in range(4))


EIGHTS = RANK_MASKS[EIGHT]


def run_masks() -> list[tuple[int, tuple[Card, ...]]]:
    """Every four in a row as (mask, cards lowest first): one suit, four ranks in a row of RANK_ORDER."""
    out = []
    for suit in range(4):
        for i in range(len(RANK_ORDER) - 3):
            cards = tuple(Card(r, suit) for r in RANK_ORDER[i : i + 4])
            out.append((sum(c.bit for c in cards), cards))
    return out


RUNS: list[tuple[int, tuple[Card, ...]]] = run_masks()


def canonical_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards of a play in canonical order: in each four of a kind the first three are put in suit order
    (only the last one, the new top, matters)."""
    out = list(cards)
    i = 0
    while i + 4 <= len(out):
        block = out[i : i + 4]
        if len({c.rank for c in block}) == 1:
            out[i : i + 3] = sorted(block[:3], key=lambda c: c.suit)
            i += 4
        else:
            i += 1
    return tuple(out)


def play_text(cards: Sequence[Card]) -> str:
    """The action text of a play: ``play 8S 7S``."""
    return "play " + " ".join(cards_text(canonical_cards(cards)))


Play = tuple[tuple[Card, ...], tuple[str, ...]]
"""A play: its cards in the order laid and the kind of each part."""

SINGLE_PLAYS: dict[Card, tuple[str, Play]] = {c: (play_text((c,)), ((c,), ("single",))) for c in DECK}
"""Card → its single play: the action text and (cards, kinds)."""

_SINGLE_CHUNKS: tuple[tuple[tuple[tuple[str, Play], ...], ...], ...] = tuple(
    tuple(tuple(SINGLE_PLAYS[c] for c in from_mask(held << 9 * suit)) for held in range(1 << 9)) for suit in range(4)
)
"""Per suit, the cards of that suit (a 9-bit mask) → their single plays, lowest first."""


def single_plays(cards: int) -> tuple[tuple[str, Play], ...]:
    """The single plays of every card of a bitmask, in index order (as ``from_mask``), by table look-up."""
    clubs, diamonds, hearts, spades = _SINGLE_CHUNKS
    return clubs[cards & 511] + diamonds[cards >> 9 & 511] + hearts[cards >> 18 & 511] + spades[cards >> 27 & 511]


FOUR_PLAYS: dict[int, tuple[tuple[str, Play], ...]] = {
    rank: tuple(
        (play_text(seq), (seq, ("four",)))
        for last in range(4)
        for seq in [canonical_cards([Card(rank, s) for s in range(4) if s != last] + [Card(rank, last)])]
    )
    for rank in range(6, 15)
}
"""Rank → its four-of-a-kind plays, one per card laid last: the action text and (cards, kinds)."""


def _run_plays(held: int) -> tuple[tuple[int, str, Play], ...]:
    """The fours in a row within ``held`` (cards of one suit), each laid from either end."""
    return tuple(
        (seq[0].bit, play_text(seq), (seq, ("run",))) for m, run in RUNS if held & m == m for seq in (run, run[::-1])
    )


RUN_PLAYS: dict[int, tuple[tuple[int, str, Play], ...]] = {
    held << 9 * suit: plays for suit in range(4) for held in range(1 << 9) if (plays := _run_plays(held << 9 * suit))
}
"""A hand's cards of one suit (a bitmask) → the runs they allow, laid from either end: (bit of the card laid first,
action text, (cards, kinds)). Suits holding no run are absent."""


# ---- options -------------------------------------------------------------------------------------------------------

OPTIONS: tuple[Option, ...] = (
    Option("trumps", "choice", "own", choices=TRUMP_SETUPS),
    Option("trump_choice", "choice", "choose", choices=TRUMP_CHOICES),
    Option("next_dealer", "choice", "loser", choices=NEXT_DEALER),
    Option("after_seven", "choice", "skip", choices=AFTER_SEVEN),
    Option("eight_follow_up", "choice", "required", choices=("required", "optional")),
    Option("trump_beat", "choice", "any", choices=("any", "one-less-any-suit")),
    Option("four_kings", "choice", "layer-takes", choices=("layer-takes", "coverer-takes")),
    Option("penalty", "choice", "hand-points", choices=PENALTIES),
    Option("fixed_penalty", "choice", 31, choices=FIXED_PENALTIES),
    Option("card_penalty", "choice", 3, choices=CARD_PENALTIES),
    Option("may_pass_when_able", "bool", False),
    Option("target", "int", 248, minimum=1, maximum=10_000),
    Option("max_hands", "int", None, minimum=1, maximum=1000, nullable=True),
)


LAY_KEYS: dict[str, str] = {
    "one-less": "bank.lay.one_less",
    "same-rank": "bank.lay.same_rank",
    "six": "bank.lay.six",
    "eight": "bank.lay.eight",
    "higher-any": "bank.lay.higher_any",
    "higher-one-less": "bank.lay.higher_one_less",
}
"""Lay rule → the catalog key of why it lets ``card`` be laid on ``top`` (docs/messages.md)."""


def lay_explanation(card: Card, card_class: int, top: Card, top_class: int, trump_beat: str) -> Message:
    """Why ``card`` may or may not be laid on ``top``: a message naming both cards."""
    c, t = card_value(card), card_value(top)
    rule = lay_rule(card, card_class, top, top_class, trump_beat)
    if rule is not None:
        return msg(LAY_KEYS[rule], card=c, top=t)
    if card_class < top_class:
        return msg("bank.lay.lower_class", card=c, top=t, rank=rank_value(top.rank_text))
    less = ONE_LESS.get(top.rank)
    ways = [msg("bank.way.card", card=card_value(Card(less, top.suit)))] if less else []
    ways.append(msg("bank.way.rank", rank=rank_value(top.rank_text)))
    if top.rank not in (SIX, SEVEN):
        ways.append(msg("bank.way.card", card=card_value(Card(SIX, top.suit))))
    ways += [msg("bank.way.eight"), msg("bank.way.four"), msg("bank.way.run")]
    return msg("bank.lay.cannot", card=c, top=t, ways=listing(ways, "or"))
