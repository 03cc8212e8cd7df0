"""Learn by playing: a lesson table deals the game's prepared first hand (``guide["lesson"]``) with Easy bots and
the coach on, is nobody else's to join, and is refused in words when asked for with anything but the game."""

from __future__ import annotations

import pytest

from engine.registry import all_games
from tests.messages_check import english
from tests.server_helpers import Client, wait_for


def lesson(client: Client, game: str) -> dict:
    ack = client.call("create", {"game": game, "name": "Ann", "lesson": True})
    assert ack["ok"], ack
    return ack


@pytest.mark.parametrize("game", [d.id for d in all_games()])
def test_a_lesson_deals_the_prepared_hand_against_easy_bots(app, game):
    decl = next(d for d in all_games() if d.id == game)
    prepared = decl.guide["lesson"]
    ann = Client(app)
    code = lesson(ann, game)["code"]
    snap = ann.snap()
    assert snap["lesson"] == {"shows": prepared["shows"]} and snap["players"] == prepared["players"]
    for seat in range(1, prepared["players"]):
        assert ann.call("set_seat", {"code": code, "seat": seat, "kind": "bot"})["ok"]
    assert all(s["bot"] == "easy" for s in ann.snap()["seats"][1:]), "the bots of a lesson are Easy"
    assert ann.call("start", {"code": code})["ok"]
    # Ass and Bank choose trumps before the deal: Ann chooses hers, the bots theirs.
    wait_for(lambda: ann.snap()["view"]["hand"] or ann.snap()["legal"], what="a dealt hand or a choice")
    while not ann.snap()["view"]["hand"]:
        snap = ann.snap()
        if snap["legal"]:
            assert ann.call("act", {"code": code, "action": snap["legal"][0], "version": snap["version"]})["ok"]
        wait_for(lambda v=snap["version"]: ann.snap()["version"] > v, what="the next move")
    assert sorted(ann.snap()["view"]["hand"]) == sorted(prepared["deal"]["hands"][0])
    assert code not in {t["code"] for t in app.test_client().get("/api/tables").json}, "a lesson is not listed"


def test_a_lesson_is_the_game_alone(app):
    ann = Client(app)
    refused = ann.call("create", {"game": "blot", "name": "Ann", "lesson": True, "players": 4})
    assert english(refused["error"]) == "A lesson is dealt as it is: name only the game."
    refused = ann.call("create", {"game": "blot", "name": "Ann", "lesson": "yes"})
    assert english(refused["error"]) == "lesson must be true or false."


def test_the_coach_asks_once_per_turn_and_is_never_limited(app):
    ann = Client(app)
    code = lesson(ann, "blot")["code"]
    for seat in (1, 2, 3):
        assert ann.call("set_seat", {"code": code, "seat": seat, "kind": "bot"})["ok"]
    assert ann.call("start", {"code": code})["ok"]
    wait_for(lambda: ann.snap()["legal"], what="Ann's first bid")
    answers = [ann.call("hint", {"code": code}) for _ in range(30)]
    assert all(a["ok"] for a in answers), answers[-1]
    assert {a["action"] for a in answers} == {answers[0]["action"]} and answers[0]["action"] in ann.snap()["legal"]
