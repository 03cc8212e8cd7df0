"""How fast the server is back after a restart, by how much history its journal holds.

For each size it writes a journal of that many finished games (finished within the last hours, so a restart that
keeps recent results could rebuild them all), plus a few tables with a game in progress and a few waiting ones,
starts ``python server.py`` on it (loopback only), and prints:

- ``first answer``: seconds from starting the process until both ``GET /api/games`` and a Socket.IO connection
  have been answered, and the CPU seconds the server had used by then (the wall time stretches on a busy machine);
- ``open tables``: seconds until the lobby (``/api/tables``) lists every waiting table and every game in progress
  has taken its player back (``resume`` with the seat's token: the lobby lists a game in progress only while
  someone is at it, so after a restart it lists none until their players come back);
- ``finished page``: seconds the first ``GET /t/<code>`` of a finished table took (read on demand);
- RSS of the server at its first answer and once every open table is listed.

The games are played by random bots through the engine (a pool of distinct games per game kind, reused for the
many tables, so building 10,000 takes seconds). Every start is bounded (``--timeout``); the script stops by itself.

    python -m bench.restart [--sizes 0,500,2000,10000] [--timeout 300] [--mode eventlet]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil
import requests
import socketio

from engine.registry import all_games
from webapp.journal import Journal
from webapp.tokens import CODE_ALPHABET, hash_token

ROOT = Path(__file__).resolve().parent.parent
OPEN_GAMES = 12
"""Tables with a game in progress in every journal (something left to do: they are rebuilt)."""
WAITING = 4
"""Tables waiting to start in every journal."""
POOL = 6
"""Distinct games played per game kind; the journal's tables reuse them."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def play(decl: Any, seed: int, stop_after: int | None = None) -> dict[str, Any] | None:
    """A game of ``decl`` played by random choices to its end (or for ``stop_after`` actions): its record."""
    rng = random.Random(seed)
    game = decl.new(decl.default_players, {}, seed)
    while not game.is_over and (stop_after is None or len(game.log) < stop_after):
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        if len(game.log) > 5000:
            return None
    record = game.record()
    record["result"] = game.result()
    return record


def game_pool() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Finished and unfinished game records of every game that plays (a game module being edited is skipped)."""
    finished, unfinished = [], []
    for decl in all_games():
        try:
            for seed in range(POOL):
                record = play(decl, seed)
                if record is not None:
                    finished.append(record)
            unfinished.append(play(decl, 99, stop_after=20))
        except Exception as exc:  # another engineer's game in the middle of an edit
            print(f"  (skipping {decl.id}: {exc!r})", file=sys.stderr)
    return finished, [u for u in unfinished if u is not None]


def table_code(n: int) -> str:
    """The ``n``-th of the journal's table codes (valid codes: the server's alphabet, six characters)."""
    digits = []
    for _ in range(6):
        n, digit = divmod(n, len(CODE_ALPHABET))
        digits.append(CODE_ALPHABET[digit])
    return "".join(reversed(digits))


def write_journal(
    path: Path, finished_games: int, pool: tuple[list, list], open_games: int = OPEN_GAMES
) -> dict[str, list[str]]:
    """A journal at ``path`` with ``finished_games`` finished games, ``open_games`` in progress and :data:`WAITING`
    waiting tables; returns the codes of each kind."""
    Journal(str(path)).close()
    db = sqlite3.connect(path)
    finished, unfinished = pool
    now = time.time()
    rng = random.Random(finished_games)
    codes: dict[str, list[str]] = {"finished": [], "open": [], "waiting": []}
    kinds = ["finished"] * finished_games + ["open"] * open_games + ["waiting"] * WAITING
    tables, seats, games, actions = [], [], [], []
    for n, kind in enumerate(kinds):
        code = table_code(n)
        codes[kind].append(code)
        source = finished if kind == "finished" else unfinished
        record = dict(source[n % len(source)])
        players = record["players"]
        tables.append((code, record["game"], players, json.dumps(record["options"]), 0, "null", now - 3600, 0))
        seats.append((code, 0, "human", "Ann", None, hash_token(f"token-{code}")))
        seats += [(code, s, "bot", f"Bot {s + 1}", "random", None) for s in range(1, players)]
        if kind == "waiting":
            continue
        game_id = n + 1
        moves = record.pop("actions")
        result = record.pop("result")
        done = now - rng.uniform(60, 6 * 3600) if kind == "finished" else None
        names = ["Ann"] + [f"Bot {s + 1}" for s in range(1, players)]
        games.append(
            (
                game_id,
                code,
                json.dumps({**record, "actions": []}),
                json.dumps(names),
                players,
                now - 7200,
                done,
                json.dumps(result) if done else None,
            )
        )
        actions += [(game_id, i, seat, action) for i, (seat, action) in enumerate(moves)]
    with db:
        db.executemany(
            "INSERT INTO tables (code, game, players, options, host_seat, fixed, created, closed)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            tables,
        )
        db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)", seats)
        db.executemany(
            "INSERT INTO games (id, code, record, names, base_version, started, finished, result)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            games,
        )
        db.executemany("INSERT INTO actions VALUES (?, ?, ?, ?)", actions)
    db.close()
    return codes


def answered(url: str) -> bool:
    """True once the server answers both HTTP and a Socket.IO connection."""
    try:
        if not requests.get(url + "/api/games", timeout=2).ok:
            return False
        client = socketio.Client(reconnection=False)
        client.connect(url, transports=["websocket"], wait_timeout=2)
        client.disconnect()
        return True
    except (requests.RequestException, socketio.exceptions.ConnectionError):
        return False


def taken_back(url: str, code: str) -> bool:
    """True once the server gives the player of table ``code`` their seat back (``resume`` with its token)."""
    client = socketio.Client(reconnection=False)
    try:
        client.connect(url, transports=["websocket"], wait_timeout=5)
        ack = client.call("resume", {"code": code, "token": f"token-{code}"}, timeout=30)
        return bool(ack and ack.get("ok"))
    except (socketio.exceptions.ConnectionError, socketio.exceptions.TimeoutError):
        return False
    finally:
        client.disconnect()


def measure(data_dir: Path, codes: dict[str, list[str]], mode: str, timeout: float) -> dict[str, Any]:
    """Start the server on the journal of ``data_dir`` and time it; the server is stopped before returning."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = dict(os.environ, ASYNC_MODE=mode, DATA_DIR=str(data_dir), PYTHONWARNINGS="ignore", BOT_DELAY="0")
    log = tempfile.TemporaryFile()  # noqa: SIM115 (the server's log while it runs, read and closed after)
    started = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "server.py", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log,
    )
    out: dict[str, Any] = {}
    try:
        process = psutil.Process(proc.pid)
        while not answered(url):
            if proc.poll() is not None:
                log.seek(0)
                raise RuntimeError(f"the server exited: {log.read().decode(errors='replace')[-1500:]}")
            if time.perf_counter() - started > timeout:
                out["first"] = None
                return out
            time.sleep(0.05)
        out["first"] = time.perf_counter() - started
        out["rss_first"] = process.memory_info().rss
        cpu = process.cpu_times()
        out["cpu_first"] = cpu.user + cpu.system
        waiting, playing, back = set(codes["waiting"]), set(codes["open"]), set()
        while time.perf_counter() - started < timeout:
            listed = {t["code"] for t in requests.get(url + "/api/tables", timeout=30).json()}
            back |= {code for code in playing - back if taken_back(url, code)}
            if waiting <= listed and back == playing:
                out["open"] = time.perf_counter() - started
                break
            time.sleep(0.05)
        out["rss_open"] = process.memory_info().rss
        if codes["finished"]:
            asked = time.perf_counter()
            page = requests.get(f"{url}/t/{codes['finished'][-1]}", timeout=timeout)
            out["finished_page"] = time.perf_counter() - asked
            if not page.ok:
                raise RuntimeError(f"/t/{codes['finished'][-1]} answered {page.status_code}")
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
    return out


MIB = 1024 * 1024


def secs(got: dict[str, Any], key: str, timeout: float) -> str:
    value = got.get(key)
    return f"> {timeout:.0f} s" if value is None else f"{value:.2f} s"


def rss(got: dict[str, Any], key: str) -> str:
    return f"{got[key] / MIB:.0f} MiB" if key in got else "-"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="0,500,2000,10000", help="finished games per journal, comma-separated")
    parser.add_argument("--timeout", type=float, default=300, help="seconds one start may take before giving up")
    parser.add_argument("--open", type=int, default=OPEN_GAMES, help="games in progress in every journal")
    parser.add_argument("--mode", default="eventlet", help="ASYNC_MODE of the server")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    pool = game_pool()
    games = sorted({r["game"] for r in pool[0]})
    print(
        f"pool: {len(pool[0])} finished and {len(pool[1])} unfinished games of {', '.join(games)}"
        f" ({time.perf_counter() - began:.1f} s); every journal also holds {args.open} games in progress and"
        f" {WAITING} waiting tables"
    )
    print(
        f"{'finished games':>14} {'journal':>9} {'first answer':>13} {'CPU':>7} {'RSS':>8}"
        f" {'open tables':>12} {'RSS':>8} {'finished page':>14}"
    )
    for size in (int(s) for s in args.sizes.split(",")):
        with tempfile.TemporaryDirectory() as tmp:
            codes = write_journal(Path(tmp) / "tables.sqlite3", size, pool, args.open)
            journal_size = (Path(tmp) / "tables.sqlite3").stat().st_size
            got = measure(Path(tmp), codes, args.mode, args.timeout)

        page = secs(got, "finished_page", args.timeout) if size else "-"
        print(
            f"{size:>14} {journal_size / MIB:>6.1f} MiB {secs(got, 'first', args.timeout):>13}"
            f" {secs(got, 'cpu_first', args.timeout):>7}"
            f" {rss(got, 'rss_first'):>8} {secs(got, 'open', args.timeout):>12} {rss(got, 'rss_open'):>8} {page:>14}",
            flush=True,
        )


if __name__ == "__main__":
    main()
