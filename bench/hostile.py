"""What one hostile client costs a player at another table: the victim's ack latency and his bots' reply latency,
quiet and under each attack of issue 41, side by side.

The victim plays Bailiff against three Normal bots (``BOT_DELAY`` 0.8 s, as served) from 127.0.0.1; the attacker
connects from 127.0.0.2 (polling, its sockets bound to that address), so the server tells them apart. Attacks:
``idle`` (2,000 TCP connections that send nothing), ``bots`` (10 tables of Hard bots, one address's limit, each with
its one player moving at once), ``chat`` (10 spectators of the attacker's own table chatting as fast as the rate
limit lets each), ``history`` (step-by-step replays of a finished game, a new page each time). The server runs
under eventlet with its worker pool; no address is exempt from the per-address limits. Each attack runs in a process
of its own, so its clients do not slow the victim's. Loopback only; it stops by itself.

    python -m bench.hostile [--seconds 20] [--attacks idle,bots,chat,history]
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import socket
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import requests
import socketio
from requests.adapters import HTTPAdapter

from tests.live import LiveServer

ATTACKER = "127.0.0.2"
BAILIFF = {"game": "bailiff", "players": 4, "options": {"max_turns": 400}}


class FromAddress(HTTPAdapter):
    """Requests sent from the loopback address ``source``."""

    def __init__(self, source: str):
        self.source = source
        super().__init__()

    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        kwargs["source_address"] = (self.source, 0)
        super().init_poolmanager(*args, **kwargs)


def session_from(source: str) -> requests.Session:
    session = requests.Session()
    session.mount("http://", FromAddress(source))
    return session


class Client:
    """A python-socketio client keeping its table's newest snapshot; from ``source`` over polling if given."""

    def __init__(self, url: str, source: str | None = None):
        self.snap: dict[str, Any] = {}
        self.arrivals: dict[int, float] = {}
        """When each version's snapshot came (``time.perf_counter()``)."""
        self.changed = threading.Condition()
        kwargs: dict[str, Any] = {"reconnection": False}
        if source is not None:
            kwargs["http_session"] = session_from(source)
        self.sio = socketio.Client(**kwargs)
        self.sio.on("table", self._table)
        self.sio.connect(url, transports=["polling"] if source else ["websocket"], wait_timeout=20)

    def _table(self, snap: dict[str, Any]) -> None:
        with self.changed:
            self.arrivals.setdefault(snap["version"], time.perf_counter())
            if snap["version"] >= self.snap.get("version", -1):
                self.snap = snap
            self.changed.notify_all()

    def call(self, event: str, payload: Any) -> dict[str, Any]:
        return self.sio.call(event, payload, timeout=60)

    def wait(self, check: Callable[[dict[str, Any]], bool], timeout: float) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: check(self.snap), timeout)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.sio.disconnect()


def bot_table(url: str, source: str | None, level: str) -> tuple[Client, str]:
    """A started Bailiff table of one client and three bots at ``level``."""
    host = Client(url, source)
    code = host.call("create", {**BAILIFF, "name": "host", "level": level})["code"]
    for seat in (1, 2, 3):
        host.call("set_seat", {"code": code, "seat": seat, "kind": "bot"})
    host.call("start", {"code": code})
    return host, code


def play_at_once(client: Client, code: str, stop: threading.Event) -> None:
    """Play the client's turns at once (the first legal move) until ``stop``."""
    while not stop.is_set():
        if client.wait(lambda s: bool(s.get("legal")), 1):
            snap = client.snap
            client.call("act", {"code": code, "action": snap["legal"][0], "version": snap["version"]})


def measure(url: str, seconds: float) -> tuple[list[float], list[float]]:
    """The victim plays for ``seconds``: his acks' latency, and each of his bots' replies (from the move before it,
    his ack or the last bot's snapshot, to the bot's move's snapshot; ``BOT_DELAY`` included)."""
    victim, code = bot_table(url, None, "normal")
    acks, replies = [], []
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            if not victim.wait(lambda s: bool(s.get("legal")) or s.get("state") == "over", 30):
                break
            snap = victim.snap
            if snap["state"] == "over":
                break
            started = time.perf_counter()
            ack = victim.call("act", {"code": code, "action": snap["legal"][0], "version": snap["version"]})
            acked = time.perf_counter()
            acks.append(acked - started)
            version = ack.get("version", snap["version"])
            if victim.wait(lambda s, v=version: s.get("version", 0) > v and bool(s.get("legal")), 60):
                last = victim.snap["version"]
                times = [acked] + [victim.arrivals[v] for v in range(version + 1, last + 1) if v in victim.arrivals]
                replies += [b - a for a, b in zip(times, times[1:], strict=False)]
    finally:
        victim.close()
    return acks, replies


def idle(url: str, port: int, stop: threading.Event) -> Callable[[], None]:
    sockets = []
    for _ in range(2000):
        try:
            sockets.append(socket.create_connection(("127.0.0.1", port), timeout=2, source_address=(ATTACKER, 0)))
        except OSError:
            break

    def end() -> None:
        for sock in sockets:
            sock.close()

    return end


def bots(url: str, port: int, stop: threading.Event) -> Callable[[], None]:
    tables = [bot_table(url, ATTACKER, "hard") for _ in range(10)]
    threads = [threading.Thread(target=play_at_once, args=(c, code, stop), daemon=True) for c, code in tables]
    for thread in threads:
        thread.start()
    return lambda: [c.close() for c, _ in tables]


def chat(url: str, port: int, stop: threading.Event) -> Callable[[], None]:
    host, code = bot_table(url, "127.0.0.3", "easy")  # the attacker's tables of the last attack are still open
    crowd = [Client(url, ATTACKER) for _ in range(10)]

    def talk(client: Client) -> None:
        client.call("watch", {"code": code})
        while not stop.is_set():
            client.call("chat", {"code": code, "text": "spam " * 40})
            time.sleep(1 / 15)

    for client in crowd:
        threading.Thread(target=talk, args=(client,), daemon=True).start()
    return lambda: [c.close() for c in [host, *crowd]]


def history(url: str, port: int, stop: threading.Event) -> Callable[[], None]:
    session = session_from(ATTACKER)
    games = session.get(f"{url}/api/history").json()
    if not games:
        raise RuntimeError("no finished game to replay")

    def replay() -> None:
        start = 0
        while not stop.is_set():
            session.get(f"{url}/api/history/{games[0]['id']}?start={start % 200}&count=200&seat=all")
            start += 1

    threading.Thread(target=replay, daemon=True).start()
    return lambda: None


ATTACKS: dict[str, Callable[[str, int, threading.Event], Callable[[], None]]] = {
    "idle": idle,
    "bots": bots,
    "chat": chat,
    "history": history,
}


def attack(name: str, url: str, port: int, ready: Any, stop: Any) -> None:
    """Run attack ``name`` in this (child) process until ``stop`` is set: its clients' threads never take the
    victim's process's CPU."""
    stopping = threading.Event()
    end = ATTACKS[name](url, port, stopping)
    ready.set()
    stop.wait()
    stopping.set()
    end()


def finish_a_game(url: str) -> None:
    """A finished game in the history (the ``history`` attack replays it)."""
    host = Client(url)
    code = host.call("create", {"game": "bailiff", "players": 4, "options": {"max_turns": 60}, "name": "h"})["code"]
    for seat in (1, 2, 3):
        host.call("set_seat", {"code": code, "seat": seat, "kind": "bot"})
    host.call("start", {"code": code})
    stop = threading.Event()
    threading.Thread(target=play_at_once, args=(host, code, stop), daemon=True).start()
    host.wait(lambda s: s.get("state") == "over", 300)
    stop.set()
    host.close()


def figures(values: list[float]) -> str:
    if not values:
        return "no answer"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    median, most = statistics.median(ordered) * 1000, ordered[-1] * 1000
    return f"median {median:7.0f} ms  p95 {p95 * 1000:7.0f} ms  max {most:7.0f} ms  (n={len(ordered)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--attacks", default=",".join(ATTACKS))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        live = LiveServer(
            Path(data),
            BOT_DELAY="0.8",
            GRACE_SECONDS="30",
            ADDRESS_LIMIT_EXEMPT="",
            RATE_LIMIT="15",
            RATE_BURST="40",
            DEAL_SEED="",
        )
        live.env.pop("BOT_WORKERS", None)
        live.start()
        try:
            if "history" in args.attacks:
                finish_a_game(live.url)
            rows = [("quiet", *measure(live.url, args.seconds))]
            for name in args.attacks.split(","):
                ready, stop = multiprocessing.Event(), multiprocessing.Event()
                attacker = multiprocessing.Process(target=attack, args=(name, live.url, live.port, ready, stop))
                attacker.start()
                try:
                    if not ready.wait(120):
                        raise RuntimeError(f"the {name} attack did not start")
                    rows.append((name, *measure(live.url, args.seconds)))
                finally:
                    stop.set()
                    attacker.join(30)
                time.sleep(1)
        finally:
            log = live.stop()
    for name, acks, replies in rows:
        print(f"{name:8} ack    {figures(acks)}")
        print(f"{'':8} bots   {figures(replies)}")
    if "Traceback" in log:
        print(log[-3000:])


if __name__ == "__main__":
    main()
