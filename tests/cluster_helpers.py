"""The several-workers arrangement as the tests meet it (tests/test_cluster.py, tests/test_browser_cluster.py): the
workers' settings, a table opened through a lobby connection, which worker holds a table, and waiting for a state.
The arrangement itself (PostgreSQL, Redis, workers, nginx on loopback) is :class:`bench.stack.Stack`."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

import socketio

from bench.stack import Stack

ENV = {"BOT_WORKERS": "0", "BOT_DELAY": "0.05", "RATE_LIMIT": "1000", "RATE_BURST": "1000", "GRACE_SECONDS": "60"}


@dataclass
class Seat:
    code: str
    token: str
    acked: list[tuple[int, int, str]] = field(default_factory=list)
    """(version after the move, seat, action) of every ``act`` answered ok, with when (``time.monotonic()``)."""
    times: list[float] = field(default_factory=list)
    refused: list[tuple[float, Any]] = field(default_factory=list)
    """(``time.monotonic()`` when it was sent, reason) of every ``act`` answered with a journal's refusal."""
    seen: int = -1
    """The highest version the player was sent."""
    rejoined: list[int] = field(default_factory=list)
    """The first version the player was sent after each reconnection."""


def lobby(url: str, path: str = "/socket.io/") -> socketio.Client:
    client = socketio.Client(reconnection=False)
    client.connect(
        f"{url}/?route={random.getrandbits(40):x}", transports=["websocket"], socketio_path=path, wait_timeout=10
    )
    return client


def open_table(url: str, bots: tuple[int, ...] = (1, 2, 3), start: bool = True) -> Seat:
    """A lobby page's "Play now" at ``url``: a Bailiff table with one player (returned), bots in ``bots``, started."""
    client = lobby(url)
    try:
        ack = client.call("create", {"game": "bailiff", "players": 4, "name": "Ann"}, timeout=10)
        assert ack["ok"], ack
        for seat in bots:
            assert client.call("set_seat", {"code": ack["code"], "seat": seat, "kind": "bot"}, timeout=10)["ok"]
        if start:
            assert client.call("start", {"code": ack["code"]}, timeout=10)["ok"]
        return Seat(ack["code"], ack["token"])
    finally:
        client.disconnect()


def worker_url(stack: Stack, i: int) -> str:
    """Worker ``i`` itself, not through nginx: a connection that reaches that worker whatever nginx would choose."""
    return f"http://127.0.0.1:{stack.ports[i]}"


def holder(stack: Stack, code: str) -> int:
    """Which worker (0-based) plays table ``code`` now: the one that answers as its holder, asked directly."""
    for i in range(len(stack.ports)):
        try:
            client = socketio.Client(reconnection=False)
            client.connect(worker_url(stack, i), transports=["websocket"], wait_timeout=5)
        except Exception:
            continue
        try:
            if client.call("watch", {"code": code}, timeout=5).get("ok"):
                return i
        finally:
            client.disconnect()
    return -1


def wait_for(check: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)
