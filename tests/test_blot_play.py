"""Blot trick play: legal cards, reasons and the trick winner (rulings blot.md §2.3, §2.5, §2.6)."""

from __future__ import annotations

import pytest

from engine.cards import Card, parse_cards
from engine.core import IllegalAction
from engine.games.blot.play import current_winner, play_rule, trick_verdict
from engine.games.blot.tables import PLAIN_ORDER, STRENGTH, TRUMP_ORDER
from tests.test_blot_support import auction, new_game, said


def cards(text: str) -> list[Card]:
    return parse_cards(text.split())


def trick(*plays: str) -> list[tuple[int, Card]]:
    """``trick("0:AH", "1:7H")`` → [(0, AH), (1, 7H)]."""
    return [(int(p.split(":")[0]), Card.parse(p.split(":")[1])) for p in plays]


def legal(hand: str, plays: list, strain: str = "S", seat: int = 1, **kw) -> set[str]:
    return {str(c) for c in play_rule(cards(hand), plays, strain, seat, **kw)[0]}


# §2.3: trump J 9 A 10 K Q 8 7; plain A 10 K Q J 9 8 7; any trump beats any plain card.
def test_rank_orders_follow_the_tables():
    spades = STRENGTH["S"]
    trumps = sorted((Card(r, 3) for r in TRUMP_ORDER), key=spades.__getitem__, reverse=True)
    assert [c.rank for c in trumps] == list(TRUMP_ORDER)
    plain = sorted((Card(r, 2) for r in PLAIN_ORDER), key=spades.__getitem__, reverse=True)
    assert [c.rank for c in plain] == list(PLAIN_ORDER)
    assert spades[Card.parse("7S")] > spades[Card.parse("AH")]
    no_trump = STRENGTH["NT"]
    assert no_trump[Card.parse("AS")] > no_trump[Card.parse("10S")] > no_trump[Card.parse("JS")]


# §2.5 rule 1: the leader may play any card.
def test_leader_plays_anything():
    assert legal("7H JS AC", [], seat=0) == {"7H", "JS", "AC"}


# §2.5 rule 3a: holding the suit led you must follow it, any card of it, and may not trump.
def test_must_follow_a_plain_suit_and_may_not_trump():
    allowed, reason = play_rule(cards("7H AH JS 9S"), trick("0:KH"), "S", 1)
    assert {str(c) for c in allowed} == {"7H", "AH"}
    assert said(reason) == "You must follow suit: you have ♥."
    assert reason == {"key": "blot.rule.follow", "cards": {"cards": ["7H", "AH"]}, "led": {"suit": "H"}}


# §2.5 rule 3c: void in the suit led, you must trump with a trump that beats every card played.
def test_void_must_beat_with_a_trump():
    allowed, reason = play_rule(cards("7C JS 9S"), trick("0:KH"), "S", 1)
    assert {str(c) for c in allowed} == {"JS", "9S"}
    assert said(reason) == "You have no ♥: you must beat the trick with a trump (J♠ 9♠)."


# §2.5 rule 3c: when an opponent already trumped, only a higher trump is forced.
def test_void_must_overtrump_an_opponents_trump():
    assert legal("7C 8S JS", trick("0:KH", "1:9S"), seat=2) == {"JS"}


# §2.5 rule 3d: holding only trumps below the opponent's, you are free (no forced undertrump, seed).
def test_no_forced_undertrump_by_default():
    allowed, reason = play_rule(cards("7C 8S 7S"), trick("0:KH", "1:9S"), "S", 2)
    assert {str(c) for c in allowed} == {"7C", "8S", "7S"}
    assert said(reason) == "You have no ♥ and no trump that beats the trick: any card will do."


# §2.5 note: option must_undertrump_when_void forces a trump even when it cannot beat.
def test_option_forces_an_undertrump():
    assert legal("7C 8S 7S", trick("0:KH", "1:9S"), seat=2, must_undertrump=True) == {"8S", "7S"}


# §2.5 rule 3b: void and the partner is winning: any card.
def test_partner_winning_exempts_from_trumping():
    allowed, reason = play_rule(cards("7C JS"), trick("0:AH", "1:7H"), "S", 2)
    assert {str(c) for c in allowed} == {"7C", "JS"}
    assert said(reason) == "You have no ♥ and your partner is winning the trick: any card will do."


# §2.5 rule 3b: the exemption needs the partner to be the current winner, not merely to have played.
def test_partner_beaten_gives_no_exemption():
    assert legal("7C JS", trick("0:7H", "1:AH"), seat=2) == {"JS"}


# §2.5 rule 3b also holds under the undertrump option.
def test_partner_exemption_holds_under_the_option():
    assert legal("7C 8S", trick("0:AH", "1:7D"), seat=2, must_undertrump=True) == {"7C", "8S"}


# §2.5 rule 4: on a trump lead you must overtrump when able.
def test_trump_lead_must_overtrump():
    allowed, reason = play_rule(cards("7S 9S AD"), trick("0:10S"), "S", 1)
    assert {str(c) for c in allowed} == {"9S"}
    assert said(reason) == "Trumps were led: you must overtrump (9♠)."


# §2.5 rule 4: unable to overtrump you must still play a trump; the partner exemption does not apply.
def test_trump_lead_any_trump_without_a_higher_one():
    allowed, reason = play_rule(cards("7S 8S AD"), trick("0:JS", "1:7H"), "S", 2)
    assert {str(c) for c in allowed} == {"7S", "8S"}
    assert said(reason) == "Trumps were led: you must play a trump."


# §2.5 rule 4: with no trump at all, any card (the seed's garbled "any trump card").
def test_trump_lead_without_trumps_any_card():
    assert legal("7H AD", trick("0:JS")) == {"7H", "AD"}


# §2.5 rule 2: in no-trump only following suit is required.
def test_no_trump_only_follow_suit():
    assert legal("7H AD 9C", trick("0:KS"), strain="NT") == {"7H", "AD", "9C"}
    assert legal("7H AD 9S", trick("0:KS"), strain="NT") == {"9S"}


# §2.6: the highest trump takes, else the highest card of the suit led (off-suit cards never win).
def test_trick_winner():
    assert current_winner(trick("0:KH", "1:AH", "2:7S", "3:AC"), "S") == (2, Card.parse("7S"))
    assert current_winner(trick("0:KH", "1:AC", "2:10H", "3:9H"), "S") == (2, Card.parse("10H"))
    assert current_winner(trick("0:10S", "1:9S", "2:JS", "3:AS"), "S") == (2, Card.parse("JS"))
    assert current_winner(trick("0:KH", "1:AS", "2:QH", "3:9H"), "NT") == (0, Card.parse("KH"))
    verdict = trick_verdict(trick("0:KH", "1:AH", "2:7S", "3:AC"), "S")
    assert said(verdict) == "Cid takes the trick with 7♠: the highest trump."
    assert said(verdict, seat=2) == "You take the trick with 7♠: the highest trump."
    verdict = trick_verdict(trick("0:KH", "1:AC", "2:10H", "3:9H"), "S")
    assert said(verdict) == "Cid takes the trick with 10♥: the highest card of the suit led, ♥."


THREE_SUITS = [
    "7C 8C 9C 10C JC QC KC AH",
    "7D 8D 9D 10D JD QD KD AC",
    "7H 8H 9H 10H JH QH KH AD",
    "7S 8S 9S 10S JS QS KS AS",
]


def test_engine_refuses_an_illegal_card_with_the_reason():
    game = new_game(THREE_SUITS, dealer=3)
    auction(game, "bid 8 S", "pass", "pass", "pass")
    game.apply(0, "play AH")
    assert said(game.explain(1, "play 7S")) == "You do not hold 7♠."
    game.apply(1, "play 7D")
    assert said(game.explain(2, "play AD")) == "You must follow suit: you have ♥."
    with pytest.raises(IllegalAction, match="common.reason.not_your_turn"):
        game.apply(3, "play 7S")


# §2.5 rules 3b and 3c through the engine: the forced beating trump, then the partner exemption.
def test_engine_forces_the_beating_trump_and_exempts_the_partner():
    hands = [
        "AH 7C 8C 9C 10C JC QC KC",
        "JS 7D 8D 9D 10D JD QD KD",
        "9S 7H 8H 9H 10H JH QH KH",
        "AD AC 7S 8S 10S QS KS AS",
    ]
    game = new_game(hands, dealer=3)
    auction(game, "bid 8 S", "pass", "pass", "pass")
    game.apply(0, "play AH")
    assert game.legal_actions(1) == ["play JS"]
    game.apply(1, "play JS")
    game.apply(2, "play 7H")
    assert len(game.legal_actions(3)) == 8


def test_malformed_actions_get_a_reason():
    game = new_game(THREE_SUITS, dealer=3)
    assert game.explain(0, "") is not None
    assert said(game.explain(0, "dance")) == "That is not a call: bid, pass, contra or recontra."
    auction(game, "bid 8 S", "pass", "pass", "pass")
    assert said(game.explain(0, "play")) == "Play one card from your hand."
    assert said(game.explain(0, "play 6C")) == "6♣ is not in the 32-card deck."
    assert said(game.explain(0, "play XY")) == "“XY” is not a card."
    assert said(game.explain(0, "pass")) == "The auction is over: play a card."
