"""Bounded load on loopback: N tables of 4 clients playing with short think times, against the real server and
against a bare Flask-SocketIO echo-and-broadcast server run the same way, so the overhead is a ratio.

Prints moves/s, ack latency p50/p99 and server CPU seconds per move for both, and the cores the load generator
itself used (near 1.0 its own queue is in the latencies). Loopback only; a fixed client count and duration; it
stops by itself.

    python -m bench.load [--clients 1000] [--seconds 30] [--think 1.0] [--game bailiff] [--skip-echo] [--full]
                         [--rounds 1]

One run of each server differs from the next by ±15 % in CPU per move on a shared machine, more than most changes
show: ``--rounds N`` runs the pair N times, alternating which goes first, and prints each round's ratio and the
median of the ratios and of each server's p99.

The real server's clients take lean updates (`table_patch`, docs/protocol.md) unless `--full`. The clients read
JSON with orjson (``webapp.wirejson``) for both servers: with python-socketio's default (the standard library's
decoder, every integer through a Python hook) reading the updates took most of this process's CPU at 2,000 clients,
and its queue was counted as the server's latency.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import psutil
import socketio

from webapp import wirejson
from webapp.collector import calm_garbage_collector
from webapp.patches import apply_patch

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
SEATS = 4
WARM_UP = 2.0
"""Seconds of play after the clients are seated (and this process's collector has frozen them, a full collection
that stops every client here for a few hundred ms at 2,000 clients) before the measured time begins: acks caught
in that pause are the load generator's, not the server's."""


class OrjsonPacket(socketio.packet.Packet):
    """python-socketio's packet reading and writing JSON with orjson (``webapp.wirejson``), for these clients only
    (the library's ``json`` argument would set it for every client of the process)."""

    json = wirejson


@dataclass
class Stats:
    """What the clients of one run saw."""

    moves: int = 0
    latencies: list[float] = field(default_factory=list)
    refused: dict[str, int] = field(default_factory=dict)
    timeouts: int = 0
    connect_errors: int = 0
    dropped: int = 0
    """Moves not sent because the connection had been dropped."""
    games_over: int = 0
    resyncs: int = 0

    @property
    def errors(self) -> int:
        return sum(self.refused.values()) + self.timeouts + self.connect_errors + self.dropped

    def percentile(self, q: float) -> float:
        data = sorted(self.latencies)
        return data[min(len(data) - 1, int(q * len(data)))] * 1000 if data else float("nan")


class Player:
    """One client at a table: acts with a random legal action, after a think time, whenever it is to act."""

    def __init__(self, url: str, stats: Stats, think: float, rng: random.Random, patch: bool = True):
        self.url, self.stats, self.think, self.rng, self.patch = url, stats, think, rng, patch
        self.sio = socketio.AsyncClient(reconnection=False, serializer=OrjsonPacket)
        self.sio.on("table", self.on_table)
        self.sio.on("table_patch", self.on_patch)
        self.code: str | None = None
        self.host = False
        self.busy = False
        self.running = True
        self.last: dict | None = None
        self.path = "socket.io"
        """The Socket.IO path (several workers: the table's worker's, ``/w/<n>/socket.io/``)."""

    async def connect(self) -> None:
        auth = {"patch": True} if self.patch else None
        await self.sio.connect(self.url, auth=auth, transports=["websocket"], wait_timeout=20, socketio_path=self.path)

    async def on_table(self, snapshot: dict) -> None:
        # Messages are handled as concurrent tasks: keep the newest version, not the last to arrive.
        if self.last is None or snapshot["version"] >= self.last["version"]:
            self.last = snapshot
        self.consider()

    async def on_patch(self, patch: dict) -> None:
        # Handled in arrival order (no await before this point): a patch applies to the snapshot it was made from.
        after = apply_patch(self.last, patch) if self.last is not None else None
        if after is None:
            self.stats.resyncs += 1
            await self.sio.emit("sync", {"code": patch["code"]})
            return
        self.last = after
        self.consider()

    def consider(self) -> None:
        snap = self.last
        if not self.running or self.busy or snap is None:
            return
        if snap.get("state") == "over":
            if self.host:
                self.busy = True
                asyncio.ensure_future(self.again(snap["version"]))
            return
        you, legal = snap.get("you"), snap.get("legal") or []
        if you is None or not legal or you not in (snap.get("view") or {}).get("to_act", []):
            return
        self.busy = True
        asyncio.ensure_future(self.move(snap["version"], self.rng.choice(legal)))

    async def again(self, version: int) -> None:
        await asyncio.sleep(self.think)
        self.stats.games_over += 1
        try:
            if self.running and self.last and self.last.get("version") == version:
                await self.sio.call("again", {"code": self.code}, timeout=20)
        finally:
            self.busy = False

    async def move(self, version: int, action: str) -> None:
        await asyncio.sleep(self.think * (0.5 + self.rng.random()))
        try:
            if not self.running:
                return
            started = time.perf_counter()
            try:
                ack = await self.sio.call("act", {"code": self.code, "action": action, "version": version}, timeout=20)
            except socketio.exceptions.TimeoutError:
                self.stats.timeouts += 1
                return
            except socketio.exceptions.BadNamespaceError:  # its connection was dropped (the server is overloaded)
                self.stats.dropped += 1
                return
            if ack.get("ok"):
                if "patch" in ack:  # the mover's own update comes in its ack, before any later patch
                    await self.on_patch(ack["patch"])
                self.stats.moves += 1
                self.stats.latencies.append(time.perf_counter() - started)
            else:
                reason = str(ack.get("error"))[:60]
                self.stats.refused[reason] = self.stats.refused.get(reason, 0) + 1
        finally:
            self.busy = False
            self.consider()


async def seat_table(
    url: str, game: str, options: dict, stats: Stats, think: float, seed: int, patch: bool = True
) -> list[Player]:
    """Create one table, fill its four seats with clients (taking patches if ``patch``) and start it."""
    rng = random.Random(seed)
    players = [Player(url, stats, think, random.Random(rng.random()), patch) for _ in range(SEATS)]
    for p in players:
        await p.connect()
    host = players[0]
    host.host = True
    ack = await host.sio.call("create", {"game": game, "players": SEATS, "options": options, "name": "load0"})
    host.code = ack["code"]
    for i, p in enumerate(players[1:], 1):
        p.code = host.code
        await p.sio.call("join", {"code": host.code, "name": f"load{i}"})
    await host.sio.call("start", {"code": host.code})
    return players


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU seconds of these processes so far."""
    return sum(sum(psutil.Process(pid).cpu_times()[:2]) for pid in pids)


async def run_load(
    url: str,
    pid: int | list[int],
    clients: int,
    seconds: float,
    think: float,
    game: str,
    options: dict,
    patch: bool = True,
    seat: Callable[..., Awaitable[list[Player]]] | None = None,
    others: dict[str, list[int]] | None = None,
) -> dict:
    """Seat the clients (``seat``: how one table is seated, :func:`seat_table` by default), let them play for
    ``seconds``, and measure; the server's CPU is that of ``pid`` (or of all of a list), and ``others`` (name:
    process ids) add each one's CPU per move as ``cpu_s_per_move_<name>``."""
    stats = Stats()
    tables: list[list[Player]] = []
    gate = asyncio.Semaphore(20)
    seat = seat or seat_table
    pids = pid if isinstance(pid, list) else [pid]
    others = others or {}

    async def one(seed: int) -> None:
        async with gate:
            try:
                tables.append(await seat(url, game, options, stats, think, seed, patch))
            except Exception:
                stats.connect_errors += SEATS

    await asyncio.gather(*(one(i) for i in range(clients // SEATS)))
    # The clients' own collector calmed like the server's: a full collection over thousands of connections stopped
    # every client here for up to half a second, and those pauses were counted as the server's latency.
    calm_garbage_collector()
    await asyncio.sleep(WARM_UP)
    stats.moves, stats.latencies = 0, []
    cpu0 = cpu_seconds(pids)
    others0 = {name: cpu_seconds(group) for name, group in others.items()}
    started, clients0 = time.perf_counter(), time.process_time()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - started
    cpu = cpu_seconds(pids) - cpu0
    clients_cpu = time.process_time() - clients0
    rss = sum(psutil.Process(pid).memory_info().rss for pid in pids)
    others_cpu = {name: cpu_seconds(group) - others0[name] for name, group in others.items()}
    moves, latencies = stats.moves, list(stats.latencies)
    for table in tables:
        for p in table:
            p.running = False
    await asyncio.gather(*(p.sio.disconnect() for t in tables for p in t), return_exceptions=True)
    stats.latencies = latencies
    return {
        "connected": sum(len(t) for t in tables),
        "moves": moves,
        "moves_per_s": moves / elapsed,
        "p50_ms": stats.percentile(0.50),
        "p99_ms": stats.percentile(0.99),
        "cpu_s_per_move": cpu / moves if moves else float("nan"),
        "clients_cpu_share": clients_cpu / elapsed,
        "errors": stats.errors,
        "refused": stats.refused,
        "timeouts": stats.timeouts,
        "dropped": stats.dropped,
        "rss_mb": rss / 2**20,
        "games_over": stats.games_over,
        "resyncs": stats.resyncs,
        **{f"cpu_s_per_move_{name}": used / moves if moves else float("nan") for name, used in others_cpu.items()},
    }


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def start_server(command: list[str], env: dict[str, str], port: int) -> subprocess.Popen:
    """Start a server subprocess and wait until it accepts connections on ``port``."""
    proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{command} exited with {proc.returncode}")
        with socket.socket() as s:
            if s.connect_ex((HOST, port)) == 0:
                return proc
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError(f"{command} did not start")


def measure(kind: str, args: argparse.Namespace) -> dict:
    """Run one server kind (``table`` or ``echo``) under the load and stop it."""
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, ASYNC_MODE="eventlet", DATA_DIR=data, BOT_DELAY="0", RATE_LIMIT="50", RATE_BURST="100")
        if kind == "table":
            command = [sys.executable, "server.py", "--host", HOST, "--port", str(port)]
        else:
            command = [sys.executable, "-m", "bench.echo_server", "--host", HOST, "--port", str(port)]
        proc = start_server(command, env, port)
        try:
            options = {"max_turns": 400} if args.game == "bailiff" else {}
            return asyncio.run(
                run_load(
                    f"http://{HOST}:{port}",
                    proc.pid,
                    args.clients,
                    args.seconds,
                    args.think,
                    args.game,
                    options,
                    patch=kind == "table" and not getattr(args, "full", False),
                )
            )
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


def report(kind: str, r: dict) -> None:
    print(
        f"{kind:6} clients={r['connected']:5d} moves={r['moves']:7d} moves/s={r['moves_per_s']:8.1f} "
        f"p50={r['p50_ms']:7.1f}ms p99={r['p99_ms']:7.1f}ms cpu/move={r['cpu_s_per_move'] * 1000:6.2f}ms "
        f"errors={r['errors']} games_over={r['games_over']} resyncs={r['resyncs']} "
        f"load-generator={r['clients_cpu_share']:.2f} cores"
    )
    for reason, count in sorted(r["refused"].items()):
        print(f"       refused {count}x: {reason}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=1000, help="clients (4 per table)")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured duration")
    parser.add_argument("--think", type=float, default=1.0, help="mean think time before a move (s)")
    parser.add_argument("--game", default="bailiff")
    parser.add_argument("--skip-echo", action="store_true", help="measure only the real server")
    parser.add_argument("--full", action="store_true", help="clients take full snapshots, not table_patch updates")
    parser.add_argument("--rounds", type=int, default=1, help="pairs of runs, alternating which server goes first")
    args = parser.parse_args(argv)
    kinds = ["table"] if args.skip_echo else ["table", "echo"]
    rounds: list[dict[str, dict]] = []
    for n in range(args.rounds):
        results = {}
        for kind in kinds if n % 2 == 0 else kinds[::-1]:
            results[kind] = measure(kind, args)
            report(kind, results[kind])
        if not args.skip_echo:
            print(f"ratio  cpu/move table/echo = {ratio(results):.2f}")
        rounds.append(results)
    if args.rounds > 1:
        for kind in kinds:
            print(f"median {kind} p99={statistics.median(r[kind]['p99_ms'] for r in rounds):7.1f}ms", end="  ")
        if not args.skip_echo:
            ratios = sorted(ratio(r) for r in rounds)
            print(f"ratio median={statistics.median(ratios):.2f} (of {', '.join(f'{x:.2f}' for x in ratios)})", end="")
        print()
    return 1 if any(r["errors"] for results in rounds for r in results.values()) else 0


def ratio(results: dict[str, dict]) -> float:
    """CPU per move of the table server over the echo server's, in one round."""
    return results["table"]["cpu_s_per_move"] / results["echo"]["cpu_s_per_move"]


if __name__ == "__main__":
    sys.exit(main())
