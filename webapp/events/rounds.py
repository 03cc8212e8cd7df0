"""Round-making: who meets whom in the next round (:mod:`webapp.events.pairing`), who sits where at each of its
tables, and a table's result once its game is over or its deals are played."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.outcome import Outcome
from webapp.events.duplicate import deal_lines
from webapp.events.model import Event, label_of
from webapp.events.pairing import blot_seats, meetings, pair_round, partnerships, rotate, team_seats
from webapp.tables import Table


def team_up(event: Event, player: str) -> None:
    """Fixed teams: the player joins the last team still short of a partner, else starts one."""
    for members in event.teams.values():
        if len(members) < 2:
            members.append(player)
            return
    event.teams[f"T{len(event.teams) + 1}"] = [player]


def pairing(event: Event) -> list[tuple[str | None, ...]]:
    """The next round's tables, each a group of entrants (a bot as ``None``): who has not met yet, and in a Swiss
    event neighbours in the standings."""
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


def seating(event: Event, group: tuple[str | None, ...]) -> list[str | None]:
    """The player in each seat of a table of ``group`` (entrants, bots as ``None``)."""
    if event.spec.teams:
        active = {e.player for e in event.active()}
        members = {t: [p if p in active else None for p in (m + [None])[:2]] for t, m in event.teams.items()}
        return list(team_seats(group, members))  # type: ignore[arg-type]
    if event.spec.game == "blot":
        partners = partnerships(b.seats for b in event.boards)
        return list(blot_seats(group, partners))
    return list(group)


def entrant_of(event: Event, player: str | None) -> str | None:
    """The entrant a player plays as: himself, or his fixed team."""
    if player is None or not event.spec.teams:
        return player
    return next((t for t, members in event.teams.items() if player in members), player)


def table_seats(
    event: Event, group: tuple[str | None, ...], index: int
) -> tuple[list[str | None], list[str | None], list[tuple[str, str] | None]]:
    """Table ``index`` of the round, for ``group``: the player in each seat (turned ``index`` places in a duplicate
    event), the entrant each plays as, and the seats as the hall seats them (name and player; ``None``: a bot)."""
    players = seating(event, group)
    if event.spec.duplicate:
        players = list(rotate(players, index))
    entrants = [entrant_of(event, p) for p in players]
    seats = [(label_of(event, p), p) if p is not None else None for p in players]
    return players, entrants, seats


def table_result(event: Event, table: Table, outcome: Outcome) -> dict[str, Any]:
    """A finished table's result as kept: its ranking, and in a duplicate event its deals' lines."""
    out = outcome.to_json()
    if event.spec.duplicate and table.game is not None:
        out["deals"] = deal_lines(
            table.game.view(None).get("sheet"), [d["code"] for d in table.deal_codes], table.players
        )
    return out


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
