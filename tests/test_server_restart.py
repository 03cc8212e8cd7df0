"""Instant restart: a start rebuilds only tables with something left to do (within ``RESTORE_SECONDS``, the rest in the
background or on first access), replays journalled actions as trusted, and reads finished tables on demand."""

from __future__ import annotations

import random
import sqlite3

import pytest

from engine.registry import all_games, replay
from tests.messages_check import english
from tests.server_helpers import Client, create, create_with_bots, make_app, play_out, state_of, wait_for

pytestmark = pytest.mark.usefixtures("tiny_game")


@pytest.mark.parametrize("game", [d.id for d in all_games()])
def test_a_trusted_replay_reaches_the_same_state_as_a_checked_one(game):
    """Journalled actions replayed with ``trusted=True`` (no legal moves derived) give the same game: record, events,
    every seat's view and legal moves, result."""
    decl = next(d for d in all_games() if d.id == game)
    for seed in range(3):
        rng = random.Random(seed)
        played = decl.new(decl.default_players, {}, seed)
        while not played.is_over and len(played.log) < 400:
            seat = played.to_act()[0]
            played.apply(seat, rng.choice(played.legal_actions(seat)))
        record = played.record()
        trusted = replay({**record, "actions": []})
        for seat, action in record["actions"]:
            trusted.apply(seat, action, trusted=True)
        assert trusted.record() == record and trusted.events == played.events
        assert trusted.version == played.version and trusted.result() == played.result()
        for seat in [None, *range(played.players)]:
            assert trusted.view(seat) == played.view(seat)
            if seat is not None:
                assert trusted.legal_actions(seat) == played.legal_actions(seat)


def finished_and_open(tmp_path):
    """A journal with a finished table, a table in play and a waiting one; their codes, tokens and states."""
    app = make_app(tmp_path)
    hall = app.extensions["hall"]
    ann, bob, cid = Client(app), Client(app), Client(app)
    done = create_with_bots(ann, options={"hands": 1})
    ann.call("start", {"code": done["code"]})
    play_out(ann, done["code"])
    playing = create_with_bots(bob, options={"hands": 2})
    bob.call("start", {"code": playing["code"]})
    waiting = create(cid)
    states = {code: state_of(app, code) for code in (done["code"], playing["code"], waiting["code"])}
    hall.shut()
    return done, playing, waiting, states


def test_only_tables_with_something_left_to_do_are_rebuilt_and_finished_ones_on_demand(tmp_path):
    done, playing, waiting, states = finished_and_open(tmp_path)
    app = make_app(tmp_path)
    hall = app.extensions["hall"]
    assert sorted(hall.tables) == sorted([playing["code"], waiting["code"]])
    assert list(hall.dormant) == [done["code"]]
    # the table page is served, and the player's token brings the finished table back with its result
    assert app.test_client().get(f"/t/{done['code']}").status_code == 200
    back = Client(app, auth={"tokens": {done["code"]: done["token"]}})
    snap = back.snap()
    assert snap["state"] == "over" and snap["you"] == 0 and snap["view"]["result"] is not None
    assert done["code"] in hall.tables and not hall.dormant
    assert back.call("again", {"code": done["code"]})["ok"]
    hall.shut()


def test_a_spectator_or_a_stranger_gets_a_dormant_table_like_any_other(tmp_path):
    done, _, _, _ = finished_and_open(tmp_path)
    app = make_app(tmp_path)
    watcher = Client(app)
    assert watcher.call("watch", {"code": done["code"]})["ok"]
    assert watcher.snap()["state"] == "over"
    other = make_app(tmp_path / "elsewhere")
    assert Client(other).call("resume", {"code": done["code"], "token": done["token"]})["ok"] is False
    app.extensions["hall"].shut()
    other.extensions["hall"].shut()


def test_tables_past_the_start_budget_are_rebuilt_in_the_background_or_when_asked_for(tmp_path):
    done, playing, waiting, states = finished_and_open(tmp_path)
    app = make_app(tmp_path, RESTORE_SECONDS=0)
    hall = app.extensions["hall"]
    back = Client(app, auth={"tokens": {playing["code"]: playing["token"]}})
    assert back.snap()["state"] == "playing" and back.snap()["you"] == 0
    wait_for(lambda: waiting["code"] in hall.tables, what="the background rebuild")
    assert set(hall.dormant) == {done["code"]}
    assert state_of(app, waiting["code"]) == states[waiting["code"]].replace(
        '"connected": true, "kind": "human"', '"connected": false, "kind": "human"'
    ).replace('"present": 1', '"present": 0')
    hall.shut()


def test_dormant_finished_tables_nobody_came_back_to_are_closed_by_the_sweep(tmp_path):
    done, _, _, _ = finished_and_open(tmp_path)
    app = make_app(tmp_path, CLOSE_IDLE_MINUTES=30)
    hall = app.extensions["hall"]
    since = hall.dormant[done["code"]]
    hall.sweep(now=since + 29 * 60)
    assert done["code"] in hall.dormant
    hall.sweep(now=since + 31 * 60)
    assert not hall.dormant and not hall.resumable(done["code"])
    assert [h["code"] for h in hall.journal.history()] == [done["code"]], "its game stays in the history"
    hall.shut()
    assert done["code"] not in make_app(tmp_path).extensions["hall"].dormant


def test_a_table_that_cannot_be_rebuilt_stays_in_the_journal_and_is_retried(tmp_path, caplog):
    _, playing, _, _ = finished_and_open(tmp_path)
    db = sqlite3.connect(tmp_path / "tables.sqlite3")
    with db:
        db.execute("UPDATE tables SET game = 'gone' WHERE code = ?", (playing["code"],))
    app = make_app(tmp_path)
    hall = app.extensions["hall"]
    assert playing["code"] not in hall.tables and playing["code"] in hall.dormant
    assert f"could not rebuild table {playing['code']}" in caplog.text
    refused = Client(app).call("resume", {"code": playing["code"], "token": playing["token"]})
    assert refused["ok"] is False and playing["code"] in hall.dormant
    with db:
        db.execute("UPDATE tables SET game = 'tiny' WHERE code = ?", (playing["code"],))
    back = Client(app, auth={"tokens": {playing["code"]: playing["token"]}})
    assert back.snap()["state"] == "playing" and playing["code"] in hall.tables
    hall.shut()


@pytest.mark.parametrize(("table", "column"), [("games", "record"), ("tables", "options")])
def test_a_damaged_row_costs_only_its_table_with_one_line(tmp_path, caplog, table, column):
    """Invalid JSON in one table's row: the server starts, says which table in one line, and serves the others."""
    done, playing, waiting, _ = finished_and_open(tmp_path)
    db = sqlite3.connect(tmp_path / "tables.sqlite3")
    with db:
        db.execute(f"UPDATE {table} SET {column} = '{{not json' WHERE code = ?", (playing["code"],))
    app = make_app(tmp_path)
    try:
        lines = [r for r in caplog.records if playing["code"] in r.getMessage()]
        assert len(lines) == 1 and lines[0].exc_info is None, caplog.text
        assert "cannot be rebuilt" in lines[0].getMessage() and f"{table}.{column}" in lines[0].getMessage()
        assert Client(app).call("resume", {"code": waiting["code"], "token": waiting["token"]})["seat"] == 0
        back = Client(app, auth={"tokens": {done["code"]: done["token"]}})
        assert back.snap()["state"] == "over"
        refused = Client(app).call("resume", {"code": playing["code"], "token": playing["token"]})
        assert refused["ok"] is False
        assert app.test_client().get("/api/history").status_code == 200
    finally:
        app.extensions["hall"].shut()


def test_junk_tokens_rebuild_nothing_and_a_strangers_rebuilds_are_limited(tmp_path):
    """Finished tables kept out of memory: a connection with junk tokens for them rebuilds none (it rebuilt every
    one: 2,000 tables took 41 s of CPU and 1.2 GiB); watching them from one address is limited per minute."""
    codes = []
    app = make_app(tmp_path)
    for _ in range(3):
        ann = Client(app)
        done = create_with_bots(ann, options={"hands": 1})
        ann.call("start", {"code": done["code"]})
        play_out(ann, done["code"])
        codes.append(done["code"])
    app.extensions["hall"].shut()
    app = make_app(tmp_path, REBUILDS_PER_MINUTE=2)
    hall = app.extensions["hall"]
    try:
        assert set(codes) <= set(hall.dormant)
        junk = Client(app, auth={"tokens": dict.fromkeys(codes, "junk")}, address="203.0.113.9")
        assert english(junk.call("resume", {"code": codes[0], "token": "junk"})["error"]).startswith(
            "This seat is no longer yours"
        )
        assert not set(codes) & set(hall.tables)
        answers = [junk.call("watch", {"code": code}) for code in codes]
        assert [a["ok"] for a in answers] == [True, True, False]
        assert english(answers[2]["error"]).startswith("Many finished tables were opened from your address")
        assert codes[2] not in hall.tables and codes[2] in hall.dormant
    finally:
        hall.shut()
