"""Blot's trick play: which cards a player may lay and who takes the trick, with the reasons in a player's words
(rulings blot.md §2.5, §2.6)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import SUIT_NAMES, SUITS, Card
from engine.games.blot_tables import NO_TRUMP, STRENGTH

Plays = Sequence[tuple[int, Card]]
"""A trick so far: (seat, card) in play order."""


TRUMP_SUIT: dict[str, int | None] = {**{s: i for i, s in enumerate(SUITS)}, NO_TRUMP: None}
"""Strain → the trump suit index, ``None`` in no-trump."""


def trump_suit(strain: str) -> int | None:
    """The trump suit index of a contract, ``None`` in no-trump."""
    return TRUMP_SUIT[strain]


def suit_name(suit: int) -> str:
    return SUIT_NAMES[SUITS[suit]]


def current_winner(trick: Plays, strain: str) -> tuple[int, Card]:
    """The (seat, card) taking the trick so far: the highest trump, else the highest card of the suit led."""
    strength = STRENGTH[strain]
    led = trick[0][1].suit
    trump = trump_suit(strain)
    best = trick[0]
    for seat, card in trick[1:]:
        if card.suit in (led, trump) and strength[card] > strength[best[1]]:
            best = (seat, card)
    return best


def winner_reason(card: Card, strain: str) -> str:
    """Why ``card``, the trick's winner, takes: "the highest trump" / "the highest heart, the suit led"."""
    if card.suit == trump_suit(strain):
        return "the highest trump"
    return f"the highest {suit_name(card.suit)[:-1]}, the suit led"


def _pretty(cards: Sequence[Card]) -> str:
    return ", ".join(c.pretty() for c in cards)


def play_rule(
    hand: Sequence[Card], trick: Plays, strain: str, seat: int, must_undertrump: bool = False
) -> tuple[list[Card], str]:
    """The cards of ``hand`` that ``seat`` may lay on ``trick`` and the rule that decides it, in a player's words.

    §2.5: follow the suit led; void in a plain suit led, beat with a trump unless the partner is winning; on a
    trump lead, overtrump when able, else play any trump. ``must_undertrump``: void and not exempt, play a trump
    even when it cannot beat.
    """
    if not trick:
        return list(hand), "the leader may play any card"
    led = trick[0][1].suit
    trump = trump_suit(strain)
    strength = STRENGTH[strain]
    led_name = suit_name(led)
    follow = [c for c in hand if c.suit == led]
    if led == trump:
        if not follow:
            return list(hand), "you have no trumps: any card"
        top = max(strength[c] for _, c in trick if c.suit == trump)
        higher = [c for c in follow if strength[c] > top]
        if higher:
            return higher, f"trumps were led: you must overtrump with a higher trump ({_pretty(higher)})"
        return follow, "trumps were led: you must play a trump"
    if follow:
        return follow, f"you must follow suit: you hold {led_name}"
    if trump is None:
        return list(hand), f"you have no {led_name}: any card"
    winner, best = current_winner(trick, strain)
    if winner == (seat + 2) % 4:
        return list(hand), f"you have no {led_name} and your partner is winning the trick: any card"
    trumps = [c for c in hand if c.suit == trump]
    beating = [c for c in trumps if strength[c] > strength[best]]
    if beating:
        return beating, f"you have no {led_name}: you must beat the trick with a trump ({_pretty(beating)})"
    if must_undertrump and trumps:
        return trumps, f"you have no {led_name}: you must play a trump even if it cannot beat"
    return list(hand), f"you have no {led_name} and no trump that beats the trick: any card"


def trick_verdict(trick: Plays, strain: str) -> str:
    """The verdict on a complete (or partial) trick: "seat 2 takes with J♠: the highest trump"."""
    seat, card = current_winner(trick, strain)
    return f"seat {seat} takes with {card.pretty()}: {winner_reason(card, strain)}"
