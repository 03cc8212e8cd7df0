"""Do thinking bots slow the humans down? A human's ack latency with no bot tables, then with N tables of bots at a
level playing at the same time, side by side (issue 18: goal p99 within 1.5x).

The measured humans are ``bench.load``'s: tables of 4 clients playing with a think time. Each bot table is one
client (it must be there: bots play only while a human is connected) with bots in every other seat, who plays its
own turns at once; its acks are not measured. The server runs under eventlet with its worker pool (``BOT_WORKERS``,
default one per core) and the real bot delay. Loopback only; it stops by itself.

    python -m bench.bot_load [--bot-tables 100] [--level hard] [--bot-game eidex] [--clients 200] [--seconds 30]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time

import psutil

from bench.load import HOST, Player, Stats, free_port, run_load, start_server
from engine.registry import all_games, get_game

GAME_OPTIONS = {"bailiff": {"max_turns": 400}}


class BotTableHost(Player):
    """The one human of a bot table: plays its own turns at once (any legal move) and deals again when it ends."""

    def __init__(self, url: str, stats: Stats, rng: random.Random):
        super().__init__(url, stats, 0.0, rng, patch=True)
        self.host = True


async def open_bot_table(
    url: str, game: str, level: str, stats: Stats, seed: int, kind: type[BotTableHost] = BotTableHost
) -> BotTableHost:
    """One table of ``game``: this client (a ``kind``), bots at ``level`` in the other seats, started."""
    host = kind(url, stats, random.Random(seed))
    await host.connect()
    ack = await host.sio.call(
        "create", {"game": game, "name": "host", "level": level, "options": GAME_OPTIONS.get(game, {})}
    )
    if not ack.get("ok"):
        raise RuntimeError(ack)
    host.code = ack["code"]
    players = get_game(game).default_players
    for seat in range(1, players):
        await host.sio.call("set_seat", {"code": host.code, "seat": seat, "kind": "bot"})
    started = await host.sio.call("start", {"code": host.code})
    if not started.get("ok"):
        raise RuntimeError(started)
    return host


def workers_of(proc: psutil.Process) -> list[psutil.Process]:
    """The server's pool workers (its spawned children, not multiprocessing's resource tracker)."""
    return [c for c in proc.children(recursive=True) if "spawn_main" in " ".join(c.cmdline())]


async def run(url: str, pid: int, args: argparse.Namespace, bot_tables: int) -> dict:
    """Open ``bot_tables`` bot tables, then measure the humans' load; the server's and the pool's CPU beside it."""
    bot_stats = Stats()
    hosts: list[BotTableHost] = [
        await open_bot_table(url, args.bot_game, args.level, bot_stats, 1000 + i) for i in range(bot_tables)
    ]
    proc = psutil.Process(pid)
    pool_cpu0 = sum(sum(w.cpu_times()[:2]) for w in workers_of(proc))
    versions0 = sum((h.last or {}).get("version", 0) for h in hosts)
    started = time.perf_counter()
    result = await run_load(
        url, pid, args.clients, args.seconds, args.think, args.game, GAME_OPTIONS.get(args.game, {})
    )
    elapsed = time.perf_counter() - started
    workers = workers_of(proc)
    result["pool_cores"] = (sum(sum(w.cpu_times()[:2]) for w in workers) - pool_cpu0) / elapsed
    result["workers"] = len(workers)
    result["bot_table_moves"] = sum((h.last or {}).get("version", 0) for h in hosts) - versions0
    result["load"] = os.getloadavg()[0]
    for host in hosts:
        host.running = False
    await asyncio.gather(*(h.sio.disconnect() for h in hosts), return_exceptions=True)
    return result


def measure(args: argparse.Namespace, bot_tables: int) -> dict:
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, ASYNC_MODE="eventlet", DATA_DIR=data, BOT_DELAY=str(args.bot_delay))
        env.update(RATE_LIMIT="50", RATE_BURST="100", OPEN_TABLES_PER_ADDRESS="100000", CREATE_PER_CONNECTION="1000")
        if args.workers is not None:
            env["BOT_WORKERS"] = str(args.workers)
        proc = start_server([sys.executable, "server.py", "--host", HOST, "--port", str(port)], env, port)
        try:
            return asyncio.run(run(f"http://{HOST}:{port}", proc.pid, args, bot_tables))
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except Exception:
                proc.kill()


def report(label: str, r: dict) -> None:
    print(
        f"{label:16} humans={r['connected']:4d} moves/s={r['moves_per_s']:6.1f} ack p50={r['p50_ms']:6.1f}ms "
        f"p99={r['p99_ms']:7.1f}ms server cpu/move={r['cpu_s_per_move'] * 1000:5.2f}ms pool={r['pool_cores']:.2f} "
        f"cores ({r['workers']} workers) moves at bot tables={r['bot_table_moves']} errors={r['errors']} "
        f"load average={r['load']:.1f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot-tables", type=int, default=100, help="tables of bots playing meanwhile")
    parser.add_argument("--level", default="hard", choices=["easy", "normal", "hard"])
    parser.add_argument("--bot-game", default="eidex", help="the bot tables' game")
    parser.add_argument("--bot-delay", type=float, default=0.8, help="the server's BOT_DELAY (s)")
    parser.add_argument("--workers", type=int, default=None, help="BOT_WORKERS (default: the server's, one per core)")
    parser.add_argument("--clients", type=int, default=200, help="measured human clients (4 per table)")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=1.0, help="the humans' mean think time (s)")
    parser.add_argument("--game", default="bailiff", help="the humans' game")
    args = parser.parse_args(argv)
    all_games()
    none = measure(args, 0)
    report("no bot tables", none)
    busy = measure(args, args.bot_tables)
    report(f"{args.bot_tables} {args.level} tables", busy)
    print(f"machine: {os.cpu_count()} cores; figures mean little when the load average is far above that")
    print(f"ratio  ack p99 with/without = {busy['p99_ms'] / none['p99_ms']:.2f} (goal <= 1.5)")
    return 1 if none["errors"] or busy["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
