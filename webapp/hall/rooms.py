"""The hall's rooms: the state every service shares, the services themselves, and the frame every command runs in.

A command (:mod:`webapp.hall.commands`) finds its table and holds its lock (:meth:`Rooms.at`), checks, changes the
table through :class:`~webapp.tables.Table`'s own methods and the services, journals what must be kept
(:meth:`Rooms.save`), and ends in one :meth:`Rooms.changed` step: every connection is sent its view of the table,
then the bots are woken. Services never import commands.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from engine.messages import msg
from webapp.clock import Clock
from webapp.config import exempt_addresses
from webapp.hall.bots import Bots
from webapp.hall.connections import Connections
from webapp.hall.feed import Feeds
from webapp.hall.hints import Hints
from webapp.hall.keeping import Keeping
from webapp.hall.play import Play
from webapp.hall.rebuild import Rebuild
from webapp.hall.standins import StandIns
from webapp.hall.workers import Workers
from webapp.house import journal_fixed
from webapp.journal import Journal
from webapp.players import Players
from webapp.tables import Seat, Table, TableError
from webapp.thinking import Thinker, default_workers
from webapp.tokens import hash_token

Emit = Callable[..., Any]
StartTask = Callable[..., Any]
Sleep = Callable[[float], Any]


class Rooms:
    """All tables of this server process, the connections at them, and the services that keep them."""

    def __init__(self, config: dict[str, Any], journal: Journal, emit: Emit, start_task: StartTask, sleep: Sleep):
        self.config = config
        self.journal = journal
        self.players = Players(journal)
        self.emit = emit
        self.start_task = start_task
        self.sleep = sleep
        self.tables: dict[str, Table] = {}
        self.dormant: dict[str, float] = {}
        """Tables of the journal a player may come back to that are not in memory (not rebuilt yet after a restart,
        or finished ones made room for), by code, with when they became dormant (``time.monotonic()``)."""
        self.lock = threading.Lock()
        """Guards ``tables`` and ``dormant`` (a table's own changes are under its own lock)."""
        self.exempt = exempt_addresses(config)
        self.shut_down = False
        workers = config.get("BOT_WORKERS")
        self.thinker = Thinker(default_workers() if workers is None else workers, sleep)
        self.clock = Clock(self)
        """The turn clock of every table (:mod:`webapp.clock`)."""
        self.finished: Callable[[Table], Any] = lambda table: None
        """Told of each game that ends at a table (its journal row written): the review (webapp/review.py)."""
        self.game_over: Callable[[int], Any] = lambda game_id: None
        """Told the id of every game that ends here, after its last move is journalled (:mod:`webapp.ratings`)."""
        self.event_moved: Callable[[Table], Any] = lambda table: None
        """Told (inside the table's lock) of every move at a table of an event (:mod:`webapp.events`): a round of a
        fixed number of deals ends there when the last is played."""
        self.workers = Workers(self)
        self.conns = Connections(self)
        self.connections = self.conns.by_sid
        self.keeping = Keeping(self)
        self.rebuild = Rebuild(self)
        self.feeds = Feeds(self)
        self.play = Play(self)
        self.bots = Bots(self)
        self.standins = StandIns(self)
        self.hints = Hints(self)

    # ---- the frame ---------------------------------------------------------------------------
    def table(self, code: str, sid: str | None = None) -> Table:
        """The open table ``code``, rebuilt from the journal if it is dormant; ``TableError`` if there is none. A
        rebuild asked for by connection ``sid`` counts against its address's ``REBUILDS_PER_MINUTE``."""
        return self.rebuild.find(code, sid)

    @contextmanager
    def at(self, code: str, sid: str | None = None) -> Iterator[Table]:
        """The table ``code`` (:meth:`table`), under its lock for the command's checks and changes."""
        table = self.table(code, sid)
        with table.lock:
            yield table

    def changed(self, table: Table, ack_sid: str | None = None) -> dict[str, Any] | None:
        """Under the table's lock, after any change: send every connection its view (the patch of connection
        ``ack_sid``, the mover's, is returned for its ack instead), wake the bots, and tell the review and the
        ratings of a game that has just ended."""
        patch = self.feeds.send(table, ack_sid)
        self.bots.wake(table)
        ended, table.ended = table.ended, None
        if ended is not None:
            self.finished(table)
            self.game_over(ended)
        return patch

    def save(self, table: Table) -> None:
        """Journal the table itself: its game, seats, options, host and house settings."""
        data = {
            "code": table.code,
            "game": table.decl.id,
            "players": table.players,
            "options": table.options,
            "host_seat": table.host_seat,
            "fixed": journal_fixed(table.fixed, table.house),
        }
        self.journal.save_table(data, [s.to_journal() for s in table.seats])

    @staticmethod
    def require_host(table: Table, sid: str, key: str) -> None:
        """Refuse with the message ``key`` unless this connection holds the host's seat."""
        if table.seat_of(sid) != table.host_seat:
            raise TableError(msg(key))

    @staticmethod
    def player_seat(table: Table, sid: str) -> int:
        """The seat connection ``sid`` holds at the table; refused for a spectator."""
        index = table.seat_of(sid)
        if index is None:
            raise TableError(msg("server.table.watching"))
        return index

    def attach(self, sid: str, table: Table, index: int | None) -> None:
        """Connection ``sid`` is at ``table``, holding seat ``index`` (``None``: watching)."""
        table.attach(sid, index)
        self.conns.at(sid, table.code)

    def seat_human(self, table: Table, seat: Seat, name: str, token: str, player: str | None = None) -> None:
        """A player sits down in ``seat`` under ``token`` (:meth:`webapp.tables.Table.sit`), his stand-in a bot of
        the table's level."""
        table.sit(seat, name, hash_token(token), player, self.bots.name(table, None), time.monotonic())

    # ---- life ---------------------------------------------------------------------------------
    def is_shut(self) -> bool:
        """Whether :meth:`shut` was called (background loops end)."""
        return self.shut_down

    def shut(self) -> None:
        """Stop serving: every bot loop and the sweep end at their next step, then the journal closes (the tables
        stay in it)."""
        self.shut_down = True
        for table in list(self.tables.values()):
            with table.lock:
                table.closed = True
        self.thinker.shut()
        self.journal.close()
