"""Fuzzing a live table: Hypothesis-generated client events (wrong types, missing fields, huge strings, unknown
events, other seats' actions, stale versions) sent by a seated player, a spectator and a stranger.

The table is left waiting on seat 1 (a second human), so no event of the fuzzing connections may move the game:
every event must be answered, every refused one with an error event too, and the table's state must stay
identical. Every event of the protocol is sent (:meth:`FuzzTable.templates`); the server runs with no address
exempt from the per-address rules (:data:`SERVER_SETTINGS`), so every connection is one client on loopback and a
``claim`` finds no other player to say yes: no seat changes hands. Used by ``tests/test_fuzz.py`` (CI) and
``bench/fuzz.py`` (long runs).
"""

from __future__ import annotations

import json
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import socketio
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.messages import is_message
from tests.messages_check import english
from webapp.packets import RESERVED_EVENTS
from webapp.payloads import SCHEMAS

JSON_LEAF = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=40)
)
JSON_VALUE = st.recursive(
    JSON_LEAF,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=12,
)
SERVER_SETTINGS = {"RATE_LIMIT": "1000000", "RATE_BURST": "1000000", "ADDRESS_LIMIT_EXEMPT": ""}
"""The live server's settings for fuzzing: no rate limit, and every loopback connection one client."""

HUGE_TEXT_BYTES = 40_000
"""The most a generated long string takes in a message, JSON-escaped: well under the 64 KiB message cap (a string
of 40,000 backslashes, escaped to 80,000 bytes, went over it; the cap has its own test)."""


def repeated(ch: str, size: int) -> str:
    """``ch`` repeated to about ``size`` bytes of JSON as the client sends it (escapes such as ``\\`` or
    ``\\ud83d\\ude00`` count in full)."""
    return ch * max(1, size // (len(json.dumps(ch)) - 2))


HUGE_TEXT = st.builds(
    repeated,
    st.characters(min_codepoint=32, max_codepoint=126) | st.characters(),
    st.integers(min_value=300, max_value=HUGE_TEXT_BYTES),
)
"""Long strings of one character, at most :data:`HUGE_TEXT_BYTES` once escaped."""
FIELD_VALUE = JSON_VALUE | HUGE_TEXT
EVENT_NAME = st.sampled_from(sorted(SCHEMAS) + sorted(RESERVED_EVENTS)) | st.text(max_size=30)
"""The protocol's events, the names Socket.IO reserves (refused like unknown ones) and any other text."""


class Peer:
    """One client connection, keeping its latest table snapshot and counting the error events it receives."""

    def __init__(self, url: str, auth: dict | None = None):
        self.sio = socketio.Client(reconnection=False)
        self.snapshots: dict[str, dict[str, Any]] = {}
        self.errors = 0
        self.refused = 0
        self.lock = threading.Lock()
        self.changed = threading.Event()
        self.sio.on("table", self._on_table)
        self.sio.on("error", self._on_error)
        self.sio.connect(url, transports=["websocket"], auth=auth or {}, wait_timeout=20)

    def _on_table(self, snap: dict[str, Any]) -> None:
        # The client handles each message in its own thread: keep the newest version, not the last to arrive.
        with self.lock:
            known = self.snapshots.get(snap["code"])
            if known is None or snap["version"] >= known["version"]:
                self.snapshots[snap["code"]] = snap
        self.changed.set()

    def _on_error(self, _payload: Any) -> None:
        self.errors += 1

    def call(self, event: str, payload: Any, timeout: float = 10) -> Any:
        """The ack of ``event``; a refusal's reason (a message) read in English under ``error``, as sent under
        ``reason``."""
        return readable(self.sio.call(event, payload, timeout=timeout))

    def close(self) -> None:
        self.sio.disconnect()


def readable(ack: Any) -> Any:
    """An ack as :meth:`Peer.call` gives it: a refusal's reason read in English under ``error``, as sent under
    ``reason``."""
    if isinstance(ack, dict) and ack.get("ok") is False and "error" in ack:
        return {**ack, "error": english(ack["error"]), "reason": ack["error"]}
    return ack


class Answers:
    """The acks of events sent without waiting for each (as a hostile client sends them), gathered as they come."""

    def __init__(self, expected: int):
        self.expected = expected
        self.got: list[tuple[int, Any]] = []
        self.lock = threading.Lock()
        self.all_in = threading.Event()
        if not expected:
            self.all_in.set()

    def callback(self, index: int) -> Callable[..., None]:
        """The ack callback of the ``index``-th event."""

        def answered(*args: Any) -> None:
            with self.lock:
                self.got.append((index, args[0] if len(args) == 1 else args))
                if len(self.got) == self.expected:
                    self.all_in.set()

        return answered


HOST_MOVES = frozenset({"remove", "lock", "mute", "house"})
"""Events by which the host changes the table: fuzzed from connections that are not the host's."""


def game_state(snap: dict[str, Any]) -> tuple:
    """What must not change: version, phase, the seat's view and its legal actions."""
    return snap["version"], snap["state"], snap["view"], snap["legal"]


@dataclass
class FuzzTable:
    """A started table of ``game`` (seat 0 fuzzes, seat 1 is the human everyone waits for, bots elsewhere)."""

    url: str
    game: str = "ass"
    players: int = 4
    peers: dict[str, Peer] = field(default_factory=dict)
    code: str = ""
    tokens: dict[str, str] = field(default_factory=dict)
    counts: Counter = field(default_factory=Counter)

    def open(self) -> FuzzTable:
        seated, waiting = Peer(self.url), Peer(self.url)
        ack = seated.call("create", {"game": self.game, "players": self.players, "name": "fuzzer"})
        self.code, self.tokens["seated"] = ack["code"], ack["token"]
        self.tokens["waiting"] = waiting.call("join", {"code": self.code, "name": "waiting", "seat": 1})["token"]
        for seat in range(2, self.players):
            assert seated.call("set_seat", {"code": self.code, "seat": seat, "kind": "bot"})["ok"]
        assert seated.call("start", {"code": self.code})["ok"]
        self.peers = {"seated": seated, "waiting": waiting}
        self._play_until_seat_one_acts()
        self.peers["spectator"] = Peer(self.url)
        assert self.peers["spectator"].call("watch", {"code": self.code})["ok"]
        self.peers["stranger"] = Peer(self.url)
        time.sleep(0.2)
        return self

    def _play_until_seat_one_acts(self) -> None:
        seated = self.peers["seated"]
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            snap = seated.snapshots.get(self.code)
            to_act = snap["view"]["to_act"] if snap else []
            if snap and snap["state"] == "playing" and to_act == [1]:
                return
            if snap and 0 in to_act and snap["legal"]:
                seated.changed.clear()
                seated.call("act", {"code": self.code, "action": snap["legal"][0], "version": snap["version"]})
            seated.changed.wait(0.5)
            seated.changed.clear()
        raise AssertionError("the table never came to seat 1")

    def state(self) -> dict[str, tuple]:
        """The game state each seated connection and the spectator see now (fresh snapshots)."""
        out = {}
        for name in ("seated", "waiting", "spectator"):
            peer = self.peers[name]
            peer.changed.clear()
            if name == "spectator":
                assert peer.call("watch", {"code": self.code})["ok"]
            else:
                assert peer.call("resume", {"code": self.code, "token": self.tokens[name]})["ok"]
            peer.changed.wait(5)
            out[name] = game_state(peer.snapshots[self.code])
        return out

    def templates(self) -> dict[str, dict[str, Any]]:
        """A well-formed payload of every event, with this table's code, version and real actions."""
        snap = self.peers["waiting"].snapshots[self.code]
        other_seat_action = snap["legal"][0]
        return {
            "create": {"game": self.game, "players": self.players, "options": {}, "name": "x"},
            "join": {"code": self.code, "name": "late", "seat": 1},
            "watch": {"code": self.code},
            "resume": {"code": self.code, "token": "not-a-token"},
            "leave": {"code": self.code},
            "set_seat": {"code": self.code, "seat": 1, "kind": "bot"},
            "start": {"code": self.code},
            "act": {"code": self.code, "action": other_seat_action, "version": snap["version"]},
            "explain": {"code": self.code, "action": other_seat_action},
            "chat": {"code": self.code, "text": "hello"},
            "again": {"code": self.code},
            "sync": {"code": self.code},
            "hint": {"code": self.code},
            "claim": {"code": self.code, "seat": 2, "name": "x"},
            "answer_claim": {"code": self.code, "seat": 2, "allow": False},
            "invite": {"code": self.code},
            "remove": {"code": self.code, "seat": 1},
            "lock": {"code": self.code, "locked": True},
            "mute": {"code": self.code, "seat": 1, "muted": True},
            "house": {"code": self.code, "clock": "fast", "bot_speed": "fast"},
            "back": {"code": self.code},
            "finish_hand": {"code": self.code},
        }

    def events(self) -> st.SearchStrategy:
        """Strategy for one fuzz event: (sender, event name, payload or tuple of arguments)."""
        templates = self.templates()
        version = self.peers["waiting"].snapshots[self.code]["version"]

        @st.composite
        def mutated(draw: st.DrawFn) -> tuple[str, Any]:
            name = draw(st.sampled_from(sorted(templates)))
            payload = dict(templates[name])
            how = draw(st.sampled_from(["drop", "retype", "extra", "stale", "keep"]))
            key = draw(st.sampled_from(sorted(payload)))
            if how == "drop":
                del payload[key]
            elif how == "retype":
                payload[key] = draw(FIELD_VALUE)
            elif how == "extra":
                payload[draw(st.text(min_size=1, max_size=12))] = draw(FIELD_VALUE)
            elif how == "stale" and "version" in payload:
                payload["version"] = draw(st.sampled_from([version - 1, version + 1, 0, -1, 2**60]))
            return name, payload

        random_payload = st.tuples(EVENT_NAME, JSON_VALUE | st.tuples(JSON_VALUE, JSON_VALUE))
        anyone = st.sampled_from(["seated", "spectator", "stranger"])

        @st.composite
        def sent(draw: st.DrawFn) -> tuple[str, Any]:
            name, payload = draw(mutated() | random_payload)
            # the host's own moderation changes the table as it should (tests/test_server_privacy.py): here it comes
            # from the other connections, which must be refused
            return draw(st.sampled_from(["spectator", "stranger"]) if name in HOST_MOVES else anyone), (name, payload)

        return sent()

    def send_all(self, batch: list[tuple[str, tuple[str, Any]]], timeout: float = 10) -> None:
        """Send every event of ``batch`` from its sender without waiting for each answer (as a hostile client
        would), then check every answer: accepted, or refused with a reason (its error event is counted by
        :meth:`settle`)."""
        answers = Answers(len(batch))
        for index, (sender, (event, payload)) in enumerate(batch):
            self.peers[sender].sio.emit(event, payload, callback=answers.callback(index))
        answers.all_in.wait(timeout)
        with answers.lock:
            got = dict(answers.got)
        for index, (sender, (event, payload)) in enumerate(batch):
            assert index in got, f"{sender} sent {event!r} {str(payload)[:300]}: no answer in {timeout} s"
            self.check(sender, event, readable(got[index]))

    def check(self, sender: str, event: str, ack: Any) -> None:
        """Count one event's answer: accepted, or refused with a reason."""
        self.counts["events"] += 1
        assert isinstance(ack, dict) and isinstance(ack.get("ok"), bool), f"{event}: no proper answer: {ack!r}"
        if ack["ok"]:
            self.counts[f"accepted {event}"] += 1
            return
        assert is_message(ack.get("reason")) and ack["error"].strip(), f"{event}: refused without a reason: {ack!r}"
        self.counts["refused"] += 1
        self.peers[sender].refused += 1

    def settle(self) -> None:
        """Every refused event brought exactly one error event to its sender."""
        deadline = time.monotonic() + 5
        while any(p.errors < p.refused for p in self.peers.values()) and time.monotonic() < deadline:
            time.sleep(0.01)
        for name, peer in self.peers.items():
            assert peer.errors == peer.refused, f"{name}: {peer.refused} refusals but {peer.errors} error events"

    def fuzz(self, batches: int, size: int, alive: Callable[[], bool]) -> None:
        """Send ``batches`` Hypothesis-generated batches of ``size`` events each, each batch at once; after every
        batch each event must have been answered, each refusal must have brought its error event and ``alive()``
        must still be true."""

        @settings(max_examples=batches, deadline=None, database=None, suppress_health_check=list(HealthCheck))
        @given(batch=st.lists(self.events(), min_size=size, max_size=size))
        def run(batch: list[tuple[str, tuple[str, Any]]]) -> None:
            self.send_all(batch)
            self.settle()
            assert alive(), "the server died"

        run()

    def close(self) -> None:
        for peer in self.peers.values():
            peer.close()
