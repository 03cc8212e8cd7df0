"""Blot scoring (rulings blot.md §2.4, §2.9, §2.10): made, failed, contra, recontra, kaput, rounding, game end."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.blot import DECL
from engine.games.blot.score import Contract, Term, score_hand
from engine.games.blot.tables import NO_TRUMP_POINTS, PLAIN_POINTS, TRUMP_POINTS, tens
from tests.gameplay import random_game
from tests.test_blot_support import SUIT_HANDS, auction, new_game, play_out_hand, said

OPTS = DECL.validate_options({}, 4)


def score(contract: Contract, raw, tricks, comb, belote=(0, 0), **options):
    return score_hand(contract, raw, tricks, comb, {**OPTS, **options}, belote)


# §2.4: trump suit 62, plain suit 30, no-trump suit 38 — 152 in the cards either way.
def test_card_point_tables():
    assert sum(TRUMP_POINTS.values()) == 62 and sum(PLAIN_POINTS.values()) == 30
    assert sum(NO_TRUMP_POINTS.values()) == 38
    assert 62 + 3 * 30 == 4 * 38 == 152


# §2.9 [EXT]: /10 with a half rounding down (85 → 8, 86 → 9); option rounding = half-up.
def test_rounding():
    assert (tens(84), tens(85), tens(86), tens(162)) == (8, 8, 9, 16)
    assert (tens(84, "half-up"), tens(85, "half-up")) == (8, 9)


# §2.9 m = 1, made: declarers x + tens(card) + comb, defenders 16 − tens(declarers' card) + comb.
def test_made_undoubled():
    result = score(Contract(0, 10, "H"), [106, 56], [5, 3], [0, 0])
    assert result.made and result.points == [21, 5]


# option defender_share = independent: the defenders round their own card points.
def test_made_undoubled_independent_share():
    assert score(Contract(0, 10, "H"), [106, 56], [5, 3], [0, 0], defender_share="independent").points == [21, 6]


# §2.9 and the seed's example: a bid of 12 with 2 combination points needs only 100 card points (≥).
def test_combinations_count_toward_the_contract():
    assert score(Contract(1, 12, "S"), [62, 100], [3, 5], [0, 2]).made
    assert not score(Contract(1, 12, "S"), [63, 99], [3, 5], [0, 2]).made


# §2.9 m = 1, failed: declarers 0, defenders x + 16 + z with z = all counted extras (option fail_extras).
def test_failed_undoubled():
    assert score(Contract(0, 12, "H"), [90, 72], [4, 4], [2, 3]).points == [0, 12 + 16 + 5]
    assert score(Contract(0, 12, "H"), [90, 72], [4, 4], [2, 3], fail_extras="winner").points == [0, 12 + 16 + 3]


# §2.9 m = 2: the winning side takes 2x + base + z, the losing side nothing.
def test_contra():
    made = score(Contract(1, 10, "S", mult=2), [60, 102], [3, 5], [0, 5])
    assert made.made and made.points == [0, 20 + 16 + 5]
    failed = score(Contract(1, 10, "S", mult=2), [90, 72], [5, 3], [0, 0])
    assert not failed.made and failed.points == [20 + 16, 0]


# §2.9 m = 4: as contra with 4x.
def test_recontra():
    assert score(Contract(0, 9, "D", mult=4), [100, 62], [5, 3], [2, 0]).points == [36 + 16 + 2, 0]
    assert score(Contract(0, 9, "D", mult=4), [60, 102], [3, 5], [0, 0]).points == [0, 36 + 16]


# §2.4 and §2.9: kaput counts 250 (25); the defenders then score only their combinations.
def test_kaput_made():
    result = score(Contract(0, 10, "S"), [162, 0], [8, 0], [4, 2])
    assert result.cards == [250, 0]
    assert result.points == [10 + 25 + 4, 2]


# §2.9 DECISION: base 25 instead of 16 when the scoring side took every trick.
def test_kaput_base_in_the_formulas():
    assert score(Contract(0, 9, "H"), [0, 162], [0, 8], [0, 0]).points == [0, 9 + 25]
    assert score(Contract(0, 10, "S", mult=2), [162, 0], [8, 0], [0, 0]).points == [20 + 25, 0]


# §2.7 / §2.9: a kaput bid fails when a single trick is lost, whatever the points.
def test_kaput_bid_needs_every_trick():
    result = score(Contract(0, 25, "S", kaput=True), [150, 12], [7, 1], [20, 0])
    assert not result.made and result.points == [0, 25 + 16 + 20]
    assert score(Contract(0, 25, "S", kaput=True), [162, 0], [8, 0], [0, 0]).made


# option no_trump_bid_multiplier: no-trump bids count ×2, contra ×3, recontra ×5 (seed: ×1, ×2, ×4).
def test_no_trump_bid_multiplier():
    on = {"no_trump_bid_multiplier": True}
    assert score(Contract(0, 10, "NT"), [106, 56], [5, 3], [0, 0], **on).points == [20 + 11, 5]
    assert score(Contract(0, 10, "NT", mult=2), [106, 56], [5, 3], [0, 0], **on).points == [30 + 16, 0]
    assert score(Contract(0, 10, "NT", mult=4), [106, 56], [5, 3], [0, 0], **on).points == [50 + 16, 0]
    assert score(Contract(0, 10, "NT"), [106, 56], [5, 3], [0, 0]).points == [10 + 11, 5]


# The whole kaput hand through the engine: every seat one suit, clubs trumps, seat 0 leads every trick.
def test_a_kaput_hand_through_the_engine():
    game = new_game(SUIT_HANDS, dealer=3)
    auction(game, "bid 8 C", "pass", "pass", "pass")
    hand = play_out_hand(game)
    assert hand["tricks"] == [8, 0] and hand["card_points"] == [250, 0] and hand["kaput"] == 0
    assert hand["combinations"] == [26, 0]
    assert hand["points"] == [8 + 25 + 26, 0] and hand["made"]
    assert game.hand_no == 2 and game.dealer == 0


# §2.10: the first team to 301 wins; start scores are honoured.
def test_reaching_the_target_ends_the_game():
    game = DECL.new(4, {}, 0, dealer=3, deal=new_game().hand_deal, start={"score": [250, 100]})
    auction(game, "bid 8 C", "pass", "pass", "pass")
    play_out_hand(game)
    assert game.is_over and game.result()["winners"] == [0, 2] and game.result()["score"] == [309, 100]
    assert game.events[-1] == {"event": "game", "winners": [0, 2], "losers": [1, 3], "score": [309, 100]}
    assert game.legal_actions(0) == [] and said(game.view(1)["status"]) == "Ann and Cid win 309 to 100."


# §2.10 [EXT]: both over the target in the same hand — the higher total wins.
def test_both_over_the_target_higher_wins():
    game = DECL.new(4, {}, 0, dealer=3, deal=new_game().hand_deal, start={"score": [260, 310]})
    auction(game, "bid 8 C", "pass", "pass", "pass")
    play_out_hand(game)
    assert game.result()["winners"] == [0, 2]


# §2.10 DECISION: equal totals over the target play another hand.
def test_equal_totals_play_on():
    game = DECL.new(4, {}, 0, dealer=3, deal=new_game().hand_deal, start={"score": [292, 351]})
    auction(game, "bid 8 C", "pass", "pass", "pass")
    play_out_hand(game)
    assert not game.is_over and game.score == [351, 351] and game.hand_no == 2


# Property (issue): every hand's card points sum to 162, or 250 and 0 on a kaput; the tricks add up to the hand.
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_every_hand_card_points_sum_to_162_or_kaput(seed):
    game = random_game(DECL, seed)
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    hands = [e for e in game.events if e["event"] == "hand"]
    tricks = [e for e in game.events if e["event"] == "trick"]
    assert hands and len(tricks) == 8 * len(hands)
    for index, hand in enumerate(hands):
        assert sum(hand["raw_points"]) == 162
        assert sum(t["points"] for t in tricks[8 * index : 8 * index + 8]) == 162
        kaput = hand["kaput"] is not None
        assert sorted(hand["card_points"]) == ([0, 250] if kaput else sorted(hand["raw_points"]))


# The hand's summary explains each team's points by these terms.
def test_terms_say_how_the_points_add_up():
    made = score(Contract(0, 10, "H"), [106, 56], [5, 3], [2, 0], belote=(2, 0))
    assert made.terms == ((Term("bid", 10, 1), Term("cards", 11, 106), Term("belote", 2)), (Term("share", 5, 11),))
    doubled = score(Contract(0, 9, "D", mult=4), [50, 112], [3, 5], [1, 3], belote=(0, 2))
    assert doubled.points == [0, 36 + 16 + 4]
    assert doubled.terms == (
        (),
        (Term("bid", 36, 4), Term("base", 16), Term("combinations", 2), Term("belote", 2)),
    ), "a failed recontra: the defenders score the bid four times, the base and both teams' combinations"
    kaput = score(Contract(0, 10, "S", mult=2), [162, 0], [8, 0], [0, 0])
    assert kaput.terms == ((Term("bid", 20, 2), Term("kaput", 25)), ())
