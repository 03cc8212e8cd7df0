"""The turn clock, the bots' pace and "finish the hand".

With a clock (a table's house setting: relaxed, normal, fast), each player the game waits for has a move's time
and then his time bank; when both are out, his stand-in bot plays that one move (a note says so in the log), and
after :data:`webapp.house.AWAY_AFTER` such moves in a row his seat is marked away: the bot plays for him until he
is back (``back``, or any move of his). Time is the server's wall clock (``time.time()``): when each turn began is
journalled with the table, so a restarted server keeps every deadline. Each table with a running clock has one
background task that sleeps (the server's cooperative sleep) until the next deadline; the bot's move is thought
in the pool like any bot's, outside the table's lock.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from webapp.house import AWAY_AFTER, BOT_SPEEDS
from webapp.tables import Table

if TYPE_CHECKING:
    from webapp.hall.rooms import Rooms

log = logging.getLogger(__name__)

LONGEST_NAP = 5.0
"""The clock's task looks again at least this often (seconds): a turn that began meanwhile is noticed in time."""

NOTES_KEPT = 10
"""The clock's notes ("a bot played for Ann: her time was out") a table keeps for its log."""


class Clock:
    """The rooms' clock: keeps each table's turns, and plays for a player whose time is out."""

    def __init__(self, rooms: Rooms, now: Callable[[], float] = time.time):
        self.rooms = rooms
        self.now = now
        self._running: set[str] = set()

    def reset(self, table: Table) -> None:
        """Forget the turns under way (the clock was changed): the next ones are timed by the new setting."""
        table.house.state.turns.clear()

    def wake(self, table: Table) -> None:
        """Under the table's lock, after any change: start timing the players the game now waits for, stop timing
        those who moved (a move over its time takes the excess from the bank), journal that, and make sure a task
        watches the deadlines."""
        house = table.house
        state = house.state
        if table.game_id is not None and state.game_id != table.game_id:
            self._new_game(table)
        # a seat the clock marked away that is its player's again (he came back on another page: resume)
        house.idle -= {i for i in house.idle if not table.seats[i].stand_in}
        if house.clock == "off" or table.closed or table.state != "playing":
            if state.turns:
                state.turns.clear()
            return
        now = self.now()
        move, bank = table.house.limits()
        game = table.current()
        waited = {s for s in game.to_act() if not table.seats[s].bot_plays}
        changed = False
        for seat in [s for s in state.turns if s not in waited]:
            over = now - state.turns.pop(seat) - move
            if over > 0:
                state.bank[seat] = max(0.0, state.bank.get(seat, bank) - over)
            changed = True
        for seat in waited - state.turns.keys():
            state.turns[seat] = now
            changed = True
        if changed:
            self.save(table)
        if state.turns and table.present() and table.code not in self._running:
            self._running.add(table.code)
            self.rooms.start_task(self._watch, table)

    @staticmethod
    def _new_game(table: Table) -> None:
        """A new game at the table: fresh banks, no timeouts, and the seats the clock had marked away are their
        players' again (a bot keeps playing for one who is not here, as for anyone away)."""
        house, state = table.house, table.house.state
        state.turns.clear()
        state.bank.clear()
        state.streak.clear()
        state.game_id = table.game_id
        for index in house.idle:
            if table.connected(index):
                table.seats[index].stand_in = False
        house.idle.clear()
        house.rush = None

    def save(self, table: Table) -> None:
        """Journal the clock (when each turn began, the banks): a restarted server keeps the deadlines."""
        try:
            self.rooms.save(table)
        except Exception:
            log.exception("the clock of table %s could not be journalled", table.code)

    def deadline(self, table: Table, seat: int) -> float:
        """When ``seat``'s time (its move's, then its bank) runs out, in wall-clock seconds."""
        move, bank = table.house.limits()
        state = table.house.state
        return state.turns[seat] + move + state.bank.get(seat, bank)

    def _watch(self, table: Table) -> None:
        """The table's clock task: sleep until the next deadline, then let the bot play for whoever is out of time;
        ends when nobody is timed (or nobody is at the table: bots wait for a human too)."""
        try:
            while True:
                with table.lock:
                    state = table.house.state
                    if table.closed or self.rooms.is_shut() or not state.turns or not table.present():
                        self._running.discard(table.code)
                        return
                    now = self.now()
                    due = sorted((self.deadline(table, s), s) for s in state.turns)
                    when, seat = due[0]
                    version = table.version
                if when > now:
                    self.rooms.sleep(min(LONGEST_NAP, when - now))
                    continue
                self._time_out(table, seat, version)
        except Exception:
            log.exception("the clock failed at table %s", table.code)
            with table.lock:
                self._running.discard(table.code)

    def _time_out(self, table: Table, seat: int, version: int) -> None:
        """``seat``'s time is out: his stand-in bot plays this one move (thought in the pool), noted in the log; his
        seat is marked away after :data:`AWAY_AFTER` in a row."""
        rooms = self.rooms
        with table.lock:
            if table.version != version or seat not in table.house.state.turns:
                return
            job = rooms.bots.job(table, seat, False)
        try:
            choice, failure = rooms.thinker.run(job), None
        except Exception as exc:
            choice, failure = None, repr(exc)
        with table.lock:
            state = table.house.state
            if table.closed or table.version != version or seat not in state.turns:
                return
            streak = state.streak[seat] = state.streak.get(seat, 0) + 1
            away = streak >= AWAY_AFTER
            note = {"key": "clock.timeout_away" if away else "clock.timeout", "seat": seat}
            table.house.notes = [*table.house.notes, {**note, "at": len(table.current().events)}][-NOTES_KEPT:]
            if away:
                table.house.idle.add(seat)
                table.seats[seat].stand_in = table.seats[seat].missed = True
            rooms.bots.move(table, job, choice, failure)
            rooms.changed(table)

    def played(self, table: Table, index: int) -> None:
        """A player made a move himself: his timeouts in a row start again, and a seat the clock marked away is his
        again."""
        table.house.state.streak.pop(index, None)
        if index in table.house.idle:
            table.house.idle.discard(index)
            table.seats[index].stand_in = False


def hand_of(game: Any) -> int:
    """The number of the hand in play (0 in a game of one hand)."""
    return int(getattr(game, "hand_no", None) or 0)


def bot_pause(table: Table, delay: float) -> float:
    """A bot's wait before its move at this table: the server's ``delay`` at the table's bot speed, none while the
    bots finish a hand every human is out of."""
    game = table.game
    if game is not None and table.house.rush == (table.game_id, hand_of(game)):
        return 0.0
    return delay * BOT_SPEEDS.get(table.house.bot_speed, 1.0)


def humans_out(table: Table) -> bool:
    """Whether every human of the table is out of the hand in play (he has no more moves in it: the common view's
    ``out``), with bots still to play it."""
    game = table.game
    if game is None or game.is_over:
        return False
    seats = game.view(None).get("seats") or []
    humans = [s.index for s in table.seats if s.kind == "human"]
    return bool(humans) and all(i < len(seats) and seats[i].get("out") is not None for i in humans)
