"""The hint at the choice of a trump suit (Ass and Bank share the trump set-ups): any free suit will do, since the
suits are chosen before a card is dealt and kept for the whole game."""

from __future__ import annotations

import random

import pytest

from engine.registry import get_game


@pytest.mark.parametrize("game_id", ["ass", "bank"])
def test_a_trump_choice_is_explained_by_a_choice_made_blind_for_the_whole_game(game_id: str) -> None:
    decl = get_game(game_id)
    for seed in range(3):
        game = decl.new(3, {}, seed)
        rng = random.Random(seed)
        while game.phase == "trump":
            seat = game.to_act()[0]
            view, legal = game.view(seat), game.legal_actions(seat)
            assert view["hand"] == [] and all(a.startswith("trump ") for a in legal)  # no card dealt yet
            hint = decl.bots["hard"].hint(view, legal, random.Random(seed))
            assert hint["action"] in legal
            assert hint["reason"] == ({"key": "hint.trump_any"} if len(legal) > 1 else {"key": "hint.only"})
            game.apply(seat, legal[rng.randrange(len(legal))])
        chosen = list(game.view(0)["extra"]["trumps"])
        while not game.is_over and game.hand_no <= 3:  # the same suits, hand after hand
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            game.apply(seat, legal[rng.randrange(len(legal))])
            assert game.view(seat)["extra"]["trumps"] == chosen
