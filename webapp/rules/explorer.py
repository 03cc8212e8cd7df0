"""The explorer's requests (``POST /api/explore/<game>`` and its "what would the bot play?" ``…/advice``): the
position they name checked (players, options, plays, context, the reader's hand) before the engine reads it, and
the Hard bot's move worked out in the bots' pool."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

from flask import current_app, request

from engine.cards import Card, make_deck
from engine.core import Game, GameDecl
from engine.positions import ExplorerPosition
from engine.registry import PositionMaker
from engine.trumps import TRUMP_SETUPS, explorer_needs
from webapp.rules.options import player_count
from webapp.thinking import Job


class BadRequest(ValueError):
    """Input the rules page or the explorer cannot use; the message says why."""


def trump_needs(decl: GameDecl) -> dict[str, list[dict[str, object]]]:
    """For a game with the shared trump set-ups (an option ``trumps``): what each set-up asks the explorer for, by
    player count (``engine.trumps.explorer_needs``), so the page's script holds no rule of its own."""
    setups = next((o.choices for o in decl.options if o.name == "trumps"), ())
    return {
        str(s): [explorer_needs(str(s), n) for n in range(decl.max_players + 1)] for s in setups if s in TRUMP_SETUPS
    }


def parse_plays(value: Any, players: int, deck_size: int) -> list[list[Any]]:
    """``[[seat, "QS"], ...]`` checked and normalised: seats in range, real cards of this deck, none twice."""
    if not isinstance(value, list):
        raise BadRequest("plays must be a list of [seat, card] pairs")
    deck = set(make_deck(deck_size))
    seen: set[Card] = set()
    out = []
    for index, play in enumerate(value):
        if not (isinstance(play, list) and len(play) == 2 and isinstance(play[1], str)):
            raise BadRequest(f"play {index + 1} must be a [seat, card] pair, not {play!r}")
        seat, text = play
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise BadRequest(f"play {index + 1}: there is no seat {seat!r} at a table of {players}")
        card = Card.parse(text)
        if card not in deck:
            raise BadRequest(f"play {index + 1}: {card} is not in the {deck_size}-card deck")
        if card in seen:
            raise BadRequest(f"play {index + 1}: {card} has already been laid")
        seen.add(card)
        out.append([seat, str(card)])
    return out


def explorer_position(
    decl: GameDecl, body: dict[str, Any]
) -> tuple[dict[str, Any], int, list[list[Any]], dict[str, Any]]:
    """The position an explorer request names, validated, in the order ``DECL.explore`` takes it: options (defaults
    filled in), players, plays, context."""
    players = player_count(decl, body.get("players"))
    options = {} if body.get("options") is None else body["options"]
    if not isinstance(options, dict):
        raise BadRequest("options must be a JSON object of option names and values")
    options = decl.validate_options(options, players)
    plays = parse_plays(body.get("plays", []), players, decl.deck_size)
    context = {} if body.get("context") is None else body["context"]
    if not isinstance(context, dict):
        raise BadRequest("context must be a JSON object")
    check_context(decl, context)
    return options, players, plays, context


def _texts(value: Any, most: int) -> bool:
    """A list of at most ``most`` short texts (suit letters, cards)."""
    return isinstance(value, list) and len(value) <= most and all(isinstance(v, str) and len(v) <= 8 for v in value)


def _hands(value: Any) -> bool:
    return isinstance(value, dict) and len(value) <= MAX_SEATS and all(_texts(v, 36) for v in value.values())


def _seat_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < MAX_SEATS


def _card_text(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= 4


CONTEXT_FIELDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "trumps": (lambda value: _texts(value, MAX_SEATS), 'a list of suit letters per seat, like ["D", "H"]'),
    "hands": (_hands, 'an object of seat numbers and their cards, like {"0": ["QS"]}'),
    "leader": (_seat_number, "a seat number"),
    "shown": (_card_text, 'a card, like "AS"'),
}
"""The explorer's context fields every game may read besides its own (``GameDecl.explore_context``, each a text
among its choices), and the shape each must have."""

MAX_SEATS = 8


def check_context(decl: GameDecl, context: dict[str, Any]) -> None:
    """Refuse (``BadRequest``) a context field of the wrong shape before the engine reads it: the game's own fields
    must be one of their choices, the shared ones of :data:`CONTEXT_FIELDS` their shape (a context of
    ``{"trumps": 3}`` answered 500); a field no game reads is left to the game."""
    own = {str(f["key"]): [str(c) for c in f["choices"]] for f in decl.explore_context}
    for key, value in context.items():
        if value is None:
            continue
        if key in own:
            if not isinstance(value, str) or value not in own[key]:
                raise BadRequest(f"context {key} must be one of {', '.join(repr(c) for c in own[key])}")
        elif key in CONTEXT_FIELDS:
            fits, shape = CONTEXT_FIELDS[key]
            if not fits(value):
                raise BadRequest(f"context {key} must be {shape}")


def explore_request(decl: GameDecl, body: Any) -> dict[str, Any]:
    """Validate the explorer's request body and ask the engine."""
    if not isinstance(body, dict):
        raise BadRequest('send a JSON object: {"players", "options", "plays", "context"}')
    if decl.explore is None:
        raise BadRequest(f"{decl.name} has no explorer yet")
    return decl.explore(*explorer_position(decl, body))


ADVICE_PER_MINUTE = 20
"""Questions to the bot one client address may ask in any minute (each is a Hard bot's search in the pool), as
many as a table's hints."""


def position_maker(decl: GameDecl) -> PositionMaker | None:
    """The game's ``explore_position`` (its rules page declares it); ``None`` where the game has none."""
    return decl.explore_position


def hard_advice(game: Game, seat: int, seed: str) -> Any:
    """The Hard bot's move for ``seat`` in ``game`` and its reason (``{"action", "reason"}``, as a table's hint),
    worked out in the bots' pool from that seat's view only (a copy) and its legal moves, the search seeded by
    ``seed`` (the same question, the same answer)."""
    job = Job("hint", game.decl.id, None, copy.deepcopy(game.view(seat)), game.legal_actions(seat), seed)
    return current_app.extensions["hall"].thinker.run(job, (request.remote_addr or "", "advice"))


def advice_request(decl: GameDecl, body: Any) -> tuple[Any, int, str]:
    """Validate the "what would the bot play?" request (the explorer's body with ``hand``, the cards the seat to
    play holds, and ``leader``, who leads when nothing is laid) and build the position: the game, the seat to play
    and the seed its search is given (the same question always gets the same answer)."""
    make = position_maker(decl)
    if make is None:
        raise BadRequest(f"the explorer of {decl.name} cannot ask the bot yet")
    if not isinstance(body, dict):
        raise BadRequest('send a JSON object: {"players", "options", "plays", "context", "hand", "leader"}')
    hand = body.get("hand")
    if not isinstance(hand, list) or not all(isinstance(c, str) for c in hand):
        raise BadRequest('hand must be a list of cards, like ["QS", "10H"]')
    leader = body.get("leader", 0)
    if isinstance(leader, bool) or not isinstance(leader, int):
        raise BadRequest("leader must be a seat number")
    options, players, plays, context = explorer_position(decl, body)
    held = sorted(text.strip().upper() for text in hand)
    question = json.dumps([decl.id, players, options, plays, context, held, leader], sort_keys=True, default=str)
    position = ExplorerPosition(options, players, plays, {**context, "leader": leader % players}, held)
    game, seat = make(position, random.Random(question))
    return game, seat, f"explore:{question}"
