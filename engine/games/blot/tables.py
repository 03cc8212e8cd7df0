"""Blot's rules as data: rank orders, card points, combination values, bid factors (rulings blot.md §2.3–2.9).

The engine, the bots and the rules page all read these tables.
"""

from __future__ import annotations

from engine.cards import ACE, EIGHT, JACK, KING, NINE, QUEEN, SEVEN, SUIT_SYMBOLS, SUITS, TEN, Card, make_deck

DECK: tuple[Card, ...] = make_deck(32)
"""The 32-card deck, 7 to ace in four suits."""

TEAMS: tuple[tuple[int, int], ...] = ((0, 2), (1, 3))
"""Seats of team 0 and team 1: partners sit opposite."""

NO_TRUMP = "NT"
STRAINS: tuple[str, ...] = ("C", "D", "H", "S", NO_TRUMP)
"""What a bid names: a trump suit or no-trump ("height")."""

STRAIN_LABELS: dict[str, str] = {**{s: SUIT_SYMBOLS[s] for s in SUITS}, NO_TRUMP: "NT"}

TRUMP_ORDER: tuple[int, ...] = (JACK, NINE, ACE, TEN, KING, QUEEN, EIGHT, SEVEN)
"""Ranks of the trump suit, highest first (§2.3)."""

PLAIN_ORDER: tuple[int, ...] = (ACE, TEN, KING, QUEEN, JACK, NINE, EIGHT, SEVEN)
"""Ranks of a plain suit and of every suit in no-trump, highest first (§2.3)."""

TRUMP_POINTS: dict[int, int] = {JACK: 20, NINE: 14, ACE: 11, TEN: 10, KING: 4, QUEEN: 3, EIGHT: 0, SEVEN: 0}
PLAIN_POINTS: dict[int, int] = {JACK: 2, NINE: 0, ACE: 11, TEN: 10, KING: 4, QUEEN: 3, EIGHT: 0, SEVEN: 0}
NO_TRUMP_POINTS: dict[int, int] = {JACK: 2, NINE: 0, ACE: 19, TEN: 10, KING: 4, QUEEN: 3, EIGHT: 0, SEVEN: 0}
"""Card points by rank: the trump suit, a plain suit in a trump game, any suit in no-trump (§2.4)."""

LAST_TRICK_BONUS = 10
CARD_TOTAL = 162
"""152 in the cards plus the last trick."""
KAPUT_POINTS = 250
"""A team that takes all eight tricks counts 250 instead of 162 (§2.4)."""

RUN_POINTS: dict[int, int] = {3: 2, 4: 5, 5: 10}
"""Sequence length → points (/10 scale): tierce, 50, 100 (§2.8)."""
RUN_NAMES: dict[int, str] = {3: "tierce", 4: "50", 5: "100"}
FOUR_NAME = "four of a kind"

FOUR_POINTS: dict[int, int] = {JACK: 20, NINE: 14, ACE: 10, TEN: 10, KING: 10, QUEEN: 10, EIGHT: 0}
FOUR_POINTS_NO_TRUMP: dict[int, int] = {**FOUR_POINTS, NINE: 10, ACE: 19}
"""Four of a kind → points (/10 scale); sevens make none (§2.8)."""

FOUR_ORDER: tuple[int, ...] = (EIGHT, JACK, NINE, ACE, TEN, KING, QUEEN)
"""Fours of a kind, strongest first: four eights cancel every combination of the other team (§2.8)."""

COMBO_CLASSES: tuple[str, ...] = (FOUR_NAME, "100", "50", "tierce")
"""Combination classes, strongest first (§2.8 comparison step 1)."""

BELOTE_POINTS = 2
"""King and queen of trumps in one hand (§2.8); never cancelled."""

BID_FACTORS: dict[bool, dict[int, int]] = {False: {1: 1, 2: 2, 4: 4}, True: {1: 2, 2: 3, 4: 5}}
"""Doubling (1, contra 2, recontra 4) → the factor on the bid; key: no-trump bid under the
``no_trump_bid_multiplier`` option (§2.9)."""

BASE_POINTS = 16
KAPUT_BASE_POINTS = 25
"""``base`` in the scoring formulas: 16, or 25 when the scoring side took all eight tricks (§2.9)."""

MAX_BID = 84
"""The highest bid: kaput (25) plus the best four fours a team can hold in no-trump (J 20, A 19, K 10, 10 10)."""

ROUNDING_OFFSETS: dict[str, int] = {"half-down": 4, "half-up": 5}
"""Raw points → /10 scale: ``(v + offset) // 10`` (85 → 8 and 86 → 9 half-down)."""

NATURAL_ORDER: tuple[int, ...] = (SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE)
"""Ranks in the natural order sequences run in (§2.8)."""


def tens(raw: int, rounding: str = "half-down") -> int:
    """Raw card points on the /10 scale with the table's rounding."""
    return (raw + ROUNDING_OFFSETS[rounding]) // 10


def card_points(card: Card, strain: str) -> int:
    """What ``card`` counts in a hand played in ``strain``."""
    if strain == NO_TRUMP:
        return NO_TRUMP_POINTS[card.rank]
    return TRUMP_POINTS[card.rank] if SUITS[card.suit] == strain else PLAIN_POINTS[card.rank]


def strength_table(strain: str) -> dict[Card, int]:
    """Card → trick-taking strength in ``strain``: trumps 100 + their order, others their plain order."""
    trump = SUITS.index(strain) if strain != NO_TRUMP else None
    out = {}
    for card in DECK:
        if card.suit == trump:
            out[card] = 100 + len(TRUMP_ORDER) - TRUMP_ORDER.index(card.rank)
        else:
            out[card] = len(PLAIN_ORDER) - PLAIN_ORDER.index(card.rank)
    return out


STRENGTH: dict[str, dict[Card, int]] = {s: strength_table(s) for s in STRAINS}
"""Strain → card → strength (higher beats higher within the led suit; trumps above all)."""

POINTS: dict[str, dict[Card, int]] = {s: {c: card_points(c, s) for c in DECK} for s in STRAINS}
"""Strain → card → card points."""
