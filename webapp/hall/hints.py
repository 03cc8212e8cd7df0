"""Hints: the Hard bot's suggestion for a player's own seat, thought in the pool, one at a time per seat and under
a per-connection limit."""

from __future__ import annotations

import copy
import logging
from typing import TYPE_CHECKING, Any

from engine.messages import msg
from webapp.ratelimit import WindowLimit, later
from webapp.tables import TableError
from webapp.thinking import Job

if TYPE_CHECKING:
    from webapp.hall.rooms import Rooms

log = logging.getLogger(__name__)

HINTS_PER_MINUTE = 20
"""Hints one connection may ask for in any minute (each is a Hard bot's search in the pool)."""


class Hints:
    """The hints asked for at every table."""

    def __init__(self, rooms: Rooms):
        self.rooms = rooms
        self._limit = WindowLimit(HINTS_PER_MINUTE, 60)
        self._hinting: set[tuple[str, int]] = set()
        """``(table code, seat)`` of the hints being computed: one at a time per seat."""

    def forget(self, sid: str) -> None:
        """Connection ``sid`` is gone."""
        self._limit.forget(sid)

    def ask(self, sid: str, code: str) -> dict[str, Any]:
        """Suggest a move to the asking player for their own seat, when it may act: the Hard bot's choice and its
        reason, computed in the pool. Answers the version it was computed for (a later one makes it moot)."""
        rooms = self.rooms
        with rooms.at(code, sid) as table:
            index = rooms.player_seat(table, sid)
            if table.state != "playing":
                raise TableError(msg("server.game.over" if table.state == "over" else "server.game.not_started"))
            game = table.current()
            legal = game.legal_actions(index)
            if not legal or not game.may_act(index):
                raise TableError(msg("server.hint.not_your_turn"))
            key = (table.code, index)
            answered = table.hinted.get(index)
            if answered is not None and answered["version"] == table.version:
                return answered
            if key in self._hinting:
                raise TableError(msg("server.hint.busy"))
            # A lesson's coach asks once per turn of its player: only other tables count hints against the limit.
            wait = 0.0 if table.lesson else self._limit.wait(sid)
            if wait > 0:
                raise TableError(msg("server.hint.too_many", when=later(wait)))
            self._limit.note(sid)
            self._hinting.add(key)
            version = table.version
            view = copy.deepcopy(game.view(index))
            job = Job("hint", table.decl.id, None, view, legal, f"{game.seed}:{len(game.log)}:{index}:hint")
        try:
            advice = rooms.thinker.run(job, (rooms.conns.address_of(sid), table.code))
        except Exception:
            log.exception("a hint failed at table %s", table.code)
            raise TableError(msg("server.hint.failed")) from None
        finally:
            self._hinting.discard(key)
        answer = {"version": version, "action": advice["action"], "reason": advice["reason"]}
        if table.lesson:  # the coach warns before a move much worse than the hint's
            answer["values"] = advice.get("values") or {}
        table.hinted[index] = answer
        return answer
