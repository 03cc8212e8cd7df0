"""Duplicate deals scored, as pure data: every table of a round played the same cards, so each deal's score in a
seat (or a team's pair of seats) is set against the scores the other tables made holding the same cards there.

Matchpoints, as in duplicate bridge: a line gets 1 for every other table it outscored holding those cards, ½ for
every tie, divided by the number of other tables (so 1 is the best line of the room, 0 the worst, ½ the average).
An entrant's comparison total is the sum of the matchpoints of the lines he sat in; it ranks a duplicate event.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

Line = tuple[float | None, ...]
"""One table's figures for one deal, one per sheet column (``None``: the column holds no figure)."""


def cell_points(cell: Any) -> float | None:
    """A score-sheet cell's points: a number written out ("-12", "−12", "+20") or a message's ``points``."""
    if isinstance(cell, Mapping):
        cell = cell.get("points")
    if isinstance(cell, int | float):
        return float(cell)
    if not isinstance(cell, str):
        return None
    try:
        return float(cell.replace("−", "-"))
    except ValueError:
        return None


def column_seats(column: Any, players: int) -> tuple[int, ...] | None:
    """The seats a sheet column scores (a seat's, or a team's: every other seat), ``None`` for others."""
    if not isinstance(column, Mapping):
        return None
    if isinstance(column.get("seat"), Mapping):
        return (int(column["seat"]["seat"]),)
    if isinstance(column.get("team"), Mapping):
        return tuple(s for s in range(players) if s % 2 == column["team"]["team"])
    return None


def deal_lines(sheet: Mapping[str, Any] | None, codes: Sequence[str], players: int) -> list[dict[str, Any]]:
    """A table's sheet as the deals it played: each deal's code, the seats of each scoring column and its points
    (the JSON kept with the table's result, so the comparison survives the table)."""
    if not sheet:
        return []
    columns = [column_seats(c, players) for c in sheet.get("columns", [])]
    rows = sheet.get("rows", [])
    out = []
    for code, row in zip(codes, rows, strict=False):
        out.append(
            {
                "code": code,
                "columns": [list(seats) for seats in columns if seats is not None],
                "points": [cell_points(cell) for seats, cell in zip(columns, row, strict=False) if seats is not None],
            }
        )
    return out


def matchpoints(lines: Sequence[Line], fewer_better: bool = False) -> list[tuple[float | None, ...]]:
    """Each table's matchpoints, column by column, among ``lines`` (every table's figures for the same deal):
    ``None`` where the column has no figure or no other table to be compared with."""
    width = max((len(line) for line in lines), default=0)
    out: list[list[float | None]] = [[None] * width for _ in lines]
    for k in range(width):
        figures = [(t, line[k]) for t, line in enumerate(lines) if k < len(line) and line[k] is not None]
        if len(figures) < 2:
            continue
        for t, mine in figures:
            got = 0.0
            for u, theirs in figures:
                if u == t:
                    continue
                assert mine is not None and theirs is not None
                better = mine < theirs if fewer_better else mine > theirs
                got += 1.0 if better else 0.5 if mine == theirs else 0.0
            out[t][k] = got / (len(figures) - 1)
    return [tuple(row) for row in out]


def comparison(
    tables: Iterable[tuple[Sequence[str | None], Sequence[Mapping[str, Any]]]], fewer_better: bool = False
) -> dict[str, float]:
    """Each entrant's matchpoint total over one round's ``tables`` (the entrant in each seat, and the table's
    :func:`deal_lines`): his line's matchpoints on every deal that more than one table played. An entrant in two
    seats of one line (a fixed team) counts it once."""
    by_code: dict[str, list[tuple[Sequence[str | None], Mapping[str, Any]]]] = {}
    for entrants, deals in tables:
        for deal in deals:
            by_code.setdefault(deal["code"], []).append((entrants, deal))
    totals: dict[str, float] = {}
    for played in by_code.values():
        scored = matchpoints([tuple(d["points"]) for _, d in played], fewer_better)
        for (entrants, deal), points in zip(played, scored, strict=True):
            for seats, got in zip(deal["columns"], points, strict=False):
                if got is None:
                    continue
                for entrant in {entrants[s] for s in seats if s < len(entrants)}:
                    if entrant is not None:
                        totals[entrant] = totals.get(entrant, 0.0) + got
    return totals
