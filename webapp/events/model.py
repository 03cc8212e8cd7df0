"""An event as data: what its director chose (:class:`Spec`), its entrants, the tables of its rounds (:class:`Board`)
and what follows from them: each round's results and the standings (:mod:`webapp.events.standings`), matchpoints in
a duplicate event (:mod:`webapp.events.duplicate`)."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.messages import Message, describe, msg
from engine.registry import get_game
from engine.search import LEVELS
from webapp.events.duplicate import comparison
from webapp.events.standings import RankBy, Row, TableResult, standings

Partners = Literal["rotating", "fixed"]

MAX_ROUNDS = 15
MAX_DEALS = 20


FEWER_POINTS_BETTER = frozenset({"ass"})
"""Games whose score sheet counts what a player wants few of (Ass: banks)."""


class EventError(Exception):
    """A refused request about an event; ``reason`` (``server.event.*``) is what the player reads."""

    def __init__(self, reason: Message):
        super().__init__(describe(reason))
        self.reason = reason


@dataclass(frozen=True)
class Spec:
    """What the director chose: the game, its seats and options, the pairing system, rounds, the bots' level, Blot's
    partners (rotating: individual standings; fixed: teams), and duplicate deals (every table of a round plays the
    same deals, seats turned one place per table)."""

    game: str
    name: str
    system: Literal["swiss", "round_robin"] = "swiss"
    rounds: int = 3
    players: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    level: str = "normal"
    partners: Partners = "rotating"
    duplicate: bool = False
    deals: int = 0
    """A round is this many deals (standings by the game's points), or one whole game (0)."""

    @classmethod
    def parse(cls, body: dict[str, Any]) -> Spec:
        """A spec from a request's JSON, checked (:class:`EventError` names what is wrong)."""
        try:
            decl = get_game(str(body.get("game", "")))
        except KeyError:
            raise EventError(msg("server.event.bad", field="game")) from None
        players = body.get("players", decl.default_players)
        rounds = body.get("rounds", 3)
        if not isinstance(players, int) or not decl.min_players <= players <= decl.max_players:
            raise EventError(msg("server.event.bad", field="players"))
        if not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
            raise EventError(msg("server.event.bad", field="rounds"))
        system = body.get("system", "swiss")
        partners = body.get("partners", "rotating")
        level = body.get("level", "normal")
        if system not in ("swiss", "round_robin") or partners not in ("rotating", "fixed") or level not in LEVELS:
            raise EventError(msg("server.event.bad", field="system"))
        try:
            options = decl.validate_options(body.get("options"), players)
        except Exception:
            raise EventError(msg("server.event.bad", field="options")) from None
        deals = body.get("deals", 0)
        if not isinstance(deals, int) or not 0 <= deals <= MAX_DEALS:
            raise EventError(msg("server.event.bad", field="deals"))
        name = " ".join(str(body.get("name") or "").split())[:40] or decl.name
        duplicate = bool(body.get("duplicate"))
        return cls(decl.id, name, system, rounds, players, options, level, partners, duplicate, deals)

    @property
    def teams(self) -> bool:
        """Blot's fixed teams: the entrants are teams of two."""
        return self.game == "blot" and self.partners == "fixed"

    @property
    def per_table(self) -> int:
        """Entrants at one table."""
        return 2 if self.teams else self.players


@dataclass
class Entrant:
    player: str
    name: str
    n: int
    dropped: bool = False


@dataclass
class Board:
    """One table of a round: its hall table, the entrant (player or team) of each seat, and its result once over."""

    round: int
    board: int
    code: str
    game_id: int | None
    seats: list[str | None]
    """The player in each seat (``None``: a bot)."""
    entrants: list[str | None]
    """The entrant in each seat (the player, or his fixed team)."""
    result: dict[str, Any] | None = None


@dataclass
class Event:
    id: str
    director: str
    spec: Spec
    round: int = 0
    paused: bool = False
    finished: bool = False
    teams: dict[str, list[str]] = field(default_factory=dict)
    entrants: dict[str, Entrant] = field(default_factory=dict)
    boards: list[Board] = field(default_factory=list)
    lock: threading.RLock = field(default_factory=threading.RLock)
    version: int = 0

    def active(self) -> list[Entrant]:
        return sorted((e for e in self.entrants.values() if not e.dropped), key=lambda e: e.n)

    def round_boards(self, n: int) -> list[Board]:
        return [b for b in self.boards if b.round == n]

    def round_over(self) -> bool:
        return all(b.result is not None for b in self.round_boards(self.round))

    def results(self) -> list[list[TableResult]]:
        """The finished tables of each round, as the standings read them."""
        out: list[list[TableResult]] = []
        for n in range(1, self.round + 1):
            done = []
            for b in self.round_boards(n):
                if b.result is not None:
                    r = b.result
                    points = tuple(r["scores"]) if r.get("scores") is not None else None
                    sides = tuple(tuple(s) for s in r["sides"])
                    done.append(TableResult(tuple(b.entrants), tuple(r["places"]), sides, points))
            out.append(done)
        return out

    def entrant_ids(self) -> list[str]:
        if self.spec.teams:
            return list(self.teams)
        return [e.player for e in sorted(self.entrants.values(), key=lambda e: e.n)]

    def label(self, entrant: str) -> str:
        """An entrant's name: a player's, or a team's players' joined."""
        if entrant in self.teams:
            return " & ".join(self.entrants[p].name if p in self.entrants else "Bot" for p in self.teams[entrant])
        found = self.entrants.get(entrant)
        return found.name if found else entrant

    def table(self) -> list[Row]:
        fewer = self.spec.game in FEWER_POINTS_BETTER
        by: RankBy = "points" if self.spec.deals else "places"
        return standings(self.entrant_ids(), self.results(), self.spec.system, by, fewer, self.matchpoints())

    def matchpoints(self) -> dict[str, float] | None:
        """A duplicate event's matchpoint totals over its finished tables (``None``: not a duplicate event)."""
        if not self.spec.duplicate:
            return None
        fewer = self.spec.game in FEWER_POINTS_BETTER
        totals: dict[str, float] = {}
        for n in range(1, self.round + 1):
            done = [(b.entrants, b.result.get("deals", [])) for b in self.round_boards(n) if b.result is not None]
            for entrant, got in comparison(done, fewer).items():
                totals[entrant] = totals.get(entrant, 0.0) + got
        return totals


def label_of(event: Event, player: str) -> str:
    """The name a player of the event is seated under ("?" for one it does not know)."""
    found = event.entrants.get(player)
    return found.name if found else "?"
