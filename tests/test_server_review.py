"""The Hard bot's review on the server (webapp/review.py): made after a game by itself and kept in the journal (the
migration), asked for an older game, and "try again" from a decision, a table standing where the player stood."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.core import Game
from engine.registry import all_games, get_game
from engine.review import lesson_hand, position_at, rebuild
from tests.server_helpers import Client, play_out, wait_for
from tests.test_server_replay import finished_game
from webapp.ratings.store import Ratings


@pytest.fixture
def app_config() -> dict[str, Any]:
    """Reviews after every game, made in the server's process (as REVIEW_WORKERS=0 sets them)."""
    return {"REVIEW_WORKERS": 0}


def reviewed(app: Any, game_id: int) -> dict[str, Any]:
    http = app.test_client()
    return wait_for(lambda: http.get(f"/api/history/{game_id}/review").json.get("review"), what="the review")


def test_a_finished_game_is_reviewed_by_itself_for_its_player_and_kept_in_the_journal(app):
    game_id, record = finished_game(app)
    review = reviewed(app, game_id)
    assert set(review["seats"]) == {"0"}, "only the player's seat is reviewed, not the bots'"
    mine = review["seats"]["0"]
    ann = [e for e in review["decisions"] if e["seat"] == 0]
    assert mine["decisions"] == len(ann) > 0
    assert mine["matched"] == sum(e["verdict"] == "match" for e in ann)
    for entry in ann:
        seat, made = record["actions"][entry["step"]]
        assert seat == 0 and made == entry["made"]
        assert entry["verdict"] in ("match", "cost", "close", "unsearched")
    assert app.extensions["hall"].journal.review(game_id) == review


def test_an_older_game_is_reviewed_when_asked(app):
    game_id, _ = finished_game(app)
    reviewed(app, game_id)
    journal = app.extensions["hall"].journal
    journal._write([("DELETE FROM reviews WHERE game_id = ?", (game_id,))])
    assert journal.review(game_id) is None
    http = app.test_client()
    first = http.get(f"/api/history/{game_id}/review")
    assert first.status_code in (200, 202)
    assert reviewed(app, game_id)["decisions"]
    assert http.get(f"/api/history/{game_id + 1}/review").status_code == 404


def test_try_again_seats_the_player_where_he_stood_with_bots_and_the_same_hand(app):
    game_id, record = finished_game(app)
    step = next(n for n, (seat, _) in enumerate(record["actions"]) if seat == 0 and n > 3)
    http = app.test_client()
    answer = http.post(f"/api/history/{game_id}/retry", json={"step": step, "name": "Ann"})
    assert answer.status_code == 200, answer.json
    ack = answer.json
    assert ack["seat"] == 0 and ack["token"]
    ann = Client(app, auth={"tokens": {ack["code"]: ack["token"]}})
    wait_for(lambda: ann.events("table"), what="Ann's table")
    snap = ann.snap()
    expected = rebuild(position_at(record, step))
    assert snap["view"]["hand"] == expected.view(0)["hand"]
    assert snap["legal"] == expected.legal_actions(0)
    assert [s["kind"] for s in snap["seats"]] == ["human", "bot", "bot"]
    play_out(ann, ack["code"])
    journal = app.extensions["hall"].journal
    Ratings(journal).settle()
    again = http.get(f"/api/history?code={ack['code']}").json[0]["id"]
    rows = journal.store.read("SELECT counted, reason FROM rated_games WHERE game_id = ?", (again,))
    assert [(r["counted"], r["reason"]) for r in rows] == [(0, "not_deal")], "a game tried again is rated"
    for bad in ({"step": -1, "name": "Ann"}, {"step": step, "name": ""}, {"step": "3", "name": "Ann"}, [1]):
        refused = http.post(f"/api/history/{game_id}/retry", json=bad)
        assert refused.status_code == 400 and refused.json["error"]["key"] == "server.review.bad_retry", bad


def test_moves_a_stand_in_made_for_an_absent_player_are_not_reviewed_as_his(app):
    """The journal says who made each move: the steps a bot played at Ann's seat (a stand-in's, as ``_apply``
    records them while she was away) are left out of her review, her own are all in it."""
    game_id, record = finished_game(app)
    reviewed(app, game_id)
    journal = app.extensions["hall"].journal
    mine = [n for n, (seat, _) in enumerate(record["actions"]) if seat == 0]
    away = mine[: len(mine) // 2]
    journal._write(
        [("UPDATE actions SET player = 'bot:hard' WHERE game_id = ? AND n = ?", (game_id, n)) for n in away]
        + [("DELETE FROM reviews WHERE game_id = ?", (game_id,))]
    )
    app.test_client().get(f"/api/history/{game_id}/review")
    review = reviewed(app, game_id)
    steps = {e["step"] for e in review["decisions"]}
    assert steps and not steps & set(away), "a stand-in's move is reviewed as Ann's"
    assert steps <= set(mine[len(away) :])
    assert review["seats"]["0"]["decisions"] == len(steps)


def later_hand(game_id: str) -> tuple[Game, int]:
    """A game of ``game_id`` played by random moves into a later hand (its third: Ass and Bank make their trump
    choices before the first; Bailiff, one long deal: 200 moves into it), stopped at a decision with a choice: the
    game and the step."""
    decl = get_game(game_id)
    for seed in range(1, 20):
        game, rng = decl.new(decl.default_players, {}, seed), random.Random(seed)
        hand, hands, moves = getattr(game, "hand_no", None), 0, 0
        while not game.is_over:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            if getattr(game, "hand_no", None) != hand:
                hand, hands = getattr(game, "hand_no", None), hands + 1
            later = hands >= 2 if game_id != "bailiff" else moves >= 200
            if later and len(legal) > 1 and moves % 7 == 3:
                return game, len(game.log)
            game.apply(seat, rng.choice(legal))
            moves += 1
    raise AssertionError(f"no {game_id} game reached a later hand")


@pytest.mark.parametrize("game_id", [d.id for d in all_games()])
def test_try_again_at_a_later_hand_seats_the_player_at_the_same_position_with_the_same_hand(app, game_id):
    """A game stopped in a later hand (kept in the journal as finished there): "try again" at that decision
    opens a table where the player sees exactly what he saw (his hand, the scores of the hands before, the moves of
    this one) and may make the same choices; his other moves are made at that table as any."""
    game, step = later_hand(game_id)
    seat = game.to_act()[0]
    record = game.record()
    record["actions"].append([seat, game.legal_actions(seat)[0]])
    journal = app.extensions["hall"].journal
    game_id_ = journal.start_game("ZZZZZZ", {**record, "actions": []}, ["Ann"] * game.players, 0)
    journal.add_actions(game_id_, [(s, a, "") for s, a in record["actions"]])
    journal._write([("UPDATE games SET finished = 1 WHERE id = ?", (game_id_,))])
    http = app.test_client()
    answer = http.post(f"/api/history/{game_id_}/retry", json={"step": step, "name": "Ann"})
    assert answer.status_code == 200, answer.json
    ack = answer.json
    assert ack["seat"] == seat
    ann = Client(app, auth={"tokens": {ack["code"]: ack["token"]}})
    wait_for(lambda: ann.events("table"), what="Ann's table")
    snap = ann.snap()
    assert snap["view"] == json.loads(json.dumps(game.view(seat))), "not the position Ann stood at"
    assert snap["view"]["hand"] and snap["legal"] == game.legal_actions(seat)
    assert sum(s["kind"] == "human" for s in snap["seats"]) == 1


def test_a_lesson_hand_is_reviewed_for_its_player_when_it_is_played(app):
    """ "Learn by playing": once the prepared hand is played (the game goes on with new deals), its player gets the
    Hard bot's review of his decisions in that hand, and nobody else gets it."""
    app.extensions["reviews"].budget = 5_000  # a few decisions searched, the rest listed as skipped: a quick test
    ann = Client(app)
    ack = ann.call("create", {"game": "blot", "name": "Ann", "lesson": True})
    code, token = ack["code"], ack["token"]
    for seat in (1, 2, 3):
        assert ann.call("set_seat", {"code": code, "seat": seat, "kind": "bot"})["ok"]
    assert ann.call("start", {"code": code})["ok"]
    http = app.test_client()
    url = f"/api/lesson/{code}/review"
    wait_for(lambda: ann.snap()["legal"], what="Ann's first turn")
    assert http.post(url, json={"token": token}).status_code == 409, "reviewed before the hand is played"
    while ann.snap()["view"].get("hand_no", 1) <= 1 and ann.snap()["state"] != "over":
        snap = ann.snap()
        if snap["legal"]:
            assert ann.call("act", {"code": code, "action": snap["legal"][0], "version": snap["version"]})["ok"]
        wait_for(lambda v=snap["version"]: ann.snap()["version"] > v, what="the next move")
    assert http.post(url, json={"token": "not hers"}).status_code == 404
    review = wait_for(lambda: http.post(url, json={"token": token}).json.get("review"), 60, "the lesson's review")
    assert set(review["seats"]) == {"0"} and review["seats"]["0"]["decisions"] == len(review["decisions"]) > 0
    hand = lesson_hand(app.extensions["hall"].tables[code].current().record())
    assert hand is not None
    for entry in review["decisions"]:
        assert entry["step"] < len(hand["actions"]) and hand["actions"][entry["step"]] == [0, entry["made"]]
