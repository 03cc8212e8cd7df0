"""The commands of a game under way: a move, why a move is refused, a full snapshot again, chat and a hint."""

from __future__ import annotations

from typing import Any

from engine.messages import msg
from webapp import privacy
from webapp.hall.commands.payloads import Act, Chat, Code, Explain
from webapp.hall.rooms import Rooms
from webapp.ratelimit import later
from webapp.tables import TableError

Answer = dict[str, Any]


def act(rooms: Rooms, sid: str, p: Act) -> Answer:
    """A player's move at the version his page shows (an older one is refused and he is sent the table again); the
    ack carries the mover's own patch. A forced move his page played for him does not tell the clock he is there:
    his timeouts in a row go on counting."""
    with rooms.at(p.code, sid) as table:
        index = rooms.player_seat(table, sid)
        if table.state != "playing":
            raise TableError(msg("server.game.over" if table.state == "over" else "server.game.not_started"))
        if p.version != table.version:
            rooms.feeds.send_full(table, sid, index)
            raise TableError(msg("server.act.stale"))
        if not p.forced:
            rooms.clock.played(table, index)
        rooms.play.apply(table, index, p.action, sid)
        patch = rooms.changed(table, sid)
        return {"version": table.version} if patch is None else {"version": table.version, "patch": patch}


def explain(rooms: Rooms, sid: str, p: Explain) -> Answer:
    """Why the player's seat may not make a move now (``None``: it may)."""
    with rooms.at(p.code, sid) as table:
        index = rooms.player_seat(table, sid)
        if table.game is None:
            raise TableError(msg("server.game.not_started"))
        return {"reason": table.game.explain(index, p.action)}


def sync(rooms: Rooms, sid: str, p: Code) -> Answer:
    """Send this connection the full snapshot again (a patch did not fit the snapshot it holds)."""
    with rooms.at(p.code, sid) as table:
        rooms.feeds.send_full(table, sid, table.seat_of(sid))
    return {}


def chat(rooms: Rooms, sid: str, p: Chat) -> Answer:
    """A line of chat to everybody at the table: a player's under his seat's name, a spectator's under the one he
    gives, if any (the page says "spectator" in the reader's language)."""
    with rooms.at(p.code, sid) as table:
        index = table.seat_of(sid)
        privacy.check_chat(table, index)
        address = rooms.conns.address_of(sid)
        limit = rooms.conns.chat
        wait = limit.wait(address, table.code)
        if wait > 0:
            raise TableError(msg("server.chat.too_many", when=later(wait)))
        limit.note(address, table.code)
        name = table.seats[index].name if index is not None else p.name
        message = {"name": name, "seat": index, "text": p.text}
        table.chat.append(message)
        for other in list(table.watchers):
            rooms.emit("chat", message, to=other)
    return {}


def hint(rooms: Rooms, sid: str, p: Code) -> Answer:
    """The Hard bot's suggestion for the asking player's own seat (:mod:`webapp.hall.hints`)."""
    return rooms.hints.ask(sid, p.code)
