"""The turn clock: a player who lets his time run out has that one move made by his stand-in bot (a note in the log
says so), after several in a row a bot plays for him until he is back, and the turns' starts survive a restart.
Clocks are made short here with ``CLOCK_SCALE``; no test asserts how long anything takes."""

from __future__ import annotations

import pytest

from tests.server_helpers import Client, create, make_app, play_out, wait_for
from webapp.house import AWAY_AFTER

pytestmark = pytest.mark.usefixtures("tiny_game")

SCALE = 0.01
"""Every clock's seconds times this: the normal clock's move is 0.25 s, its bank 0.6 s."""


def two_at_a_clock(app, clock: str = "normal") -> tuple[Client, Client, str]:
    ann, bob = Client(app), Client(app)
    code = create(ann, clock=clock, options={"hands": 3})["code"]
    bob.call("join", {"code": code, "name": "Bob"})
    assert ann.call("start", {"code": code})["ok"]
    return ann, bob, code


def test_an_idle_players_move_is_made_by_the_bot_when_his_time_is_out(tmp_path):
    app = make_app(tmp_path, CLOCK_SCALE=SCALE)
    try:
        ann, bob, code = two_at_a_clock(app)
        first = ann.snap()
        [turn] = first["view"]["to_act"]
        assert first["clock"]["setting"] == "normal" and [t["seat"] for t in first["clock"]["turns"]] == [turn]
        assert first["clock"]["turns"][0]["left"] > 0
        idle, other = (ann, bob) if turn == 0 else (bob, ann)
        version = first["version"]
        # nobody touches anything: the clock runs out and the bot plays that one move for him
        wait_for(lambda: other.snap()["version"] > version, what="the bot's move for the idle player")
        snap = other.snap()
        assert snap["events"][-1]["seat"] == turn or any(e.get("seat") == turn for e in snap["events"][-2:])
        assert snap["notes"][-1]["key"] == "clock.timeout" and snap["notes"][-1]["seat"] == turn
        assert snap["seats"][turn]["stand_in"] is False  # one move only: the seat is still his
        table = app.extensions["hall"].tables[code]
        assert table.house.state.bank[turn] == 0  # his bank went too
        # he keeps letting it run out (the other plays in time): after several in a row his seat is marked away
        # and a bot plays for him

        def marked_away() -> bool:
            snap = other.snap()
            if snap["legal"] and snap["version"] not in played:
                played.add(snap["version"])
                other.call("act", {"code": code, "action": snap["legal"][0], "version": snap["version"]})
            return turn in other.snap()["house"]["idle"]

        played: set[int] = set()
        wait_for(marked_away, timeout=30, what="the seat marked away")
        assert other.snap()["house"]["idle"] == [turn]
        assert other.snap()["seats"][turn]["stand_in"] is True
        assert other.snap()["notes"][-1]["key"] == "clock.timeout_away"
        assert table.house.state.streak[turn] >= AWAY_AFTER
        assert idle.call("back", {"code": code}) == {"ok": True}
        assert idle.snap()["seats"][turn]["stand_in"] is False and idle.snap()["house"]["idle"] == []
        assert not other.call("back", {"code": code})["ok"]
    finally:
        app.extensions["hall"].shut()


def test_a_move_in_time_keeps_the_seat_and_no_clock_means_no_hurry(tmp_path):
    app = make_app(tmp_path, CLOCK_SCALE=SCALE)
    try:
        ann, bob, code = create_and_play(app, "off")
        assert ann.snap()["clock"] is None and ann.snap()["notes"] == []
        table = app.extensions["hall"].tables[code]
        assert table.house.state.turns == {}
    finally:
        app.extensions["hall"].shut()


def create_and_play(app, clock: str) -> tuple[Client, Client, str]:
    ann, bob, code = two_at_a_clock(app, clock)
    for _ in range(3):
        mover = next(c for c in (ann, bob) if c.snap()["legal"])
        snap = mover.snap()
        assert mover.call("act", {"code": code, "action": snap["legal"][0], "version": snap["version"]})["ok"]
    return ann, bob, code


def test_the_turns_start_survives_a_restart(tmp_path):
    app = make_app(tmp_path, CLOCK_SCALE=100)  # a clock that cannot run out during the test
    ann, bob = Client(app), Client(app)
    ack = create(ann, clock="relaxed", options={"hands": 3})
    code = ack["code"]
    bob_token = bob.call("join", {"code": code, "name": "Bob"})["token"]
    ann.call("start", {"code": code})
    began = dict(app.extensions["hall"].tables[code].house.state.turns)
    assert len(began) == 1
    app.extensions["hall"].shut()
    again = make_app(tmp_path, CLOCK_SCALE=100)
    try:
        back = Client(again)
        assert back.call("resume", {"code": code, "token": bob_token})["ok"]
        table = again.extensions["hall"].tables[code]
        assert table.house.state.turns == began  # the same deadline, not a fresh one
        assert back.snap()["clock"]["turns"][0]["seat"] in began
    finally:
        again.extensions["hall"].shut()


def test_a_new_game_gives_a_seat_marked_away_back_to_its_player(app):
    ann, bob = Client(app), Client(app)
    code = create(ann, clock="relaxed", options={"hands": 1})["code"]
    bob.call("join", {"code": code, "name": "Bob"})
    ann.call("start", {"code": code})
    table = app.extensions["hall"].tables[code]
    with table.lock:  # as the clock leaves it after Bob's third timeout in a row
        table.house.idle.add(1)
        table.seats[1].stand_in = True
        app.extensions["hall"].bots.wake(table)
    play_out(ann, code)  # his bot plays his moves
    assert ann.call("again", {"code": code})["ok"]
    snap = bob.snap()
    assert snap["house"]["idle"] == [] and snap["seats"][1]["stand_in"] is False


def test_a_forced_move_the_page_plays_does_not_tell_the_clock_the_player_is_there(tmp_path):
    """The page plays a player's only legal move for him (a forced Draw): that is not the player back at his
    seat, so his timeouts in a row go on counting (the next one marks his seat away); his own move starts them
    again."""
    app = make_app(tmp_path, CLOCK_SCALE=100)  # no time runs out during the test
    try:
        ann, bob, code = two_at_a_clock(app)
        table = app.extensions["hall"].tables[code]

        def move(forced: bool) -> int:
            mover = next(c for c in (ann, bob) if c.snap()["legal"])
            snap = mover.snap()
            seat = snap["you"]
            with table.lock:  # as the clock leaves a seat after timeouts in a row, one short of away
                table.house.state.streak[seat] = AWAY_AFTER - 1
            payload = {"code": code, "action": snap["legal"][0], "version": snap["version"]}
            assert mover.call("act", {**payload, "forced": True} if forced else payload)["ok"]
            return seat

        seat = move(forced=True)
        assert table.house.state.streak[seat] == AWAY_AFTER - 1
        seat = move(forced=False)
        assert seat not in table.house.state.streak
        refused = ann.call("act", {"code": code, "action": "x", "version": 0, "forced": "yes"})
        assert not refused["ok"]
    finally:
        app.extensions["hall"].shut()
