"""Each game's rendered tables, read back from the HTML, against the module-level data tables the engine plays by.

These tests derive every expected cell from the engine's constants (rank orders, point values, beat and lay
tables), never from ``DECL.rules()``, so a rules page that drifts from the game fails here."""

from __future__ import annotations

import json
from functools import cache
from typing import Any
from urllib.parse import quote

import pytest

from engine.cards import RANKS
from engine.registry import game_ids
from tests.test_rules_page import Page, make_app
from webapp.i18n import catalog


def rank_text(rank: int) -> str:
    return RANKS[rank - 6]


@cache
def page(game: str, query: str) -> Page:
    """The rendered rules page of ``game`` (each page is read once for all the tests of this module)."""
    response = make_app().test_client().get(f"/rules/{game}{query}")
    assert response.status_code == 200
    return Page(response.get_data(as_text=True))


def table(game: str, table_id: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A table of the rendered page: ``head`` texts and ``rows`` of (text, mark) cells."""
    if game not in game_ids():
        pytest.fail(f"{game} is not registered")
    shown = page(game, "?options=" + quote(json.dumps(options)) if options else "").tables[table_id]
    return {"head": [c[1] for c in shown["head"]], "rows": [[(c[1], c[2]) for c in row] for row in shown["rows"]]}


def texts(rows: list[list[tuple[str, str | None]]]) -> list[list[str]]:
    return [[text for text, _ in row] for row in rows]


# ---- Ass ---------------------------------------------------------------------------------------------------
def test_ass_points_follow_the_rank_order_and_card_points() -> None:
    from engine.games.ass.play import RANK_ORDER
    from engine.games.ass.score import CARD_POINTS

    shown = table("ass", "points")
    assert shown["head"][1:] == [rank_text(r) for r in RANK_ORDER]
    assert texts(shown["rows"])[0][1:] == [str(CARD_POINTS[r]) for r in RANK_ORDER]


def test_ass_beat_matrix_marks_every_same_suit_beat_and_the_lead_only_ones() -> None:
    from engine.games.ass.play import RANK_ORDER, SAME_SUIT_BEATS

    shown = table("ass", "beat-matrix")
    assert shown["head"][1:] == [rank_text(r) for r in RANK_ORDER]
    assert [row[0][0] for row in shown["rows"]] == [rank_text(r) for r in RANK_ORDER]
    for played, row in zip(RANK_ORDER, shown["rows"], strict=True):
        for target, (_, mark) in zip(RANK_ORDER, row[1:], strict=True):
            want = None if played == target else SAME_SUIT_BEATS[played].get(target, "no")
            assert mark == want, (rank_text(played), rank_text(target))


def test_ass_beat_table_lists_the_beats_of_each_rank() -> None:
    from engine.games.ass.play import LEAD_ONLY, RANK_ORDER, SAME_SUIT_BEATS

    shown = table("ass", "beat-table")
    for played, row in zip(RANK_ORDER, texts(shown["rows"]), strict=True):
        beats = SAME_SUIT_BEATS[played]
        always = [rank_text(t) for t in RANK_ORDER if beats.get(t) == "yes"]
        lead_only = [rank_text(t) for t in RANK_ORDER if beats.get(t) == LEAD_ONLY]
        never = [rank_text(t) for t in RANK_ORDER if t != played and t not in beats]
        assert row[0] == rank_text(played)
        assert row[1].split() == (always or ["—"])
        assert row[2].split() == (lead_only or ["—"])
        assert row[4].split() == (never or ["—"])


def test_ass_page_answers_the_newcomers_question() -> None:
    """Does Q♠ beat 6♠? The matrix says yes (and 6♠ does not beat Q♠); seed row 4 (6♠ J♠ 10♣ Q♠) says P4 takes."""
    from engine.games.ass.play import SEED_EXAMPLES

    matrix = table("ass", "beat-matrix")
    columns = matrix["head"]
    rows = {row[0][0]: row for row in matrix["rows"]}
    assert rows["Q"][columns.index("6")][1] == "yes"
    assert rows["6"][columns.index("Q")][1] == "no"
    examples = {row[0]: row for row in texts(table("ass", "seed-examples")["rows"])}
    number, cards, _, _, taker = next(r for r in SEED_EXAMPLES if r[1] == ("6S", "JS", "10C", "QS") and not r[2])
    row = examples[str(number)]
    assert row[1:5] == ["6♠", "J♠", "10♣", "Q♠"]
    assert row[6] == f"P{taker + 1}" == "P4"
    assert "Q♠ beats 6♠" in row[7]


def test_ass_targets_follow_the_scoring_table() -> None:
    from engine.games.ass.score import TARGETS

    shown = texts(table("ass", "targets")["rows"])
    assert shown == [[str(n), str(t["go"]), str(t["no"])] for n, t in TARGETS.items()]


# ---- Bailiff -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("ace_covers_four", [False, True])
def test_bailiff_lay_table_follows_the_engine(ace_covers_four: bool) -> None:
    from engine.games.bailiff.tables import ACE_COVERS_FOUR_MOVES, LAY_TABLE, MOVES, TOP_GROUPS

    shown = table("bailiff", "lay", {"ace_covers_four": ace_covers_four})
    assert shown["head"][1:] == list(MOVES)
    assert list(LAY_TABLE) == list(TOP_GROUPS)
    assert [row[0][0] for row in shown["rows"]] == [catalog("en")[f"rules.bailiff.doc.top.{k}"] for k in TOP_GROUPS]
    for top, row in zip(LAY_TABLE, shown["rows"], strict=True):
        allowed = ACE_COVERS_FOUR_MOVES if top == "4" and ace_covers_four else LAY_TABLE[top]
        assert [mark for _, mark in row[1:]] == ["yes" if m in allowed else "no" for m in MOVES], top


def test_bailiff_rank_order() -> None:
    from engine.games.bailiff.tables import RANK_ORDER

    assert texts(table("bailiff", "order")["rows"])[0][1:] == list(RANK_ORDER)


# ---- Blot --------------------------------------------------------------------------------------------------
def test_blot_rank_orders_and_points() -> None:
    from engine.games.blot.tables import NO_TRUMP_POINTS, PLAIN_ORDER, PLAIN_POINTS, TRUMP_ORDER, TRUMP_POINTS

    ranks = texts(table("blot", "ranks")["rows"])
    assert ranks[0][1:] == [rank_text(r) for r in TRUMP_ORDER]
    assert ranks[1][1:] == [rank_text(r) for r in PLAIN_ORDER]
    points = table("blot", "points")
    order = list(TRUMP_ORDER)
    assert points["head"][1:-1] == [rank_text(r) for r in order]
    for row, values in zip(texts(points["rows"]), [TRUMP_POINTS, PLAIN_POINTS, NO_TRUMP_POINTS], strict=True):
        assert row[1:] == [str(values[r]) for r in order] + [str(sum(values.values()))]


# ---- Eidex -------------------------------------------------------------------------------------------------
def test_eidex_points_orders_and_suits() -> None:
    from engine.games.eidex.tables import (
        EIDEX_SUITS,
        OBENABE_POINTS,
        PLAIN_ORDER,
        PLAIN_POINTS,
        TRUMP_ORDER,
        TRUMP_POINTS,
        UNDENUFE_ORDER,
        UNDENUFE_POINTS,
    )

    points = texts(table("eidex", "points")["rows"])
    assert [row[0] for row in points] == list(PLAIN_ORDER)
    tables = (TRUMP_POINTS, PLAIN_POINTS, OBENABE_POINTS, UNDENUFE_POINTS)
    assert points == [[r, *(str(t[r]) for t in tables)] for r in PLAIN_ORDER]
    orders = texts(table("eidex", "ranks")["rows"])
    assert orders[0][1:] == [" ".join(TRUMP_ORDER), " ".join(PLAIN_ORDER)]
    assert orders[2][2] == " ".join(UNDENUFE_ORDER)
    suits = texts(table("eidex", "suits")["rows"])
    assert [(row[0], row[2]) for row in suits] == [(k, v["german"]) for k, v in EIDEX_SUITS.items()]


# ---- Bank --------------------------------------------------------------------------------------------------
def test_bank_lay_table_follows_one_less_same_rank_six_and_eight() -> None:
    from engine.cards import EIGHT, SIX
    from engine.games.bank.tables import ONE_LESS, ORDINAL, RANK_ORDER

    def listed(ranks: set[int]) -> str:
        return ", ".join(rank_text(r) for r in sorted(ranks, key=ORDINAL.__getitem__))

    shown = texts(table("bank", "lay")["rows"])
    assert [row[0] for row in shown] == [rank_text(r) + "♠" for r in reversed(RANK_ORDER)]
    for top, row in zip(reversed(RANK_ORDER), shown, strict=True):
        same_suit = {SIX, EIGHT, ONE_LESS.get(top, top)} - {top}
        assert row[1:] == [listed(same_suit), listed({EIGHT, top})], rank_text(top)


def test_bank_points_and_going_out_bonuses() -> None:
    from engine.games.bank.tables import CARD_POINTS, KING_BONUS, PLACE_BONUS, RANK_ORDER, RUN_BONUS

    points = table("bank", "points")
    assert points["head"][1:] == [rank_text(r) for r in reversed(RANK_ORDER)]
    assert texts(points["rows"])[0][1:] == [str(CARD_POINTS[r]) for r in reversed(RANK_ORDER)]
    bonuses = texts(table("bank", "bonuses")["rows"])
    assert [row[1:] for row in bonuses] == [
        [f"+{b[p]}" for b in (PLACE_BONUS, KING_BONUS, RUN_BONUS)] for p in (1, 2, 3)
    ]
