"""Private tables and moderation: the invite link's gate, the host's removal of a player and lock of the seats, and
the host's mute of a player for the table.

An unlisted table (the lobby's "Invite friends" makes one) is not in the open list, and its six-letter code is not
enough to sit at it (``join``) or, unless its host allows watching, to watch it (``watch``): either needs the
invite secret of its link (``/t/<code>#invite=<secret>``; the fragment never reaches a server's log). Once a game
is under way a seat is taken (``claim``) only with a seated player's yes, or, with no player there to ask, with the
invite secret, at every table: a stranger who watched a lone player's table cannot take his seat when he has been
away a while. The gates are here; the host's commands are :mod:`webapp.hall.commands.host`.
"""

from __future__ import annotations

from engine.messages import msg
from webapp.tables import Table, TableError


def check_join(table: Table, invite: str | None) -> None:
    """Refuse a ``join`` the table's settings do not allow: locked seats, or an unlisted table without its invite
    secret."""
    if table.house.locked:
        raise TableError(msg("server.privacy.locked"))
    if not table.house.listed and not table.house.admits(invite):
        raise TableError(msg("server.privacy.invite_only"))


def check_watch(table: Table, invite: str | None) -> None:
    """Refuse a ``watch`` of an unlisted table without its invite secret, unless its host allows watching."""
    house = table.house
    if not house.listed and not house.watch and not house.admits(invite):
        raise TableError(msg("server.privacy.invite_only_watch"))


def check_claim(table: Table) -> None:
    """Refuse a ``claim`` on a table whose host locked the seats."""
    if table.house.locked:
        raise TableError(msg("server.privacy.locked"))


def invited(table: Table, invite: str | None) -> bool:
    """Whether a request carries the table's invite secret: only a friend who has the link takes an away player's
    seat with nobody at the table to ask (:func:`webapp.claims.claim_refusal`)."""
    return table.house.admits(invite)


def check_chat(table: Table, index: int | None) -> None:
    """Refuse a line from a seat the host has muted for the table."""
    if index is not None and index in table.house.muted:
        raise TableError(msg("server.privacy.muted"))


def settings_from(
    table: Table, listed: bool | None, watch: bool | None, clock: str | None, bot_speed: str | None
) -> None:
    """The house settings a ``create`` chose (every one optional, ``None``: listed, no clock, normal bots)."""
    house = table.house
    house.listed = listed if listed is not None else True
    house.watch = watch if watch is not None else house.watch
    house.clock = clock if clock is not None else house.clock
    house.bot_speed = bot_speed if bot_speed is not None else house.bot_speed
