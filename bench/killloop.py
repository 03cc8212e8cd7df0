"""``kill -9`` in a loop while bots play: is every acknowledged move still there after the restart?

A real ``python server.py`` (loopback only) holds a few tables, each with one python-socketio player and bots in the
other seats. The players move as soon as they may (bots move between them), starting a new game when one ends. After
a random short while the server is killed with SIGKILL, and before it is started again the journal is read:

- every move a player had acknowledged (``act`` answered ok, with the version after it) must be in the journal at
  the place its version names, with the same seat and action;
- every version a player was sent (bots' moves included: a move is journalled before it is broadcast) must be in
  the journal.

Then the server starts again, the players come back with their seat tokens, and each must be sent the table at
least at the version it had seen. Prints per cycle what was checked and a total of moves lost (0 expected).

    python -m bench.killloop [--cycles 25] [--tables 4] [--game bailiff] [--mode eventlet]

A fixed number of cycles, each bounded in time; it stops by itself.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests
import socketio

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``python server.py`` on a loopback port with its journal in ``data_dir``."""

    def __init__(self, data_dir: Path, mode: str):
        self.data_dir, self.mode = data_dir, mode
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self, timeout: float = 120) -> float:
        """Start it; returns the seconds until it answered."""
        env = dict(
            os.environ,
            ASYNC_MODE=self.mode,
            DATA_DIR=str(self.data_dir),
            PYTHONWARNINGS="ignore",
            BOT_DELAY="0.02",
            RATE_LIMIT="1000",
            RATE_BURST="1000",
        )
        began = time.perf_counter()
        self.proc = subprocess.Popen(
            [sys.executable, "server.py", "--host", "127.0.0.1", "--port", str(self.port)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        while time.perf_counter() - began < timeout:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}")
            try:
                if requests.get(self.url + "/api/games", timeout=2).ok:
                    return time.perf_counter() - began
            except requests.RequestException:
                pass
            time.sleep(0.05)
        raise RuntimeError("the server did not answer")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)


@dataclass
class Seat:
    """One player: its table, seat token, and what the server acknowledged to it."""

    code: str
    token: str
    acked: list[tuple[int, int, str]] = field(default_factory=list)
    """(version after the move, seat, action) of every ``act`` answered ok."""
    seen: int = -1
    """The highest version it was sent."""


class Player:
    """A python-socketio client playing one seat: a random legal action whenever it may act; a new game when one
    is over. Runs until :meth:`stop`."""

    def __init__(self, url: str, seat: Seat, rng: random.Random):
        self.seat, self.rng = seat, rng
        self.lock = threading.Lock()
        self.snap: dict[str, Any] | None = None
        self.running = True
        self.sio = socketio.Client(reconnection=False)
        self.sio.on("table", self._table)
        self.sio.connect(url, auth={"tokens": {seat.code: seat.token}}, transports=["websocket"], wait_timeout=20)
        self.thread = threading.Thread(target=self._play, daemon=True)
        self.thread.start()

    def _table(self, data: dict[str, Any]) -> None:
        with self.lock:
            if data.get("code") == self.seat.code and (self.snap is None or data["version"] >= self.snap["version"]):
                self.snap = data
                self.seat.seen = max(self.seat.seen, data["version"])

    def _play(self) -> None:
        while self.running:
            with self.lock:
                snap = self.snap
            try:
                if snap is None:
                    time.sleep(0.01)
                elif snap["state"] == "over":
                    self.sio.call("again", {"code": self.seat.code}, timeout=5)
                    time.sleep(0.05)
                elif snap["legal"]:
                    action = self.rng.choice(snap["legal"])
                    ack = self.sio.call(
                        "act", {"code": self.seat.code, "action": action, "version": snap["version"]}, timeout=5
                    )
                    if ack and ack.get("ok"):
                        self.seat.acked.append((ack["version"], snap["you"], action))
                    else:
                        time.sleep(0.01)
                else:
                    time.sleep(0.01)
            except Exception:  # the server was killed under it
                return

    def stop(self) -> None:
        self.running = False
        with contextlib.suppress(Exception):
            self.sio.disconnect()


def journal_moves(data_dir: Path) -> tuple[dict[str, dict[int, tuple[int, str]]], dict[str, int]]:
    """Every journalled move by table, keyed by the version it made (``{code: {version: (seat, action)}}``), and
    each table's newest journalled version (a game's base version counts: a new game's first snapshot has it)."""
    db = sqlite3.connect(data_dir / "tables.sqlite3")
    out: dict[str, dict[int, tuple[int, str]]] = {}
    newest: dict[str, int] = {}
    for code, base in db.execute("SELECT code, base_version FROM games"):
        newest[code] = max(newest.get(code, -1), base)
    rows = db.execute(
        "SELECT g.code, g.base_version, a.n, a.seat, a.action FROM actions a JOIN games g ON g.id = a.game_id"
    )
    for code, base, n, seat, action in rows:
        out.setdefault(code, {})[base + n + 1] = (seat, action)
        newest[code] = max(newest[code], base + n + 1)
    db.close()
    return out, newest


def open_table(url: str, game: str, rng: random.Random) -> Seat:
    """A table of ``game`` with one player (returned) and bots, started."""
    client = socketio.Client(reconnection=False)
    client.connect(url, transports=["websocket"], wait_timeout=20)
    try:
        ack = client.call("create", {"game": game, "name": "Ann"}, timeout=10)
        if not ack.get("ok"):
            raise RuntimeError(f"create refused: {ack}")
        code = ack["code"]
        snap_players = requests.get(url + "/api/tables", timeout=5).json()
        players = next(t["players"] for t in snap_players if t["code"] == code)
        for seat in range(1, players):
            assert client.call("set_seat", {"code": code, "seat": seat, "kind": "bot"}, timeout=10)["ok"]
        assert client.call("start", {"code": code}, timeout=10)["ok"]
        return Seat(code, ack["token"])
    finally:
        client.disconnect()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cycles", type=int, default=25)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--game", default="bailiff")
    parser.add_argument("--mode", default="eventlet")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    lost_total = checked_total = 0
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp), args.mode)
        server.start()
        seats = [open_table(server.url, args.game, rng) for _ in range(args.tables)]
        print(f"{args.tables} tables of {args.game} (one player and bots each), {args.mode}, {args.cycles} cycles")
        print(f"{'cycle':>5} {'played':>7} {'acked':>6} {'checked':>8} {'lost':>5} {'stale':>6} {'restart':>8}")
        for cycle in range(1, args.cycles + 1):
            before = {s.code: len(s.acked) for s in seats}
            players = [Player(server.url, seat, random.Random(rng.random())) for seat in seats]
            time.sleep(rng.uniform(0.5, 2.0))
            server.kill()
            for p in players:
                p.running = False
            moves, newest = journal_moves(Path(tmp))
            lost = checked = 0
            for seat in seats:
                journalled = moves.get(seat.code, {})
                for version, who, action in seat.acked:
                    checked += 1
                    if journalled.get(version) != (who, action):
                        lost += 1
                        print(
                            f"  lost at {seat.code}: v{version} seat {who} {action!r}: journal has"
                            f" {journalled.get(version)!r}"
                        )
                if seat.seen > newest.get(seat.code, -1):
                    lost += 1
                    print(f"  {seat.code}: v{seat.seen} was sent but the journal ends at v{newest.get(seat.code)}")
            for p in players:
                p.stop()
            took = server.start()
            stale = 0
            for seat in seats:
                back = socketio.Client(reconnection=False)
                got: list[int] = []
                back.on("table", lambda d, got=got: got.append(d["version"]))
                back.connect(server.url, auth={"tokens": {seat.code: seat.token}}, transports=["websocket"])
                deadline = time.monotonic() + 10
                while not got and time.monotonic() < deadline:
                    time.sleep(0.01)
                if not got or max(got) < seat.seen:
                    stale += 1
                    print(f"  {seat.code}: back at v{max(got, default=-1)}, had seen v{seat.seen}")
                back.disconnect()
            played = sum(len(s.acked) - before[s.code] for s in seats)
            acked = sum(len(s.acked) for s in seats)
            lost_total += lost + stale
            checked_total += checked
            print(f"{cycle:>5} {played:>7} {acked:>6} {checked:>8} {lost:>5} {stale:>6} {took:>7.2f}s", flush=True)
        server.kill()
    print(f"{args.cycles} kill -9 cycles: {checked_total} acknowledged-move checks, {lost_total} lost")


if __name__ == "__main__":
    main()
