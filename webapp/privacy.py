"""Private tables and moderation: the invite link's gate, the host's removal of a player and lock of the seats, and
the host's mute of a player for the table.

An unlisted table (the lobby's "Invite friends" makes one) is not in the open list, and its six-letter code is not
enough to sit at it (``join``) or, unless its host allows watching, to watch it (``watch``): either needs the
invite secret of its link (``/t/<code>#invite=<secret>``; the fragment never reaches a server's log). Once a game
is under way a seat is taken (``claim``) only with a seated player's yes, or, with no player there to ask, with the
invite secret, at every table: a stranger who watched a lone player's table cannot take his seat when he has been
away a while. :class:`Moderation` holds the host's operations; the hall (:mod:`webapp.hall`) calls the gates.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.messages import msg
from engine.messages import seat as seat_value
from webapp.tables import Table, TableError

if TYPE_CHECKING:
    from webapp.hall import Hall


def check_join(table: Table, p: dict[str, Any]) -> None:
    """Refuse a ``join`` the table's settings do not allow: locked seats, or an unlisted table without its invite
    secret."""
    if table.house.locked:
        raise TableError(msg("server.privacy.locked"))
    if not table.house.listed and not table.house.admits(p.get("invite")):
        raise TableError(msg("server.privacy.invite_only"))


def check_watch(table: Table, p: dict[str, Any]) -> None:
    """Refuse a ``watch`` of an unlisted table without its invite secret, unless its host allows watching."""
    house = table.house
    if not house.listed and not house.watch and not house.admits(p.get("invite")):
        raise TableError(msg("server.privacy.invite_only_watch"))


def check_claim(table: Table) -> None:
    """Refuse a ``claim`` on a table whose host locked the seats."""
    if table.house.locked:
        raise TableError(msg("server.privacy.locked"))


def invited(table: Table, p: dict[str, Any]) -> bool:
    """Whether a request carries the table's invite secret: only a friend who has the link takes an away player's
    seat with nobody at the table to ask (:func:`webapp.claims.claim_refusal`)."""
    return table.house.admits(p.get("invite"))


def check_chat(table: Table, index: int | None) -> None:
    """Refuse a line from a seat the host has muted for the table."""
    if index is not None and index in table.house.muted:
        raise TableError(msg("server.privacy.muted"))


def settings_from(p: dict[str, Any], table: Table) -> None:
    """The house settings a ``create`` chose (every one optional: listed, no clock, normal bots)."""
    house = table.house
    house.listed = p.get("listed", True)
    house.watch = p.get("watch", house.watch)
    house.clock = p.get("clock", house.clock)
    house.bot_speed = p.get("bot_speed", house.bot_speed)


def invite(hall: Hall, sid: str, p: dict[str, Any]) -> dict[str, Any]:
    """The invite secret of the table, for a player seated at it (to pass the link on)."""
    table = hall.table(p["code"])
    with table.lock:
        hall._player_seat(table, sid)
        return {"invite": table.house.invite}


def remove(hall: Hall, sid: str, p: dict[str, Any]) -> dict[str, Any]:
    """The host removes a player: his seat goes to a bot at the table's level (before the start too), his token
    stops working, and his pages leave the table (they are told by a ``removed`` event); his page may not ask
    for a seat again."""
    table = hall.table(p["code"])
    with table.lock:
        hall._require_host(table, sid, "server.host_only.remove")
        if p["seat"] >= table.players:
            raise TableError(msg("server.seat.none", n=table.players))
        if p["seat"] == table.host_seat:
            raise TableError(msg("server.seats.host"))
        seat = table.seats[p["seat"]]
        if seat.kind != "human":
            raise TableError(msg("server.privacy.not_player", seat=seat_value(seat.index)))
        gone = [other for other, index in table.watchers.items() if index == seat.index]
        hall._open_seat(table, seat)
        seat.kind, seat.bot, seat.name = "bot", hall._bot_name(table, None), f"Bot {seat.index + 1}"
        table.claims.pop(seat.index, None)
        table.house.muted.discard(seat.index)
        table.house.idle.discard(seat.index)
        for other in gone:
            table.watchers.pop(other, None)
            table.refused.add((other, seat.index))
            hall.emit("removed", {"code": table.code}, to=other)
        table.touch()
        hall._save_table(table)
        hall._broadcast(table)
        hall._wake_bots(table)
    return {}


def lock(hall: Hall, sid: str, p: dict[str, Any]) -> dict[str, Any]:
    """The host locks the seats (nobody new sits down or takes a seat) or opens them again."""
    table = hall.table(p["code"])
    with table.lock:
        hall._require_host(table, sid, "server.host_only.lock")
        table.house.locked = p["locked"]
        hall._save_table(table)
        hall._broadcast(table)
    return {}


def mute(hall: Hall, sid: str, p: dict[str, Any]) -> dict[str, Any]:
    """The host mutes a player's chat for the whole table (``muted: false`` lets him speak again)."""
    table = hall.table(p["code"])
    with table.lock:
        hall._require_host(table, sid, "server.host_only.mute")
        if p["seat"] >= table.players:
            raise TableError(msg("server.seat.none", n=table.players))
        if p["seat"] == table.host_seat:
            raise TableError(msg("server.seats.host"))
        if p["muted"]:
            table.house.muted.add(p["seat"])
        else:
            table.house.muted.discard(p["seat"])
        hall._save_table(table)
        hall._broadcast(table)
    return {}


def house(hall: Hall, sid: str, p: dict[str, Any]) -> dict[str, Any]:
    """The host changes a house setting: whether anyone with the code may watch, the bots' speed, the clock
    (the clock for the next turns)."""
    table = hall.table(p["code"])
    with table.lock:
        hall._require_host(table, sid, "server.host_only.house")
        house = table.house
        house.watch = p.get("watch", house.watch)
        house.bot_speed = p.get("bot_speed", house.bot_speed)
        if "clock" in p and p["clock"] != house.clock:
            house.clock = p["clock"]
            hall.clock.reset(table)
        hall._save_table(table)
        hall._broadcast(table)
        hall._wake_bots(table)
    return {}
