"""The journal: every table, seat and applied action in SQLite (WAL), or in PostgreSQL when a database URL is set
(several workers share it, docs/deploy.md), so a restarted server, or another worker, replays its tables.

Each action is written (and committed) before the move is acknowledged. Tokens are stored only as hashes.
Finished games stay in the journal as history. Both databases get the same schema from the same migrations; the
SQL is written once (``?`` parameters, ``ON CONFLICT``, ``RETURNING``) and only the column types differ
(:data:`POSTGRES_TYPES`).
"""

from __future__ import annotations

import errno
import json
import logging
import os
import shutil
import sqlite3
import threading
import time
import weakref
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.messages import Message, msg

if TYPE_CHECKING:
    from psycopg import Connection
    from psycopg.errors import Diagnostic

log = logging.getLogger(__name__)

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

REVIEWS = """
CREATE TABLE IF NOT EXISTS reviews (game_id INTEGER PRIMARY KEY, review TEXT NOT NULL, created REAL NOT NULL);
"""
"""The Hard bot's reviews of finished games (webapp/review.py), one row a game, its review as JSON."""

MIGRATIONS: tuple[str, ...] = (
    SCHEMA_1,
    "ALTER TABLE tables ADD COLUMN parked REAL;",
    "ALTER TABLE tables ADD COLUMN worker TEXT;",
    """
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, created REAL NOT NULL, hidden INTEGER NOT NULL DEFAULT 0,
    deleted INTEGER NOT NULL DEFAULT 0, recovery_hash TEXT UNIQUE);
CREATE TABLE IF NOT EXISTS player_keys (key_hash TEXT PRIMARY KEY, player TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS player_links (link_hash TEXT PRIMARY KEY, player TEXT NOT NULL, expires REAL NOT NULL);
ALTER TABLE seats ADD COLUMN player TEXT;
ALTER TABLE actions ADD COLUMN player TEXT;
CREATE INDEX IF NOT EXISTS seats_by_player ON seats (player);
""",
    """
CREATE TABLE IF NOT EXISTS ratings (
    player TEXT NOT NULL, game TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL, games INTEGER NOT NULL,
    wins INTEGER NOT NULL, places INTEGER NOT NULL, last REAL NOT NULL, PRIMARY KEY (player, game));
CREATE TABLE IF NOT EXISTS rated_games (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, game_id INTEGER NOT NULL UNIQUE, game TEXT NOT NULL, finished REAL NOT NULL,
    counted INTEGER NOT NULL, reason TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rating_history (
    game_id INTEGER NOT NULL, seat INTEGER NOT NULL, player TEXT NOT NULL, game TEXT NOT NULL, place INTEGER NOT NULL,
    last INTEGER NOT NULL, score REAL, partners TEXT, detail TEXT, mu REAL NOT NULL, sigma REAL NOT NULL,
    finished REAL NOT NULL,
    PRIMARY KEY (game_id, seat));
CREATE INDEX IF NOT EXISTS history_by_player ON rating_history (player, game, finished);
CREATE INDEX IF NOT EXISTS history_by_game ON rating_history (game, finished);
CREATE INDEX IF NOT EXISTS actions_by_player ON actions (player);
""",
    REVIEWS,
    """
CREATE TABLE IF NOT EXISTS events (
    id TEXT PRIMARY KEY, director TEXT NOT NULL, spec TEXT NOT NULL, round INTEGER NOT NULL DEFAULT 0,
    paused INTEGER NOT NULL DEFAULT 0, finished INTEGER NOT NULL DEFAULT 0, teams TEXT, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS event_entrants (
    event TEXT NOT NULL, player TEXT NOT NULL, name TEXT NOT NULL, n INTEGER NOT NULL,
    dropped INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (event, player));
CREATE TABLE IF NOT EXISTS event_tables (
    event TEXT NOT NULL, round INTEGER NOT NULL, board INTEGER NOT NULL, code TEXT NOT NULL, game_id INTEGER,
    seats TEXT NOT NULL, result TEXT, PRIMARY KEY (event, round, board));
""",
    "ALTER TABLE tables ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;",
)
"""The journal's schema, one step per version (``PRAGMA user_version`` is how many were applied; PostgreSQL keeps
it in ``journal_version``): 1 the first tables (``IF NOT EXISTS``: journals written before the schema had a
version hold them already), 2 ``parked``, when a table nobody played at was put away (it is not rebuilt at start;
its players' tokens bring it back), 3 ``worker``, which worker holds the table (several workers: only its holder
may write its moves, :class:`TableMoved`), 4 players (:mod:`webapp.players`): a player, his browsers' keys and his
links for another device (hashes only), the player who sits in a seat and who made each move (``bot:<level>`` for
a bot's, ``""`` for a player the server does not know), 5 ratings (:mod:`webapp.ratings`), 6 ``reviews``, the
Hard bot's review of each finished game reviewed (:data:`REVIEWS`), 7 events
(:mod:`webapp.events.service`): an event, its entrants and each round's tables with their results, 8 ``epoch``, how
many times a worker took the table's lease (several workers: the fencing token every write of the table carries,
:meth:`Journal.claim`)."""

POSTGRES_TYPES: tuple[tuple[str, str], ...] = (
    ("INTEGER PRIMARY KEY AUTOINCREMENT", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    (" REAL", " DOUBLE PRECISION"),
)
"""SQLite's column types in the migrations and what PostgreSQL calls them (its ``REAL`` is 4 bytes: a time stamp
would lose its minutes)."""


PRIVATE_FIXED = '%"listed": false%'
"""How a private table's journalled ``fixed`` record reads (its house settings, :func:`webapp.house.journal_fixed`,
written by ``json.dumps``): the lobby's history leaves its games out."""

Statement = tuple[str, tuple[Any, ...]]
"""One SQL statement and its parameters, written in a transaction with others (:meth:`Journal._write`)."""


class JournalError(Exception):
    """The journal cannot be used: what happened, where, and what to do, in one line."""


class TableMoved(Exception):
    """Another worker holds the table now (it rebuilt it from the shared journal): this one may not write to it."""


def database_errors() -> tuple[type[Exception], ...]:
    """The exceptions a journal write may raise: SQLite's, and PostgreSQL's when psycopg is installed."""
    try:
        import psycopg
    except ImportError:
        return (sqlite3.Error,)
    return (sqlite3.Error, psycopg.Error)


def refusal(exc: Exception, move: bool = False) -> Message:
    """What a player is told when the journal could not save a change (``move``: his move): nothing changed, and why
    if it is known (``server.journal.full``, ``.readonly``, ``.failed``; a ``.move`` variant names the move)."""
    text = str(exc).lower()
    if "full" in text or "no space left" in text:
        key = "server.journal.full"
    elif "readonly" in text or "read-only" in text:
        key = "server.journal.readonly"
    else:
        key = "server.journal.failed"
    return msg(f"{key}.move" if move else key)


class DamagedRow(ValueError):
    """A row of the journal cannot be read (invalid JSON in ``tables.options``, ``games.record``, ...): it costs
    only its table or game, never the server's start."""


def row_json(row: Any, column: str, where: str) -> Any:
    """The JSON of ``row[column]``; :class:`DamagedRow` naming ``where`` (``tables.options``) if it is not JSON."""
    try:
        return json.loads(row[column])
    except (ValueError, TypeError) as exc:
        raise DamagedRow(f"its {where} in the journal is not valid JSON ({exc})") from None


def journal_refused(reason: Message) -> bool:
    """Whether a refusal is :func:`refusal`'s: the journal could not save a change (it may later)."""
    return isinstance(reason, dict) and str(reason.get("key", "")).startswith("server.journal.")


def trouble(exc: Exception) -> str:
    """What a failed journal operation means and what to do, in words for whoever runs the server."""
    text = str(exc).lower()
    if "readonly" in text or "read-only" in text:
        return "it is read-only: make the journal and its folder writable for this user, or use another --data-dir"
    if "full" in text or "no space left" in text:
        return "the disk is full: free some space on it"
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return f"it is damaged ({exc}): move it away to start with no tables, or put back a copy of the journal"
    return f"{exc}: check the journal file and its folder"


def newer(where: str, version: int) -> JournalError:
    return JournalError(
        f"the journal {where} has schema version {version}, newer than this server's {len(MIGRATIONS)}:"
        " run the newer server, or start this one with another DATA_DIR (or DATABASE_URL)"
    )


def first_row(cursor: Any, sql: str, must_change: bool) -> int | None:
    """The value a statement's ``RETURNING`` gave (``None`` without one); :class:`TableMoved` if ``must_change`` and
    the statement changed no row (the transaction is then undone)."""
    if "RETURNING" in sql:
        row = cursor.fetchone()
        value = None if row is None else next(iter(row.values())) if isinstance(row, dict) else row[0]
        changed = row is not None
    else:
        value, changed = None, cursor.rowcount > 0
    if must_change and not changed:
        raise TableMoved()
    return value


MIN_FREE_BYTES = 1 << 20
"""Free space below which the server refuses to start (a move's write needs a few KiB; a full disk refuses it)."""

PROBE_BYTES = 64 << 10
"""What the start writes (and removes) beside the journal to see that the folder takes writes: an empty file needs
no free space, so it said nothing of a full disk."""


def write_probe(path: Path) -> None:
    """Write :data:`PROBE_BYTES` to ``path`` through to the disk, then remove it (``OSError`` if that fails)."""
    try:
        with open(path, "wb") as probe:
            probe.write(b"\0" * PROBE_BYTES)
            probe.flush()
            os.fsync(probe.fileno())
    finally:
        path.unlink(missing_ok=True)


def disk_full(where: Path) -> JournalError:
    return JournalError(
        f"the disk of the journal {where} is full: free some space on it, or start with --data-dir on another disk"
    )


class SqliteStore:
    """The SQLite file of one server process; calls are serialised by a lock."""

    def __init__(self, path: str):
        """Open (or create) the journal at ``path`` and bring its schema up to date; :class:`JournalError` says in
        one line what is wrong with a journal that cannot be used (read-only, damaged, empty, full, newer)."""
        self._lock = threading.Lock()
        self._exclusive: dict[int, threading.Lock] = {}
        """One lock per key of :meth:`exclusive`."""
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
                write_probe(where.parent / f".write-test-{os.getpid()}")
                if where.exists():
                    os.close(os.open(where, os.O_RDWR))
            except OSError as exc:
                if exc.errno in (errno.ENOSPC, errno.EDQUOT):
                    raise disk_full(where) from None
                raise JournalError(
                    f"the journal {where} is read-only ({exc.strerror}): make it and its folder writable for this"
                    " user, or start with --data-dir naming another folder"
                ) from None
            if shutil.disk_usage(where.parent).free < MIN_FREE_BYTES:
                raise disk_full(where)
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
            raise newer(path, version)
        for step in range(version, len(MIGRATIONS)):
            self._db.executescript(f"BEGIN IMMEDIATE; {MIGRATIONS[step]} PRAGMA user_version = {step + 1}; COMMIT;")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def write(self, statements: Iterable[Statement], must_change: bool = False) -> int | None:
        """Run ``statements`` in one transaction; returns the first row a ``RETURNING`` of the first statement gave.
        With ``must_change``, a first statement that changed no row undoes everything (:class:`TableMoved`)."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                first: int | None = None
                for i, (sql, args) in enumerate(statements):
                    cursor = self._db.execute(sql, args)
                    if i == 0:
                        first = first_row(cursor, sql, must_change)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            return first

    def count(self, sql: str, args: tuple[Any, ...] = ()) -> int:
        """Run one change on its own; returns how many rows it changed."""
        with self._lock:
            return self._db.execute(sql, args).rowcount

    def read(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        with self._lock:
            cursor = self._db.execute(sql, args)
            cursor.row_factory = sqlite3.Row
            return cursor.fetchall()

    @contextmanager
    def exclusive(self, key: int) -> Iterator[None]:
        """Work no other thread does at the same time (:meth:`PostgresStore.exclusive`): one server process holds
        a SQLite journal, and within it two settlers of the ratings (the server's and one asked for directly) take
        turns, as two workers do on PostgreSQL."""
        with self._exclusive.setdefault(key, threading.Lock()):
            yield


POOL_WAIT_SECONDS = 15.0
"""How long a change waits for a working PostgreSQL connection before the player is told it was not saved: long
enough for a busy worker's moves to queue for its connections rather than be refused (5 s refused a few at 400
clients on a loaded machine), short enough that a move made while PostgreSQL is down is answered."""

RECONNECT_SECONDS = 5.0
"""How long one attempt of the pool to connect again keeps trying while PostgreSQL is down (psycopg_pool's backoff:
after 0, 1, 3 and 5 s it gives up, and the next change asked for starts another at once): once PostgreSQL is back, a
change waits at most about 2 s for its connection, never for a backoff grown over a long outage."""


class PostgresStore:
    """A PostgreSQL database several workers share, through psycopg's own pool (:mod:`psycopg_pool`) of
    ``connections`` connections of this process (under eventlet or gevent its waits are green). The same statements
    as SQLite's, with ``%s`` for ``?``.

    The pool checks each connection as it hands it out (:meth:`_check`), without a round trip: after PostgreSQL
    restarts, the dead connections are found and replaced there, not by failing a player's move, and they are made
    again in the background (with backoff while PostgreSQL is down). A change asked for while no connection can be
    had waits up to ``wait`` seconds, then fails (:class:`psycopg_pool.PoolTimeout`, a ``psycopg.OperationalError``):
    the player is told it was not saved. Connections are in autocommit: a change of one statement is one round trip,
    several go in one transaction."""

    def __init__(self, url: str, connections: int = 4, wait: float = POOL_WAIT_SECONDS):
        import psycopg
        from psycopg.rows import dict_row
        from psycopg_pool import ConnectionPool

        self._where = url.split("@")[-1]  # no password in a message
        self._ended: weakref.WeakSet[Connection[Any]] = weakref.WeakSet()
        """The pool's connections PostgreSQL said it ends (:meth:`_watch`)."""
        size = max(1, connections)
        self._pool = ConnectionPool(
            url,
            min_size=size,
            max_size=size,
            kwargs={"row_factory": dict_row, "autocommit": True, "connect_timeout": 10},
            configure=self._watch,
            check=self._check,
            timeout=wait,
            reconnect_timeout=RECONNECT_SECONDS,
            name="journal",
            open=False,
        )
        try:
            psycopg.connect(url, connect_timeout=10).close()  # PostgreSQL's own reason, not the pool's time-out
            self._pool.open(wait=True, timeout=10)
            self._migrate()
        except psycopg.Error as exc:
            self._pool.close()
            raise JournalError(
                f"the journal at {self._where} cannot be used: {str(exc).strip().splitlines()[0]}: check DATABASE_URL,"
                " that PostgreSQL runs and that the user may create tables in that database"
            ) from None

    def _watch(self, conn: Connection[Any]) -> None:
        """Each new connection of the pool: a FATAL that PostgreSQL sends it while it sits idle (a shutdown or
        restart, a terminated session: the close follows) marks it ended, for :meth:`_check`."""
        ended, ref = self._ended, weakref.ref(conn)

        def noticed(diag: Diagnostic) -> None:
            if diag.severity_nonlocalized in ("FATAL", "PANIC") and (found := ref()) is not None:
                ended.add(found)

        conn.add_notice_handler(noticed)

    def _check(self, conn: Connection[Any]) -> None:
        """The pool's check of a connection it hands out, without a round trip (an empty query was a second round
        trip for every move, about a tenth of a worker's CPU per move): read what PostgreSQL sent it while it sat
        idle. PostgreSQL sends an idle session of ours nothing unless it ends it (a FATAL, then the close, both in
        the socket before a restarted PostgreSQL takes sessions again), so a connection it closed raises here, one
        it said it ends is closed, and the pool hands out another one (making new ones in the background). The
        pool's other idle connections are then checked at once (PostgreSQL restarted: they are dead too), so the
        move waits for one new connection, not for a second of backoff per dead one."""
        import psycopg

        try:
            conn.pgconn.consume_input()  # psycopg.OperationalError once PostgreSQL closed it
            conn.pgconn.is_busy()  # reads what came: a FATAL reaches _watch's handler
            if conn in self._ended:
                conn.close()
                raise psycopg.OperationalError("PostgreSQL ended this session")
        except psycopg.Error:
            self._pool.check()
            raise

    def _migrate(self) -> None:
        """Bring the schema to the newest version under an advisory lock (workers may start together), each step in
        its own transaction."""
        with self._pool.connection() as db, db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(21021)")
            db.execute("CREATE TABLE IF NOT EXISTS journal_version (version INTEGER NOT NULL)")
            row: Any = db.execute("SELECT version FROM journal_version").fetchone()
            if row is None:
                db.execute("INSERT INTO journal_version (version) VALUES (0)")
            version = row["version"] if row else 0
            if version > len(MIGRATIONS):
                raise newer(self._where, version)
            for step in range(version, len(MIGRATIONS)):
                sql = MIGRATIONS[step]
                for sqlite_type, pg_type in POSTGRES_TYPES:
                    sql = sql.replace(sqlite_type, pg_type)
                for part in sql.split(";"):
                    if part.strip():
                        db.execute(part)
                db.execute("UPDATE journal_version SET version = %s", (step + 1,))

    def close(self) -> None:
        self._pool.close()

    def write(self, statements: Iterable[Statement], must_change: bool = False) -> int | None:
        """As :meth:`SqliteStore.write`: one transaction, committed before it returns (a single statement is its
        own transaction: nothing to undo when it changed no row)."""
        statements = list(statements)
        with self._pool.connection() as db:
            if len(statements) == 1:
                sql, args = statements[0]
                return first_row(db.execute(sql.replace("?", "%s"), args), sql, must_change)
            with db.transaction():
                first: int | None = None
                for i, (sql, args) in enumerate(statements):
                    cursor = db.execute(sql.replace("?", "%s"), args)
                    if i == 0:
                        first = first_row(cursor, sql, must_change)
            return first

    def count(self, sql: str, args: tuple[Any, ...] = ()) -> int:
        with self._pool.connection() as db:
            return db.execute(sql.replace("?", "%s"), args).rowcount

    def read(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        with self._pool.connection() as db:
            return db.execute(sql.replace("?", "%s"), args).fetchall()

    @contextmanager
    def exclusive(self, key: int) -> Iterator[None]:
        """Work no other worker does at the same time (the ratings' settling: each reads ratings, then writes them):
        a session advisory lock ``key`` held on a connection of its own meanwhile (the work needs another)."""
        with self._pool.connection() as db:
            db.execute("SELECT pg_advisory_lock(%s)", (key,))
            try:
                yield
            finally:
                db.execute("SELECT pg_advisory_unlock(%s)", (key,))


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
