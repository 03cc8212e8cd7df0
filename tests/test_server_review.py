"""The Hard bot's review on the server (webapp/review.py): made after a game by itself and kept in the journal (the
migration), asked for an older game, and "try again" from a decision, a table standing where the player stood."""

from __future__ import annotations

from typing import Any

import pytest

from engine.review import position_at, rebuild
from tests.server_helpers import Client, play_out, wait_for
from tests.test_server_replay import finished_game


@pytest.fixture
def app_config() -> dict[str, Any]:
    """Reviews after every game, made in the server's process (as REVIEW_WORKERS=0 sets them)."""
    return {"REVIEW_WORKERS": 0}


def reviewed(app: Any, game_id: int) -> dict[str, Any]:
    http = app.test_client()
    answer = wait_for(lambda: http.get(f"/api/history/{game_id}/review").json.get("review"), what="the review")
    return answer


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
    expected = rebuild("bailiff", 3, record["options"], 0, position_at(record, step))
    assert snap["view"]["hand"] == expected.view(0)["hand"]
    assert snap["legal"] == expected.legal_actions(0)
    assert [s["kind"] for s in snap["seats"]] == ["human", "bot", "bot"]
    play_out(ann, ack["code"])
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
