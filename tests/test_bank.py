"""Bank: one test (or a few) per ruling of ../shared/rulings/bank.md, each naming its section."""

from __future__ import annotations

import random
import re

import pytest

from engine.cards import Card, make_deck, parse_cards
from engine.core import Deal, IllegalAction
from engine.games.bank import DECL, BankGame
from engine.games.bank.doc import lay_table, rules
from engine.games.bank.explore import explore
from engine.games.bank.tables import CARD_POINTS, ONE_LESS, RANK_ORDER, same_class_rule
from engine.messages import msg
from tests.gameplay import check_invariants
from tests.messages_check import english, prose_in
from webapp.i18n import Renderer
from webapp.rules.document import rules_words

C = Card.parse


def game(hands, centre, stock=(), dealer=None, **options) -> BankGame:
    """A game whose first hand is ``hands`` (seat 0 first) with ``centre`` face up; the stock starts with ``stock``
    and holds every other card after it. No trumps unless an option says otherwise; seat 0 is left of the dealer."""
    given = [parse_cards(h) for h in hands]
    top = parse_cards(stock)
    used = {c for h in given for c in h} | set(top) | {C(centre)}
    rest = [c for c in make_deck(36) if c not in used]
    deal = Deal(hands=given, stock=top + rest, table=C(centre))
    opts = {"trumps": "none", **options}
    players = len(hands)
    return DECL.new(players, opts, 0, dealer=players - 1 if dealer is None else dealer, deal=deal)


def events_of(events, name):
    return [e for e in events if e["event"] == name]


def said(value, seat=None) -> str:
    """What an English reader sees (seats named Player 1, 2, …; ``seat`` reads the ``you`` forms)."""
    return english(value, seat=seat, game="bank")


# ---- §3.1 deck and rank order --------------------------------------------------------------------------------------


def test_rank_order_and_one_less_follow_the_seed_header():
    # §3.1: 6 < 7 < 8 < 9 < J < Q < K < 10 < A; "one value less": A→10, 10→K, K→Q, Q→J, J→9
    assert [Card(r, 0).rank_text for r in RANK_ORDER] == ["6", "7", "8", "9", "J", "Q", "K", "10", "A"]
    assert ONE_LESS[14] == 10 and ONE_LESS[10] == 13 and ONE_LESS[13] == 12 and ONE_LESS[11] == 9


def test_card_points_make_124_in_the_deck():
    # §3.8: A 12, 10 10, K 5, Q 3, J 1 — 31 a suit, 124 in the deck
    assert sum(CARD_POINTS[c.rank] for c in make_deck(36)) == 124


# ---- §3.3 the first move -------------------------------------------------------------------------------------------


def test_first_move_nearest_card_below_the_centre_card():
    # §3.3 step 1 + DECISION: several lower cards of the centre's suit: the highest (nearest) one moves first
    g = game([["6S", "7H"], ["QS", "7D"], ["JS", "7C"]], "KS")
    assert g.to_act() == (1,)
    why = events_of(g.events, "deal")[0]["msg"]
    assert why == {"key": "bank.first.below", "seat": {"seat": 1}, "card": {"card": "KS"}}  # Q♠ stays hidden
    assert said(why) == "Player 2 moves first: the nearest card below K♠ in its suit."
    assert said(why, seat=1) == "You move first: you hold the nearest card below K♠ in its suit."


def test_first_move_nearest_card_above_when_nobody_holds_a_lower_one():
    # §3.3 step 2 + DECISION: no lower card: the lowest higher card of the suit moves first
    g = game([["AS", "7H"], ["10S", "7D"], ["6H", "7C"]], "9S")
    assert g.to_act() == (1,)  # 10♠ is nearer above 9♠ than A♠ (6 7 8 9 J Q K 10 A)
    assert "nearest card above 9♠" in said(events_of(g.events, "deal")[0]["msg"])


def test_first_move_left_of_the_dealer_when_nobody_holds_the_suit():
    # §3.3 step 3
    g = game([["6H", "7H"], ["6D", "7D"], ["6C", "7C"]], "KS", dealer=1)
    assert g.to_act() == (2,)


# ---- §3.4 what may be laid -----------------------------------------------------------------------------------------


def test_one_less_same_suit_or_same_rank_may_be_laid():
    # §3.4 rules 1 and 2: Q♠ on K♠ (one less), K♦ on K♠ (same rank); J♠ (two less) and Q♦ may not
    g = game([["QS", "KD", "JS", "QD"], ["7H", "7D"]], "KS")
    assert sorted(g.legal_actions(0)) == ["play KD", "play QS"]


def test_six_may_be_laid_on_any_card_of_its_suit():
    # §3.4 rule 3: "Six can beat off all the cards of the same suit as the six"
    g = game([["6S", "6H", "9D"], ["7H", "7D"]], "AS")
    assert g.legal_actions(0) == ["play 6S"]


def test_eight_must_be_followed_by_a_card_laid_on_it():
    # §3.4 rule 4, option eight_follow_up=required: the eight alone is refused when a follow-up exists
    g = game([["8D", "7D", "9H"], ["7H", "7C"]], "AS")
    assert g.legal_actions(0) == ["play 8D 7D"]
    assert said(g.explain(0, "play 8D")) == "After the eight 8♦ you must lay a card on it when you can."
    events = g.apply(0, "play 8D 7D")
    assert events_of(events, "play")[0]["top"] == "7D"


def test_eight_alone_when_nothing_can_follow_and_no_draw():
    # §3.4 rule 4: if he cannot follow up, the eight stays on top and the turn ends, with no draw
    g = game([["8D", "9H", "JC"], ["7H", "7C"]], "AS")
    assert g.legal_actions(0) == ["play 8D"]
    g.apply(0, "play 8D")
    assert g.to_act() == (1,) and g.top()[0] == C("8D") and len(g.stock) == 36 - 6


def test_eight_follow_up_optional_lets_the_player_stop():
    # §3.4 rule 4, option eight_follow_up=optional
    g = game([["8D", "7D", "9H"], ["7H", "7C"]], "AS", eight_follow_up="optional")
    assert sorted(g.legal_actions(0)) == ["play 8D", "play 8D 7D"]


def test_eight_on_an_eight_needs_its_own_follow_up():
    # §3.4 rule 4: "A follow-up that is itself an eight needs its own follow-up"
    g = game([["8D", "8H", "7H", "JC"], ["7C", "9C"]], "AS")
    assert sorted(g.legal_actions(0)) == ["play 8D 8H 7H", "play 8H 7H", "play 8H 8D"]  # not 8♦ alone


def test_four_of_a_kind_at_any_time_in_any_order_and_the_turn_passes():
    # §3.4 rule 6: four of a kind whatever the top card; the last card is the new top; the next player moves
    g = game([["9S", "9H", "9D", "9C", "JC"], ["7S", "7C"]], "AS")
    assert "play 9C 9D 9H 9S" in g.legal_actions(0)
    events = g.apply(0, "play 9H 9C 9S 9D")  # any order is accepted; only the last card matters
    assert events_of(events, "play")[0]["top"] == "9D"
    assert g.to_act() == (1,)


def test_four_in_a_row_laid_from_the_end_that_may_be_laid():
    # §3.4 rule 7, the ruling's examples: on K♠, Q♠ J♠ 9♠ 8♠ is laid from Q♠ and leaves 8♠ on top;
    # 9♥ J♥ Q♥ K♥ is laid from K♥ (same rank as K♠) and leaves 9♥ on top
    g = game([["QS", "JS", "9S", "8S", "9H", "JH", "QH", "KH"], ["7D", "7C"]], "KS")
    legal = g.legal_actions(0)
    assert "play QS JS 9S 8S" in legal and "play KH QH JH 9H" in legal
    assert "play 8S 9S JS QS" in legal  # the eight end may be laid on anything
    assert "play 9H JH QH KH" not in legal  # 9♥ may not be laid on K♠
    g.apply(0, "play QS JS 9S 8S")
    assert g.top()[0] == C("8S")


def test_three_cards_in_a_row_are_not_a_combination():
    # §3.4 rule 7 DECISION: exactly four cards
    g = game([["QS", "JS", "9S", "7H"], ["7D", "7C"]], "KS")
    assert "play QS JS 9S" not in g.legal_actions(0)
    assert said(g.explain(0, "play QS JS 9S")).startswith("Q♠ J♠ 9♠ is not a move: cards go together only")


def test_illegal_card_reason_names_what_may_be_laid():
    # §3.4: the reason a player reads when he taps a card that may not be laid
    g = game([["QS", "9D"], ["7H", "7D"]], "KS")
    reason = said(g.explain(0, "play 9D"))
    assert reason == "9♦ cannot be laid on K♠: lay Q♠, another K, 6♠, an eight, four of a kind or four in a row."
    assert said(g.explain(0, "play AC")) == "You do not hold A♣."


@pytest.mark.parametrize(("centre", "ways"), [("7H", "6♥, another 7"), ("6H", "another 6")])
def test_illegal_card_reason_on_a_seven_or_six_does_not_offer_the_six_twice(centre, ways):
    # on 7♥ the six of hearts is the one-less card; on 6♥ it is the card on top: neither is offered twice
    g = game([["KD", "9C"], ["QD"]], centre)
    reason = said(g.explain(0, "play KD"))
    assert reason.endswith(f": lay {ways}, an eight, four of a kind or four in a row.") and reason.count("6♥") <= 1


# ---- §3.4 rule 5 trumps --------------------------------------------------------------------------------------------


def own_trumps(hands, centre, suits, **options):
    g = game(hands, centre, trumps="own", trump_choice="choose", **options)
    for seat in g.choosers[:]:
        g.apply(seat, f"trump {suits[seat]}")
    return g


def test_own_trump_may_be_laid_on_anything_of_a_lower_class():
    # §3.4 rule 5 (trump_beat=any): a higher class whatever the ranks; §1.2: a trump only for its owner
    g = own_trumps([["7H", "9D"], ["6C", "7C"]], "AS", ["H", "C"])
    assert g.legal_actions(0) == ["play 7H"]


def test_ordinary_card_on_a_trump_only_by_the_same_rank():
    # §3.4 rule 5: a lower class may be laid only by the same rank (or an eight)
    g = own_trumps([["JH", "9D", "QS"], ["QH", "JS", "10S"]], "KS", ["H", "C"])
    assert g.to_act() == (0,)
    g.apply(0, "play QS")  # Q♠ ordinary on the ordinary K♠
    g.apply(1, "play JS")  # J♠ one less
    g.apply(0, "play JH")  # seat 0's trump J♥ on the ordinary J♠
    assert g.legal_actions(1) == ["draw"]  # 10♠ (ordinary) may not go on a trump J♥, Q♥ is not one less
    reason = g.explain(1, "play 10S")
    assert reason["key"] == "bank.lay.lower_class" and reason["rank"] == {"rank": "J"}
    assert said(reason) == (
        "J♥ is a trump of a higher class than 10♠: only the same rank (J) or an eight may be laid on it."
    )


def test_trump_beat_one_less_any_suit():
    # §3.4 rule 5, option trump_beat=one-less-any-suit: a higher class only one value less in any suit
    g = own_trumps([["KH", "9H"], ["6C", "7C"]], "AS", ["H", "C"], trump_beat="one-less-any-suit")
    assert g.legal_actions(0) == ["draw"]
    g2 = own_trumps([["10H", "9H"], ["6C", "7C"]], "AS", ["H", "C"], trump_beat="one-less-any-suit")
    assert g2.legal_actions(0) == ["play 10H"]


def test_trump_choice_in_turn_from_left_of_dealer():
    # §3.2 / ass.md §1.2 DECISION: players choose in turn from the player left of the dealer; then the deal
    g = game([["7H", "9D"], ["6C", "7C"], ["6D", "8C"]], "AS", dealer=1, trumps="own", trump_choice="choose")
    assert g.to_act() == (2,) and g.legal_actions(2) == ["trump C", "trump D", "trump H", "trump S"]
    assert g.view(2)["hand"] == []  # trumps are chosen before the cards are dealt
    g.apply(2, "trump S")
    assert "trump S" not in g.legal_actions(0)
    g.apply(0, "trump H")
    g.apply(1, "trump D")
    assert events_of(g.events, "trump")[0]["trumps"] == ["H", "D", "S"]
    assert g.view(0)["hand"] == ["9D", "7H"]


@pytest.mark.parametrize(("setup", "choosers"), [("one", 1), ("two", 2)])
def test_common_trumps_chosen_by_the_first_choosers(setup, choosers):
    # brief: 'one' — the first chooser picks the common suit; 'two' — the first two pick one each
    g = game([["7H", "9D"], ["6C", "7C"], ["6D", "8C"]], "AS", trumps=setup, trump_choice="choose")
    for seat in range(choosers):
        assert g.to_act() == (seat,)
        g.apply(seat, f"trump {'HC'[seat]}")
    assert g.phase == "play"
    assert events_of(g.events, "trump")[0]["trumps"] == ["HC"[:choosers]] * 3


def test_assigned_trumps_are_drawn_without_a_choice():
    # option trump_choice=assign: the suits are dealt out at random
    g = DECL.new(3, {"trumps": "own", "trump_choice": "assign"}, 7)
    trumps = events_of(g.events, "trump")[0]["trumps"]
    assert g.phase == "play" and len(set(trumps)) == 3 and all(len(t) == 1 for t in trumps)


# ---- §3.5 a turn: drawing, passing, sevens -------------------------------------------------------------------------


def test_draw_when_unable_then_play_or_pass():
    # §3.5 step 2: he draws one card; if it can be laid he lays it, otherwise he passes
    g = game([["QS", "7H"], ["9H", "7D"]], "KS", stock=["JS", "AC"])
    assert said(g.explain(0, "draw")) == "You can lay a card (Q♠): draw only when you cannot."
    g.apply(0, "play QS")
    assert g.legal_actions(1) == ["draw"]
    assert said(g.explain(1, "pass")) == "You cannot lay a card: draw one from the stock first."
    assert said(g.view(None)["status"]) == "Player 2 must lay a card on Q♠ or draw from the stock."
    # the seat to act reads only the moves its hand allows
    assert said(g.view(1)["status"], seat=1) == "None of your cards goes on Q♠: draw from the stock."
    assert said(g.view(0)["status"], seat=0) == "Player 2 must lay a card on Q♠ or draw from the stock."
    g.apply(1, "draw")
    assert g.legal_actions(1) == ["play JS"]
    assert said(g.view(1)["status"], seat=1) == "You have drawn a card: lay a card on Q♠."
    g.apply(1, "play JS")
    assert g.legal_actions(0) == ["draw"]
    g.apply(0, "draw")  # A♣ cannot be laid on J♠
    assert g.legal_actions(0) == ["pass"]
    assert said(g.view(0)["status"], seat=0) == "You have drawn a card, and none of yours goes on J♠: pass."


def test_must_play_when_able_unless_the_option_allows_passing():
    # §3.5 step 1, option may_pass_when_able (default false)
    g = game([["QS", "7H"], ["9H", "7D"]], "KS")
    assert said(g.explain(0, "pass")) == "You can lay a card (Q♠): you must play when you can."
    g2 = game([["QS", "7H"], ["9H", "7D"]], "KS", may_pass_when_able=True)
    assert "pass" in g2.legal_actions(0)


def partial(hands, centre, **options) -> BankGame:
    """A game on a deal of only these cards and no stock (the engine plays any deal it is given)."""
    deal = Deal(hands=[parse_cards(h) for h in hands], stock=[], table=C(centre))
    return DECL.new(len(hands), {"trumps": "none", "target": 1000, **options}, 0, dealer=len(hands) - 1, deal=deal)


def test_empty_stock_pass_at_once():
    # §3.5 step 2: with an empty stock he passes at once
    g = partial([["QS", "7H"], ["7D", "9C"]], "KS")
    g.apply(0, "play QS")
    assert g.legal_actions(1) == ["pass"]
    assert g.explain(1, "draw") == {"key": "bank.reason.stock_empty"}
    assert said(g.view(0)["status"]) == "Player 2 must lay a card on Q♠ or pass."


@pytest.mark.parametrize(
    ("rule", "next_seat", "seat1_cards"),
    [("skip", 2, 2), ("draw-and-play", 1, 3), ("skip-and-draw", 2, 3), ("nothing", 1, 2)],
)
def test_seven_left_on_top(rule, next_seat, seat1_cards):
    # §3.5 step 3, option after_seven: skip / draw and play / skip and draw / nothing
    g = game([["7S", "7H"], ["9H", "9D"], ["6C", "6D"]], "8S", after_seven=rule)
    g.apply(0, "play 7S")
    assert g.to_act() == (next_seat,)
    assert g.view(0)["seats"][1]["cards"] == seat1_cards


def test_skipped_player_does_not_fail_and_the_next_one_answers_the_seven():
    # §3.5 step 3 and §3.10 #8: the player after the skipped one must answer; if he cannot, the seven's owner takes
    g = game([["7S", "7H"], ["9H", "9D"], ["JC", "JD"]], "8S", stock=["AC"])
    g.apply(0, "play 7S")
    g.apply(2, "draw")
    events = g.apply(2, "pass")
    clear = events_of(events, "clear")[0]
    assert clear["seat"] == 0 and sorted(clear["cards"]) == ["7S", "8S"]
    assert said(clear["msg"]) == "Player 1 takes the bank: Player 3 cannot lay a card on 7♠."
    assert said(clear["msg"], seat=2) == "Player 1 takes the bank: you cannot lay a card on 7♠."


# ---- §3.7 winning a bank -------------------------------------------------------------------------------------------


def test_pass_gives_the_bank_to_the_player_who_laid_the_top_card():
    # §3.7 rule 1: p passes; the last player to lay takes the whole bank, its points go to him
    g = game([["QS", "7H"], ["JS", "7D"]], "KS", stock=["AC", "AD"])
    g.apply(0, "play QS")
    g.apply(1, "play JS")
    g.apply(0, "draw")
    events = g.apply(0, "pass")
    clear = events_of(events, "clear")[0]
    assert clear["seat"] == 1 and clear["cards"] == ["KS", "QS", "JS"] and clear["points"] == 5 + 3 + 1
    assert g.view(0)["extra"]["won"][1] == {"banks": 1, "cards": 3, "points": 9}


def test_reference_card_stays_and_the_next_player_lays_on_it():
    # §3.7 rule 3: the top card of the taken bank stays as the reference card for the next move
    g = game([["QS", "7H", "10H"], ["JS", "7D", "JH"]], "KS", stock=["AC", "AD"])
    g.apply(0, "play QS")
    g.apply(1, "play JS")
    g.apply(0, "draw")
    g.apply(0, "pass")
    assert g.to_act() == (1,)
    view = g.view(1)
    assert view["extra"]["lay_on"] == {"card": "JS", "seat": 1, "trump": False, "kind": "reference"}
    assert said(view["table"]["label"]) == "Reference card J♠: the bank went to Player 2"
    assert said(view["table"]["label"], seat=1) == "Reference card J♠: you took the bank"
    assert said(view["last_trick"]["label"]) == "Bank taken: 3 cards, 9 points" and view["last_trick"]["winner"] == 1
    assert g.legal_actions(1) == ["play JH"]


def test_one_card_bank_of_ones_own_card_is_not_taken():
    # §3.7 rule 2: "A bank from one card can not be withdrawn if it's your card"
    g = game([["QS", "7H", "10H"], ["JS", "JH", "9C"]], "KS", stock=["AC", "AD", "AH", "6C"])
    g.apply(0, "play QS")
    g.apply(1, "play JS")
    g.apply(0, "draw")
    g.apply(0, "pass")  # seat 1 takes K♠ Q♠ J♠; J♠ is the reference
    g.apply(1, "play JH")  # a new bank of one card
    g.apply(0, "draw")
    events = g.apply(0, "pass")
    assert not events_of(events, "clear") and events_of(events, "keep")
    assert g.view(0)["extra"]["bank"]["count"] == 1


def test_centre_card_alone_is_never_taken():
    # §3.7 rule 2 DECISION: the centre card alone is never taken
    g = game([["7H", "9D"], ["7C", "9C"]], "KS", stock=["AC", "AD"])
    g.apply(0, "draw")
    events = g.apply(0, "pass")
    assert not events_of(events, "clear")


def test_four_kings_layer_takes_the_bank_at_once():
    # §3.7 rule 4, option four_kings=layer-takes: the last king becomes the reference card
    g = game([["KS", "KH", "KD", "KC", "7H"], ["7C", "9C"]], "AS")
    events = g.apply(0, "play KS KH KD KC")
    clear = events_of(events, "clear")[0]
    assert clear["seat"] == 0 and len(clear["cards"]) == 5
    assert g.top()[0] == C("KC") and g.view(0)["extra"]["lay_on"]["kind"] == "reference"


def test_four_kings_coverer_takes_the_bank():
    # option four_kings=coverer-takes: the player who lays a card on the four kings takes the bank
    g = game([["KS", "KH", "KD", "KC", "7H"], ["QC", "9C"]], "AS", four_kings="coverer-takes")
    assert not events_of(g.apply(0, "play KS KH KD KC"), "clear")
    clear = events_of(g.apply(1, "play QC"), "clear")[0]
    assert clear["seat"] == 1 and len(clear["cards"]) == 6


def test_going_out_with_a_trump_king_takes_the_bank():
    # §3.7 rule 5: "If the player ends with a trump king, then the bank takes it"
    g = own_trumps([["KH"], ["QC", "9C"], ["7D", "JD"]], "AS", ["H", "C", "D"])
    events = g.apply(0, "play KH")
    assert events_of(events, "clear")[0]["seat"] == 0
    assert events_of(events, "out")[0]["place"] == 1


# ---- §3.6 / §3.8 end of a hand and scoring -------------------------------------------------------------------------


def finish(g, seat_actions):
    events = []
    for seat, action in seat_actions:
        events += g.apply(seat, action)
    return events


def test_bonuses_first_out_with_a_king():
    # §3.8: 1st +20, +30 if the last card is a king; the last player with cards gets no bonus and loses his points
    g = game([["KS"], ["7H", "AD"]], "10S", stock=["6C"], target=1000)
    events = g.apply(0, "play KS")
    hand = events_of(events, "hand")[0]
    assert events_of(events, "out")[0] == {"event": "out", "seat": 0, "place": 1, "bonus": 50}
    # the bank 10♠ K♠ goes to seat 0 as the owner of its top card (§3.6), seat 1 keeps A♦ 7♥: −12
    assert hand["points"] == [10 + 5 + 50, -12]
    assert hand["losers"] == [1]


def test_bonus_four_in_a_row_and_second_place():
    # §3.8: 1st +20 and +30 for a last move of four in a row; 2nd +10 (+25 for a run)
    g = game([["QS", "JS", "9S", "8S"], ["8H", "9H", "JH", "QH"], ["7C", "7D"]], "KS", target=1000)
    events = g.apply(0, "play QS JS 9S 8S")
    assert events_of(events, "out")[0]["bonus"] == 20 + 30
    events = g.apply(1, "play 8H 9H JH QH")  # laid from the eight end
    assert events_of(events, "out")[0]["bonus"] == 10 + 25


def test_bonus_four_of_a_kind_not_kings():
    # §3.8: going out with four of a kind, not kings: +75 on top of the base
    g = game([["9S", "9H", "9D", "9C"], ["7H", "AD"]], "AS", target=1000)
    events = g.apply(0, "play 9S 9H 9D 9C")
    assert events_of(events, "out")[0]["bonus"] == 20 + 75


@pytest.mark.parametrize(
    ("penalty", "cost"),
    [
        ("hand-points", 12 + 10),
        ("none", 0),
        ("hand-points-plus-fixed", 12 + 10 + 31),
        ("hand-points-plus-per-card", 12 + 10 + 3 * 3),
        ("fixed-replaces", 31),
    ],
)
def test_penalty_options(penalty, cost):
    # §3.8 option penalty (fixed_penalty 31, card_penalty 3 by default)
    g = game([["QS"], ["7H", "AD", "10D"]], "KS", target=1000, penalty=penalty)
    hand = events_of(g.apply(0, "play QS"), "hand")[0]
    assert hand["points"][1] == -cost


def test_stuck_hand_ends_when_everybody_passes_with_an_empty_stock():
    # §3.6: the stock is empty and every remaining player passes in turn: all holding cards lose (DECISION)
    g = partial([["QS", "7H"], ["7D", "9C"]], "KS")
    g.apply(0, "play QS")
    assert events_of(g.apply(1, "pass"), "clear")[0]["seat"] == 0  # seat 0 takes K♠ Q♠, Q♠ is the reference
    events = g.apply(0, "pass")  # seat 0 cannot lay on Q♠ either
    hand = events_of(events, "hand")[0]
    assert hand["losers"] == [0, 1] and hand["points"] == [8, 0]


def test_leftover_bank_goes_to_the_owner_of_its_top_card():
    # §3.6 DECISION: the bank left at the end goes to the owner of its top card
    g = game([["QS"], ["7H", "AD"], ["7C", "9C"]], "KS", target=1000)
    events = g.apply(0, "play QS")
    assert not events_of(events, "hand")  # two players still hold cards
    g2 = game([["QS"], ["7H", "AD"]], "KS", target=1000)
    events = g2.apply(0, "play QS")
    assert events_of(events, "clear")[-1]["seat"] == 0 and events_of(events, "hand")


def test_going_out_while_the_stock_has_cards():
    # §3.6 DECISION / §3.10 #12: a player who lays his last card is out even if the stock is not empty
    g = game([["QS"], ["7H", "AD"], ["7C", "9C"]], "KS", target=1000)
    events = g.apply(0, "play QS")
    assert events_of(events, "out")[0]["place"] == 1 and g.stock
    tags = g.view(1)["seats"][0]["tags"]
    assert g.to_act() == (1,) and [said(t) for t in tags].count("1st out") == 1
    assert {"key": "bank.tag.out", "place": {"key": "bank.place.1"}} in tags


# ---- §3.9 end of the game and the next dealer ----------------------------------------------------------------------


def test_game_ends_at_the_target_with_the_highest_total():
    # §3.9: after a hand, if anyone has ≥ target, the highest total wins
    g = game([["QS"], ["7H", "AD"]], "KS", target=20)
    events = g.apply(0, "play QS")  # 8 in the bank + 20 for going out first
    assert events_of(events, "game")[0] == {"event": "game", "winners": [0], "losers": [1]}
    assert g.is_over and g.result()["winners"] == [0]


def test_equal_highest_totals_play_another_hand():
    # §3.9: equal highest totals ≥ target: another hand is played by everybody
    deal = Deal(hands=[parse_cards(["QS"]), parse_cards(["7H", "AD"])], table=C("KS"))
    rest = [c for c in make_deck(36) if c not in deal.cards()]
    deal.stock = rest
    g = DECL.new(
        2, {"trumps": "none", "target": 50, "penalty": "none"}, 0, dealer=1, deal=deal, start={"score": [0, 58]}
    )
    events = g.apply(0, "play QS")  # seat 0: 8 in the bank + 20 for going out first
    hand = events_of(events, "hand")[0]
    assert hand["score"] == [28, 58] and g.is_over
    g2 = DECL.new(
        2, {"trumps": "none", "target": 50, "penalty": "none"}, 0, dealer=1, deal=deal, start={"score": [30, 58]}
    )
    events = g2.apply(0, "play QS")
    assert events_of(events, "tie") and not g2.is_over and g2.hand_no == 2


def test_max_hands_ends_the_game_with_the_highest_total():
    # DECISION option max_hands: after that many hands the highest total wins even below the target
    g = game([["QS"], ["7H", "AD"]], "KS", max_hands=1)
    assert events_of(g.apply(0, "play QS"), "game")[0]["winners"] == [0]


@pytest.mark.parametrize(("rule", "dealer"), [("loser", 1), ("last-out", 0), ("starter", 0)])
def test_next_dealer_options(rule, dealer):
    # §3.2 option next_dealer: the loser / the player whose play ended the hand / the first mover
    g = game([["QS"], ["7H", "AD"]], "KS", target=1000, next_dealer=rule)
    events = g.apply(0, "play QS")
    assert events_of(events, "deal")[0] == {**events_of(events, "deal")[0], "dealer": dealer, "hand_no": 2}


def test_next_dealer_by_points():
    # §3.2 options 4 and 5: most / fewest points
    for rule, want in (("most-points", 0), ("fewest-points", 1)):
        g = game([["QS"], ["7H", "AD"]], "KS", target=1000, next_dealer=rule)
        assert events_of(g.apply(0, "play QS"), "deal")[0]["dealer"] == want


# ---- views ---------------------------------------------------------------------------------------------------------


def test_view_shows_the_bank_stock_and_card_counts_but_no_hidden_card():
    # issue: each player sees the bank's top cards and the number of cards in every hand and in the stock
    g = game([["QS", "7H", "AH"], ["JS", "7D"]], "KS")
    g.apply(0, "play QS")
    view = g.view(1)
    assert view["table"]["plays"] == [{"seat": None, "cards": ["KS"]}, {"seat": 0, "cards": ["QS"]}]
    assert view["stock"] == len(g.stock) and [s["cards"] for s in view["seats"]] == [2, 2]
    assert view["hand"] == ["7D", "JS"]
    check_invariants(g)
    assert "AH" not in str(view)


def test_hand_is_sorted_in_the_bank_order():
    # the view's hand: by suit, then 6 7 8 9 J Q K 10 A
    g = game([["AS", "10S", "KS", "6S", "JS"], ["7D", "7C"]], "KH")
    assert g.view(0)["hand"] == ["6S", "JS", "KS", "10S", "AS"]


def test_score_sheet_shows_each_hands_points_and_bonuses():
    # issue: a score sheet of every hand's points and bonuses
    g = game([["KS"], ["7H", "AD"]], "10S", target=1000)
    g.apply(0, "play KS")
    sheet = g.view(0)["sheet"]
    assert sheet["rows"][0][0] == "1"
    assert said(sheet["rows"][0][1]) == "65: banks +15, 1st out +20, king +30"
    assert said(sheet["rows"][0][2]) == "−12: banks +0, cards left −12"
    assert [said(c, seat=0) for c in sheet["columns"]] == ["Hand", "You", "Player 2"]
    assert [said(c) for c in sheet["totals"]] == ["Total", "65", "−12"]
    assert len(sheet["totals"]) == len(sheet["columns"])
    assert not prose_in(g.view(0))


def test_illegal_action_is_refused_with_a_reason():
    g = game([["QS", "9D"], ["7H", "7D"]], "KS")
    with pytest.raises(IllegalAction) as err:
        g.apply(0, "play 9D")
    assert err.value.reason["key"] == "bank.lay.cannot" and err.value.reason["card"] == {"card": "9D"}


@pytest.mark.parametrize(
    "options",
    [{"trump_choice": "assign"}, {"trumps": "senior-junior"}, {"trumps": "one", "after_seven": "skip-and-draw"}],
)
def test_a_russian_reader_meets_no_latin_letter_and_no_seat_number(options):
    # issue 13: every text of the table in the reader's language; seats by name, "вы" for the reader's own
    names = ["Аня", "Боря", "Вика"]
    g = DECL.new(3, {**options, "max_hands": 2}, 5)
    rng = random.Random(5)
    events = list(g.events)
    while True:
        for seat in range(3):
            words = Renderer("ru", names, seat, "bank")
            view = g.view(seat)
            texts = [view["status"], view["table"]["label"], view["extra"]["trump_msg"]]
            texts += [t for s in view["seats"] for t in s["tags"]] + [(view["last_trick"] or {}).get("label")]
            texts += [*view["sheet"]["columns"], *[c for row in view["sheet"]["rows"] for c in row]]
            texts += [*view["sheet"]["totals"], *(e.get("msg") for e in events)]
            texts += [g.explain(seat, a) for a in ("draw", "pass", "play 8S 8S", "play QS JS 9S", "trump H")]
            for text in texts:
                said_ru = words.render(text)
                assert not re.search(r"[A-Za-z]", said_ru), said_ru
                assert not re.search(r"\b[Ss]eat\b|Место \d", said_ru), said_ru
        if g.is_over:
            break
        seat = g.to_act()[0]
        events = g.apply(seat, rng.choice(g.legal_actions(seat)))


# ---- rules page and explorer ---------------------------------------------------------------------------------------


def test_lay_table_is_read_from_the_engine_rules():
    # docs/engine.md: the rules page's cells come from the engine's own data
    table = lay_table(rules_words("en"))
    for row in table["rows"]:
        top = Card.parse(row[0].replace("♠", "S"))
        same = {r for r in RANK_ORDER if r != top.rank and same_class_rule(Card(r, 3), top)}
        assert row[1] == ", ".join(Card(r, 0).rank_text for r in RANK_ORDER if r in same)
    king = next(r for r in table["rows"] if r[0] == "K♠")
    assert king[1] == "6, 8, Q" and king[2] == "8, K"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_rules_document_quotes_the_seed_beside_our_rulings(lang):
    doc = rules({}, rules_words(lang))
    rulings = [r for s in doc["sections"] for r in s["rulings"]]
    assert any(r["option"] == "eight_follow_up" for r in rulings) and all(r["seed"] and r["ours"] for r in rulings)
    if lang == "ru":
        assert "Козыри" in [s["title"] for s in doc["sections"]]


def test_rules_follow_the_table_options():
    doc = rules({"after_seven": "nothing"}, rules_words("en"))
    sevens = next(t for s in doc["sections"] for t in s["tables"] if t["id"] == "sevens")
    marked = [r[1] for r in sevens["rows"] if r[0]["mark"] == "yes"]
    assert marked == [msg("option.bank.after_seven.choice.nothing")]


def test_explorer_says_why_a_card_may_or_may_not_be_laid():
    out = explore({"trumps": "none"}, 2, [[0, "QS"], [1, "9D"], [1, "JS"]], {"centre": "KS"})
    assert [s["legal"] for s in out["steps"]] == [True, False, True]
    assert said(out["steps"][0]["reason"]) == "Q♠ is one value less than K♠ in the same suit."
    assert said(out["steps"][1]["verdict"]) == "9♦ is not laid: Q♠ stays on top."
    assert said(out["summary"]) == "If Player 1 cannot lay a card on J♠, Player 2 takes the bank (9 points)."
    assert out["winner"] == 1 and out["next"]["seat"] == 0
    assert "9S" in out["next"]["legal"] and "8H" in out["next"]["legal"] and "QS" not in out["next"]["legal"]


def test_explorer_with_own_trumps():
    out = explore({"trumps": "own"}, 2, [[0, "QS"], [1, "7H"]], {"centre": "KS", "trumps": ["C", "H"]})
    assert out["steps"][1]["legal"] and out["steps"][1]["reason"]["key"] == "bank.lay.higher_any"


# ---- whole games ---------------------------------------------------------------------------------------------------


def test_cards_always_make_the_full_deck_in_random_games():
    # issue property: the cards in hands, stock, bank and scoring piles always make the full deck
    for seed in range(3):
        g = DECL.new(2 + seed % 3, {"trump_choice": "assign", "max_hands": 2}, seed)
        rng = random.Random(seed)
        while not g.is_over:
            check_invariants(g)
            seat = g.to_act()[0]
            g.apply(seat, rng.choice(g.legal_actions(seat)))
        assert g.hand_no <= 3


def test_normal_bot_plays_legal_moves_to_the_end():
    g = DECL.new(3, {"max_hands": 2}, 11)
    rng = random.Random(11)
    bot = DECL.bots["normal"]
    while not g.is_over:
        seat = g.to_act()[0]
        g.apply(seat, bot.choose(g.view(seat), g.legal_actions(seat), rng))
    assert g.result()["winners"]


def test_hand_deal_replays_the_same_hand():
    # docs/engine.md: hand_deal + dealer rebuild the current hand ("play this deal again"), also while choosing
    g = DECL.new(3, {"trumps": "own", "trump_choice": "choose"}, 5)
    assert g.phase == "trump" and g.hand_deal is not None and g.view(0)["hand"] == []
    for seat in g.choosers[:]:
        g.apply(seat, g.legal_actions(seat)[0])
    again = DECL.new(3, {"trumps": "none"}, 99, dealer=g.dealer, deal=g.hand_deal)
    assert [again.view(s)["hand"] for s in range(3)] == [g.view(s)["hand"] for s in range(3)]
    assert again.to_act() == g.to_act() and again.top() == g.top()


def test_normal_bot_goes_out_and_keeps_its_eight():
    bot = DECL.bots["normal"]
    rng = random.Random(0)
    g = game([["QS"], ["7H", "AD", "9C"]], "KS")
    assert bot.choose(g.view(0), g.legal_actions(0), rng) == "play QS"
    # the eight answers anything later: lay Q♠ on K♠ and keep it
    g = game([["QS", "8C", "7H", "AD"], ["JD", "QD", "6C", "10C"]], "KS")
    assert sorted(g.legal_actions(0)) == ["play 8C", "play QS"]
    assert bot.choose(g.view(0), g.legal_actions(0), rng) == "play QS"


def test_every_tapped_card_or_odd_action_gets_a_readable_answer():
    # a player may tap any card or send anything: the answer is None (legal) or a reason, never a crash
    g = DECL.new(3, {"trump_choice": "assign"}, 21)
    rng = random.Random(21)
    odd = ["draw", "pass", "trump S", "take", "bid 8 S", "play", "play XX", "play 8S 8S", "play 9S 9H 9D 9C 7S"]
    for _ in range(60):
        seat = g.to_act()[0]
        for action in odd + [f"play {c}" for c in make_deck(36)]:
            answer = g.explain(seat, action)
            assert answer is None or said(answer, seat=seat)
        g.apply(seat, rng.choice(g.legal_actions(seat)))


def test_events_never_name_a_hidden_card():
    # core.py: events are public, so no event may name a card in a hand or in the stock
    from tests.gameplay import cards_in

    for seed in (3, 4):
        g = DECL.new(3, {"trump_choice": "assign", "max_hands": 2}, seed)
        rng = random.Random(seed)
        assert not set(cards_in(g.events)) & {str(c) for c in g.hidden_from(None)}
        while not g.is_over:
            seat = g.to_act()[0]
            events = g.apply(seat, rng.choice(g.legal_actions(seat)))
            if not events_of(events, "deal"):  # a new deal moves public cards back into hands
                assert not set(cards_in(events)) & {str(c) for c in g.hidden_from(None)}


def test_options_are_the_rulings_list_plus_max_hands():
    # bank.md "Options": the names and defaults the conformance scenarios use; max_hands is our DECISION
    assert {o.name: o.default for o in DECL.options} == {
        "trumps": "own",
        "trump_choice": "choose",
        "next_dealer": "loser",
        "after_seven": "skip",
        "eight_follow_up": "required",
        "trump_beat": "any",
        "four_kings": "layer-takes",
        "penalty": "hand-points",
        "fixed_penalty": 31,
        "card_penalty": 3,
        "may_pass_when_able": False,
        "target": 248,
        "max_hands": None,
    }
