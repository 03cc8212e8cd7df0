"""A seat changing hands in a game under way: a player's page coming back (``resume``), a spectator asking for an
away player's or a bot's seat (``claim``) and a player's answer (``answer_claim``); and a connection gone. The
rules of who may ask and answer are :mod:`webapp.claims`'s."""

from __future__ import annotations

import hmac
import time
from typing import Any

from engine.messages import msg
from engine.messages import seat as seat_value
from webapp import privacy
from webapp.claims import Claim, answer_refusal, claim_refusal, others_here
from webapp.hall.commands import payloads
from webapp.hall.rooms import Rooms
from webapp.tables import Seat, Table, TableError
from webapp.tokens import hash_token, new_token

Answer = dict[str, Any]


def resume(rooms: Rooms, sid: str, p: payloads.Resume, report: bool = True) -> Answer:
    """A player's page comes back to his seat (by his token); ``stood_in`` in the answer says a bot played for him
    since his page last asked (``report``: the page's own request, not the reconnection's automatic one)."""
    wanted = hash_token(p.token or "")
    rooms.conns.shown(sid, wanted)
    table = rooms.rebuild.for_token(p.code, wanted)
    with table.lock:
        seat = next(
            (s for s in table.humans() if s.token_hash and hmac.compare_digest(s.token_hash, wanted)),
            None,
        ) or _seat_of_player(rooms, table, sid, p)
        if seat is None:
            raise TableError(msg("server.resume.unknown_token"))
        table.back_at(seat)
        claim = table.claims.pop(seat.index, None)
        if claim is not None:
            rooms.emit("claim_answer", {"code": table.code, "seat": seat.index, "answer": "back"}, to=claim.sid)
        table.drop_claims(sid)  # a page that asked for a seat and then found its own token
        stood_in = seat.missed
        if report:
            seat.missed = False
        before = table.watchers.get(sid)
        rooms.attach(sid, table, seat.index)
        if before is not None and before != seat.index and not table.connected(before):
            rooms.standins.away(table, table.seats[before])
        rooms.standins.pass_host(table)  # a player seated before the host left is back: the host's place may pass
        rooms.changed(table)
    return {"code": table.code, "seat": seat.index, "stood_in": stood_in}


def _seat_of_player(rooms: Rooms, table: Table, sid: str, p: payloads.Resume) -> Seat | None:
    """A ``resume`` without a token: the seat of the connection's player (his other device, or his browser
    after its tokens were lost), if he sits at this table."""
    player = rooms.conns.player(sid)
    if p.token is not None or player is None:
        return None
    return next((s for s in table.humans() if s.player == player), None)


def claim(rooms: Rooms, sid: str, p: payloads.ClaimSeat) -> Answer:
    """A spectator asks for a seat in a game under way: an away player's (his phone went flat and he is back on
    another device, or a friend takes over) or a bot's (a friend who came late joins). Another player at the table
    lets him sit or not (:func:`answer_claim`). The answer's token is ``None`` (the seat is given by a player's
    yes) unless no other client's player is at the table and he holds its invite link: then he sits at once, past
    the grace (his new token)."""
    with rooms.at(p.code, sid) as table:
        if table.seat_of(sid) is not None:
            raise TableError(msg("server.claim.seated"))
        if table.state == "waiting":
            raise TableError(msg("server.claim.waiting"))
        if p.seat >= table.players:
            raise TableError(msg("server.seat.none", n=table.players))
        seat = table.seats[p.seat]
        away = seat.kind == "human" and not table.connected(seat.index)
        if not away and seat.kind != "bot":
            raise TableError(msg("server.claim.not_away", seat=seat_value(seat.index)))
        if seat.kind == "bot" and p.name is None:
            raise TableError(msg("server.claim.name"))
        other = table.claims.get(seat.index)
        if other is not None and other.sid != sid:
            raise TableError(msg("server.claim.pending", seat=seat_value(seat.index)))
        privacy.check_claim(table)
        who = rooms.conns.identity(sid)
        grace = rooms.config["CLAIM_GRACE_SECONDS"]
        invited = privacy.invited(table, p.invite)
        identities = rooms.conns.identities(table)
        refused = claim_refusal(table, seat, who, identities, time.monotonic(), grace, invited)
        if refused is not None:
            raise TableError(refused)
        if not others_here(table, who, identities):  # the invite link let him in, past the grace
            return {"seat": seat.index, "token": _give_seat(rooms, table, seat, sid, None)}
        table.ask(seat.index, Claim(who, p.name))  # one request at a time: the latest
        rooms.changed(table)
    return {"seat": seat.index, "token": None}


def answer_claim(rooms: Rooms, sid: str, p: payloads.AnswerClaim) -> Answer:
    """Another player at the table lets a spectator take the seat he asked for (``allow``), or refuses (that
    client may not ask for it again); the spectator is told by a ``claim_answer`` event (with his token when he
    may sit)."""
    with rooms.at(p.code, sid) as table:
        index = rooms.player_seat(table, sid)
        asked = table.claims.get(p.seat)
        if asked is None:
            raise TableError(msg("server.claim.gone"))
        refused = answer_refusal(index, p.seat, asked, rooms.conns.identities(table))
        if refused is not None:
            raise TableError(refused)
        answer: dict[str, Any] = {"code": table.code, "seat": p.seat, "by": index}
        if p.allow:
            seat = table.seats[p.seat]
            answer.update(answer="allowed", token=_give_seat(rooms, table, seat, asked.sid, asked.name))
        else:
            table.refuse_claim(p.seat)
            answer["answer"] = "refused"
            rooms.changed(table)
        rooms.emit("claim_answer", answer, to=asked.sid)
    return {}


def _give_seat(rooms: Rooms, table: Table, seat: Seat, sid: str, name: str | None) -> str:
    """Seat connection ``sid`` under a new token: in an away player's seat (the old token stops working, so the
    device left behind watches if it comes back; his stand-in bot stops), or in a bot's under ``name``. Returns
    the new token."""
    token = new_token()
    player = rooms.conns.player(sid)
    if seat.kind == "bot":
        rooms.seat_human(table, seat, name or seat.name, token, player)
    else:
        seat.token_hash, seat.player = hash_token(token), player
    table.back_at(seat)
    seat.missed = False
    rooms.conns.shown(sid, hash_token(token))
    table.drop_claims(sid)  # this seat's among them: another page asking for it is refused before this
    rooms.attach(sid, table, seat.index)
    rooms.save(table)
    rooms.changed(table)
    return token


def disconnect(rooms: Rooms, sid: str) -> None:
    """A connection is gone: it leaves every table it was at; a player's seat is away from now on."""
    conn = rooms.conns.forget(sid)
    rooms.hints.forget(sid)
    for code in sorted(conn.codes if conn else ()):
        table = rooms.tables.get(code)
        if table is None:
            continue
        with table.lock:
            index = table.watchers.pop(sid, None)
            table.drop_claims(sid)
            if index is not None and not table.connected(index):
                rooms.standins.away(table, table.seats[index])
                rooms.standins.pass_host(table)
            rooms.changed(table)
