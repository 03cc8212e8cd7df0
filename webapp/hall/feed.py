"""The feed: what each connection at a table is sent, a full snapshot or a patch from the one it holds."""

from __future__ import annotations

import time
import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from webapp.patches import Encoded, Prints, make_patch, prints, public_changes
from webapp.tables import Table

if TYPE_CHECKING:
    from webapp.hall.rooms import Rooms


@dataclass
class Feed:
    """What a table's connections were last sent: broadcast ``seq``, each seat's last snapshot (the base of the next
    patches), the ``(seq, seat)`` of the snapshot each patch-taking connection holds, and when its connections were
    last sent anything (``time.monotonic()``)."""

    seq: int = 0
    last: dict[int | None, Prints] = field(default_factory=dict)
    holds: dict[str, tuple[int, int | None]] = field(default_factory=dict)
    sent_at: float = 0.0


class Feeds:
    """The feed of every table."""

    def __init__(self, rooms: Rooms):
        self.rooms = rooms
        self._feeds: weakref.WeakKeyDictionary[Table, Feed] = weakref.WeakKeyDictionary()

    def send(self, table: Table, ack_sid: str | None = None) -> dict[str, Any] | None:
        """Send every connection at the table its own snapshot, or a patch from the one it holds (connections that
        asked for patches). The public fields are built and compared once for all; each seat's fields once per
        seat; each payload encoded once for all the connections it goes to, a patch's view fields and events
        already as text. The patch of connection ``ack_sid`` (the mover's) is returned instead of sent: its
        ack carries it, one message fewer a move (``None`` if it is sent a full snapshot)."""
        self.rooms.clock.wake(table)
        feed = self._feeds.setdefault(table, Feed())
        feed.sent_at = time.monotonic()
        if not table.watchers:
            feed.last, feed.holds = {}, {}
            return None
        before, feed.seq = feed.seq, feed.seq + 1
        public = table.public_fields()
        public["seq"] = feed.seq
        sent: dict[int | None, Prints] = {}
        groups: dict[tuple[str, int | None], list[str]] = {}
        holds: dict[str, tuple[int, int | None]] = {}
        watchers = list(table.watchers.items())
        parts = table.seats_fields(dict.fromkeys(index for _, index in watchers))
        for sid, index in watchers:
            patch = self.rooms.conns.patches(sid)
            fits = patch and feed.holds.get(sid) == (before, index) and index in feed.last
            groups.setdefault(("table_patch" if fits else "table", index), []).append(sid)
            if patch:
                holds[sid] = (feed.seq, index)
        encoded = Encoded()
        for index in {index for _, index in holds.values()}:
            sent[index] = prints(feed.seq, public, parts[index], encoded)
        changed: dict[str, Any] | None = None
        acked = None
        for (event, index), sids in groups.items():
            if event == "table_patch":
                last = feed.last[index]
                if changed is None:
                    changed = public_changes(last.public, public)
                data = make_patch(last, sent[index], changed, encoded)
                if ack_sid in sids:
                    acked = data
                    sids = [sid for sid in sids if sid != ack_sid]
                    if not sids:
                        continue
            else:
                data = table.snapshot(index, public, parts[index])
            self.rooms.emit(event, data, to=sids if len(sids) > 1 else sids[0])
        feed.last, feed.holds = sent, holds
        return acked

    def send_full(self, table: Table, sid: str, index: int | None) -> None:
        """One connection's full snapshot, outside a broadcast (nothing changed since the last one, chat aside)."""
        feed = self._feeds.setdefault(table, Feed())
        snapshot = table.snapshot(index)
        snapshot["seq"] = feed.seq
        last = feed.last.get(index)
        if last is not None and last.seq == feed.seq:
            feed.holds[sid] = (feed.seq, index)
        self.rooms.emit("table", snapshot, to=sid)

    def reassure(self, table: Table, quiet: float, now: float) -> None:
        """Several workers: a ``beat`` to the table's connections if they have been sent nothing for ``quiet``
        seconds, so that a page hearing nothing at all knows its worker stopped (frozen, or its machine lost) and
        asks where its table went. A table in play needs none: its moves say as much."""
        feed = self._feeds.setdefault(table, Feed())
        sids = list(table.watchers)
        if not sids or now - feed.sent_at < quiet:
            return
        feed.sent_at = now
        self.rooms.emit("beat", {"code": table.code}, to=sids if len(sids) > 1 else sids[0])
