"""Finding a table and bringing one back: dormant tables rebuilt from the journal (after a restart, or made room
for), parked ones brought back for a player's token, and what a restart notes of the journal."""

from __future__ import annotations

import hmac
import logging
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from engine.messages import msg
from engine.registry import get_game, replay
from engine.search import LEVELS, canonical
from webapp.house import split_fixed
from webapp.journal.errors import DamagedRow
from webapp.ratelimit import WindowLimit, later
from webapp.tables import Table, TableError

if TYPE_CHECKING:
    from webapp.hall.rooms import Rooms

log = logging.getLogger(__name__)


class Rebuild:
    """Tables found in memory, or rebuilt from the journal."""

    def __init__(self, rooms: Rooms):
        self.rooms = rooms
        self.backlog: deque[str] = deque()
        """Tables a restart left to be rebuilt in the background."""
        self._rebuilds = WindowLimit(rooms.config["REBUILDS_PER_MINUTE"], 60)

    def find(self, code: str, sid: str | None = None) -> Table:
        """The open table ``code``, rebuilt from the journal if it is dormant; ``TableError`` if there is none. A
        rebuild asked for by connection ``sid`` counts against its address's ``REBUILDS_PER_MINUTE``."""
        rooms = self.rooms
        rooms.workers.adopt(code)
        table = rooms.tables.get(code)
        if table is None:
            if sid is not None and code in rooms.dormant:
                self._count_rebuild(sid)
            table = self.load(code)
        if table is None or table.closed:
            raise TableError(msg("server.table.none", code=code))
        return table

    def _count_rebuild(self, sid: str) -> None:
        """A dormant table is to be rebuilt for connection ``sid`` without its token (``watch``, ...): refused past
        ``REBUILDS_PER_MINUTE`` from its address (each rebuild replays a game and keeps it in memory)."""
        address = self.rooms.conns.address_of(sid)
        if address in self.rooms.exempt:
            return
        wait = self._rebuilds.wait(address)
        if wait > 0:
            raise TableError(msg("server.rebuild.too_many", when=later(wait)))
        self._rebuilds.note(address)

    def for_token(self, code: str, token_hash: str) -> Table:
        """The table ``code`` for a player's page showing the token of this hash (``resume``): held, dormant (a junk
        token rebuilds nothing) or parked; ``TableError`` if there is none."""
        rooms = self.rooms
        rooms.workers.adopt(code)
        if code not in rooms.tables and code in rooms.dormant and not self._holds_seat(code, token_hash):
            raise TableError(msg("server.resume.unknown_token"))
        table = rooms.tables.get(code) or self.load(code) or self._unpark(code, token_hash)
        if table.closed:
            raise TableError(msg("server.table.none", code=code))
        return table

    def _holds_seat(self, code: str, token_hash: str) -> bool:
        """Whether a seat of table ``code`` in the journal has the token of this hash (one query, no rebuild)."""
        return any(
            held is not None and hmac.compare_digest(held, token_hash) for held in self.rooms.journal.token_hashes(code)
        )

    def _unpark(self, code: str, token_hash: str) -> Table:
        """A parked table brought back from the journal for the player whose token's hash is ``token_hash``."""
        rooms = self.rooms
        since = time.time() - rooms.config["RESUMABLE_HOURS"] * 3600
        data = rooms.journal.parked_table(code, since)
        if data is None or not any(
            s["token_hash"] and hmac.compare_digest(s["token_hash"], token_hash) for s in data["seats"]
        ):
            raise TableError(msg("server.table.none", code=code))
        if rooms.workers.shared:
            rooms.workers.take(code)
        with self._lease_given_up_on_failure(code), rooms.lock:
            if code in rooms.tables:
                return rooms.tables[code]
            rooms.keeping.make_room()
            table = self._restore_table(data)
        rooms.journal.park_table(code, parked=False)
        return table

    def resumable(self, code: str) -> bool:
        """True if the server holds table ``code`` or can bring it back for a player with a token."""
        rooms = self.rooms
        if code in rooms.tables:
            return not rooms.tables[code].closed
        if code in rooms.dormant or (rooms.workers.shared and rooms.journal.is_open(code)):
            return True
        return rooms.journal.parked_table(code, time.time() - rooms.config["RESUMABLE_HOURS"] * 3600) is not None

    # ---- restart ----------------------------------------------------------------------------
    def restore(self) -> int:
        """Note every table of the journal a player may come back to, without reading any game: those with a game
        in progress or waiting to start, and those whose game ended less than ``KEEP_FINISHED_HOURS`` ago (their
        players can still see the result and play again). The first are rebuilt now for up to ``RESTORE_SECONDS``,
        the rest of them by a background task; finished ones only when somebody asks for them. Any table still
        dormant is rebuilt on first access (``resume``, ``watch``, ...). Returns how many were rebuilt now."""
        rooms = self.rooms
        rooms.journal.archive_parked(time.time() - rooms.config["RESUMABLE_HOURS"] * 3600)
        if rooms.workers.shared:  # each table is rebuilt by the worker its players reach first
            return 0
        since = time.time() - rooms.config["KEEP_FINISHED_HOURS"] * 3600
        index = rooms.journal.table_index(finished_since=since)
        now = time.monotonic()
        with rooms.lock:
            rooms.dormant.update(dict.fromkeys(index, now))
        self.backlog.extend(code for code, state in index.items() if state != "over")
        deadline = time.perf_counter() + rooms.config["RESTORE_SECONDS"]
        count = 0
        while self.backlog and time.perf_counter() < deadline:
            count += self._load_next()
        if self.backlog:
            rooms.start_task(self._restore_rest)
        return count

    def _restore_rest(self) -> None:
        """Rebuild the tables :meth:`restore` left, one at a time, letting connections be served in between."""
        while self.backlog and not self.rooms.is_shut():
            self._load_next()
            self.rooms.sleep(0)

    def _load_next(self) -> int:
        code = self.backlog.popleft()
        try:
            return 1 if self.load(code) is not None else 0
        except TableError:  # the server is full of busy tables: it stays dormant, rebuilt when asked for
            return 0

    def load(self, code: str) -> Table | None:
        """Rebuild the dormant table ``code`` from the journal (``None`` if it is not dormant, or no longer open). One
        that cannot be rebuilt is logged and refused with ``server.table.broken``, nothing of it left in memory; it
        stays in the journal and the next request for it tries again. With several workers, a rebuild that fails in
        any way gives the table's lease up at once, so that the next request, at any worker, may try again."""
        with self._lease_given_up_on_failure(code):
            return self._load(code)

    @contextmanager
    def _lease_given_up_on_failure(self, code: str) -> Iterator[None]:
        """Several workers: a rebuild of table ``code`` that fails gives up its lease (and the dormant mark: the next
        request asks the directory again), or no other worker could ever serve the table."""
        try:
            yield
        except Exception:
            if self.rooms.workers.shared:
                with self.rooms.lock:
                    self.rooms.dormant.pop(code, None)
                self.rooms.workers.let_go(code)
            raise

    def _load(self, code: str) -> Table | None:
        rooms = self.rooms
        if code not in rooms.dormant:
            if code in rooms.tables:
                return rooms.tables[code]
            with rooms.lock:  # a rebuild of it under way finishes first
                return rooms.tables.get(code)
        try:
            data = rooms.journal.open_table(code)
        except DamagedRow as exc:
            log.error("table %s cannot be rebuilt: %s; it stays in the journal, asked for it is tried again", code, exc)
            raise TableError(msg("server.table.broken", code=code)) from None
        with rooms.lock:
            if code in rooms.tables:
                return rooms.tables[code]
            since = rooms.dormant.pop(code, None)
            if since is None:
                return rooms.tables.get(code)
            if data is None:  # closed or parked in the journal meanwhile
                return None
            try:
                rooms.keeping.make_room()
                return self._restore_table(data)
            except TableError:
                rooms.dormant[code] = since
                raise
            except Exception:
                log.exception(
                    "could not rebuild table %s (it stays in the journal; asked for, it is tried again)", code
                )
                rooms.tables.pop(code, None)  # half-built: the table was dormant, nothing else held it here
                rooms.dormant[code] = since
                raise TableError(msg("server.table.broken", code=code)) from None

    def _restore_table(self, data: dict[str, Any]) -> Table:
        """Rebuild one table of the journal and hold it; every human seat starts away. Its journalled actions are
        replayed as trusted (checked when they were first applied: no legal moves are derived again), and the
        deals of its finished hands are journalled together."""
        rooms = self.rooms
        decl = get_game(data["game"])
        fixed, house = split_fixed(data["fixed"])
        table = Table(data["code"], decl, data["players"], data["options"], data["host_seat"], fixed)
        table.house, house.scale = house, rooms.config["CLOCK_SCALE"]
        for row in data["seats"]:
            seat = table.seats[row["seat"]]
            seat.kind, seat.name, seat.bot, seat.token_hash = row["kind"], row["name"], row["bot"], row["token_hash"]
            seat.player = row.get("player")
        table.level = next((level for s in table.humans() if (level := canonical(s.bot)) in LEVELS), table.level)
        current = data["current"]
        deals: list[tuple[str, dict[str, Any]]] = []
        with table.lock:
            if current is not None:
                record = dict(current["record"])
                actions = record.pop("actions")
                table.game = replay({**record, "actions": []})
                table.game_id, table.base_version = current["id"], current["base_version"]
                rooms.play.replay_moves(table, actions, deals)
                for seat in table.humans():
                    rooms.standins.away(table, seat)
            rooms.tables[table.code] = table
            rooms.bots.wake(table)
        try:
            rooms.journal.save_deals(deals)
        except Exception:
            log.exception("the deals of table %s could not be journalled", table.code)
        return table
