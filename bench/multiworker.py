"""One server against workers behind nginx, side by side, under the load of ``bench.load``: tables of 4 clients
playing with think times, every client connected through nginx with its table's code in its connection query.

Rows: ``single`` (``python server.py`` alone, SQLite, clients straight to it), then for each ``--workers`` count
the loopback stack of bench/stack.py (nginx, Redis, PostgreSQL with its default durable commits, N workers).
Prints moves/s, ack p50/p99 and CPU per move: the workers', and nginx's, Redis's and PostgreSQL's (the figures
docs/deploy.md's capacity note is worked out from). Loopback only; stops by itself.

    python -m bench.multiworker [--clients 2000] [--seconds 30] [--think 1.0] [--workers 1,2,3] [--skip-single]
                                [--postgres-row]

Each workers row gives its CPU per move as a multiple of the single server's (issue 47: within 1.3x, PostgreSQL's
own CPU, printed apart, excepted). ``--postgres-row`` adds ``single+pg``, the single server with its journal in
PostgreSQL (nothing else of the workers' arrangement): the share of a worker's extra CPU that is its journal's.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
from collections.abc import Callable

import requests
import socketio

from bench.load import HOST, SEATS, Player, Stats, free_port, run_load, start_server
from bench.stack import ROOT, Stack, missing

OPTIONS = {"max_turns": 400}
LOAD_ENV = {"BOT_DELAY": "0", "RATE_LIMIT": "50", "RATE_BURST": "100"}


async def seat_routed(
    url: str, game: str, options: dict, stats: Stats, think: float, seed: int, patch: bool = True
) -> list[Player]:
    """A table as the pages make one behind nginx: created from a lobby connection (a random ``route``), then its
    four players connect where the directory says it is played (``/api/where``: nginx's path to the worker holding
    it); the creator's seat is taken back with its token."""
    rng = random.Random(seed)
    lobby = socketio.AsyncClient(reconnection=False)
    await lobby.connect(f"{url}/?route={rng.getrandbits(40):x}", transports=["websocket"], wait_timeout=20)
    try:
        ack = await lobby.call("create", {"game": game, "players": SEATS, "options": options, "name": "load0"})
    finally:
        await lobby.disconnect()
    code = ack["code"]
    path = (await asyncio.to_thread(requests.get, f"{url}/api/where/{code}", timeout=20)).json()["path"]
    players = [Player(f"{url}/?code={code}", stats, think, random.Random(rng.random()), patch) for _ in range(SEATS)]
    for p in players:
        p.code, p.path = code, path
        await p.connect()
    host = players[0]
    host.host = True
    await host.sio.call("resume", {"code": code, "token": ack["token"]})
    for i, p in enumerate(players[1:], 1):
        await p.sio.call("join", {"code": code, "name": f"load{i}"})
    await host.sio.call("start", {"code": code})
    return players


def single(args: argparse.Namespace, database_url: str = "", others: Callable[[], dict[str, list[int]]] = dict) -> dict:
    """``python server.py`` alone (SQLite, or PostgreSQL at ``database_url``), as bench.load measures it, with its
    children (the bots' processes) as a worker's are counted."""
    import os
    import tempfile

    import psutil

    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, ASYNC_MODE="eventlet", DATA_DIR=data, **LOAD_ENV)
        if database_url:
            env["DATABASE_URL"] = database_url
        proc = start_server([sys.executable, "server.py", "--host", HOST, "--port", str(port)], env, port)
        pids = [proc.pid, *(c.pid for c in psutil.Process(proc.pid).children(recursive=True))]
        try:
            return asyncio.run(
                run_load(
                    f"http://{HOST}:{port}",
                    pids,
                    args.clients,
                    args.seconds,
                    args.think,
                    "bailiff",
                    OPTIONS,
                    others=others(),  # once the server holds its connections (PostgreSQL's sessions)
                )
            )
        finally:
            proc.terminate()
            proc.wait(10)


def single_postgres(args: argparse.Namespace) -> dict:
    """The single server with its journal in PostgreSQL (durable commits, as the workers'), no Redis, nginx,
    leases or fencing: how much of a worker's extra CPU per move its journal's round trip to PostgreSQL is."""
    stack = Stack(0)
    try:
        stack.start_postgres()
        return single(args, stack.database_url, lambda: {"postgres": stack.pids("postgres")})
    finally:
        stack.stop()


def workers(n: int, args: argparse.Namespace) -> dict:
    """``n`` workers behind nginx with Redis and PostgreSQL."""
    with Stack(n, env=LOAD_ENV, per_address=args.clients + 100) as stack:
        pids = [pid for i in range(n) for pid in stack.pids(f"w{i}")]
        others = {name: stack.pids(name) for name in ("nginx", "redis", "postgres")}
        return asyncio.run(
            run_load(
                stack.url,
                pids,
                args.clients,
                args.seconds,
                args.think,
                "bailiff",
                OPTIONS,
                seat=seat_routed,
                others=others,
            )
        )


def report(kind: str, r: dict, single: dict | None = None) -> None:
    """One row; with the single server's run, the workers' CPU per move as a multiple of its own."""
    ratio = f" ({r['cpu_s_per_move'] / single['cpu_s_per_move']:.2f}x single)" if single else ""
    extra = "".join(
        f" {name}={r[f'cpu_s_per_move_{name}'] * 1000:5.2f}ms"
        for name in ("nginx", "redis", "postgres")
        if f"cpu_s_per_move_{name}" in r
    )
    print(
        f"{kind:10} clients={r['connected']:5d} moves/s={r['moves_per_s']:7.1f} p50={r['p50_ms']:7.1f}ms"
        f" p99={r['p99_ms']:8.1f}ms cpu/move: workers={r['cpu_s_per_move'] * 1000:5.2f}ms{ratio}{extra}"
        f" rss={r['rss_mb']:.0f}MiB errors={r['errors']} (timeouts={r['timeouts']} dropped={r['dropped']})",
        flush=True,
    )
    for reason, count in sorted(r["refused"].items()):
        print(f"           refused {count}x: {reason}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=2000, help="clients (4 per table)")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured duration")
    parser.add_argument("--think", type=float, default=1.0, help="mean think time before a move (s)")
    parser.add_argument("--workers", default="1,2,3", help="worker counts to measure behind nginx")
    parser.add_argument("--skip-single", action="store_true", help="leave out the single server")
    parser.add_argument(
        "--postgres-row", action="store_true", help="also the single server with its journal in PostgreSQL"
    )
    args = parser.parse_args(argv)
    why = missing()
    if why:
        print(f"cannot run: {why}", file=sys.stderr)
        return 2
    print(f"{args.clients} clients, {args.seconds:.0f} s, think {args.think} s, Bailiff, root {ROOT}")
    results = {}
    if not args.skip_single:
        results["single"] = single(args)
        report("single", results["single"])
        if args.postgres_row:
            results["single+pg"] = single_postgres(args)
            report("single+pg", results["single+pg"], results["single"])
    for n in [int(x) for x in args.workers.split(",") if x]:
        results[f"{n} worker{'s' if n > 1 else ''}"] = r = workers(n, args)
        report(f"{n} worker{'s' if n > 1 else ''}", r, results.get("single"))
    return 1 if any(r["errors"] for r in results.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
