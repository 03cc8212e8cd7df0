"""Ass: the search behind the Hard level (engine/games/ass/search.py) and the three levels."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.cards import Card, make_deck, parse_cards
from engine.core import Deal
from engine.games.ass import DECL, AssGame
from engine.games.ass.bot import HeuristicBot
from engine.games.ass.search import HARD, AssSearchBot, _deal_unseen, sample, value

SHORT = {"draw_after_trick": False, "start_banks": 1, "lose_banks": 2}
"""A short game: deals of four tricks, one bank to drop."""


def advance(seed: int, actions: int, options: dict | None = None, players: int = 2) -> AssGame:
    """A game after ``actions`` moves, each the first legal one."""
    game = DECL.new(players, options or {}, seed)
    for _ in range(actions):
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    return game


def test_sample_keeps_what_the_seat_has_seen_and_deals_the_rest():
    game = advance(5, 13)
    seat = game.to_act()[0]
    view = game.view(seat)
    world = sample(view, random.Random(1))
    again = world.view(seat)
    for key in ("hand", "seats", "stock", "table", "phase", "to_act", "hand_no", "dealer"):
        assert again[key] == view[key], key
    for key in ("bets", "points", "banks", "trumps", "taken", "voids", "leading", "main_suit"):
        assert again["extra"][key] == view["extra"][key], key
    # Every card is somewhere once, and the unseen cards are exactly the ones the seat has not seen.
    assert Counter(c for cards in world.zones().values() for c in cards) == Counter(make_deck(36))
    unseen = set(world.stock).union(*(world.hands[s] for s in range(2) if s != seat))
    assert unseen == game.hidden_from(seat)


def test_sample_gives_different_deals_and_never_reads_hidden_cards():
    game = advance(6, 9)
    seat = game.to_act()[0]
    view = game.view(seat)
    deals = {tuple(sample(view, random.Random(r)).hands[1 - seat]) for r in range(8)}
    assert len(deals) > 1
    first = sample(view, random.Random(3))
    other = 1 - seat
    game.hands[other], game.stock[: len(game.hands[other])] = game.stock[: len(game.hands[other])], game.hands[other]
    assert sample(view, random.Random(3)).hands == first.hands


def three_hands() -> AssGame:
    """Three players, no trumps: seat 0 holds the lowest diamond and leads 6♠; seat 1 holds no spade."""
    hands = [["6D", "6S", "9H", "JH"], ["7C", "9C", "JC", "QC"], ["7H", "10H", "KH", "AH"]]
    used = {Card.parse(c) for h in hands for c in h}
    deal = Deal(hands=[parse_cards(h) for h in hands], stock=[c for c in make_deck(36) if c not in used])
    game = AssGame(3, {"trumps": "none"}, 0, dealer=2, deal=deal)
    while game.phase == "bet":
        game.apply(game.to_act()[0], "bet go")
    game.apply(0, "play 6S")
    game.apply(1, "play 7C")
    return game


def test_a_void_shown_is_respected_until_the_player_draws():
    game = three_hands()
    view = game.view(2)
    assert view["extra"]["voids"] == ["", "S", ""]
    for r in range(10):
        assert all(c.suit != Card.parse("6S").suit for c in sample(view, random.Random(r)).hands[1])
    game.apply(2, "play 7H")
    assert game.view(2)["extra"]["voids"] == ["", "", ""]


def test_clone_is_independent_and_plays_on_identically():
    game = advance(8, 20)
    copy = game.clone()
    rng_a, rng_b = random.Random(2), random.Random(2)
    for g, rng in ((game, rng_a), (copy, rng_b)):
        for _ in range(60):
            if g.is_over:
                break
            seat = g.to_act()[0]
            legal = g.legal_actions(seat)
            g.apply(seat, legal[rng.randrange(len(legal))])
    assert copy.events == game.events and copy.log == game.log
    untouched = advance(8, 20)
    untouched.clone().apply(untouched.to_act()[0], untouched.legal_actions(untouched.to_act()[0])[0])
    assert untouched.log == advance(8, 20).log and untouched.hands == advance(8, 20).hands


def test_value_counts_the_banks_dropped_against_the_others():
    game = advance(3, 0, SHORT)
    while not any(e["event"] == "hand" for e in game.events):
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    hand = next(e for e in game.events if e["event"] == "hand")
    change = hand["change"]
    assert round(value(game, 0)) == change[1] - change[0]
    assert value(game, 0) + value(game, 1) == pytest.approx(0.0)


def test_hard_finds_the_card_that_saves_the_deal():
    # Seed 13 after 70 first-legal moves: the stock is empty and seat 0 leads with 8♥ Q♠ 10♠ A♠ against
    # 10♥ 6♠ 9♠ K♠. Played out best on both sides, leading Q♠ or A♠ costs seat 0 two banks against the other;
    # 8♥ or 10♠ does not. The normal bot leads Q♠.
    game = advance(13, 70)
    view = game.view(0)
    legal = game.legal_actions(0)
    assert DECL.bots["normal"].choose(view, legal, random.Random(0)) == "play QS"
    choice = HARD.choose(view, legal, random.Random(0))
    assert choice in ("play 8H", "play 10S")
    assert HARD.advise(view, legal, random.Random(0)) == HARD.advise(view, legal, random.Random(0))


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_finishes_a_game_legally(level):
    # The level plays seat 0 against the normal bot.
    game = DECL.new(2, SHORT, 6)
    rng = random.Random(6)
    bots = [DECL.bots[level], DECL.bots["normal"]]
    while not game.is_over:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        action = bots[seat].choose(game.view(seat), legal, rng)
        assert action in legal
        game.apply(seat, action)
    assert game.result()["winners"]


def test_levels_are_registered_weakest_first():
    assert list(DECL.bots) == ["easy", "normal", "hard", "random"]


def test_a_tight_deal_of_the_unseen_cards_still_respects_every_void():
    # Late in a deal of many players the cards a seat may hold can run short in a random order: dealt again.
    unseen = parse_cards(["7C", "7D"])
    voids = [0, 1 << Card.parse("7C").suit, 1 << Card.parse("7D").suit]
    for r in range(20):
        hands, stock = _deal_unseen(unseen, {1: 1, 2: 1}, voids, random.Random(r))
        assert hands == {1: parse_cards(["7D"]), 2: parse_cards(["7C"])} and stock == []


def test_hard_at_three_players_settles_on_one_card_whichever_generator_it_is_handed():
    # Seed 0, three players, after 264 moves of the normal bot: the stock is empty and seat 2 (trump ♠, 32 of the 56
    # points its go bet needs) leads from 10♥ A♥ 9♠ J♠. Sixteen sampled deals a card split between A♥ and 10♥ by
    # the generator's luck; Hard's 48 lead A♥ whatever the generator, and the same generator gives the same advice.
    game = DECL.new(3, {}, 0)
    rng = random.Random(0)
    normal = DECL.bots["normal"]
    for _ in range(264):
        seat = game.to_act()[0]
        game.apply(seat, normal.choose(game.view(seat), game.legal_actions(seat), rng))
    view, legal = game.view(2), game.legal_actions(2)
    assert game.to_act()[0] == 2 and not game.stock and view["hand"] == ["10H", "AH", "9S", "JS"]
    assert normal.choose(view, legal, random.Random(0)) == "play 9S"
    narrow = AssSearchBot(HeuristicBot(), worlds=16)
    assert {narrow.choose(view, legal, random.Random(r)) for r in range(5)} == {"play AH", "play 10H"}
    assert {HARD.choose(view, legal, random.Random(r)) for r in range(5)} == {"play AH"}
    assert HARD.advise(view, legal, random.Random(4)) == HARD.advise(view, legal, random.Random(4))
