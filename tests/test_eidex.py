"""Eidex rules (rulings eidex.md §1.2-1.8): legality, trick winners, card points, victory points, game end."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Card, cards_text, make_deck, parse_cards
from engine.core import Deal
from engine.games.eidex import DECL
from engine.games.eidex.tables import (
    CONTRACTS,
    HAND_POINTS,
    LAST_TRICK_BONUS,
    award_vp,
    contract_for,
    legal_cards,
    settle,
    trick_winner,
    why_illegal,
)
from engine.options import OptionError
from tests.gameplay import check_invariants
from tests.messages_check import english

HEARTS = CONTRACTS[("trump", 2)]
SPADES = CONTRACTS[("trump", 3)]
OBENABE = CONTRACTS[("obenabe", None)]
UNDENUFE = CONTRACTS[("undenufe", None)]


def legal(hand: str, trick: str, contract=HEARTS) -> set[str]:
    return set(cards_text(legal_cards(parse_cards(hand.split()), parse_cards(trick.split()), contract)))


def winner(trick: str, contract=HEARTS) -> str:
    cards = parse_cards(trick.split())
    return str(cards[trick_winner(cards, contract)])


# ---- §1.4 legal play ---------------------------------------------------------------------------------------
def test_leader_may_lay_any_card():  # §1.4.1
    assert legal("6H JS AD 7C", "") == {"6H", "JS", "AD", "7C"}


def test_must_follow_suit_but_may_trump_at_any_time():  # §1.4.4: trumping allowed even when able to follow
    assert legal("7S KS 6H AD 9C", "10S") == {"7S", "KS", "6H"}


def test_void_in_led_suit_may_lay_anything():  # §1.4.4: void → all non-trumps and allowed trumps
    assert legal("6H AD 9C", "10S") == {"6H", "AD", "9C"}


def test_no_undertrumping_when_following():  # §1.4.4: no trump lower than the trick's highest trump
    assert legal("7S 6H KH AD", "10S 9H") == {"7S"}


def test_no_undertrumping_when_void():  # §1.4.4: void, trick holds a trump: non-trumps and higher trumps only
    assert legal("6H JH AD", "10S QH") == {"AD", "JH"}


def test_overtrumping_is_allowed():  # §1.4.4, §1.4.5: no obligation to beat, but beating is allowed
    assert legal("AH 7S", "10S KH") == {"AH", "7S"}


def test_undertrumping_allowed_when_the_hand_is_all_trumps():  # §1.4.4: all trumps → any card
    assert legal("6H 7H", "10S 9H") == {"6H", "7H"}


def test_trump_lead_must_be_followed_with_any_trump():  # §1.4.3: a trump, any trump, the Jack included
    assert legal("6H JH 7S AD", "AH") == {"6H", "JH"}


def test_trump_lead_does_not_oblige_to_beat():  # §1.4.3: no obligation to beat trumps already played
    assert legal("6H 7S", "9H JH") == {"6H"}


def test_trump_jack_exemption():  # §1.4.3: the trump Jack as only trump need not follow a trump lead
    assert legal("JH 7S AD", "AH") == {"JH", "7S", "AD"}


def test_no_trump_when_void_of_trumps_on_trump_lead():  # §1.4.3: no trump → any card
    assert legal("7S AD", "AH") == {"7S", "AD"}


def test_no_trump_modes_follow_suit_only():  # §1.4.2
    assert legal("7S KS 6H AD", "10S", OBENABE) == {"7S", "KS"}
    assert legal("6H AD", "10S", UNDENUFE) == {"6H", "AD"}


def test_reasons_name_the_rule():
    hand = parse_cards("7S KS 6H KH AD".split())
    said = english(why_illegal(hand, parse_cards(["10S"]), Card.parse("AD"), HEARTS))
    assert said == "You must follow suit: you hold ♠ (or you may trump with ♥)."
    under = why_illegal(hand, parse_cards(["10S", "9H"]), Card.parse("6H"), HEARTS)
    assert "undertrump: 9♥ is already" in english(under)
    assert "you hold 2 besides the Jack" in english(why_illegal(hand, parse_cards(["AH"]), Card.parse("7S"), HEARTS))
    assert english(why_illegal(hand, [], Card.parse("AC"), HEARTS)) == "You do not hold A♣."
    no_trumps = parse_cards("7S KS AD".split())
    said = english(why_illegal(no_trumps, parse_cards(["10S"]), Card.parse("AD"), HEARTS))
    assert said == "You must follow suit: you hold ♠.", "no trump is offered to a hand without one"
    low_trump = parse_cards("7S 6H AD".split())
    said = english(why_illegal(low_trump, parse_cards(["10S", "9H"]), Card.parse("AD"), HEARTS))
    assert said == "You must follow suit: you hold ♠.", "nor one that may not go over the trump laid"


# ---- §1.3, §1.5 trick winners ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("trick", "contract", "taker"),
    [
        ("9H AH KH", HEARTS, "9H"),  # trump order J 9 A K Q 10 8 7 6
        ("AH JH 9H", HEARTS, "JH"),
        ("AS 6H KS", HEARTS, "6H"),  # the lowest trump beats the led ace
        ("10S JS AD", HEARTS, "JS"),  # plain order A K Q J 10: the 10 ranks below the Jack
        ("7S AD AC", HEARTS, "7S"),  # off-suit cards never win
        ("KS AS 6H", OBENABE, "AS"),  # Obenabe: no trump, high wins
        ("KS AS 6S", UNDENUFE, "6S"),  # Undenufe: low wins
        ("7S 6D 8S", UNDENUFE, "7S"),
    ],
)
def test_trick_winner(trick, contract, taker):  # §1.5
    assert winner(trick, contract) == taker


# ---- §1.2 trump determination ------------------------------------------------------------------------------
def test_shown_card_suit_is_trump_by_default():  # §1.2 seed rule
    assert contract_for(Card.parse("AS"), False) is SPADES
    assert contract_for(Card.parse("6S"), False) is SPADES


def test_ace_six_option_makes_no_trump_hands():  # §1.2 official variant `ace_six_no_trump`
    assert contract_for(Card.parse("AS"), True) is OBENABE
    assert contract_for(Card.parse("6D"), True) is UNDENUFE
    assert contract_for(Card.parse("7D"), True).trump == 1


# ---- §1.6 card points --------------------------------------------------------------------------------------
@pytest.mark.parametrize("contract", list(CONTRACTS.values()), ids=[f"{m}-{t}" for m, t in CONTRACTS])
def test_every_mode_counts_157_with_the_last_trick(contract):  # §1.6
    assert sum(contract.points[c.index] for c in make_deck(36)) + LAST_TRICK_BONUS == HAND_POINTS == 157


def test_card_values():  # §1.6 table
    assert [HEARTS.points[Card.parse(c).index] for c in ("JH", "9H", "AH", "JS", "9S", "8S")] == [20, 14, 11, 2, 0, 0]
    assert OBENABE.points[Card.parse("8S").index] == 8
    assert [UNDENUFE.points[Card.parse(c).index] for c in ("AS", "6S", "8S")] == [0, 11, 8]


# ---- §1.7 victory points -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("points", "tricks", "case", "awards"),
    [
        ([157, 0, 0], [11, 0, 0], "match", [2, 0, 0]),  # 1. match
        ([120, 7, 30], [10, 0, 1], "limit", [0, 1, 1]),  # 2. limit: 0 to him, 1 to each other
        ([100, 30, 27], [6, 2, 3], "limit", [0, 1, 1]),  # "more than 99" = 100 or more
        ([107, 25, 25], [6, 2, 3], "limit", [0, 1, 1]),  # the tie rule applies only below the limit
        ([99, 30, 28], [6, 2, 3], "spread", [1, 0, 1]),  # 3. highest and lowest
        ([60, 60, 37], [4, 4, 3], "tie", [0, 0, 2]),  # 3. two tie → the third gets 2
        ([90, 30, 37], [4, 4, 3], "spread", [1, 1, 0]),
        ([60, 37, 60], [4, 3, 4], "tie", [0, 2, 0]),
        ([50, 50, 50], [4, 3, 4], "three-way tie", [0, 0, 0]),  # DECISION: only with characters
    ],
)
def test_victory_points(points, tricks, case, awards):  # §1.7
    assert award_vp(points, tricks, 100) == (case, awards)


def test_limit_option_moves_the_limit():  # §1.7 LIMIT (option `limit`)
    assert award_vp([95, 30, 32], [6, 2, 3], 90) == ("limit", [0, 1, 1])


# ---- §1.8 game end -----------------------------------------------------------------------------------------
def test_first_to_seven_wins():  # §1.8
    vp, winners, _ = settle([6, 3, 2], "spread", [1, 0, 1], [70, 40, 47], False, "two-vp-recipient")
    assert (vp, winners) == ([7, 3, 3], [0])


def test_simultaneous_seven_correction():  # §1.8: more card points stays at 6, the other drops to 5
    vp, winners, note = settle([6, 6, 2], "spread", [1, 1, 0], [30, 80, 47], False, "two-vp-recipient")
    assert (vp, winners) == ([5, 6, 2], [])
    assert english(note, ["Ann", "Bob", "Cid"]) == (
        "Ann and Bob reach 7 VP together: more card points stays at 6, fewer drops to 5."
    )


def test_simultaneous_seven_with_equal_points_both_stay_at_six():  # §1.8 [OFFICIAL]
    vp, winners, _ = settle([6, 6, 0], "limit", [1, 1, 0], [28, 28, 101], False, "two-vp-recipient")
    assert (vp, winners) == ([6, 6, 0], [])


@pytest.mark.parametrize(
    ("case", "awards", "points", "winner"),
    [
        ("match", [0, 2, 0], [0, 157, 0], 1),  # a match wins
        ("limit", [1, 0, 1], [30, 104, 23], 1),  # the player at the limit wins
        ("spread", [1, 0, 1], [70, 50, 37], 1),  # else the middle player wins
        ("tie", [0, 2, 0], [60, 37, 60], 1),  # tie: the 2-VP recipient wins (English rules)
    ],
)
def test_special_round_winner(case, awards, points, winner):  # §1.8 special round at 6-6-6
    vp, winners, _ = settle([6, 6, 6], case, awards, points, True, "two-vp-recipient")
    assert winners == [winner]
    assert vp[winner] == 7


def test_special_round_tie_replayed_under_option():  # §1.8 DECISION option `chaos_tie_winner`: "replay"
    vp, winners, _ = settle([6, 6, 6], "tie", [0, 2, 0], [60, 37, 60], True, "replay")
    assert (vp, winners) == ([6, 6, 6], [])


# ---- the game: deal, phases, views -------------------------------------------------------------------------
def test_deal_gives_twelve_each_and_shows_the_dealers_last_card():  # §1.2
    game = DECL.new(3, {}, 11)
    assert [len(h) for h in game.hands] == [12, 12, 12]
    assert game.shown == game.hands[game.dealer][-1] == game.hand_deal.shown
    trump_event = next(e for e in game.events if e["event"] == "trump")
    assert trump_event["trumps"] == game.shown.suit_text
    assert game.dealer in range(3)


def test_all_three_discard_at_once_then_the_player_after_the_dealer_leads():  # §1.2 discard, first lead
    game = DECL.new(3, {}, 5, dealer=1)
    assert game.to_act() == (0, 1, 2)
    for seat in (2, 0, 1):
        game.apply(seat, game.legal_actions(seat)[0])
    assert game.to_act() == (2,)
    assert all(a.startswith("play") for a in game.legal_actions(2))
    assert [len(h) for h in game.hands] == [11, 11, 11]


def test_face_down_cards_and_shown_card_in_views():  # §1.2: discard hidden; shown card visible while held
    game = DECL.new(3, {}, 3, dealer=0)
    shown = str(game.shown)
    assert game.view(1)["extra"]["shown"]["card"] == shown
    assert shown not in game.view(1)["hand"]
    discard = next(a for a in game.legal_actions(1) if a.split()[1] != shown)
    game.apply(1, discard)
    assert game.view(1)["extra"]["discards"][1] == discard.split()[1]
    assert game.view(2)["extra"]["discards"][1] is None
    game.apply(0, f"discard {shown}")
    assert game.view(1)["extra"]["shown"]["card"] is None
    assert game.shown in game.hidden_from(1)
    check_invariants(game)


def test_a_second_discard_and_early_play_are_refused_with_reasons():
    game = DECL.new(3, {}, 3, dealer=0)
    first = game.legal_actions(1)[0]
    assert "First lay one card face down" in english(game.explain(1, "play " + first.split()[1]))
    missing = next(c for c in make_deck(36) if c not in game.hands[1])
    assert english(game.explain(1, f"discard {missing}")).startswith("You do not hold")
    game.apply(1, first)
    said = english(game.explain(1, "discard " + str(game.hands[1][0])), ["Ann", "Bob", "Cid"])
    assert said == "Your card already lies face down: waiting for Ann and Cid to lay theirs."


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), ace_six=st.booleans())
def test_each_hand_points_sum_to_157(seed, ace_six):  # §1.6 property: tricks + face-down cards + 5 = 157
    rng = random.Random(seed)
    game = DECL.new(3, {"ace_six_no_trump": ace_six}, seed)
    trick_points = [0, 0, 0]
    shown = next(e for e in game.events if e["event"] == "trump")["card"]
    contract = contract_for(Card.parse(shown), ace_six)
    while not game.is_over:
        seat = game.to_act()[0]
        for event in game.apply(seat, rng.choice(game.legal_actions(seat))):
            if event["event"] == "trump":
                contract = contract_for(Card.parse(event["card"]), ace_six)
            elif event["event"] == "trick":
                trick_points[event["winner"]] += event["points"]
            elif event["event"] == "hand":
                assert sum(event["points"]) == HAND_POINTS
                for owner, card in event["discards"]:
                    trick_points[owner] += contract.points[Card.parse(card).index]
                assert trick_points == event["points"]
                trick_points = [0, 0, 0]


def test_next_hand_is_dealt_until_someone_has_seven():  # one Game = the whole game; the deal passes on
    rng = random.Random(4)
    game = DECL.new(3, {"ace_six_no_trump": True}, 4)
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    hands = [e for e in game.events if e["event"] == "hand"]
    deals = [e for e in game.events if e["event"] == "deal"]
    assert all(sum(h["points"]) == HAND_POINTS for h in hands)
    assert len(deals) == len(hands) and [d["hand_no"] for d in deals] == list(range(1, len(hands) + 1))
    dealers = [d["dealer"] for d in deals]
    assert all((b - a) % 3 == 1 for a, b in zip(dealers, dealers[1:], strict=False))
    assert max(game.result()["vp"]) >= 7 and game.result()["winners"] == [game.vp.index(max(game.vp))]


def test_start_vp_and_special_round_flag():  # FORMAT.md `start.vp`; §1.8 special round at 6-6-6
    game = DECL.new(3, {}, 1, start={"vp": [6, 6, 6]})
    assert game.view(0)["extra"]["special_round"] is True
    assert DECL.new(3, {}, 1, start={"vp": [6, 6, 5]}).special is False
    with pytest.raises(OptionError):
        DECL.new(3, {}, 1, start={"vp": [7, 0, 0]})


def test_fixed_deal_is_used_exactly():
    deck = list(make_deck(36))
    hands = [deck[0:12], deck[12:24], deck[24:36]]
    game = DECL.new(3, {}, 0, dealer=2, deal=Deal(hands=hands, shown=hands[2][3]))
    assert game.hands == hands and game.shown == hands[2][3] and game.dealer == 2
    with pytest.raises(OptionError):
        DECL.new(3, {}, 0, dealer=0, deal=Deal(hands=hands, shown=hands[2][3]))
    assert DECL.new(3, {}, 0, deal=Deal(hands=hands, shown=hands[1][0])).dealer == 1  # the shown card's holder deals


def test_advanced_game_is_the_character_game():  # §1.9 (tests/test_eidex_characters.py)
    assert DECL.new(3, {"advanced": True}, 0).cast
    assert not DECL.new(3, {"advanced": False}, 0).cast


def test_options_schema_matches_the_rulings():  # rulings "Options"
    assert {o.name: o.default for o in DECL.options} == {
        "ace_six_no_trump": False,
        "limit": 100,
        "chaos_tie_winner": "two-vp-recipient",
        "advanced": False,
        "excuse_non_trump": False,
        "umwerter_lowest": True,
        "trumphator_no_trump": True,
        "farbenfreund_lapse_counts": True,
        "characters": None,
    }


def test_status_explains_the_last_trick_and_the_last_hand():  # verdicts shown on the table
    rng = random.Random(1)
    game = DECL.new(3, {}, 1)
    while not any(e["event"] == "trick" for e in game.events):
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    trick = next(e for e in game.events if e["event"] == "trick")
    names = ["Ann", "Bob", "Cid"]
    assert english(game.view(None)["status"], names).startswith(f"{names[trick['winner']]} takes the trick: ")
    assert english(game.view(trick["winner"])["status"], names, trick["winner"]).startswith("You take the trick: ")
    assert game.view(None)["last_trick"]["winner"] == trick["winner"]
    while game.hand_no == 1:
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    hand = next(e for e in game.events if e["event"] == "hand")
    assert english(game.view(0)["status"], names, 0).startswith(english(hand["msg"], names, 0))
    assert english(hand["msg"]).startswith("Hand 1: ")
    assert game.view(0)["last_trick"] is None  # its cards are in the new hands
