"""Blot's rules document and explorer: every cell comes from the engine's tables; the explorer gives the engine's
own verdicts (docs/engine.md)."""

from __future__ import annotations

import pytest

from engine.games.blot import DECL
from engine.games.blot.tables import (
    FOUR_ORDER,
    FOUR_POINTS,
    FOUR_POINTS_NO_TRUMP,
    PLAIN_ORDER,
    TRUMP_ORDER,
    TRUMP_POINTS,
)
from tests.messages_check import english, problems
from webapp.rules.document import rules_document, rules_words

RANK_TEXT = {7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}


def section(doc: dict, sid: str) -> dict:
    return next(s for s in doc["sections"] if s["id"] == sid)


def table(doc: dict, sid: str, tid: str) -> dict:
    return next(t for t in section(doc, sid)["tables"] if t["id"] == tid)


def test_rank_and_point_tables_come_from_the_engine():
    doc = DECL.rules({}, rules_words("en"))
    ranks = table(doc, "ranks", "ranks")["rows"]
    assert ranks[0][1:] == [RANK_TEXT[r] for r in TRUMP_ORDER]
    assert ranks[1][1:] == [RANK_TEXT[r] for r in PLAIN_ORDER]
    points = table(doc, "points", "points")
    assert points["rows"][0][1:-1] == [str(TRUMP_POINTS[r]) for r in TRUMP_ORDER]
    assert [row[-1] for row in points["rows"]] == ["62", "30", "38"]
    combos = table(doc, "combinations", "combinations")["rows"]
    fours = combos[3 : 3 + len(FOUR_ORDER)]
    assert [row[1] for row in fours] == [str(FOUR_POINTS[r]) for r in FOUR_ORDER]
    assert [row[2] for row in fours] == [str(FOUR_POINTS_NO_TRUMP[r]) for r in FOUR_ORDER]


def test_rulings_quote_the_seed_beside_our_reading():
    doc = rules_document(DECL, DECL.validate_options({}), "en")
    rulings = [r for s in doc["sections"] for r in s["rulings"]]
    assert len(rulings) >= 8
    assert all(r["seed"] and r["ours"] for r in rulings)
    made = next(r for r in rulings if "x > y" in r["seed"])
    assert "y ≥ x" in made["ours"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_both_languages_have_every_section(lang):
    doc = DECL.rules({}, rules_words(lang))
    assert [s["id"] for s in doc["sections"]] == [s["id"] for s in DECL.rules({}, rules_words("en"))["sections"]]
    assert all(s["title"] for s in doc["sections"])


def test_russian_text_differs_and_uses_russian_ranks():
    ru = DECL.rules({}, rules_words("ru"))
    assert ru["goal"] != DECL.rules({}, rules_words("en"))["goal"]
    assert table(ru, "ranks", "ranks")["rows"][0][1] == "В"


def test_options_change_the_text():
    assert "From 26" in " ".join(section(DECL.rules({"kaput_min_bid": 26}, rules_words("en")), "auction")["text"])
    play = " ".join(section(DECL.rules({"must_undertrump_when_void": True}, rules_words("en")), "play")["text"])
    assert "must play a trump even when it cannot beat" in play
    scoring = table(DECL.rules({"no_trump_bid_multiplier": True}, rules_words("en")), "scoring", "scoring")
    assert "×2 (contra ×3, recontra ×5)" in scoring["notes"][0]


def test_explorer_overtrump_on_a_trump_lead_with_a_known_hand():
    hands = {"1": ["7S", "9S", "AD"]}
    out = DECL.explore({}, 4, [[0, "10S"], [1, "7S"]], {"trump": "S", "hands": hands})
    step = out["steps"][1]
    assert step["legal"] is False and english(step["reason"]) == "Trumps were led: you must overtrump (9♠)."
    assert english(step["verdict"]) == "7♠ may not be played. Trumps were led: you must overtrump (9♠)."
    assert out["next"] == {"seat": 1, "legal": ["9S"], "reason": step["reason"]}
    assert problems(out, "blot") == []


def test_explorer_partner_exemption_and_winner():
    plays = [[0, "AH"], [1, "7D"], [2, "7C"], [3, "JS"]]
    out = DECL.explore({}, 4, plays, {"trump": "S", "hands": {"2": ["7C", "9S"]}})
    assert out["steps"][2]["legal"] is True
    assert english(out["steps"][2]["reason"]) == (
        "You have no ♥ and your partner is winning the trick: any card will do."
    )
    assert out["steps"][3]["beats"] is True and out["winner"] == 3
    assert english(out["steps"][3]["verdict"]) == "J♠ beats A♥: the highest trump."
    assert english(out["summary"]) == "Player 4 takes the trick with J♠: the highest trump (31 points)."
    assert problems(out, "blot") == []
    assert out["next"] is None


def test_explorer_without_hands_states_the_condition():
    out = DECL.explore({}, 4, [[0, "KH"], [1, "AC"]], {"trump": "S"})
    assert out["steps"][1]["legal"] is True
    assert english(out["steps"][1]["reason"]) == "Legal only without ♥ and without a trump that beats the trick."
    assert english(out["summary"]) == "Player 1 is winning so far (15 points on the table)."
    assert out["next"]["seat"] == 2 and set(out["next"]["legal"]) == {"7H", "8H", "9H", "10H", "JH", "QH", "AH"}


def test_explorer_no_trump_and_turn_order():
    out = DECL.explore({}, 4, [[1, "KH"], [3, "AH"]], {"trump": "NT"})
    assert out["steps"][1]["legal"] is False and english(out["steps"][1]["reason"]) == "It is Player 3's turn."
    assert out["winner"] == 1 and out["next"]["seat"] == 2
