"""Does the Hard bot's review slow anybody down? The humans' ack latency and the bots' reply time at tables of Hard
bots, with no review running, then with the review worker kept busy (issue 46), side by side.

The server runs under eventlet with its bot pool and its review worker (webapp/review.py: one process at nice 19),
``BOT_DELAY`` 0.8 s. Its journal is prepared with ``--games`` finished Blot games (Normal bots through the engine, a
player's seat in each), so "with reviews" asks for their reviews at the start of the window (the queue holds them
all; a Blot game takes the worker several seconds of CPU); without, the server reviews nothing (``REVIEWS=0``: not
even the games that end meanwhile). Measured: ``bench.load``'s humans (tables of 4 clients
playing Bailiff with a think time: their acks), and ``--bot-tables`` tables where one client plays against Hard bots
at once (the time from a snapshot in which a bot is to act to the next version: the bot's reply, ``BOT_DELAY``
included). The CPU the review worker used in the window is printed, so a run where it did not work says so. Rounds
alternate which goes first. Loopback only; it stops by itself.

    python -m bench.review_load [--rounds 2] [--clients 100] [--bot-tables 12] [--seconds 30] [--games 10]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path

import psutil
import requests

from bench.bot_load import GAME_OPTIONS, BotTableHost, open_bot_table
from bench.load import HOST, Stats, free_port, run_load, start_server
from engine.bots import play_out
from engine.registry import all_games, get_game
from webapp.journal import Journal


class TimedHost(BotTableHost):
    """A bot table's client that also times each bot's reply: from the snapshot in which a bot is to act to the
    next version."""

    def __init__(self, url: str, stats: Stats, rng: random.Random):
        super().__init__(url, stats, rng)
        self.waiting: tuple[int, float] | None = None
        self.replies: list[float] = []

    def consider(self) -> None:
        snap = self.last
        if snap is not None and snap.get("state") == "playing":
            now, version = time.perf_counter(), snap["version"]
            if self.waiting is not None and version > self.waiting[0]:
                self.replies.append(now - self.waiting[1])
                self.waiting = None
            bots = [s["seat"] for s in snap.get("seats", []) if s.get("kind") == "bot"]
            to_act = (snap.get("view") or {}).get("to_act", [])
            if self.waiting is None and any(seat in bots for seat in to_act):
                self.waiting = (version, now)
        super().consider()


def prepare(data: Path, games: int) -> list[int]:
    """A journal holding ``games`` finished Blot games, a player at seat 0 of each; their ids."""
    journal = Journal(str(data / "tables.sqlite3"))
    decl = get_game("blot")
    ids = []
    for n in range(games):
        game = decl.new(4, {}, 500 + n)
        play_out(game, [decl.bots["normal"]] * 4, random.Random(n))
        code = f"RV{n:04d}"
        seats = [
            {
                "seat": s,
                "kind": "human" if s == 0 else "bot",
                "name": "Ann" if s == 0 else f"Bot {s + 1}",
                "bot": "normal",
            }
            for s in range(4)
        ]
        table = {"code": code, "game": "blot", "players": 4, "options": {}, "host_seat": 0, "fixed": None}
        journal.save_table(table, [{**s, "token_hash": None} for s in seats])
        record = game.record()
        actions = record.pop("actions")
        game_id = journal.start_game(code, {**record, "actions": []}, [s["name"] for s in seats], 0)
        for i, (seat, action) in enumerate(actions):
            journal.add_action(game_id, i, seat, action, game.result() if i == len(actions) - 1 else None)
        journal.close_table(code)
        ids.append(game_id)
    journal.close()
    return ids


def review_worker(pid: int) -> psutil.Process | None:
    """The server's review worker: its spawned child at the lowest priority."""
    for child in psutil.Process(pid).children(recursive=True):
        try:
            if "spawn_main" in " ".join(child.cmdline()) and child.nice() >= 19:
                return child
        except psutil.Error:
            continue
    return None


async def run(url: str, pid: int, args: argparse.Namespace, ids: list[int], reviews: bool) -> dict:
    bot_stats = Stats()
    hosts: list[TimedHost] = []
    for i in range(args.bot_tables):
        host = await open_bot_table(url, "bailiff", "hard", bot_stats, 2000 + i, TimedHost)
        assert isinstance(host, TimedHost)
        hosts.append(host)
    if reviews:
        for game_id in ids:
            await asyncio.to_thread(requests.get, f"{url}/api/history/{game_id}/review", timeout=10)
    await asyncio.sleep(1.0)  # the review worker is spawned on the first review
    worker = review_worker(pid)
    worker_cpu0 = sum(worker.cpu_times()[:2]) if worker else 0.0
    for host in hosts:
        host.replies.clear()
    started = time.perf_counter()
    result = await run_load(url, pid, args.clients, args.seconds, args.think, "bailiff", GAME_OPTIONS["bailiff"])
    elapsed = time.perf_counter() - started
    replies = sorted(r for h in hosts for r in h.replies)
    result["bot_p50_ms"] = replies[len(replies) // 2] * 1000 if replies else float("nan")
    result["bot_p99_ms"] = replies[min(len(replies) - 1, int(0.99 * len(replies)))] * 1000 if replies else float("nan")
    result["bot_replies"] = len(replies)
    worker = worker or review_worker(pid)
    result["review_cores"] = (sum(worker.cpu_times()[:2]) - worker_cpu0) / elapsed if worker else 0.0
    result["reviewed"] = (
        sum(requests.get(f"{url}/api/history/{game_id}/review", timeout=10).status_code == 200 for game_id in ids)
        if reviews
        else 0
    )
    result["load"] = os.getloadavg()[0]
    for host in hosts:
        host.running = False
    await asyncio.gather(*(h.sio.disconnect() for h in hosts), return_exceptions=True)
    return result


def measure(args: argparse.Namespace, reviews: bool) -> dict:
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        ids = prepare(data, args.games)
        env = dict(os.environ, ASYNC_MODE="eventlet", DATA_DIR=str(data), BOT_DELAY="0.8", REVIEWS=str(int(reviews)))
        env.update(RATE_LIMIT="50", RATE_BURST="100", OPEN_TABLES_PER_ADDRESS="100000", CREATE_PER_CONNECTION="1000")
        proc = start_server([sys.executable, "server.py", "--host", HOST, "--port", str(port)], env, port)
        try:
            return asyncio.run(run(f"http://{HOST}:{port}", proc.pid, args, ids, reviews))
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except Exception:
                proc.kill()


def report(label: str, r: dict) -> None:
    print(
        f"{label:15} ack p50={r['p50_ms']:6.1f}ms p99={r['p99_ms']:7.1f}ms moves/s={r['moves_per_s']:5.1f} "
        f"bot reply p50={r['bot_p50_ms']:6.0f}ms p99={r['bot_p99_ms']:6.0f}ms ({r['bot_replies']} replies) "
        f"review worker={r['review_cores']:.2f} cores, reviews done={r['reviewed']} errors={r['errors']} "
        f"load average={r['load']:.1f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2, help="pairs of runs, alternating which goes first")
    parser.add_argument("--clients", type=int, default=100, help="measured human clients (4 per table)")
    parser.add_argument("--bot-tables", type=int, default=12, help="tables of one client and Hard bots (Bailiff)")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=1.0, help="the humans' mean think time (s)")
    parser.add_argument("--games", type=int, default=10, help="finished Blot games to review")
    args = parser.parse_args(argv)
    all_games()
    errors = 0
    for n in range(args.rounds):
        order = (False, True) if n % 2 == 0 else (True, False)
        for reviews in order:
            r = measure(args, reviews)
            report("with reviews" if reviews else "no reviews", r)
            errors += r["errors"]
    print(f"machine: {os.cpu_count()} cores; figures mean little when the load average is far above that")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
