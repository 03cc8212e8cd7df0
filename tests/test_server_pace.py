"""The table's pace: its bots' speed, and "finish the hand" once every human is out of it (the bots then play the
rest of the hand without a pause). No test asserts how long anything takes: the pauses asked for are compared."""

from __future__ import annotations

from tests.server_helpers import Client, make_app, wait_for
from webapp.clock import bot_pause, humans_out


def test_a_tables_bot_speed_sets_its_bots_pause(tmp_path):
    app = make_app(tmp_path, BOT_DELAY=0.8)
    try:
        ann = Client(app)
        pauses = {}
        for speed in ("slow", "normal", "fast"):
            code = ann.call("create", {"game": "bank", "players": 3, "name": "Ann", "bot_speed": speed})["code"]
            table = app.extensions["hall"].tables[code]
            assert ann.snap()["house"]["bot_speed"] == speed
            pauses[speed] = bot_pause(table, 0.8)
        assert pauses["slow"] > pauses["normal"] == 0.8 > pauses["fast"] > 0
        assert not ann.call("create", {"game": "bank", "name": "Ann", "bot_speed": "warp"})["ok"]
        # the host changes it at the table
        assert ann.call("house", {"code": code, "bot_speed": "slow"})["ok"]
        assert ann.snap()["house"]["bot_speed"] == "slow"
    finally:
        app.extensions["hall"].shut()


def test_once_every_human_is_out_the_bots_finish_the_hand_at_once(tmp_path):
    app = make_app(tmp_path)
    try:
        ann = Client(app)
        code = ann.call("create", {"game": "bank", "players": 3, "name": "Ann", "bot_speed": "slow"})["code"]
        for seat in (1, 2):
            ann.call("set_seat", {"code": code, "seat": seat, "kind": "bot"})
        table = app.extensions["hall"].tables[code]
        app.extensions["hall"].config["BOT_DELAY"] = 0.0
        ann.call("start", {"code": code})
        assert not ann.call("finish_hand", {"code": code})["ok"]  # she still has cards to play

        def out_or_over() -> bool:
            snap = ann.snap()
            if snap["state"] == "over" or humans_out(table):
                return True
            if snap["legal"]:
                ann.call("act", {"code": code, "action": snap["legal"][0], "version": snap["version"]})
            return False

        wait_for(out_or_over, timeout=60, what="Ann out of a hand")
        with table.lock:
            assert humans_out(table)  # the deal is the test's own (repeatable_deals): she goes out
            app.extensions["hall"].config["BOT_DELAY"] = 30.0  # the bots would now wait long before each move
            hand = table.current().hand_no
            assert ann.call("finish_hand", {"code": code}) == {"ok": True}
            assert ann.snap()["house"]["rush"] is True and bot_pause(table, 30.0) == 0
        wait_for(lambda: table.current().hand_no != hand, what="the hand finished")
        assert bot_pause(table, 30.0) == 60.0  # the next hand is at the table's pace again
    finally:
        app.extensions["hall"].shut()
