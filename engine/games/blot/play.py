"""Blot's trick play: which cards a player may lay and who takes the trick, with the reasons in a player's words
(rulings blot.md §2.5, §2.6)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import SUIT_NAMES, SUITS, Card
from engine.games.blot.tables import NO_TRUMP, STRENGTH

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


RULE_TEXTS: dict[str, str] = {
    "lead": "the leader may play any card",
    "no-trumps": "you have no trumps: any card",
    "overtrump": "trumps were led: you must overtrump with a higher trump ({cards})",
    "trump": "trumps were led: you must play a trump",
    "follow": "you must follow suit: you hold {led}",
    "void": "you have no {led}: any card",
    "partner": "you have no {led} and your partner is winning the trick: any card",
    "beat": "you have no {led}: you must beat the trick with a trump ({cards})",
    "undertrump": "you have no {led}: you must play a trump even if it cannot beat",
    "free": "you have no {led} and no trump that beats the trick: any card",
}
"""The play rules of §2.5 by id, in a player's words ({led}: the suit led, {cards}: the cards allowed)."""


def legal_cards(
    hand: Sequence[Card], trick: Plays, strain: str, seat: int, must_undertrump: bool = False
) -> tuple[list[Card], str]:
    """The cards of ``hand`` that ``seat`` may lay on ``trick`` and the id of the rule deciding it (``RULE_TEXTS``).

    §2.5: follow the suit led; void in a plain suit led, beat with a trump unless the partner is winning; on a
    trump lead, overtrump when able, else play any trump. ``must_undertrump``: void and not exempt, play a trump
    even when it cannot beat.
    """
    if not trick:
        return list(hand), "lead"
    led = trick[0][1].suit
    trump = TRUMP_SUIT[strain]
    strength = STRENGTH[strain]
    follow = [c for c in hand if c.suit == led]
    if led == trump:
        if not follow:
            return list(hand), "no-trumps"
        top = max(strength[c] for _, c in trick if c.suit == trump)
        higher = [c for c in follow if strength[c] > top]
        return (higher, "overtrump") if higher else (follow, "trump")
    if follow:
        return follow, "follow"
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
) -> tuple[list[Card], str]:
    """``legal_cards`` with the rule written out: "you must follow suit: you hold hearts"."""
    allowed, rule = legal_cards(hand, trick, strain, seat, must_undertrump)
    led = suit_name(trick[0][1].suit) if trick else ""
    return allowed, RULE_TEXTS[rule].format(led=led, cards=_pretty(allowed))


def trick_verdict(trick: Plays, strain: str) -> str:
    """The verdict on a complete (or partial) trick: "seat 2 takes with J♠: the highest trump"."""
    seat, card = current_winner(trick, strain)
    return f"seat {seat} takes with {card.pretty()}: {winner_reason(card, strain)}"
