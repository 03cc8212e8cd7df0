"""An event's standings from its finished tables, as pure data.

Each finished table gives every entrant at it a round score between 0 and 1: the share of the other sides it placed
above (a tie counts half), so a win at two players is 1, a draw ½, and the second of four sides ⅔; Blot's partners
share their side's. Standings order by that total (or, for rounds of a fixed number of deals, by the game's points),
then by the usual tie-breaks: Buchholz (the sum of the opponents' totals) in a Swiss event, Sonneborn-Berger (each
opponent's total weighted by the score against him) in a round robin, then wins, then the game's points. Equal on
everything, entrants share a place. A duplicate event ranks first by the matchpoints of its deals (see
:mod:`webapp.events.duplicate`). Bots are opponents to beat, never in the standings.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

System = Literal["swiss", "round_robin"]
RankBy = Literal["places", "points"]


@dataclass(frozen=True)
class TableResult:
    """One finished table: the entrant in each seat (``None``: a bot), each seat's place (1 the best, ties equal),
    the sides (seats placed together: Blot's teams) and each seat's points in the game (``None``: none kept)."""

    entrants: tuple[str | None, ...]
    places: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    points: tuple[float, ...] | None = None

    def round_scores(self) -> dict[str, float]:
        """Each entrant's round score (a fixed team sitting in two seats is counted once)."""
        side_places = [self.places[side[0]] for side in self.sides]
        others = len(self.sides) - 1
        out: dict[str, float] = {}
        for i, side in enumerate(self.sides):
            mine = side_places[i]
            beaten = sum(1.0 if mine < p else 0.5 if mine == p else 0.0 for j, p in enumerate(side_places) if j != i)
            for seat in side:
                entrant = self.entrants[seat]
                if entrant is not None:
                    out[entrant] = beaten / others if others else 1.0
        return out

    def opponents(self, entrant: str) -> set[str | None]:
        """The entrants of the other sides (``None`` among them: bots)."""
        side = next(s for s in self.sides if any(self.entrants[i] == entrant for i in s))
        return {self.entrants[i] for s in self.sides if s is not side for i in s} - {entrant}

    def points_of(self, entrant: str) -> float:
        """The entrant's points in the game (a side's, once)."""
        if self.points is None:
            return 0.0
        seat = self.entrants.index(entrant)
        return self.points[seat]


@dataclass
class Row:
    """One entrant's line: place, round score total, tie-breaks, games and wins."""

    entrant: str
    score: float = 0.0
    tiebreak: float = 0.0
    wins: int = 0
    played: int = 0
    points: float = 0.0
    place: int = 0
    matchpoints: float | None = None
    """The duplicate deals' matchpoint total (``None``: not a duplicate event)."""
    rounds: list[float | None] = field(default_factory=list)
    """The round score of each round (``None``: not seated that round)."""


def standings(
    entrants: Sequence[str],
    rounds: Sequence[Iterable[TableResult]],
    system: System = "swiss",
    by: RankBy = "places",
    fewer_points_better: bool = False,
    matchpoints: Mapping[str, float] | None = None,
) -> list[Row]:
    """The standings of ``entrants`` (in seed order, which breaks no tie but lists equals) after ``rounds`` (the
    finished tables of each round), best first."""
    rows = {e: Row(e) for e in entrants}
    if matchpoints is not None:
        for entrant, row in rows.items():
            row.matchpoints = matchpoints.get(entrant, 0.0)
    results: list[list[TableResult]] = [list(r) for r in rounds]
    for tables in results:
        seen: dict[str, float] = {}
        for table in tables:
            seen.update(table.round_scores())
        for entrant, row in rows.items():
            got = seen.get(entrant)
            row.rounds.append(got)
            if got is not None:
                row.score += got
                row.played += 1
                row.wins += got == 1.0
    for tables in results:
        for table in tables:
            scores = table.round_scores()
            for entrant, got in scores.items():
                if entrant not in rows:
                    continue
                row = rows[entrant]
                row.points += table.points_of(entrant)
                rivals = [rows[o] for o in table.opponents(entrant) if o is not None and o in rows]
                if system == "swiss":
                    row.tiebreak += sum(r.score for r in rivals)
                else:
                    row.tiebreak += got * sum(r.score for r in rivals)
    sign = -1.0 if fewer_points_better else 1.0

    def key(row: Row) -> tuple[float, ...]:
        first = (-row.matchpoints,) if row.matchpoints is not None else ()
        if by == "points":
            return (*first, -sign * row.points, -row.score, -row.tiebreak, -row.wins)
        return (*first, -row.score, -row.tiebreak, -row.wins, -sign * row.points)

    order = sorted(rows.values(), key=key)
    for i, row in enumerate(order):
        row.place = order[i - 1].place if i and key(order[i - 1]) == key(row) else i + 1
    return order
