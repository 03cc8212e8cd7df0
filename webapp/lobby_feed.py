"""The lobby's live list: each server pushes the open tables to every lobby page as they change (``lobby`` events,
docs/protocol.md), the list ``/api/tables`` answers.

With several workers the push goes through Flask-SocketIO's message queue (Redis): an emit to the ``lobby`` room
reaches the lobby pages of every worker, so a table made on one worker shows on every page within a beat. A worker
pushes from its heartbeat when its own tables' lines changed, with every worker's tables as it knows them (its own as
they are now, the others' from their last heartbeat). A single server pushes once a second while a lobby page is
connected. An unchanged list is pushed again every :data:`REFRESH_SECONDS`: a push the message queue lost (python-
socketio's Redis manager gives a publish up after two failed attempts, as Redis comes back) reaches the other workers'
lobby pages then, not at the next change. The page still asks ``/api/tables`` now and then, in case a push was missed.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

ROOM = "lobby"
"""The Socket.IO room of the lobby pages (a connection whose query has ``lobby``)."""

ORDER = {"waiting": 0, "playing": 1, "over": 2}

REFRESH_SECONDS = 10.0
"""An unchanged list is pushed again this often (one message per worker)."""


def ordered(tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The lobby's lines as the page lists them: waiting tables first, then playing, then over, by code."""
    return sorted(tables, key=lambda t: (ORDER[t["state"]], t["code"]))


class LobbyFeed:
    """Pushes the lobby's list to the ``lobby`` room with ``emit`` whenever this server's own lines changed since
    the last push, or :data:`REFRESH_SECONDS` ago: ``all_tables(own)`` (sorted) is every server's tables with ``own``
    as they are now."""

    def __init__(
        self,
        emit: Callable[..., Any],
        all_tables: Callable[[list[dict[str, Any]]], list[dict[str, Any]]] = lambda own: own,
        now: Callable[[], float] = time.monotonic,
    ):
        self.emit = emit
        self.all_tables = all_tables
        self.now = now
        self._last: list[dict[str, Any]] | None = None
        self._sent_at = 0.0

    def push(self, own: list[dict[str, Any]]) -> bool:
        """Push the list if ``own`` (this server's lines) changed or the last push is old; returns whether it did."""
        now = self.now()
        if own == self._last and now - self._sent_at < REFRESH_SECONDS:
            return False
        self.emit("lobby", ordered(self.all_tables(own)), to=ROOM)
        self._last, self._sent_at = own, now
        return True

    def run(
        self,
        own: Callable[[], list[dict[str, Any]]],
        viewers: Callable[[], bool],
        period: float,
        sleep: Callable[[float], Any],
        stopped: Callable[[], bool],
    ) -> None:
        """The push loop of a single server (a background task): every ``period`` seconds while a lobby page is
        connected (``viewers``). Several workers push from their heartbeat instead (:meth:`Cluster.run`)."""
        while not stopped():
            try:
                if viewers():
                    self.push(own())
            except Exception:
                log.exception("the lobby's list could not be pushed")
            sleep(period)
