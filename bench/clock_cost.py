"""What does the turn clock cost a move? Two players play Bank against each other through the server's own
handlers (in process, threading mode, a journal on disk), once at a table without a clock and once with the
relaxed clock (never running out here), side by side, several rounds alternating; it prints each one's median and
p90 time from ``act`` to its ack and the ratio. The clock's cost is noting each turn's start and journalling it.

    python -m bench.clock_cost [--moves 400] [--rounds 3]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from typing import Any

from flask_socketio import SocketIOTestClient

from webapp import create_app


def table(app: Any, clock: str) -> tuple[list[SocketIOTestClient], str]:
    socketio = app.extensions["socketio"]
    ann, bob = SocketIOTestClient(app, socketio), SocketIOTestClient(app, socketio)
    ack = ann.emit("create", {"game": "bank", "players": 2, "name": "Ann", "clock": clock}, callback=True)
    bob.emit("join", {"code": ack["code"], "name": "Bob"}, callback=True)
    ann.emit("start", {"code": ack["code"]}, callback=True)
    return [ann, bob], ack["code"]


def play(app: Any, clock: str, moves: int) -> list[float]:
    """The ack times of ``moves`` moves (games dealt again as they end)."""
    clients, code = table(app, clock)
    hall = app.extensions["hall"]
    times: list[float] = []
    while len(times) < moves:
        t = hall.tables[code]
        with t.lock:
            if t.state == "over":
                clients[0].emit("again", {"code": code}, callback=True)
                continue
            seat = t.current().to_act()[0]
            action = t.current().legal_actions(seat)[0]
            version = t.version
        began = time.perf_counter()
        reply = clients[seat].emit("act", {"code": code, "action": action, "version": version}, callback=True)
        times.append(time.perf_counter() - began)
        assert reply["ok"], reply
        for c in clients:
            c.get_received()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {
                "ASYNC_MODE": "threading",
                "DATA_DIR": folder,
                "BOT_WORKERS": 0,
                "RATE_LIMIT": 100_000,
                "RATE_BURST": 100_000,
                "DEAL_SEED": 44,
            }
        )
        found: dict[str, list[float]] = {"off": [], "relaxed": []}
        for _ in range(args.rounds):
            for clock in found:
                found[clock] += play(app, clock, args.moves)
        app.extensions["hall"].shut()
    rows = {}
    for clock, times in found.items():
        times.sort()
        rows[clock] = (statistics.median(times) * 1000, times[int(len(times) * 0.9)] * 1000)
        print(f"clock {clock:8} {len(times)} moves: median {rows[clock][0]:.2f} ms, p90 {rows[clock][1]:.2f} ms")
    (on_median, on_p90), (off_median, off_p90) = rows["relaxed"], rows["off"]
    print(f"ratio relaxed/off: median {on_median / off_median:.2f}, p90 {on_p90 / off_p90:.2f}")


if __name__ == "__main__":
    main()
