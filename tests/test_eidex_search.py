"""Eidex search and levels: deals sampled from a view, the engine's clone, Hard's choices, every level finishing."""

from __future__ import annotations

import copy
import random

import pytest

from engine.bots import play_out
from engine.cards import Card, make_deck, parse_cards
from engine.games.eidex import DECL
from engine.games.eidex.bot import bot_step
from engine.games.eidex.search import EidexCarelessBot, EidexSearchBot, match_chances, sample
from engine.games.eidex.state import EidexGame
from engine.games.eidex.tables import CONTRACTS, PLAYERS

HEARTS = CONTRACTS[("trump", 2)]


def game_at(seed: int, actions: int) -> EidexGame:
    """A basic game after ``actions`` random actions."""
    game = DECL.new(3, {}, seed)
    rng = random.Random(seed)
    for _ in range(actions):
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.apply(seat, legal[rng.randrange(len(legal))])
    assert isinstance(game, EidexGame)
    return game


def placed(game: EidexGame) -> list[Card]:
    """Every card of the hand where the sample may put it: hands, face-down cards, the trick, the cards played."""
    return [
        *(c for h in game.hands for c in h),
        *(c for c in game.discards if c is not None),
        *(c for _, c in game.trick),
        *game.played,
    ]


def test_sample_keeps_everything_the_seat_has_seen():
    for seed, actions in [(1, 2), (2, 3), (3, 7), (4, 20), (5, 31), (6, 50)]:
        game = game_at(seed, actions)
        seat = game.to_act()[0]
        view = game.view(seat)
        world = sample(view, random.Random(seed))
        again = world.view(seat)
        for key in ("hand", "phase", "dealer", "hand_no", "to_act", "seats", "table", "status"):
            assert again[key] == view[key], key
        for key in ("played", "taken", "tricks", "vp", "discards", "discarded", "trump", "shown", "limit"):
            assert again["extra"][key] == view["extra"][key], key
        assert sorted(world.legal_actions(seat)) == sorted(game.legal_actions(seat))
        assert sorted(placed(world)) == sorted(make_deck(36))
        others = {c for s in range(PLAYERS) if s != seat for c in world.hands[s]}
        assert others.isdisjoint(game.hands[seat])


def test_sample_deals_the_unseen_cards_at_random_and_reads_only_the_view():
    game = game_at(7, 10)
    seat = game.to_act()[0]
    view = copy.deepcopy(game.view(seat))
    deals = {tuple(map(tuple, sample(view, random.Random(n)).hands)) for n in range(8)}
    assert len(deals) > 4
    before = sample(view, random.Random(3)).hands
    game.hands[(seat + 1) % PLAYERS], game.hands[(seat + 2) % PLAYERS] = [], []  # the real game changes
    assert sample(view, random.Random(3)).hands == before


def test_sample_keeps_a_shown_void_and_the_shown_card():
    game = DECL.new(3, {}, 1)
    assert isinstance(game, EidexGame)
    # seat 1 leads a spade, seat 2 lays a club (not trump: hearts): seat 2 has no spade left
    game.phase, game.dealer, game.contract, game.rules = "play", 0, HEARTS, HEARTS
    deck = list(make_deck(36))
    game.trick = [(1, Card.parse("10S")), (2, Card.parse("7C"))]
    game.shown = Card.parse("6H")
    mine = parse_cards(["6H", "8S", "9S", "JS", "QS", "KS", "AS", "6D", "7D", "8D", "9D"])
    rest = [c for c in deck if c not in mine and c not in (Card.parse("10S"), Card.parse("7C"))]
    game.hands = [mine, rest[:10], rest[10:20]]
    game.discards = rest[20:23]
    game.played = []
    game.turn, game.leader, game.led_suit, game.trick_no = 0, 1, 3, 1
    game._legal_cache.clear()
    view = game.view(0)
    for n in range(10):
        world = sample(view, random.Random(n))
        assert not [c for c in world.hands[2] if c.suit == 3]
        assert sorted(placed(world)) == sorted(deck)
    dealt = game_at(8, 0)
    shown, dealer = dealt.shown, dealt.dealer
    seat = next(s for s in range(PLAYERS) if s != dealer)
    for n in range(5):
        assert shown in sample(dealt.view(seat), random.Random(n)).hands[dealer]


def test_sample_keeps_a_void_shown_in_an_earlier_trick():
    game = game_at(4, 15)  # trick 5 under hearts; in trick 1 seat 1 led the trump 6 and seat 2 laid the club 6
    assert next(e for e in game.events if e["event"] == "trick")["cards"] == [[1, "6H"], [2, "6C"], [0, "AH"]]
    assert game.contract.trump == 2 and game.trick_no == 5 and game.to_act() == (0,)
    assert [c for c in game.hands[1] if c.suit == 2]
    for n in range(10):
        world = sample(game.view(0), random.Random(n))
        assert {str(c) for c in world.hands[2] if c.suit == 2} <= {"JH"}  # no trump but the jack


def test_clone_is_independent_and_plays_on_alike():
    game = game_at(9, 15)
    twin, deep = game.clone(), copy.deepcopy(game)
    rng_a, rng_b = random.Random(1), random.Random(1)
    while not twin.is_over and twin.hand_no < 3:
        seat = twin.to_act()[0]
        action = twin.legal_actions(seat)[rng_a.randrange(len(twin.legal_actions(seat)))]
        twin.apply(seat, action)
        assert deep.legal_actions(seat)[rng_b.randrange(len(deep.legal_actions(seat)))] == action
        deep.apply(seat, action)
    assert twin.record() == deep.record() and twin.events == deep.events
    assert twin.view(0) == deep.view(0)
    assert game.record()["actions"] == deep.record()["actions"][: len(game.log)] and len(game.log) == 15


def tenth_trick(
    hands: list[str],
    trick: list[str],
    discards: list[str],
    taken: list[int],
    tricks: list[int],
    vp: list[int] | None = None,
) -> EidexGame:
    """Trick 10 under hearts, dealer seat 2: seat 1 led ``trick[0]``, seat 2 laid ``trick[1]``, seat 0 to play;
    ``hands`` one string of cards per seat, every other card already played; ``vp`` the standings (none yet)."""
    game = DECL.new(3, {}, 1, dealer=2, start={"vp": vp} if vp else None)
    assert isinstance(game, EidexGame)
    held = [parse_cards(h.split()) for h in hands]
    laid = [(1, Card.parse(trick[0])), (2, Card.parse(trick[1]))]
    thrown = parse_cards(discards)
    used = {*(c for h in held for c in h), *(c for _, c in laid), *thrown}
    game.phase, game.contract, game.rules = "play", HEARTS, HEARTS
    game.hands, game.trick, game.discards = held, laid, list(thrown)
    game.played = [c for c in make_deck(36) if c not in used]
    game.shown = game.played[0]
    game.taken, game.tricks, game.closed, game.trick_no = taken, tricks, 9, 10
    game.turn, game.leader, game.led_suit = 0, 1, 3
    game._legal_cache.clear()
    return game


def last_tricks_position() -> EidexGame:
    """Trick 10 under hearts: seat 1 led the spade 10, seat 2 laid the spade 6; seat 0 (90 points) holds the spade
    ace and seven. The ace takes the trick and puts it over the limit (0 VP); the seven keeps it the highest (1 VP)."""
    return tenth_trick(["AS 7S", "JH", "9H"], ["10S", "6S"], ["6C", "7C", "8C"], [90, 20, 25], [4, 3, 2])


def test_hard_ducks_the_trick_that_would_put_it_over_the_limit_and_is_deterministic():
    game = last_tricks_position()
    hard = EidexSearchBot(DECL.bots["normal"], worlds=(6, 6))
    legal = game.legal_actions(0)
    assert sorted(legal) == ["play 7S", "play AS"]
    advice = hard.advise(game.view(0), legal, random.Random(5))
    assert advice.action == "play 7S" and advice.values["play 7S"] > advice.values["play AS"]
    again = hard.advise(game.view(0), legal, random.Random(5))
    assert again == advice


def test_hard_samples_more_deals_as_a_hand_runs_short():
    """Hard spreads its work over the cards it may play and the cards in hand: the fewest deals for a full hand, more
    as the hand runs short (never more than the most), and a decision says how many it sampled."""
    hard = EidexSearchBot(DECL.bots["normal"])
    fewest, most = hard.bounds
    assert hard.worlds_for(12, 12) == fewest
    shrinking = [hard.worlds_for(n, n) for n in range(12, 0, -1)]
    assert shrinking == sorted(shrinking) and shrinking[-1] == most
    game = last_tricks_position()
    advice = hard.advise(game.view(0), game.legal_actions(0), random.Random(1))
    assert advice.action == "play 7S"
    assert advice.worlds == hard.worlds_for(2, 2) > fewest


def both_sixes_position() -> EidexGame:
    """Trick 10 under hearts, VP 5-6-6: seat 1 led the spade 7, seat 2 laid the spade 8; seat 0 (52 points) holds the
    spade ace and six, the others 26 and 63 points and only worthless clubs and diamonds. The ace takes both last
    tricks (68 points): seat 0 is the highest, seat 1 the lowest, and seat 1 wins the game. The six leaves seat 0 in
    the middle: both others reach 7 together and the game goes on."""
    return tenth_trick(["AS 6S", "6C", "7C"], ["7S", "8S"], ["7D", "8C", "6D"], [52, 26, 63], [3, 3, 3], [5, 6, 6])


def test_hard_gives_up_its_own_victory_point_rather_than_hand_an_opponent_the_game():
    game = both_sixes_position()
    view, legal = game.view(0), game.legal_actions(0)
    assert sorted(legal) == ["play 6S", "play AS"]
    assert DECL.bots["normal"].choose(view, legal, random.Random(1)) == "play AS"
    advice = EidexSearchBot(DECL.bots["normal"], worlds=(4, 4)).advise(view, legal, random.Random(1))
    assert advice.action == "play 6S" and advice.values["play AS"] == 0.0 < advice.values["play 6S"]
    for action, winners in [("play AS", [1]), ("play 6S", [])]:
        played = game.clone()
        played.apply(0, action)
        while played.hand_no == 1 and not played.is_over:
            seat = played.to_act()[0]
            played.apply(seat, played.legal_actions(seat)[0])
        assert played.winners == winners


def test_match_chances_favour_the_leader_and_sum_to_one():
    chances = match_chances()
    assert chances[(0, 0, 0)] == pytest.approx((1 / 3,) * 3)
    assert chances[(1, 0, 0)][0] > chances[(0, 0, 0)][0] > chances[(0, 1, 0)][0]
    assert chances[(6, 5, 0)][0] > chances[(6, 5, 0)][1] > chances[(6, 5, 0)][2]
    assert all(sum(c) == pytest.approx(1.0) for c in chances.values())


def test_every_level_finishes_a_game_legally():
    normal = DECL.bots["normal"]
    bots = [EidexSearchBot(normal, worlds=(3, 3)), DECL.bots["easy"], normal]
    assert list(DECL.bots) == ["easy", "normal", "hard", "random"]
    game = DECL.new(3, {}, 11, start={"vp": [6, 5, 6]})
    assert play_out(game, bots, random.Random(2)) > 0
    assert game.is_over


def test_hard_and_easy_play_the_character_game_without_stalling():
    normal = DECL.bots["normal"]
    bots = [EidexSearchBot(normal, worlds=(3, 3), deep=3), EidexCarelessBot(normal, slip=0.5), normal]
    options = {"advanced": True, "characters": ["7S", "8C", "6D"]}
    game = DECL.new(3, options, 4, start={"vp": [6, 6, 5]})
    rng = random.Random(3)
    for _ in range(400):
        if game.is_over:
            break
        bot_step(game, bots, rng)
    assert game.is_over
