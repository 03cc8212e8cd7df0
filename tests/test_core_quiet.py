"""A quiet state (a search's playout: no events, no texts) plays by the same rules as a table's state."""

from __future__ import annotations

import random

import pytest

from engine.registry import all_games

GAMES = all_games()


def play_out(decl, seed: int, quiet: bool) -> tuple[list[list[str]], list[tuple[int, str]], object, list]:
    """A whole random game: the legal actions offered at every step, the log, the result and the events."""
    game = decl.new(decl.min_players, {}, seed)
    game.quiet = quiet
    rng = random.Random(seed)
    offered = []
    while not game.is_over:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        offered.append(legal)
        game.apply(seat, legal[rng.randrange(len(legal))])
    return offered, game.log, game.result(), game.events


@pytest.mark.parametrize("decl", GAMES, ids=lambda d: d.id)
def test_quiet_games_take_the_same_course(decl):
    for seed in range(4):
        loud_offered, loud_log, loud_result, loud_events = play_out(decl, seed, quiet=False)
        quiet_offered, quiet_log, quiet_result, quiet_events = play_out(decl, seed, quiet=True)
        assert quiet_offered == loud_offered
        assert quiet_log == loud_log
        assert quiet_result == loud_result
        assert len(quiet_events) < len(loud_events)
