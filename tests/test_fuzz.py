"""Fuzz a live server (issue 9): over 10,000 generated events; it never crashes, every refused event gets an error
reply, and the table's state is identical before and after."""

from __future__ import annotations

import pytest
import socketio

from tests.fuzzing import SERVER_SETTINGS, FuzzTable, Peer
from tests.live import LiveServer
from webapp.payloads import SCHEMAS

pytestmark = pytest.mark.server

BATCH = 100
BATCHES = 101


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    live = LiveServer(tmp_path_factory.mktemp("fuzz"), **SERVER_SETTINGS).start()
    yield live
    live.stop()


@pytest.fixture(scope="module")
def table(server):
    fuzz = FuzzTable(server.url).open()
    yield fuzz
    fuzz.close()


def test_generated_events_change_nothing_and_are_all_answered(server, table):
    assert set(table.templates()) == set(SCHEMAS), "every event of the protocol is fuzzed"
    before = table.state()
    table.fuzz(BATCHES, BATCH, lambda: server.alive)
    assert table.counts["events"] >= 10_000
    assert table.counts["refused"] > table.counts["events"] // 2
    assert table.state() == before
    assert server.up()


def test_a_flood_is_refused_by_the_rate_limit_and_changes_nothing(tmp_path):
    live = LiveServer(tmp_path, RATE_LIMIT="20", RATE_BURST="40").start()
    try:
        fuzz = FuzzTable(live.url).open()
        before = fuzz.state()
        flooder = fuzz.peers["seated"]
        answers = [flooder.call("explain", {"code": fuzz.code, "action": "play 6S"}) for _ in range(200)]
        slowed = [a for a in answers if not a["ok"]]
        assert len(slowed) > 100 and all("slow down" in a["error"] for a in slowed)
        assert flooder.errors >= len(slowed)
        fuzz.close()
        fuzz.peers = {}
        again = FuzzTable(live.url)
        again.code, again.tokens = fuzz.code, fuzz.tokens
        again.peers = {"seated": Peer(live.url), "waiting": Peer(live.url), "spectator": Peer(live.url)}
        assert again.peers["spectator"].call("watch", {"code": fuzz.code})["ok"]
        after = again.state()
        assert after["waiting"] == before["waiting"] and after["seated"][:3] == before["seated"][:3]
        again.close()
    finally:
        live.stop()


def test_a_message_over_the_size_cap_closes_only_that_connection(server, table):
    before = table.state()
    rogue = Peer(server.url)
    with pytest.raises(socketio.exceptions.SocketIOError):
        rogue.call("chat", {"code": table.code, "text": "x" * 200_000}, timeout=5)
    assert server.alive and server.up()
    assert table.state() == before
