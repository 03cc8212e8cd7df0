"""Two workers behind nginx with Redis and PostgreSQL (docs/deploy.md), all on loopback (bench/stack.py): tables
created from lobby pages whose connections land on different workers, played by clients connected through nginx;
the lobby of either worker lists every table; a worker killed with ``kill -9`` mid-hand loses no acknowledged move
and its tables go on at the other worker for the same players (their pages reconnect with their seat tokens). (A
killed worker's return, when its tables should follow it back, is not checked here: in one run of four the table
did not follow within a minute; issue 21's note.)

Skipped, saying why, where nginx, redis-server or PostgreSQL is not installed (./test.sh installs them as root).
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import pytest
import requests
import socketio

from bench.stack import Stack, missing
from webapp.cluster import Ring
from webapp.tokens import new_table_code

pytestmark = pytest.mark.skipif(bool(missing()), reason=str(missing()))


@dataclass
class Seat:
    code: str
    token: str
    acked: list[tuple[int, int, str]] = field(default_factory=list)
    """(version after the move, seat, action) of every ``act`` answered ok."""
    seen: int = -1
    """The highest version the player was sent."""
    rejoined: list[int] = field(default_factory=list)
    """The first version the player was sent after each reconnection."""
    refused: list[tuple[float, Any]] = field(default_factory=list)
    """(``time.monotonic()`` when it was sent, reason) of every ``act`` answered with a refusal."""


class Player:
    """A python-socketio client through nginx playing one seat with random legal moves. It reconnects by itself
    (its seat token in the connection's ``auth``), as the browser's page does."""

    def __init__(self, url: str, seat: Seat, rng: random.Random):
        self.seat, self.rng = seat, rng
        self.lock = threading.Lock()
        self.snap: dict[str, Any] | None = None
        self.running = True
        self.dropped = False
        self.sio = socketio.Client(reconnection=True, reconnection_delay=0.2, reconnection_delay_max=1)
        self.sio.on("disconnect", self._dropped)
        self.sio.on("table", self._table)
        self.url, self.auth = f"{url}/?code={seat.code}", {"tokens": {seat.code: seat.token}}
        self.sio.connect(self.url, auth=self.auth, transports=["websocket"], wait_timeout=20)
        self.thread = threading.Thread(target=self._play, daemon=True)
        self.thread.start()

    def _dropped(self, reason: Any = None) -> None:
        with self.lock:
            self.dropped = True
        if reason == socketio.Client.reason.SERVER_DISCONNECT and self.running:
            threading.Thread(target=self._again, daemon=True).start()

    def _again(self) -> None:
        """The worker handed the table over and closed the connection: connect again, as the page does."""
        for _ in range(100):
            time.sleep(0.1)
            if self.sio.connected:
                return
            try:
                self.sio.connect(self.url, auth=self.auth, transports=["websocket"], wait_timeout=20)
            except Exception:
                continue

    def _table(self, data: dict[str, Any]) -> None:
        with self.lock:
            if self.dropped:
                self.seat.rejoined.append(data["version"])
                self.dropped = False
            if self.snap is None or data["version"] >= self.snap["version"]:
                self.snap = data
                self.seat.seen = max(self.seat.seen, data["version"])

    def _play(self) -> None:
        while self.running:
            with self.lock:
                snap = self.snap
            try:
                if snap is not None and snap["state"] == "over":
                    self.sio.call("again", {"code": self.seat.code}, timeout=3)
                elif snap is not None and snap["legal"]:
                    action = self.rng.choice(snap["legal"])
                    call = {"code": self.seat.code, "action": action, "version": snap["version"]}
                    sent = time.monotonic()
                    ack = self.sio.call("act", call, timeout=10)
                    if ack and ack.get("ok"):
                        self.seat.acked.append((ack["version"], snap["you"], action))
                        continue
                    if ack and str(ack["error"].get("key", "")).startswith("server.journal."):
                        self.seat.refused.append((sent, ack["error"]))
            except Exception:  # the worker died under it: it reconnects
                pass
            time.sleep(0.02)

    def stop(self) -> None:
        self.running = False
        self.thread.join(5)
        self.sio.disconnect()


def route_to(ring: Ring, worker: str) -> str:
    """A lobby page's random ``route`` that nginx sends to ``worker``."""
    while True:
        route = f"{random.getrandbits(40):x}"
        if ring.owner(route) == worker:
            return route


def open_table(url: str, route: str) -> Seat:
    """A lobby page's "Play now": a Bailiff table with one player (returned) and bots, started."""
    lobby = socketio.Client(reconnection=False)
    lobby.connect(f"{url}/?route={route}", transports=["polling", "websocket"], wait_timeout=20)
    try:
        ack = lobby.call("create", {"game": "bailiff", "players": 4, "name": "Ann"}, timeout=10)
        assert ack["ok"], ack
        for seat in (1, 2, 3):
            assert lobby.call("set_seat", {"code": ack["code"], "seat": seat, "kind": "bot"}, timeout=10)["ok"]
        assert lobby.call("start", {"code": ack["code"]}, timeout=10)["ok"]
        return Seat(ack["code"], ack["token"])
    finally:
        lobby.disconnect()


def journal_moves(database_url: str) -> dict[str, dict[int, tuple[int, str]]]:
    """Every move in the shared journal by table, keyed by the version it made."""
    import psycopg

    out: dict[str, dict[int, tuple[int, str]]] = {}
    with psycopg.connect(database_url) as db:
        rows = db.execute(
            "SELECT g.code, g.base_version, a.n, a.seat, a.action FROM actions a JOIN games g ON g.id = a.game_id"
        )
        for code, base, n, seat, action in rows:
            out.setdefault(code, {})[base + n + 1] = (seat, action)
    return out


def listed(url: str) -> set[str]:
    """The codes of the lobby's table list at ``url``."""
    return {t["code"] for t in requests.get(f"{url}/api/tables", timeout=5).json()}


def wait_for(check: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def test_two_workers_share_the_lobby_and_a_killed_worker_loses_no_acknowledged_move():
    env = {"BOT_DELAY": "0.05", "RATE_LIMIT": "1000", "RATE_BURST": "1000", "GRACE_SECONDS": "60"}
    with Stack(2, env=env, fsync=False) as stack:
        ring = Ring(stack.names)
        codes = [new_table_code() for _ in range(30)]
        assert [stack.worker_of(c) for c in codes] == [ring.owner(c) for c in codes], "nginx and the ring differ"

        seats = [open_table(stack.url, route_to(ring, worker)) for worker in stack.names for _ in range(2)]
        held = {s.code: ring.owner(s.code) for s in seats}
        assert sorted(held.values()) == sorted(stack.names * 2), "each table is created on the worker nginx chose"

        rng = random.Random(21)
        players = [Player(stack.url, seat, random.Random(rng.random())) for seat in seats]
        try:
            wait_for(lambda: all(len(s.acked) >= 4 for s in seats), 30, "every table plays")
            for port in stack.ports:  # each worker's list reaches Redis with its next heartbeat (every second)
                wait_for(lambda port=port: set(held) <= listed(f"http://127.0.0.1:{port}"), 5, f"lobby of :{port}")
            stack.kill(0)
            victims = [s for s in seats if held[s.code] == stack.names[0]]
            before = {s.code: (len(s.acked), s.seen) for s in seats}
            wait_for(
                lambda: all(len(s.acked) >= before[s.code][0] + 4 for s in seats),
                30,
                "the killed worker's tables go on at the other worker",
            )
            wait_for(lambda: set(held) <= listed(stack.url), 5, "the survivor lists the killed worker's tables")
            for seat in victims:
                assert stack.worker_of(seat.code) == stack.names[1]
                assert seat.rejoined and min(seat.rejoined) >= before[seat.code][1], (
                    "back with its token, a player is sent at least the version it had seen"
                )
        finally:
            for p in players:
                p.stop()
        moves = journal_moves(stack.database_url)
        for seat in seats:
            assert seat.acked, seat.code
            for version, who, action in seat.acked:
                assert moves[seat.code].get(version) == (who, action), f"{seat.code} v{version} lost"


def assert_in_journal(database_url: str, seats: list[Seat]) -> None:
    """Every move a player was told was taken is in the shared journal."""
    moves = journal_moves(database_url)
    for seat in seats:
        for version, who, action in seat.acked:
            assert moves[seat.code].get(version) == (who, action), f"{seat.code} v{version} lost"


PLAY_ENV = {"BOT_DELAY": "0.05", "RATE_LIMIT": "1000", "RATE_BURST": "1000", "GRACE_SECONDS": "60"}


def test_a_postgresql_restart_refuses_no_move_once_it_is_back():
    """PostgreSQL restarted during play (every session of every worker cut): moves sent while it is down may be
    refused with the journal's reason, none sent once it takes sessions again, and no acknowledged move is lost."""
    with Stack(1, env=PLAY_ENV, fsync=False) as stack:
        ring = Ring(stack.names)
        seats = [open_table(stack.url, route_to(ring, stack.names[0])) for _ in range(3)]
        players = [Player(stack.url, seat, random.Random(i)) for i, seat in enumerate(seats)]
        try:
            wait_for(lambda: all(len(s.acked) >= 4 for s in seats), 30, "every table plays")
            stack.down("postgres")
            time.sleep(3)
            stack.up("postgres")
            back = time.monotonic()
            before = {s.code: len(s.acked) for s in seats}
            wait_for(lambda: all(len(s.acked) >= before[s.code] + 6 for s in seats), 30, "play goes on")
        finally:
            for p in players:
                p.stop()
        after = [(seat.code, reason) for seat in seats for sent, reason in seat.refused if sent > back]
        assert after == [], "moves refused once PostgreSQL was back"
        assert_in_journal(stack.database_url, seats)


def test_redis_down_play_goes_on_the_lobby_answers_and_creating_says_why_not():
    """Redis stopped during play: moves go on, each worker's lobby answers from its last copy, a new table is
    refused saying why; once Redis is back nothing is refused and a table made on one worker reaches a lobby page
    on the other through the message queue."""
    with Stack(2, env=PLAY_ENV, fsync=False) as stack:
        ring = Ring(stack.names)
        seats = [open_table(stack.url, route_to(ring, worker)) for worker in stack.names]
        players = [Player(stack.url, seat, random.Random(i)) for i, seat in enumerate(seats)]
        lobby = socketio.Client(reconnection=True, reconnection_delay=0.2, reconnection_delay_max=1)
        pushed: list[set[str]] = []
        lobby.on("lobby", lambda tables: pushed.append({t["code"] for t in tables}))
        lobby.connect(f"{stack.url}/?route={route_to(ring, stack.names[0])}&lobby=1", transports=["websocket"])
        try:
            wait_for(lambda: all(len(s.acked) >= 4 for s in seats), 30, "every table plays")
            for port in stack.ports:
                wait_for(lambda port=port: {s.code for s in seats} <= listed(f"http://127.0.0.1:{port}"), 5, "lobby")
            stack.down("redis")
            before = {s.code: len(s.acked) for s in seats}
            wait_for(lambda: all(len(s.acked) >= before[s.code] + 4 for s in seats), 30, "play goes on without Redis")
            for port in stack.ports:
                assert {s.code for s in seats} <= listed(f"http://127.0.0.1:{port}"), "the lobby's last copy"
            creator = socketio.Client(reconnection=False)
            creator.connect(f"{stack.url}/?route={route_to(ring, stack.names[1])}", transports=["websocket"])
            ack = creator.call("create", {"game": "bailiff", "players": 4, "name": "Bo"}, timeout=10)
            assert ack == {"ok": False, "error": {"key": "server.create.no_redis"}}
            stack.up("redis")
            back = time.monotonic()
            before = {s.code: len(s.acked) for s in seats}
            wait_for(lambda: all(len(s.acked) >= before[s.code] + 4 for s in seats), 30, "play goes on")
            ack = creator.call("create", {"game": "bailiff", "players": 4, "name": "Bo"}, timeout=10)
            assert ack["ok"], ack
            creator.disconnect()
            wait_for(lambda: any(ack["code"] in codes for codes in pushed), 10, "the worker-1 table pushed to worker 0")
        finally:
            lobby.disconnect()
            for p in players:
                p.stop()
        after = [(seat.code, reason) for seat in seats for sent, reason in seat.refused if sent > back]
        assert after == [], "moves refused once Redis was back"
        assert_in_journal(stack.database_url, seats)
