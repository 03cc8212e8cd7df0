"""Cards round-trip to the conformance notation; decks are the games' decks."""

import random

import pytest

from engine.cards import ALL_CARDS, Card, cards_text, from_mask, make_deck, mask, parse_cards, shuffled


def test_every_card_round_trips_to_text():
    for card in ALL_CARDS:
        assert Card.parse(str(card)) == card
    assert str(Card.parse("10H")) == "10H"
    assert str(Card.parse("qs")) == "QS"


@pytest.mark.parametrize("text", ["", "1H", "10", "XS", "10X", "QSS", None])
def test_bad_card_texts_are_refused_with_the_text(text):
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(text)


def test_decks_hold_the_right_cards():
    d36, d32 = make_deck(36), make_deck(32)
    assert len(set(d36)) == 36 and len(set(d32)) == 32
    assert {c.rank_text for c in d32} == {"7", "8", "9", "10", "J", "Q", "K", "A"}
    assert set(d32) < set(d36)
    with pytest.raises(ValueError):
        make_deck(52)


def test_pretty_uses_suit_symbols():
    assert Card.parse("QS").pretty() == "Q♠"
    assert Card.parse("10D").pretty() == "10♦"


def test_masks_round_trip_and_indexes_are_dense():
    assert sorted(c.index for c in ALL_CARDS) == list(range(36))
    hand = parse_cards(["6C", "AS", "10H"])
    assert sorted(from_mask(mask(hand))) == sorted(hand)
    assert cards_text(parse_cards(["6C", "AS"])) == ["6C", "AS"]


def test_shuffling_uses_only_the_given_generator():
    a = shuffled(make_deck(), random.Random(7))
    random.seed(1)
    b = shuffled(make_deck(), random.Random(7))
    assert a == b and sorted(a) == sorted(make_deck())
