"""The Hard bot's review of a game (engine/review.py): a clearly losing move is flagged with its cost and interval, a
forced move never is, and the review reads nothing the seat could not see."""

from __future__ import annotations

import random

from engine.games.blot.explore import explore_position as blot_position
from engine.positions import ExplorerPosition
from engine.review import Position, costliest, position_at, rebuild, review_game, review_position
from tests.test_bailiff import make, play
from tests.test_bailiff_search import midgame


def last_turn():
    """Two players, the table stopping after the third move (``max_turns``): the player holding more cards then
    loses. Seat 0 must answer a single ten, holding another ten and a jack."""
    game = make([["6C", "7C", "8C", "9C", "10C", "JC"], ["10D", "QD", "KD", "6H", "7H", "8H"]], max_turns=3)
    play(game, (0, "play 6C"), (1, "play 10D"))
    return game


def at(game, made):
    return Position(len(game.log), 0, game.view(0), game.legal_actions(0), made)


def test_a_clearly_losing_move_is_flagged_with_its_cost_the_bots_move_and_its_reason():
    game = last_turn()
    entry, spent = review_position("bailiff", at(game, "take"))
    assert entry["verdict"] == "cost"
    assert entry["bot"] != "take" and entry["bot"].startswith("play ")
    assert entry["reason"]["key"].startswith("hint.bailiff.")
    # taking the pile leaves seat 0 with the most cards when the table stops: the game lost, every time
    assert entry["cost"] - entry["spread"] > 50 and entry["worlds"] >= 64
    assert spent > 0


def test_a_move_as_good_as_the_bots_gets_no_verdict_and_the_bots_own_move_matches():
    game = last_turn()
    entry, _ = review_position("bailiff", at(game, "play JC"))
    assert entry["verdict"] in ("close", "match")
    assert "cost" not in entry or entry["cost"] - entry["spread"] <= 0
    bot = review_position("bailiff", at(game, entry["bot"]))[0]
    assert bot["verdict"] == "match" and "cost" not in bot


def test_a_forced_move_is_never_listed_nor_flagged():
    # seat 0 holds one card and leads: its only move; then it must answer with its one card or take
    game = make([["6C"], ["7D", "8D"]], stock=(), rest_to=2, players=3)
    assert game.legal_actions(0) == ["play 6C"]
    record = game.record()
    record["actions"] = [[0, "play 6C"]]
    review = review_game(record, [0])
    assert review["decisions"] == [] and review["seats"]["0"]["decisions"] == 0
    assert review["seats"]["0"]["costly"] == 0


def test_the_review_is_the_same_for_every_deal_the_seat_cannot_tell_apart():
    game = midgame()
    while len(game.legal_actions(game.to_act()[0])) < 2 or game.to_act()[0] != 0:
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[-1])
    made = game.legal_actions(0)[-1]
    before = at(game, made)
    # a card of the other hand swapped with one of the stock: seat 0 sees the same position
    theirs = game.hands[1] & -game.hands[1]
    game.hands[1] ^= theirs | 1 << game.stock[0]
    game.stock[0] = theirs.bit_length() - 1
    after = at(game, made)
    assert after.view == before.view
    assert review_position("bailiff", before) == review_position("bailiff", after)


def test_a_whole_game_gets_a_summary_per_seat_and_its_costliest_decisions_first_within_the_budget():
    game = make([["6C", "7C", "8C", "9C", "10C", "JC"], ["10D", "QD", "KD", "6H", "7H", "8H"]], max_turns=3)
    play(game, (0, "play 6C"), (1, "play 10D"), (0, "take"))
    assert game.is_over
    review = review_game(game.record(), [0, 1])
    assert review["unit"] == "chance"
    mine = review["seats"]["0"]
    assert mine["decisions"] == 2 and mine["costly"] >= 1 and mine["given"] > 50
    worst = costliest(review, 0)
    assert worst[0]["step"] == 2 and worst[0]["made"] == "take"
    starved = review_game(game.record(), [0, 1], budget=1)
    assert [e["verdict"] for e in starved["decisions"]][1:] == ["skipped", "skipped"]
    assert starved["seats"]["0"]["reviewed"] == 1


def test_reviewing_twice_gives_the_same_review():
    game = last_turn()
    play(game, (0, "take"))
    record = game.record()
    assert review_game(record, [0]) == review_game(record, [0])


def test_a_costly_decision_can_be_set_up_again_with_the_same_hand_and_moves():
    game = last_turn()
    play(game, (0, "take"))
    record = game.record()
    assert costliest(review_game(record, [0]), 0)
    again = rebuild(position_at(record, 2))
    assert again.view(0)["hand"] == last_turn().view(0)["hand"]
    assert again.legal_actions(0) == last_turn().legal_actions(0) and again.to_act() == (0,)


def test_a_card_that_gives_the_trick_away_costs_its_points_at_blot():
    """Spades trump: the ten of hearts led, the seven and the king of hearts laid; the last seat's ace takes the
    trick's 25 card points, its eight leaves them to the other side: flagged, in the game's score (which counts card
    points by tens), with the ace as the bot's and its reason."""
    hand = ["AH", "8H", "8D", "9D", "7C", "8C", "9C", "10C"]
    asked = ExplorerPosition({}, 4, [[0, "10H"], [1, "7H"], [2, "KH"]], {"trump": "S"}, hand)
    game, seat = blot_position(asked, random.Random(1))
    entry, _ = review_position(
        "blot", Position(len(game.log), seat, game.view(seat), game.legal_actions(seat), "play 8H")
    )
    assert entry["verdict"] == "cost" and entry["bot"] == "play AH"
    assert entry["cost"] - entry["spread"] > 1 and entry["cost"] >= 2, entry
    assert entry["reason"]["key"].startswith("hint.blot.")


def test_an_auction_call_that_outbids_the_rivals_into_a_lost_contract_is_reviewed_at_blot():
    """Diamonds against spades up to 12 ♦ (seed 23's deal, tests/test_blot_search.py): 13 ♠ goes down where Hard
    passes. The review plays each call's hand out on deals that fit the table's calls, the auction finished first:
    it is reviewed (a cost, or too close to call), not left unsearched nor broken by playing cards before a contract."""
    from engine.games.blot import DECL
    from tests.test_blot_search import auction

    game = DECL.new(4, {}, 23)
    auction(game, "bid 8 D", "bid 9 S", "pass", "pass", "bid 10 D", "bid 11 S", "pass", "pass", "bid 12 D")
    entry, spent = review_position("blot", Position(len(game.log), 0, game.view(0), game.legal_actions(0), "bid 13 S"))
    assert entry["bot"] == "pass" and entry["verdict"] in ("cost", "close"), entry
    assert entry["worlds"] >= 64 and spent > 0
