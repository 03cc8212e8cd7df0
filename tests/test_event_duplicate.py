"""Duplicate deals scored (webapp/events/duplicate.py): each line of a deal is set against the lines the other
tables made with the same cards, in matchpoints, and an entrant's total sums the lines he sat in."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from webapp.events.duplicate import cell_points, comparison, deal_lines, matchpoints
from webapp.events.standings import TableResult, standings


def test_the_best_line_of_the_room_scores_one_the_worst_nothing_and_a_tie_shares():
    lines = [(90.0, 72.0), (120.0, 42.0), (90.0, 72.0)]
    assert matchpoints(lines) == [(0.25, 0.75), (1.0, 0.0), (0.25, 0.75)]
    # where fewer is better (the Ass's banks), the fewest scores best
    assert matchpoints([(3.0,), (1.0,)], fewer_better=True) == [(0.0,), (1.0,)]


def test_a_line_with_nothing_to_compare_scores_none():
    assert matchpoints([(10.0, None)]) == [(None, None)]
    assert matchpoints([(10.0, None), (5.0, 8.0)]) == [(1.0, None), (0.0, None)]


@given(st.lists(st.lists(st.integers(-50, 50), min_size=2, max_size=2), min_size=2, max_size=6))
def test_the_room_shares_half_a_point_per_table_on_every_line(figures):
    scored = matchpoints([tuple(float(x) for x in line) for line in figures])
    for k in range(2):
        total = sum(line[k] for line in scored if line[k] is not None)
        assert abs(total - len(figures) / 2) < 1e-9
        assert all(0 <= line[k] <= 1 for line in scored if line[k] is not None)


def test_a_sheet_becomes_deal_lines_of_its_scoring_columns():
    sheet = {
        "columns": [{"key": "common.sheet.hand"}, {"key": "blot.sheet.contract"}]
        + [{"key": "common.sheet.team", "team": {"team": t}} for t in (0, 1)],
        "rows": [["1", {"key": "blot.sheet.made"}, "92", "70"], ["2", {"key": "x"}, "0", "−162"]],
    }
    lines = deal_lines(sheet, ["AAA", "BBB"], 4)
    assert lines == [
        {"code": "AAA", "columns": [[0, 2], [1, 3]], "points": [92.0, 70.0]},
        {"code": "BBB", "columns": [[0, 2], [1, 3]], "points": [0.0, -162.0]},
    ]
    assert cell_points({"key": "bank.sheet.cell", "points": "+20"}) == 20.0 and cell_points("–") is None


def test_entrants_are_credited_the_lines_they_held_and_a_duplicate_event_ranks_by_them():
    # two tables, one deal: Ann and Cid hold team 0's cards at the first table, Eve and Gus at the second
    cols = [[0, 2], [1, 3]]
    first = (("ann", "bob", "cid", "dan"), [{"code": "K", "columns": cols, "points": [100.0, 62.0]}])
    second = (("eve", "fay", "gus", "hal"), [{"code": "K", "columns": cols, "points": [40.0, 122.0]}])
    totals = comparison([first, second])
    assert totals == {"ann": 1.0, "cid": 1.0, "bob": 0.0, "dan": 0.0, "eve": 0.0, "gus": 0.0, "fay": 1.0, "hal": 1.0}
    # Bob and Dan, Eve and Gus won their games (over more deals than this one), yet on the cards compared their
    # counterparts did better: a duplicate event ranks those first
    results = [
        TableResult(first[0], (2, 1, 2, 1), ((0, 2), (1, 3))),
        TableResult(second[0], (1, 2, 1, 2), ((0, 2), (1, 3))),
    ]
    everyone = ["ann", "bob", "cid", "dan", "eve", "fay", "gus", "hal"]
    plain = standings(everyone, [results])
    assert {r.entrant for r in plain if r.place == 1} == {"bob", "dan", "eve", "gus"}
    rows = standings(everyone, [results], matchpoints=totals)
    assert {r.entrant for r in rows if r.place == 1} == {"ann", "cid", "fay", "hal"}
    assert all(r.matchpoints == 1.0 for r in rows[:4])
