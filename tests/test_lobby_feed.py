"""The lobby's live list (webapp/lobby_feed.py): a lobby page is sent the open tables as they change, without asking;
other pages are not. (Several workers carry it through Redis: tests/test_cluster.py.)"""

from __future__ import annotations

import time

import pytest
from flask_socketio import SocketIOTestClient

from tests.server_helpers import Client, create

pytestmark = pytest.mark.usefixtures("tiny_game")


def pushed(client: SocketIOTestClient, seconds: float = 3.0) -> list[set[str]]:
    """The codes of each ``lobby`` event ``client`` received within ``seconds``."""
    deadline, out = time.monotonic() + seconds, []
    while time.monotonic() < deadline and not out:
        time.sleep(0.1)
        out += [{t["code"] for t in e["args"][0]} for e in client.get_received() if e["name"] == "lobby"]
    return out


def test_a_lobby_page_is_sent_a_new_table_and_a_table_page_is_not(app):
    socketio = app.extensions["socketio"]
    lobby = SocketIOTestClient(app, socketio, query_string="lobby=1")
    other = SocketIOTestClient(app, socketio)
    lobby.get_received()
    code = create(Client(app))["code"]
    lists = pushed(lobby)
    assert lists and code in lists[-1], "the lobby page is told of the new table"
    assert all(e["name"] != "lobby" for e in other.get_received()), "a page that is not the lobby is not"
    lobby.disconnect()
    other.disconnect()


def test_an_unchanged_list_is_pushed_again_after_a_while_so_a_lost_push_is_repaired():
    """A push the message queue lost (Redis coming back) reaches the lobby pages at the next refresh, not only at
    the next change; in between an unchanged list is not sent again."""
    from webapp.lobby_feed import REFRESH_SECONDS, LobbyFeed

    sent: list[list[str]] = []
    clock = [100.0]
    feed = LobbyFeed(lambda _event, tables, to: sent.append([t["code"] for t in tables]), now=lambda: clock[0])
    own = [{"code": "ABC", "state": "waiting"}]
    assert feed.push(own) and sent == [["ABC"]]
    clock[0] += REFRESH_SECONDS / 2
    assert not feed.push(list(own)) and len(sent) == 1
    clock[0] += REFRESH_SECONDS / 2
    assert feed.push(list(own)) and sent == [["ABC"], ["ABC"]]
    assert feed.push([*own, {"code": "DEF", "state": "playing"}]) and sent[-1] == ["ABC", "DEF"]
