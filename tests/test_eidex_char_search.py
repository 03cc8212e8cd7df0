"""Hard in the Eidex character game: worlds sampled from a view, and the searched card a player would notice."""

from __future__ import annotations

import random

from engine.cards import Card, make_deck, parse_cards
from engine.games.eidex import DECL, search
from engine.games.eidex.bot import bot_step
from engine.games.eidex.char_search import EidexHardBot, sample_guess, sample_world
from engine.games.eidex.state import EidexGame
from engine.games.eidex.tables import CONTRACTS

HEARTS = CONTRACTS[("trump", 2)]
QUIET = ["7S", "9S", "6H"]
"""Fledderer, Radarkontrolle, Wünschelrute: characters whose powers act only before play starts."""


def char_game(
    hands: list[str],
    trick: list[tuple[int, str]],
    discards: list[str],
    taken: list[int],
    tricks: list[int],
    vp: list[int] | None = None,
    cast: list[str] = QUIET,
) -> EidexGame:
    """A character game under hearts, dealer seat 2, seat 0 to play: ``hands`` one string of cards per seat,
    ``trick`` the cards on the table (seat, card), every other card already played."""
    game = DECL.new(3, {"advanced": True, "characters": cast}, 1, dealer=2, start={"vp": vp} if vp else None)
    assert isinstance(game, EidexGame)
    held = [parse_cards(h.split()) for h in hands]
    laid = [(s, Card.parse(c)) for s, c in trick]
    thrown = parse_cards(discards)
    used = {*(c for h in held for c in h), *(c for _, c in laid), *thrown}
    game.window, game.prompts = None, []
    game.phase, game.contract = "play", HEARTS
    game.hands, game.trick, game.discards = held, laid, list(thrown)
    game.played = [c for c in make_deck(36) if c not in used]
    game.shown = game.played[0]
    closed = 11 - len(held[0])
    game.taken, game.bonus_got = list(taken), list(taken)  # the points of earlier tricks, piles aside
    game.tricks, game.closed, game.trick_no = tricks, closed, closed + 1
    game.turn, game.leader = 0, laid[0][0] if laid else 0
    game.led_suit = laid[0][1].suit if laid else None
    game.refresh_rules()
    game._legal_cache.clear()
    assert game.to_act() == (0,)
    return game


def middle_position() -> EidexGame:
    """Trick 7: seat 1 led the spade king, seat 2 laid the club 6 (no spade left); Quizmaster's questions aside,
    seat 0 holds five cards, each other seat five (seat 1 four after its lead)."""
    return char_game(
        ["AS 7S 8D 9D 10H", "QS JS KC 6H", "7C 8C 9C 10C KD"],
        [(1, "KS"), (2, "6C")],
        ["6D", "7D", "8H"],
        [30, 20, 25],
        [2, 2, 2],
    )


def test_a_sampled_world_keeps_what_the_seat_has_seen_and_the_void_it_was_shown():
    game = middle_position()
    view = game.view(0)
    mine, played = set(game.hands[0]), set(game.played) | {c for _, c in game.trick} | {game.discards[0]}
    for n in range(12):
        world = sample_world(view, random.Random(n))
        assert (
            sorted(world.hands[0]) == sorted(game.hands[0])
            and world.trick == game.trick
            and world.discards[0] == Card.parse("6D")
        )
        for seat in (1, 2):
            assert mine.isdisjoint(world.hands[seat]) and played.isdisjoint(world.hands[seat])
            assert len(world.hands[seat]) == len(game.hands[seat])
        assert not [c for c in world.hands[2] if c.suit == 3]  # seat 2 showed it has no spade
        again = world.view(0)
        assert again["hand"] == view["hand"] and again["table"] == view["table"]
        assert [s["cards"] for s in again["seats"]] == [s["cards"] for s in view["seats"]]
        assert sorted(world.legal_actions(0)) == sorted(game.legal_actions(0))
    deals = {tuple(map(tuple, sample_guess(view, random.Random(n)).hands)) for n in range(8)}
    assert len(deals) > 4


def test_a_card_revealed_to_the_seat_stays_where_the_seat_saw_it():
    cast = ["6H", "9S", "10D"]  # Weisheit at seat 2, who showed the clubs 7-8-9-10 to everyone
    game = char_game(
        ["AS 7S 8D 9D 10H", "QS JS KC 6H", "7C 8C 9C 10C KD"],
        [(1, "KS"), (2, "6C")],
        ["6D", "7D", "8H"],
        [30, 20, 25],
        [2, 2, 2],
        cast=cast,
    )
    sage = next(ch for ch in game.cast if ch.id == "weisheit")
    sage.shown = parse_cards(["7C", "8C", "9C", "10C"])
    game.reveal(sage.shown)
    view = game.view(0)
    assert view["extra"]["characters"][2]["shown"] == ["7C", "8C", "9C", "10C"]
    for n in range(8):
        world = sample_world(view, random.Random(n))
        assert set(parse_cards(["7C", "8C", "9C", "10C"])) <= set(world.hands[2])


def both_sixes_position() -> EidexGame:
    """Trick 10 under hearts, VP 5-6-6: seat 1 led the spade 7, seat 2 laid the spade 8; seat 0 (52 points) holds the
    spade ace and six, the others 26 and 63 points and only worthless clubs and diamonds. The ace takes both last
    tricks (68 points): seat 0 is the highest, seat 1 the lowest, and seat 1 wins the game. The six leaves seat 0 in
    the middle: both others reach 7 together and the game goes on."""
    return char_game(
        ["AS 6S", "6C", "7C"], [(1, "7S"), (2, "8S")], ["7D", "8C", "6D"], [52, 26, 63], [3, 3, 3], [5, 6, 6]
    )


def test_hard_gives_up_its_own_victory_point_rather_than_hand_an_opponent_the_game():
    game = both_sixes_position()
    view, legal = game.view(0), game.legal_actions(0)
    assert sorted(legal) == ["play 6S", "play AS"]
    normal = DECL.bots["normal"]
    assert normal.choose(view, legal, random.Random(1)) == "play AS"
    hard = EidexHardBot(normal, char_worlds=(4, 4))
    advice = hard.advise(view, legal, random.Random(1))
    assert advice.worlds == 4 and advice.action == "play 6S"
    assert advice.values["play AS"] == 0.0 < advice.values["play 6S"]
    assert hard.advise(view, legal, random.Random(1)) == advice
    for action, winners in [("play AS", [1]), ("play 6S", [])]:
        played = game.clone()
        played.apply(0, action)
        while played.hand_no == 1 and not played.is_over:
            seat = played.to_act()[0]
            legal_now = played.legal_actions(seat)
            played.apply(seat, "decline" if "decline" in legal_now else legal_now[0])
        assert played.winners == winners


def test_hard_searches_more_worlds_as_a_hand_runs_short():
    """Hard spreads its work over the cards it may play and the cards in hand: the fewest worlds with a full hand,
    more as the hand runs short, never more than the most."""
    hard = EidexHardBot(DECL.bots["normal"])
    fewest, most = hard.char_worlds
    assert hard.char_worlds_for(12, 12) == fewest
    assert fewest < hard.char_worlds_for(6, 8) < most
    assert hard.char_worlds_for(1, 1) == most
    assert [hard.char_worlds_for(n, n) for n in range(12, 0, -1)] == sorted(
        hard.char_worlds_for(n, n) for n in range(12, 0, -1)
    )


def test_hard_plays_a_character_game_to_its_end():
    normal = DECL.bots["normal"]
    bots = [EidexHardBot(normal, worlds=(3, 3), deep=3, char_worlds=(2, 2)), normal, normal]
    game = DECL.new(3, {"advanced": True, "characters": ["KD", "10D", "6D"]}, 4, start={"vp": [6, 6, 5]})
    rng = random.Random(3)
    for _ in range(400):
        if game.is_over:
            break
        bot_step(game, bots, rng)
    assert game.is_over


def test_the_searched_worlds_play_by_the_tables_rules():
    """A table that turns a rule option from its default (Excuse's non-trump card, Umwerter's highest only, the
    chaos round's tie) is searched by its own rules: the view carries them and every sampled world keeps them, in
    the character game and the basic one."""
    rules = {
        "chaos_tie_winner": "replay",
        "excuse_non_trump": True,
        "umwerter_lowest": False,
        "trumphator_no_trump": False,
        "farbenfreund_lapse_counts": False,
    }
    for advanced in (True, False):
        game = DECL.new(3, {"advanced": advanced, **rules}, 5)
        rng = random.Random(5)
        bots = [DECL.bots["normal"]] * 3
        while game.phase != "play":
            bot_step(game, bots, rng)
        seat = game.to_act()[0]
        view = game.view(seat)
        assert view["extra"]["rules"] == rules
        world = sample_world(view, rng) if advanced else search.sample(view, rng)
        assert {name: world.options[name] for name in rules} == rules
