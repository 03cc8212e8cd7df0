"""Each game states its final ranking as data (engine/outcome.py): places with ties, Blot's two teams. The property
test plays every game at random to its end and checks the ranking there (:func:`check_ranking`)."""

from __future__ import annotations

from engine.core import Game
from engine.games.blot.tables import TEAMS
from engine.outcome import Outcome


def check_ranking(game: Game) -> None:
    """The ranking of a finished ``game`` fits its result: every winner above every loser, a side's seats on one
    place, and each game's own order (Bailiff: the order of going out; Bank: points; Eidex: victory points)."""
    result, ranking = game.result(), game.ranking()
    assert result is not None and ranking is not None
    places = ranking.places
    assert len(places) == game.players and min(places) == 1
    assert sorted(s for side in ranking.sides for s in side) == list(range(game.players))
    assert all(len({places[s] for s in side}) == 1 for side in ranking.sides)
    assert all(places[w] < places[lo] for w in result["winners"] for lo in result["losers"])
    if game.decl.id == "bailiff":
        assert [places[s] for s in result["places"]] == list(range(1, len(result["places"]) + 1))
        assert places[result["loser"]] == game.players
    if game.decl.id == "bank":
        assert all(
            (a > b) == (places[i] < places[j])
            for i, a in enumerate(result["score"])
            for j, b in enumerate(result["score"])
        )
    if game.decl.id == "blot":
        assert ranking.sides == TEAMS and ranking.side_places() in ([1, 2], [2, 1])
    if game.decl.id == "eidex":
        vp = result["vp"]
        assert all(
            places[i] <= places[j] for i in result["winners"] for j in range(game.players) if j not in result["winners"]
        )
        losers = result["losers"]
        assert all((vp[i] > vp[j]) == (places[i] < places[j]) for i in losers for j in losers if vp[i] != vp[j])


def test_places_count_the_seats_above_and_ties_share_one():
    assert Outcome.ranked([3, 1, 1, 2]).places == (4, 1, 1, 3)
    assert Outcome.ranked([0, 0]).places == (1, 1)
    outcome = Outcome.ranked([1, 0, 1, 0], sides=TEAMS, scores=[80, 170, 80, 170])
    assert outcome.side_places() == [2, 1]
    assert outcome.to_json() == {"places": [2, 1, 2, 1], "sides": [[0, 2], [1, 3]], "scores": [80, 170, 80, 170]}


def test_a_game_without_a_ranking_of_its_own_is_ranked_by_its_winners_and_losers():
    assert Outcome.from_result({"winners": [2], "losers": [0]}, 3).places == (3, 2, 1)
