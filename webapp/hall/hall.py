"""The hall: the rooms (:mod:`webapp.hall.rooms`) as the app and the socket layer meet them.

Each client event runs through the command table (:data:`webapp.hall.commands.COMMANDS`); the app's wiring (the
several workers, the review, the ratings, events) and the background tasks use the public calls below.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from engine.registry import get_game
from webapp.hall.commands import COMMANDS, payloads, seats
from webapp.hall.rooms import Rooms
from webapp.tables import Table
from webapp.tokens import new_token

Answer = dict[str, Any]


class Hall(Rooms):
    """All tables of this server process, and every operation a client may ask for."""

    # ---- the protocol ------------------------------------------------------------------------
    def run(self, event: str, sid: str, raw: Any) -> Answer:
        """Run client event ``event`` of connection ``sid`` with its payload ``raw`` (see :data:`COMMANDS`)."""
        return COMMANDS[event].run(self, sid, event, raw)

    def connect(self, sid: str, address: str = "", patch: bool = False, player: str | None = None) -> None:
        """A new connection (:meth:`webapp.hall.connections.Connections.connect`)."""
        self.conns.connect(sid, address, patch, player)

    def resume(self, sid: str, code: str, token: str) -> Answer:
        """A reconnection's own ``resume`` of a seat whose token its ``auth`` showed (no ``stood_in`` reported)."""
        return seats.resume(self, sid, payloads.Resume(code, token), report=False)

    def disconnect(self, sid: str) -> None:
        """Connection ``sid`` is gone."""
        seats.disconnect(self, sid)

    def allow(self, sid: str) -> bool:
        """The per-connection rate limit: ``False`` when this event must be refused."""
        return self.conns.allow(sid)

    def address_of(self, sid: str) -> str:
        """The client address of connection ``sid`` (``""`` if unknown)."""
        return self.conns.address_of(sid)

    # ---- keeping, restarts and several workers -------------------------------------------------
    def summaries(self) -> list[dict[str, Any]]:
        """The lobby's line of every open table held here."""
        return [t.summary() for t in list(self.tables.values()) if t.listed()]

    def resumable(self, code: str) -> bool:
        """True if the server holds table ``code`` or can bring it back for a player with a token."""
        return self.rebuild.resumable(code)

    def restore(self) -> int:
        """Note the journal's tables after a restart (:meth:`webapp.hall.rebuild.Rebuild.restore`)."""
        return self.rebuild.restore()

    def start_sweeping(self) -> None:
        """Start the sweep of tables nobody is at (:meth:`webapp.hall.keeping.Keeping.sweep`)."""
        self.keeping.start_sweeping()

    def sweep(self, now: float | None = None) -> None:
        """Close or put away the tables nobody has been at for too long."""
        self.keeping.sweep(now)

    def release(self, code: str, path: str | None = None) -> None:
        """Several workers: drop table ``code`` here, sending its players to ``path`` (:mod:`webapp.hall.workers`)."""
        self.workers.release_code(code, path)

    def reassure(self, quiet: float) -> None:
        """Several workers: a ``beat`` to the connections of every table here that have been sent nothing for
        ``quiet`` seconds (:meth:`webapp.hall.feed.Feeds.reassure`)."""
        now = time.monotonic()
        for table in list(self.tables.values()):
            self.feeds.reassure(table, quiet, now)

    def share_address_limit(self, redis: Any) -> None:
        """Several workers: count the tables created per client address in Redis."""
        self.workers.share_address_limit(redis)

    @property
    def owns(self) -> Callable[[str], bool]:
        """Take a new table's lease under ``code`` here (:mod:`webapp.hall.workers`)."""
        return self.workers.owns

    @owns.setter
    def owns(self, owns: Callable[[str], bool]) -> None:
        self.workers.owns = owns

    @property
    def take(self) -> Callable[[str], Any]:
        """Take the lease of a table of the shared journal, or raise ``Moved`` (:mod:`webapp.hall.workers`)."""
        return self.workers.take

    @take.setter
    def take(self, take: Callable[[str], Any]) -> None:
        self.workers.take = take

    @property
    def let_go(self) -> Callable[[str], Any]:
        """Release the lease of a table no longer held here (:mod:`webapp.hall.workers`)."""
        return self.workers.let_go

    @let_go.setter
    def let_go(self, let_go: Callable[[str], Any]) -> None:
        self.workers.let_go = let_go

    @property
    def shared(self) -> bool:
        """The journal is shared with other workers."""
        return self.workers.shared

    @shared.setter
    def shared(self, shared: bool) -> None:
        self.workers.shared = shared

    @property
    def drop(self) -> Callable[[str], Any]:
        """Close a connection so that its client reconnects."""
        return self.workers.drop

    @drop.setter
    def drop(self, drop: Callable[[str], Any]) -> None:
        self.workers.drop = drop

    # ---- events (webapp/events) --------------------------------------------------------------
    def seat_and_start(
        self,
        game: str,
        options: dict[str, Any],
        seats: list[tuple[str, str] | None],
        level: str,
        event: str,
        seed: int | None = None,
    ) -> Table:
        """A table of an event's round (:mod:`webapp.events`), seated and started at once: ``seats`` holds each
        seat's ``(name, player)`` (his pages find the seat by his player) or ``None`` for a bot of ``level``."""
        table = self.keeping.open(get_game(game), len(seats), options)
        with table.lock:
            table.level, table.event = level, event
            for seat, who in zip(table.seats, seats, strict=True):
                if who is None:
                    table.seat_bot(seat, self.bots.name(table, None))
                else:
                    self.seat_human(table, seat, who[0], new_token(), who[1])
            self.save(table)
            self.play.new_game(table, self.play.seed() if seed is None else seed, None, None)
            self.changed(table)
        return table

    def event_hold(self, table: Table, event: str, held: bool) -> None:
        """Mark ``table`` as a round of ``event`` (after a restart too), its bots waiting while ``held``."""
        self.standins.event_hold(table, event, held)

    def stand_in_now(self, table: Table, index: int) -> None:
        """A bot plays the human seat ``index`` from now on (an event's director replaced a missing player)."""
        self.standins.stand_in_now(table, index)
