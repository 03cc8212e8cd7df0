"""The SQLite store: the journal's file of one server process (WAL), checked at start for a folder that takes
writes and a disk with room."""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from webapp.journal.errors import JournalError, trouble
from webapp.journal.schema import MIGRATIONS, newer
from webapp.journal.statements import Statement, first_row

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
