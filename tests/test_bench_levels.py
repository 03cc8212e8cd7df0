"""The levels bench (issue 48): duplicate boards, the first-hand measure, and Hard with ten times its search."""

from __future__ import annotations

import datetime
import json

from bench.levels import MEASURES, board_score, bot_for, main, play, summary, tasks
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
        assert result["margin"] == hero - rival
        assert 0 < hero + rival < 301  # one hand's points, far from the game's target


def test_a_blot_board_goes_to_the_level_that_scored_more_on_the_same_cards() -> None:
    """The cards give one team the hand at both tables of a board: within each table the board splits ½ whoever played
    better; across the board, Hard's team taking 26-2 with the good cards where Normal's took only 20-8, and losing
    8-20 with the bad cards where Normal's lost 2-26, wins the board."""
    hard_with_good_cards = {"seed": 1, "score": 1.0, "hero_figure": 26.0, "rival_figure": 2.0}
    hard_with_bad_cards = {"seed": 1, "score": 0.0, "hero_figure": 8.0, "rival_figure": 20.0}
    board = [hard_with_good_cards, hard_with_bad_cards]
    assert board_score(board, across=False) == 0.5
    assert board_score(board, across=True) == 1.0
    assert board_score([{**hard_with_good_cards, "hero_figure": 10.0}, hard_with_bad_cards], across=True) == 0.0
    assert MEASURES["blot"].across and MEASURES["eidex"].across and not MEASURES["bank"].across
    assert summary(board, across=True)["score"] == 1.0


def test_an_eidex_board_is_level_when_hard_plays_as_normal_and_won_by_a_point_normal_missed() -> None:
    """Seat 0's cards take the hand's two victory points at every table. Hard doing no better than Normal in each seat
    leaves the board level across its three tables; Hard taking a point in seat 2 where Normal took none there wins
    the board, though within the tables it still loses to seat 0's cards."""
    as_normal = [
        {"seed": 7, "score": 1.0, "margin": 2.0 - 0.0, "hero_figure": 2.0, "rival_figure": 0.0},
        {"seed": 7, "score": 0.25, "margin": 0.0 - 1.0, "hero_figure": 0.0, "rival_figure": 1.0},
        {"seed": 7, "score": 0.25, "margin": 0.0 - 1.0, "hero_figure": 0.0, "rival_figure": 1.0},
    ]
    assert board_score(as_normal, across=True) == 0.5
    a_point_more = [
        *as_normal[:2],
        {"seed": 7, "score": 0.5, "margin": 1.0 - 1.0, "hero_figure": 1.0, "rival_figure": 1.0},
    ]
    assert board_score(a_point_more, across=True) == 1.0
    assert board_score(a_point_more, across=False) < 0.6
    assert summary(a_point_more, across=True)["within"] == board_score(a_point_more, across=False)


def test_a_bank_game_of_the_measure_is_a_whole_game_placed_by_its_points_unless_asked_for_one_hand() -> None:
    bank = get_game("bank")
    duel = tasks(bank, "normal:easy", 2, 1000, 2, {})
    assert all(dict(t.options) == {} for t in duel)
    for result in map(play, duel):
        hero, rival = result["hero_figure"], result["rival_figure"]
        assert result["score"] == (1.0 if hero > rival else 0.0 if hero < rival else 0.5)
        assert max(hero, rival) >= 248  # the game's target reached
    one = tasks(bank, "normal:easy", 2, 1000, 2, {"max_hands": 1})
    assert all(dict(t.options) == {"max_hands": 1} for t in one)
    for result in map(play, one):
        assert max(result["hero_figure"], result["rival_figure"]) < 248  # a hand's points, short of the target


def test_publish_writes_the_figures_a_report_prints_beside_the_ones_already_published(tmp_path) -> None:
    decl = get_game("bailiff")
    results = [play(t) for t in tasks(decl, "normal:easy", 2, 1000, 2, {})]
    rec, out = tmp_path / "rec.jsonl", tmp_path / "levels.json"
    rec.write_text("".join(json.dumps(r) + "\n" for r in results), encoding="utf-8")
    other = {"game": "ass", "players": 3, "pair": "hard:normal", "score": 0.7}
    out.write_text(json.dumps({"figures": [other, {**other, "game": "bailiff", "players": 2, "pair": "normal:easy"}]}))
    main(
        ["--game", "bailiff", "--pair", "normal:easy", "--games", "2", "--jobs", "1"]
        + ["--record", str(rec), "--report", "--publish", str(out)]
    )
    figures = json.loads(out.read_text(encoding="utf-8"))["figures"]
    assert figures[0] == other
    mine = summary(results)
    assert figures[1] == {
        "game": "bailiff",
        "players": 2,
        "pair": "normal:easy",
        "score": round(mine["score"], 4),
        "low": round(mine["low"], 4),
        "high": round(mine["high"], 4),
        "games": 2,
        "boards": 1,
        "seeds": [1000, 1000],
        "measure": "whole_games",
        "date": datetime.date.fromtimestamp(rec.stat().st_mtime).isoformat(),
    }


def test_a_run_not_all_recorded_is_reported_but_not_published(tmp_path, capsys) -> None:
    decl = get_game("bailiff")
    rec, out = tmp_path / "rec.jsonl", tmp_path / "levels.json"
    rec.write_text(json.dumps(play(tasks(decl, "normal:easy", 2, 1000, 2, {})[0])) + "\n", encoding="utf-8")
    main(
        ["--game", "bailiff", "--pair", "normal:easy", "--games", "2", "--jobs", "1"]
        + ["--record", str(rec), "--report", "--publish", str(out)]
    )
    assert json.loads(out.read_text(encoding="utf-8"))["figures"] == []
    assert "not published: 1 of the run's 2 games recorded" in capsys.readouterr().out
