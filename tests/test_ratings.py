"""Ratings per game (webapp/ratings/): which games count, who each seat is rated as, openskill's update, the
live settling after a game, and the rebuild from the journal giving exactly the live ratings."""

from __future__ import annotations

import random
import sqlite3
import threading

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.outcome import Outcome
from engine.registry import get_game
from tests.server_helpers import Client, make_app, play_out, wait_for
from webapp import rerate
from webapp.journal import Journal
from webapp.ratings.model import MODEL, judge, rate, shown
from webapp.ratings.store import Ratings

ORIGIN = {"Origin": "http://localhost"}


def test_which_games_count_and_who_each_seat_is_rated_as():
    ann, bob = "ANN", "BOB"
    moves = [(0, ann), (1, bob), (0, ann), (1, bob)]
    assert judge(2, moves, lesson=False, deal=False).reason == "counted"
    assert judge(2, moves, lesson=True, deal=False).reason == "not_lesson"
    assert judge(2, moves, lesson=False, deal=True).reason == "not_deal"
    assert judge(2, [(0, ann), (1, ann)], lesson=False, deal=False).reason == "one_seat_each"
    assert judge(2, [(0, "bot:hard"), (1, "bot:easy")], lesson=False, deal=False).reason == "against_someone"
    against_a_bot = judge(2, [(0, ann), (1, "bot:hard")] * 3, lesson=False, deal=False)
    assert against_a_bot.counted and against_a_bot.seats == (ann, "bot:hard")
    # Bob's seat was played mostly by his stand-in: the seat is the bot's, not his
    stood = judge(2, [(0, ann), (1, bob), (0, ann), (1, "bot:normal"), (0, ann), (1, "bot:normal")], False, False)
    assert stood.counted and stood.seats == (ann, "bot:normal") and stood.stood_in == (False, True)
    # a player the server does not know is rated from the start and not kept
    assert judge(2, [(0, ann), (1, "")], False, False).seats == (ann, None)


def test_the_winner_gains_the_loser_loses_and_a_team_shares_its_result():
    new = rate({}, ("A", "B", "C"), Outcome.ranked([0, 1, 2]))
    assert new["A"][0] > MODEL.mu > new["C"][0] and all(sigma < MODEL.sigma for _, sigma in new.values())
    teams = rate({}, ("A", "B", "C", "D"), Outcome.ranked([0, 1, 0, 1], sides=((0, 2), (1, 3))))
    assert teams["A"] == teams["C"] and teams["A"][0] > MODEL.mu > teams["B"][0]
    assert shown(25.0, 25 / 3, 0) == {"rating": 1500, "band": 1000.0, "words": "provisional"}
    assert shown(28.0, 2.0, 12)["words"] == "firm" and shown(28.0, 4.0, 12)["words"] == "settling"


def test_a_finished_game_is_rated_live_and_a_seat_played_mostly_by_a_stand_in_is_not_its_players(tmp_path):
    app = make_app(tmp_path, GRACE_SECONDS=0)
    http = app.test_client()
    keys = [http.post("/api/me", json={"name": n}, headers=ORIGIN).get_json() for n in ("Ann", "Bob")]
    ann, bob = (Client(app, auth={"player": k["key"]}) for k in keys)
    code = ann.call("create", {"game": "tiny", "players": 2, "name": "Ann", "options": {"hands": 3}})["code"]
    assert bob.call("join", {"code": code, "name": "Bob"})["ok"]
    ann.call("start", {"code": code})
    bob.sio.disconnect()  # his phone went flat: a bot plays every move of his from now on
    play_out(ann, code)
    ratings: Ratings = app.extensions["ratings"].ratings
    rows = wait_for(lambda: ratings.all_rows()["ratings"], what="the game settled")
    assert {r["player"] for r in rows} == {keys[0]["id"], "bot:random"}
    assert ratings.all_rows()["games"][0]["reason"] == "counted"
    assert ratings.games_of(keys[1]["id"])[0]["reason"] == "stand_in"
    mine = ratings.of_player(keys[0]["id"])[0]
    assert mine["games"] == 1 and mine["words"] == "provisional" and len(mine["history"]) == 1
    live = ratings.all_rows()
    app.extensions["hall"].shut()
    db = sqlite3.connect(tmp_path / "tables.sqlite3")  # as if the server had died before settling the game
    db.executescript("DELETE FROM ratings; DELETE FROM rating_history; DELETE FROM rated_games;")
    db.close()
    again = make_app(tmp_path)
    assert wait_for(lambda: again.extensions["ratings"].ratings.all_rows()["ratings"]) == live["ratings"]
    again.extensions["hall"].shut()
    # the operator's command gives them again from the journal
    assert rerate.main(["--journal", str(tmp_path / "tables.sqlite3")]) == 0
    journal = Journal(str(tmp_path / "tables.sqlite3"))
    assert Ratings(journal).all_rows() == live
    journal.close()


def _finished(game_id: int, decl, seed: int) -> tuple[dict, list[tuple[int, str]]]:
    game = decl.new(decl.default_players if decl.id != "tiny" else 3, {"hands": 1}, seed)
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game.record(), list(game.log)


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_ratings_rebuilt_from_the_journal_equal_the_live_ones(tiny_game, tmp_path_factory, data):
    journal = Journal(str(tmp_path_factory.mktemp("r") / "tables.sqlite3"))
    ratings = Ratings(journal)
    decl = get_game("tiny")
    people = ["P1", "P2", "P3", "P4", "bot:easy", "bot:hard", ""]
    running: list[tuple[int, list[tuple[int, str]], dict]] = []
    for n in range(data.draw(st.integers(2, 7), label="games")):
        code = f"T{n:05d}"
        seated = data.draw(st.permutations(people), label="seats")[:3]
        journal.save_table(
            {"code": code, "game": "tiny", "players": 3, "options": {"hands": 1}, "host_seat": 0, "fixed": None},
            [
                {"seat": s, "kind": "human", "name": who or "x", "bot": "easy", "token_hash": None}
                for s, who in enumerate(seated)
            ],
        )
        record, log = _finished(n, decl, data.draw(st.integers(0, 10**6), label="seed"))
        game_id = journal.start_game(code, {**record, "actions": []}, [who or "x" for who in seated], 1)
        movers = [
            (seat, data.draw(st.sampled_from([seated[seat], seated[seat], "bot:normal"]), label="mover"))
            for seat, _ in log
        ]
        running.append((game_id, [(s, a) for s, a in log], {"movers": movers, "result": {"winners": [], "losers": []}}))
        while running and data.draw(st.booleans(), label="finish one"):
            gid, actions, extra = running.pop(data.draw(st.integers(0, len(running) - 1), label="which"))
            for i, (seat, action) in enumerate(actions):
                last = i == len(actions) - 1
                journal.add_action(gid, i, seat, action, extra["result"] if last else None, extra["movers"][i][1])
            if data.draw(st.booleans(), label="settle now"):
                ratings.settle()
    ratings.settle()
    live = ratings.all_rows()
    ratings.rebuild()
    assert ratings.all_rows() == live
    journal.close()


def test_two_settlers_of_one_journal_take_turns(tiny_game, tmp_path):
    """The server's settler and one asked for directly (a test, ``rerate``'s check) settle at once: each finished
    game is rated once, and neither fails on the other's rows (two inserted the same game's verdict)."""
    journal = Journal(str(tmp_path / "tables.sqlite3"))
    decl = get_game("tiny")
    for n in range(30):
        code = f"S{n:05d}"
        journal.save_table(
            {"code": code, "game": "tiny", "players": 3, "options": {"hands": 1}, "host_seat": 0, "fixed": None},
            [{"seat": s, "kind": "human", "name": f"P{s}", "bot": "easy", "token_hash": None} for s in range(3)],
        )
        record, log = _finished(n, decl, n)
        game_id = journal.start_game(code, {**record, "actions": []}, ["P0", "P1", "P2"], 1)
        for i, (seat, action) in enumerate(log):
            result = {"winners": [], "losers": []} if i == len(log) - 1 else None
            journal.add_action(game_id, i, seat, action, result, f"P{seat}")
    start, failures, settled = threading.Barrier(2), [], []

    def settle() -> None:
        start.wait()
        try:
            settled.append(Ratings(journal).settle())
        except Exception as exc:
            failures.append(exc)

    threads = [threading.Thread(target=settle) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert sum(settled) == 30
    assert journal.store.read("SELECT COUNT(*) AS n FROM rated_games")[0]["n"] == 30
    journal.close()
