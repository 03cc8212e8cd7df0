"""Several workers: a page hears from its live worker at least every few seconds, so that one hearing nothing knows
its worker froze (static/js/connection.js asks the directory again). A table whose connections were sent nothing
for ``quiet`` seconds is sent a ``beat``; one in play, none (its moves say as much)."""

from __future__ import annotations

import time

import pytest

from tests.server_helpers import Client, two_players

pytestmark = pytest.mark.usefixtures("tiny_game")


def beats(client: Client) -> list[dict]:
    return client.events("beat")


def test_a_quiet_tables_players_are_sent_a_beat_and_a_busy_ones_are_not(app):
    hall = app.extensions["hall"]
    ann, bob, code = two_players(app)
    hall.reassure(2.0)  # the table was just started: its players have just been sent the deal
    assert beats(ann) == [] and beats(bob) == []

    table = hall.tables[code]
    hall.feeds.reassure(table, 2.0, time.monotonic() + 2.5)  # nobody has moved for 2.5 s
    assert beats(ann) == [{"code": code}] and beats(bob) == [{"code": code}]
    hall.feeds.reassure(table, 2.0, time.monotonic() + 3.0)  # half a second after the beat: nothing yet
    assert len(beats(ann)) == 1

    mover = ann if ann.snap()["legal"] else bob
    snap = mover.snap()
    assert mover.call("act", {"code": code, "action": snap["legal"][0], "version": snap["version"]})["ok"]
    hall.feeds.reassure(table, 2.0, time.monotonic() + 1.0)  # a move a second ago
    assert len(beats(ann)) == 1 and len(beats(bob)) == 1


def test_one_server_gives_its_pages_no_silence_to_watch_for(app):
    assert app.test_client().get("/api/where/ABCD").get_json() == {"path": "/socket.io/"}  # one server: never
