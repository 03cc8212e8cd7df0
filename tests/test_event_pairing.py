"""Pairing and standings of an event (webapp/events/pairing.py, standings.py): nobody sits twice in a round, no
two entrants meet again while another split avoids it, bots fill the last places, Blot's partners rotate, and the
standings place players by score, then Buchholz (Swiss) or Sonneborn-Berger (round robin)."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.events.pairing import (
    blot_seats,
    meetings,
    pair_round,
    partnerships,
    repeats,
    rotate,
    table_sizes,
    team_seats,
)
from webapp.events.standings import TableResult, standings


def splits(people: list[str], sizes: list[int]):
    """Every split of ``people`` into groups of ``sizes`` (brute force, for small cases)."""
    if not sizes:
        yield []
        return
    first, rest = people[0], people[1:]
    for mates in combinations(rest, sizes[0] - 1):
        left = [p for p in rest if p not in mates]
        for more in splits(left, sizes[1:]):
            yield [(first, *mates), *more]


def best_possible(people: list[str], size: int, met) -> int:
    sizes = table_sizes(len(people), size)
    return min(
        sum(repeats(g, met, len(g) < size) for g in split) for order in [people] for split in splits(order, sizes)
    )


@st.composite
def histories(draw):
    size = draw(st.sampled_from([2, 3, 4]))
    n = draw(st.integers(1, 8 if size > 2 else 8))
    people = [f"p{i}" for i in range(n)]
    met = {}
    for _ in range(draw(st.integers(0, 4))):
        order = draw(st.permutations(people))
        for table in pair_round(order, size, {}):
            for pair in meetings([table]):
                met[pair] = met.get(pair, 0) + 1
    order = draw(st.permutations(people))
    return order, size, met


@settings(max_examples=150, deadline=None)
@given(histories())
def test_nobody_sits_twice_and_no_meeting_repeats_while_another_split_avoids_it(case):
    order, size, met = case
    tables = pair_round(order, size, met)
    seated = [e for t in tables for e in t if e is not None]
    assert sorted(seated) == sorted(order)  # everybody, once
    assert all(len(t) == size for t in tables)
    bots = [t.count(None) for t in tables]
    assert max(bots) - min(bots) <= 1 and sum(bots) < size * len(tables) or not order
    got = sum(repeats([e for e in t if e is not None], met, None in t) for t in tables)
    assert got == best_possible(list(order), size, met)


def test_swiss_pairs_neighbours_in_the_standings_and_a_bot_meets_the_last():
    order = ["a", "b", "c", "d", "e"]
    assert pair_round(order, 2, {}) == [("a", "b"), ("c", "d"), ("e", None)]
    met = meetings([("a", "b"), ("c", "d"), ("e", None)])
    # round two: a met b, so a meets c; e had the bot, so the bot goes to another
    second = pair_round(order, 2, met)
    assert second[0] == ("a", "c") and ("e", None) not in second
    assert all(repeats([x for x in t if x], met, None in t) == 0 for t in second)


def test_four_seat_tables_split_five_players_three_and_two_with_bots():
    tables = pair_round(list("abcde"), 4, {})
    assert tables == [("a", "b", "c", None), ("d", "e", None, None)]


def test_round_robin_of_six_meets_everybody_once_in_five_rounds():
    people = list("abcdef")
    met: dict = {}
    for _ in range(5):
        for table in pair_round(people, 2, met):
            for pair, n in meetings([table]).items():
                met[pair] = met.get(pair, 0) + n
    assert all(met.get(frozenset(p)) == 1 for p in combinations(people, 2))


def test_blot_partners_rotate_and_fixed_teams_sit_opposite():
    table = ("a", "b", "c", "d")
    first = blot_seats(table, {})
    done = partnerships([first])
    second = blot_seats(table, done)
    third = blot_seats(table, partnerships([first, second]))
    pairs = {frozenset(p) for s in (first, second, third) for p in ((s[0], s[2]), (s[1], s[3]))}
    assert len(pairs) == 6  # three rounds: everybody partnered everybody once
    assert team_seats(["T1", None], {"T1": ["a", "b"]}) == ("a", None, "b", None)
    assert rotate(("a", "b", "c", "d"), 1) == ("d", "a", "b", "c")


def test_standings_rank_by_score_then_buchholz_and_share_a_place_when_equal():
    win = lambda a, b: TableResult((a, b), (1, 2), ((0,), (1,)))  # noqa: E731
    rounds = [[win("a", "b"), win("c", "d")], [win("a", "c"), win("d", "b")]]
    rows = standings(["a", "b", "c", "d"], rounds)
    assert [r.entrant for r in rows] == ["a", "c", "d", "b"]
    assert (rows[0].score, rows[1].score, rows[2].score) == (2, 1, 1)
    # c and d have one win each; c met a (2) and d (1): Buchholz 3, d met c and b: 1
    assert rows[1].tiebreak == 3 and rows[2].tiebreak == 1 and rows[1].place == 2 and rows[2].place == 3
    draw = TableResult(("a", "b"), (1, 1), ((0,), (1,)))
    tied = standings(["a", "b"], [[draw]])
    assert [r.place for r in tied] == [1, 1] and tied[0].score == 0.5


def test_blot_partners_share_their_side_and_a_bot_side_scores_nothing():
    table = TableResult(("a", "x", "b", None), (1, 2, 1, 2), ((0, 2), (1, 3)), (162.0, 90.0, 162.0, 90.0))
    rows = {r.entrant: r for r in standings(["a", "b", "x"], [[table]], by="points")}
    assert rows["a"].score == rows["b"].score == 1 and rows["x"].score == 0
    assert rows["a"].points == 162 and rows["x"].place == 3


def test_round_robin_breaks_ties_by_sonneborn_berger():
    res = lambda a, b, p: TableResult((a, b), p, ((0,), (1,)))  # noqa: E731
    rounds = [[res("a", "b", (1, 2)), res("c", "d", (1, 2))], [res("a", "c", (2, 1)), res("b", "d", (1, 2))]]
    rounds.append([res("a", "d", (1, 2)), res("b", "c", (1, 2))])
    rows = standings(list("abcd"), rounds, system="round_robin")
    # a, b and c have two wins; a beat b and d, b beat d and c, c beat d and a
    assert {r.entrant for r in rows if r.score == 2} == {"a", "b", "c"}
    assert [r.place for r in rows] == [1, 1, 1, 4]
