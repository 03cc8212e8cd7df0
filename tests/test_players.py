"""Players without a password (webapp/players.py): the first visit makes one, seats remember him, his tables under
way follow him to another device by a short link (once, for a few minutes) or a recovery code, a new name keeps his
history, and deleting him leaves his games under "a former player"."""

from __future__ import annotations

import sqlite3
import time

from tests.server_helpers import Client, make_app, play_out

ORIGIN = {"Origin": "http://localhost"}


def post(http, path: str, key: str = "", **body):
    return http.post(path, json=body, headers={**ORIGIN, "X-Player-Key": key})


def make_player(http, name: str) -> dict:
    answer = post(http, "/api/me", name=name)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def test_a_first_visit_makes_a_player_whose_seats_and_tables_follow_him_to_another_device(app):
    http = app.test_client()
    ann = make_player(http, "Ann")
    assert set(ann) == {"id", "name", "key", "recovery"} and ann["name"] == "Ann"
    db = sqlite3.connect(app.config["JOURNAL_PATH"])
    stored = db.execute("SELECT key_hash FROM player_keys").fetchall()
    assert stored and ann["key"] not in str(stored)  # only the key's hash is kept
    laptop = Client(app, auth={"player": ann["key"]})
    ack = laptop.call("create", {"game": "tiny", "players": 2, "name": "Ann"})
    code = ack["code"]
    assert db.execute("SELECT player FROM seats WHERE code = ? AND seat = 0", (code,)).fetchone()[0] == ann["id"]
    mine = post(http, "/api/me/whoami", ann["key"]).get_json()
    assert mine["tables"] == [{"code": code, "game": "tiny", "seat": 0, "state": "waiting"}]

    link = post(http, "/api/me/link", ann["key"]).get_json()
    assert link["url"].endswith(f"/me/{link['code']}") and link["expires"] - time.time() <= 300
    assert http.get(f"/me/{link['code']}/qr.svg").mimetype == "image/svg+xml"
    phone = post(http, "/api/me/redeem", code=link["code"].lower()).get_json()
    assert phone["id"] == ann["id"] and phone["key"] != ann["key"]
    assert post(http, "/api/me/redeem", code=link["code"]).status_code == 404  # once only
    # the phone holds no seat token, yet sits in Ann's seat: her player sits there
    tab = Client(app, auth={"player": phone["key"]})
    assert tab.call("resume", {"code": code}) == {"ok": True, "code": code, "seat": 0, "stood_in": False}
    stranger = Client(app, auth={"player": make_player(http, "Eve")["key"]})
    assert not stranger.call("resume", {"code": code})["ok"]


def test_a_link_expires_and_a_recovery_code_brings_the_player_back(app):
    players = app.extensions["hall"].players
    ann = players.create("Ann")
    old = players.link(ann["id"], now=time.time() - 301)
    assert players.redeem(old["code"]) is None
    back = players.recover(ann["recovery"].lower().replace("-", " "))
    assert back is not None and back["id"] == ann["id"]
    fresh = players.new_recovery(ann["id"])
    assert players.recover(ann["recovery"]) is None and players.recover(fresh)["id"] == ann["id"]


def test_a_new_name_keeps_the_history_and_deleting_leaves_the_games_under_a_former_player(app):
    http = app.test_client()
    ann = make_player(http, "Ann")
    client = Client(app, auth={"player": ann["key"]})
    code = client.call("create", {"game": "tiny", "players": 2, "name": "Ann"})["code"]
    client.call("set_seat", {"code": code, "seat": 1, "kind": "bot"})
    client.call("start", {"code": code})
    play_out(client, code)
    assert post(http, "/api/me/name", ann["key"], name="  Anna  ").get_json() == {"id": ann["id"], "name": "Anna"}
    assert http.get(f"/api/players/{ann['id']}").get_json()["name"] == "Anna"
    assert post(http, "/api/me/name", ann["key"], name="").status_code == 400
    assert http.get("/api/history").get_json()[0]["names"] == ["Ann", "Bot 2"]
    assert post(http, "/api/me/delete", ann["key"]).status_code == 200
    assert http.get("/api/history").get_json()[0]["names"] == ["", "Bot 2"]
    assert http.get(f"/api/players/{ann['id']}").status_code == 404
    assert http.get(f"/p/{ann['id']}").status_code == 404
    assert post(http, "/api/me/whoami", ann["key"]).status_code == 401
    assert post(http, "/api/me/recover", recovery=ann["recovery"]).status_code != 200


def test_pages_of_players_and_links_are_served(app):
    http = app.test_client()
    ann = make_player(http, "Ann")
    assert http.get("/me").status_code == 200
    assert http.get(f"/p/{ann['id']}").status_code == 200
    assert http.get("/me/ABCDEFGH").status_code == 200
    assert http.get("/me/AB").status_code == 404


def test_a_journal_of_the_schema_before_the_players_gets_their_tables(tmp_path):
    first = make_app(tmp_path)
    first.extensions["hall"].shut()
    db = sqlite3.connect(tmp_path / "tables.sqlite3")
    db.executescript(
        "DROP TABLE players; DROP TABLE player_keys; DROP TABLE player_links; DROP INDEX seats_by_player;"
        " DROP TABLE ratings; DROP TABLE rated_games; DROP TABLE rating_history; DROP INDEX actions_by_player;"
        " ALTER TABLE seats DROP COLUMN player; ALTER TABLE actions DROP COLUMN player;"
        " ALTER TABLE tables DROP COLUMN epoch; PRAGMA user_version = 3;"
    )
    db.close()
    again = make_app(tmp_path)
    assert again.extensions["hall"].players.create("Ann")["name"] == "Ann"
    again.extensions["hall"].shut()


def test_codes_are_not_to_be_guessed_from_another_machine(app):
    http = app.test_client()
    http.environ_base["REMOTE_ADDR"] = "192.168.1.20"
    answers = [post(http, "/api/me/redeem", code=f"AAAA{n:04d}").status_code for n in range(11)]
    assert answers == [404] * 10 + [429]
    assert post(http, "/api/me/redeem", code="AAAAAAAA").get_json()["error"]["key"] == "server.player.too_many"
