"""The bot interface: a bot sees only its seat's view and the legal actions.

    bot.choose(view, legal_actions, rng) -> action

``rng`` is a ``random.Random`` owned by the caller, so bot play is deterministic too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from engine.cards import Card
from engine.views import View


class Bot(Protocol):
    """Anything with ``choose``; games register theirs in ``GameDecl.bots`` by name."""

    def choose(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> str: ...


def bot_seat(view: View) -> int:
    """The seat whose view a bot is given: always a seat's, never a spectator's."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a bot plays a seat's view, not a spectator's")
    return seat


def trick_cards(view: View) -> list[tuple[int, Card]]:
    """The cards on the table in the order laid, each with the seat that laid it (in a trick every card has one)."""
    return [(p["seat"], Card.parse(c)) for p in view["table"]["plays"] if p["seat"] is not None for c in p["cards"]]


class RandomBot:
    """Plays a uniformly random legal action."""

    def choose(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> str:
        return legal_actions[rng.randrange(len(legal_actions))]


def play_out(game: Any, bots: Sequence[Bot], rng: random.Random, max_actions: int = 100_000) -> int:
    """Let ``bots[seat]`` act for every seat until the game is over; return the actions applied."""
    count = 0
    while not game.is_over and count < max_actions:
        seat = game.to_act()[0]
        action = bots[seat].choose(game.view(seat), game.legal_actions(seat), rng)
        game.apply(seat, action)
        count += 1
    return count
