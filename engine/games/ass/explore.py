"""Ass: the rules page's explorer — lay cards and the engine says what is legal, what beats and why."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import EIGHT, SUIT_SYMBOLS, SUITS, Card
from engine.games.ass.doc import (
    DEFAULTS,
    new_trick,
)
from engine.games.ass.play import (
    RANK_ORDER,
    Play,
    Trick,
    card_class,
)


def explore(
    options: Mapping[str, Any], players: int, plays: Sequence[Sequence[Any]], context: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Lay ``plays`` ([[seat, "QS"], ...]) with the per-seat trump suits of ``context["trumps"]`` and say, card by
    card, whether it is legal and beats, and why — the same sentences the table shows."""
    setup = {**DEFAULTS, **options}["trumps"]
    letters = list((context or {}).get("trumps") or [""] * players) + [""] * players
    trick = new_trick(options)
    steps: list[dict[str, Any]] = []
    laid: set[Card] = set()
    for seat, text in plays:
        step = {"seat": seat, "card": text, "legal": False, "beats": None, "verdict": ""}
        steps.append(step)
        try:
            card = Card.parse(text)
        except ValueError:
            step["reason"] = f"{text!r} is not a card"
            break
        expected = (trick.plays[-1].seat + 1) % players if trick.plays else seat
        problem = _explore_problem(trick, players, seat, expected, card, laid)
        if problem:
            step["reason"] = problem
            break
        play = Play(seat, card, card_class(setup, letters[seat], card))
        step["reason"] = _legality(trick, play)
        step["legal"] = True
        step["beats"] = trick.registers_beat(play) if trick.plays else None
        step["verdict"] = trick.add(play)
        laid.add(card)
    done = len(trick.plays) >= players
    out: dict[str, Any] = {
        "steps": steps,
        "winner": trick.winner(),
        "summary": trick.summary(),
        "next": None,
    }
    if trick.plays and not done:
        seat = (trick.plays[-1].seat + 1) % players
        options_next = [Play(seat, c, card_class(setup, letters[seat], c)) for c in _deck() if c not in laid]
        out["next"] = {
            "seat": seat,
            "legal": [str(p.card) for p in options_next if p.card.suit == trick.main_suit or trick.registers_beat(p)],
            "beats": [str(p.card) for p in options_next if trick.registers_beat(p)],
        }
    return out


def _deck() -> list[Card]:
    return [Card(r, s) for s in range(4) for r in RANK_ORDER]


def _explore_problem(trick: Trick, players: int, seat: int, expected: int, card: Card, laid: set[Card]) -> str:
    if not 0 <= seat < players:
        return f"there is no seat {seat}"
    if len(trick.plays) >= players:
        return "the trick is complete: every seat has laid a card"
    if seat != expected:
        return f"it is seat {expected}'s turn"
    if card in laid:
        return f"{card.pretty()} is already on the table"
    return ""


def _legality(trick: Trick, play: Play) -> str:
    if not trick.plays:
        return "any card may be led"
    symbol = SUIT_SYMBOLS[SUITS[trick.suit]]
    beats = trick.registers_beat(play)
    if play.card.suit == trick.suit:
        return "it beats" if beats else f"it follows the main suit {symbol}"
    if play.card.rank == EIGHT:
        return f"legal only if seat {play.seat} holds no {symbol}: an off-suit eight needs a void in the main suit"
    if beats:
        return "it beats"
    return f"legal only if seat {play.seat} holds no {symbol}: it neither beats nor follows the main suit"
