"""Blot's trick play: which cards a player may lay and who takes the trick, with the reasons as messages
(rulings blot.md §2.5, §2.6; docs/messages.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cards import SUITS, Card
from engine.games.blot.tables import NO_TRUMP, STRENGTH
from engine.messages import Message, cards, msg, suit
from engine.messages import card as card_of
from engine.messages import seat as seat_of

Plays = Sequence[tuple[int, Card]]
"""A trick so far: (seat, card) in play order."""


TRUMP_SUIT: dict[str, int | None] = {**{s: i for i, s in enumerate(SUITS)}, NO_TRUMP: None}
"""Strain → the trump suit index, ``None`` in no-trump."""


def trump_suit(strain: str) -> int | None:
    """The trump suit index of a contract, ``None`` in no-trump."""
    return TRUMP_SUIT[strain]


def suit_of(index: int) -> dict[str, str]:
    """A suit index as a message's typed suit value."""
    return suit(SUITS[index])


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


def winner_reason(won: Card, strain: str) -> Message:
    """Why ``won``, the trick's winner, takes: the highest trump, or the highest card of the suit led."""
    if won.suit == trump_suit(strain):
        return msg("blot.why.trump")
    return msg("blot.why.led", suit=suit_of(won.suit))


RULES: tuple[str, ...] = (
    "lead",
    "no-trumps",
    "overtrump",
    "trump",
    "follow",
    "void",
    "partner",
    "beat",
    "undertrump",
    "free",
)
"""The play rules of §2.5 by id; each is said by the message ``blot.rule.<id>`` (hyphens as underscores) with
``led`` (the suit led) and ``cards`` (the cards allowed)."""


def rule_message(rule: str, led: int | None, allowed: Sequence[Card]) -> Message:
    """The play rule ``rule`` as a message: "You must follow suit: you hold ♥"."""
    params: dict[str, Any] = {"cards": cards(allowed)}
    if led is not None:
        params["led"] = suit_of(led)
    return msg("blot.rule." + rule.replace("-", "_"), **params)


def legal_cards(
    hand: Sequence[Card], trick: Plays, strain: str, seat: int, must_undertrump: bool = False
) -> tuple[list[Card], str]:
    """The cards of ``hand`` that ``seat`` may lay on ``trick`` and the id of the rule deciding it (``RULES``).

    §2.5: follow the suit led; void in a plain suit led, beat with a trump unless the partner is winning; on a
    trump lead, overtrump when able, else play any trump. ``must_undertrump``: void and not exempt, play a trump
    even when it cannot beat.
    """
    if not trick:
        return list(hand), "lead"
    led = trick[0][1].suit
    trump = TRUMP_SUIT[strain]
    follow = [c for c in hand if c.suit == led]
    if led != trump and follow:
        return follow, "follow"
    strength = STRENGTH[strain]
    if led == trump:
        if not follow:
            return list(hand), "no-trumps"
        top = max(strength[c] for _, c in trick if c.suit == trump)
        higher = [c for c in follow if strength[c] > top]
        return (higher, "overtrump") if higher else (follow, "trump")
    if trump is None:
        return list(hand), "void"
    winner, best = current_winner(trick, strain)
    if winner == (seat + 2) % 4:
        return list(hand), "partner"
    trumps = [c for c in hand if c.suit == trump]
    beating = [c for c in trumps if strength[c] > strength[best]]
    if beating:
        return beating, "beat"
    if must_undertrump and trumps:
        return trumps, "undertrump"
    return list(hand), "free"


def play_rule(
    hand: Sequence[Card], trick: Plays, strain: str, seat: int, must_undertrump: bool = False
) -> tuple[list[Card], Message]:
    """``legal_cards`` with the rule as a message: ``blot.rule.follow`` with ``led`` hearts."""
    allowed, rule = legal_cards(hand, trick, strain, seat, must_undertrump)
    return allowed, rule_message(rule, trick[0][1].suit if trick else None, allowed)


def trick_verdict(trick: Plays, strain: str) -> Message:
    """The verdict on a complete (or partial) trick: "Cid takes the trick with 7♠: the highest trump"."""
    return verdict_of(*current_winner(trick, strain), strain)


def verdict_of(winner: int, won: Card, strain: str) -> Message:
    """The verdict that ``winner`` takes the trick with ``won``."""
    return msg("blot.verdict", seat=seat_of(winner), card=card_of(won), why=winner_reason(won, strain))
