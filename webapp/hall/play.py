"""Play: dealing a new game, applying and journalling a move, and the deal codes of the hands played.

A move is applied, then journalled; a journal that refuses it undoes it and the refusal is raised upward (a
``TableError`` whose reason says the move was not kept), never handled here. The caller ends with the rooms'
``changed`` step (send, wake the bots, tell the review and ratings of a game that ended).
"""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING, Any

from engine.core import Deal, IllegalAction
from engine.messages import msg
from engine.options import OptionError
from engine.registry import replay
from webapp.dealcodes import deal_code, deal_record
from webapp.journal.errors import TableMoved, refusal
from webapp.tables import Table, TableError
from webapp.tokens import SEED_BITS, new_seed

if TYPE_CHECKING:
    from webapp.hall.rooms import Rooms

log = logging.getLogger(__name__)

Deals = list[tuple[str, dict[str, Any]]]
"""Deal codes and the deals they name, to be journalled together."""


class Play:
    """New games and moves at the tables."""

    def __init__(self, rooms: Rooms):
        self.rooms = rooms
        fixed = rooms.config.get("DEAL_SEED")
        self._deal_seeds = random.Random(fixed) if fixed is not None else None

    def seed(self) -> int:
        """A new game's seed: from the operating system's secure source, or, with ``DEAL_SEED`` set (tests, demos),
        the next of a generator seeded with it, so that a server's tables deal the same games run after run."""
        return self._deal_seeds.getrandbits(SEED_BITS) if self._deal_seeds is not None else new_seed()

    def new_game(
        self,
        table: Table,
        seed: int,
        dealer: int | None,
        deal: dict[str, Any] | None,
        start: dict[str, Any] | None = None,
    ) -> None:
        """Deal a new game with the table's seats and options and journal it (under the table's lock); the seats of
        players not here are away from the start."""
        try:
            game = table.decl.new(
                table.players,
                table.options,
                seed,
                dealer=dealer,
                deal=Deal.from_json(deal) if deal else None,
                start=start,
            )
        except OptionError as exc:  # a check the game makes only when it deals (options that do not go together)
            raise TableError(exc.reason) from None
        base = table.version + 1
        rooms = self.rooms
        try:
            table.game_id = rooms.journal.start_game(table.code, game.record(), [s.name for s in table.seats], base)
        except TableMoved:
            rooms.workers.release(table)
            raise TableError(msg("server.act.stale")) from None
        table.game, table.base_version = game, base
        table.hand_record, table.deal_codes = None, []
        self.track_hands(table)
        for seat in table.humans():
            if not table.connected(seat.index) and not seat.stand_in:
                rooms.standins.away(table, seat)

    def apply(self, table: Table, index: int, action: str, sid: str | None = None) -> None:
        """Apply a move of seat ``index`` (of connection ``sid``'s player, else its bot) and journal it; a move the
        journal refuses is undone and the refusal raised."""
        game = table.current()
        if table.game_id is None:
            raise TableError(msg("server.game.not_started"))
        waited = index in game.to_act()
        try:
            game.apply(index, action)
        except IllegalAction:
            raise
        except Exception:
            log.exception("the engine failed on %r at table %s", action, table.code)
            table.game = replay(game.record())
            raise TableError(msg("server.act.failed")) from None
        seat, norm = game.log[-1]
        rooms = self.rooms
        mover = (rooms.conns.player(sid) or "") if sid is not None else f"bot:{table.seats[index].bot}"
        try:
            rooms.journal.add_action(
                table.game_id, len(game.log) - 1, seat, norm, game.result() if game.is_over else None, mover
            )
        except Exception as exc:
            record = game.record()
            record["actions"].pop()
            table.game = replay(record)
            if isinstance(exc, TableMoved):
                rooms.workers.release(table)
                raise TableError(msg("server.act.stale")) from None
            log.exception("journal write failed at table %s", table.code)
            raise TableError(refusal(exc, move=True)) from None
        table.free_streak = 0 if waited else table.free_streak + 1
        self.track_hands(table)
        if table.event is not None:
            rooms.event_moved(table)
        if game.is_over:
            table.ended = table.game_id

    def replay_moves(self, table: Table, actions: list[Any], deals: Deals) -> None:
        """Apply a game's own journalled moves to the table's game (trusted: they were checked when first played),
        adding the finished hands' deals to ``deals`` (journalled together by the caller)."""
        game = table.current()
        self.track_hands(table, deals)
        for seat, action in actions:
            game.apply(seat, action, trusted=True)
            if table.hand_record is None or getattr(game, "hand_no", None) != table.hand_record.get("hand_no"):
                self.track_hands(table, deals)
        self.track_hands(table, deals)

    def track_hands(self, table: Table, deals: Deals | None = None) -> None:
        """Give each finished hand its deal code, and note the deal of the hand now in play; the finished hand's deal
        is journalled at once, or added to ``deals`` (a rebuild journals them together)."""
        game = table.current()
        hand_no = getattr(game, "hand_no", None)
        held = table.hand_record
        if held is not None and not game.is_over and held.get("hand_no") != hand_no:
            current = deal_record(game)
            if current is not None and current["deal"] == held["deal"]:
                # the same deal, only numbered now (Bank deals after the trump choice)
                held = table.hand_record = current
        if held is not None and (game.is_over or held.get("hand_no") != hand_no):
            code = deal_code(held)
            if deals is None:
                self.rooms.journal.save_deal(code, held)
            else:
                deals.append((code, held))
            table.deal_codes.append({"hand_no": held.get("hand_no"), "code": code})
            table.hand_record = None
        if table.hand_record is None and not game.is_over:
            table.hand_record = deal_record(game)
