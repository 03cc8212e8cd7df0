"""The connections: each one's rate limit, the tables it is at, its client's address, player and shown tokens."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from webapp.claims import Identity
from webapp.ratelimit import ChatLimit, TokenBucket, WindowLimit
from webapp.tables import Table

if TYPE_CHECKING:
    from webapp.hall.rooms import Rooms

MAX_SHOWN_TOKENS = 64
"""Token hashes kept per connection (the tokens it showed: what tells a browser's connections apart from another's)."""


@dataclass
class Connection:
    """One Socket.IO connection: its rate limit, the tables it is at and its client's address."""

    bucket: TokenBucket
    codes: set[str]
    address: str = ""
    patch: bool = False
    """It asked for lean updates (``auth.patch``): ``table_patch`` events after its first snapshot."""
    player: str | None = None
    """The player its browser holds the key of (``auth.player``, :mod:`webapp.players`), if any."""
    tokens: set[str] = field(default_factory=set)
    """The hashes of the seat tokens it showed (``auth``, ``resume``), right or wrong: a browser shows all it keeps."""


class Connections:
    """Every connection of this process, by its sid, and the per-connection limits."""

    def __init__(self, rooms: Rooms):
        self.rooms = rooms
        self.by_sid: dict[str, Connection] = {}
        window = rooms.config["CREATE_WINDOW_MINUTES"] * 60
        self.created = WindowLimit(rooms.config["CREATE_PER_CONNECTION"], window)
        """Tables created by each connection in the window."""
        chat = rooms.config["CHAT_PER_MINUTE"]
        self.chat = ChatLimit(chat, 2 * chat, 10 * chat, rooms.exempt)
        """Chat lines per address, at one table and at all."""

    def connect(self, sid: str, address: str = "", patch: bool = False, player: str | None = None) -> None:
        """A new connection from the client at ``address``, sent patches if ``patch``, of ``player`` if its browser
        said who he is (a connection already known is left as it is)."""
        if sid not in self.by_sid:
            bucket = TokenBucket(self.rooms.config["RATE_LIMIT"], self.rooms.config["RATE_BURST"])
            self.by_sid[sid] = Connection(bucket, set(), address, patch, player)

    def forget(self, sid: str) -> Connection | None:
        """Connection ``sid`` is gone: forget it and what it counted."""
        self.created.forget(sid)
        return self.by_sid.pop(sid, None)

    def allow(self, sid: str) -> bool:
        """The per-connection rate limit: ``False`` when this event must be refused."""
        conn = self.by_sid.get(sid)
        return conn is not None and conn.bucket.allow()

    def address_of(self, sid: str) -> str:
        """The client address of connection ``sid`` (``""`` if unknown)."""
        conn = self.by_sid.get(sid)
        return conn.address if conn is not None else ""

    def patches(self, sid: str) -> bool:
        """Whether connection ``sid`` takes ``table_patch`` updates."""
        conn = self.by_sid.get(sid)
        return conn is not None and conn.patch

    def player(self, sid: str | None) -> str | None:
        """The player of connection ``sid`` (:mod:`webapp.players`), if its browser said who he is."""
        conn = self.by_sid.get(sid) if sid is not None else None
        return conn.player if conn is not None else None

    def at(self, sid: str, code: str) -> None:
        """Connection ``sid`` is at table ``code`` now."""
        conn = self.by_sid.get(sid)
        if conn is not None:
            conn.codes.add(code)

    def identity(self, sid: str) -> Identity:
        """What tells connection ``sid``'s client from another's (:mod:`webapp.claims`)."""
        conn = self.by_sid.get(sid)
        if conn is None:
            return Identity(sid)
        address = None if conn.address in self.rooms.exempt or not conn.address else conn.address
        return Identity(sid, address, frozenset(conn.tokens), conn.player)

    def shown(self, sid: str, token_hash: str) -> None:
        """Connection ``sid`` showed, or was given, the token of this hash (its browser keeps it)."""
        conn = self.by_sid.get(sid)
        if conn is not None and len(conn.tokens) < MAX_SHOWN_TOKENS:
            conn.tokens.add(token_hash)

    def identities(self, table: Table) -> Callable[[int], list[Identity]]:
        """The identities of the connections holding each seat of ``table`` (by seat index)."""
        return lambda index: [self.identity(sid) for sid, held in list(table.watchers.items()) if held == index]
