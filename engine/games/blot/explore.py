"""Blot: the rules page's explorer — lay cards and the engine says what is legal, what beats and why."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import Card
from engine.games.blot.play import current_winner, play_rule, suit_name, trick_verdict, trump_suit, winner_reason
from engine.games.blot.tables import (
    DECK,
    POINTS,
    STRAINS,
    STRENGTH,
)

CONTEXT: list[dict[str, Any]] = [{"key": "trump", "choices": ["S", "C", "D", "H", "NT"]}]
"""The explorer's fields besides the options (the first choice is the default)."""


def _condition(card: Card, trick: list[tuple[int, Card]], strain: str, seat: int, undertrump: bool) -> str:
    """When ``card`` is legal for a hand nobody has told us: the condition, in a player's words."""
    if not trick:
        return "the leader may play any card"
    led = trick[0][1].suit
    trump = trump_suit(strain)
    strength = STRENGTH[strain]
    led_name = suit_name(led)
    if card.suit == led:
        if led != trump:
            return "it follows suit"
        top = max(strength[c] for _, c in trick if c.suit == trump)
        return "a higher trump: always legal" if strength[card] > top else "legal only without a higher trump"
    if led == trump:
        return "legal only without trumps"
    if trump is None:
        return f"legal only without {led_name}"
    winner, best = current_winner(trick, strain)
    if winner == (seat + 2) % 4:
        return f"legal without {led_name}: the partner is winning, so any card"
    if card.suit == trump and strength[card] > strength[best]:
        return f"legal without {led_name}: it beats the trick"
    if card.suit == trump and undertrump:
        return f"legal only without {led_name} and without a trump that beats the trick"
    if undertrump:
        return f"legal only without {led_name} and without trumps"
    return f"legal only without {led_name} and without a trump that beats the trick"


def _always_legal(trick: list[tuple[int, Card]], strain: str, used: set[Card]) -> list[str]:
    """Cards legal whoever holds them: the suit led (above the top trump on a trump lead); anything to lead."""
    free = [c for c in DECK if c not in used]
    if not trick:
        return [str(c) for c in free]
    led = trick[0][1].suit
    strength = STRENGTH[strain]
    top = max(strength[c] for _, c in trick)
    if led == trump_suit(strain):
        return [str(c) for c in free if c.suit == led and strength[c] > top]
    return [str(c) for c in free if c.suit == led]


def explore(
    options: Mapping[str, Any],
    players: int,
    plays: Sequence[Sequence[Any]],
    context: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Lay one trick card by card under a contract: ``context`` = ``{"trump": "S"|"C"|"D"|"H"|"NT", "hands":
    {seat: [cards]}}`` (hands optional). Says for each card whether it is legal and why, whether it beats, who takes."""
    context = dict(context or {})
    strain = str(context.get("trump") or "S").upper()
    if strain not in STRAINS:
        strain = "S"
    undertrump = bool((options or {}).get("must_undertrump_when_void", False))
    hands = {int(k): [Card.parse(c) for c in v] for k, v in (context.get("hands") or {}).items()}
    trick: list[tuple[int, Card]] = []
    used: set[Card] = set()
    steps = []
    for seat, text in list(plays)[:4]:
        seat = int(seat)
        try:
            card = Card.parse(str(text))
        except ValueError:
            steps.append(
                {
                    "seat": seat,
                    "card": str(text),
                    "legal": False,
                    "reason": "not a card",
                    "beats": None,
                    "verdict": "not a card",
                }
            )
            continue
        expected = (trick[-1][0] + 1) % 4 if trick else seat
        if card not in DECK:
            legal, reason = False, "the 32-card deck has no sixes"
        elif card in used:
            legal, reason = False, f"{card.pretty()} is already on the table"
        elif seat != expected:
            legal, reason = False, f"it is seat {expected}'s turn"
        elif seat in hands:
            if card not in hands[seat]:
                legal, reason = False, f"seat {seat} does not hold {card.pretty()}"
            else:
                allowed, reason = play_rule(hands[seat], trick, strain, seat, undertrump)
                legal = card in allowed
        else:
            legal, reason = True, _condition(card, trick, strain, seat, undertrump)
        step: dict[str, Any] = {"seat": seat, "card": str(card), "legal": legal, "reason": reason}
        if not legal:
            step.update(beats=None, verdict=f"{card.pretty()} may not be played: {reason}")
            steps.append(step)
            continue
        before = current_winner(trick, strain) if trick else None
        trick.append((seat, card))
        used.add(card)
        if before is None:
            step.update(beats=None, verdict=f"{card.pretty()} leads: {suit_name(card.suit)} to follow")
        elif current_winner(trick, strain)[0] == seat:
            step.update(
                beats=True, verdict=f"{card.pretty()} beats {before[1].pretty()}: {winner_reason(card, strain)}"
            )
        else:
            step.update(beats=False, verdict=f"{card.pretty()} does not beat {before[1].pretty()}")
        steps.append(step)
    winner = current_winner(trick, strain)[0] if trick else None
    points = sum(POINTS[strain][c] for _, c in trick)
    if len(trick) == 4:
        summary = f"{trick_verdict(trick, strain)} ({points} points)"
    elif trick:
        summary = f"seat {winner} is winning so far ({points} points on the table)"
    else:
        summary = "lay a card to start the trick"
    result: dict[str, Any] = {"steps": steps, "winner": winner, "summary": summary, "strain": strain}
    if len(trick) < 4:
        nxt = (trick[-1][0] + 1) % 4 if trick else (int(plays[0][0]) if plays else 0)
        if nxt in hands:
            allowed, reason = play_rule([c for c in hands[nxt] if c not in used], trick, strain, nxt, undertrump)
            result["next"] = {"seat": nxt, "legal": [str(c) for c in allowed], "reason": reason}
        else:
            result["next"] = {
                "seat": nxt,
                "legal": _always_legal(trick, strain, used),
                "reason": "cards legal whoever holds them; others depend on the hand",
            }
    else:
        result["next"] = None
    return result
