"""Bank: the rules page's explorer — lay cards and the engine says what is legal, what beats and why."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import SUITS, Card, make_deck
from engine.games.bank.tables import (
    CARD_POINTS,
    DECK,
    OPTIONS,
    lay_explanation,
    lay_rule,
)
from engine.messages import Message, msg
from engine.messages import card as card_value
from engine.messages import seat as seat_value
from engine.options import validate_options
from engine.trumps import SENIOR_JUNIOR_CLASS

CONTEXT: list[dict[str, Any]] = [{"key": "centre", "choices": ["", *(str(c) for c in make_deck(36))]}]
"""The explorer's fields besides the options (the first choice is the default)."""


def _classes(options: Mapping[str, Any], players: int, context: Mapping[str, Any]) -> list[list[int]]:
    """Per seat, per suit: the trump class, from the explorer's ``context["trumps"]`` (suit letters per seat)."""
    setup = options["trumps"]
    given = list(context.get("trumps") or [])
    if setup == "senior-junior":
        return [[SENIOR_JUNIOR_CLASS.get(s, 0) for s in range(4)] for _ in range(players)]
    if setup == "none":
        return [[0] * 4 for _ in range(players)]
    if setup == "own":
        owned = [given[p] if p < len(given) else "" for p in range(players)]
        return [[1 if SUITS[s] in owned[p] else 0 for s in range(4)] for p in range(players)]
    common = "".join(given[:1])
    return [[1 if SUITS[s] in common else 0 for s in range(4)] for _ in range(players)]


def explore(
    options: Mapping[str, Any], players: int, plays: Sequence[Sequence[Any]], context: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Lay cards one by one on a bank (``context["centre"]``: the centre card to start from; ``context["trumps"]``:
    trump suit letters per seat, or the common suits first) and say which may be laid, and why (as messages: the
    explore API puts them in the page's words)."""
    options = validate_options(OPTIONS, options)
    context = context or {}
    classes = _classes(options, players, context)
    trump_beat = options["trump_beat"]
    centre = Card.parse(context["centre"]) if context.get("centre") else None
    top: tuple[Card, int | None, int] | None = None
    if centre is not None:
        top = (centre, None, 0 if options["trumps"] == "own" else classes[0][centre.suit])
    used = {centre} if centre else set()
    steps = []
    last_seat = -1
    for seat, text in plays:
        card = Card.parse(text)
        card_class = classes[seat][card.suit]
        reason: Message
        if top is None:
            legal, reason = True, msg("bank.explore.starts", card=card_value(card))
        elif card in used:
            legal, reason = False, msg("common.explore.laid", card=card_value(card))
        else:
            legal = lay_rule(card, card_class, top[0], top[2], trump_beat) is not None
            reason = lay_explanation(card, card_class, top[0], top[2], trump_beat)
        if legal:
            top = (card, seat, card_class)
            used.add(card)
            last_seat = seat
            answer = (seat + 1) % players
            verdict = msg("bank.explore.top", card=card_value(card), seat=seat_value(answer), taker=seat_value(seat))
        else:
            assert top is not None
            verdict = msg("bank.explore.not_laid", card=card_value(card), top=card_value(top[0]))
        steps.append(
            {"seat": seat, "card": str(card), "legal": legal, "reason": reason, "beats": legal, "verdict": verdict}
        )
    nxt = (last_seat + 1) % players if last_seat >= 0 else 0
    legal_next: list[str] = []
    if top is not None:
        legal_next = [
            str(c)
            for c in DECK
            if c not in used and lay_rule(c, classes[nxt][c.suit], top[0], top[2], trump_beat) is not None
        ]
    winner = top[1] if top else None
    bank_points = sum(CARD_POINTS[c.rank] for c in used)
    if top is None:
        summary = msg("bank.explore.start")
    elif winner is None:
        summary = msg("bank.explore.centre", seat=seat_value(nxt), card=card_value(top[0]))
    else:
        summary = msg(
            "bank.explore.summary",
            seat=seat_value(nxt),
            card=card_value(top[0]),
            taker=seat_value(winner),
            points=bank_points,
        )
    return {"steps": steps, "winner": winner, "summary": summary, "next": {"seat": nxt, "legal": legal_next}}
