"""Standings, head-to-head and a player's page as the read API gives them (docs/protocol.md), kept across a restart,
and hiding from the standings."""

from __future__ import annotations

from tests.server_helpers import Client, make_app, wait_for

ORIGIN = {"Origin": "http://localhost"}


def play_game(ann: Client, bob: Client, code: str) -> None:
    """Ann and Bob and a bot play a game of the tiny game to its end, each taking his first legal move."""
    clients = [ann, bob]
    while ann.snap()["state"] != "over":
        mover = wait_for(
            lambda: next((c for c in clients if c.snap()["legal"]), None) or ann.snap()["state"] == "over",
            what="a move",
        )
        if mover is True:
            break
        snap = mover.snap()
        mover.call("act", {"code": code, "action": snap["legal"][0], "version": snap["version"]})


def test_standings_head_to_head_and_a_players_page_after_three_games_and_a_restart(tmp_path):
    app = make_app(tmp_path)
    http = app.test_client()
    made = {n: http.post("/api/me", json={"name": n}, headers=ORIGIN).get_json() for n in ("Ann", "Bob")}
    ann, bob = (Client(app, auth={"player": made[n]["key"]}) for n in ("Ann", "Bob"))
    code = ann.call("create", {"game": "tiny", "players": 3, "name": "Ann", "options": {"hands": 1}})["code"]
    bob.call("join", {"code": code, "name": "Bob"})
    ann.call("set_seat", {"code": code, "seat": 2, "kind": "bot"})
    ann.call("start", {"code": code})
    for n in range(3):
        play_game(ann, bob, code)
        wait_for(lambda n=n: len(app.extensions["ratings"].ratings.all_rows()["games"]) == n + 1, what="settled")
        if n < 2:
            assert ann.call("again", {"code": code})["ok"]
    app.extensions["hall"].shut()

    app = make_app(tmp_path)  # everything below is read after a restart
    http = app.test_client()
    table = http.get("/api/standings/tiny").get_json()
    assert table["min"] == 3 and not table["tonight"]
    listed = {row["player"]: row for row in table["players"]}
    assert set(listed) == {made["Ann"]["id"], made["Bob"]["id"], "bot:random"}
    assert listed[made["Ann"]["id"]]["name"] == "Ann" and listed["bot:random"]["name"] is None
    assert all(row["games"] == 3 and row["words"] == "provisional" for row in listed.values())
    ratings = [row["rating"] for row in table["players"]]
    assert ratings == sorted(ratings, reverse=True)
    tonight = http.get("/api/standings/tiny?tonight=1&min=1").get_json()
    assert {row["player"] for row in tonight["players"]} == set(listed)
    assert sum(row["wins"] for row in tonight["players"]) >= 3
    assert any(row["change"] for row in tonight["players"])
    assert http.get("/api/standings/tiny?min=4").get_json()["players"] == []
    vs = http.get(f"/api/standings/tiny/vs?a={made['Ann']['id']}&b={made['Bob']['id']}").get_json()
    assert vs["games"] == 3 and vs["a_ahead"] + vs["b_ahead"] + vs["level"] == 3

    page = http.get(f"/api/players/{made['Ann']['id']}").get_json()
    assert page["name"] == "Ann" and "stand_in" in page["rules"]
    (rating,) = page["ratings"]
    assert rating["game"] == "tiny" and rating["games"] == 3 and len(rating["history"]) == 3
    assert rating["rating"] == listed[made["Ann"]["id"]]["rating"]
    assert len(page["games"]) == 3 and all(g["place"] in (1, 2, 3) and g["seat"] == 0 for g in page["games"])
    assert http.get(f"/replay/{page['games'][0]['id']}").status_code == 200

    bob_key = {"Origin": "http://localhost", "X-Player-Key": made["Bob"]["key"]}
    assert http.post("/api/me/hide", json={"hidden": True}, headers=bob_key).get_json()["hidden"] is True
    assert made["Bob"]["id"] not in {row["player"] for row in http.get("/api/standings/tiny").get_json()["players"]}
    assert http.get(f"/api/players/{made['Bob']['id']}").get_json()["hidden"] is True
    assert http.get("/api/standings/nope").status_code == 404
    assert http.get("/standings").status_code == 200
    app.extensions["hall"].shut()
