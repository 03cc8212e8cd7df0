"""Ratings with several workers sharing a PostgreSQL journal (docs/deploy.md): workers that settle at the same time
take turns, so no rating is read by one while another writes it, and the result is what one worker alone gives.
Needs PostgreSQL's programs (skipped without them, as tests/test_journal_postgres.py)."""

from __future__ import annotations

import threading

from tests.server_helpers import TINY
from tests.test_journal_postgres import pytestmark, server, url  # noqa: F401  (the PostgreSQL fixtures)
from webapp.journal import Journal
from webapp.ratings.store import Ratings


def finish_games(journal: Journal, count: int) -> None:
    """``count`` finished 3-player games of the tiny game between the same three players."""
    for n in range(count):
        code = f"PG{n:04d}"
        journal.save_table(
            {"code": code, "game": "tiny", "players": 3, "options": {"hands": 1}, "host_seat": 0, "fixed": None},
            [{"seat": s, "kind": "human", "name": f"P{s}", "bot": "random", "token_hash": None} for s in range(3)],
        )
        game = TINY.new(3, {"hands": 1}, n)
        while not game.is_over:
            seat = game.to_act()[0]
            game.apply(seat, game.legal_actions(seat)[n % len(game.legal_actions(seat))])
        game_id = journal.start_game(code, {**game.record(), "actions": []}, ["P0", "P1", "P2"], 1)
        for i, (seat, action) in enumerate(game.log):
            last = i == len(game.log) - 1
            journal.add_action(game_id, i, seat, action, game.result() if last else None, f"P{(seat + n) % 3}")


def test_workers_settling_at_once_take_turns_and_agree_with_one_alone(url, tiny_game):  # noqa: F811
    first, second = Journal(url=url, connections=2), Journal(url=url, connections=2)
    try:
        finish_games(first, 12)
        start, failures = threading.Barrier(2), []

        def settle(journal: Journal) -> None:
            start.wait()
            try:
                for _ in range(3):
                    Ratings(journal).settle()
            except Exception as exc:  # two workers settling one game: its row is written twice
                failures.append(exc)

        workers = [threading.Thread(target=settle, args=(j,)) for j in (first, second)]
        for w in workers:
            w.start()
        for w in workers:
            w.join(60)
        assert not failures, failures
        live = Ratings(first).all_rows()
        assert len(live["games"]) == 12 and {r["games"] for r in live["ratings"]} == {12}
        Ratings(second).rebuild()
        assert Ratings(first).all_rows() == live
    finally:
        first.close()
        second.close()
