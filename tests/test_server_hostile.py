"""Hostile clients against a live server (``python server.py`` under eventlet, python-socketio clients, raw
sockets): nobody takes a seat that is not his, and one client cannot lock everyone out with idle sockets."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest
import socketio

from tests.live import LiveServer
from tests.messages_check import english
from tests.server_helpers import wait_for

pytestmark = pytest.mark.server

CLAIM_GRACE = 1.5
IDLE = 1.0
PER_ADDRESS = 30


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One server for the module; no address is exempt from the per-address limits (the clients are on loopback)."""
    server = LiveServer(
        tmp_path_factory.mktemp("hostile"),
        ADDRESS_LIMIT_EXEMPT="",
        CREATE_PER_ADDRESS="1000",
        OPEN_TABLES_PER_ADDRESS="1000",
        GRACE_SECONDS="0.3",
        CLAIM_GRACE_SECONDS=str(CLAIM_GRACE),
        IDLE_SECONDS=str(IDLE),
        CONNECTIONS_PER_ADDRESS=str(PER_ADDRESS),
        BOT_WORKERS="0",
    ).start()
    yield server
    log = server.stop()
    assert "Traceback" not in log, log


class Player:
    """A python-socketio client that keeps the snapshots and claim answers it is sent."""

    def __init__(self, url: str, tokens: dict[str, str] | None = None):
        self.received: list[tuple[str, Any]] = []
        self.sio = socketio.Client(reconnection=False)
        self.sio.on("*", lambda event, data: self.received.append((event, data)))
        self.sio.connect(url, auth={"tokens": tokens or {}}, transports=["websocket"], wait_timeout=10)

    def call(self, event: str, payload: Any) -> dict[str, Any]:
        return self.sio.call(event, payload, timeout=10)

    def snap(self) -> dict[str, Any]:
        tables = [d for e, d in list(self.received) if e == "table"]
        return max(reversed(tables), key=lambda d: d["version"], default={})

    def close(self) -> None:
        self.sio.disconnect()


def bot_table(live: LiveServer) -> tuple[Player, str, str]:
    """Ann plays Bailiff against three bots; returns her client, the code and her token."""
    ann = Player(live.url)
    ack = ann.call("create", {"game": "bailiff", "players": 4, "name": "Ann"})
    for seat in (1, 2, 3):
        assert ann.call("set_seat", {"code": ack["code"], "seat": seat, "kind": "bot"})["ok"]
    assert ann.call("start", {"code": ack["code"]})["ok"]
    return ann, ack["code"], ack["token"]


def test_a_stranger_never_takes_an_away_players_seat_at_a_game_against_bots(live):
    ann, code, token = bot_table(live)
    hand = wait_for(lambda: ann.snap().get("view"), what="Ann's hand")["hand"]
    ann.close()
    stranger = Player(live.url)
    try:
        assert stranger.call("watch", {"code": code})["ok"]
        wait_for(lambda: stranger.snap()["seats"][0].get("stand_in"), what="a bot standing in for Ann")
        time.sleep(CLAIM_GRACE)  # past every grace
        ack = stranger.call("claim", {"code": code, "seat": 0, "name": "Ann"})
        assert english(ack["error"]) == (
            "No other player is at the table to let you in: Player 1's seat waits for its player, who comes back "
            "on his own device, or for a friend with the table's invite link."
        )
        assert stranger.snap()["you"] is None and stranger.snap()["view"]["hand"] == []
    finally:
        stranger.close()
    back = Player(live.url, {code: token})
    try:
        snap = wait_for(lambda: back.snap().get("you") == 0 and back.snap(), what="Ann back at her seat")
        assert snap["view"]["hand"] == hand and snap["seats"][0]["stand_in"] is False
    finally:
        back.close()


def test_a_players_second_connection_neither_asks_during_a_reload_nor_answers_itself(live):
    ann, bob = Player(live.url), Player(live.url)
    code = ann.call("create", {"game": "bailiff", "players": 4, "name": "Ann"})["code"]
    bob_token = bob.call("join", {"code": code, "name": "Bob"})["token"]
    for seat in (2, 3):
        ann.call("set_seat", {"code": code, "seat": seat, "kind": "bot"})
    ann.call("start", {"code": code})
    spy = Player(live.url)  # Ann's second connection, a spectator, shows no token
    try:
        spy.call("watch", {"code": code})
        bob.close()  # Bob reloads his page
        wait_for(lambda: ann.snap()["seats"][1]["connected"] is False, what="Bob away")
        ack = spy.call("claim", {"code": code, "seat": 1, "name": "Bob"})
        assert ack["error"]["key"] == "server.claim.too_soon", ack
        assert ann.snap()["claims"] == []
        time.sleep(CLAIM_GRACE)
        # Bob is still away: the spectator may ask, and the request says a spectator asks; Ann may not say yes
        ack = spy.call("claim", {"code": code, "seat": 1, "name": "Bob"})
        assert ack["error"]["key"] == "server.claim.nobody_away", ack  # Ann may not say yes to herself
        assert ann.snap()["claims"] == [] and spy.snap()["you"] is None
        back = Player(live.url, {code: bob_token})
        wait_for(lambda: back.snap().get("you") == 1, what="Bob back at his seat")
        back.close()
    finally:
        spy.close()
        ann.close()


def test_a_stranger_who_joined_neither_becomes_host_nor_opens_the_hosts_seat_during_his_reload(live):
    ann, stranger = Player(live.url), Player(live.url)
    ack = ann.call("create", {"game": "bailiff", "players": 4, "name": "Ann"})
    code = ack["code"]
    try:
        stranger.call("join", {"code": code, "name": "Mallory"})
        ann.close()  # Ann reloads her page
        wait_for(lambda: stranger.snap()["seats"][0]["connected"] is False, what="Ann's page gone")
        refused = stranger.call("set_seat", {"code": code, "seat": 0, "kind": "open"})
        assert english(refused["error"]) == "Only the host can change the seats."
        ann = Player(live.url, {code: ack["token"]})
        snap = wait_for(lambda: ann.snap().get("you") == 0 and ann.snap(), what="Ann back at her seat")
        assert snap["host_seat"] == 0 and snap["seats"][0]["name"] == "Ann"
    finally:
        ann.close()
        stranger.close()


def idle_socket(port: int, source: str) -> socket.socket:
    """A TCP connection to the server from the loopback address ``source`` that sends nothing."""
    return socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))


def closed_by_server(sock: socket.socket, timeout: float) -> bool:
    """Whether the server closes ``sock`` within ``timeout`` seconds (reads end of file or a reset)."""
    sock.settimeout(timeout)
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_one_client_cannot_lock_everyone_out_with_idle_sockets(live):
    """From 127.0.0.2 a client opens many sockets and sends nothing: past its limit they are closed at once, the
    rest after the idle timeout; meanwhile a player from another address connects and is answered at once."""
    attack = [idle_socket(live.port, "127.0.0.2") for _ in range(PER_ADDRESS + 20)]
    try:
        over = attack[-1]
        assert closed_by_server(over, 2), "a socket over the address's limit is closed at once"
        started = time.monotonic()
        player = Player(live.url)
        try:
            assert english(player.call("watch", {"code": "AAAAAA"})["error"]) == "There is no table AAAAAA."
        finally:
            player.close()
        assert time.monotonic() - started < 5
        assert closed_by_server(attack[0], IDLE + 5), "an idle socket is closed after the idle timeout"
        fresh = idle_socket(live.port, "127.0.0.2")  # the address's sockets were let go: it may come back
        fresh.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        fresh.settimeout(5)
        assert fresh.recv(12).startswith(b"HTTP/1.1 200")
        fresh.close()
    finally:
        for sock in attack:
            sock.close()
