"""Property tests run for every registered game: random options, seeds and legal play to the end."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.registry import all_games
from tests.gameplay import assert_replay_identical, play_randomly, random_game
from tests.test_outcome import check_ranking

GAMES = all_games()


@pytest.mark.parametrize("decl", GAMES, ids=[g.id for g in GAMES])
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_play_keeps_every_invariant(decl, seed):
    game = random_game(decl, seed)
    play_randomly(game, seed)
    assert game.result() is not None
    check_ranking(game)
    assert_replay_identical(game)
