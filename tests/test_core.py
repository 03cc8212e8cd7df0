"""The core's contract, checked on every registered game: refusals change nothing, replay is exact."""

from __future__ import annotations

import random

import pytest

from engine.core import IllegalAction
from engine.options import OptionError
from engine.registry import all_games, get_game, replay

GAMES = all_games()


def advance(game, steps: int, seed: int = 3) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            return
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))


@pytest.mark.parametrize("decl", GAMES, ids=lambda d: d.id)
def test_refused_actions_change_nothing_and_say_why(decl):
    game = decl.new(decl.min_players, {}, 11)
    advance(game, 5)
    before = (game.version, game.record(), [game.view(s) for s in range(game.players)])
    actor = game.to_act()[0]
    idle = next((s for s in range(game.players) if s not in game.to_act()), None)
    attempts = [(actor, "fly away"), (actor, "play"), (actor, ""), (-1, "take"), (game.players, "take")]
    if idle is not None:
        attempts.append((idle, game.legal_actions(actor)[0]))
    for seat, action in attempts:
        with pytest.raises(IllegalAction) as refused:
            game.apply(seat, action)
        assert refused.value.reason, f"no reason for {action!r}"
    assert (game.version, game.record(), [game.view(s) for s in range(game.players)]) == before


@pytest.mark.parametrize("decl", GAMES, ids=lambda d: d.id)
def test_the_same_seed_and_actions_give_the_same_game(decl):
    a, b = decl.new(decl.default_players, {}, 5), decl.new(decl.default_players, {}, 5)
    advance(a, 40)
    advance(b, 40)
    assert a.record() == b.record() and a.events == b.events
    c = replay(a.record())
    assert [c.view(s) for s in range(c.players)] == [a.view(s) for s in range(a.players)]


@pytest.mark.parametrize("decl", GAMES, ids=lambda d: d.id)
def test_legal_actions_are_accepted_and_explained_as_legal(decl):
    game = decl.new(decl.min_players, {}, 2)
    for _ in range(30):
        if game.is_over:
            break
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        assert all(game.explain(seat, a) is None for a in legal)
        version = game.version
        game.apply(seat, legal[-1].upper())
        assert game.version == version + 1


@pytest.mark.parametrize("decl", GAMES, ids=lambda d: d.id)
def test_player_counts_outside_the_game_are_refused(decl):
    with pytest.raises(OptionError, match="players"):
        decl.new(decl.max_players + 1)
    with pytest.raises(OptionError, match="players"):
        decl.new(decl.min_players - 1)


def test_a_finished_game_refuses_every_action():
    game = get_game("bailiff").new(2, {}, 1)
    advance(game, 100_000)
    assert game.is_over
    assert game.legal_actions(0) == [] and game.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="over"):
        game.apply(0, "take")


@pytest.mark.parametrize("decl", GAMES, ids=lambda d: d.id)
def test_a_blank_state_has_the_base_fields_and_nothing_dealt(decl):
    options = decl.validate_options({}, decl.min_players)
    blank = decl.state.blank(decl.min_players, options, 5, dealer=1)
    assert type(blank) is decl.state
    assert (blank.players, blank.options, blank.seed, blank.first_dealer) == (decl.min_players, options, 5, 1)
    assert (blank.log, blank.events, blank.version, blank.first_deal, blank.start) == ([], [], 0, None, {})
    assert not hasattr(blank, "hand_no")
    assert blank.rng.random() == random.Random(5).random()


@pytest.mark.parametrize("decl", GAMES, ids=lambda d: d.id)
def test_every_view_starts_with_the_common_head(decl):
    game = decl.new(decl.min_players, {}, 4)
    advance(game, 7)
    for seat in [None, *range(game.players)]:
        view = game.view(seat)
        head = game._view_head(seat, view["phase"])
        assert list(view)[: len(head)] == list(head)
        assert {k: view[k] for k in head} == head
        assert (head["game"], head["seat"], head["players"]) == (decl.id, seat, game.players)
