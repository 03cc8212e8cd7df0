"""A real server in a subprocess (eventlet as `python server.py` runs it, gevent and threading) with python-socketio
clients: a full game of Bailiff with four clients, a refresh mid-game, refused moves, a kill and restart, and no
hidden card in any payload any client receives."""

from __future__ import annotations

import json
import random
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import requests
import socketio

from engine.registry import replay
from tests.gameplay import cards_in
from tests.live import LiveServer
from tests.messages_check import english
from tests.server_helpers import wait_for

pytestmark = pytest.mark.server

ROOT = Path(__file__).resolve().parent.parent
GAME = {"game": "bailiff", "players": 4, "options": {"max_turns": 60}}


@pytest.fixture(scope="module", params=["eventlet", "gevent", "threading"])
def server(request, tmp_path_factory):
    srv = LiveServer(tmp_path_factory.mktemp("journal"), request.param)
    srv.start()
    yield srv
    errors = srv.stop()
    assert "Traceback" not in errors, errors


class Player:
    """A python-socketio client that records every payload it receives."""

    def __init__(self, url: str, tokens: dict[str, str] | None = None):
        self.received: list[tuple[str, Any]] = []
        self.lock = threading.Lock()
        self.sio = socketio.Client(reconnection=False)
        self.sio.on("*", self._record)
        self.sio.connect(url, auth={"tokens": tokens or {}}, transports=["websocket"], wait_timeout=10)

    def _record(self, event: str, data: Any) -> None:
        with self.lock:
            self.received.append((event, data))

    def call(self, event: str, payload: Any) -> dict[str, Any]:
        return self.sio.call(event, payload, timeout=10)

    def snap(self) -> dict[str, Any] | None:
        """The newest snapshot: the client handles each message in its own thread, so they may be recorded out
        of order; the highest version wins, the last recorded among equals."""
        with self.lock:
            tables = [d for e, d in self.received if e == "table"]
        return max(reversed(tables), key=lambda d: d["version"], default=None)

    def tables(self) -> list[dict[str, Any]]:
        with self.lock:
            return [d for e, d in self.received if e == "table"]

    def close(self) -> None:
        """Disconnect in the background: the client waits up to 3 s for the Werkzeug server's close frame."""
        threading.Thread(target=self.sio.disconnect, daemon=True).start()


def current(players: list[Player], version: int) -> list[Player]:
    """Wait until every player has the snapshot of ``version``; return them."""
    for p in players:
        wait_for(lambda p=p: (p.snap() or {}).get("version", -1) >= version, what=f"version {version}")
    return players


def mover(players: list[Player]) -> Player:
    return next(p for p in players if p.snap()["legal"])


def journal_game(data_dir: Path, code: str) -> tuple[dict[str, Any], int]:
    db = sqlite3.connect(data_dir / "tables.sqlite3")
    game_id, record, base = db.execute(
        "SELECT id, record, base_version FROM games WHERE code = ? ORDER BY id DESC", (code,)
    ).fetchone()
    record = json.loads(record)
    record["actions"] = [
        list(r) for r in db.execute("SELECT seat, action FROM actions WHERE game_id = ? ORDER BY n", (game_id,))
    ]
    db.close()
    return record, base


def assert_no_hidden_card(players: list[Player], record: dict[str, Any], base: int) -> int:
    """Replay the journal; every snapshot a player got holds no card hidden from its seat at that version."""
    game = replay({**record, "actions": []})
    hidden = [{seat: {str(c) for c in game.hidden_from(seat)} for seat in [None, *range(game.players)]}]
    for seat, action in record["actions"]:
        game.apply(seat, action)
        hidden.append({s: {str(c) for c in game.hidden_from(s)} for s in [None, *range(game.players)]})
    checked = 0
    for player in players:
        for event, data in list(player.received):
            if event != "table" or data["view"] is None:
                continue
            leaked = hidden[data["version"] - base][data["you"]].intersection(cards_in(data))
            assert not leaked, f"seat {data['you']} was sent hidden cards {sorted(leaked)} at v{data['version']}"
            checked += 1
    return checked


def test_four_clients_play_bailiff_to_the_end(server):
    rng = random.Random(7)
    players = [Player(server.url) for _ in range(4)]
    created = players[0].call("create", {**GAME, "name": "Ann"})
    assert created["ok"], created
    code, tokens = created["code"], {0: created["token"]}
    for i, name in enumerate(["Bob", "Cid", "Dee"], start=1):
        ack = players[i].call("join", {"code": code, "name": name})
        assert ack["seat"] == i
        tokens[i] = ack["token"]
    watcher = Player(server.url)
    assert watcher.call("watch", {"code": code})["ok"]
    assert players[0].call("start", {"code": code}) == {"ok": True}
    wait_for(lambda: players[0].snap()["state"] == "playing", what="the start")
    version = players[0].snap()["version"]
    moves = 0
    while current(players + [watcher], version)[0].snap()["state"] == "playing":
        if moves == 10:
            check_refusals(players, watcher, code, version)
        if moves == 20:
            old = players[2]
            hand = old.snap()["view"]["hand"]
            old.close()
            players[2] = Player(server.url, tokens={code: tokens[2]})
            snap = wait_for(players[2].snap, what="the refreshed snapshot")
            assert snap["you"] == 2 and snap["view"]["hand"] == hand and snap["version"] == version
            retired = old
        p = mover(players)
        ack = p.call("act", {"code": code, "action": rng.choice(p.snap()["legal"]), "version": version})
        assert ack == {"ok": True, "version": version + 1}, ack
        version, moves = version + 1, moves + 1
    current(players + [watcher], version)
    results = {str(p.snap()["view"]["result"]) for p in players + [watcher]}
    assert len(results) == 1 and players[0].snap()["view"]["result"]["loser"] in range(4)
    assert all(p.snap()["state"] == "over" and p.snap()["legal"] == [] for p in players)
    record, base = journal_game(server.data_dir, code)
    assert len(record["actions"]) == moves == 60
    checked = assert_no_hidden_card(players + [watcher, retired], record, base)
    assert checked >= 5 * moves
    for p in players + [watcher]:
        p.close()


def check_refusals(players: list[Player], watcher: Player, code: str, version: int) -> None:
    """Out of turn, another seat's card, an illegal move and a stale version: refused, nothing changes."""
    before = [p.snap() for p in players + [watcher]]
    p = mover(players)
    idle = next(q for q in players if q is not p)
    own_card = idle.snap()["view"]["hand"][0]
    refused = [
        (idle, {"code": code, "action": f"play {own_card}", "version": version}, "It is not your turn"),
        (p, {"code": code, "action": f"play {own_card}", "version": version}, ""),
        (p, {"code": code, "action": "fly away", "version": version}, ""),
        (p, {"code": code, "action": p.snap()["legal"][0], "version": version - 1}, "The table has changed"),
        (watcher, {"code": code, "action": p.snap()["legal"][0], "version": version}, "You are watching"),
        (p, {"code": code, "action": 42, "version": version}, "action must be text"),
    ]
    for client, payload, text in refused:
        ack = client.call("act", payload)
        assert ack["ok"] is False and text in english(ack["error"]), (payload, ack)
    time.sleep(0.2)
    assert [p.snap() for p in players + [watcher]] == before
    assert watcher.call("watch", {"code": code})["ok"]
    fresh = wait_for(lambda: len(watcher.tables()) and watcher.tables()[-1] is not before[-1] and watcher.snap())
    assert fresh["version"] == version and fresh["view"] == before[-1]["view"]


def test_a_killed_server_restarts_and_the_table_continues(tmp_path):
    server = LiveServer(tmp_path)
    server.start()
    try:
        ann, bob = Player(server.url), Player(server.url)
        created = ann.call("create", {**GAME, "name": "Ann"})
        code = created["code"]
        bob_token = bob.call("join", {"code": code, "name": "Bob"})["token"]
        for seat in (2, 3):
            assert ann.call("set_seat", {"code": code, "seat": seat, "kind": "bot"})["ok"]
        ann.call("start", {"code": code})
        rng = random.Random(3)
        for _ in range(8):
            p = wait_for(lambda: next((q for q in (ann, bob) if q.snap()["legal"]), None), what="a human's turn")
            snap = p.snap()
            assert p.call("act", {"code": code, "action": rng.choice(snap["legal"]), "version": snap["version"]})["ok"]
        wait_for(lambda: any(q.snap()["legal"] for q in (ann, bob)), what="a human to act, the bots resting")
        wait_for(lambda: ann.snap()["version"] == bob.snap()["version"], what="both humans up to date")
        before = {p.snap()["you"]: p.snap() for p in (ann, bob)}
        server.kill()
        server.start()
        ann2 = Player(server.url, tokens={code: created["token"]})
        bob2 = Player(server.url, tokens={code: bob_token})
        for old, new in ((ann, ann2), (bob, bob2)):
            snap = wait_for(new.snap, what="the snapshot after the restart")
            was = before[old.snap()["you"]]
            assert snap["version"] == was["version"] and snap["view"] == was["view"] and snap["legal"] == was["legal"]
            assert snap["you"] == was["you"] and snap["events"] == was["events"]
        while ann2.snap()["state"] == "playing":
            p = wait_for(
                lambda: next((q for q in (ann2, bob2) if q.snap()["legal"] or q.snap()["state"] == "over"), None),
                what="a human's turn or the end",
            )
            snap = p.snap()
            if snap["legal"]:
                p.call("act", {"code": code, "action": rng.choice(snap["legal"]), "version": snap["version"]})
        assert wait_for(lambda: ann2.snap()["state"] == "over", what="the end")
        history = requests.get(server.url + "/api/history", timeout=5).json()
        assert [h["code"] for h in history] == [code]
    finally:
        errors = server.stop()
    assert "Traceback" not in errors, errors


def test_origin_check_and_message_cap(server):
    handshake = server.url + "/socket.io/?EIO=4&transport=polling"
    assert requests.get(handshake, headers={"Origin": server.url}, timeout=5).status_code == 200
    assert requests.get(handshake, headers={"Origin": "http://evil.example"}, timeout=5).status_code == 400
    rebound = {"Host": f"evil.example:{server.port}", "Origin": f"http://evil.example:{server.port}"}
    assert requests.get(handshake, headers=rebound, timeout=5).status_code == 400
    assert requests.get(server.url + "/", headers=rebound, timeout=5).status_code == 400
    page = requests.get(server.url + "/", timeout=5)
    assert "frame-ancestors 'none'" in page.headers["Content-Security-Policy"]
    assert page.headers["X-Content-Type-Options"] == "nosniff" and page.headers["Referrer-Policy"]
    big = Player(server.url)
    with pytest.raises((socketio.exceptions.TimeoutError, socketio.exceptions.BadNamespaceError)):
        big.sio.call("chat", {"code": "AAAAAA", "text": "x" * 100_000}, timeout=1)
    wait_for(lambda: not big.sio.connected, what="the oversized client to be dropped")
    assert requests.get(server.url + "/api/tables", timeout=5).ok
