"""Random games of every game whose texts are messages: every message in every view, event and refusal has its
key in every catalog and renders in every language with nothing left unfilled; no status, tag, label or sheet cell
is a plain English sentence (docs/messages.md)."""

from __future__ import annotations

import random

import pytest

from engine.registry import get_game
from tests.gameplay import random_game
from tests.messages_check import problems, prose_in

CONVERTED: tuple[str, ...] = ("bailiff", "ass", "bank", "blot")
"""The games whose texts are all messages (docs/messages.md, "Converting a game's texts"); each game joins when
converted."""


@pytest.mark.parametrize("game_id", CONVERTED)
@pytest.mark.parametrize("seed", range(6))
def test_every_text_of_a_random_game_is_a_message_in_every_language(game_id: str, seed: int) -> None:
    decl = get_game(game_id)
    game = random_game(decl, seed)
    rng = random.Random(seed)
    found: list[str] = []
    for _ in range(400):
        for seat in [None, *range(game.players)]:
            view = game.view(seat)
            found += problems(view, game_id) + [f"prose: {t!r}" for t in prose_in(view)]
        if game.is_over:
            break
        seat = rng.choice(game.to_act())
        legal = game.legal_actions(seat)
        refused = [game.explain(s, a) for s in range(game.players) for a in legal[:3] if s != seat]
        found += problems(refused, game_id)
        found += problems(game.apply(seat, rng.choice(legal)), game_id)
        assert not found, found[:5]
