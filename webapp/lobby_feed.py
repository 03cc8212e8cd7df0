"""The lobby's live list: each server pushes the open tables to every lobby page as they change (``lobby`` events,
docs/protocol.md), the list ``/api/tables`` answers.

With several workers the push goes through Flask-SocketIO's message queue (Redis): an emit to the ``lobby`` room
reaches the lobby pages of every worker, so a table made on one worker shows on every page within a beat. A worker
pushes when its own tables' lines changed, with every worker's tables as it knows them (its own as they are now,
the others' from their last heartbeat). The page still asks ``/api/tables`` now and then, in case a push was missed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

ROOM = "lobby"
"""The Socket.IO room of the lobby pages (a connection whose query has ``lobby``)."""

ORDER = {"waiting": 0, "playing": 1, "over": 2}


def ordered(tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The lobby's lines as the page lists them: waiting tables first, then playing, then over, by code."""
    return sorted(tables, key=lambda t: (ORDER[t["state"]], t["code"]))


class LobbyFeed:
    """Pushes ``all_tables()`` (sorted) to the ``lobby`` room with ``emit`` whenever ``own_tables()`` changed since
    the last push, checked every ``period`` seconds."""

    def __init__(
        self,
        emit: Callable[..., Any],
        own_tables: Callable[[], list[dict[str, Any]]],
        all_tables: Callable[[], list[dict[str, Any]]],
        period: float,
    ):
        self.emit = emit
        self.own_tables = own_tables
        self.all_tables = all_tables
        self.period = period
        self._last: list[dict[str, Any]] | None = None

    def push(self) -> bool:
        """Push the list if this server's tables changed; returns whether it did."""
        own = self.own_tables()
        if own == self._last:
            return False
        self.emit("lobby", ordered(self.all_tables()), to=ROOM)
        self._last = own
        return True

    def run(self, sleep: Callable[[float], Any], stopped: Callable[[], bool]) -> None:
        """The push loop (a background task)."""
        while not stopped():
            try:
                self.push()
            except Exception:
                log.exception("the lobby's list could not be pushed")
            sleep(self.period)
