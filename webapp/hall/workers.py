"""Several workers: which tables this worker holds, and what it does when it no longer holds one.

The whole of the several-workers ownership seen from the hall is here, behind a small interface the other services
call; the leases themselves are :mod:`webapp.directory`'s (docs/deploy.md, "Ownership by lease"):
:attr:`Workers.owns` (take a new table's lease under a code), :attr:`Workers.take` (take the lease of a table of the
shared journal before it is rebuilt here, or raise ``Moved``), :attr:`Workers.let_go` (release the lease of a table
no longer in memory), :meth:`Workers.adopt` (a table asked for here that is open in the shared journal is rebuilt
here) and :meth:`Workers.release` (this worker no longer holds a table: forget it and send its connections on).
``shared`` says the journal is shared; ``drop`` closes a connection.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from webapp.ratelimit import SharedWindowLimit
from webapp.tables import Table

if TYPE_CHECKING:
    from webapp.hall.rooms import Rooms

log = logging.getLogger(__name__)

ADDRESS_PREFIX = "cardtable:created:"
"""Redis keys of the tables created per client address (several workers share them)."""


class Workers:
    """This worker's part in the several-workers ownership of the tables."""

    def __init__(self, rooms: Rooms):
        self.rooms = rooms
        self.owns: Callable[[str], bool] = lambda code: True
        """Take a new table under ``code`` here (several workers: its lease, :mod:`webapp.directory`); ``False`` if
        the code is held already."""
        self.take: Callable[[str], Any] = lambda code: None
        """Before a table of the shared journal is rebuilt here: take its lease, or raise ``Moved`` to its worker."""
        self.let_go: Callable[[str], Any] = lambda code: None
        """This worker no longer holds table ``code`` in memory: release its lease (several workers)."""
        self.can_create: Callable[[], Any] = lambda: None
        """Before a new table is made here: raise ``TableError`` if it cannot be (several workers: Redis is down)."""
        self.shared = False
        """The journal is shared with other workers: a table asked for that is not in memory may be in the journal
        (created or held by another worker that died), and is rebuilt from it."""
        self.drop: Callable[[str], Any] = lambda sid: None
        """Close a connection (its page asks the directory where its table is now)."""

    def share_address_limit(self, redis: Any) -> None:
        """Count the tables created per client address in Redis, with every other worker (several workers)."""
        config = self.rooms.config
        window = config["CREATE_WINDOW_MINUTES"] * 60
        self.rooms.keeping.by_address = SharedWindowLimit(redis, ADDRESS_PREFIX, config["CREATE_PER_ADDRESS"], window)

    def adopt(self, code: str) -> None:
        """Several workers: a table asked for here that is not in memory but open in the shared journal becomes
        dormant here, so it is rebuilt here, if the directory gives it to this worker (it takes its lease: nobody
        holds it, another worker handed it on or its lease expired); else ``Moved`` sends the client there."""
        rooms = self.rooms
        if self.shared and code not in rooms.tables and rooms.journal.is_open(code):
            self.take(code)
            with rooms.lock:
                if code not in rooms.tables:
                    rooms.dormant.setdefault(code, time.monotonic())

    def release(self, table: Table, path: str | None = None) -> None:
        """Under the table's lock: this worker no longer holds the table (its lease was lost, a write was refused, or
        it hands the table on while it stops): forget it here, without a word to the journal, tell its connections
        ``moved`` (to ``path``, the new owner's, if known: else they ask where) and close them."""
        log.warning("table %s is no longer held here: its connections are sent on", table.code)
        table.closed = True
        with self.rooms.lock:
            if self.rooms.tables.get(table.code) is table:
                del self.rooms.tables[table.code]
        self.let_go(table.code)
        sids = list(table.watchers)
        table.watchers.clear()
        moved = {"code": table.code, **({"path": path} if path else {})}
        for sid in sids:
            self.rooms.emit("moved", moved, to=sid)
        self.rooms.start_task(self._drop_all, sids)

    def release_code(self, code: str, path: str | None = None) -> None:
        """Drop table ``code`` here (:meth:`release`), sending its players to ``path``."""
        table = self.rooms.tables.get(code)
        if table is not None:
            with table.lock:
                if not table.closed:
                    self.release(table, path)

    def _drop_all(self, sids: list[str]) -> None:
        for sid in sids:
            self.drop(sid)
