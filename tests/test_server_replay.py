"""A finished game's replay seen from a player's seat (his hand, what only he knew, in his words) and the Hard bot's
advice at any of his turns in it: what a player studying his own game asks of the journal."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core import Game
from engine.registry import replay
from tests.messages_check import english
from tests.server_helpers import Client, create_with_bots, play_out
from webapp import replays


def finished_game(app: Any) -> tuple[int, dict[str, Any]]:
    """A short Bailiff of Ann and two bots played to its end: its id in the journal and its record."""
    ann = Client(app)
    code = create_with_bots(ann, players=3, game="bailiff", options={"max_turns": 24})["code"]
    assert ann.call("start", {"code": code})["ok"]
    play_out(ann, code)
    game_id = app.test_client().get(f"/api/history?code={code}").json[0]["id"]
    return game_id, app.extensions["hall"].journal.finished_record(game_id)


def positions(record: dict[str, Any]) -> Iterator[Game]:
    """The finished game of ``record`` after each of its steps, the deal first (one game, moved on in place)."""
    game = replay({**record, "actions": []})
    yield game
    for move in record["actions"]:
        game.apply(*move)
        yield game


def test_a_replay_seen_from_a_seat_shows_that_players_hand_at_every_step(app):
    """From a seat: that player's hand at every step; with every hand open: each seat's; as a spectator: none."""
    game_id, record = finished_game(app)
    http = app.test_client()
    game = replay({**record, "actions": []})
    for seat in (0, 2):
        steps = http.get(f"/api/history/{game_id}?start=0&count=200&seat={seat}").json
        assert steps["seat"] == seat
        for n, (step, at) in enumerate(zip(steps["steps"], positions(record), strict=True)):
            assert step["view"]["hand"] == at.view(seat)["hand"], (seat, n)
        assert any(s["view"]["hand"] for s in steps["steps"]), "the seat held no card at any step"
    opened = http.get(f"/api/history/{game_id}?start=0&count=200&seat=all").json
    for n, (step, at) in enumerate(zip(opened["steps"], positions(record), strict=True)):
        assert step["open"] == [at.view(s)["hand"] for s in range(3)] and step["view"] == at.view(None), n
    assert opened["seat"] == "all" and any(s["events"] for s in opened["steps"])
    watched = http.get(f"/api/history/{game_id}?start=0&count=200").json
    assert watched["seat"] is None and all(s["view"]["hand"] == [] for s in watched["steps"])
    assert watched["steps"][0]["view"] == game.view(None)
    for bad in ("3", "-1", "x", "1.5", "²", "9" * 5000):
        answer = http.get(f"/api/history/{game_id}?seat={bad}")
        assert answer.status_code == 400 and answer.json == {"error": "bad_seat"}, bad


def test_the_hard_bot_advises_a_seat_at_its_turn_in_a_finished_game(app):
    """At a step where the seat acts, the advice is one of its legal moves then, with a hint's reason (a message);
    the same question gets the same answer. A step where it does not act, a step past the end or a seat that is
    not at the table is refused (400), and so are questions over the limit (429)."""
    game_id, record = finished_game(app)
    http = app.test_client()
    actions = record["actions"]
    turns = [n for n, (seat, _) in enumerate(actions) if seat == 0]
    step = next(n for n in turns if len(replay({**record, "actions": actions[:n]}).legal_actions(0)) > 1)
    position = replay({**record, "actions": actions[:step]})
    answer = http.get(f"/api/history/{game_id}/advice?step={step}&seat=0").json
    assert answer["step"] == step and answer["seat"] == 0
    assert answer["action"] in position.legal_actions(0)
    assert answer["reason"]["key"].startswith("hint.")
    assert http.get(f"/api/history/{game_id}/advice?step={step}&seat=0").json == answer
    idle = next(n for n in range(len(actions)) if not replay({**record, "actions": actions[:n]}).may_act(1))
    bad = (f"step={idle}&seat=1", f"step={len(actions)}&seat=0", f"step={step}&seat=3", "step=x&seat=0", "step=²")
    for query in bad:
        refused = http.get(f"/api/history/{game_id}/advice?{query}")
        assert refused.status_code == 400 and refused.json == {"error": "bad_step"}, query
    assert http.get(f"/api/history/{game_id + 1}/advice?step=0&seat=0").status_code == 404
    asked = 2 + len(bad)  # refused questions count too: each cost a replay
    codes = [http.get(f"/api/history/{game_id}/advice?step={step}&seat=0").status_code for _ in range(20)]
    assert codes == [200] * (20 - asked) + [429] * asked, codes
    assert http.get(f"/api/history/{game_id}/advice?step={step}&seat=0").json["error"]["key"] == (
        "server.hint.too_many"
    )


def test_a_finished_games_steps_are_limited_per_address(app):
    """Each request for a finished game's steps replays the whole game: one address gets 120 in any minute, then a
    429 that says when to try again (in its words); another address is not held up."""
    game_id, _ = finished_game(app)
    http = app.test_client()
    codes = [http.get(f"/api/history/{game_id}?count=1").status_code for _ in range(121)]
    assert codes == [200] * 120 + [429], codes
    refused = http.get(f"/api/history/{game_id}?count=1&seat=0")
    assert refused.status_code == 429 and refused.json["error"]["key"] == "server.replay.too_many"
    other = http.get(f"/api/history/{game_id}?count=1", environ_base={"REMOTE_ADDR": "10.0.0.7"})
    assert other.status_code == 200


def test_an_ass_game_lists_its_first_hand_from_the_trump_choice(app):
    """Ass chooses its trumps before the first deal: the replay's first hand starts at step 0 with them, not a
    "hand 0" of its own, so "Replay this hand" shows the choice that opened it."""
    ann = Client(app)
    code = create_with_bots(ann, players=2, game="ass", options={})["code"]
    assert ann.call("start", {"code": code})["ok"]
    play_out(ann, code)
    game_id = app.test_client().get(f"/api/history?code={code}").json[0]["id"]
    hands = app.test_client().get(f"/api/history/{game_id}?start=0&count=5").json["hands"]
    assert hands[0]["hand_no"] == 1 and hands[0]["step"] == 0 and hands[0]["deal_code"], hands[0]
    assert all(h["hand_no"] for h in hands) and [h["hand_no"] for h in hands] == sorted({h["hand_no"] for h in hands})


def test_a_replay_asked_again_is_not_replayed_and_replays_are_bounded_in_all(app, monkeypatch):
    """One address's allowed 117 requests a minute each replayed the whole game in the server's process (another
    player's ack went from 7 ms to 1.26 s): an answer asked again comes from the cache, and the replays the server
    makes are limited in all, whoever asks."""
    game_id, _ = finished_game(app)
    app.config["REPLAYS_PER_MINUTE"] = 2
    made = []
    steps = replays.replay_steps
    monkeypatch.setattr(replays, "replay_steps", lambda *args: made.append(args[3]) or steps(*args))
    first, second = app.test_client(), app.test_client()
    second.environ_base["REMOTE_ADDR"] = "10.0.0.7"
    answers = [first.get(f"/api/history/{game_id}?start=0&count=5") for _ in range(5)]
    assert [a.status_code for a in answers] == [200] * 5 and len(made) == 1
    assert second.get(f"/api/history/{game_id}?start=5&count=5").status_code == 200
    refused = second.get(f"/api/history/{game_id}?start=10&count=5")
    assert refused.status_code == 429
    assert english(refused.json["error"]).startswith("The server has replayed many games")
    assert made == [0, 5]
