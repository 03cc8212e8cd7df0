"""An event the app runs (webapp/events/service.py): players join as their player, each round's tables are opened,
seated and started by the app, every player finds his seat by coming to the table, results flow back into the
standings, the director pauses, drops and replaces, the standings export as CSV, and a restart in the middle of a
round loses nothing."""

from __future__ import annotations

import csv
import io

from tests.server_helpers import Client, make_app, play_out, wait_for
from tests.test_players import make_player, post


def director_op(http, key: str, event_id: str, op: str, **extra):
    return post(http, f"/api/events/{event_id}/director", key, op=op, **extra)


def make_event(http, host: dict, **spec) -> str:
    answer = post(http, "/api/events", host["key"], **{"game": "tiny", "players": 2, "rounds": 3, **spec})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()["id"]


def state(http, event_id: str) -> dict:
    answer = http.get(f"/api/events/{event_id}")
    assert answer.status_code == 200
    return answer.get_json()


def finish_round_by_bots(app, http, host: dict, event_id: str) -> dict:
    """Every seated player of the round under way is replaced by a bot, which plays his table to its end."""
    now = state(http, event_id)
    for table in now["tables"]:
        for player in [] if table["result"] else table["seats"]:
            if player["player"]:
                assert director_op(http, host["key"], event_id, "replace", player=player["player"]).status_code == 200
    return wait_for(lambda: (s := state(http, event_id))["round_over"] and s, timeout=20, what="the round's end")


def test_a_swiss_event_of_five_seats_its_rounds_and_keeps_standings_without_a_repeat_pairing(app):
    http = app.test_client()
    people = [make_player(http, name) for name in ("Ann", "Bob", "Cid", "Dan", "Eve")]
    host = people[0]
    event_id = make_event(http, host)
    for p in people:
        assert post(http, f"/api/events/{event_id}/join", p["key"]).status_code == 200
    assert director_op(http, people[1]["key"], event_id, "start").status_code == 400  # only the director
    limit, app.extensions["hall"].config["MAX_TABLES"] = app.extensions["hall"].config["MAX_TABLES"], 2
    full = director_op(http, host["key"], event_id, "start")  # three tables do not fit: none is opened
    assert full.status_code == 400 and not app.extensions["hall"].tables and state(http, event_id)["round"] == 0
    app.extensions["hall"].config["MAX_TABLES"] = limit
    assert director_op(http, host["key"], event_id, "start").status_code == 200
    first = state(http, event_id)
    assert first["round"] == 1 and len(first["tables"]) == 3
    seated = [s["player"] for t in first["tables"] for s in t["seats"] if s["player"]]
    assert sorted(seated) == sorted(p["id"] for p in people)  # everybody once, a bot with the fifth
    assert sum(1 for t in first["tables"] for s in t["seats"] if s["kind"] == "bot") == 1

    # Ann's phone comes to her table without a seat token: her player finds her seat, and she plays it out
    ann_table = next(t for t in first["tables"] if any(s["player"] == host["id"] for s in t["seats"]))
    phone = Client(app, auth={"player": host["key"]})
    answer = phone.call("resume", {"code": ann_table["code"]})
    assert answer["ok"] and ann_table["seats"][answer["seat"]]["player"] == host["id"]
    for other in ann_table["seats"]:
        if other["player"] not in (None, host["id"]):  # her opponent's phone is not here: the director sends a bot
            assert director_op(http, host["key"], event_id, "replace", player=other["player"]).status_code == 200
    play_out(phone, ann_table["code"])
    wait_for(lambda: next(t for t in state(http, event_id)["tables"] if t["code"] == ann_table["code"])["result"])
    assert director_op(http, host["key"], event_id, "start").status_code == 400  # the round is not over
    late = make_player(http, "Fay")  # a late player joins in the middle of round one: he plays from round two
    assert post(http, f"/api/events/{event_id}/join", late["key"]).status_code == 200
    done = finish_round_by_bots(app, http, host, event_id)
    assert sum(r["score"] for r in done["standings"]) == 2  # two tables of two players, one point each
    assert director_op(http, host["key"], event_id, "start").status_code == 200
    second = state(http, event_id)
    assert late["id"] in {s["player"] for t in second["tables"] for s in t["seats"]}
    assert len(second["tables"]) == 3 and not any(s["kind"] == "bot" for t in second["tables"] for s in t["seats"])
    pairs = lambda tables: {frozenset(s["player"] for s in t["seats"]) for t in tables}  # noqa: E731
    assert not pairs(first["tables"]) & pairs(second["tables"])  # nobody meets the same opponent again
    # the winners of round one meet each other (Swiss)
    winners = {r["entrant"] for r in done["standings"] if r["score"] == 1}
    assert any(frozenset(winners) == p for p in pairs(second["tables"])) or len(winners) != 2

    table = csv.reader(io.StringIO(http.get(f"/api/events/{event_id}/standings.csv").get_data(as_text=True)))
    rows = list(table)
    assert rows[0][:4] == ["place", "name", "score", "buchholz"] and len(rows) == 7
    assert {r[1] for r in rows[1:]} == {"Ann", "Bob", "Cid", "Dan", "Eve", "Fay"}


def test_a_restart_in_the_middle_of_a_round_loses_nothing(tmp_path, tiny_game):
    app = make_app(tmp_path)
    http = app.test_client()
    people = [make_player(http, name) for name in ("Ann", "Bob", "Cid")]
    host = people[0]
    event_id = make_event(http, host, rounds=2)
    for p in people:
        post(http, f"/api/events/{event_id}/join", p["key"])
    director_op(http, host["key"], event_id, "start")
    director_op(http, host["key"], event_id, "drop", player=people[2]["id"])
    before = state(http, event_id)
    app.extensions["hall"].shut()

    again = make_app(tmp_path)
    try:
        http = again.test_client()
        after = state(http, event_id)
        assert after["round"] == 1 and [t["code"] for t in after["tables"]] == [t["code"] for t in before["tables"]]
        assert [e["name"] for e in after["entrants"]] == ["Ann", "Bob"]  # Cid stays dropped
        done = finish_round_by_bots(again, http, host, event_id)
        assert all(t["result"] for t in done["tables"])
        assert director_op(http, host["key"], event_id, "start").status_code == 200
        second = state(http, event_id)
        assert {s["player"] for t in second["tables"] for s in t["seats"]} == {host["id"], people[1]["id"]}
        # every game of the event is kept and replayable
        game_id = done["tables"][0]["game_id"]
        assert http.get(f"/replay/{game_id}").status_code == 200
    finally:
        again.extensions["hall"].shut()


def test_a_paused_event_starts_no_round_and_its_bots_wait(app):
    http = app.test_client()
    host, bob = make_player(http, "Ann"), make_player(http, "Bob")
    event_id = make_event(http, host)
    for p in (host, bob):
        post(http, f"/api/events/{event_id}/join", p["key"])
    assert director_op(http, host["key"], event_id, "pause").status_code == 200
    refused = director_op(http, host["key"], event_id, "start")
    assert refused.status_code == 400 and refused.get_json()["error"]["key"] == "server.event.paused"
    director_op(http, host["key"], event_id, "resume")
    director_op(http, host["key"], event_id, "start")
    director_op(http, host["key"], event_id, "pause")
    code = state(http, event_id)["tables"][0]["code"]
    for p in (host, bob):
        director_op(http, host["key"], event_id, "replace", player=p["id"])
    table = app.extensions["hall"].tables[code]
    version = table.version
    import time

    time.sleep(0.3)
    assert table.version == version  # nobody plays while the event is paused
    director_op(http, host["key"], event_id, "resume")
    wait_for(lambda: state(http, event_id)["round_over"], timeout=20)


def test_a_duplicate_blot_event_deals_every_table_the_same_cards_and_keeps_fixed_teams_opposite(app):
    http = app.test_client()
    people = [make_player(http, name) for name in ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal")]
    host = people[0]
    spec = {"game": "blot", "players": 4, "rounds": 1, "partners": "fixed", "duplicate": True, "level": "easy"}
    event_id = make_event(http, host, options={"target": 1}, **spec)
    for p in people:
        post(http, f"/api/events/{event_id}/join", p["key"])
    assert director_op(http, host["key"], event_id, "start").status_code == 200
    now = state(http, event_id)
    assert len(now["tables"]) == 2 and sorted(now["teams"]) == ["T1", "T2", "T3", "T4"]
    ids = {p["id"]: p["name"] for p in people}
    for table in now["tables"]:
        names = [ids[s["player"]] for s in table["seats"]]
        teams = {tuple(sorted(m)) for m in now["teams"].values()}
        assert tuple(sorted((names[0], names[2]))) in teams and tuple(sorted((names[1], names[3]))) in teams
    done = finish_round_by_bots(app, http, host, event_id)
    codes = [t["deal_codes"][0]["code"] for t in done["tables"]]
    assert codes[0] == codes[1]  # both tables played the same first deal
    board = done["board"]
    assert board and board[0]["code"] == codes[0] and len(board[0]["tables"]) == 2
    # each deal both tables played is scored line against line: the two tables share one matchpoint per line
    # (a deal one table passed out and redealt is compared nowhere)
    lines = 0
    for deal in board:
        if len(deal["tables"]) == 2:
            first, second = (entry["matchpoints"] for entry in deal["tables"])
            for a, b in zip(first[2:], second[2:], strict=True):
                assert (a, b) == (None, None) or a + b == 1.0
                lines += a is not None
    assert lines
    # the standings are by team, first by those matchpoints
    rows = done["standings"]
    assert {r["entrant"] for r in rows} == {"T1", "T2", "T3", "T4"}
    assert sorted(r["score"] for r in rows) == [0, 0, 1, 1]
    assert sum(r["matchpoints"] for r in rows) == lines
    assert [r["matchpoints"] for r in rows] == sorted((r["matchpoints"] for r in rows), reverse=True)
    sheet = list(csv.reader(io.StringIO(http.get(f"/api/events/{event_id}/standings.csv").get_data(as_text=True))))
    assert sheet[0][:3] == ["place", "name", "matchpoints"] and float(sheet[1][2]) == rows[0]["matchpoints"]


def test_only_the_big_screens_watching_frame_may_be_framed_and_only_by_this_server(app):
    http = app.test_client()
    host = make_player(http, "Ann")
    event_id = make_event(http, host)
    post(http, f"/api/events/{event_id}/join", host["key"])
    director_op(http, host["key"], event_id, "start")
    code = state(http, event_id)["tables"][0]["code"]
    framed = http.get(f"/t/{code}?screen=1")
    assert "frame-ancestors 'self'" in framed.headers["Content-Security-Policy"]
    assert framed.headers["X-Frame-Options"] == "SAMEORIGIN"
    for page in (f"/t/{code}", f"/t/{code}?screen=10", f"/e/{event_id}/screen"):
        answer = http.get(page)
        assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"], page
        assert answer.headers["X-Frame-Options"] == "DENY"
    screen = http.get(f"/e/{event_id}/screen").get_data(as_text=True)
    assert f"/e/{event_id}/qr.svg" in screen and http.get(f"/e/{event_id}/qr.svg").mimetype == "image/svg+xml"
    assert http.get("/e/ZZZZZZ").status_code == 404 and http.get("/api/events/ZZZZZZ").status_code == 404


def test_a_round_of_a_fixed_number_of_deals_ends_after_them_and_ranks_by_the_games_points(app):
    http = app.test_client()
    people = [make_player(http, name) for name in ("Ann", "Bob", "Cid", "Dan")]
    host = people[0]
    event_id = make_event(http, host, game="bank", players=2, rounds=2, deals=1, level="easy")
    for p in people:
        post(http, f"/api/events/{event_id}/join", p["key"])
    director_op(http, host["key"], event_id, "start")
    done = finish_round_by_bots(app, http, host, event_id)
    hall = app.extensions["hall"]
    for table in done["tables"]:
        assert len(table["deal_codes"]) == 1 and hall.tables[table["code"]].state == "playing"  # stopped after a deal
        assert table["to_act"] == []  # nobody is shown "to play" at a table whose round is over
        totals = [float(x.replace("−", "-")) for x in table["sheet"]["totals"][1:]]
        assert table["result"]["scores"] == totals
    rows = done["standings"]
    assert [r["points"] for r in rows] == sorted((r["points"] for r in rows), reverse=True)  # by the game's points
    assert sum(r["score"] for r in rows) == 2  # each table's better scorer takes the round's point
