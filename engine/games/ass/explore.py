"""Ass: the rules page's explorer — lay cards and the engine says what is legal, what beats and why."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import EIGHT, SUITS, Card
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
from engine.messages import Message, card, msg, seat, suit


def explore(
    options: Mapping[str, Any], players: int, plays: Sequence[Sequence[Any]], context: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Lay ``plays`` ([[seat, "QS"], ...]) with the per-seat trump suits of ``context["trumps"]`` and say, card by
    card, whether it is legal and beats, and why — the same messages the table shows (the rules page puts them in
    words)."""
    setup = {**DEFAULTS, **options}["trumps"]
    letters = list((context or {}).get("trumps") or [""] * players) + [""] * players
    trick = new_trick(options)
    steps: list[dict[str, Any]] = []
    on_table: set[Card] = set()
    for who, text in plays:
        step: dict[str, Any] = {"seat": who, "card": text, "legal": False, "beats": None, "verdict": ""}
        steps.append(step)
        try:
            laid = Card.parse(text)
        except ValueError:
            step["reason"] = msg("ass.reason.not_a_card")
            break
        expected = (trick.plays[-1].seat + 1) % players if trick.plays else who
        problem = _explore_problem(trick, players, who, expected, laid, on_table)
        if problem:
            step["reason"] = problem
            break
        play = Play(who, laid, card_class(setup, letters[who], laid))
        step["reason"] = _legality(trick, play)
        step["legal"] = True
        step["beats"] = trick.registers_beat(play) if trick.plays else None
        step["verdict"] = trick.add(play)
        on_table.add(laid)
    done = len(trick.plays) >= players
    out: dict[str, Any] = {
        "steps": steps,
        "winner": trick.winner(),
        "summary": trick.summary() or "",
        "next": None,
    }
    if trick.plays and not done:
        nxt = (trick.plays[-1].seat + 1) % players
        options_next = [Play(nxt, c, card_class(setup, letters[nxt], c)) for c in _deck() if c not in on_table]
        out["next"] = {
            "seat": nxt,
            "legal": [str(p.card) for p in options_next if p.card.suit == trick.main_suit or trick.registers_beat(p)],
            "beats": [str(p.card) for p in options_next if trick.registers_beat(p)],
        }
    return out


def _deck() -> list[Card]:
    return [Card(r, s) for s in range(4) for r in RANK_ORDER]


def _explore_problem(
    trick: Trick, players: int, who: int, expected: int, laid: Card, on_table: set[Card]
) -> Message | None:
    if not 0 <= who < players:
        return msg("common.reason.no_seat")
    if len(trick.plays) >= players:
        return msg("ass.explore.complete")
    if who != expected:
        return msg("common.reason.not_your_turn", seat=seat(expected))
    if laid in on_table:
        return msg("ass.explore.on_table", card=card(laid))
    return None


def _legality(trick: Trick, play: Play) -> Message:
    if not trick.plays:
        return msg("ass.explore.any_lead")
    main = suit(SUITS[trick.suit])
    beats = trick.registers_beat(play)
    if play.card.suit == trick.suit:
        return msg("ass.explore.beats") if beats else msg("ass.explore.follows", suit=main)
    if play.card.rank == EIGHT:
        return msg("ass.explore.eight_void", suit=main)
    if beats:
        return msg("ass.explore.beats")
    return msg("ass.explore.off_suit", suit=main)
