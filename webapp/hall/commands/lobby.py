"""The lobby's and the waiting table's commands: create, join, watch, leave, set a seat, start, play again."""

from __future__ import annotations

from typing import Any

from engine.core import GameDecl, players_refusal
from engine.messages import msg
from engine.messages import seat as seat_value
from engine.options import OptionError
from engine.registry import get_game
from webapp import privacy
from webapp.claims import seat_change_refusal
from webapp.hall.commands.payloads import Code, Create, Join, SetSeat, Watch
from webapp.hall.rooms import Rooms
from webapp.tables import Seat, Table, TableError
from webapp.tokens import hash_token, new_token

Answer = dict[str, Any]


def sit(rooms: Rooms, table: Table, seat: Seat, sid: str, name: str) -> str:
    """Connection ``sid``'s player sits down in ``seat`` under a new token, which it shows from now on; returns the
    token."""
    token = new_token()
    rooms.seat_human(table, seat, name, token, rooms.conns.player(sid))
    rooms.conns.shown(sid, hash_token(token))
    return token


def create(rooms: Rooms, sid: str, p: Create) -> Answer:
    """A new table, its creator seated as host (a game and options, a deal code's deal, or a lesson's hand)."""
    fixed = None
    if p.lesson:
        decl, players, options, fixed = _lesson(p)
    elif p.deal is not None:
        if p.game is not None or p.options is not None or p.players is not None:
            raise TableError(msg("server.create.deal_and_game"))
        record = rooms.journal.deal(p.deal)
        if record is None:
            raise TableError(msg("server.create.no_deal", deal=p.deal))
        decl, players, options = get_game(record["game"]), record["players"], record["options"]
        fixed = {"dealer": record["dealer"], "deal": record["deal"]}
    else:
        if p.game is None:
            raise TableError(msg("server.payload.missing", event="create", field="game"))
        decl = _game(p.game)
        players = p.players if p.players is not None else decl.default_players
        if not decl.min_players <= players <= decl.max_players:
            raise TableError(players_refusal(decl))
        try:
            options = decl.validate_options(p.options, players)
        except OptionError as exc:
            raise TableError(exc.reason) from None
    address = rooms.conns.address_of(sid)
    table = rooms.keeping.open(decl, players, options, fixed=fixed, creator=address, sid=sid)
    with table.lock:
        privacy.settings_from(table, p.listed, p.watch, p.clock, p.bot_speed)
        table.house.scale = rooms.config["CLOCK_SCALE"]
        lesson = bool(fixed and fixed.get("lesson"))
        table.level = p.level if p.level is not None else ("easy" if lesson else table.level)
        token = sit(rooms, table, table.seats[0], sid, p.name)
        try:
            rooms.save(table)
        except Exception:
            rooms.keeping.forget(table)
            raise
        rooms.attach(sid, table, 0)
        rooms.changed(table)
    return {"code": table.code, "seat": 0, "token": token, "players": table.players, "invite": table.house.invite}


def _game(game: str) -> GameDecl:
    try:
        return get_game(game)
    except KeyError:
        raise TableError(msg("server.create.no_game", game=game[:32])) from None


def _lesson(p: Create) -> tuple[GameDecl, int, dict[str, Any], dict[str, Any]]:
    """A guided first hand of ``p.game``: the game, its players, options and the lesson's fixed deal (its
    ``guide["lesson"]``), dealt as it is (no players, options or deal of the creator's)."""
    if p.deal is not None or p.options is not None or p.players is not None or p.game is None:
        raise TableError(msg("server.create.lesson_alone"))
    decl = _game(p.game)
    lesson = (decl.guide or {}).get("lesson")
    if lesson is None:
        raise TableError(msg("server.create.no_lesson", game=msg(f"game.{decl.id}.name")))
    players = lesson["players"]
    fixed = {"dealer": lesson["dealer"], "deal": lesson["deal"], "lesson": True}
    return decl, players, decl.validate_options({}, players), fixed


def join(rooms: Rooms, sid: str, p: Join) -> Answer:
    """Sit down at a waiting table: in the seat asked for, else the first open one, else a bot's."""
    with rooms.at(p.code, sid) as table:
        if table.watchers.get(sid) is not None:
            raise TableError(msg("server.join.seated"))
        if table.state != "waiting":
            raise TableError(msg("server.join.started"))
        privacy.check_join(table, p.invite)
        if p.seat is not None:
            if p.seat >= table.players:
                raise TableError(msg("server.seat.none", n=table.players))
            chosen = table.seats[p.seat]
            if chosen.kind == "human":
                raise TableError(msg("server.join.taken", seat=seat_value(chosen.index)))
        else:
            free = [s for s in table.seats if s.kind == "open"] or [s for s in table.seats if s.kind == "bot"]
            if not free:
                raise TableError(msg("server.join.full"))
            chosen = free[0]
        token = sit(rooms, table, chosen, sid, p.name)
        table.touch()
        rooms.save(table)
        rooms.attach(sid, table, chosen.index)
        rooms.changed(table)
    return {"code": table.code, "seat": chosen.index, "token": token}


def watch(rooms: Rooms, sid: str, p: Watch) -> Answer:
    """Watch a table (a connection already there keeps its seat)."""
    with rooms.at(p.code, sid) as table:
        if table.watchers.get(sid) is None:
            privacy.check_watch(table, p.invite)
            rooms.attach(sid, table, None)
        rooms.changed(table)
    return {"code": table.code}


def leave(rooms: Rooms, sid: str, p: Code) -> Answer:
    """A spectator leaves; a player leaves his seat before the start (the last one closes the table)."""
    with rooms.at(p.code, sid) as table:
        index = table.seat_of(sid)
        if index is None:
            table.watchers.pop(sid, None)
            if table.drop_claims(sid):
                rooms.changed(table)
            return {}
        if table.state != "waiting":
            raise TableError(msg("server.leave.started"))
        table.open_seat(table.seats[index])
        table.touch()
        if not table.humans():
            rooms.keeping.close(table)
            return {}
        if table.host_seat == index:
            table.host_seat = table.humans()[0].index
        rooms.save(table)
        rooms.changed(table)
    return {}


def set_seat(rooms: Rooms, sid: str, p: SetSeat) -> Answer:
    """The host opens a seat or gives it to a bot before the start."""
    with rooms.at(p.code, sid) as table:
        rooms.require_host(table, sid, "server.host_only.seats")
        if table.state != "waiting":
            raise TableError(msg("server.seats.started"))
        if p.seat >= table.players:
            raise TableError(msg("server.seat.none", n=table.players))
        if p.seat == table.host_seat:
            raise TableError(msg("server.seats.host"))
        seat = table.seats[p.seat]
        refused = seat_change_refusal(table, seat)
        if refused is not None:
            raise TableError(refused)
        if p.kind == "bot":
            if seat.kind == "human" and table.connected(seat.index):
                # "Bots in open seats" sent from a page that had not yet seen a friend sit down
                raise TableError(msg("server.seats.present", name=seat.name))
            bot = rooms.bots.name(table, p.bot)
            table.open_seat(seat)
            table.seat_bot(seat, bot)
        else:
            if p.bot is not None:
                raise TableError(msg("server.seats.open_bot"))
            table.open_seat(seat)
        table.touch()
        rooms.save(table)
        rooms.changed(table)
    return {}


def start(rooms: Rooms, sid: str, p: Code) -> Answer:
    """The host starts the game (every seat taken)."""
    with rooms.at(p.code, sid) as table:
        rooms.require_host(table, sid, "server.host_only.start")
        if table.state != "waiting":
            raise TableError(msg("server.start.started"))
        empty = [s.index for s in table.seats if s.kind == "open"]
        if empty:
            raise TableError(msg("server.start.empty_seat", seat=seat_value(empty[0])))
        fixed = table.fixed or {}
        rooms.play.new_game(table, rooms.play.seed(), fixed.get("dealer"), fixed.get("deal"))
        rooms.changed(table)
    return {}


def again(rooms: Rooms, sid: str, p: Code) -> Answer:
    """A player starts the next game at a table whose game is over."""
    with rooms.at(p.code, sid) as table:
        if table.seat_of(sid) is None:
            raise TableError(msg("server.again.not_player"))
        if table.state != "over":
            # two players pressed "Play again" together: the other's request started the new game
            raise TableError(msg("server.again.begun" if table.state == "playing" else "server.again.not_over"))
        follow_on = table.current().rematch()
        rooms.play.new_game(table, rooms.play.seed(), follow_on.get("dealer"), None, follow_on.get("start"))
        rooms.changed(table)
    return {}
