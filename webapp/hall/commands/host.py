"""The host's tools and the table's pace: the invite secret, removing a player, locking the seats, muting a
player, the house settings (:mod:`webapp.privacy`, :mod:`webapp.house`); a player back from the clock's away, and
"finish the hand" (:mod:`webapp.clock`)."""

from __future__ import annotations

from typing import Any

from engine.messages import msg
from engine.messages import seat as seat_value
from webapp.clock import hand_of, humans_out
from webapp.hall.commands.payloads import Code, HouseChange, Lock, Mute, Remove
from webapp.hall.rooms import Rooms
from webapp.tables import Table, TableError

Answer = dict[str, Any]


def invite(rooms: Rooms, sid: str, p: Code) -> Answer:
    """The invite secret of the table, for a player seated at it (to pass the link on)."""
    with rooms.at(p.code) as table:
        rooms.player_seat(table, sid)
        return {"invite": table.house.invite}


def _other_seat(table: Table, seat: int) -> None:
    """Refuse a seat the table has not, or the host's own."""
    if seat >= table.players:
        raise TableError(msg("server.seat.none", n=table.players))
    if seat == table.host_seat:
        raise TableError(msg("server.seats.host"))


def remove(rooms: Rooms, sid: str, p: Remove) -> Answer:
    """The host removes a player: his seat goes to a bot at the table's level (before the start too), his token
    stops working, and his pages leave the table (they are told by a ``removed`` event); his page may not ask
    for a seat again."""
    with rooms.at(p.code) as table:
        rooms.require_host(table, sid, "server.host_only.remove")
        _other_seat(table, p.seat)
        seat = table.seats[p.seat]
        if seat.kind != "human":
            raise TableError(msg("server.privacy.not_player", seat=seat_value(seat.index)))
        for other in table.remove_player(seat, rooms.bots.name(table, None)):
            rooms.emit("removed", {"code": table.code}, to=other)
        rooms.save(table)
        rooms.changed(table)
    return {}


def lock(rooms: Rooms, sid: str, p: Lock) -> Answer:
    """The host locks the seats (nobody new sits down or takes a seat) or opens them again."""
    with rooms.at(p.code) as table:
        rooms.require_host(table, sid, "server.host_only.lock")
        table.house.locked = p.locked
        rooms.save(table)
        rooms.changed(table)
    return {}


def mute(rooms: Rooms, sid: str, p: Mute) -> Answer:
    """The host mutes a player's chat for the whole table (``muted: false`` lets him speak again)."""
    with rooms.at(p.code) as table:
        rooms.require_host(table, sid, "server.host_only.mute")
        _other_seat(table, p.seat)
        if p.muted:
            table.house.muted.add(p.seat)
        else:
            table.house.muted.discard(p.seat)
        rooms.save(table)
        rooms.changed(table)
    return {}


def house(rooms: Rooms, sid: str, p: HouseChange) -> Answer:
    """The host changes a house setting: whether anyone with the code may watch, the bots' speed, the clock
    (the clock for the next turns)."""
    with rooms.at(p.code) as table:
        rooms.require_host(table, sid, "server.host_only.house")
        settings = table.house
        settings.watch = p.watch if p.watch is not None else settings.watch
        settings.bot_speed = p.bot_speed if p.bot_speed is not None else settings.bot_speed
        if p.clock is not None and p.clock != settings.clock:
            settings.clock = p.clock
            rooms.clock.reset(table)
        rooms.save(table)
        rooms.changed(table)
    return {}


def back(rooms: Rooms, sid: str, p: Code) -> Answer:
    """A player whose seat the clock marked away is back: his bot stops playing for him."""
    with rooms.at(p.code) as table:
        index = rooms.player_seat(table, sid)
        if index not in table.house.idle:
            raise TableError(msg("server.clock.not_away"))
        rooms.clock.played(table, index)
        rooms.save(table)
        rooms.changed(table)
    return {}


def finish_hand(rooms: Rooms, sid: str, p: Code) -> Answer:
    """Every human is out of the hand: its bots play the rest of it at once."""
    with rooms.at(p.code) as table:
        rooms.player_seat(table, sid)
        if table.state != "playing" or not humans_out(table):
            raise TableError(msg("server.clock.not_out"))
        table.house.rush = (table.game_id, hand_of(table.current()))
        rooms.changed(table)
    return {}
