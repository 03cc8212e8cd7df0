"""Deal codes replay a hand as it was dealt, in every game, the character game included."""

from __future__ import annotations

import random

import pytest

from engine.core import Deal
from engine.registry import all_games, get_game
from webapp.dealcodes import deal_code, deal_record


def second_hand(game_id: str, options: dict, seed: int):
    """A game of ``game_id`` played by random moves into its second hand (or as far as it goes)."""
    decl = get_game(game_id)
    game = decl.new(decl.min_players, options, seed)
    rng = random.Random(seed)
    while game.hand_no < 2 and not game.is_over:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.apply(seat, legal[rng.randrange(len(legal))])
    return game


def dealt_again(record: dict):
    """A new game from a deal record, past any choice made before the cards are dealt (Ass's and Bank's trumps)."""
    decl = get_game(record["game"])
    deal = Deal.from_json(record["deal"])
    game = decl.new(record["players"], record["options"], 12345, dealer=record["dealer"], deal=deal)
    while not any(game.view(s)["hand"] for s in range(game.players)):
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    return game


@pytest.mark.parametrize("game_id", [d.id for d in all_games()])
def test_a_deal_code_deals_the_same_hands_again(game_id):
    game = second_hand(game_id, {}, 7)
    record = deal_record(game)
    if record is None or game.is_over:
        pytest.skip(f"{game_id} has no second hand to deal again")
    again = dealt_again(record)
    assert [again.view(s)["hand"] for s in range(game.players)] == [game.view(s)["hand"] for s in range(game.players)]
    assert deal_code(record) == deal_code(deal_record(again))


def test_a_character_game_deal_keeps_its_characters():
    game = second_hand("eidex", {"advanced": True}, 5)
    record = deal_record(game)
    drawn = [c["id"] for c in game.view(0)["extra"]["characters"]]
    again = dealt_again(record)
    assert [c["id"] for c in again.view(0)["extra"]["characters"]] == drawn
    assert record["options"]["characters"] is not None
