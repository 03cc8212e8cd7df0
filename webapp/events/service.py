"""The events the app runs: a director creates one for one game, players join as their player (a link or QR), and
each round the app pairs them (:mod:`webapp.events.pairing`), opens and starts the round's tables through the hall
(bots of the event's level in the places nobody fills), takes each table's ranking when its game ends and keeps the
standings (:mod:`webapp.events.standings`). Everything is journalled (schema 7): after a restart the event goes on
where it was, the round's tables with it (they are the hall's tables, rebuilt as any other).

Locks: a table's lock is never waited for under an event's lock by a thread that holds another's; a finished game
is told inside its table's lock, so its result is recorded by a background task.
"""

from __future__ import annotations

import csv
import io
import json
import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from engine.messages import Message, describe, msg
from engine.outcome import Outcome
from engine.registry import get_game
from engine.search import LEVELS
from webapp.events.duplicate import cell_points, column_seats, comparison, deal_lines, matchpoints
from webapp.events.pairing import (
    blot_seats,
    meetings,
    pair_round,
    partnerships,
    rotate,
    team_seats,
)
from webapp.events.standings import RankBy, Row, TableResult, standings
from webapp.journal import Journal
from webapp.tables import Table, TableError
from webapp.tokens import CODE_ALPHABET, new_seed

log = logging.getLogger(__name__)

Partners = Literal["rotating", "fixed"]

MAX_ROUNDS = 15
MAX_DEALS = 20
MAX_ENTRANTS = 64
EVENT_ID_LENGTH = 6


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


def _new_id() -> str:
    import secrets

    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(EVENT_ID_LENGTH))


class Events:
    """Every event of the server, kept in the journal and in memory."""

    def __init__(self, hall: Any, journal: Journal):
        self.hall = hall
        self.db = journal.store
        self.events: dict[str, Event] = {}
        self.changed: Callable[[str], Any] = lambda event_id: None
        """Told the id of an event whose standings or tables changed (pages ask again)."""
        previous = hall.game_over

        def game_over(game_id: int) -> None:
            previous(game_id)
            self.game_over(game_id)

        hall.game_over = game_over
        hall.event_moved = self.moved

    # ---- journal -----------------------------------------------------------------------------
    def restore(self) -> int:
        """Read every unfinished event back from the journal, mark its round's tables as the event's again, and
        record the results of games that ended while nobody recorded them. Returns how many."""
        rows = self.db.read("SELECT * FROM events WHERE finished = 0")
        for row in rows:
            event = self._read(row)
            self.events[event.id] = event
            for board in event.round_boards(event.round):
                if board.result is None:
                    self._reattach(event, board)
        return len(rows)

    def _read(self, row: Any) -> Event:
        """An event as the journal keeps it."""
        spec = Spec(**json.loads(row["spec"]))
        event = Event(row["id"], row["director"], spec, row["round"], bool(row["paused"]), bool(row["finished"]))
        event.teams = json.loads(row["teams"]) if row["teams"] else {}
        for e in self.db.read("SELECT * FROM event_entrants WHERE event = ?", (event.id,)):
            event.entrants[e["player"]] = Entrant(e["player"], e["name"], e["n"], bool(e["dropped"]))
        for b in self.db.read("SELECT * FROM event_tables WHERE event = ? ORDER BY round, board", (event.id,)):
            seats = json.loads(b["seats"])
            board = Board(b["round"], b["board"], b["code"], b["game_id"], seats["players"], seats["entrants"])
            board.result = json.loads(b["result"]) if b["result"] else None
            event.boards.append(board)
        return event

    def _reattach(self, event: Event, board: Board) -> None:
        try:
            table = self.hall.table(board.code)
        except TableError:
            log.warning("event %s: table %s of round %s is gone", event.id, board.code, board.round)
            return
        self.hall.event_hold(table, event.id, event.paused)
        with table.lock:
            outcome = table.game.ranking() if table.game is not None and table.game.is_over else None
            result = self._result(event, table, outcome) if outcome is not None else None
        if result is not None:
            self._record(event.id, board.code, result)

    def _save_event(self, event: Event) -> None:
        self.db.write(
            [
                (
                    "UPDATE events SET round = ?, paused = ?, finished = ?, teams = ? WHERE id = ?",
                    (event.round, int(event.paused), int(event.finished), json.dumps(event.teams), event.id),
                )
            ]
        )

    # ---- the director ------------------------------------------------------------------------
    def create(self, director: str, spec: Spec) -> Event:
        event_id = _new_id()
        while event_id in self.events or self.db.read("SELECT 1 FROM events WHERE id = ?", (event_id,)):
            event_id = _new_id()
        event = Event(event_id, director, spec)
        self.db.write(
            [
                (
                    "INSERT INTO events (id, director, spec, created) VALUES (?, ?, ?, ?)",
                    (event_id, director, json.dumps(asdict(spec)), time.time()),
                )
            ]
        )
        self.events[event_id] = event
        return event

    def get(self, event_id: str) -> Event:
        """The event ``event_id`` (a finished one is read from the journal: its standings and games are kept)."""
        event = self.events.get(event_id)
        if event is None:
            rows = self.db.read("SELECT * FROM events WHERE id = ?", (event_id,))
            if not rows:
                raise EventError(msg("server.event.none"))
            event = self.events.setdefault(event_id, self._read(rows[0]))
        return event

    def _director(self, event: Event, player: str) -> None:
        if player != event.director:
            raise EventError(msg("server.event.director_only"))

    def join(self, event_id: str, player: str, name: str) -> Entrant:
        """The player joins (again: he is back if he was dropped); late, he plays from the next round."""
        event = self.get(event_id)
        with event.lock:
            if event.finished:
                raise EventError(msg("server.event.over"))
            found = event.entrants.get(player)
            if found is None:
                if len(event.entrants) >= MAX_ENTRANTS:
                    raise EventError(msg("server.event.full"))
                found = Entrant(player, name, len(event.entrants))
                event.entrants[player] = found
                if event.spec.teams and event.round:
                    self._team_up(event, player)
            found.dropped, found.name = False, name
            self.db.write(
                [
                    (
                        "INSERT INTO event_entrants (event, player, name, n, dropped) VALUES (?, ?, ?, ?, 0)"
                        " ON CONFLICT (event, player) DO UPDATE SET dropped = 0, name = excluded.name",
                        (event.id, player, name, found.n),
                    )
                ]
            )
            self._save_event(event)
            self._bump(event)
            return found

    def drop(self, event_id: str, director: str, player: str) -> None:
        """The player plays no more rounds (his results stay in the standings)."""
        event = self.get(event_id)
        self._director(event, director)
        with event.lock:
            found = event.entrants.get(player)
            if found is None:
                raise EventError(msg("server.event.no_player"))
            found.dropped = True
            self.db.write(
                [("UPDATE event_entrants SET dropped = 1 WHERE event = ? AND player = ?", (event.id, player))]
            )
            self._bump(event)

    def replace(self, event_id: str, director: str, player: str) -> None:
        """A bot plays the missing player's seat in the round under way (he takes it back by coming to the table)."""
        event = self.get(event_id)
        self._director(event, director)
        boards = [b for b in event.round_boards(event.round) if player in b.seats and b.result is None]
        if not boards:
            raise EventError(msg("server.event.not_seated"))
        board = boards[0]
        self.hall.stand_in_now(self.hall.table(board.code), board.seats.index(player))
        self._bump(event)

    def pause(self, event_id: str, director: str, paused: bool) -> None:
        """Pause the event (its tables' bots wait, no round starts) or go on."""
        event = self.get(event_id)
        self._director(event, director)
        with event.lock:
            event.paused = paused
            self._save_event(event)
            boards = [b for b in event.round_boards(event.round) if b.result is None]
        for board in boards:
            try:
                self.hall.event_hold(self.hall.table(board.code), event.id, paused)
            except TableError:
                continue
        self._bump(event)

    def start_round(self, event_id: str, director: str) -> int:
        """Pair the next round and open, seat and start its tables; every player's page goes to his."""
        event = self.get(event_id)
        self._director(event, director)
        with event.lock:
            if event.finished:
                raise EventError(msg("server.event.over"))
            if event.paused:
                raise EventError(msg("server.event.paused"))
            if event.round and not event.round_over():
                raise EventError(msg("server.event.round_on"))
            if event.round >= event.spec.rounds:
                raise EventError(msg("server.event.last_round"))
            if len(event.active()) < 1:
                raise EventError(msg("server.event.nobody"))
            if event.spec.teams and not event.teams:
                for entrant in event.active():
                    self._team_up(event, entrant.player)
            tables = self._pairing(event)
            if len(self.hall.tables) + len(tables) > self.hall.config["MAX_TABLES"]:
                raise EventError(msg("server.full"))  # checked first: a round is seated whole or not at all
            n = event.round + 1
            seed = new_seed() if event.spec.duplicate else None
            made: list[Board] = []
            for i, group in enumerate(tables):
                players = self._seating(event, group)
                if event.spec.duplicate:
                    players = list(rotate(players, i))
                entrants = [self._entrant_of(event, p) for p in players]
                seats = [(self.label_of(event, p), p) if p is not None else None for p in players]
                table = self.hall.seat_and_start(
                    event.spec.game, event.spec.options, seats, event.spec.level, event.id, seed
                )
                made.append(Board(n, i + 1, table.code, table.game_id, players, entrants))
            event.round = n
            event.boards.extend(made)
            self.db.write(
                [
                    (
                        "INSERT INTO event_tables (event, round, board, code, game_id, seats)"
                        " VALUES (?, ?, ?, ?, ?, ?)",
                        (
                            event.id,
                            b.round,
                            b.board,
                            b.code,
                            b.game_id,
                            json.dumps({"players": b.seats, "entrants": b.entrants}),
                        ),
                    )
                    for b in made
                ]
            )
            self._save_event(event)
            self._bump(event)
            return n

    def finish(self, event_id: str, director: str) -> None:
        """End the event (after its last round, or early): the standings stay, no round starts."""
        event = self.get(event_id)
        self._director(event, director)
        with event.lock:
            if not event.round_over():
                raise EventError(msg("server.event.round_on"))
            event.finished = True
            self._save_event(event)
            self._bump(event)

    # ---- pairing -----------------------------------------------------------------------------
    def _team_up(self, event: Event, player: str) -> None:
        """Fixed teams: the player joins the last team still short of a partner, else starts one."""
        for members in event.teams.values():
            if len(members) < 2:
                members.append(player)
                return
        event.teams[f"T{len(event.teams) + 1}"] = [player]

    def _pairing(self, event: Event) -> list[tuple[str | None, ...]]:
        done = [b.entrants for b in event.boards]
        met = meetings([[e for i, e in enumerate(seats) if e not in seats[:i]] for seats in done])
        if event.spec.teams:
            active = {e.player for e in event.active()}
            ids = [t for t, members in event.teams.items() if any(p in active for p in members)]
        else:
            ids = [e.player for e in event.active()]
        if event.spec.system == "swiss":
            scores = {row.entrant: row for row in event.table()}
            ids = sorted(ids, key=lambda e: (-scores[e].score, -scores[e].tiebreak) if e in scores else (0, 0))
        return pair_round(ids, event.spec.per_table, met)

    def _seating(self, event: Event, group: tuple[str | None, ...]) -> list[str | None]:
        """The player in each seat of a table of ``group`` (entrants, bots as ``None``)."""
        if event.spec.teams:
            active = {e.player for e in event.active()}
            members = {t: [p if p in active else None for p in (m + [None])[:2]] for t, m in event.teams.items()}
            return list(team_seats(group, members))  # type: ignore[arg-type]
        if event.spec.game == "blot":
            partners = partnerships(b.seats for b in event.boards)
            return list(blot_seats(group, partners))
        return list(group)

    @staticmethod
    def _entrant_of(event: Event, player: str | None) -> str | None:
        if player is None or not event.spec.teams:
            return player
        return next((t for t, members in event.teams.items() if player in members), player)

    @staticmethod
    def label_of(event: Event, player: str) -> str:
        found = event.entrants.get(player)
        return found.name if found else "?"

    # ---- results -----------------------------------------------------------------------------
    def game_over(self, game_id: int) -> None:
        """Told (inside the table's lock) that game ``game_id`` ended: an event's table records its ranking."""
        for event in list(self.events.values()):
            for board in event.round_boards(event.round):
                if board.game_id == game_id and board.result is None:
                    table = self.hall.tables.get(board.code)
                    outcome = table.game.ranking() if table is not None and table.game is not None else None
                    if outcome is not None and table is not None:
                        self.hall.start_task(self._record, event.id, board.code, self._result(event, table, outcome))
                    return

    def moved(self, table: Table) -> None:
        """Told (inside the table's lock) of a move at an event's table: in an event of rounds of a fixed number of
        deals, once that many are played the table's score sheet is its result and its bots stop."""
        event = self.events.get(table.event or "")
        if event is None or not event.spec.deals or len(table.deal_codes) < event.spec.deals or table.game is None:
            return
        board = next((b for b in event.round_boards(event.round) if b.code == table.code), None)
        if board is None or board.result is not None or table.game.is_over:
            return
        table.held = True
        fewer = event.spec.game in FEWER_POINTS_BETTER
        outcome = sheet_outcome(table.game.view(None).get("sheet"), table.players, fewer)
        self.hall.start_task(self._record, event.id, table.code, self._result(event, table, outcome))

    @staticmethod
    def _result(event: Event, table: Table, outcome: Outcome) -> dict[str, Any]:
        """A finished table's result as kept: its ranking, and in a duplicate event its deals' lines."""
        out = outcome.to_json()
        if event.spec.duplicate and table.game is not None:
            out["deals"] = deal_lines(
                table.game.view(None).get("sheet"), [d["code"] for d in table.deal_codes], table.players
            )
        return out

    def _record(self, event_id: str, code: str, result: dict[str, Any]) -> None:
        event = self.events.get(event_id)
        if event is None:
            return
        with event.lock:
            board = next((b for b in event.boards if b.code == code), None)
            if board is None or board.result is not None:
                return
            board.result = result
            self.db.write(
                [
                    (
                        "UPDATE event_tables SET result = ? WHERE event = ? AND round = ? AND board = ?",
                        (json.dumps(result), event.id, board.round, board.board),
                    )
                ]
            )
            self._bump(event)

    def _bump(self, event: Event) -> None:
        event.version += 1
        self.changed(event.id)

    # ---- what pages show ---------------------------------------------------------------------
    def standings_rows(self, event: Event) -> list[dict[str, Any]]:
        return [
            {
                "place": row.place,
                "entrant": row.entrant,
                "name": event.label(row.entrant),
                "score": row.score,
                "tiebreak": row.tiebreak,
                "wins": row.wins,
                "played": row.played,
                "points": row.points,
                "matchpoints": row.matchpoints,
                "rounds": row.rounds,
                "dropped": row.entrant in event.entrants and event.entrants[row.entrant].dropped,
            }
            for row in event.table()
        ]

    def csv(self, event: Event) -> str:
        """The standings as CSV (a spreadsheet's columns: place, name, score, tie-break, wins, games, points, one
        column per round)."""
        out = io.StringIO()
        writer = csv.writer(out)
        tiebreak = "buchholz" if event.spec.system == "swiss" else "sonneborn_berger"
        rounds = [f"round_{n}" for n in range(1, event.round + 1)]
        duplicate = ["matchpoints"] if event.spec.duplicate else []
        writer.writerow(["place", "name", *duplicate, "score", tiebreak, "wins", "games", "points", *rounds])
        for row in self.standings_rows(event):
            cells = ["" if s is None else f"{s:g}" for s in row["rounds"]]
            writer.writerow(
                [
                    row["place"],
                    row["name"],
                    *([f"{row['matchpoints']:g}"] if duplicate else []),
                    f"{row['score']:g}",
                    f"{row['tiebreak']:g}",
                    row["wins"],
                    row["played"],
                    f"{row['points']:g}",
                    *cells,
                ]
            )
        return out.getvalue()

    def live_table(self, board: Board) -> dict[str, Any]:
        """One table of the round for the pages: its seats, who is to play, its score sheet's totals, and its
        result once over."""
        out: dict[str, Any] = {"board": board.board, "code": board.code, "game_id": board.game_id, "round": board.round}
        out["result"] = board.result
        table: Table | None = self.hall.tables.get(board.code)
        if table is None:
            try:
                table = self.hall.table(board.code)
            except TableError:
                table = None
        if table is None:
            out.update(seats=[{"name": "?", "kind": "human", "player": p} for p in board.seats], state="gone")
            return out
        with table.lock:
            game = table.game
            view = game.view(None) if game is not None else None
            out["state"] = table.state
            out["seats"] = [
                {
                    "name": s.name,
                    "kind": s.kind,
                    "player": board.seats[s.index],
                    "here": table.connected(s.index),
                    "stand_in": s.stand_in,
                }
                for s in table.seats
            ]
            playing = view is not None and game is not None and not game.is_over and board.result is None
            out["to_act"] = list(view["to_act"]) if playing else []  # type: ignore[index]
            sheet = view.get("sheet") if view is not None else None
            out["sheet"] = {"columns": sheet["columns"], "totals": sheet["totals"]} if sheet else None
            out["hand_no"] = view.get("hand_no") if view is not None else None
            out["deal_codes"] = list(table.deal_codes)
            out["rows"] = sheet["rows"] if sheet else []
        return out

    def state(self, event: Event) -> dict[str, Any]:
        """The event as its pages show it (``/api/events/<id>``)."""
        with event.lock:
            tables = [self.live_table(b) for b in event.round_boards(event.round)]
            past = [
                {
                    "round": b.round,
                    "board": b.board,
                    "code": b.code,
                    "game_id": b.game_id,
                    "result": b.result,
                    "names": [self.label_of(event, p) if p else None for p in b.seats],
                }
                for b in event.boards
                if b.result is not None
            ]
            return {
                "id": event.id,
                "version": event.version,
                "spec": asdict(event.spec),
                "director": event.director,
                "round": event.round,
                "paused": event.paused,
                "finished": event.finished,
                "round_over": event.round_over(),
                "entrants": [{"player": e.player, "name": e.name, "dropped": e.dropped} for e in event.active()],
                "teams": {
                    t: [event.label(p) if p in event.entrants else "Bot" for p in m] for t, m in event.teams.items()
                },
                "standings": self.standings_rows(event),
                "tables": tables,
                "past": past,
                "board": self.duplicate_board(event, tables) if event.spec.duplicate else None,
            }

    def duplicate_board(self, event: Event, tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Duplicate deals: for each deal played (by its code), every table's score line for it, each figure
        under the player who held those cards."""
        deals: dict[str, dict[str, Any]] = {}
        for t in tables:
            rows = t.get("rows") or []
            for i, played in enumerate(t.get("deal_codes") or []):
                entry = deals.setdefault(
                    played["code"], {"code": played["code"], "hand_no": played["hand_no"], "tables": []}
                )
                row = rows[i] if i < len(rows) else None
                entry["tables"].append(
                    {
                        "board": t["board"],
                        "names": [s["name"] for s in t["seats"]],
                        "row": row,
                        "columns": (t.get("sheet") or {}).get("columns"),
                    }
                )
        fewer = event.spec.game in FEWER_POINTS_BETTER
        for entry in deals.values():
            lines = [_figures(e, len(e["names"])) for e in entry["tables"]]
            for e, scored in zip(entry["tables"], matchpoints(lines, fewer), strict=True):
                e["matchpoints"] = list(scored)
        return list(deals.values())


def _figures(entry: Mapping[str, Any], players: int) -> tuple[float | None, ...]:
    """A board row's scoring figures (a seat's or a team's columns; ``None`` in the others)."""
    columns = entry.get("columns") or []
    return tuple(
        cell_points(cell) if column_seats(column, players) is not None else None
        for column, cell in zip(columns, entry.get("row") or [], strict=False)
    )


def _number(value: Any) -> float:
    try:
        return float(str(value).replace("−", "-"))
    except ValueError:
        return 0.0


def sheet_outcome(sheet: Mapping[str, Any] | None, players: int, fewer_better: bool) -> Outcome:
    """The ranking of a table stopped after its deals, from its score sheet's totals: each seat's (or team's, its
    seats together) figure, the most first (the fewest where fewer is better)."""
    points = [0.0] * players
    sides: list[tuple[int, ...]] = []
    for column, total in zip((sheet or {}).get("columns", []), (sheet or {}).get("totals", []), strict=False):
        if "seat" in column:
            seats: tuple[int, ...] = (column["seat"]["seat"],)
        elif "team" in column:
            seats = tuple(s for s in range(players) if s % 2 == column["team"]["team"])
        else:
            continue
        sides.append(seats)
        for seat in seats:
            points[seat] = _number(total)
    seen = {s for side in sides for s in side}
    sides.extend((s,) for s in range(players) if s not in seen)
    keys = [p if fewer_better else -p for p in points]
    return Outcome.ranked(keys, sides=sides, scores=points)
