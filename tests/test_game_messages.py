"""Random games of every game whose texts are messages: every message in every view, event and refusal has its
key in every catalog and renders in every language with nothing left unfilled; no status, tag, label or sheet cell
is a plain English sentence (docs/messages.md)."""

from __future__ import annotations

import random

import pytest

from engine.cards import make_deck
from engine.core import Game
from engine.registry import get_game
from tests.gameplay import random_game
from tests.messages_check import problems, prose_in

CONVERTED: tuple[str, ...] = ("bailiff", "ass", "bank", "blot", "eidex")
"""The games whose texts are all messages (docs/messages.md, "Converting a game's texts"); each game joins when
converted."""


@pytest.mark.parametrize("game_id", CONVERTED)
@pytest.mark.parametrize("seed", range(6))
def test_every_text_of_a_random_game_is_a_message_in_every_language(game_id: str, seed: int) -> None:
    check_random_play(random_game(get_game(game_id), seed), seed)


CHARACTER_CARDS: list[str] = [str(c) for c in make_deck(36)]
"""Eidex's 36 character cards: twelve character games give every character to some seat."""


@pytest.mark.parametrize("seed", range(12))
def test_every_text_of_an_eidex_character_game_is_a_message_in_every_language(seed: int) -> None:
    cast = CHARACTER_CARDS[3 * seed : 3 * seed + 3]
    game = get_game("eidex").new(3, {"advanced": True, "characters": cast}, seed)
    check_random_play(game, seed)


def check_random_play(game: Game, seed: int) -> None:
    """Random play of ``game``: every message in every view, event and refusal has its key in every catalog and
    renders with nothing left unfilled; no view holds prose."""
    game_id = game.decl.id
    rng = random.Random(seed)
    found: list[str] = []
    for _ in range(400):
        for seat in [None, *range(game.players)]:
            view = game.view(seat)
            found += problems(view, game_id) + [f"prose: {t!r}" for t in prose_in(view)]
        if game.is_over:
            break
        seat = rng.choice([s for s in range(game.players) if game.may_act(s)])
        legal = game.legal_actions(seat)
        refused = [game.explain(s, a) for s in range(game.players) for a in legal[:3] if s != seat]
        found += problems(refused, game_id)
        found += problems(game.apply(seat, rng.choice(legal)), game_id)
        assert not found, found[:5]
