"""The journal's queries: tables, seats, games, moves, deals and reviews, each table's writes fenced by the epoch
its worker claimed it under (several workers), in either store."""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from collections.abc import Iterable, Mapping
from typing import Any

from webapp.journal.errors import DamagedRow
from webapp.journal.postgres import PostgresStore
from webapp.journal.sqlite import SqliteStore
from webapp.journal.statements import Statement

log = logging.getLogger(__name__)

PRIVATE_FIXED = '%"listed": false%'
"""How a private table's journalled ``fixed`` record reads (its house settings, :func:`webapp.house.journal_fixed`,
written by ``json.dumps``): the lobby's history leaves its games out."""


def row_json(row: Any, column: str, where: str) -> Any:
    """The JSON of ``row[column]``; :class:`DamagedRow` naming ``where`` (``tables.options``) if it is not JSON."""
    try:
        return json.loads(row[column])
    except (ValueError, TypeError) as exc:
        raise DamagedRow(f"its {where} in the journal is not valid JSON ({exc})") from None


class Journal:
    """The tables' journal in a SQLite file (``path``) or a PostgreSQL database (``url``). With ``worker`` (several
    workers share a PostgreSQL journal) every write of a table (its seats, games, moves, parking, closing) carries
    the epoch this worker got when it took the table's lease (:meth:`claim`) and is made only while the table's epoch
    is still that one: once another worker has claimed the table, a write raises :class:`TableMoved` and changes
    nothing (the fencing token)."""

    def __init__(self, path: str = ":memory:", url: str = "", worker: str | None = None, connections: int = 4):
        self._db: SqliteStore | PostgresStore = PostgresStore(url, connections) if url else SqliteStore(path)
        self.worker = worker
        self._epochs: dict[str, int] = {}
        """The epoch of each table this worker claimed (several workers)."""
        self._games: dict[int, str] = {}
        """The table code of each game this worker wrote or rebuilt (its moves are fenced by the table's epoch)."""

    def close(self) -> None:
        self._db.close()

    @property
    def store(self) -> SqliteStore | PostgresStore:
        """The database itself, for the modules that keep their own tables in it (:mod:`webapp.players`,
        :mod:`webapp.ratings`): ``write`` (one transaction), ``count`` and ``read``."""
        return self._db

    def _write(self, statements: Iterable[Statement]) -> None:
        self._db.write(statements)

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        return self._db.read(sql, args)

    def _mine(self, code: str, alias: str = "") -> tuple[str, tuple[Any, ...]]:
        """The condition on ``tables`` (``alias.``) that table ``code`` still have the epoch this worker claimed it
        under (nothing with one server; never true for a table it did not claim)."""
        return (f" AND {alias}epoch = ?", (self._epochs.get(code, -1),)) if self.worker else ("", ())

    def epoch(self, code: str) -> int | None:
        """The epoch this worker holds table ``code`` under (``None``: it did not claim it)."""
        return self._epochs.get(code)

    def forget(self, code: str) -> None:
        """This worker no longer holds table ``code`` (its lease is released or lost): it writes nothing more to it."""
        self._epochs.pop(code, None)

    # ---- writes ------------------------------------------------------------------------------
    def save_table(self, table: dict[str, Any], seats: list[dict[str, Any]]) -> None:
        """A new table (or its seats after a change): ``table`` and ``seats`` as :meth:`tables` returns them."""
        statements: list[Statement] = [
            (
                "INSERT INTO tables (code, game, players, options, host_seat, fixed, created, closed, worker, epoch)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?) ON CONFLICT (code) DO UPDATE SET game = excluded.game,"
                " players = excluded.players, options = excluded.options, host_seat = excluded.host_seat,"
                " fixed = excluded.fixed, closed = 0, parked = NULL, worker = excluded.worker"
                f"{' WHERE tables.epoch = excluded.epoch' if self.worker else ''}",
                (
                    table["code"],
                    table["game"],
                    table["players"],
                    json.dumps(table["options"]),
                    table["host_seat"],
                    json.dumps(table.get("fixed")),
                    time.time(),
                    self.worker,
                    self._epochs.get(table["code"], -1) if self.worker else 0,
                ),
            )
        ]
        statements += [
            (
                "INSERT INTO seats (code, seat, kind, name, bot, token_hash, player) VALUES (?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (code, seat) DO UPDATE SET kind = excluded.kind, name = excluded.name,"
                " bot = excluded.bot, token_hash = excluded.token_hash, player = excluded.player",
                (table["code"], s["seat"], s["kind"], s["name"], s.get("bot"), s.get("token_hash"), s.get("player")),
            )
            for s in seats
        ]
        self._db.write(statements, must_change=bool(self.worker))

    def claim(self, code: str) -> int:
        """This worker took table ``code``'s lease: the table's epoch goes one up and this worker's writes carry it
        from now on, so the worker that held it before can write nothing more to it. A new table (no row yet) starts
        at epoch 1. Returns the epoch (0 with a single server, which fences nothing)."""
        if not self.worker:
            return 0
        rows = self._db.write(
            [("UPDATE tables SET epoch = epoch + 1, worker = ? WHERE code = ? RETURNING epoch", (self.worker, code))]
        )
        self._epochs[code] = epoch = 1 if rows is None else rows
        return epoch

    def close_table(self, code: str) -> None:
        """The table is gone (everybody left before the start, or it stood idle): it is not rebuilt."""
        self.close_tables([code])

    def park_table(self, code: str, parked: bool = True) -> None:
        """Put a table with an unfinished game away (nobody played at it for a while), or take it out again: a
        parked table is not rebuilt at start, only when one of its players comes back with a token."""
        mine, args = self._mine(code)
        self._write(
            [(f"UPDATE tables SET parked = ? WHERE code = ?{mine}", (time.time() if parked else None, code, *args))]
        )

    def archive_parked(self, before: float) -> int:
        """Close the tables parked before ``before`` (a time stamp): their tokens no longer bring them back.
        Returns how many."""
        return self._db.count(
            "UPDATE tables SET closed = 1 WHERE closed = 0 AND parked IS NOT NULL AND parked < ?", (before,)
        )

    def start_game(self, code: str, record: dict[str, Any], names: list[str], base_version: int) -> int:
        """A game begins at table ``code``; returns its id (its actions follow with :meth:`add_action`).

        ``base_version`` is the table's version before the game's first action, so a rebuilt table shows the
        same version numbers as before the restart.
        """
        values = (code, json.dumps(record), json.dumps(names), base_version, time.time())
        sql = "INSERT INTO games (code, record, names, base_version, started)"
        if self.worker:
            mine, args = self._mine(code, "t.")
            first: Statement = (
                f"{sql} SELECT ?, ?, ?, ?, ? FROM tables t WHERE t.code = ?{mine} FOR SHARE RETURNING id",
                (*values, code, *args),
            )
        else:
            first = (f"{sql} VALUES (?, ?, ?, ?, ?) RETURNING id", values)
        game_id = self._db.write([first], must_change=bool(self.worker))
        if game_id is None:
            raise sqlite3.OperationalError("the game's row was not written")
        self._games[game_id] = code
        return game_id

    def add_action(
        self,
        game_id: int,
        n: int,
        seat: int,
        action: str,
        result: Mapping[str, Any] | None = None,
        player: str | None = None,
    ) -> None:
        """The ``n``-th applied action (0-based) of a game, committed before the move is acknowledged; with the
        game's ``result`` when this action ended it (in the same transaction); ``player`` made it (a player's id,
        ``bot:<level>`` for a bot's move, ``""`` for a player the server does not know). With several workers, only
        the worker holding the table writes (:class:`TableMoved` otherwise)."""
        values = (game_id, n, seat, action, player)
        if self.worker:
            mine, args = self._mine(self._games.get(game_id, ""), "t.")
            first: Statement = (
                "INSERT INTO actions (game_id, n, seat, action, player) SELECT ?, ?, ?, ?, ? FROM games g"
                f" JOIN tables t ON t.code = g.code WHERE g.id = ?{mine} FOR SHARE OF t",
                (*values, game_id, *args),
            )
        else:
            first = ("INSERT INTO actions (game_id, n, seat, action, player) VALUES (?, ?, ?, ?, ?)", values)
        statements = [first]
        if result is not None:
            statements.append(
                ("UPDATE games SET finished = ?, result = ? WHERE id = ?", (time.time(), json.dumps(result), game_id))
            )
        self._db.write(statements, must_change=bool(self.worker))

    def add_actions(self, game_id: int, moves: list[tuple[int, str, str | None]]) -> None:
        """A new game's first moves (``(seat, action, player)``, numbered from 0), in one transaction: a game
        replayed up to a position ("try again"). None of them ends the game."""
        statements: list[Statement] = [
            ("INSERT INTO actions (game_id, n, seat, action, player) VALUES (?, ?, ?, ?, ?)", (game_id, n, *move))
            for n, move in enumerate(moves)
        ]
        if self.worker and statements:
            code = self._games.get(game_id, "")
            mine, args = self._mine(code)
            statements.insert(0, (f"SELECT 1 FROM tables WHERE code = ?{mine} FOR SHARE", (code, *args)))
        self._db.write(statements, must_change=bool(self.worker))

    def save_deal(self, code: str, record: dict[str, Any]) -> None:
        """A hand's deal under its deal code (the same deal always gets the same code)."""
        self.save_deals([(code, record)])

    def save_deals(self, deals: Iterable[tuple[str, dict[str, Any]]]) -> None:
        """Several hands' deals under their codes, in one transaction (a table rebuilt after a restart)."""
        now = time.time()
        statements = [
            (
                "INSERT INTO deals (code, record, created) VALUES (?, ?, ?) ON CONFLICT (code) DO NOTHING",
                (code, json.dumps(record), now),
            )
            for code, record in deals
        ]
        if statements:
            self._write(statements)

    def close_tables(self, codes: Iterable[str]) -> None:
        """:meth:`close_table` for several tables in one transaction."""
        statements = []
        for code in codes:
            mine, args = self._mine(code)
            statements.append((f"UPDATE tables SET closed = 1 WHERE code = ?{mine}", (code, *args)))
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

    def is_open(self, code: str) -> bool:
        """Whether table ``code`` is in the journal, neither closed nor parked (another worker may hold it)."""
        return bool(self._read("SELECT 1 FROM tables WHERE code = ? AND closed = 0 AND parked IS NULL", (code,)))

    def token_hashes(self, code: str) -> list[str | None]:
        """The token hashes of table ``code``'s seats (``None`` for a seat without one)."""
        return [row["token_hash"] for row in self._read("SELECT token_hash FROM seats WHERE code = ?", (code,))]

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

    def _table_data(self, row: Any, game: Any) -> dict[str, Any]:
        current = None
        if game is not None:
            record = row_json(game, "record", "games.record")
            actions = self._read("SELECT seat, action FROM actions WHERE game_id = ? ORDER BY n", (game["id"],))
            record["actions"] = [[a["seat"], a["action"]] for a in actions]
            current = {"id": game["id"], "record": record, "base_version": game["base_version"]}
            self._games[game["id"]] = row["code"]
        seats = self._read(
            "SELECT seat, kind, name, bot, token_hash, player FROM seats WHERE code = ? ORDER BY seat", (row["code"],)
        )
        return {
            "code": row["code"],
            "game": row["game"],
            "players": row["players"],
            "options": row_json(row, "options", "tables.options"),
            "host_seat": row["host_seat"],
            "fixed": row_json(row, "fixed", "tables.fixed") if row["fixed"] else None,
            "seats": [dict(s) for s in seats],
            "current": current,
        }

    def history(self, limit: int = 50, code: str | None = None) -> list[dict[str, Any]]:
        """The latest finished games (of table ``code`` if given, else of the tables that are not private: a private
        table's players and results are not the lobby's), newest first:
        ``{id, code, game, players, options, names, started, finished, result}``."""
        where, args = (
            (" AND code = ?", (code,))
            if code is not None
            else (" AND code NOT IN (SELECT code FROM tables WHERE fixed LIKE ?)", (PRIVATE_FIXED,))
        )
        rows = self._read(
            f"SELECT * FROM games WHERE finished IS NOT NULL{where} ORDER BY finished DESC LIMIT ?", (*args, limit)
        )
        out = []
        for row in rows:
            try:
                record, names = row_json(row, "record", "games.record"), row_json(row, "names", "games.names")
            except DamagedRow as exc:
                log.error("game %s is left out of the history: %s", row["id"], exc)
                continue
            out.append(
                {
                    "id": row["id"],
                    "code": row["code"],
                    "game": record["game"],
                    "players": record["players"],
                    "options": record["options"],
                    "names": names,
                    "started": row["started"],
                    "finished": row["finished"],
                    "result": json.loads(row["result"]) if row["result"] else None,
                }
            )
        return out

    def save_review(self, game_id: int, review: dict[str, Any]) -> None:
        """Keep the Hard bot's review of a finished game (a second one replaces the first)."""
        self._write(
            [
                (
                    "INSERT INTO reviews (game_id, review, created) VALUES (?, ?, ?)"
                    " ON CONFLICT (game_id) DO UPDATE SET review = excluded.review, created = excluded.created",
                    (game_id, json.dumps(review), time.time()),
                )
            ]
        )

    def review(self, game_id: int) -> dict[str, Any] | None:
        """The review kept for a game, else ``None``."""
        rows = self._read("SELECT review FROM reviews WHERE game_id = ?", (game_id,))
        return json.loads(rows[0]["review"]) if rows else None

    def human_seats(self, game_id: int) -> list[int]:
        """The seats of a game's table a player holds (the seats a review is made for)."""
        rows = self._read(
            "SELECT s.seat FROM seats s JOIN games g ON g.code = s.code WHERE g.id = ? AND s.kind = 'human'"
            " ORDER BY s.seat",
            (game_id,),
        )
        return [row["seat"] for row in rows]

    def movers(self, game_id: int) -> list[str | None]:
        """Who made each of a game's moves, in order: a player's id, ``bot:<level>`` for a bot's or a stand-in's,
        ``""`` or ``None`` for a player the server does not know."""
        rows = self._read("SELECT player FROM actions WHERE game_id = ? ORDER BY n", (game_id,))
        return [row["player"] for row in rows]

    def finished_record(self, game_id: int) -> dict[str, Any] | None:
        """The full ``Game.record()`` of a finished game (for a step-by-step replay), else ``None``."""
        rows = self._read("SELECT record FROM games WHERE id = ? AND finished IS NOT NULL", (game_id,))
        if not rows:
            return None
        try:
            record = row_json(rows[0], "record", "games.record")
        except DamagedRow as exc:
            log.error("game %s cannot be replayed: %s", game_id, exc)
            return None
        actions = self._read("SELECT seat, action FROM actions WHERE game_id = ? ORDER BY n", (game_id,))
        record["actions"] = [[a["seat"], a["action"]] for a in actions]
        return dict(record)
