"""The PostgreSQL journal (several workers, docs/deploy.md) against the SQLite one: the same operations read back
the same, its schema is versioned by the same migrations, and a worker may not write to a table another worker
has taken over. Needs PostgreSQL's programs (skipped, saying so, without them: ./test.sh installs them as root)."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.stack import Stack, postgres_bin
from webapp.journal import Journal, JournalError
from webapp.journal.errors import TableMoved
from webapp.journal.schema import MIGRATIONS

pytestmark = pytest.mark.skipif(
    not (postgres_bin("initdb") and postgres_bin("postgres")),
    reason="PostgreSQL not installed: ./test.sh installs postgresql from Debian when it runs as root",
)

names = (f"j{n}" for n in itertools.count())


@pytest.fixture(scope="module")
def server() -> Iterator[Stack]:
    stack = Stack(0, fsync=False)
    try:
        stack.start_postgres()
        yield stack
    finally:
        stack.stop()


@pytest.fixture
def url(server: Stack) -> str:
    """A fresh database of the server."""
    import psycopg

    name = next(names)
    with psycopg.connect(server.database_url, autocommit=True) as db:
        db.execute(f"CREATE DATABASE {name}")
    return server.database_url.rsplit("/", 1)[0] + f"/{name}"


def play(journal: Journal, code: str = "ABCDEF") -> dict:
    """A table, its seats, a game of three moves that ends it, a deal, and everything read back."""
    table = {"code": code, "game": "tiny", "players": 2, "options": {"x": 1}, "host_seat": 0, "fixed": None}
    seats = [
        {"seat": 0, "kind": "human", "name": "Ann", "bot": None, "token_hash": "h0"},
        {"seat": 1, "kind": "bot", "name": "Bot 2", "bot": "random", "token_hash": None},
    ]
    journal.save_table(table, seats)
    game = journal.start_game(
        code, {"game": "tiny", "players": 2, "options": {}, "seed": 7, "actions": []}, ["Ann", "Bot 2"], 3
    )
    journal.add_action(game, 0, 0, "play 1")
    journal.add_action(game, 1, 1, "play 2")
    during = (journal.table_index(), journal.open_table(code))
    journal.add_action(game, 2, 0, "play 3", result={"winner": 0})
    journal.save_deals([("K7QM-3XPA", {"deal": [1, 2]}), ("K7QM-3XPA", {"deal": [1, 2]})])
    history = [{k: v for k, v in h.items() if k not in ("started", "finished")} for h in journal.history()]
    return {
        "during": during,
        "index": journal.table_index(finished_since=time.time() - 60),
        "history": history,
        "replay": journal.finished_record(game),
        "deal": journal.deal("K7QM-3XPA"),
        "table": journal.open_table(code),
    }


def test_postgres_reads_back_what_sqlite_does(url: str, tmp_path: Path):
    sqlite, postgres = Journal(str(tmp_path / "tables.sqlite3")), Journal(url=url)
    assert play(postgres) == play(sqlite)
    for journal in (sqlite, postgres):
        journal.park_table("ABCDEF")
        assert journal.table_index() == {}
        assert journal.parked_table("ABCDEF", time.time() - 60) is not None
        assert journal.archive_parked(time.time() + 1) == 1
        assert not journal.is_open("ABCDEF")
        journal.close()


def test_the_schema_is_versioned_by_the_same_migrations(url: str):
    import psycopg

    Journal(url=url).close()
    Journal(url=url).close()  # a second start changes nothing
    with psycopg.connect(url, autocommit=True) as db:
        assert db.execute("SELECT version FROM journal_version").fetchall() == [(len(MIGRATIONS),)]
        columns = {
            r[0] for r in db.execute("SELECT column_name FROM information_schema.columns WHERE table_name = 'tables'")
        }
        assert {"parked", "worker", "epoch"} <= columns
        db.execute("UPDATE journal_version SET version = %s", (len(MIGRATIONS) + 1,))
    with pytest.raises(JournalError, match="newer than this server's"):
        Journal(url=url)


def test_a_worker_writes_nothing_to_a_table_once_another_claimed_it(url: str):
    first, second = Journal(url=url, worker="127.0.0.1:5001"), Journal(url=url, worker="127.0.0.1:5002")
    table = {"code": "QWERTY", "game": "tiny", "players": 2, "options": {}, "host_seat": 0}
    seat = {"seat": 0, "kind": "human", "name": "Ann", "token_hash": "a"}
    assert first.claim("QWERTY") == 1
    first.save_table(table, [seat])
    game = first.start_game("QWERTY", {"game": "tiny", "actions": []}, ["Ann", "Bob"], 0)
    first.add_action(game, 0, 0, "play 1")
    assert second.claim("QWERTY") == 2  # the first worker's lease expired (it hung): the second took the table
    second.open_table("QWERTY")
    with pytest.raises(TableMoved):
        first.add_action(game, 1, 1, "play 2")
    with pytest.raises(TableMoved):
        first.start_game("QWERTY", {"game": "tiny", "actions": []}, ["Ann", "Bob"], 5)
    with pytest.raises(TableMoved):  # a seat taken at the stale copy: the one taken at the holder's stays
        first.save_table(table, [seat, {"seat": 1, "kind": "human", "name": "Eve", "token_hash": "e"}])
    with pytest.raises(TableMoved):
        first.add_actions(game, [(1, "play 3", None)])
    first.park_table("QWERTY")
    first.close_table("QWERTY")
    second.save_table(table, [seat, {"seat": 1, "kind": "human", "name": "Bob", "token_hash": "b"}])
    second.add_action(game, 1, 1, "play 9")
    back = second.open_table("QWERTY")
    assert back["current"]["record"]["actions"] == [[0, "play 1"], [1, "play 9"]]
    assert [s["name"] for s in back["seats"]] == ["Ann", "Bob"]
    assert first.epoch("QWERTY") == 1 and second.epoch("QWERTY") == 2


def test_an_unreachable_database_stops_the_start_with_one_line(server: Stack):
    with pytest.raises(JournalError, match="cannot be used.*check DATABASE_URL") as caught:
        Journal(url=server.database_url.rsplit("/", 1)[0] + "/nothere")
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("ending", ["restart", "terminate"])
def test_a_connection_postgresql_ended_a_moment_ago_fails_no_write(server: Stack, url: str, ending: str):
    """PostgreSQL restarted (or the journal's sessions terminated) right after moves were written, every connection
    of the journal's pool used within the second before: the next move is written and read back, not refused on a
    connection PostgreSQL had closed."""
    import psycopg

    journal = Journal(url=url, worker="127.0.0.1:5001", connections=2)
    try:
        journal.claim("RESTRT")
        journal.save_table({"code": "RESTRT", "game": "tiny", "players": 2, "options": {}, "host_seat": 0}, [])
        game = journal.start_game("RESTRT", {"game": "tiny", "actions": []}, ["Ann", "Bob"], 0)
        for n in range(4):
            journal.add_action(game, n, n % 2, f"play {n}")
        if ending == "restart":
            server.down("postgres")
            server.up("postgres")
        else:
            others = "FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
            with psycopg.connect(url, autocommit=True) as db:
                db.execute(f"SELECT pg_terminate_backend(pid) {others}")
                deadline = time.monotonic() + 10
                while db.execute(f"SELECT count(*) {others}").fetchone()[0] and time.monotonic() < deadline:
                    time.sleep(0.01)  # until the sessions are ended, not only told to end
        journal.add_action(game, 4, 0, "play 4")
        record = journal.open_table("RESTRT")["current"]["record"]
        assert record["actions"][-1] == [0, "play 4"]
    finally:
        journal.close()


def test_after_postgresql_restarted_while_idle_the_first_request_is_served_at_once(server: Stack, url: str):
    """Found following docs/deploy.md: after PostgreSQL restarted while a worker was idle, every connection of its
    pool was dead, and the pool paused after each one it found dead, twice as long each time (1 + 2 + 4 s with the
    default four: a player's first move timed out on his page); with eight, the first request waited out the pool's
    15 s and was refused although PostgreSQL was back."""
    journal = Journal(url=url, worker="w1", connections=8)
    try:
        assert journal.claim("ABCDEF") == 1
        server.down("postgres")
        server.up("postgres")
        assert journal.is_open("ABCDEF") is False, "answered once PostgreSQL is back"
    finally:
        journal.close()
