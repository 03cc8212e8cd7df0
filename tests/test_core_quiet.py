"""A quiet state (a search's playout: no events, no texts) plays by the same rules as a table's state."""

from __future__ import annotations

import importlib
import random

import pytest

from engine.registry import all_games, get_game
from engine.search import mean_values

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


PLAYOUTS = {"ass": "play_deal_out", "eidex": "play_out"}
"""The games whose Hard searches quiet worlds, and the function that plays a world on."""


@pytest.mark.parametrize("game_id", PLAYOUTS)
def test_hard_searches_quiet_worlds_to_the_same_verdicts(game_id):
    """Ass's and Eidex's Hard play their sampled worlds quietly (cheaper): every card's mean value over the worlds
    is the one loud worlds give, so the bot plays the same card."""
    decl = get_game(game_id)
    search = importlib.import_module(f"engine.games.{game_id}.search")
    play_on = getattr(search, PLAYOUTS[game_id])
    game, rng = decl.new(3, {}, 5), random.Random(5)
    compared = 0
    while compared < 3:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        view = game.view(seat)
        if len(legal) > 1 and view["phase"] == "play":
            loud, quiet = (
                mean_values(view, legal, 6, random.Random(compared), search.sample, play_on, search.value, quiet=q)
                for q in (False, True)
            )
            assert quiet == loud
            compared += 1
        game.apply(seat, decl.bots["normal"].choose(view, legal, rng))
