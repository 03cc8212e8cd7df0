"""The hall: every table in memory, the connections at them, and every operation a client may ask for.

Each operation takes the connection's sid and a validated payload, changes one table under that table's lock,
journals the change before answering, sends every connection of the table its own snapshot and returns the ack
data; a refusal raises :class:`TableError` (or the engine's ``IllegalAction``) and changes nothing.
Bots and the disconnect grace period run as background tasks through the injected ``start_task``/``sleep``, and
so does the sweep that closes waiting tables nobody sits at and puts away started ones nobody plays at. Bots think
in a pool of worker processes (:mod:`webapp.thinking`), outside the table's lock; their moves are applied like a
player's.
"""

from __future__ import annotations

import copy
import hmac
import logging
import random
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.bots import Bot, RandomBot, bot_seat
from engine.core import Deal, GameDecl, IllegalAction, players_refusal
from engine.messages import msg
from engine.messages import seat as seat_value
from engine.options import OptionError
from engine.registry import get_game, replay
from engine.search import ALIASES, LEVELS
from webapp import clock, privacy
from webapp.claims import (
    Claim,
    Identity,
    answer_refusal,
    claim_refusal,
    host_heir,
    others_here,
    remember_refusal,
    seat_change_refusal,
)
from webapp.clock import Clock, bot_pause
from webapp.config import exempt_addresses
from webapp.dealcodes import deal_code, deal_record
from webapp.house import journal_fixed, split_fixed
from webapp.journal import DamagedRow, Journal, TableMoved, journal_refused, refusal
from webapp.patches import Encoded, Prints, make_patch, prints, public_changes
from webapp.payloads import MAX_NAME
from webapp.players import Players
from webapp.ratelimit import ChatLimit, SharedWindowLimit, TokenBucket, WindowLimit, later
from webapp.tables import Seat, Table, TableError
from webapp.thinking import Job, Thinker, bot_named, bot_names, default_workers
from webapp.tokens import SEED_BITS, hash_token, new_seed, new_table_code, new_token

log = logging.getLogger(__name__)

MAX_FREE_IN_A_ROW = 12
"""Moves in a row by seats the game does not wait for after which bots stop using any-time powers until a
waited-for move is made: powers never keep a table from going on."""

JOURNAL_RETRY_FIRST, JOURNAL_RETRY_MAX = 0.5, 30.0
"""Seconds a bot waits before trying again a move the journal refused (a full disk), doubling up to the second."""

HINTS_PER_MINUTE = 20
"""Hints one connection may ask for in any minute (each is a Hard bot's search in the pool)."""

MAX_SHOWN_TOKENS = 64
"""Token hashes kept per connection (the tokens it showed: what tells a browser's connections apart from another's)."""

ADDRESS_PREFIX = "cardtable:created:"
"""Redis keys of the tables created per client address (several workers share them)."""


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


@dataclass
class Feed:
    """What a table's connections were last sent: broadcast ``seq``, each seat's last snapshot (the base of the next
    patches), and the ``(seq, seat)`` of the snapshot each patch-taking connection holds."""

    seq: int = 0
    last: dict[int | None, Prints] = field(default_factory=dict)
    holds: dict[str, tuple[int, int | None]] = field(default_factory=dict)


class Hall:
    """All tables of this server process."""

    def __init__(
        self,
        config: dict[str, Any],
        journal: Journal,
        emit: Callable[..., Any],
        start_task: Callable[..., Any],
        sleep: Callable[[float], Any],
    ):
        self.config = config
        self.journal = journal
        self.players = Players(journal)
        self.emit = emit
        self.start_task = start_task
        self.sleep = sleep
        fixed = config.get("DEAL_SEED")
        self._deal_seeds = random.Random(fixed) if fixed is not None else None
        self.tables: dict[str, Table] = {}
        self.dormant: dict[str, float] = {}
        """Tables of the journal a player may come back to that are not in memory (not rebuilt yet after a restart,
        or finished ones made room for), by code, with when they became dormant (``time.monotonic()``)."""
        self._backlog: deque[str] = deque()
        self.connections: dict[str, Connection] = {}
        self._feeds: weakref.WeakKeyDictionary[Table, Feed] = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()
        window = config["CREATE_WINDOW_MINUTES"] * 60
        self._created_by_connection = WindowLimit(config["CREATE_PER_CONNECTION"], window)
        self._created_by_address: WindowLimit | SharedWindowLimit = WindowLimit(config["CREATE_PER_ADDRESS"], window)
        self._exempt = exempt_addresses(config)
        self._shut = False
        workers = config.get("BOT_WORKERS")
        self.thinker = Thinker(default_workers() if workers is None else workers, sleep)
        self._hints = WindowLimit(HINTS_PER_MINUTE, 60)
        self._rebuilds = WindowLimit(config["REBUILDS_PER_MINUTE"], 60)
        chat = config["CHAT_PER_MINUTE"]
        self._chat = ChatLimit(chat, 2 * chat, 10 * chat, self._exempt)
        self._hinting: set[tuple[str, int]] = set()
        """``(table code, seat)`` of the hints being computed: one at a time per seat."""
        self.owns: Callable[[str], bool] = lambda code: True
        """Take a new table under ``code`` here (several workers: its lease, :mod:`webapp.directory`); ``False`` if
        the code is held already."""
        self.take: Callable[[str], Any] = lambda code: None
        """Before a table of the shared journal is rebuilt here: take its lease, or raise ``Moved`` to its worker."""
        self.let_go: Callable[[str], Any] = lambda code: None
        """This worker no longer holds table ``code`` in memory: release its lease (several workers)."""
        self.shared = False
        """The journal is shared with other workers: a table asked for that is not in memory may be in the journal
        (created or held by another worker that died), and is rebuilt from it."""
        self.clock = Clock(self)
        """The turn clock of every table (:mod:`webapp.clock`)."""
        self.drop: Callable[[str], Any] = lambda sid: None
        """Close a connection so that its client reconnects (through nginx, to the table's worker)."""
        self.finished: Callable[[Table], Any] = lambda table: None
        """Told of each game that ends at a table (its journal row written): the review (webapp/review.py)."""
        self.game_over: Callable[[int], Any] = lambda game_id: None
        """Told the id of every game that ends here, after its last move is journalled (the ratings,
        :mod:`webapp.ratings`)."""
        self.event_moved: Callable[[Table], Any] = lambda table: None
        """Told (inside the table's lock) of every move at a table of an event (:mod:`webapp.events`): a round of a
        fixed number of deals ends there when the last is played."""

    # ---- the host's tools and the table's pace (webapp/privacy.py, webapp/clock.py) ----------------
    invite = privacy.invite
    remove = privacy.remove
    lock = privacy.lock
    mute = privacy.mute
    house = privacy.house
    back = clock.back
    finish_hand = clock.finish_hand

    def share_address_limit(self, redis: Any) -> None:
        """Count the tables created per client address in Redis, with every other worker (several workers)."""
        window = self.config["CREATE_WINDOW_MINUTES"] * 60
        self._created_by_address = SharedWindowLimit(redis, ADDRESS_PREFIX, self.config["CREATE_PER_ADDRESS"], window)

    # ---- connections -------------------------------------------------------------------------
    def connect(self, sid: str, address: str = "", patch: bool = False, player: str | None = None) -> None:
        """A new connection from the client at ``address``, sent patches if ``patch``, of ``player`` if its browser
        said who he is (a connection already known is left as it is)."""
        if sid not in self.connections:
            bucket = TokenBucket(self.config["RATE_LIMIT"], self.config["RATE_BURST"])
            self.connections[sid] = Connection(bucket, set(), address, patch, player)

    def allow(self, sid: str) -> bool:
        """The per-connection rate limit: ``False`` when this event must be refused."""
        conn = self.connections.get(sid)
        return conn is not None and conn.bucket.allow()

    def address_of(self, sid: str) -> str:
        """The client address of connection ``sid`` (``""`` if unknown)."""
        conn = self.connections.get(sid)
        return conn.address if conn is not None else ""

    def identity(self, sid: str) -> Identity:
        """What tells connection ``sid``'s client from another's (:mod:`webapp.claims`)."""
        conn = self.connections.get(sid)
        if conn is None:
            return Identity(sid)
        address = None if conn.address in self._exempt or not conn.address else conn.address
        return Identity(sid, address, frozenset(conn.tokens), conn.player)

    def _shown(self, sid: str, token_hash: str) -> None:
        """Connection ``sid`` showed, or was given, the token of this hash (its browser keeps it)."""
        conn = self.connections.get(sid)
        if conn is not None and len(conn.tokens) < MAX_SHOWN_TOKENS:
            conn.tokens.add(token_hash)

    def _identities(self, table: Table) -> Callable[[int], list[Identity]]:
        """The identities of the connections holding each seat of ``table`` (by seat index)."""
        return lambda index: [self.identity(sid) for sid, held in list(table.watchers.items()) if held == index]

    def disconnect(self, sid: str) -> None:
        conn = self.connections.pop(sid, None)
        self._created_by_connection.forget(sid)
        self._hints.forget(sid)
        for code in sorted(conn.codes if conn else ()):
            table = self.tables.get(code)
            if table is None:
                continue
            with table.lock:
                index = table.watchers.pop(sid, None)
                self._forget_connection(table, sid)
                if index is not None and not table.connected(index):
                    self._seat_away(table, table.seats[index])
                    self._pass_host(table)
                self._broadcast(table)

    def _attach(self, sid: str, table: Table, index: int | None) -> None:
        table.watchers[sid] = index
        conn = self.connections.get(sid)
        if conn is not None:
            conn.codes.add(table.code)

    def table(self, code: str, sid: str | None = None) -> Table:
        """The open table ``code``, rebuilt from the journal if it is dormant; ``TableError`` if there is none. A
        rebuild asked for by connection ``sid`` counts against its address's ``REBUILDS_PER_MINUTE``."""
        self._adopt(code)
        table = self.tables.get(code)
        if table is None:
            if sid is not None and code in self.dormant:
                self._count_rebuild(sid)
            table = self._load(code)
        if table is None or table.closed:
            raise TableError(msg("server.table.none", code=code))
        return table

    def _count_rebuild(self, sid: str) -> None:
        """A dormant table is to be rebuilt for connection ``sid`` without its token (``watch``, ...): refused past
        ``REBUILDS_PER_MINUTE`` from its address (each rebuild replays a game and keeps it in memory)."""
        address = self.address_of(sid)
        if address in self._exempt:
            return
        wait = self._rebuilds.wait(address)
        if wait > 0:
            raise TableError(msg("server.rebuild.too_many", when=later(wait)))
        self._rebuilds.note(address)

    def _evict_idle(self) -> None:
        """Make room: forget finished tables nobody is at (they stay in the journal's history), then idle
        tables that never started. Games in progress are never dropped."""
        for state in ("over", "waiting"):
            for code, table in list(self.tables.items()):
                if table.state == state and not table.watchers and table.lock.acquire(blocking=False):
                    try:
                        if not table.watchers:
                            table.closed = True
                            if state == "waiting":
                                self.journal.close_table(code)
                            elif not self.shared:
                                self.dormant[code] = time.monotonic()  # its players may still come back to it
                            del self.tables[code]
                            self.let_go(code)
                    finally:
                        table.lock.release()
            if len(self.tables) < self.config["MAX_TABLES"]:
                return

    # ---- lobby -------------------------------------------------------------------------------
    def create(self, sid: str, p: dict[str, Any]) -> dict[str, Any]:
        fixed = None
        if p.get("lesson"):
            decl, players, options, fixed = self._lesson(p)
        elif "deal" in p:
            if "game" in p or "options" in p or "players" in p:
                raise TableError(msg("server.create.deal_and_game"))
            record = self.journal.deal(p["deal"])
            if record is None:
                raise TableError(msg("server.create.no_deal", deal=p["deal"]))
            decl, players, options = get_game(record["game"]), record["players"], record["options"]
            fixed = {"dealer": record["dealer"], "deal": record["deal"]}
        else:
            if "game" not in p:
                raise TableError(msg("server.payload.missing", event="create", field="game"))
            try:
                decl = get_game(p["game"])
            except KeyError:
                raise TableError(msg("server.create.no_game", game=p["game"][:32])) from None
            players = p.get("players", decl.default_players)
            if not decl.min_players <= players <= decl.max_players:
                raise TableError(players_refusal(decl))
            try:
                options = decl.validate_options(p.get("options"), players)
            except OptionError as exc:
                raise TableError(exc.reason) from None
        conn = self.connections.get(sid)
        address = conn.address if conn is not None else ""
        with self._lock:
            self._check_creation_limits(sid, address)
            self._make_room()
            code = new_table_code()
            while code in self.tables or code in self.dormant or not self.owns(code):
                code = new_table_code()
            table = Table(code, decl, players, options, host_seat=0, fixed=fixed)
            table.creator_address = address
            privacy.settings_from(p, table)
            table.house.scale = self.config["CLOCK_SCALE"]
            table.level = p.get("level", "easy" if fixed and fixed.get("lesson") else table.level)
            self.tables[code] = table
            self._created_by_connection.note(sid)
            if address not in self._exempt:
                self._created_by_address.note(address)
        with table.lock:
            token = new_token()
            self._seat_human(table, table.seats[0], p["name"], token, self._player(sid))
            self._shown(sid, hash_token(token))
            try:
                self._save_table(table)
            except Exception:
                table.closed = True
                with self._lock:
                    self.tables.pop(code, None)
                self.let_go(code)
                raise
            self._attach(sid, table, 0)
            self._broadcast(table)
        return {"code": code, "seat": 0, "token": token, "players": table.players, "invite": table.house.invite}

    @staticmethod
    def _lesson(p: dict[str, Any]) -> tuple[GameDecl, int, dict[str, Any], dict[str, Any]]:
        """A guided first hand of ``p["game"]``: the game, its players, options and the lesson's fixed deal (its
        ``guide["lesson"]``), dealt as it is (no players, options or deal of the creator's)."""
        if "deal" in p or "options" in p or "players" in p or "game" not in p:
            raise TableError(msg("server.create.lesson_alone"))
        try:
            decl = get_game(p["game"])
        except KeyError:
            raise TableError(msg("server.create.no_game", game=p["game"][:32])) from None
        lesson = (decl.guide or {}).get("lesson")
        if lesson is None:
            raise TableError(msg("server.create.no_lesson", game=msg(f"game.{decl.id}.name")))
        players = lesson["players"]
        fixed = {"dealer": lesson["dealer"], "deal": lesson["deal"], "lesson": True}
        return decl, players, decl.validate_options({}, players), fixed

    def _check_creation_limits(self, sid: str, address: str) -> None:
        """Refuse a ``create`` over the limits of this connection or of its client's address (under ``_lock``):
        tables created per window, and unfinished tables created from one address at once."""
        wait = self._created_by_connection.wait(sid)
        if address not in self._exempt:
            wait = max(wait, self._created_by_address.wait(address))
        if wait > 0:
            raise TableError(msg("server.create.too_soon", when=later(wait)))
        if address in self._exempt:
            return
        mine = sum(1 for t in self.tables.values() if t.creator_address == address and t.state != "over")
        limit = self.config["OPEN_TABLES_PER_ADDRESS"]
        if mine >= limit:
            raise TableError(msg("server.create.too_many_open", n=limit))

    def _make_room(self) -> None:
        """Under ``_lock``: at the table cap forget idle tables, else refuse."""
        if len(self.tables) >= self.config["MAX_TABLES"]:
            self._evict_idle()
        if len(self.tables) >= self.config["MAX_TABLES"]:
            raise TableError(msg("server.full"))

    def join(self, sid: str, p: dict[str, Any]) -> dict[str, Any]:
        table = self.table(p["code"], sid)
        with table.lock:
            if table.watchers.get(sid) is not None:
                raise TableError(msg("server.join.seated"))
            if table.state != "waiting":
                raise TableError(msg("server.join.started"))
            privacy.check_join(table, p)
            if "seat" in p:
                if p["seat"] >= table.players:
                    raise TableError(msg("server.seat.none", n=table.players))
                chosen = table.seats[p["seat"]]
                if chosen.kind == "human":
                    raise TableError(msg("server.join.taken", seat=seat_value(chosen.index)))
            else:
                free = [s for s in table.seats if s.kind == "open"] or [s for s in table.seats if s.kind == "bot"]
                if not free:
                    raise TableError(msg("server.join.full"))
                chosen = free[0]
            token = new_token()
            self._seat_human(table, chosen, p["name"], token, self._player(sid))
            self._shown(sid, hash_token(token))
            table.touch()
            self._save_table(table)
            self._attach(sid, table, chosen.index)
            self._broadcast(table)
        return {"code": table.code, "seat": chosen.index, "token": token}

    def watch(self, sid: str, p: dict[str, Any]) -> dict[str, Any]:
        table = self.table(p["code"], sid)
        with table.lock:
            if table.watchers.get(sid) is None:
                privacy.check_watch(table, p)
                self._attach(sid, table, None)
            self._broadcast(table)
        return {"code": table.code}

    def resume(self, sid: str, p: dict[str, Any], report: bool = True) -> dict[str, Any]:
        """A player's page comes back to his seat (by his token); ``stood_in`` in the answer says a bot played for him
        since his page last asked (``report``: the page's own request, not the reconnection's automatic one)."""
        wanted = hash_token(p.get("token", ""))
        self._shown(sid, wanted)
        self._adopt(p["code"])
        if p["code"] not in self.tables and p["code"] in self.dormant and not self._holds_seat(p["code"], wanted):
            raise TableError(msg("server.resume.unknown_token"))  # a junk token rebuilds nothing
        table = self.tables.get(p["code"]) or self._load(p["code"]) or self._unpark(p["code"], wanted)
        if table.closed:
            raise TableError(msg("server.table.none", code=p["code"]))
        with table.lock:
            seat = next(
                (s for s in table.humans() if s.token_hash and hmac.compare_digest(s.token_hash, wanted)),
                None,
            ) or self._seat_of_player(table, sid, p)
            if seat is None:
                raise TableError(msg("server.resume.unknown_token"))
            seat.away_epoch += 1
            seat.stand_in, seat.away_since = False, None
            claim = table.claims.pop(seat.index, None)
            if claim is not None:
                self.emit("claim_answer", {"code": table.code, "seat": seat.index, "answer": "back"}, to=claim.sid)
            self._drop_claims(table, sid)  # a page that asked for a seat and then found its own token
            stood_in = seat.missed
            if report:
                seat.missed = False
            before = table.watchers.get(sid)
            self._attach(sid, table, seat.index)
            if before is not None and before != seat.index and not table.connected(before):
                self._seat_away(table, table.seats[before])
            self._pass_host(table)  # a player seated before the host left is back: the host's place may pass
            self._broadcast(table)
            self._wake_bots(table)
        return {"code": table.code, "seat": seat.index, "stood_in": stood_in}

    def _holds_seat(self, code: str, token_hash: str) -> bool:
        """Whether a seat of table ``code`` in the journal has the token of this hash (one query, no rebuild)."""
        return any(
            held is not None and hmac.compare_digest(held, token_hash) for held in self.journal.token_hashes(code)
        )

    def leave(self, sid: str, p: dict[str, Any]) -> dict[str, Any]:
        table = self.table(p["code"], sid)
        with table.lock:
            index = table.seat_of(sid)
            if index is None:
                table.watchers.pop(sid, None)
                if self._forget_connection(table, sid):
                    self._broadcast(table)
                return {}
            if table.state != "waiting":
                raise TableError(msg("server.leave.started"))
            self._open_seat(table, table.seats[index])
            table.touch()
            if not table.humans():
                self._close(table)
                return {}
            if table.host_seat == index:
                table.host_seat = table.humans()[0].index
            self._save_table(table)
            self._broadcast(table)
        return {}

    def set_seat(self, sid: str, p: dict[str, Any]) -> dict[str, Any]:
        table = self.table(p["code"], sid)
        with table.lock:
            self._require_host(table, sid, "server.host_only.seats")
            if table.state != "waiting":
                raise TableError(msg("server.seats.started"))
            if p["seat"] >= table.players:
                raise TableError(msg("server.seat.none", n=table.players))
            if p["seat"] == table.host_seat:
                raise TableError(msg("server.seats.host"))
            seat = table.seats[p["seat"]]
            refused = seat_change_refusal(table, seat)
            if refused is not None:
                raise TableError(refused)
            if p["kind"] == "bot":
                if seat.kind == "human" and table.connected(seat.index):
                    # "Bots in open seats" sent from a page that had not yet seen a friend sit down
                    raise TableError(msg("server.seats.present", name=seat.name))
                bot = self._bot_name(table, p.get("bot"))
                self._open_seat(table, seat)
                seat.kind, seat.bot, seat.name = "bot", bot, f"Bot {seat.index + 1}"
            else:
                if "bot" in p:
                    raise TableError(msg("server.seats.open_bot"))
                self._open_seat(table, seat)
            table.touch()
            self._save_table(table)
            self._broadcast(table)
        return {}

    def start(self, sid: str, p: dict[str, Any]) -> dict[str, Any]:
        table = self.table(p["code"], sid)
        with table.lock:
            self._require_host(table, sid, "server.host_only.start")
            if table.state != "waiting":
                raise TableError(msg("server.start.started"))
            empty = [s.index for s in table.seats if s.kind == "open"]
            if empty:
                raise TableError(msg("server.start.empty_seat", seat=seat_value(empty[0])))
            fixed = table.fixed or {}
            self._new_game(table, self._seed(), fixed.get("dealer"), fixed.get("deal"))
        return {}

    def again(self, sid: str, p: dict[str, Any]) -> dict[str, Any]:
        table = self.table(p["code"], sid)
        with table.lock:
            if table.seat_of(sid) is None:
                raise TableError(msg("server.again.not_player"))
            if table.state != "over":
                # two players pressed "Play again" together: the other's request started the new game
                raise TableError(msg("server.again.begun" if table.state == "playing" else "server.again.not_over"))
            follow_on = table.current().rematch()
            self._new_game(table, self._seed(), follow_on.get("dealer"), None, follow_on.get("start"))
        return {}

    # ---- play --------------------------------------------------------------------------------
    def act(self, sid: str, p: dict[str, Any]) -> dict[str, Any]:
        table = self.table(p["code"], sid)
        with table.lock:
            index = self._player_seat(table, sid)
            if table.state != "playing":
                raise TableError(msg("server.game.over" if table.state == "over" else "server.game.not_started"))
            if p["version"] != table.version:
                self._send_full(table, sid, index)
                raise TableError(msg("server.act.stale"))
            self.clock.played(table, index)
            patch = self._apply(table, index, p["action"], sid)
            return {"version": table.version} if patch is None else {"version": table.version, "patch": patch}

    def explain(self, sid: str, p: dict[str, Any]) -> dict[str, Any]:
        table = self.table(p["code"], sid)
        with table.lock:
            index = self._player_seat(table, sid)
            if table.game is None:
                raise TableError(msg("server.game.not_started"))
            return {"reason": table.game.explain(index, p["action"])}

    def sync(self, sid: str, p: dict[str, Any]) -> dict[str, Any]:
        """Send this connection the full snapshot again (a patch did not fit the snapshot it holds)."""
        table = self.table(p["code"], sid)
        with table.lock:
            self._send_full(table, sid, table.seat_of(sid))
        return {}

    def chat(self, sid: str, p: dict[str, Any]) -> dict[str, Any]:
        table = self.table(p["code"], sid)
        with table.lock:
            index = table.seat_of(sid)
            privacy.check_chat(table, index)
            address = self.address_of(sid)
            wait = self._chat.wait(address, table.code)
            if wait > 0:
                raise TableError(msg("server.chat.too_many", when=later(wait)))
            self._chat.note(address, table.code)
            # a player speaks under his seat's name; a spectator under the one he gives, if any (the page says
            # "spectator" in the reader's language)
            name = table.seats[index].name if index is not None else p.get("name")
            message = {"name": name, "seat": index, "text": p["text"]}
            table.chat.append(message)
            for other in list(table.watchers):
                self.emit("chat", message, to=other)
        return {}

    def claim(self, sid: str, p: dict[str, Any]) -> dict[str, Any]:
        """A spectator asks for a seat in a game under way: an away player's (his phone went flat and he is back on
        another device, or a friend takes over) or a bot's (a friend who came late joins). Another player at the table
        lets him sit or not (:meth:`answer_claim`); the rules of who may ask and answer are :mod:`webapp.claims`'s.
        The answer's token is ``None`` (the seat is given by a player's yes) unless no other client's player is at
        the table and he holds its invite link: then he sits at once, past the grace (his new token)."""
        table = self.table(p["code"], sid)
        with table.lock:
            if table.seat_of(sid) is not None:
                raise TableError(msg("server.claim.seated"))
            if table.state == "waiting":
                raise TableError(msg("server.claim.waiting"))
            if p["seat"] >= table.players:
                raise TableError(msg("server.seat.none", n=table.players))
            seat = table.seats[p["seat"]]
            away = seat.kind == "human" and not table.connected(seat.index)
            if not away and seat.kind != "bot":
                raise TableError(msg("server.claim.not_away", seat=seat_value(seat.index)))
            if seat.kind == "bot" and "name" not in p:
                raise TableError(msg("server.claim.name"))
            other = table.claims.get(seat.index)
            if other is not None and other.sid != sid:
                raise TableError(msg("server.claim.pending", seat=seat_value(seat.index)))
            privacy.check_claim(table)
            who = self.identity(sid)
            grace = self.config["CLAIM_GRACE_SECONDS"]
            invited = privacy.invited(table, p)
            refused = claim_refusal(table, seat, who, self._identities(table), time.monotonic(), grace, invited)
            if refused is not None:
                raise TableError(refused)
            if not others_here(table, who, self._identities(table)):  # the invite link let him in, past the grace
                return {"seat": seat.index, "token": self._give_seat(table, seat, sid, None)}
            self._drop_claims(table, sid)  # one request at a time: the latest
            table.claims[seat.index] = Claim(who, p.get("name"))
            self._broadcast(table)
        return {"seat": seat.index, "token": None}

    def answer_claim(self, sid: str, p: dict[str, Any]) -> dict[str, Any]:
        """Another player at the table lets a spectator take the seat he asked for (``allow``), or refuses (that
        client may not ask for it again); the spectator is told by a ``claim_answer`` event (with his token when he
        may sit)."""
        table = self.table(p["code"], sid)
        with table.lock:
            index = self._player_seat(table, sid)
            claim = table.claims.get(p["seat"])
            if claim is None:
                raise TableError(msg("server.claim.gone"))
            refused = answer_refusal(index, p["seat"], claim, self._identities(table))
            if refused is not None:
                raise TableError(refused)
            answer: dict[str, Any] = {"code": table.code, "seat": p["seat"], "by": index}
            if p["allow"]:
                seat = table.seats[p["seat"]]
                answer.update(answer="allowed", token=self._give_seat(table, seat, claim.sid, claim.name))
            else:
                del table.claims[p["seat"]]
                remember_refusal(table, claim, p["seat"])
                answer["answer"] = "refused"
                self._broadcast(table)
            self.emit("claim_answer", answer, to=claim.sid)
        return {}

    # ---- inside a table's lock ---------------------------------------------------------------
    def _give_seat(self, table: Table, seat: Seat, sid: str, name: str | None) -> str:
        """Seat connection ``sid`` under a new token: in an away player's seat (the old token stops working, so the
        device left behind watches if it comes back; his stand-in bot stops), or in a bot's under ``name``. Returns
        the new token."""
        token = new_token()
        if seat.kind == "bot":
            self._seat_human(table, seat, name or seat.name, token, self._player(sid))
        else:
            seat.token_hash, seat.player = hash_token(token), self._player(sid)
        seat.away_epoch += 1
        seat.stand_in = seat.missed = False
        seat.away_since = None
        self._shown(sid, hash_token(token))
        self._drop_claims(table, sid)  # this seat's among them: another page asking for it is refused before this
        self._attach(sid, table, seat.index)
        self._save_table(table)
        self._broadcast(table)
        self._wake_bots(table)
        return token

    @staticmethod
    def _drop_claims(table: Table, sid: str) -> bool:
        """Forget the seat requests of connection ``sid`` (gone, or now seated); whether there were any."""
        mine = [index for index, claim in table.claims.items() if claim.sid == sid]
        for index in mine:
            del table.claims[index]
        return bool(mine)

    @staticmethod
    def _forget_connection(table: Table, sid: str) -> bool:
        """A connection leaves the table: its requests go (the memory of those refused to its client stays)."""
        return Hall._drop_claims(table, sid)

    def _require_host(self, table: Table, sid: str, key: str) -> None:
        """Refuse with the message ``key`` unless this connection holds the host's seat."""
        if table.seat_of(sid) != table.host_seat:
            raise TableError(msg(key))

    def _player_seat(self, table: Table, sid: str) -> int:
        index = table.seat_of(sid)
        if index is None:
            raise TableError(msg("server.table.watching"))
        return index

    def _player(self, sid: str | None) -> str | None:
        """The player of connection ``sid`` (:mod:`webapp.players`), if its browser said who he is."""
        conn = self.connections.get(sid) if sid is not None else None
        return conn.player if conn is not None else None

    def _seat_of_player(self, table: Table, sid: str, p: dict[str, Any]) -> Seat | None:
        """A ``resume`` without a token: the seat of the connection's player (his other device, or his browser
        after its tokens were lost), if he sits at this table."""
        player = self._player(sid)
        if "token" in p or player is None:
            return None
        return next((s for s in table.humans() if s.player == player), None)

    def _seat_human(self, table: Table, seat: Seat, name: str, token: str, player: str | None = None) -> None:
        """A player sits down, under a name no one else at the table has (a second "Саша" is "Саша 2": at Blot
        "partner: Саша" must say which); the seat keeps the table's level as the one its stand-in would play at, and
        remembers the ``player`` who sat down (:mod:`webapp.players`)."""
        taken = {s.name.casefold() for s in table.humans() if s is not seat}
        unique, n = name, 1
        while unique.casefold() in taken:
            n += 1
            unique = f"{name[: MAX_NAME - len(str(n)) - 1]} {n}"
        seat.kind, seat.name, seat.token_hash, seat.player = "human", unique, hash_token(token), player
        seat.bot = self._bot_name(table, None)
        seat.stand_in, seat.away_since, seat.seated_at = False, None, time.monotonic()

    def _open_seat(self, table: Table, seat: Seat) -> None:
        """Empty a seat; a human sitting there keeps watching, and their token stops working."""
        for other, index in list(table.watchers.items()):
            if index == seat.index:
                table.watchers[other] = None
        seat.kind, seat.name, seat.bot, seat.token_hash, seat.stand_in = "open", "", None, None, False
        seat.player = None

    def _bot_name(self, table: Table, wanted: str | None) -> str:
        """The bot a seat gets: ``wanted`` (a level, an older name of one, or another bot of the game), else the
        table's level (or, in a game without levels, its first bot)."""
        names = bot_names(table.decl)
        if wanted is not None:
            name = ALIASES.get(wanted, wanted)
            if name not in names:
                raise TableError(msg("server.seats.no_bot", bot=wanted[:32], game=msg(f"game.{table.decl.id}.name")))
            return name
        return table.level if table.level in names else (names[0] if names else "random")

    def _save_table(self, table: Table) -> None:
        data = {
            "code": table.code,
            "game": table.decl.id,
            "players": table.players,
            "options": table.options,
            "host_seat": table.host_seat,
            "fixed": journal_fixed(table.fixed, table.house),
        }
        self.journal.save_table(data, [s.to_journal() for s in table.seats])

    def is_shut(self) -> bool:
        """Whether :meth:`shut` was called (background loops end)."""
        return self._shut

    def shut(self) -> None:
        """Stop serving: every bot loop and the sweep end at their next step, then the journal closes (the tables
        stay in it)."""
        self._shut = True
        for table in list(self.tables.values()):
            with table.lock:
                table.closed = True
        self.thinker.shut()
        self.journal.close()

    def _close(self, table: Table) -> None:
        table.closed = True
        self.journal.close_table(table.code)
        with self._lock:
            self.tables.pop(table.code, None)
        self.let_go(table.code)

    def _seed(self) -> int:
        """A new game's seed: from the operating system's secure source, or, with ``DEAL_SEED`` set (tests, demos),
        the next of a generator seeded with it, so that a server's tables deal the same games run after run."""
        return self._deal_seeds.getrandbits(SEED_BITS) if self._deal_seeds is not None else new_seed()

    def _new_game(
        self,
        table: Table,
        seed: int,
        dealer: int | None,
        deal: dict[str, Any] | None,
        start: dict[str, Any] | None = None,
    ) -> None:
        """Deal a new game with the table's seats and options, journal it and tell everybody."""
        try:
            game = table.decl.new(
                table.players,
                table.options,
                seed,
                dealer=dealer,
                deal=Deal.from_json(deal) if deal else None,
                start=start,
            )
        except OptionError as exc:  # a check the game makes only when it deals (options that do not go together)
            raise TableError(exc.reason) from None
        base = table.version + 1
        try:
            table.game_id = self.journal.start_game(table.code, game.record(), [s.name for s in table.seats], base)
        except TableMoved:
            self._release(table)
            raise TableError(msg("server.act.stale")) from None
        table.game, table.base_version = game, base
        table.hand_record, table.deal_codes = None, []
        self._track_hands(table)
        for seat in table.humans():
            if not table.connected(seat.index) and not seat.stand_in:
                self._seat_away(table, seat)
        self._broadcast(table)
        self._wake_bots(table)

    def _apply(self, table: Table, index: int, action: str, sid: str | None = None) -> dict[str, Any] | None:
        """Apply a move, journal it (undone if the journal refuses), then tell everybody; the ``table_patch`` of
        the mover's connection ``sid`` is not sent but returned (its ack carries it), if it takes one."""
        game = table.current()
        if table.game_id is None:
            raise TableError(msg("server.game.not_started"))
        waited = index in game.to_act()
        try:
            game.apply(index, action)
        except IllegalAction:
            raise
        except Exception:
            log.exception("the engine failed on %r at table %s", action, table.code)
            table.game = replay(game.record())
            raise TableError(msg("server.act.failed")) from None
        seat, norm = game.log[-1]
        mover = (self._player(sid) or "") if sid is not None else f"bot:{table.seats[index].bot}"
        try:
            self.journal.add_action(
                table.game_id, len(game.log) - 1, seat, norm, game.result() if game.is_over else None, mover
            )
        except Exception as exc:
            record = game.record()
            record["actions"].pop()
            table.game = replay(record)
            if isinstance(exc, TableMoved):
                self._release(table)
                raise TableError(msg("server.act.stale")) from None
            log.exception("journal write failed at table %s", table.code)
            raise TableError(refusal(exc, move=True)) from None
        table.free_streak = 0 if waited else table.free_streak + 1
        self._track_hands(table)
        if table.event is not None:
            self.event_moved(table)
        patch = self._broadcast(table, sid)
        self._wake_bots(table)
        if game.is_over:
            self.finished(table)
            self.game_over(table.game_id)
        return patch

    def _track_hands(self, table: Table, deals: list[tuple[str, dict[str, Any]]] | None = None) -> None:
        """Give each finished hand its deal code, and note the deal of the hand now in play; the finished hand's deal
        is journalled at once, or added to ``deals`` (a rebuild journals them together)."""
        game = table.current()
        hand_no = getattr(game, "hand_no", None)
        held = table.hand_record
        if held is not None and not game.is_over and held.get("hand_no") != hand_no:
            current = deal_record(game)
            if current is not None and current["deal"] == held["deal"]:
                # the same deal, only numbered now (Bank deals after the trump choice)
                held = table.hand_record = current
        if held is not None and (game.is_over or held.get("hand_no") != hand_no):
            code = deal_code(held)
            if deals is None:
                self.journal.save_deal(code, held)
            else:
                deals.append((code, held))
            table.deal_codes.append({"hand_no": held.get("hand_no"), "code": code})
            table.hand_record = None
        if table.hand_record is None and not game.is_over:
            table.hand_record = deal_record(game)

    def _broadcast(self, table: Table, ack_sid: str | None = None) -> dict[str, Any] | None:
        """Send every connection at the table its own snapshot, or a patch from the one it holds (connections that
        asked for patches). The public fields are built and compared once for all; each seat's fields once per
        seat; each payload encoded once for all the connections it goes to, a patch's view fields and events
        already as text. The patch of connection ``ack_sid`` (the mover's) is returned instead of sent: its
        ack carries it, one message fewer a move (``None`` if it is sent a full snapshot)."""
        self.clock.wake(table)
        feed = self._feeds.setdefault(table, Feed())
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
            conn = self.connections.get(sid)
            patch = conn is not None and conn.patch
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
            self.emit(event, data, to=sids if len(sids) > 1 else sids[0])
        feed.last, feed.holds = sent, holds
        return acked

    def _send_full(self, table: Table, sid: str, index: int | None) -> None:
        """One connection's full snapshot, outside a broadcast (nothing changed since the last one, chat aside)."""
        feed = self._feeds.setdefault(table, Feed())
        snapshot = table.snapshot(index)
        snapshot["seq"] = feed.seq
        last = feed.last.get(index)
        if last is not None and last.seq == feed.seq:
            feed.holds[sid] = (feed.seq, index)
        self.emit("table", snapshot, to=sid)

    # ---- bots and absent humans --------------------------------------------------------------
    def _bots_may_move(self, table: Table) -> list[tuple[int, bool]]:
        """The bot seats that should move now, as ``(seat, free)``: first those that may act only through an
        any-time power (``Game.may_act`` beside ``to_act``) whose bot has a ``free_action`` and has not declined
        at this version, then those the game waits for. Bots only play while some human is at the table."""
        if table.closed or table.state != "playing" or not any(s.bot_plays for s in table.seats):
            return []
        if table.held or not (table.present() or table.event):
            return []
        game = table.current()
        waiting = game.to_act()
        if table.free_declined_at != table.version:
            table.free_declined, table.free_declined_at = set(), table.version
        free = []
        if table.free_streak < MAX_FREE_IN_A_ROW:
            free = [
                s.index
                for s in table.seats
                if s.bot_plays
                and s.index not in waiting
                and s.index not in table.free_declined
                and callable(getattr(self._bot_of(table, s), "free_action", None))
                and game.may_act(s.index)
            ]
        return [(s, True) for s in free] + [(s, False) for s in waiting if table.seats[s].bot_plays]

    def _wake_bots(self, table: Table) -> None:
        self.clock.wake(table)
        if not table.bot_busy and self._bots_may_move(table):
            table.bot_busy = True
            self.start_task(self._bot_loop, table)

    def _bot_loop(self, table: Table) -> None:
        """Let bots move, one move per ``BOT_DELAY``, while a bot is to act (or wants to use an any-time power) and a
        human is at the table. Each decision is computed in the pool (:mod:`webapp.thinking`) outside the table's
        lock, from the seat's view, while the delay runs; it is applied only if the table has not changed meanwhile
        (else the bot thinks again). A bot that declines its any-time power is not asked again until the table
        changes, so it never holds the table up. A move the journal refused (a full disk) is tried again after a
        wait that doubles up to ``JOURNAL_RETRY_MAX`` seconds, until the journal takes it."""
        try:
            pause, retry = True, 0.0
            while True:
                with table.lock:
                    turn = self._bots_may_move(table)
                    if not turn:
                        table.bot_busy = False
                        return
                    index, free = turn[0]
                    version, job = table.version, self._bot_job(table, index, free)
                    wait = self._bot_pause(table)
                future = self.thinker.submit(job, (table.creator_address or f"table:{table.code}", table.code))
                if pause:
                    self._sleep_unless_moved(table, version, wait)
                try:
                    choice, failure = self.thinker.wait(future), None
                except Exception as exc:
                    choice, failure = None, repr(exc)
                with table.lock:
                    if table.closed:  # handed over to another worker (or closed) while the bot thought
                        table.bot_busy = False
                        return
                    if table.version != version or (index, free) not in self._bots_may_move(table):
                        pause = True
                        continue
                    try:
                        if not free:
                            self._bot_move(table, job, choice, failure)
                        elif not self._bot_free_move(table, job, choice, failure):
                            table.free_declined.add(index)
                            pause = False
                            continue
                    except TableError as exc:
                        if table.closed or not journal_refused(exc.reason):
                            raise
                        retry = min(JOURNAL_RETRY_MAX, max(JOURNAL_RETRY_FIRST, retry * 2))
                    else:
                        retry = 0.0
                    pause = True
                if retry:
                    self.sleep(retry)
        except TableError:
            # The move's write was refused because another worker holds the table now (_release closed it here).
            with table.lock:
                table.bot_busy = False
                if not table.closed:
                    log.exception("bot loop failed at table %s", table.code)
        except Exception:
            log.exception("bot loop failed at table %s", table.code)
            with table.lock:
                table.bot_busy = False

    def _bot_pause(self, table: Table) -> float:
        """How long a bot waits before its move: ``BOT_DELAY``, or ``POWER_GRACE`` while a player at the table holds
        a power that the bot's move would take away (the Investigator's call right after his lead): a moment to
        use it. Inside the table's lock."""
        game = table.current()
        held = any(not s.bot_plays and game.fleeting(s.index) for s in table.present())
        delay = bot_pause(table, self.config["BOT_DELAY"])
        return max(delay, self.config["POWER_GRACE"]) if held else delay

    def _sleep_unless_moved(self, table: Table, version: int, seconds: float) -> None:
        """Sleep ``seconds``; a wait longer than ``BOT_DELAY`` (a player's moment to use a power) ends once the
        table has moved on."""
        step = self.config["BOT_DELAY"]
        if seconds <= step:
            self.sleep(seconds)
            return
        deadline = time.monotonic() + seconds
        while table.version == version and (left := deadline - time.monotonic()) > 0:
            self.sleep(min(0.1, left))

    @staticmethod
    def _bot_of(table: Table, seat: Seat) -> Bot:
        return bot_named(table.decl, seat.bot)

    @staticmethod
    def _bot_job(table: Table, index: int, free: bool) -> Job:
        """What the seat's bot is asked, as data for the pool: a copy of its own view (a view may share a list with
        the game, which goes on changing while the bot thinks) and its legal actions, and a seed from the game's seed
        and move number (so a bot's play is reproducible)."""
        game = table.current()
        seed = f"{game.seed}:{len(game.log)}:{index}" + (":free" if free else "")
        view, bot = copy.deepcopy(game.view(index)), table.seats[index].bot
        return Job("free" if free else "choose", table.decl.id, bot, view, game.legal_actions(index), seed)

    def _bot_move(self, table: Table, job: Job, action: Any, failure: str | None) -> None:
        """Apply the bot's choice like a player's move; one that failed or is not legal is logged and replaced by a
        random legal move."""
        index = bot_seat(job.view)
        reason = failure if failure is not None else self._refusal(table, index, action)
        if reason is not None:
            log.warning("bot %s at table %s chose %r: %s", job.bot, table.code, action, reason)
            action = RandomBot().choose(job.view, job.legal, random.Random(job.seed))
        self._apply(table, index, action)

    def _bot_free_move(self, table: Table, job: Job, action: Any, failure: str | None) -> bool:
        """A seat the game does not wait for: apply the any-time power its bot's ``free_action`` wanted, if any and
        legal. Returns whether a move was made; a bot that failed or erred just makes none."""
        if action is None and failure is None:
            return False
        index = bot_seat(job.view)
        reason = failure if failure is not None else self._refusal(table, index, action)
        if reason is not None:
            log.warning("bot %s at table %s wanted the any-time move %r: %s", job.bot, table.code, action, reason)
            return False
        self._apply(table, index, action)
        return True

    @staticmethod
    def _refusal(table: Table, index: int, action: Any) -> Any:
        """Why ``action`` may not be played by ``index`` now (``None``: it may)."""
        if not isinstance(action, str):
            return "not an action"
        try:
            return table.current().explain(index, action)
        except Exception as exc:
            return repr(exc)

    # ---- hints -------------------------------------------------------------------------------
    def hint(self, sid: str, p: dict[str, Any]) -> dict[str, Any]:
        """Suggest a move to the asking player for their own seat, when it may act: the Hard bot's choice and its
        reason, computed in the pool. Answers the version it was computed for (a later one makes it moot)."""
        table = self.table(p["code"], sid)
        with table.lock:
            index = self._player_seat(table, sid)
            if table.state != "playing":
                raise TableError(msg("server.game.over" if table.state == "over" else "server.game.not_started"))
            game = table.current()
            legal = game.legal_actions(index)
            if not legal or not game.may_act(index):
                raise TableError(msg("server.hint.not_your_turn"))
            key = (table.code, index)
            answered = table.hinted.get(index)
            if answered is not None and answered["version"] == table.version:
                return answered
            if key in self._hinting:
                raise TableError(msg("server.hint.busy"))
            # A lesson's coach asks once per turn of its player: only other tables count hints against the limit.
            wait = 0.0 if table.lesson else self._hints.wait(sid)
            if wait > 0:
                raise TableError(msg("server.hint.too_many", when=later(wait)))
            self._hints.note(sid)
            self._hinting.add(key)
            version = table.version
            view = copy.deepcopy(game.view(index))
            job = Job("hint", table.decl.id, None, view, legal, f"{game.seed}:{len(game.log)}:{index}:hint")
        try:
            advice = self.thinker.run(job, (self.address_of(sid), table.code))
        except Exception:
            log.exception("a hint failed at table %s", table.code)
            raise TableError(msg("server.hint.failed")) from None
        finally:
            self._hinting.discard(key)
        answer = {"version": version, "action": advice["action"], "reason": advice["reason"]}
        if table.lesson:  # the coach warns before a move much worse than the hint's
            answer["values"] = advice.get("values") or {}
        table.hinted[index] = answer
        return answer

    def seat_and_start(
        self,
        game: str,
        options: dict[str, Any],
        seats: list[tuple[str, str] | None],
        level: str,
        event: str,
        seed: int | None = None,
    ) -> Table:
        """A table of an event's round (:mod:`webapp.events`), seated and started at once: ``seats`` holds each
        seat's ``(name, player)`` (his pages find the seat by his player) or ``None`` for a bot of ``level``."""
        decl = get_game(game)
        with self._lock:
            self._make_room()
            code = new_table_code()
            while code in self.tables or code in self.dormant or not self.owns(code):
                code = new_table_code()
            table = Table(code, decl, len(seats), options, host_seat=0)
            table.level, table.event = level, event
            self.tables[code] = table
        with table.lock:
            for seat, who in zip(table.seats, seats, strict=True):
                if who is None:
                    seat.kind, seat.bot, seat.name = "bot", self._bot_name(table, None), f"Bot {seat.index + 1}"
                else:
                    self._seat_human(table, seat, who[0], new_token(), who[1])
            self._save_table(table)
            self._new_game(table, self._seed() if seed is None else seed, None, None)
        return table

    def event_hold(self, table: Table, event: str, held: bool) -> None:
        """Mark ``table`` as a round of ``event`` (after a restart too), its bots waiting while ``held``."""
        with table.lock:
            table.event, table.held = event, held
            self._wake_bots(table)

    def stand_in_now(self, table: Table, index: int) -> None:
        """A bot plays the human seat ``index`` from now on (an event's director replaced a missing player); his
        page takes it back by coming to the table."""
        with table.lock:
            seat = table.seats[index]
            if seat.kind != "human" or table.state != "playing":
                return
            seat.stand_in = seat.missed = True
            self._broadcast(table)
            self._wake_bots(table)

    def _pass_host(self, table: Table) -> None:
        """Before the start only the host may seat bots and start: a host whose last connection is gone (a phone
        locked, a tab closed) hands that, after ``HOST_GRACE_SECONDS`` (not during a reload), to the first player
        still here who sat down before he left (:func:`webapp.claims.host_heir`), so the others are not stranded."""
        left = table.seats[table.host_seat].away_since
        if table.state != "waiting" or table.connected(table.host_seat) or table.host_wait == left:
            return
        table.host_wait = left
        self.start_task(self._host_grace, table, table.host_seat, left)

    def _host_grace(self, table: Table, index: int, left: float | None) -> None:
        self.sleep(self.config["HOST_GRACE_SECONDS"])
        with table.lock:
            table.host_wait = None
            seat = table.seats[index]
            if table.closed or table.state != "waiting" or table.host_seat != index or table.connected(index):
                return
            if left is None or seat.away_since != left:
                return
            heir = host_heir(table, left)
            if heir is None:
                return
            table.host_seat, table.host_left = heir, index
            self._save_table(table)
            self._broadcast(table)

    def _seat_away(self, table: Table, seat: Seat) -> None:
        """A human's last connection is gone: after the grace period a bot keeps the seat for them."""
        if seat.kind != "human":
            return
        if seat.away_since is None:
            seat.away_since = time.monotonic()
        if table.state != "playing":
            return
        seat.away_epoch += 1
        self.start_task(self._grace, table, seat.index, seat.away_epoch)

    def _grace(self, table: Table, index: int, epoch: int) -> None:
        self.sleep(self.config["GRACE_SECONDS"])
        with table.lock:
            seat = table.seats[index]
            if seat.kind != "human" or seat.away_epoch != epoch or table.connected(index):
                return
            if table.state != "playing" or table.closed:
                return
            seat.stand_in = seat.missed = True
            if seat.bot is None:
                seat.bot = self._bot_name(table, None)
            self._broadcast(table)
            self._wake_bots(table)

    # ---- tables nobody is at -----------------------------------------------------------------
    def start_sweeping(self) -> None:
        """Check every ``SWEEP_SECONDS`` for tables no human has been connected to for too long."""
        self.start_task(self._sweep_loop)

    def _sweep_loop(self) -> None:
        while True:
            self.sleep(self.config["SWEEP_SECONDS"])
            if self._shut:
                return
            try:
                self.sweep()
            except Exception:
                log.exception("sweeping the tables failed")

    def sweep(self, now: float | None = None) -> None:
        """Close waiting tables no seated human has been connected to for ``EXPIRE_WAITING_MINUTES`` and finished
        ones after ``CLOSE_IDLE_MINUTES`` (their games stay in the history); put away (park) tables with a game in
        progress after ``CLOSE_IDLE_MINUTES``: their players' tokens bring them back for ``RESUMABLE_HOURS``.
        Spectators do not keep a table."""
        now = time.monotonic() if now is None else now
        self._sweep_dormant(now)
        for table in list(self.tables.values()):
            with table.lock:
                if table.closed:
                    continue
                if table.present():
                    table.unattended_since = None
                    continue
                if table.unattended_since is None:
                    table.unattended_since = now
                    continue
                minutes = self.config["EXPIRE_WAITING_MINUTES" if table.state == "waiting" else "CLOSE_IDLE_MINUTES"]
                if now - table.unattended_since < minutes * 60:
                    continue
                if table.state == "playing":
                    self.journal.park_table(table.code)
                    table.closed = True
                    with self._lock:
                        self.tables.pop(table.code, None)
                    self.let_go(table.code)
                else:
                    self._close(table)

    def _sweep_dormant(self, now: float) -> None:
        """Close the dormant tables nobody came back to within ``CLOSE_IDLE_MINUTES`` (finished games: their games
        stay in the history); those still to be rebuilt are left to the rebuild."""
        limit = self.config["CLOSE_IDLE_MINUTES"] * 60
        waiting = set(self._backlog)
        with self._lock:
            stale = [c for c, since in self.dormant.items() if now - since >= limit and c not in waiting]
            for code in stale:
                del self.dormant[code]
        self.journal.close_tables(stale)

    def _adopt(self, code: str) -> None:
        """Several workers: a table asked for here that is not in memory but open in the shared journal becomes
        dormant here, so it is rebuilt here, if the directory gives it to this worker (it takes its lease: nobody
        holds it, another worker handed it on or its lease expired); else ``Moved`` sends the client there."""
        if self.shared and code not in self.tables and self.journal.is_open(code):
            self.take(code)
            with self._lock:
                if code not in self.tables:
                    self.dormant.setdefault(code, time.monotonic())

    def _release(self, table: Table, path: str | None = None) -> None:
        """Under the table's lock: this worker no longer holds the table (its lease was lost, a write was refused, or
        it hands the table on while it stops): forget it here, without a word to the journal, tell its connections
        ``moved`` (to ``path``, the new owner's, if known: else they ask where) and close them."""
        log.warning("table %s is no longer held here: its connections are sent on", table.code)
        table.closed = True
        with self._lock:
            if self.tables.get(table.code) is table:
                del self.tables[table.code]
        self.let_go(table.code)
        sids = list(table.watchers)
        table.watchers.clear()
        moved = {"code": table.code, **({"path": path} if path else {})}
        for sid in sids:
            self.emit("moved", moved, to=sid)
        self.start_task(self._drop_all, sids)

    def release(self, code: str, path: str | None = None) -> None:
        """Several workers: drop table ``code`` here (:meth:`_release`), sending its players to ``path``."""
        table = self.tables.get(code)
        if table is not None:
            with table.lock:
                if not table.closed:
                    self._release(table, path)

    def _drop_all(self, sids: list[str]) -> None:
        for sid in sids:
            self.drop(sid)

    def summaries(self) -> list[dict[str, Any]]:
        """The lobby's line of every open table held here."""
        return [t.summary() for t in list(self.tables.values()) if t.listed()]

    def _unpark(self, code: str, token_hash: str) -> Table:
        """A parked table brought back from the journal for the player whose token's hash is ``token_hash``."""
        since = time.time() - self.config["RESUMABLE_HOURS"] * 3600
        data = self.journal.parked_table(code, since)
        if data is None or not any(
            s["token_hash"] and hmac.compare_digest(s["token_hash"], token_hash) for s in data["seats"]
        ):
            raise TableError(msg("server.table.none", code=code))
        if self.shared:
            self.take(code)
        with self._lock:
            if code in self.tables:
                return self.tables[code]
            self._make_room()
            table = self._restore_table(data)
        self.journal.park_table(code, parked=False)
        return table

    def resumable(self, code: str) -> bool:
        """True if the server holds table ``code`` or can bring it back for a player with a token."""
        if code in self.tables:
            return not self.tables[code].closed
        if code in self.dormant or (self.shared and self.journal.is_open(code)):
            return True
        return self.journal.parked_table(code, time.time() - self.config["RESUMABLE_HOURS"] * 3600) is not None

    # ---- restart ----------------------------------------------------------------------------
    def restore(self) -> int:
        """Note every table of the journal a player may come back to, without reading any game: those with a game
        in progress or waiting to start, and those whose game ended less than ``KEEP_FINISHED_HOURS`` ago (their
        players can still see the result and play again). The first are rebuilt now for up to ``RESTORE_SECONDS``,
        the rest of them by a background task; finished ones only when somebody asks for them. Any table still
        dormant is rebuilt on first access (``resume``, ``watch``, ...). Returns how many were rebuilt now."""
        self.journal.archive_parked(time.time() - self.config["RESUMABLE_HOURS"] * 3600)
        if self.shared:  # each table is rebuilt by the worker its players reach first
            return 0
        since = time.time() - self.config["KEEP_FINISHED_HOURS"] * 3600
        index = self.journal.table_index(finished_since=since)
        now = time.monotonic()
        with self._lock:
            self.dormant.update(dict.fromkeys(index, now))
        self._backlog.extend(code for code, state in index.items() if state != "over")
        deadline = time.perf_counter() + self.config["RESTORE_SECONDS"]
        count = 0
        while self._backlog and time.perf_counter() < deadline:
            count += self._load_next()
        if self._backlog:
            self.start_task(self._restore_rest)
        return count

    def _restore_rest(self) -> None:
        """Rebuild the tables :meth:`restore` left, one at a time, letting connections be served in between."""
        while self._backlog and not self._shut:
            self._load_next()
            self.sleep(0)

    def _load_next(self) -> int:
        code = self._backlog.popleft()
        try:
            return 1 if self._load(code) is not None else 0
        except TableError:  # the server is full of busy tables: it stays dormant, rebuilt when asked for
            return 0

    def _load(self, code: str) -> Table | None:
        """Rebuild the dormant table ``code`` from the journal (``None`` if it is not dormant). One that cannot be
        rebuilt is logged and stays dormant (and in the journal): the next request for it tries again."""
        if code not in self.dormant:
            if code in self.tables:
                return self.tables[code]
            with self._lock:  # a rebuild of it under way finishes first
                return self.tables.get(code)
        try:
            data = self.journal.open_table(code)
        except DamagedRow as exc:
            log.error("table %s cannot be rebuilt: %s; it stays in the journal, asked for it is tried again", code, exc)
            return None
        with self._lock:
            if code in self.tables:
                return self.tables[code]
            since = self.dormant.pop(code, None)
            if since is None:
                return self.tables.get(code)
            if data is None:  # closed or parked in the journal meanwhile
                return None
            try:
                self._make_room()
                return self._restore_table(data)
            except TableError:
                self.dormant[code] = since
                raise
            except Exception:
                log.exception(
                    "could not rebuild table %s (it stays in the journal; asked for, it is tried again)", code
                )
                self.dormant[code] = since
                return None

    def _restore_table(self, data: dict[str, Any]) -> Table:
        """Rebuild one table of the journal and hold it; every human seat starts away. Its journalled actions are
        replayed as trusted (checked when they were first applied: no legal moves are derived again), and the
        deals of its finished hands are journalled together."""
        decl = get_game(data["game"])
        fixed, house = split_fixed(data["fixed"])
        table = Table(data["code"], decl, data["players"], data["options"], data["host_seat"], fixed)
        table.house, house.scale = house, self.config["CLOCK_SCALE"]
        for row in data["seats"]:
            seat = table.seats[row["seat"]]
            seat.kind, seat.name, seat.bot, seat.token_hash = row["kind"], row["name"], row["bot"], row["token_hash"]
            seat.player = row.get("player")
        table.level = next(
            (level for s in table.humans() if (level := ALIASES.get(s.bot or "", s.bot or "")) in LEVELS), table.level
        )
        current = data["current"]
        deals: list[tuple[str, dict[str, Any]]] = []
        with table.lock:
            if current is not None:
                record = dict(current["record"])
                actions = record.pop("actions")
                table.game = game = replay({**record, "actions": []})
                table.game_id, table.base_version = current["id"], current["base_version"]
                self._track_hands(table, deals)
                for seat_index, action in actions:
                    game.apply(seat_index, action, trusted=True)
                    if table.hand_record is None or getattr(game, "hand_no", None) != table.hand_record.get("hand_no"):
                        self._track_hands(table, deals)
                self._track_hands(table, deals)
                for seat in table.humans():
                    self._seat_away(table, seat)
            self.tables[table.code] = table
            self._wake_bots(table)
        try:
            self.journal.save_deals(deals)
        except Exception:
            log.exception("the deals of table %s could not be journalled", table.code)
        return table
