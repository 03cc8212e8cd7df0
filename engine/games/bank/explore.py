"""Bank: the rules page's explorer — lay cards and the engine says what is legal, what beats and why."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import SUITS, Card, make_deck
from engine.core import Deal
from engine.games.bank.state import BankGame
from engine.games.bank.tables import (
    CARD_POINTS,
    DECK,
    HAND_SIZE,
    OPTIONS,
    lay_explanation,
    lay_rule,
)
from engine.messages import Message, msg
from engine.messages import card as card_value
from engine.messages import seat as seat_value
from engine.options import validate_options
from engine.positions import (
    ExplorerPosition,
    Refusal,
    choose_trumps,
    fill_hand,
    reader_hand,
    replay,
    shuffled_pool,
    still_held,
    to_play,
)
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
    hand = still_held(HAND_SIZE, steps, nxt)
    return {
        "steps": steps,
        "winner": winner,
        "summary": summary,
        "next": {"seat": nxt, "legal": legal_next},
        "hand": hand,
    }


TRIES = 200
"""Random deals tried for the seat that lays first to be the one the centre card makes first (§3.3)."""


def explore_position(position: ExplorerPosition, rng: random.Random) -> tuple[BankGame, int]:
    """The first bank of a hand as the explorer lays it on its centre card, for the bot's advice: four cards dealt
    each, the context's trumps chosen, the seat that lays first the one the centre card makes first (a deal is
    drawn until it is), the seat to play holding ``hand`` (four less the cards it laid), the other cards dealt at
    random. Returns the game and the seat to play. Raises :class:`Refusal`."""
    options, players, plays, context, hand = position
    options = validate_options(OPTIONS, options)
    if not context.get("centre"):
        raise Refusal(msg("explore.advice.bank_centre"))
    explored = explore(options, players, plays, context)
    for step in explored["steps"]:
        if not step["legal"]:
            raise Refusal(step["reason"])
    centre = Card.parse(context["centre"])
    laid = [(int(s), Card.parse(str(c))) for s, c in plays]
    leader = laid[0][0] if laid else int(context.get("leader") or 0) % players
    seat = explored["next"]["seat"] if laid else leader
    mine = reader_hand(hand, {centre, *(c for _, c in laid)}, DECK, [explored["hand"]])
    own_five = options["trumps"] == "own" and players > len(SUITS)
    dealer = players - 1 if own_five else (leader - 1) % players
    letters = list(context.get("trumps") or [])
    for _ in range(TRIES):
        pool = shuffled_pool(DECK, {centre, *mine, *(c for _, c in laid)}, rng)
        dealt = [
            fill_hand([*(mine if s == seat else []), *(c for w, c in laid if w == s)], HAND_SIZE, pool)
            for s in range(players)
        ]
        game = BankGame(
            players,
            {**options, "trump_choice": "choose"},
            rng.getrandbits(32),
            dealer=dealer,
            deal=Deal(hands=dealt, stock=pool, table=centre),
        )
        choose_trumps(game, letters)
        if game.turn == leader:
            replay(game, [(who, f"play {card}") for who, card in laid])
            return to_play(game, seat)
    raise Refusal(msg("explore.advice.bank_first", seat=seat_value(leader), card=card_value(centre)))
