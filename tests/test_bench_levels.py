"""The levels bench (issue 48): duplicate boards, the first-hand measure, and Hard with ten times its search."""

from __future__ import annotations

from bench.levels import bot_for, play, tasks
from engine.registry import get_game


def test_a_board_seats_the_hero_at_every_side_of_one_deal() -> None:
    blot, ass = get_game("blot"), get_game("ass")
    duel = tasks(blot, "hard:normal", 5, 1000, 4, {})
    assert [(t.seed, t.hero) for t in duel] == [(1000, 0), (1000, 1), (1001, 0), (1001, 1), (1002, 0), (1002, 1)]
    assert {(t.seed, t.hero) for t in tasks(ass, "hard:normal", 8, 1000, 4, {})} == {
        (s, h) for s in (1000, 1001) for h in range(4)
    }


def test_ten_times_hard_searches_ten_times_the_worlds_and_leaves_hard_as_it_was() -> None:
    for game in ("ass", "bank", "bailiff", "blot", "eidex"):
        decl = get_game(game)
        hard, bigger = decl.bots["hard"], bot_for(decl, "hard10x")
        assert bigger.worlds == 10 * hard.worlds  # type: ignore[attr-defined]
        assert bot_for(decl, "hard") is hard
    eidex = get_game("eidex")
    assert bot_for(eidex, "hard10x").bounds == tuple(10 * n for n in eidex.bots["hard"].bounds)  # type: ignore[attr-defined]


def test_a_first_hand_game_ends_with_the_hand_and_scores_the_hands_points() -> None:
    duel = tasks(get_game("blot"), "normal:easy", 2, 1000, 4, {})
    first, second = play(duel[0]), play(duel[1])
    for result in (first, second):
        hero, rival = result["hero_figure"], result["rival_figure"]
        assert result["score"] == (1.0 if hero > rival else 0.0 if hero < rival else 0.5)
        assert 0 < hero + rival < 301  # one hand's points, far from the game's target


def test_a_bank_game_of_the_measure_is_one_hand_placed_by_its_points_unless_asked_for_whole_games() -> None:
    bank = get_game("bank")
    duel = tasks(bank, "normal:easy", 2, 1000, 2, {})
    assert all(dict(t.options) == {"max_hands": 1} for t in duel)
    for result in map(play, duel):
        hero, rival = result["hero_figure"], result["rival_figure"]
        assert result["score"] == (1.0 if hero > rival else 0.0 if hero < rival else 0.5)
        assert max(hero, rival) < 248  # a hand's points, short of the game's target
    whole = tasks(bank, "normal:easy", 2, 1000, 2, {"max_hands": None})
    assert all(dict(t.options) == {"max_hands": None} for t in whole)
