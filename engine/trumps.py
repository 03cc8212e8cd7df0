"""The five trump set-ups shared by Ass and Bank (rulings ass.md §1.2).

A card's *class* says how strong it is against other classes: 0 ordinary, 1 trump (or junior trump in the
senior-junior set-up), 2 senior trump. In the ``own`` set-up a card is a trump only when played by the seat
that owns its suit.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.cards import DIAMONDS, SPADES, SUIT_SYMBOLS, SUITS, Card
from engine.messages import Message, msg

TRUMP_SETUPS: tuple[str, ...] = ("own", "none", "one", "two", "senior-junior")
"""The set-ups by name, in the order the seed lists them: every player's own trump suit (a card is a trump only for
its owner), no trumps, one or two common trump suits chosen at the table, and senior spades over junior diamonds.
Their words for players are the catalogs' ``option.<game>.trumps.choice.<name>``."""

TRUMP_CHOICES: tuple[str, ...] = ("choose", "assign")
"""How the suits are fixed: chosen in turn from the player left of the dealer, or dealt out at random."""

SENIOR_JUNIOR_CLASS: dict[int, int] = {SPADES: 2, DIAMONDS: 1}
"""Set-up 5: suit → class (suits not listed are ordinary)."""


def choice_reason(action: str) -> Message | None:
    """A hint's reason for choosing a trump suit (``trump X``): ``hint.trump_any``, any free suit will do, as the
    suits are chosen before a card is dealt and kept for the whole game, and no rule of Ass or Bank favours a suit;
    ``None`` for any other action."""
    return msg("hint.trump_any") if action.startswith("trump ") else None


def choices_needed(setup: str, players: int) -> int:
    """How many suits the table chooses for this set-up."""
    return {"own": min(players, 4), "one": 1, "two": 2}.get(setup, 0)


def explorer_needs(setup: str, players: int) -> dict[str, object]:
    """What choosing trumps means under ``setup`` for ``players``, as the rules explorer asks for it: whether each
    seat owns a suit (``per_seat``), how many suits are chosen (``count``), and the suits every seat holds as trumps
    without a choice (``fixed``, senior first).

    >>> explorer_needs("own", 6)
    {'per_seat': True, 'count': 4, 'fixed': ''}
    >>> explorer_needs("senior-junior", 3)
    {'per_seat': False, 'count': 0, 'fixed': 'SD'}
    """
    fixed = sorted(SENIOR_JUNIOR_CLASS, key=lambda suit: -SENIOR_JUNIOR_CLASS[suit]) if setup == "senior-junior" else []
    return {
        "per_seat": setup == "own",
        "count": choices_needed(setup, players),
        "fixed": "".join(SUITS[s] for s in fixed),
    }


@dataclass
class Trumps:
    """The trump set-up of one table and the suits chosen so far."""

    setup: str
    players: int
    owned: list[int | None] = field(default_factory=list)
    common: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.owned:
            self.owned = [None] * self.players

    @property
    def complete(self) -> bool:
        """True once every suit the set-up needs has been chosen."""
        chosen = sum(s is not None for s in self.owned) if self.setup == "own" else len(self.common)
        return chosen >= choices_needed(self.setup, self.players)

    def available(self) -> list[int]:
        """Suits still free to choose."""
        taken = set(self.common) | {s for s in self.owned if s is not None}
        return [s for s in range(4) if s not in taken]

    def choose(self, seat: int, suit: int) -> None:
        """Record a choice (``own``: the seat's suit; ``one``/``two``: a common suit)."""
        if self.setup == "own":
            self.owned[seat] = suit
        else:
            self.common.append(suit)

    def assign_randomly(self, order: list[int], rng: random.Random) -> None:
        """Deal the remaining choices out at random, to the seats in ``order`` for ``own``."""
        seats = [s for s in order if self.owned[s] is None] if self.setup == "own" else order
        while not self.complete:
            suit = rng.choice(self.available())
            self.choose(seats.pop(0) if self.setup == "own" else -1, suit)

    def card_class(self, seat: int, card: Card) -> int:
        """0 ordinary, 1 trump / junior trump, 2 senior trump — for ``card`` played by ``seat``."""
        if self.setup == "own":
            return 1 if self.owned[seat] == card.suit else 0
        if self.setup in ("one", "two"):
            return 1 if card.suit in self.common else 0
        if self.setup == "senior-junior":
            return SENIOR_JUNIOR_CLASS.get(card.suit, 0)
        return 0

    def suits_of(self, seat: int) -> str:
        """The suit letters that are trumps for ``seat`` (senior first in set-up 5)."""
        if self.setup == "own":
            suit = self.owned[seat]
            return "" if suit is None else SUITS[suit]
        if self.setup in ("one", "two"):
            return "".join(SUITS[s] for s in self.common)
        if self.setup == "senior-junior":
            return "SD"
        return ""

    def per_seat(self) -> list[str]:
        """The ``trumps`` list of the ``trump`` event: each seat's trump suit letters."""
        return [self.suits_of(s) for s in range(self.players)]

    def label(self, seat: int) -> str:
        """Symbols for the table view: ``♠``, ``♠♦``."""
        return "".join(SUIT_SYMBOLS[s] for s in self.suits_of(seat))
