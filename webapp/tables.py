"""One table in memory: its seats, its game, who is connected, and the snapshot each connection is sent.

A table changes only under its own ``lock``. ``version`` grows with every change of seats or game, so a client's
``act`` naming an older version is refused. The seat and claim mutations are the table's own methods; nothing here
does I/O: :mod:`webapp.hall` drives tables.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.core import Game, GameDecl
from engine.messages import Message, describe, msg
from engine.search import DEFAULT_LEVEL, canonical
from engine.views import Event
from webapp.claims import Claim, remember_refusal
from webapp.house import House
from webapp.packets import JsonOnly
from webapp.payloads import MAX_NAME
from webapp.redaction import RecentEvents

RECENT_CHAT = 50


class TableError(Exception):
    """A refused request; ``reason`` (a message, ``server.*``) is what the player reads."""

    def __init__(self, reason: Message):
        super().__init__(describe(reason))
        self.reason = reason


@dataclass
class Seat:
    """A seat: ``kind`` is human, bot or open; a human's seat is found by its token's hash only.

    ``stand_in`` is set while a bot plays for a human who has been away longer than the grace period.
    """

    index: int
    kind: str = "open"
    name: str = ""
    bot: str | None = None
    token_hash: str | None = None
    stand_in: bool = False
    away_epoch: int = 0
    missed: bool = False
    """A bot has played for this player since his page last came back (his page tells him so when it does)."""
    player: str | None = None
    """The player (:mod:`webapp.players`) who sat down here, if his browser said who he is."""
    seated_at: float = 0.0
    """When its player sat down (``time.monotonic()``; 0 for a seat rebuilt from the journal): the host's place
    passes only to a player seated before the host left."""
    away_since: float | None = None
    """When a human's last connection went (``time.monotonic()``; ``None`` while one holds the seat): his seat may not
    be asked for before ``CLAIM_GRACE_SECONDS`` have passed (:mod:`webapp.claims`)."""

    @property
    def bot_plays(self) -> bool:
        """True when the server's bot chooses this seat's moves."""
        return self.kind == "bot" or (self.kind == "human" and self.stand_in)

    def to_journal(self) -> dict[str, Any]:
        return {
            "seat": self.index,
            "kind": self.kind,
            "name": self.name,
            "bot": self.bot,
            "token_hash": self.token_hash,
            "player": self.player,
        }


def options_summary(decl: GameDecl, options: dict[str, Any]) -> dict[str, Any]:
    """The options that differ from the game's defaults, ``{name: value}`` in the schema's order (empty: the
    standard rules); the lobby puts them in words through the catalog (``option.<game>.<name>``)."""
    return {o.name: options.get(o.name) for o in decl.options if options.get(o.name) != o.default}


class Table:
    """A table with a code, a game kind, a fixed number of seats and (once started) a game."""

    def __init__(
        self,
        code: str,
        decl: GameDecl,
        players: int,
        options: dict[str, Any],
        host_seat: int = 0,
        fixed: dict[str, Any] | None = None,
    ):
        self.lock = threading.RLock()
        self.code = code
        self.decl = decl
        self.players = players
        self.options = options
        self.host_seat = host_seat
        self.fixed = fixed
        self.host_left: int | None = None
        """The seat of the host whose place passed to another player while he was away: it is not opened in his
        absence (:func:`webapp.claims.seat_change_refusal`)."""
        self.host_wait: float | None = None
        """When the away host left, while a task waits out his grace (one at a time)."""
        self.level = DEFAULT_LEVEL
        """The table's bot level (``engine.search.LEVELS``): bot seats set without one play at it, and so does a
        stand-in for a dropped player. Journalled as the human seats' ``bot`` (the level their stand-in plays)."""
        self.seats = [Seat(i) for i in range(players)]
        self.watchers: dict[str, int | None] = {}
        self.hinted: dict[int, dict[str, Any]] = {}
        """Each seat's last hint (its ``version`` says the position): asked again there, it is answered at once."""
        self.claims: dict[int, Claim] = {}
        """Open requests for away players' or bots' seats, by seat (:mod:`webapp.hall.commands.seats`); kept in memory
        only: the asking page is gone with the server."""
        self.refused: set[tuple[str, int]] = set()
        """``(client, seat)`` of the requests the players said no to (``Identity.key``): not asked again by that
        client, from any page, for the table's life in memory."""
        self.game: Game | None = None
        self.game_id: int | None = None
        self.base_version = 0
        self.waiting_version = 0
        self.chat: deque[dict[str, Any]] = deque(maxlen=RECENT_CHAT)
        self.deal_codes: list[dict[str, Any]] = []
        self.hand_record: dict[str, Any] | None = None
        self.bot_busy = False
        self.free_declined: set[int] = set()
        """Bot seats whose bots wanted no any-time power at version ``free_declined_at`` (asked again after a
        change)."""
        self.free_declined_at = -1
        self.free_streak = 0
        """Moves in a row made by seats the game was not waiting for (any-time powers); bots stop using theirs at
        :data:`webapp.hall.bots.MAX_FREE_IN_A_ROW` until a waited-for move is made."""
        self.ended: int | None = None
        """The journal id of the game that has just ended here, until the review and the ratings are told."""
        self.closed = False
        self.event: str | None = None
        """The event this table plays a round of (:mod:`webapp.events`): its bots play on with nobody at it."""
        self.held = False
        """Its event is paused: its bots wait."""
        self.house = House()
        """Who may find and enter the table, its moderation, clock and bots' pace (:mod:`webapp.house`)."""
        self.creator_address = ""
        self.unattended_since: float | None = None
        self._recent = RecentEvents(players)
        """The recent events as each viewer may see them (:mod:`webapp.redaction`)."""
        self._teams_of: Game | None = None
        self._team_list: list[Any] = []

    @property
    def state(self) -> str:
        if self.game is None:
            return "waiting"
        return "over" if self.game.is_over else "playing"

    @property
    def version(self) -> int:
        """Grows with every change: seat changes before the start, then every applied action."""
        if self.game is None:
            return self.waiting_version
        return self.base_version + self.game.version

    def current(self) -> Game:
        """The game of this table (in play or over); ``TableError`` before the start."""
        if self.game is None:
            raise TableError(msg("server.game.not_started"))
        return self.game

    def touch(self) -> None:
        """Record a change made while waiting (seats)."""
        self.waiting_version += 1

    def connected(self, index: int) -> bool:
        return index in self.watchers.values()

    def humans(self) -> list[Seat]:
        return [s for s in self.seats if s.kind == "human"]

    def present(self) -> list[Seat]:
        """The human seats a connection holds now (their players are at the table)."""
        return [s for s in self.seats if s.kind == "human" and self.connected(s.index)]

    def seat_of(self, sid: str) -> int | None:
        """The seat this connection holds here (``None``: it watches); ``TableError`` if it is not here."""
        if sid not in self.watchers:
            raise TableError(msg("server.table.not_here"))
        return self.watchers[sid]

    # ---- the seat and claim mutations (under the table's lock) ---------------------------------
    def attach(self, sid: str, index: int | None) -> None:
        """Connection ``sid`` is at the table, holding seat ``index`` (``None``: it watches)."""
        self.watchers[sid] = index

    def sit(self, seat: Seat, name: str, token_hash: str, player: str | None, bot: str, now: float) -> None:
        """A player sits down in ``seat`` under a name no one else at the table has (a second "Саша" is "Саша 2": at
        Blot "partner: Саша" must say which); the seat keeps ``bot`` as the one its stand-in would play, and
        remembers the ``player`` who sat down (:mod:`webapp.players`)."""
        taken = {s.name.casefold() for s in self.humans() if s is not seat}
        unique, n = name, 1
        while unique.casefold() in taken:
            n += 1
            unique = f"{name[: MAX_NAME - len(str(n)) - 1]} {n}"
        seat.kind, seat.name, seat.token_hash, seat.player = "human", unique, token_hash, player
        seat.bot = bot
        seat.stand_in, seat.away_since, seat.seated_at = False, None, now

    def seat_bot(self, seat: Seat, bot: str) -> None:
        """``seat`` is a bot's (named after its place)."""
        seat.kind, seat.bot, seat.name = "bot", bot, f"Bot {seat.index + 1}"

    def open_seat(self, seat: Seat) -> None:
        """Empty a seat; a human sitting there keeps watching, and their token stops working."""
        for other, index in list(self.watchers.items()):
            if index == seat.index:
                self.watchers[other] = None
        seat.kind, seat.name, seat.bot, seat.token_hash, seat.stand_in = "open", "", None, None, False
        seat.player = None

    def back_at(self, seat: Seat) -> None:
        """The seat's player is back at it (his token, or a seat given to him): his stand-in bot stops, and his grace
        period's task, if any, ends."""
        seat.away_epoch += 1
        seat.stand_in, seat.away_since = False, None

    def remove_player(self, seat: Seat, bot: str) -> list[str]:
        """The host removes ``seat``'s player: the seat is ``bot``'s, its request, mute and clock mark go, and its
        connections leave the table and may not ask for the seat again. Returns those connections."""
        gone = [other for other, index in self.watchers.items() if index == seat.index]
        self.open_seat(seat)
        self.seat_bot(seat, bot)
        self.claims.pop(seat.index, None)
        self.house.muted.discard(seat.index)
        self.house.idle.discard(seat.index)
        for other in gone:
            self.watchers.pop(other, None)
            self.refused.add((other, seat.index))
        self.touch()
        return gone

    def ask(self, index: int, claim: Claim) -> None:
        """A spectator's request for seat ``index``, the only one of his connection (an earlier one is dropped)."""
        self.drop_claims(claim.sid)
        self.claims[index] = claim

    def refuse_claim(self, index: int) -> Claim:
        """The players said no to the request for seat ``index``: it goes, and its client does not ask again."""
        claim = self.claims.pop(index)
        remember_refusal(self, claim, index)
        return claim

    def drop_claims(self, sid: str) -> bool:
        """Forget the seat requests of connection ``sid`` (gone, or now seated); whether there were any."""
        mine = [index for index, claim in self.claims.items() if claim.sid == sid]
        for index in mine:
            del self.claims[index]
        return bool(mine)

    def summary(self) -> dict[str, Any]:
        """The lobby's line for this table."""
        return {
            "code": self.code,
            "game": self.decl.id,
            "name": self.decl.name,
            "players": self.players,
            "seated": sum(1 for s in self.seats if s.kind != "open"),
            "options_summary": options_summary(self.decl, self.options),
            "state": self.state,
            "present": len(self.present()),
        }

    @property
    def lesson(self) -> bool:
        """A guided first hand ("Learn by playing"): the game's lesson deal, with the coach beside the table."""
        return bool(self.fixed and self.fixed.get("lesson"))

    def listed(self) -> bool:
        """Whether the lobby's open list shows this table: it waits for players, or someone is at it to play with
        or watch (a game whose players all left leaves the list; its finished games stay in the history). A
        lesson is nobody else's to join."""
        return (
            not self.closed
            and not self.lesson
            and self.house.listed
            and (self.state == "waiting" or bool(self.watchers) or bool(self.present()))
        )

    def seat_list(self) -> list[dict[str, Any]]:
        teams = self._teams()
        out = []
        for seat in self.seats:
            entry: dict[str, Any] = {
                "seat": seat.index,
                "name": seat.name,
                "kind": seat.kind,
                "connected": seat.kind == "bot" or self.connected(seat.index),
            }
            if seat.kind == "bot" or seat.stand_in:
                entry["bot"] = canonical(seat.bot) or seat.bot
            if seat.kind == "human":
                entry["stand_in"] = seat.stand_in
            team = teams[seat.index] if seat.index < len(teams) else None
            if team is not None:
                entry["team"] = team
            out.append(entry)
        return out

    def _teams(self) -> list[Any]:
        """Each seat's team as the game's spectator view gives it (``None`` where none), read once per game: a
        game's partnerships do not change while it lasts. Before the start they are read from a game dealt with
        the table's options, so that a player choosing a seat sees whose partner he will be."""
        if self._teams_of is not self.game or not self._team_list:
            game = self.game or self.decl.state(self.players, self.options, 0)
            self._team_list = [s.get("team") for s in game.view(None)["seats"]]
            self._teams_of = self.game
        return self._team_list

    def recent_events(self, you: int | None) -> list[Event]:
        """The last public events as ``you`` may see them now, a card hidden from ``you`` since redacted
        (:meth:`webapp.redaction.RecentEvents.of`); none before the start."""
        game = self.game
        return [] if game is None else self._recent.of(game, you)

    def public_fields(self, seats: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The fields of a snapshot that are the same for every connection (chat aside): built once per broadcast."""
        game = self.game
        out = self.summary()
        out.update(
            {
                "options": self.options,
                "host_seat": self.host_seat,
                "version": self.version,
                "seats": seats if seats is not None else self.seat_list(),
                "spectators": sum(1 for s in self.watchers.values() if s is None),
                "claims": [{"seat": seat, "name": claim.name} for seat, claim in sorted(self.claims.items())],
                "events_total": len(game.events) if game is not None else 0,
                "deal_codes": list(self.deal_codes),
                "deal_code": self.deal_codes[-1]["code"] if self.deal_codes else None,
                "lesson": {"shows": self.decl.guide["lesson"]["shows"]} if self.lesson else None,
            }
        )
        out.update(self.house.public(self.state == "playing", self.players))
        return out

    def seat_fields(self, you: int | None) -> dict[str, Any]:
        """The fields of a snapshot that depend on the seat ``you`` looks from (``None``: a spectator)."""
        return self.seats_fields([you])[you]

    def seats_fields(self, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        """:meth:`seat_fields` of several seats at once (a broadcast): the views' common fields are built once
        (``Game.views``) and are the same objects in every seat's view."""
        game = self.game
        views: dict[int | None, Any] = game.views(seats) if game is not None else dict.fromkeys(seats)
        return {
            you: {
                "you": you,
                "view": view,
                "legal": game.legal_actions(you) if game is not None and you is not None else [],
                "events": self.recent_events(you),
            }
            for you, view in views.items()
        }

    def snapshot(
        self, you: int | None, public: dict[str, Any] | None = None, part: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """The full ``table`` event for a connection holding seat ``you`` (``None``: a spectator), from its
        :meth:`public_fields` and :meth:`seat_fields` when they are already built."""
        out = JsonOnly(public if public is not None else self.public_fields())
        out.update(part if part is not None else self.seat_fields(you))
        out["chat"] = list(self.chat)
        return out
