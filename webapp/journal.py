"""The journal: every table, seat and applied action in SQLite (WAL), so a restarted server replays its tables.

Each action is written (and committed) before the move is acknowledged. Tokens are stored only as hashes.
Finished games stay in the journal as history.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from engine.messages import Message, msg

SCHEMA_1 = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL, options TEXT NOT NULL,
    host_seat INTEGER NOT NULL, fixed TEXT, created REAL NOT NULL, closed INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL, bot TEXT,
    token_hash TEXT, PRIMARY KEY (code, seat));
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT, code TEXT NOT NULL, record TEXT NOT NULL, names TEXT NOT NULL,
    base_version INTEGER NOT NULL, started REAL NOT NULL, finished REAL, result TEXT);
CREATE TABLE IF NOT EXISTS actions (
    game_id INTEGER NOT NULL, n INTEGER NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL,
    PRIMARY KEY (game_id, n));
CREATE TABLE IF NOT EXISTS deals (code TEXT PRIMARY KEY, record TEXT NOT NULL, created REAL NOT NULL);
CREATE INDEX IF NOT EXISTS games_by_code ON games (code);
"""

MIGRATIONS: tuple[str, ...] = (
    SCHEMA_1,
    "ALTER TABLE tables ADD COLUMN parked REAL;",
)
"""The journal's schema, one step per version (``PRAGMA user_version`` is how many were applied): 1 the first
tables (``IF NOT EXISTS``: journals written before the schema had a version hold them already), 2 ``parked``, when
a table nobody played at was put away (it is not rebuilt at start; its players' tokens bring it back)."""


Statement = tuple[str, tuple[Any, ...]]
"""One SQL statement and its parameters, written in a transaction with others (:meth:`Journal._write`)."""


class JournalError(Exception):
    """The journal cannot be used: what happened, where, and what to do, in one line."""


def refusal(exc: Exception, move: bool = False) -> Message:
    """What a player is told when the journal could not save a change (``move``: his move): nothing changed, and why
    if it is known (``server.journal.full``, ``.readonly``, ``.failed``; a ``.move`` variant names the move)."""
    text = str(exc).lower()
    if "full" in text:
        key = "server.journal.full"
    elif "readonly" in text or "read-only" in text:
        key = "server.journal.readonly"
    else:
        key = "server.journal.failed"
    return msg(f"{key}.move" if move else key)


def trouble(exc: sqlite3.Error) -> str:
    """What a failed journal operation means and what to do, in words for whoever runs the server."""
    text = str(exc).lower()
    if "readonly" in text or "read-only" in text:
        return "it is read-only: make the journal and its folder writable for this user, or use another --data-dir"
    if "full" in text:
        return "the disk is full: free some space on it"
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return f"it is damaged ({exc}): move it away to start with no tables, or put back a copy of the journal"
    return f"{exc}: check the journal file and its folder"


class Journal:
    """One SQLite database shared by every table; calls are serialised by a lock."""

    def __init__(self, path: str):
        """Open (or create) the journal at ``path`` and bring its schema up to date; :class:`JournalError` says in
        one line what is wrong with a journal that cannot be used (read-only, damaged, empty, full, newer)."""
        self._lock = threading.Lock()
        if path != ":memory:":
            where = Path(path)
            try:
                where.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise JournalError(
                    f"cannot create the data folder {where.parent} ({exc.strerror}): create it, or start with"
                    " --data-dir naming a folder this user may write"
                ) from None
            try:
                probe = where.parent / f".write-test-{os.getpid()}"
                probe.touch()
                probe.unlink()
                if where.exists():
                    os.close(os.open(where, os.O_RDWR))
            except OSError as exc:
                raise JournalError(
                    f"the journal {where} is read-only ({exc.strerror}): make it and its folder writable for this"
                    " user, or start with --data-dir naming another folder"
                ) from None
            if where.exists() and where.stat().st_size == 0:
                raise JournalError(
                    f"the journal {where} is empty (0 bytes) where tables were expected: move it away to start with"
                    " no tables, or put back a copy of the journal"
                )
        try:
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._migrate(path)
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"the journal {path} cannot be used: {trouble(exc)}") from None

    def _migrate(self, path: str) -> None:
        """Bring the schema to the newest version, each step in its own transaction."""
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > len(MIGRATIONS):
            raise JournalError(
                f"the journal {path} has schema version {version}, newer than this server's {len(MIGRATIONS)}:"
                " run the newer server, or start this one with another DATA_DIR"
            )
        for step in range(version, len(MIGRATIONS)):
            self._db.executescript(f"BEGIN IMMEDIATE; {MIGRATIONS[step]} PRAGMA user_version = {step + 1}; COMMIT;")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _write(self, statements: Iterable[Statement]) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for sql, args in statements:
                    self._db.execute(sql, args)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def _read(self, sql: str, args: tuple = ()) -> list[sqlite3.Row]:
        with self._lock:
            cursor = self._db.execute(sql, args)
            cursor.row_factory = sqlite3.Row
            return cursor.fetchall()

    # ---- writes ------------------------------------------------------------------------------
    def save_table(self, table: dict[str, Any], seats: list[dict[str, Any]]) -> None:
        """A new table (or its seats after a change): ``table`` and ``seats`` as :meth:`tables` returns them."""
        statements: list[Statement] = [
            (
                "INSERT OR REPLACE INTO tables (code, game, players, options, host_seat, fixed, created, closed)"
                " VALUES (?, ?, ?, ?, ?, ?, COALESCE((SELECT created FROM tables WHERE code = ?), ?), 0)",
                (
                    table["code"],
                    table["game"],
                    table["players"],
                    json.dumps(table["options"]),
                    table["host_seat"],
                    json.dumps(table.get("fixed")),
                    table["code"],
                    time.time(),
                ),
            )
        ]
        statements += [
            (
                "INSERT OR REPLACE INTO seats (code, seat, kind, name, bot, token_hash) VALUES (?, ?, ?, ?, ?, ?)",
                (table["code"], s["seat"], s["kind"], s["name"], s.get("bot"), s.get("token_hash")),
            )
            for s in seats
        ]
        self._write(statements)

    def close_table(self, code: str) -> None:
        """The table is gone (everybody left before the start, or it stood idle): it is not rebuilt."""
        self._write([("UPDATE tables SET closed = 1 WHERE code = ?", (code,))])

    def park_table(self, code: str, parked: bool = True) -> None:
        """Put a table with an unfinished game away (nobody played at it for a while), or take it out again: a
        parked table is not rebuilt at start, only when one of its players comes back with a token."""
        self._write([("UPDATE tables SET parked = ? WHERE code = ?", (time.time() if parked else None, code))])

    def archive_parked(self, before: float) -> int:
        """Close the tables parked before ``before`` (a time stamp): their tokens no longer bring them back.
        Returns how many."""
        with self._lock:
            cursor = self._db.execute(
                "UPDATE tables SET closed = 1 WHERE closed = 0 AND parked IS NOT NULL AND parked < ?", (before,)
            )
            return cursor.rowcount

    def start_game(self, code: str, record: dict[str, Any], names: list[str], base_version: int) -> int:
        """A game begins at table ``code``; returns its id (its actions follow with :meth:`add_action`).

        ``base_version`` is the table's version before the game's first action, so a rebuilt table shows the
        same version numbers as before the restart.
        """
        with self._lock:
            cursor = self._db.execute(
                "INSERT INTO games (code, record, names, base_version, started) VALUES (?, ?, ?, ?, ?)",
                (code, json.dumps(record), json.dumps(names), base_version, time.time()),
            )
            if cursor.lastrowid is None:
                raise sqlite3.OperationalError("the game's row was not written")
            return cursor.lastrowid

    def add_action(self, game_id: int, n: int, seat: int, action: str, result: dict[str, Any] | None = None) -> None:
        """The ``n``-th applied action (0-based) of a game, committed before the move is acknowledged; with the
        game's ``result`` when this action ended it (in the same transaction)."""
        statements: list[Statement] = [
            ("INSERT INTO actions (game_id, n, seat, action) VALUES (?, ?, ?, ?)", (game_id, n, seat, action))
        ]
        if result is not None:
            statements.append(
                ("UPDATE games SET finished = ?, result = ? WHERE id = ?", (time.time(), json.dumps(result), game_id))
            )
        self._write(statements)

    def save_deal(self, code: str, record: dict[str, Any]) -> None:
        """A hand's deal under its deal code (the same deal always gets the same code)."""
        self.save_deals([(code, record)])

    def save_deals(self, deals: Iterable[tuple[str, dict[str, Any]]]) -> None:
        """Several hands' deals under their codes, in one transaction (a table rebuilt after a restart)."""
        now = time.time()
        statements = [
            ("INSERT OR IGNORE INTO deals (code, record, created) VALUES (?, ?, ?)", (code, json.dumps(record), now))
            for code, record in deals
        ]
        if statements:
            self._write(statements)

    def close_tables(self, codes: Iterable[str]) -> None:
        """:meth:`close_table` for several tables in one transaction."""
        statements = [("UPDATE tables SET closed = 1 WHERE code = ?", (code,)) for code in codes]
        if statements:
            self._write(statements)

    # ---- reads -------------------------------------------------------------------------------
    def deal(self, code: str) -> dict[str, Any] | None:
        rows = self._read("SELECT record FROM deals WHERE code = ?", (code,))
        return json.loads(rows[0]["record"]) if rows else None

    def table_index(self, finished_since: float | None = None) -> dict[str, str]:
        """What a restart may bring back, without reading any game: every table neither closed nor parked, by code
        (oldest first), with its state: ``waiting`` (no game yet), ``playing`` (its latest game unfinished) or
        ``over`` (finished after ``finished_since``, a time stamp; tables whose game finished earlier are left out).
        One query, whatever the journal holds."""
        rows = self._read(
            "SELECT t.code, g.id, g.finished FROM tables t"
            " LEFT JOIN games g ON g.id = (SELECT MAX(id) FROM games WHERE code = t.code)"
            " WHERE t.closed = 0 AND t.parked IS NULL ORDER BY t.created, t.code"
        )
        out = {}
        for row in rows:
            if row["id"] is None:
                out[row["code"]] = "waiting"
            elif row["finished"] is None:
                out[row["code"]] = "playing"
            elif finished_since is None or row["finished"] >= finished_since:
                out[row["code"]] = "over"
        return out

    def open_table(self, code: str) -> dict[str, Any] | None:
        """One table neither closed nor parked (``None`` if there is none): what a restart rebuilds, as
        ``{code, game, players, options, host_seat, fixed, seats: [...], current}`` where ``current`` is ``None``
        (not started) or ``{id, record, base_version}`` of its latest game, whose ``record`` (a ``Game.record()``)
        holds the journalled actions."""
        rows = self._read("SELECT * FROM tables WHERE code = ? AND closed = 0 AND parked IS NULL", (code,))
        if not rows:
            return None
        games = self._read("SELECT * FROM games WHERE code = ? ORDER BY id DESC LIMIT 1", (code,))
        return self._table_data(rows[0], games[0] if games else None)

    def parked_table(self, code: str, since: float) -> dict[str, Any] | None:
        """A table parked after ``since`` (a time stamp) and not closed, as :meth:`open_table` gives one."""
        rows = self._read("SELECT * FROM tables WHERE code = ? AND closed = 0 AND parked >= ?", (code, since))
        if not rows:
            return None
        games = self._read("SELECT * FROM games WHERE code = ? ORDER BY id DESC LIMIT 1", (code,))
        return self._table_data(rows[0], games[0] if games else None)

    def _table_data(self, row: sqlite3.Row, game: sqlite3.Row | None) -> dict[str, Any]:
        current = None
        if game is not None:
            record = json.loads(game["record"])
            actions = self._read("SELECT seat, action FROM actions WHERE game_id = ? ORDER BY n", (game["id"],))
            record["actions"] = [[a["seat"], a["action"]] for a in actions]
            current = {"id": game["id"], "record": record, "base_version": game["base_version"]}
        seats = self._read(
            "SELECT seat, kind, name, bot, token_hash FROM seats WHERE code = ? ORDER BY seat", (row["code"],)
        )
        return {
            "code": row["code"],
            "game": row["game"],
            "players": row["players"],
            "options": json.loads(row["options"]),
            "host_seat": row["host_seat"],
            "fixed": json.loads(row["fixed"]) if row["fixed"] else None,
            "seats": [dict(s) for s in seats],
            "current": current,
        }

    def history(self, limit: int = 50, code: str | None = None) -> list[dict[str, Any]]:
        """The latest finished games (of table ``code`` if given), newest first:
        ``{id, code, game, players, options, names, started, finished, result}``."""
        rows = self._read(
            "SELECT * FROM games WHERE finished IS NOT NULL AND (? IS NULL OR code = ?) ORDER BY finished DESC LIMIT ?",
            (code, code, limit),
        )
        out = []
        for row in rows:
            record = json.loads(row["record"])
            out.append(
                {
                    "id": row["id"],
                    "code": row["code"],
                    "game": record["game"],
                    "players": record["players"],
                    "options": record["options"],
                    "names": json.loads(row["names"]),
                    "started": row["started"],
                    "finished": row["finished"],
                    "result": json.loads(row["result"]) if row["result"] else None,
                }
            )
        return out

    def finished_record(self, game_id: int) -> dict[str, Any] | None:
        """The full ``Game.record()`` of a finished game (for a step-by-step replay), else ``None``."""
        rows = self._read("SELECT record FROM games WHERE id = ? AND finished IS NOT NULL", (game_id,))
        if not rows:
            return None
        record = json.loads(rows[0]["record"])
        actions = self._read("SELECT seat, action FROM actions WHERE game_id = ? ORDER BY n", (game_id,))
        record["actions"] = [[a["seat"], a["action"]] for a in actions]
        return record
