"""What the events' pages show (``GET /api/events/<id>`` and the standings' CSV): the standings, each table of the
round as it plays, the past tables' results and a duplicate event's board of deals."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from webapp.events.duplicate import cell_points, column_seats, matchpoints
from webapp.events.model import FEWER_POINTS_BETTER, Board, Event, label_of
from webapp.tables import Table, TableError


def standings_rows(event: Event) -> list[dict[str, Any]]:
    """The standings as the pages show them: a row per entrant, his name and whether he was dropped."""
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


def standings_csv(event: Event) -> str:
    """The standings as CSV (a spreadsheet's columns: place, name, score, tie-break, wins, games, points, one
    column per round)."""
    out = io.StringIO()
    writer = csv.writer(out)
    tiebreak = "buchholz" if event.spec.system == "swiss" else "sonneborn_berger"
    rounds = [f"round_{n}" for n in range(1, event.round + 1)]
    duplicate = ["matchpoints"] if event.spec.duplicate else []
    writer.writerow(["place", "name", *duplicate, "score", tiebreak, "wins", "games", "points", *rounds])
    for row in standings_rows(event):
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


def live_table(hall: Any, board: Board) -> dict[str, Any]:
    """One table of the round for the pages: its seats, who is to play, its score sheet's totals, and its
    result once over."""
    out: dict[str, Any] = {"board": board.board, "code": board.code, "game_id": board.game_id, "round": board.round}
    out["result"] = board.result
    table: Table | None = hall.tables.get(board.code)
    if table is None:
        try:
            table = hall.table(board.code)
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


def event_state(hall: Any, event: Event) -> dict[str, Any]:
    """The event as its pages show it (``/api/events/<id>``)."""
    with event.lock:
        tables = [live_table(hall, b) for b in event.round_boards(event.round)]
        past = [
            {
                "round": b.round,
                "board": b.board,
                "code": b.code,
                "game_id": b.game_id,
                "result": b.result,
                "names": [label_of(event, p) if p else None for p in b.seats],
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
            "teams": {t: [event.label(p) if p in event.entrants else "Bot" for p in m] for t, m in event.teams.items()},
            "standings": standings_rows(event),
            "tables": tables,
            "past": past,
            "board": duplicate_board(event, tables) if event.spec.duplicate else None,
        }


def duplicate_board(event: Event, tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
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
