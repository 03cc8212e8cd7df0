"""Who may take a seat, or the host's place, that is not his: the seat-ownership rules, in one place.

A seat changes hands only by its holder's token (``resume``), or by a consent its own player could not have given
himself: the yes of another player at the table, never of a connection of the claimer's own client (the same
address, or a connection that showed one of the same tokens: the same browser), never of the seat being asked for,
and never while the seat's player left less than ``CLAIM_GRACE_SECONDS`` ago (a page reloading, a phone locked).
With nobody else at the table to say yes (a game against bots) an away player's seat waits for his token, unless
the asker holds the table's invite link (:mod:`webapp.privacy`: a friend the host let in), past the grace. A refusal
is kept for the claimer's client (its address), not only for the page that asked: a new connection does not ask
again.

Before the start the host's place passes only once the host has been away ``HOST_GRACE_SECONDS`` (not during a
reload), only to a player seated before he left, and his own seat may not be opened nor given to a bot while he
is away.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.messages import Message, msg
from engine.messages import seat as seat_value
from webapp.ratelimit import later

if TYPE_CHECKING:
    from webapp.tables import Seat, Table


@dataclass(frozen=True)
class Identity:
    """What tells one client from another: its address (``None`` for an address many clients share, the server's
    own machine: ``ADDRESS_LIMIT_EXEMPT``), the hashes of the seat tokens its connection showed (``auth``,
    ``resume``: a browser shows every token it keeps) and its player, with the connection's id."""

    sid: str
    address: str | None = None
    tokens: frozenset[str] = frozenset()
    player: str | None = None
    """The player (:mod:`webapp.players`) whose key the connection showed, if any: his devices are one client."""

    def same_client(self, other: Identity) -> bool:
        """Whether both are connections of one client: the same connection, address or player, or a token both
        showed."""
        return (
            self.sid == other.sid
            or (self.address is not None and self.address == other.address)
            or (self.player is not None and self.player == other.player)
            or bool(self.tokens & other.tokens)
        )

    @property
    def key(self) -> str:
        """What a refusal is remembered by: the address, else the connection."""
        return self.address if self.address is not None else f"sid:{self.sid}"


@dataclass
class Claim:
    """A spectator's request for a seat in a game under way (an away player's, or a bot's), waiting for another
    player at the table to answer it: who asked, and the name he gave, if any."""

    who: Identity
    name: str | None = None

    @property
    def sid(self) -> str:
        return self.who.sid


Identities = Callable[[int], Iterable[Identity]]
"""The identities of the connections holding a seat (by its index)."""


def others_here(table: Table, who: Identity, identities: Identities) -> bool:
    """Whether a player of another client than ``who``'s is at the table, to say yes or no."""
    return any(not who.same_client(other) for s in table.present() for other in identities(s.index))


def claim_refusal(
    table: Table, seat: Seat, who: Identity, identities: Identities, now: float, grace: float, invited: bool = False
) -> Message | None:
    """Why the spectator ``who`` may not ask for ``seat`` now (``None``: he may; the seat is a bot's or an away
    player's): the players said no to his client already; its player left less than ``grace`` seconds ago; or no
    player of another client is at the table to say yes, and he has no invite link (``invited``) to an away
    player's seat."""
    if (who.key, seat.index) in table.refused:
        return msg("server.claim.refused", seat=seat_value(seat.index))
    if seat.kind == "human":
        if seat.away_since is None:  # away since no one knows when: from now on
            seat.away_since = now
        left = seat.away_since
        if now - left < grace:
            return msg("server.claim.too_soon", seat=seat_value(seat.index), when=later(grace - (now - left)))
    if not others_here(table, who, identities) and not (invited and seat.kind == "human"):
        return msg(
            "server.claim.nobody" if seat.kind == "bot" else "server.claim.nobody_away", seat=seat_value(seat.index)
        )
    return None


def answer_refusal(index: int, claim_seat: int, claim: Claim, identities: Identities) -> Message | None:
    """Why the player at seat ``index`` may not answer the request for ``claim_seat`` (``None``: he may): it is his
    own seat, or a connection of his client is the one asking."""
    if index == claim_seat:
        return msg("server.claim.own_seat")
    if any(claim.who.same_client(other) for other in identities(index)):
        return msg("server.claim.same_client")
    return None


def remember_refusal(table: Table, claim: Claim, seat: int) -> None:
    """The players said no: that client does not ask for that seat again (whichever page or connection asks)."""
    table.refused.add((claim.who.key, seat))


def host_heir(table: Table, left: float) -> int | None:
    """The seat the host's place passes to, his last connection gone at ``left`` (``time.monotonic()``): the first
    player still here who sat down before that; ``None``: nobody (the place waits for the host)."""
    return next((s.index for s in table.present() if s.index != table.host_seat and s.seated_at < left), None)


def seat_change_refusal(table: Table, seat: Seat) -> Message | None:
    """Why the host may not open ``seat`` or give it to a bot before the start (``None``: he may): it is the seat
    of the host who left, and he is away."""
    if seat.index == table.host_left and seat.kind == "human" and not table.connected(seat.index):
        return msg("server.seats.host_away", name=seat.name)
    return None
