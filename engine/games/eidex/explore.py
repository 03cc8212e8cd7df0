"""Eidex: the rules page's explorer — lay cards and the engine says what is legal, what beats and why.

Its reasons, verdicts and summary are messages (docs/messages.md) that the explore API puts in the page's language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import JACK, SUITS, Card, make_deck
from engine.games.eidex.tables import (
    CONTRACTS,
    OPTIONS,
    PLAYERS,
    Contract,
    contract_for,
    legal_cards,
    suit_label,
    trick_winner,
    undertrump_reason,
    why_illegal,
    why_wins,
)
from engine.messages import Message, msg
from engine.messages import card as card_of
from engine.messages import seat as seat_of
from engine.options import validate_options

CONTEXT: list[dict[str, Any]] = [
    {"key": "trump", "choices": ["S", "C", "D", "H"]},
    {"key": "mode", "choices": ["trump", "obenabe", "undenufe"]},
]
"""The explorer's fields besides the options (the first choice is the default)."""


def _explore_contract(options: Mapping[str, Any], context: Mapping[str, Any]) -> Contract:
    if context.get("shown"):
        return contract_for(Card.parse(context["shown"]), bool(options.get("ace_six_no_trump")))
    mode = context.get("mode") or "trump"
    if mode != "trump":
        return CONTRACTS[(mode, None)]
    return CONTRACTS[("trump", SUITS.index(str(context.get("trump") or "S").upper()))]


def judge_any_hand(trick: Sequence[Card], card: Card, contract: Contract) -> tuple[bool, Message]:
    """Whether ``card`` may be laid on ``trick`` by some hand, and on what condition (a message), when the hand is
    unknown."""
    if not trick:
        return True, msg("eidex.explore.lead")
    led, trump = trick[0].suit, contract.trump
    if card.suit == led and not (led == trump and card.rank == JACK):
        return True, msg("eidex.explore.follows", suit=suit_label(led))
    if led == trump and card.suit == trump:
        return True, msg("eidex.explore.jack")
    if led == trump:
        return True, msg("eidex.explore.no_trump_but_jack", suit=suit_label(led))
    if card.suit == trump:
        high = [c for c in trick if c.suit == trump]
        if high and contract.strength[card.index] < max(contract.strength[c.index] for c in high):
            return False, undertrump_reason(trick, card, contract)
        return True, msg("eidex.explore.trump_any_time")
    if trump is None:
        return True, msg("eidex.explore.without_led", suit=suit_label(led))
    return True, msg("eidex.explore.without_led_trump", suit=suit_label(led))


def explore(
    options: Mapping[str, Any], players: int, plays: Sequence[Sequence[Any]], context: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Lay the cards of one trick one by one and explain each: legal or not and why, whether it beats, who takes.

    ``context``: ``{"trump": "S"}`` or ``{"mode": "obenabe"|"undenufe"}`` or ``{"shown": "AS"}`` (with the
    ``ace_six_no_trump`` option), and optionally ``{"hands": {"0": ["6S", ...]}}``: with a seat's hand its
    legality is exact, without it the explorer says on which condition a card may be laid.
    """
    context = context or {}
    contract = _explore_contract(validate_options(OPTIONS, options), context)
    hands = {int(k): [Card.parse(c) for c in v] for k, v in (context.get("hands") or {}).items()}
    laid: list[tuple[int, Card]] = []
    steps = []
    for seat, text in plays:
        card = Card.parse(text)
        trick = [c for _, c in laid]
        reason: Message
        if len(laid) == PLAYERS:
            legal, reason = False, msg("eidex.explore.complete")
        elif card in trick:
            legal, reason = False, msg("common.explore.laid", card=card_of(card))
        elif seat in hands:
            why = why_illegal(hands[seat], trick, card, contract)
            legal, reason = why is None, why or msg("eidex.explore.legal")
        else:
            legal, reason = judge_any_hand(trick, card, contract)
        beats: bool | None = None
        verdict: Message | str = ""
        if legal:
            laid.append((int(seat), card))
            cards = [c for _, c in laid]
            beats = trick_winner(cards, contract) == len(cards) - 1
            key = "eidex.explore.beats" if beats else "eidex.explore.no_beat"
            verdict = msg(key, why=why_wins(cards, contract))
        steps.append(
            {"seat": seat, "card": str(card), "legal": legal, "reason": reason, "beats": beats, "verdict": verdict}
        )
    cards = [c for _, c in laid]
    winner = laid[trick_winner(cards, contract)][0] if len(laid) == PLAYERS else None
    summary: Message
    if winner is not None:
        points = sum(contract.points[c.index] for c in cards)
        summary = msg("eidex.explore.takes", seat=seat_of(winner), points=points, why=why_wins(cards, contract))
        nxt = winner
    else:
        summary = msg("eidex.explore.so_far", why=why_wins(cards, contract)) if cards else msg("eidex.explore.nothing")
        nxt = (laid[-1][0] + 1) % PLAYERS if laid else 0
    return {"steps": steps, "winner": winner, "summary": summary, "next": _next(nxt, cards, winner, hands, contract)}


def _next(seat: int, cards: list[Card], winner: int | None, hands: dict, contract: Contract) -> dict[str, Any]:
    trick = [] if winner is not None else cards
    if seat in hands:
        legal = legal_cards([c for c in hands[seat] if c not in cards], trick, contract)
    else:
        unseen = [c for c in make_deck(36) if c not in cards]
        legal = [c for c in unseen if judge_any_hand(trick, c, contract)[0]]
    return {"seat": seat, "legal": [str(c) for c in legal]}
