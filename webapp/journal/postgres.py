"""The PostgreSQL store: a database several workers share, through psycopg's pool."""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from webapp.journal.errors import JournalError
from webapp.journal.schema import MIGRATIONS, POSTGRES_TYPES, newer
from webapp.journal.statements import Statement, first_row

if TYPE_CHECKING:
    from psycopg import Connection
    from psycopg.errors import Diagnostic

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
