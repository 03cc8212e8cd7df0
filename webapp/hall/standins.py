"""Stand-ins: a bot keeps an away player's seat after the grace period, and the host's place passes on before the
start when the host has been away too long; an event's director may put a stand-in in at once."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from webapp.claims import host_heir
from webapp.tables import Seat, Table

if TYPE_CHECKING:
    from webapp.hall.rooms import Rooms


class StandIns:
    """The grace periods of away players and hosts."""

    def __init__(self, rooms: Rooms):
        self.rooms = rooms

    def away(self, table: Table, seat: Seat) -> None:
        """A human's last connection is gone: after the grace period a bot keeps the seat for them."""
        if seat.kind != "human":
            return
        if seat.away_since is None:
            seat.away_since = time.monotonic()
        if table.state != "playing":
            return
        seat.away_epoch += 1
        self.rooms.start_task(self._grace, table, seat.index, seat.away_epoch)

    def _grace(self, table: Table, index: int, epoch: int) -> None:
        rooms = self.rooms
        rooms.sleep(rooms.config["GRACE_SECONDS"])
        with table.lock:
            seat = table.seats[index]
            if seat.kind != "human" or seat.away_epoch != epoch or table.connected(index):
                return
            if table.state != "playing" or table.closed:
                return
            seat.stand_in = seat.missed = True
            if seat.bot is None:
                seat.bot = rooms.bots.name(table, None)
            rooms.changed(table)

    def pass_host(self, table: Table) -> None:
        """Before the start only the host may seat bots and start: a host whose last connection is gone (a phone
        locked, a tab closed) hands that, after ``HOST_GRACE_SECONDS`` (not during a reload), to the first player
        still here who sat down before he left (:func:`webapp.claims.host_heir`), so the others are not stranded."""
        left = table.seats[table.host_seat].away_since
        if table.state != "waiting" or table.connected(table.host_seat) or table.host_wait == left:
            return
        table.host_wait = left
        self.rooms.start_task(self._host_grace, table, table.host_seat, left)

    def _host_grace(self, table: Table, index: int, left: float | None) -> None:
        rooms = self.rooms
        rooms.sleep(rooms.config["HOST_GRACE_SECONDS"])
        with table.lock:
            table.host_wait = None
            seat = table.seats[index]
            if table.closed or table.state != "waiting" or table.host_seat != index or table.connected(index):
                return
            if left is None or seat.away_since != left:
                return
            heir = host_heir(table, left)
            if heir is None:
                return
            table.host_seat, table.host_left = heir, index
            rooms.save(table)
            rooms.changed(table)

    def stand_in_now(self, table: Table, index: int) -> None:
        """A bot plays the human seat ``index`` from now on (an event's director replaced a missing player); his
        page takes it back by coming to the table."""
        with table.lock:
            seat = table.seats[index]
            if seat.kind != "human" or table.state != "playing":
                return
            seat.stand_in = seat.missed = True
            self.rooms.changed(table)

    def event_hold(self, table: Table, event: str, held: bool) -> None:
        """Mark ``table`` as a round of ``event`` (after a restart too), its bots waiting while ``held``."""
        with table.lock:
            table.event, table.held = event, held
            self.rooms.bots.wake(table)
