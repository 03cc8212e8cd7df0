"""Blot's auction (rulings blot.md §2.2, §2.7): bids, kaput, contra/recontra, closing and redeal."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.blot import DECL
from engine.games.blot.tables import MAX_BID
from engine.options import OptionError
from tests.test_blot_support import auction, new_game, said


def events(game, name: str) -> list[dict]:
    return [e for e in game.events if e["event"] == name]


# §2.2: the player after the dealer speaks first (and leads trick 1).
def test_player_after_dealer_speaks_first_and_leads():
    game = new_game(dealer=1)
    assert game.to_act() == (2,)
    auction(game, "bid 8 H", "pass", "pass", "pass")
    assert game.to_act() == (2,) and game.phase == "play"


# §2.7: the opening bid is at least 8 (option min_bid).
def test_minimum_opening_bid():
    game = new_game()
    assert said(game.explain(0, "bid 7 H")) == "The lowest bid is 8."
    assert game.explain(0, "bid 8 H") is None
    assert said(new_game(min_bid=10).explain(0, "bid 9 H")) == "The lowest bid is 10."


# §2.7: each bid needs a strictly larger number; the strain does not break ties.
def test_bids_must_raise_the_number():
    game = new_game()
    auction(game, "bid 10 H")
    assert said(game.explain(1, "bid 10 S")) == "A bid must be higher than the standing 10 ♥: bid at least 11."
    assert game.explain(1, "bid 10 NT") is not None
    assert game.explain(1, "bid 11 NT") is None


# §2.7: passing is not binding, and a partner may be outbid.
def test_passing_is_not_binding_and_partners_may_outbid():
    game = new_game()
    auction(game, "pass", "bid 9 D", "bid 10 C", "pass", "bid 11 S", "pass")
    assert game.explain(2, "bid 12 C") is None
    auction(game, "bid 12 C", "pass", "pass", "pass")
    contract = events(game, "contract")[0]
    assert (contract["seat"], contract["level"], contract["strain"], contract["team"]) == (2, 12, "C", 0)


# §2.7 DECISION: kaput from 25 (option kaput_min_bid); 26 reads the seed literally.
def test_kaput_from_level_25():
    game = new_game()
    assert said(game.explain(0, "bid 24 S kaput")) == "A kaput bid must be at least 25."
    assert game.explain(0, "bid 25 S kaput") is None
    assert said(new_game(kaput_min_bid=26).explain(0, "bid 25 S kaput")) == "A kaput bid must be at least 26."


# §2.7: once a kaput bid stands every later bid, by either team, must be kaput.
def test_kaput_is_sticky_upward():
    game = new_game()
    auction(game, "bid 25 S kaput")
    assert said(game.explain(1, "bid 30 H")) == "After a kaput bid every bid must be kaput."
    assert game.explain(2, "bid 30 H") is not None
    assert "bid 26 H kaput" in game.legal_actions(1)
    assert not any(a.startswith("bid") and not a.endswith("kaput") for a in game.legal_actions(1))


def test_kaput_action_text_is_normalised():
    game = new_game()
    game.apply(0, "BID 25 s KAPUT")
    assert game.log[-1] == (0, "bid 25 S kaput")


# §2.7: contra only by the team not holding the bid, and only against a bid.
def test_contra_only_by_the_other_team():
    game = new_game()
    assert said(game.explain(0, "contra")) == "There is no bid to say contra to yet."
    auction(game, "bid 9 H", "pass")
    assert said(game.explain(2, "contra")) == "Only the other team can say contra to a bid."
    assert "contra" not in game.legal_actions(2)


# §2.7 DECISION (contra_reply = declarer-only): a contra ends the bidding, the declarer answers once.
def test_contra_then_recontra_closes_with_mult_4():
    game = new_game()
    auction(game, "bid 9 H", "contra")
    assert game.to_act() == (0,)
    assert sorted(game.legal_actions(0)) == ["pass", "recontra"]
    assert said(game.explain(0, "bid 12 H")) == "The other team said contra: answer with recontra or pass."
    auction(game, "recontra")
    assert events(game, "contract")[0]["mult"] == 4
    assert game.phase == "play" and game.to_act() == (0,)


def test_contra_then_pass_closes_with_mult_2():
    game = new_game()
    auction(game, "pass", "bid 9 H", "contra")
    assert game.to_act() == (1,)
    auction(game, "pass")
    contract = events(game, "contract")[0]
    assert (contract["seat"], contract["mult"]) == (1, 2)


# contra_reply = declaring-team: both declarers may answer in turn from the contra.
def test_declaring_team_reply_option():
    game = new_game(contra_reply="declaring-team")
    auction(game, "bid 9 H", "contra")
    assert game.to_act() == (2,)
    auction(game, "pass")
    assert game.to_act() == (0,) and game.phase == "auction"
    auction(game, "recontra")
    assert events(game, "contract")[0]["mult"] == 4


def test_recontra_needs_a_contra():
    game = new_game()
    auction(game, "bid 9 H")
    assert said(game.explain(1, "recontra")) == "Recontra can only answer a contra."


# §2.7: three passes after a bid close the auction.
def test_three_passes_after_a_bid_close():
    game = new_game()
    auction(game, "pass", "bid 8 NT", "pass", "pass")
    assert game.phase == "auction"
    auction(game, "pass")
    assert game.phase == "play"
    assert events(game, "trump")[0]["trumps"] == "NT"


# §2.7 [EXT] + DECISION: four passes redeal, the next player dealing.
def test_four_passes_redeal_with_the_next_dealer():
    game = new_game(dealer=3)
    auction(game, "pass", "pass", "pass", "pass")
    assert events(game, "redeal")[0]["dealer"] == 3
    assert game.dealer == 0 and game.hand_no == 2 and game.to_act() == (1,)
    assert said(game.view(None)["sheet"]["rows"][0][1]) == "all passed"
    assert said(events(game, "redeal")[0]["msg"]) == "Everyone passed: the cards are dealt again."
    assert sorted(len(h) for h in game.hands) == [8, 8, 8, 8]


def test_the_bid_cap_and_malformed_bids():
    game = new_game()
    assert f"bid {MAX_BID} NT" in game.legal_actions(0)
    assert said(game.explain(0, f"bid {MAX_BID + 1} NT")) == f"No bid goes above {MAX_BID}: no team can make more."
    assert said(game.explain(0, "bid ten H")) == (
        "A bid is a level and a suit or no trump, such as 10 ♥, 9 NT or 26 ♠ kaput."
    )
    assert said(game.explain(0, "play 7C")) == "The auction is still on: bid or pass."
    with pytest.raises(IllegalAction):
        game.apply(0, "bid 9 X")


def test_blot_needs_four_players():
    with pytest.raises(OptionError):
        DECL.new(3)
    with pytest.raises(OptionError):
        DECL.validate_options({"min_bid": 10, "kaput_min_bid": 9}, 4)


# §2.2 [EXT]: the first dealer is drawn by lot (the game's own generator), then the deal rotates clockwise.
def test_first_dealer_by_lot_and_deal_code_round_trip():
    dealers = {DECL.new(4, {}, seed).dealer for seed in range(30)}
    assert dealers == {0, 1, 2, 3}
    game = DECL.new(4, {}, 5)
    assert DECL.new(4, {}, 5).hand_deal.to_json() == game.hand_deal.to_json()
    again = DECL.new(4, {}, 99, dealer=game.dealer, deal=game.hand_deal)
    assert again.view(0)["hand"] == game.view(0)["hand"] and again.to_act() == ((game.dealer + 1) % 4,)
    assert sorted(len(h) for h in game.hand_deal.hands) == [8, 8, 8, 8] and game.hand_deal.stock == []
