"""The events the app runs: a director creates one for one game, players join as their player (a link or QR), and
each round the app pairs them and opens and starts the round's tables through the hall (:mod:`webapp.events.rounds`;
bots of the event's level in the places nobody fills), takes each table's ranking when its game ends and keeps the
standings (:mod:`webapp.events.model`). Everything is journalled (schema 7): after a restart the event goes on
where it was, the round's tables with it (they are the hall's tables, rebuilt as any other). What the pages show is
:mod:`webapp.events.pages`.

Locks: a table's lock is never waited for under an event's lock by a thread that holds another's; a finished game
is told inside its table's lock, so its result is recorded by a background task.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from engine.messages import msg
from webapp.events.model import FEWER_POINTS_BETTER, Board, Entrant, Event, EventError, Spec
from webapp.events.rounds import pairing, sheet_outcome, table_result, table_seats, team_up
from webapp.journal import Journal
from webapp.tables import Table, TableError
from webapp.tokens import CODE_ALPHABET, new_seed

log = logging.getLogger(__name__)

MAX_ENTRANTS = 64
EVENT_ID_LENGTH = 6


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
            result = table_result(event, table, outcome) if outcome is not None else None
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
                    team_up(event, player)
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
                    team_up(event, entrant.player)
            tables = pairing(event)
            if len(self.hall.tables) + len(tables) > self.hall.config["MAX_TABLES"]:
                raise EventError(msg("server.full"))  # checked first: a round is seated whole or not at all
            n = event.round + 1
            seed = new_seed() if event.spec.duplicate else None
            made: list[Board] = []
            for i, group in enumerate(tables):
                players, entrants, seats = table_seats(event, group, i)
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

    # ---- results -----------------------------------------------------------------------------
    def game_over(self, game_id: int) -> None:
        """Told (inside the table's lock) that game ``game_id`` ended: an event's table records its ranking."""
        for event in list(self.events.values()):
            for board in event.round_boards(event.round):
                if board.game_id == game_id and board.result is None:
                    table = self.hall.tables.get(board.code)
                    outcome = table.game.ranking() if table is not None and table.game is not None else None
                    if outcome is not None and table is not None:
                        self.hall.start_task(self._record, event.id, board.code, table_result(event, table, outcome))
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
        self.hall.start_task(self._record, event.id, table.code, table_result(event, table, outcome))

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
