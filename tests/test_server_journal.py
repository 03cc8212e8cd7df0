"""The journal: a restarted app rebuilds unfinished tables by replay, finished games stay as history, and each
finished hand gets a deal code that starts a new table with the same deal."""

from __future__ import annotations

import json
import sqlite3

import pytest

from tests.messages_check import english
from tests.server_helpers import Client, create, create_with_bots, make_app, play_out, state_of, to_act, wait_for
from webapp.journal import JournalError
from webapp.journal.schema import MIGRATIONS

pytestmark = pytest.mark.usefixtures("tiny_game")


def play(client: Client, code: str, moves: int) -> None:
    for _ in range(moves):
        snap = client.snap()
        assert client.call("act", {"code": code, "action": snap["legal"][0], "version": snap["version"]})["ok"]


def test_a_restarted_app_continues_every_unfinished_table(tmp_path):
    first = make_app(tmp_path)
    ann, bob = Client(first), Client(first)
    created = create(ann, options={"hands": 2})
    code = created["code"]
    tokens = [created["token"], bob.call("join", {"code": code, "name": "Bob"})["token"]]
    waiting = create(Client(first))["code"]
    ann.call("start", {"code": code})
    for _ in range(4):
        play(to_act([ann, bob]), code, 1)
    before = state_of(first, code)
    old = first.extensions["hall"].tables[code]
    first.extensions["hall"].shut()

    second = make_app(tmp_path)
    hall = second.extensions["hall"]
    assert sorted(hall.tables) == sorted([code, waiting])
    assert hall.tables[waiting].state == "waiting"
    table = hall.tables[code]
    assert table.version == old.version and table.game.record() == old.game.record()
    assert table.game.events == old.game.events
    after = json.loads(state_of(second, code))
    expected = json.loads(before)
    for view in expected["views"]:
        view["seats"] = [dict(s, connected=False) for s in view["seats"]]
        view["present"] = 0
    assert after == expected
    back = Client(second, auth={"tokens": {code: tokens[1]}})
    assert back.snap()["you"] == 1 and back.snap()["version"] == old.version
    assert back.snap()["view"]["hand"] == bob.snap()["view"]["hand"]
    host = Client(second, auth={"tokens": {code: tokens[0]}})
    while table.state == "playing":
        play(to_act([host, back]), code, 1)
    assert host.snap()["state"] == "over" and host.snap()["view"]["result"] == table.game.result()
    assert len(table.game.log) == 2 * 2 * 3


def test_tokens_are_stored_hashed_and_actions_before_the_ack(tmp_path):
    app = make_app(tmp_path)
    ann = Client(app)
    ack = create_with_bots(ann)
    code = ack["code"]
    ann.call("start", {"code": code})
    snap = wait_for(lambda: ann.snap()["legal"] and ann.snap(), what="Ann's turn")
    played = ann.call("act", {"code": code, "action": snap["legal"][0], "version": snap["version"]})
    db = sqlite3.connect(tmp_path / "tables.sqlite3")
    dump = "\n".join(db.iterdump())
    assert ack["token"] not in dump
    assert db.execute("SELECT token_hash FROM seats WHERE code = ? AND seat = 0", (code,)).fetchone()[0]
    game_id, base = db.execute("SELECT id, base_version FROM games WHERE code = ?", (code,)).fetchone()
    rows = db.execute("SELECT n, seat, action FROM actions WHERE game_id = ? ORDER BY n", (game_id,)).fetchall()
    assert played["version"] - base <= len(rows)
    assert (rows[played["version"] - base - 1][1:]) == (0, snap["legal"][0])
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_move_the_journal_cannot_save_is_refused_and_undone(app, monkeypatch):
    ann, bob = Client(app), Client(app)
    code = create(ann)["code"]
    bob.call("join", {"code": code, "name": "Bob"})
    ann.call("start", {"code": code})
    mover = to_act([ann, bob])
    before = state_of(app, code)

    def broken(*args):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(app.extensions["hall"].journal, "add_action", broken)
    snap = mover.snap()
    ack = mover.call("act", {"code": code, "action": snap["legal"][0], "version": snap["version"]})
    assert ack == {"ok": False, "error": {"key": "server.journal.failed.move"}}
    assert english(ack["error"]) == "The move could not be saved; please try again."
    assert state_of(app, code) == before


def test_finished_games_stay_as_history_with_a_step_by_step_replay(tmp_path):
    app = make_app(tmp_path)
    ann = Client(app)
    code = create_with_bots(ann, options={"hands": 1})["code"]
    ann.call("start", {"code": code})
    play_out(ann, code)
    game = app.extensions["hall"].tables[code].game
    app.extensions["hall"].shut()
    http = make_app(tmp_path).test_client()
    history = http.get("/api/history").json
    assert [(h["code"], h["game"], h["names"], h["result"]) for h in history] == [
        (code, "tiny", ["Ann", "Bot 2"], game.result())
    ]
    replay = http.get(f"/api/history/{history[0]['id']}?start=0&count=100").json
    assert replay["total"] == len(game.log) == 6
    assert [s["action"] for s in replay["steps"]] == [None, *[[s, a] for s, a in game.log]]
    assert replay["steps"][0]["view"]["table"]["plays"] == [] and replay["steps"][-1]["view"]["over"] is True
    assert all(s["view"]["hand"] == [] for s in replay["steps"])
    assert replay["hands"] == [{"hand_no": 1, "step": 0, "deal_code": ann.snap()["deal_codes"][0]["code"]}]
    page = http.get(f"/api/history/{history[0]['id']}?start=4&count=1").json
    assert [s["step"] for s in page["steps"]] == [4, 5]
    assert http.get(f"/api/history?code={code}").json == history
    assert http.get("/api/history?code=ZZZZZZ").json == []
    assert http.get("/api/history/999").status_code == 404
    hall = make_app(tmp_path).extensions["hall"]
    assert code not in hall.tables and code in hall.dormant, "a finished table is read on demand, not at start"
    assert hall.table(code).state == "over" and code in hall.tables and code not in hall.dormant
    assert code not in make_app(tmp_path, KEEP_FINISHED_HOURS=0).extensions["hall"].tables


def test_deal_codes_replay_a_finished_hand(app):
    ann = Client(app)
    code = create_with_bots(ann, players=3, options={"hands": 2})["code"]
    ann.call("start", {"code": code})
    table = app.extensions["hall"].tables[code]
    first_deal = table.game.hand_deal.to_json()
    first_dealer = table.game.dealer
    assert ann.snap()["deal_code"] is None
    wait_for(lambda: ann.snap()["deal_codes"] or ann.snap()["legal"], what="a move or a finished hand")
    while not ann.snap()["deal_codes"]:
        wait_for(lambda: ann.snap()["deal_codes"] or ann.snap()["legal"], what="a move or a finished hand")
        if ann.snap()["legal"] and not ann.snap()["deal_codes"]:
            play(ann, code, 1)
    deal = ann.snap()["deal_codes"][0]
    assert deal["hand_no"] == 1 and len(deal["code"]) == 9 and deal["code"][4] == "-"

    cid = Client(app)
    ack = cid.call("create", {"deal": deal["code"].lower(), "name": "Cid"})
    assert ack["ok"], ack
    for seat in (1, 2):
        cid.call("set_seat", {"code": ack["code"], "seat": seat, "kind": "bot"})
    cid.call("start", {"code": ack["code"]})
    replayed = app.extensions["hall"].tables[ack["code"]]
    assert replayed.players == 3 and replayed.options == {"hands": 2}
    assert replayed.game.hand_deal.to_json() == first_deal and replayed.game.dealer == first_dealer
    assert replayed.game.seed != table.game.seed and "seed" not in app.extensions["hall"].journal.deal(deal["code"])
    assert set(cid.snap()["view"]["hand"]) == set(first_deal["hands"][0])


def test_every_game_is_dealt_from_a_128_bit_seed_that_the_journal_keeps(tmp_path):
    app = make_app(tmp_path)
    hall = app.extensions["hall"]
    hosts = [Client(app) for _ in range(8)]
    codes = [create_with_bots(host, options={"hands": 1})["code"] for host in hosts]
    for host, code in zip(hosts, codes, strict=True):
        assert host.call("start", {"code": code})["ok"]
    play_out(hosts[0], codes[0])
    first = hall.tables[codes[0]].game
    assert hosts[0].call("again", {"code": codes[0]})["ok"]
    games = [hall.tables[code].game for code in codes] + [first]
    seeds = [g.seed for g in games]
    assert len(set(seeds)) == len(seeds) and all(0 <= s < 2**128 for s in seeds)
    assert max(s.bit_length() for s in seeds) > 120
    db = sqlite3.connect(tmp_path / "tables.sqlite3")
    journalled = sorted(json.loads(r)["seed"] for (r,) in db.execute("SELECT record FROM games"))
    assert journalled == sorted(seeds)
    views = {code: hall.tables[code].game.view(0) for code in codes}
    hall.shut()
    again = make_app(tmp_path).extensions["hall"]
    assert {code: again.tables[code].game.view(0) for code in codes} == views


def test_a_journal_without_a_schema_version_is_migrated_and_a_newer_one_refused(tmp_path):
    first = make_app(tmp_path)
    ann = Client(first)
    code = create_with_bots(ann)["code"]
    ann.call("start", {"code": code})
    first.extensions["hall"].shut()
    db = sqlite3.connect(tmp_path / "tables.sqlite3")
    assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    db.executescript(
        "ALTER TABLE tables DROP COLUMN parked; ALTER TABLE tables DROP COLUMN worker;"
        " ALTER TABLE tables DROP COLUMN epoch; DROP INDEX seats_by_player;"
        " DROP INDEX actions_by_player;"
        " ALTER TABLE seats DROP COLUMN player; ALTER TABLE actions DROP COLUMN player; PRAGMA user_version = 0;"
    )
    db.close()
    second = make_app(tmp_path)
    assert second.extensions["hall"].tables[code].state == "playing"
    second.extensions["hall"].shut()
    db = sqlite3.connect(tmp_path / "tables.sqlite3")
    assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    assert {"parked", "worker", "epoch"} <= {row[1] for row in db.execute("PRAGMA table_info(tables)")}
    db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    db.close()
    with pytest.raises(JournalError, match="newer than this server's"):
        make_app(tmp_path)


def test_play_again_starts_with_no_deal_codes_of_the_last_game(app):
    """The new game's snapshot lists only its own finished hands' codes (it showed the last game's as its own)."""
    ann = Client(app)
    code = create_with_bots(ann, options={"hands": 1})["code"]
    ann.call("start", {"code": code})
    play_out(ann, code)
    assert len(ann.snap()["deal_codes"]) == 1
    assert ann.call("again", {"code": code}) == {"ok": True}
    snap = wait_for(lambda: ann.snap()["state"] == "playing" and ann.snap(), what="the new game")
    assert snap["deal_codes"] == [] and snap["deal_code"] is None
