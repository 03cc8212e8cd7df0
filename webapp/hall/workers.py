"""Several workers: which tables this worker owns, and what it does when another worker holds one.

The whole of the several-workers ownership is here, behind a small interface the other services call:
:meth:`Workers.owns` (a new table's code is one nginx brings here), :meth:`Workers.adopt` (a table asked for here
that another worker created, or held and died, is rebuilt here), :meth:`Workers.release` (another worker holds a
table now: forget it and send its connections there) and :meth:`Workers.hand_over` (the periodic check for tables
taken over). ``shared`` says the journal is shared; ``drop`` closes a connection so its client reconnects.
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
        """Whether nginx brings table ``code`` to this worker when every worker is up (several workers: the ring,
        docs/deploy.md); a new table gets such a code."""
        self.shared = False
        """The journal is shared with other workers: a table asked for that is not in memory may be in the journal
        (created or held by another worker that died), and is rebuilt from it."""
        self.drop: Callable[[str], Any] = lambda sid: None
        """Close a connection so that its client reconnects (through nginx, to the table's worker)."""

    def share_address_limit(self, redis: Any) -> None:
        """Count the tables created per client address in Redis, with every other worker (several workers)."""
        config = self.rooms.config
        window = config["CREATE_WINDOW_MINUTES"] * 60
        self.rooms.keeping.by_address = SharedWindowLimit(redis, ADDRESS_PREFIX, config["CREATE_PER_ADDRESS"], window)

    def adopt(self, code: str) -> None:
        """Several workers: a table asked for here that is not in memory but open in the shared journal (another
        worker created it, or held it and died) becomes dormant here, so it is rebuilt here (nginx sends its players
        here now)."""
        rooms = self.rooms
        if self.shared and code not in rooms.tables and code not in rooms.dormant and rooms.journal.is_open(code):
            with rooms.lock:
                if code not in rooms.tables:
                    rooms.dormant.setdefault(code, time.monotonic())

    def release(self, table: Table) -> None:
        """Under the table's lock: another worker holds the table now (its write was refused): forget it here, without
        a word to the journal, and close its connections so that their clients reconnect to that worker."""
        log.warning("table %s is held by another worker now: its connections are sent there", table.code)
        table.closed = True
        with self.rooms.lock:
            if self.rooms.tables.get(table.code) is table:
                del self.rooms.tables[table.code]
        sids = list(table.watchers)
        table.watchers.clear()
        self.rooms.start_task(self._drop_all, sids)

    def hand_over(self) -> None:
        """Several workers: forget the tables another worker has taken over (it rebuilt them from the journal: nginx
        sent one of their players there) and send their connections there too, so nobody watches a stale copy."""
        tables = self.rooms.tables
        for code in self.rooms.journal.taken([code for code, table in list(tables.items()) if not table.closed]):
            table = tables.get(code)
            if table is not None:
                with table.lock:
                    if not table.closed:
                        self.release(table)

    def _drop_all(self, sids: list[str]) -> None:
        for sid in sids:
            self.drop(sid)
