"""Private tables: an unlisted table is entered only through its invite link, the host removes a player (a bot takes
his seat) and locks the seats, and mutes a player for the table; the settings survive a restart."""

from __future__ import annotations

import pytest

from tests.live import LiveServer
from tests.messages_check import english
from tests.server_helpers import Client, create, make_app, play_out, wait_for

pytestmark = pytest.mark.usefixtures("tiny_game")


def private(app) -> tuple[Client, str, str]:
    ann = Client(app)
    ack = create(ann, listed=False)
    return ann, ack["code"], ack["invite"]


def test_an_unlisted_table_is_not_listed_and_its_code_alone_lets_nobody_in(app):
    ann, code, invite = private(app)
    listed = create(Client(app))["code"]
    codes = [t["code"] for t in app.test_client().get("/api/tables").get_json()]
    assert listed in codes and code not in codes
    eve = Client(app)
    assert english(eve.call("join", {"code": code, "name": "Eve"})["error"]) == (
        "This table is private: sit down through its invite link (ask a player at it)."
    )
    assert english(eve.call("join", {"code": code, "name": "Eve", "invite": invite + "x"})["error"]).startswith(
        "This table is private"
    )
    assert english(eve.call("watch", {"code": code})["error"]) == (
        "This table is private: open its invite link to watch or sit down (ask a player at it)."
    )
    assert all(s["kind"] == "open" for s in ann.snap()["seats"][1:]) and ann.snap()["spectators"] == 0
    bob = Client(app)
    assert bob.call("watch", {"code": code, "invite": invite})["ok"]
    assert bob.call("join", {"code": code, "name": "Bob", "invite": invite})["seat"] == 1
    # the host lets anyone with the code watch: Eve may now watch, never sit
    assert ann.call("house", {"code": code, "watch": True}) == {"ok": True}
    assert eve.call("watch", {"code": code})["ok"]
    assert not eve.call("join", {"code": code, "name": "Eve"})["ok"]
    # a player at the table may pass the link on; a spectator is not given it
    assert bob.call("invite", {"code": code}) == {"ok": True, "invite": invite}
    assert not eve.call("invite", {"code": code})["ok"]
    assert invite not in str(eve.snap())


def test_the_host_removes_a_player_and_a_bot_takes_his_seat(app):
    ann, code, invite = private(app)
    bob = Client(app)
    bob_token = bob.call("join", {"code": code, "name": "Bob", "invite": invite})["token"]
    assert not bob.call("remove", {"code": code, "seat": 0})["ok"]  # only the host
    assert ann.call("start", {"code": code})["ok"]
    assert ann.call("remove", {"code": code, "seat": 1}) == {"ok": True}
    seat = ann.snap()["seats"][1]
    assert seat["kind"] == "bot" and seat["name"] != "Bob"
    assert bob.events("removed") == [{"code": code}]
    assert not Client(app).call("resume", {"code": code, "token": bob_token})["ok"]
    # the bot plays his seat: the game goes on without him
    wait_for(lambda: ann.snap()["legal"] or ann.snap()["state"] == "over", what="Ann's turn")


def test_locked_seats_and_a_muted_player(app):
    ann, code, invite = private(app)
    bob = Client(app)
    bob.call("join", {"code": code, "name": "Bob", "invite": invite})
    assert not bob.call("lock", {"code": code, "locked": True})["ok"]
    assert ann.call("lock", {"code": code, "locked": True}) == {"ok": True}
    assert ann.snap()["house"]["locked"] is True
    assert english(Client(app).call("join", {"code": code, "name": "Cleo", "invite": invite})["error"]) == (
        "The host has locked the seats of this table."
    )
    assert bob.call("chat", {"code": code, "text": "hello"})["ok"]
    assert ann.call("mute", {"code": code, "seat": 1, "muted": True}) == {"ok": True}
    assert english(bob.call("chat", {"code": code, "text": "spam"})["error"]) == (
        "The host has muted your chat at this table."
    )
    assert [m["text"] for m in ann.events("chat")] == ["hello"]
    assert ann.snap()["house"]["muted"] == [1]
    assert ann.call("mute", {"code": code, "seat": 1, "muted": False})["ok"]
    assert bob.call("chat", {"code": code, "text": "sorry"})["ok"]


def test_a_private_tables_finished_games_are_not_in_the_lobbys_history(app):
    codes = []
    for listed in (False, True):
        ann = Client(app)
        code = create(ann, listed=listed, options={"hands": 1})["code"]
        ann.call("set_seat", {"code": code, "seat": 1, "kind": "bot"})
        ann.call("start", {"code": code})
        play_out(ann, code)
        codes.append(code)
    private, public = codes
    shown = [g["code"] for g in app.test_client().get("/api/history").get_json()]
    assert public in shown and private not in shown
    # its players still find it by its code (the table page's replay)
    assert [g["code"] for g in app.test_client().get(f"/api/history?code={private}").get_json()] == [private]


def test_a_private_tables_settings_survive_a_restart(tmp_path):
    app = make_app(tmp_path)
    ann = Client(app)
    ack = create(ann, listed=False, clock="fast", bot_speed="slow")
    code, token, invite = ack["code"], ack["token"], ack["invite"]
    ann.call("lock", {"code": code, "locked": True})
    app.extensions["hall"].shut()
    again = make_app(tmp_path)
    try:
        assert Client(again).call("resume", {"code": code, "token": token})["ok"]
        table = again.extensions["hall"].tables[code]
        assert (table.house.listed, table.house.locked, table.house.clock, table.house.bot_speed) == (
            False,
            True,
            "fast",
            "slow",
        )
        assert table.house.admits(invite) and not table.fixed
        assert not Client(again).call("watch", {"code": code})["ok"]
    finally:
        again.extensions["hall"].shut()


def test_a_stranger_with_only_the_code_is_refused_a_seat_on_a_live_server(tmp_path):
    import socketio

    srv = LiveServer(tmp_path).start()
    try:
        host = socketio.Client(reconnection=False)
        host.connect(srv.url, transports=["websocket"], wait_timeout=10)
        ack = host.call("create", {"game": "bank", "players": 3, "name": "Ann", "listed": False}, timeout=10)
        code = ack["code"]
        stranger = socketio.Client(reconnection=False)
        stranger.connect(srv.url, transports=["websocket"], wait_timeout=10)
        refused = stranger.call("join", {"code": code, "name": "Eve"}, timeout=10)
        assert english(refused["error"]).startswith("This table is private: sit down through its invite link")
        assert not stranger.call("watch", {"code": code}, timeout=10)["ok"]
        friend = socketio.Client(reconnection=False)
        friend.connect(srv.url, transports=["websocket"], wait_timeout=10)
        assert friend.call("join", {"code": code, "name": "Bob", "invite": ack["invite"]}, timeout=10)["seat"] == 1
        for client in (host, stranger, friend):
            client.disconnect()
    finally:
        errors = srv.stop()
    assert "Traceback" not in errors, errors
