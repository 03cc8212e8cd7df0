"""Table keeping: opening a table under the limits, making room, closing, and the sweep of tables nobody is at."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from engine.core import GameDecl
from engine.messages import msg
from webapp.ratelimit import SharedWindowLimit, WindowLimit, later
from webapp.tables import Table, TableError
from webapp.tokens import new_table_code

if TYPE_CHECKING:
    from webapp.hall.rooms import Rooms

log = logging.getLogger(__name__)


class Keeping:
    """Which tables are held in memory: new ones under the limits, idle ones made room for, closed and swept."""

    def __init__(self, rooms: Rooms):
        self.rooms = rooms
        window = rooms.config["CREATE_WINDOW_MINUTES"] * 60
        self.by_address: WindowLimit | SharedWindowLimit = WindowLimit(rooms.config["CREATE_PER_ADDRESS"], window)
        """Tables created from each client address in the window (shared in Redis by several workers)."""

    def open(
        self,
        decl: GameDecl,
        players: int,
        options: dict[str, Any],
        host_seat: int = 0,
        fixed: dict[str, Any] | None = None,
        creator: str | None = None,
        sid: str | None = None,
    ) -> Table:
        """A new table under a fresh code this worker owns, held here. With a ``creator`` address it counts against
        (and is refused over) the creation limits, of connection ``sid`` too when one asked."""
        rooms = self.rooms
        rooms.workers.can_create()
        with rooms.lock:
            if creator is not None:
                self.check_limits(sid, creator)
            self.make_room()
            code = new_table_code()
            while code in rooms.tables or code in rooms.dormant or not rooms.workers.owns(code):
                code = new_table_code()
            table = Table(code, decl, players, options, host_seat=host_seat, fixed=fixed)
            rooms.tables[code] = table
            if creator is not None:
                table.creator_address = creator
                if sid is not None:
                    rooms.conns.created.note(sid)
                if creator not in rooms.exempt:
                    self.by_address.note(creator)
        return table

    def check_limits(self, sid: str | None, address: str) -> None:
        """Refuse a new table over the limits of connection ``sid`` or of its client's address (under the rooms'
        lock): tables created per window, and unfinished tables created from one address at once."""
        rooms = self.rooms
        wait = rooms.conns.created.wait(sid) if sid is not None else 0.0
        if address not in rooms.exempt:
            wait = max(wait, self.by_address.wait(address))
        if wait > 0:
            raise TableError(msg("server.create.too_soon", when=later(wait)))
        if address in rooms.exempt:
            return
        mine = sum(1 for t in rooms.tables.values() if t.creator_address == address and t.state != "over")
        limit = rooms.config["OPEN_TABLES_PER_ADDRESS"]
        if mine >= limit:
            raise TableError(msg("server.create.too_many_open", n=limit))

    def make_room(self) -> None:
        """Under the rooms' lock: at the table cap forget idle tables, else refuse."""
        if len(self.rooms.tables) >= self.rooms.config["MAX_TABLES"]:
            self._evict_idle()
        if len(self.rooms.tables) >= self.rooms.config["MAX_TABLES"]:
            raise TableError(msg("server.full"))

    def _evict_idle(self) -> None:
        """Make room: forget finished tables nobody is at (they stay in the journal's history), then idle
        tables that never started. Games in progress are never dropped."""
        rooms = self.rooms
        for state in ("over", "waiting"):
            for code, table in list(rooms.tables.items()):
                if table.state == state and not table.watchers and table.lock.acquire(blocking=False):
                    try:
                        if not table.watchers:
                            table.closed = True
                            if state == "waiting":
                                rooms.journal.close_table(code)
                            elif not rooms.workers.shared:
                                rooms.dormant[code] = time.monotonic()  # its players may still come back to it
                            del rooms.tables[code]
                            rooms.workers.let_go(code)
                    finally:
                        table.lock.release()
            if len(rooms.tables) < rooms.config["MAX_TABLES"]:
                return

    def forget(self, table: Table) -> None:
        """A table that could not be set up is closed and not held (its journal row, if any, is the caller's)."""
        table.closed = True
        with self.rooms.lock:
            self.rooms.tables.pop(table.code, None)
        self.rooms.workers.let_go(table.code)

    def close(self, table: Table) -> None:
        """Close the table for good (its games stay in the history)."""
        table.closed = True
        self.rooms.journal.close_table(table.code)
        with self.rooms.lock:
            self.rooms.tables.pop(table.code, None)
        self.rooms.workers.let_go(table.code)

    # ---- tables nobody is at -----------------------------------------------------------------
    def start_sweeping(self) -> None:
        """Check every ``SWEEP_SECONDS`` for tables no human has been connected to for too long."""
        self.rooms.start_task(self._sweep_loop)

    def _sweep_loop(self) -> None:
        while True:
            self.rooms.sleep(self.rooms.config["SWEEP_SECONDS"])
            if self.rooms.is_shut():
                return
            try:
                self.sweep()
            except Exception:
                log.exception("sweeping the tables failed")

    def sweep(self, now: float | None = None) -> None:
        """Close waiting tables no seated human has been connected to for ``EXPIRE_WAITING_MINUTES`` and finished
        ones after ``CLOSE_IDLE_MINUTES`` (their games stay in the history); put away (park) tables with a game in
        progress after ``CLOSE_IDLE_MINUTES``: their players' tokens bring them back for ``RESUMABLE_HOURS``.
        Spectators do not keep a table."""
        rooms = self.rooms
        now = time.monotonic() if now is None else now
        self._sweep_dormant(now)
        for table in list(rooms.tables.values()):
            with table.lock:
                if table.closed:
                    continue
                if table.present():
                    table.unattended_since = None
                    continue
                if table.unattended_since is None:
                    table.unattended_since = now
                    continue
                minutes = rooms.config["EXPIRE_WAITING_MINUTES" if table.state == "waiting" else "CLOSE_IDLE_MINUTES"]
                if now - table.unattended_since < minutes * 60:
                    continue
                if table.state == "playing":
                    rooms.journal.park_table(table.code)
                    table.closed = True
                    with rooms.lock:
                        rooms.tables.pop(table.code, None)
                    rooms.workers.let_go(table.code)
                else:
                    self.close(table)

    def _sweep_dormant(self, now: float) -> None:
        """Close the dormant tables nobody came back to within ``CLOSE_IDLE_MINUTES`` (finished games: their games
        stay in the history); those still to be rebuilt are left to the rebuild."""
        rooms = self.rooms
        limit = rooms.config["CLOSE_IDLE_MINUTES"] * 60
        waiting = set(rooms.rebuild.backlog)
        with rooms.lock:
            stale = [c for c, since in rooms.dormant.items() if now - since >= limit and c not in waiting]
            for code in stale:
                del rooms.dormant[code]
        rooms.journal.close_tables(stale)
