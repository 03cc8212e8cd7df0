"""Cards, suits, ranks and decks as small immutable values.

A card is a ``Card(rank, suit)`` named tuple of two small ints and round-trips
to the text notation of the conformance format: ``Card.parse("10H")`` and
``str(card) == "10H"``. Every card also has a dense ``index`` (0..35) so games
may keep card sets as integer bitmasks where that keeps their code clear.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import NamedTuple

SUITS: tuple[str, ...] = ("C", "D", "H", "S")
"""Suit letters in index order: clubs, diamonds, hearts, spades."""

SUIT_SYMBOLS: dict[str, str] = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

RANKS: tuple[str, ...] = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""Rank texts, lowest face value first; the rank number is the position + 6."""

SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(6, 15)
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


class Card(NamedTuple):
    """One playing card: ``rank`` 6..14 (6..10, J=11, Q=12, K=13, A=14), ``suit`` 0..3."""

    rank: int
    suit: int

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card({_TEXT[self]!r})"

    @property
    def index(self) -> int:  # type: ignore[override]
        """Dense index 0..35: suit-major, rank-minor (it shadows ``tuple.index``, which a card never needs)."""
        return self.suit * 9 + self.rank - 6

    @property
    def rank_text(self) -> str:
        return RANKS[self.rank - 6]

    @property
    def suit_text(self) -> str:
        return SUITS[self.suit]

    @property
    def bit(self) -> int:
        return 1 << (self.suit * 9 + self.rank - 6)

    def pretty(self) -> str:
        """Rank and suit symbol, for texts shown to players.

        >>> Card.parse("QS").pretty()
        'Q♠'
        """
        return RANKS[self.rank - 6] + SUIT_SYMBOLS[SUITS[self.suit]]

    @staticmethod
    def parse(text: str) -> Card:
        """Parse ``"10H"``/``"qs"``; raise ``ValueError`` naming the bad text.

        >>> Card.parse("qs"), Card.parse(" 10H ").rank, Card.parse("10H").index
        (Card('QS'), 10, 22)
        >>> Card.parse("1H")
        Traceback (most recent call last):
        ...
        ValueError: not a card: '1H'
        """
        try:
            return _BY_TEXT[text.strip().upper()]
        except (KeyError, AttributeError):
            raise ValueError(f"not a card: {text!r}") from None


ALL_CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in range(4) for r in range(6, 15))
_TEXT: dict[Card, str] = {c: RANKS[c.rank - 6] + SUITS[c.suit] for c in ALL_CARDS}
_BY_TEXT: dict[str, Card] = {t: c for c, t in _TEXT.items()}
BY_INDEX: tuple[Card, ...] = ALL_CARDS
INDEX: dict[Card, int] = {c: c.index for c in ALL_CARDS}
"""Card → its ``index``: a look-up for hot loops (the property computes it at every call)."""


DECKS: dict[int, tuple[Card, ...]] = {
    36: ALL_CARDS,
    32: tuple(c for c in ALL_CARDS if c.rank >= SEVEN),
}
"""The decks by size, suit-major order: 36 cards (6..A) and 32 (7..A)."""


def make_deck(size: int = 36) -> tuple[Card, ...]:
    """The 36-card deck (6..A) or the 32-card deck (7..A), suit-major order.

    >>> len(make_deck()), make_deck(32)[0]
    (36, Card('7C'))
    """
    try:
        return DECKS[size]
    except KeyError:
        raise ValueError(f"no {size}-card deck") from None


def shuffled(cards: Iterable[Card], rng: random.Random) -> list[Card]:
    """A new list of ``cards`` shuffled by the given generator (never the global one)."""
    out = list(cards)
    rng.shuffle(out)
    return out


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Parse several card texts.

    >>> parse_cards(["6c", "AS"])
    [Card('6C'), Card('AS')]
    """
    return [Card.parse(t) for t in texts]


def cards_text(cards: Iterable[Card]) -> list[str]:
    """Card texts of several cards, in the given order."""
    return [_TEXT[c] for c in cards]


def mask(cards: Iterable[Card]) -> int:
    """The bitmask of a set of cards (bit ``card.index``); :func:`from_mask` reads one back.

    >>> mask(parse_cards(["7C", "6C"]))
    3
    >>> from_mask(mask(parse_cards(["AS", "6D"])))
    [Card('6D'), Card('AS')]
    """
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def from_mask(m: int) -> list[Card]:
    """The cards of a bitmask in index order."""
    out = []
    while m:
        low = m & -m
        out.append(BY_INDEX[low.bit_length() - 1])
        m ^= low
    return out
