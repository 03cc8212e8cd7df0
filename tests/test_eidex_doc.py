"""Eidex rules document, trick explorer and heuristic bot."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.bots import RandomBot
from engine.core import Deal
from engine.games.eidex import DECL
from engine.games.eidex.doc import rank_text
from engine.games.eidex.tables import MODES, OPTIONS, TRUMP_ORDER, TRUMP_POINTS, VP_CASES
from tests.messages_check import english
from webapp.rules.document import rules_words


def section(doc: dict, sid: str) -> dict:
    return next(s for s in doc["sections"] if s["id"] == sid)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_rules_tables_come_from_the_engine_tables(lang):
    doc = DECL.rules({}, rules_words(lang))
    ranks = section(doc, "ranks")["tables"][0]["rows"]
    written = {
        rank_text(r, rules_words(lang)): r for r in TRUMP_ORDER
    }  # ranks as the language writes them: Д for Q in Russian
    written["—"] = "—"
    assert [[" ".join(written[r] for r in cell.split()) for cell in row[1:]] for row in ranks] == [
        [" ".join(m.trump_order) or "—", " ".join(m.plain_order)] for m in MODES.values()
    ]
    points = section(doc, "points")["tables"][0]["rows"]
    assert {written[row[0]]: int(row[1]) for row in points} == TRUMP_POINTS
    cases = [row[0] for row in section(doc, "scoring")["tables"][0]["rows"]]
    assert cases == [rules_words(lang)(f"rules.eidex.vp_cases.{case}") for case in VP_CASES]


def test_rules_are_translated_and_quote_the_seed():
    en, ru = DECL.rules({}, rules_words("en")), DECL.rules({}, rules_words("ru"))
    assert en["goal"] != ru["goal"] and "ПО" in ru["goal"]
    rulings = [r for s in en["sections"] for r in s["rulings"]]
    assert any("more than 99" in r["seed"] and r["option"] == "limit" for r in rulings)
    assert any(r["option"] == "ace_six_no_trump" for r in rulings)
    assert any(r["option"] == "chaos_tie_winner" for r in rulings)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_character_rulings_name_the_options_that_change_them(lang):  # §1.9, §1.9.1: each [DECISION] on the page
    rulings = section(DECL.rules({}, rules_words(lang)), "characters")["rulings"]
    decision_options = {o.name for o in OPTIONS} - {"ace_six_no_trump", "limit", "chaos_tie_winner", "advanced"}
    assert {r["option"] for r in rulings} - {None} == decision_options - {"characters"}
    assert len(rulings) == 32 and all(r["seed"] and r["ours"] and r["seed"] != r["ours"] for r in rulings)
    english_words = {r["ours"] for r in section(DECL.rules({}, rules_words("en")), "characters")["rulings"]}
    assert lang == "en" or not english_words & {r["ours"] for r in rulings}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_rules_follow_the_tables_limit(lang):  # option `limit`
    doc = DECL.rules({"limit": 90}, rules_words(lang))
    limit_row = next(
        r
        for r in section(doc, "scoring")["tables"][0]["rows"]
        if r[0] == rules_words(lang)("rules.eidex.vp_cases.limit")
    )
    assert "90" in limit_row[1] and "100" not in limit_row[1]


def test_explorer_explains_trump_any_time_undertrump_and_winner():  # §1.4, §1.5
    out = DECL.explore({}, 3, [[1, "10S"], [2, "9H"], [0, "7H"], [0, "AS"]], {"trump": "H"})
    steps = out["steps"]
    assert [s["legal"] for s in steps] == [True, True, False, True]
    assert "any time" in english(steps[1]["reason"]) and steps[1]["beats"] is True
    assert "undertrump" in english(steps[2]["reason"])
    assert out["winner"] == 2 and english(out["summary"]) == "Player 3 takes 35 points: 9♥ is the only trump."
    assert out["next"] is None, "the trick is complete: nobody is to lay"


def scenario_game(name: str):
    """The game of a scenario of tests/scenarios after its actions, with its events."""
    data = json.loads((Path(__file__).parent / "scenarios" / name).read_text(encoding="utf-8"))
    game = DECL.new(3, data["options"], 0, dealer=data["dealer"], deal=Deal.from_json(data["deal"]))
    events = [*game.events, *(e for seat, action in data["actions"] for e in game.apply(seat, action))]
    return game, events


@pytest.mark.parametrize(
    ("name", "powers", "without"),
    [
        ("eidex-char-skat-ten-takes-king.json", {"skat": "JC"}, {}),
        ("eidex-char-umwerter-lowest-trump.json", {"umwerter_low": "JH"}, {}),
        ("eidex-char-jiujitsu-nine-beats-jack.json", {"jiujitsu": "9S JS"}, {}),
        (
            "eidex-char-conflict-skater-undoes-jiujitsu.json",
            {"jiujitsu": "8S 10S", "skat": "JC"},
            {"jiujitsu": "8S 10S"},
        ),
    ],
)
def test_explorer_under_a_power_takes_the_trick_as_the_game_does(name, powers, without):  # issue 15: the explorer
    _, events = scenario_game(name)
    trick = next(e for e in events if e["event"] == "trick")
    trump = next(e["trumps"] for e in events if e["event"] == "trump")
    out = DECL.explore({}, 3, trick["cards"], {"trump": trump, **powers})
    assert out["winner"] == trick["winner"]
    assert out["summary"]["summary"]["points"] == trick["points"]
    assert DECL.explore({}, 3, trick["cards"], {"trump": trump, **without})["winner"] != trick["winner"]


def test_explorer_under_skat_refuses_a_trump_as_the_game_does():  # §1.9 Skater: trumps only when void
    game, _ = scenario_game("eidex-char-skat-any-time-strict-follow.json")
    hand = [str(c) for c in game.hands[1]]
    out = DECL.explore({}, 3, [[0, "KC"], [1, "7S"]], {"trump": "S", "skat": "JC", "hands": {"1": [*hand]}})
    assert not out["steps"][1]["legal"]
    assert out["steps"][1]["reason"] == game.explain(1, "play 7S")
    assert out["next"]["legal"] == [a.split()[1] for a in game.legal_actions(1)] == ["10C"]
    free = DECL.explore({}, 3, [[0, "KC"], [1, "7S"]], {"trump": "S", "skat": "JC"})["steps"][1]
    assert free["legal"] and free["reason"]["key"] == "eidex.explore.skat_void"
    with pytest.raises(ValueError):
        DECL.explore({}, 3, [[0, "KC"]], {"mode": "obenabe", "skat": "JC"})


def test_explorer_with_a_known_hand_is_exact_and_lists_the_next_legal_cards():  # §1.4.3 jack exemption
    out = DECL.explore({}, 3, [[0, "AH"]], {"trump": "H", "hands": {"1": ["JH", "7S", "AD"]}})
    assert set(out["next"]["legal"]) == {"JH", "7S", "AD"}
    refused = DECL.explore({}, 3, [[0, "AH"], [1, "7S"]], {"trump": "H", "hands": {"1": ["JH", "6H", "7S"]}})
    assert refused["steps"][1]["legal"] is False and "trump" in english(refused["steps"][1]["reason"])


def test_explorer_no_trump_modes():  # §1.3 Obenabe / Undenufe
    assert DECL.explore({}, 3, [[0, "KS"], [1, "AS"], [2, "6S"]], {"mode": "obenabe"})["winner"] == 1
    assert DECL.explore({}, 3, [[0, "KS"], [1, "AS"], [2, "6S"]], {"mode": "undenufe"})["winner"] == 2


def test_trump_order_is_the_jass_order():  # §1.3
    assert TRUMP_ORDER == ("J", "9", "A", "K", "Q", "10", "8", "7", "6")


def test_heuristic_bot_plays_legal_actions_from_its_view_only():
    bot, other = DECL.bots["normal"], RandomBot()
    game = DECL.new(3, {"ace_six_no_trump": True}, 21)
    rng = random.Random(21)
    while game.hand_no < 3 and not game.is_over:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        action = (bot if seat == 0 else other).choose(game.view(seat), legal, rng)
        assert action in legal
        game.apply(seat, action)


def bot_view(taken: list[int]) -> dict:
    """Seat 0 plays last to trick 10 (hearts trump): seat 1 led A♠, seat 2 laid 10♠; seat 0 holds 9♥ and 6♠.
    The four cards still unseen by seat 0 are worthless (7♣ 8♣ 7♦ 8♦), so only this trick and the last
    trick's 5 points are at stake."""
    from engine.cards import cards_text, make_deck, parse_cards

    known = parse_cards("9H 6S 6C AS 10S 7C 8C 7D 8D".split())
    played = cards_text(c for c in make_deck(36) if c not in known)
    return {
        "seat": 0,
        "dealer": 2,
        "phase": "play",
        "hand": ["9H", "6S"],
        "seats": [{"cards": 2}, {"cards": 1}, {"cards": 1}],
        "table": {"plays": [{"seat": 1, "cards": ["AS"]}, {"seat": 2, "cards": ["10S"]}]},
        "extra": {
            "mode": "trump",
            "trump": "H",
            "discards": ["6C", None, None],
            "discarded": [True, True, True],
            "played": played,
            "taken": taken,
            "tricks": [4, 3, 2],
            "vp": [0, 0, 0],
            "limit": 100,
            "special_round": False,
        },
    }


def test_heuristic_bot_trumps_a_rich_trick_to_be_highest():  # aims for the highest score it can reach
    bot = DECL.bots["normal"]
    assert bot.choose(bot_view([40, 50, 45]), ["play 9H", "play 6S"], random.Random(3)) == "play 9H"


def test_heuristic_bot_stays_below_the_limit():  # taking the 21 points now would reach 100: 0 VP
    bot = DECL.bots["normal"]
    assert bot.choose(bot_view([70, 30, 32]), ["play 9H", "play 6S"], random.Random(3)) == "play 6S"
