"""Who sits at which table in a round, as pure data: no I/O, no clock, no randomness.

Entrants are ids (players, or Blot's fixed teams). A round's tables hold ``size`` entrants each; when the entrants do
not fill every table, bots (``None``) take the missing places, spread over the tables (the lowest tables get them).
Swiss orders the entrants by their score before it pairs (Monrad: neighbours meet); round robin keeps the seed order
throughout, so every round brings new opponents. Both seat no entrant twice and avoid a repeat meeting whenever some
other split avoids it (an exact search up to a node budget, the best split found beyond it); a table with bots is
also given, when it can be, to entrants who have not yet sat with bots.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations

BOT_KEY = ""
"""The stand-in for "a bot" in a meeting count: an entrant who sat with bots met ``BOT_KEY``."""

Meetings = Mapping[frozenset[str], int]
"""How often two entrants sat at one table (``frozenset({a, b})``; ``{a, BOT_KEY}``: ``a`` sat with bots)."""

Table = tuple[str | None, ...]
"""One table of a round: its entrants, best first, ``None`` for a bot's place."""

SEARCH_BUDGET = 50_000
"""Partial splits the search looks at before it settles for the best one found (a LAN party's few dozen entrants
split at once; a repeat is then rare rather than impossible)."""


def table_sizes(entrants: int, size: int) -> list[int]:
    """Entrants per table: as few tables as hold everybody, filled as evenly as possible, the fuller first."""
    tables = max(1, -(-entrants // size))
    base, extra = divmod(entrants, tables)
    return [base + 1 if i < extra else base for i in range(tables)]


def meetings(tables: Iterable[Sequence[str | None]]) -> Counter[frozenset[str]]:
    """The meeting counts of ``tables`` played (bots count as :data:`BOT_KEY`)."""
    met: Counter[frozenset[str]] = Counter()
    for table in tables:
        people = [e for e in table if e is not None]
        for a, b in combinations(people, 2):
            met[frozenset((a, b))] += 1
        if len(people) < len(table):
            for a in people:
                met[frozenset((a, BOT_KEY))] += 1
    return met


def repeats(group: Sequence[str], met: Meetings, with_bots: bool) -> int:
    """How many earlier meetings ``group`` repeats (a second time with bots counts as one)."""
    cost = sum(met.get(frozenset(pair), 0) for pair in combinations(group, 2))
    if with_bots:
        cost += sum(met.get(frozenset((e, BOT_KEY)), 0) for e in group)
    return cost


def pair_round(order: Sequence[str], size: int, met: Meetings, budget: int = SEARCH_BUDGET) -> list[Table]:
    """The tables of a round for ``order`` (entrants, best first) at tables of ``size``: the first split in that order
    that repeats fewest meetings, the entrants of each table as close in the order as that allows."""
    if len(set(order)) != len(order):
        raise ValueError("an entrant is listed twice")
    if size < 1:
        raise ValueError("a table holds at least one entrant")
    if not order:
        return []
    sizes = table_sizes(len(order), size)
    best: list[list[tuple[str, ...]]] = []
    best_cost = [-1]
    nodes = [0]

    def search(left: list[str], done: list[tuple[str, ...]], cost: int) -> bool:
        """Fill the next table; returns True once a split without repeats was found (nothing better exists)."""
        if best_cost[0] >= 0 and cost >= best_cost[0]:
            return False
        if not left:
            best[:] = [list(done)]
            best_cost[0] = cost
            return cost == 0
        nodes[0] += 1
        if nodes[0] > budget and best_cost[0] >= 0:
            return True
        index = len(done)
        first, rest = left[0], left[1:]
        bots = sizes[index] < size
        for mates in combinations(rest, sizes[index] - 1):
            group = (first, *mates)
            if search([e for e in rest if e not in mates], [*done, group], cost + repeats(group, met, bots)):
                return True
        return False

    search(list(order), [], 0)
    return [(*group, *([None] * (size - len(group)))) for group in best[0]]


PARTNERINGS: tuple[tuple[int, int, int, int], ...] = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 1, 3, 2))
"""Blot's three ways of seating four players: entrants ``(a, b, c, d)`` in seats 0-3, partners sitting opposite
(0 and 2, 1 and 3). The first seats the first two as opponents and the first and third as partners."""


def blot_seats(table: Sequence[str | None], partners: Meetings) -> tuple[str | None, ...]:
    """The four seats of a Blot table of four individual players (rotating partners): the partnering that repeats
    fewest earlier partnerships (bots left where they fall)."""

    def cost(order: tuple[int, int, int, int]) -> int:
        seats = [table[i] for i in order]
        pairs = ((seats[0], seats[2]), (seats[1], seats[3]))
        return sum(partners.get(frozenset((a, b)), 0) for a, b in pairs if a is not None and b is not None)

    chosen = min(PARTNERINGS, key=cost)
    return tuple(table[i] for i in chosen)


def partnerships(seatings: Iterable[Sequence[str | None]]) -> Counter[frozenset[str]]:
    """How often two players were partners at Blot (seats 0 and 2, 1 and 3) in ``seatings``."""
    met: Counter[frozenset[str]] = Counter()
    for seats in seatings:
        for a, b in ((seats[0], seats[2]), (seats[1], seats[3])):
            if a is not None and b is not None:
                met[frozenset((a, b))] += 1
    return met


def team_seats(teams: Sequence[str | None], members: Mapping[str, Sequence[str]]) -> tuple[str | None, ...]:
    """Blot's seats for two fixed teams (``None``: a team of bots): each team's two players sit opposite."""
    first, second = ([*members[t]] if t is not None else [None, None] for t in teams)
    return (first[0], second[0], first[1], second[1])


def rotate(seats: Sequence[str | None], by: int) -> tuple[str | None, ...]:
    """Seats turned ``by`` places (duplicate deals: table ``by`` of a round, so another player holds each hand)."""
    n = len(seats)
    return tuple(seats[(i - by) % n] for i in range(n))
