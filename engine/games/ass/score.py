"""Ass: card points, combinations, targets, bank changes and the rating statistic (rulings ass.md §2.7)."""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import ACE, ALL_CARDS, EIGHT, JACK, KING, NINE, QUEEN, RANKS, SEVEN, SIX, SUITS, TEN, Card
from engine.messages import Message, msg, rank, suit

CARD_POINTS: dict[int, int] = {ACE: 12, TEN: 10, KING: 5, QUEEN: 3, JACK: 1, NINE: 0, EIGHT: 16, SEVEN: 0, SIX: -1}
"""Points per rank (§2.7.1): 46 a suit, 184 the deck."""

DECK_POINTS = 4 * sum(CARD_POINTS.values())

COMBINATIONS: tuple[tuple[str, tuple[int, ...], int], ...] = (
    ("Q+K", (QUEEN, KING), 25),
    ("J+Q", (JACK, QUEEN), 15),
)
"""Same-suit pairs worth more than their cards (name, ranks, points instead of theirs), best first: a card
belongs to one pair only, so K+Q+J of a suit counts 25 + 1."""

PAIR_MASKS: tuple[tuple[tuple[int, ...], int, int], ...] = tuple(
    (pair, sum(1 << r for r in pair), value - sum(CARD_POINTS[r] for r in pair)) for _, pair, value in COMBINATIONS
)
"""The combinations as (ranks, rank bitmask, points added over the cards' own)."""


def pair_message(pair: tuple[int, ...], suit_letter: str | None = None) -> Message:
    """A pair as a message: ``Q+K♠`` (one suit) or ``Q+K`` (any suits), ranks in the reader's notation."""
    first, second = (rank(RANKS[r - 6]) for r in pair)
    if suit_letter is None:
        return msg("ass.combo.pair_any", first=first, second=second)
    return msg("ass.combo.pair", first=first, second=second, suit=suit(suit_letter))


FOUR_OF_A_SUIT_BONUS = 10
"""Added when a trick holds four cards of one suit."""

TARGETS: dict[int, dict[str, int]] = {
    2: {"go": 44, "no": 68},
    3: {"go": 56, "no": 80},
    4: {"go": 68, "no": 92},
    5: {"go": 80, "no": 104},
    6: {"go": 92, "no": 116},
}
"""Points to reach per player count and bet (§2.7.2); six players' "no" follows the option
``six_player_no_target`` (the seed prints 128)."""

BANK_CHANGE: dict[tuple[str, bool], int] = {("go", True): -1, ("go", False): 1, ("no", True): -1, ("no", False): 0}
"""(bet, reached the target) → change of the player's banks."""


CARD_VALUES: dict[Card, int] = {c: CARD_POINTS[c.rank] for c in ALL_CARDS}
"""Card → its plain points (``CARD_POINTS`` of its rank)."""

QUEENS: frozenset[Card] = frozenset(c for c in ALL_CARDS if c.rank == QUEEN)
"""The four queens: a trick without one holds no pair."""


def card_points(cards: Iterable[Card]) -> int:
    """Plain card points."""
    return sum(map(CARD_VALUES.__getitem__, cards))


def pair_bonus(cards: Iterable[Card], same_suit: bool = True) -> tuple[int, list[Message]]:
    """Points the pairs add over their cards' own points, and the pairs (messages: ``Q+K♠``). With ``same_suit`` off
    a queen pairs with a king or jack of any suit. Each card counts once, the better pair first."""
    if same_suit:
        return _same_suit_pairs(cards)
    ranks = [c.rank for c in cards]
    free = {r: ranks.count(r) for r in (JACK, QUEEN, KING)}
    bonus, names = 0, []
    for _, pair, value in COMBINATIONS:
        count = min(free[r] for r in pair)
        for r in pair:
            free[r] -= count
        bonus += count * (value - sum(CARD_POINTS[r] for r in pair))
        names += [pair_message(pair)] * count
    return bonus, names


def _same_suit_pairs(cards: Iterable[Card]) -> tuple[int, list[Message]]:
    """``pair_bonus`` for same-suit pairs: one queen a suit, so at most one pair a suit (the better one)."""
    ranks = [0, 0, 0, 0]
    for c in cards:
        ranks[c.suit] |= 1 << c.rank
    bonus, names = 0, []
    for index, held in enumerate(ranks):
        for pair, mask, extra in PAIR_MASKS:
            if held & mask == mask:
                bonus += extra
                names.append(pair_message(pair, SUITS[index]))
                break
    return bonus, names


def suit_bonus(cards: list[Card]) -> tuple[int, list[Message]]:
    """+10 for each suit with four cards in one trick."""
    if len(cards) < 4:
        return 0, []
    counts: dict[int, int] = {}
    for c in cards:
        counts[c.suit] = counts.get(c.suit, 0) + 1
    suits = [s for s, n in sorted(counts.items()) if n >= 4]
    return FOUR_OF_A_SUIT_BONUS * len(suits), [msg("ass.combo.four", suit=suit(SUITS[s])) for s in suits]


def trick_bonus(cards: list[Card], scope: str, same_suit: bool = True) -> tuple[int, list[Message]]:
    """Combination points a trick earns under ``combo_scope`` (pairs only in the ``trick`` scope)."""
    if scope == "off" or (len(cards) < 4 and QUEENS.isdisjoint(cards)):
        return 0, []
    four, four_names = suit_bonus(cards)
    if scope != "trick":
        return four, four_names
    pairs, pair_names = pair_bonus(cards, same_suit)
    return pairs + four, pair_names + four_names


def targets(players: int, six_no: int) -> dict[str, int]:
    """The go/no targets for this table."""
    out = dict(TARGETS[players])
    if players == 6:
        out["no"] = six_no
    return out


def rating(points: int, dropped: int, taken: int, deals: int, target_sum: int) -> float:
    """§2.7.5 with our normalisation: 50% + 50% · clamp(points/targets · (dropped − taken)/deals, −1, 1)."""
    if not deals or not target_sum:
        return 50.0
    value = (points / target_sum) * (dropped - taken) / deals
    return round(50.0 + 50.0 * max(-1.0, min(1.0, value)), 1)
