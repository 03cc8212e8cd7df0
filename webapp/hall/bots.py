"""Bots: which bot seats move now, the loop that lets them (thinking in the pool, outside the table's lock), and
the bot a seat gets. A bot's move is applied like a player's (:mod:`webapp.hall.play`)."""

from __future__ import annotations

import copy
import logging
import random
import time
from typing import TYPE_CHECKING, Any

from engine.bots import Bot, RandomBot, bot_seat
from engine.messages import msg
from engine.search import canonical
from webapp.clock import bot_pause
from webapp.journal.errors import journal_refused
from webapp.tables import Seat, Table, TableError
from webapp.thinking import Job, bot_named, bot_names

if TYPE_CHECKING:
    from webapp.hall.rooms import Rooms

log = logging.getLogger(__name__)

MAX_FREE_IN_A_ROW = 12
"""Moves in a row by seats the game does not wait for after which bots stop using any-time powers until a
waited-for move is made: powers never keep a table from going on."""

JOURNAL_RETRY_FIRST, JOURNAL_RETRY_MAX = 0.5, 30.0
"""Seconds a bot waits before trying again a move the journal refused (a full disk), doubling up to the second."""


class Bots:
    """The bots of every table."""

    def __init__(self, rooms: Rooms):
        self.rooms = rooms

    def name(self, table: Table, wanted: str | None) -> str:
        """The bot a seat gets: ``wanted`` (a level, an older name of one, or another bot of the game), else the
        table's level (or, in a game without levels, its first bot)."""
        names = bot_names(table.decl)
        if wanted is not None:
            name = canonical(wanted)
            if name not in names:
                raise TableError(msg("server.seats.no_bot", bot=wanted[:32], game=msg(f"game.{table.decl.id}.name")))
            return name
        return table.level if table.level in names else (names[0] if names else "random")

    def may_move(self, table: Table) -> list[tuple[int, bool]]:
        """The bot seats that should move now, as ``(seat, free)``: first those that may act only through an
        any-time power (``Game.may_act`` beside ``to_act``) whose bot has a ``free_action`` and has not declined
        at this version, then those the game waits for. Bots only play while some human is at the table."""
        if table.closed or table.state != "playing" or not any(s.bot_plays for s in table.seats):
            return []
        if table.held or not (table.present() or table.event):
            return []
        game = table.current()
        waiting = game.to_act()
        if table.free_declined_at != table.version:
            table.free_declined, table.free_declined_at = set(), table.version
        free = []
        if table.free_streak < MAX_FREE_IN_A_ROW:
            free = [
                s.index
                for s in table.seats
                if s.bot_plays
                and s.index not in waiting
                and s.index not in table.free_declined
                and callable(getattr(self._bot_of(table, s), "free_action", None))
                and game.may_act(s.index)
            ]
        return [(s, True) for s in free] + [(s, False) for s in waiting if table.seats[s].bot_plays]

    def wake(self, table: Table) -> None:
        """Under the table's lock, after any change: time the turns, and start the table's bot loop if a bot is to
        move and none runs."""
        self.rooms.clock.wake(table)
        if not table.bot_busy and self.may_move(table):
            table.bot_busy = True
            self.rooms.start_task(self._loop, table)

    def _settle(
        self, table: Table, index: int, free: bool, job: Job, decided: tuple[Any, str | None], retry: float
    ) -> tuple[bool, float]:
        """Under the table's lock: apply the bot's decision (``(choice, failure)``). Returns whether to pause before
        the next (not after a declined any-time power) and the wait before trying a move the journal refused."""
        choice, failure = decided
        try:
            if not free:
                self.move(table, job, choice, failure)
            elif not self._free_move(table, job, choice, failure):
                table.free_declined.add(index)
                return False, retry
        except TableError as exc:
            if table.closed or not journal_refused(exc.reason):
                raise
            return True, min(JOURNAL_RETRY_MAX, max(JOURNAL_RETRY_FIRST, retry * 2))
        self.rooms.changed(table)
        return True, 0.0

    def _loop(self, table: Table) -> None:
        """Let bots move, one move per ``BOT_DELAY``, while a bot is to act (or wants to use an any-time power) and a
        human is at the table. Each decision is computed in the pool (:mod:`webapp.thinking`) outside the table's
        lock, from the seat's view, while the delay runs; it is applied only if the table has not changed meanwhile
        (else the bot thinks again). A bot that declines its any-time power is not asked again until the table
        changes, so it never holds the table up. A move the journal refused (a full disk) is tried again after a
        wait that doubles up to ``JOURNAL_RETRY_MAX`` seconds, until the journal takes it."""
        rooms = self.rooms
        try:
            pause, retry = True, 0.0
            while True:
                with table.lock:
                    turn = self.may_move(table)
                    if not turn:
                        table.bot_busy = False
                        return
                    index, free = turn[0]
                    version, job = table.version, self.job(table, index, free)
                    wait = self._pause(table)
                future = rooms.thinker.submit(job, (table.creator_address or f"table:{table.code}", table.code))
                if pause:
                    self._sleep_unless_moved(table, version, wait)
                try:
                    choice, failure = rooms.thinker.wait(future), None
                except Exception as exc:
                    choice, failure = None, repr(exc)
                with table.lock:
                    if table.closed:  # handed over to another worker (or closed) while the bot thought
                        table.bot_busy = False
                        return
                    if table.version != version or (index, free) not in self.may_move(table):
                        pause = True
                        continue
                    pause, retry = self._settle(table, index, free, job, (choice, failure), retry)
                    if not pause:
                        continue
                if retry:
                    rooms.sleep(retry)
        except TableError:
            # The move's write was refused because another worker holds the table now (workers.release closed it).
            with table.lock:
                table.bot_busy = False
                if not table.closed:
                    log.exception("bot loop failed at table %s", table.code)
        except Exception:
            log.exception("bot loop failed at table %s", table.code)
            with table.lock:
                table.bot_busy = False

    def _pause(self, table: Table) -> float:
        """How long a bot waits before its move: ``BOT_DELAY``, or ``POWER_GRACE`` while a player at the table holds
        a power that the bot's move would take away (the Investigator's call right after his lead): a moment to
        use it. Inside the table's lock."""
        game = table.current()
        held = any(not s.bot_plays and game.fleeting(s.index) for s in table.present())
        delay = bot_pause(table, self.rooms.config["BOT_DELAY"])
        return float(max(delay, self.rooms.config["POWER_GRACE"]) if held else delay)

    def _sleep_unless_moved(self, table: Table, version: int, seconds: float) -> None:
        """Sleep ``seconds``; a wait longer than ``BOT_DELAY`` (a player's moment to use a power) ends once the
        table has moved on."""
        step = self.rooms.config["BOT_DELAY"]
        if seconds <= step:
            self.rooms.sleep(seconds)
            return
        deadline = time.monotonic() + seconds
        while table.version == version and (left := deadline - time.monotonic()) > 0:
            self.rooms.sleep(min(0.1, left))

    @staticmethod
    def _bot_of(table: Table, seat: Seat) -> Bot:
        return bot_named(table.decl, seat.bot)

    @staticmethod
    def job(table: Table, index: int, free: bool) -> Job:
        """What the seat's bot is asked, as data for the pool: a copy of its own view (a view may share a list with
        the game, which goes on changing while the bot thinks) and its legal actions, and a seed from the game's seed
        and move number (so a bot's play is reproducible)."""
        game = table.current()
        seed = f"{game.seed}:{len(game.log)}:{index}" + (":free" if free else "")
        view, bot = copy.deepcopy(game.view(index)), table.seats[index].bot
        return Job("free" if free else "choose", table.decl.id, bot, view, game.legal_actions(index), seed)

    def move(self, table: Table, job: Job, action: Any, failure: str | None) -> None:
        """Apply the bot's choice like a player's move; one that failed or is not legal is logged and replaced by a
        random legal move. The caller ends with the rooms' ``changed``."""
        index = bot_seat(job.view)
        reason = failure if failure is not None else self._refusal(table, index, action)
        if reason is not None:
            log.warning("bot %s at table %s chose %r: %s", job.bot, table.code, action, reason)
            action = RandomBot().choose(job.view, job.legal, random.Random(job.seed))
        self.rooms.play.apply(table, index, action)

    def _free_move(self, table: Table, job: Job, action: Any, failure: str | None) -> bool:
        """A seat the game does not wait for: apply the any-time power its bot's ``free_action`` wanted, if any and
        legal. Returns whether a move was made; a bot that failed or erred just makes none."""
        if action is None and failure is None:
            return False
        index = bot_seat(job.view)
        reason = failure if failure is not None else self._refusal(table, index, action)
        if reason is not None:
            log.warning("bot %s at table %s wanted the any-time move %r: %s", job.bot, table.code, action, reason)
            return False
        self.rooms.play.apply(table, index, action)
        return True

    @staticmethod
    def _refusal(table: Table, index: int, action: Any) -> Any:
        """Why ``action`` may not be played by ``index`` now (``None``: it may)."""
        if not isinstance(action, str):
            return "not an action"
        try:
            return table.current().explain(index, action)
        except Exception as exc:
            return repr(exc)
