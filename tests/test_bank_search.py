"""Bank's search and levels: the sampled deals agree with all a seat has seen and nothing else, Hard repeats itself
given its generator and finds the play that wins where the Normal bot does not, and every level finishes games
legally."""

from __future__ import annotations

import copy
import random

from engine.bots import RandomBot
from engine.cards import Card, from_mask
from engine.games.bank import DECL, BankGame
from engine.games.bank.search import BankSearchBot, no_answer, sample
from engine.search import LEVELS
from tests.gameplay import check_invariants
from tests.test_bank_bot import deal_game


def midgame(players: int = 3, seed: int = 5, **options) -> BankGame:
    """A game in its first hand after some random moves, with a bank taken and cards in the stock."""
    game = DECL.new(players, {"trump_choice": "assign", **options}, seed)
    rng = random.Random(seed)
    while not (any(game.won) and game.stock and len(game.legal_actions(game.to_act()[0])) > 1):
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


def public(view) -> dict:
    """What every seat sees alike, and the viewer's own hand."""
    extra = view["extra"]
    keep = ("won", "out", "drawn", "score", "gone", "trumps", "lay_on", "skipped", "options")
    return {
        "hand": sorted(view["hand"]),
        "counts": [s["cards"] for s in view["seats"]],
        "stock": view["stock"],
        "table": view["table"]["plays"],
        "to_act": view["to_act"],
        "bank": extra["bank"],
        **{k: extra[k] for k in keep},
    }


def test_a_sample_shows_the_seat_the_same_position_and_deals_only_the_unseen_cards():
    game = midgame()
    seat = game.to_act()[0]
    view = game.view(seat)
    unseen = sorted(c for s in range(3) if s != seat for c in from_mask(game.hands[s])) + sorted(game.stock)
    deals = set()
    for seed in range(6):
        world = sample(view, random.Random(seed))
        check_invariants(world)
        assert public(world.view(seat)) == public(view)
        assert world.legal_actions(seat) == game.legal_actions(seat)
        assert world.won == game.won, "the piles taken this hand are the view's, seat by seat"
        dealt = sorted(c for s in range(3) if s != seat for c in from_mask(world.hands[s])) + sorted(world.stock)
        assert sorted(dealt) == sorted(unseen)
        deals.add((tuple(world.hands), tuple(world.stock)))
    assert len(deals) == 6, "different generators deal the unseen cards differently"


def test_a_sample_reads_the_view_only():
    game = midgame(seed=8)
    seat = game.to_act()[0]
    view = game.view(seat)
    kept = copy.deepcopy(view)
    first = sample(view, random.Random(1))
    rival = (seat + 1) % 3
    game.hands[rival], game.stock[0] = game.hands[rival] ^ game.stock[0].bit, Card(6, 0)  # the real game changes
    again = sample(view, random.Random(1))
    assert view == kept and (first.hands, first.stock) == (again.hands, again.stock)


def test_hard_repeats_its_choice_given_its_generator():
    game = midgame(players=2, seed=3)
    seat = game.to_act()[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    bot = BankSearchBot(worlds=6)
    assert bot.choose(view, legal, random.Random(4)) == bot.choose(view, legal, random.Random(4))
    assert bot.choose(view, legal, random.Random(4)) in legal


def test_every_level_finishes_a_hand_legally():
    assert list(DECL.bots) == [*LEVELS, "random"]
    for level in LEVELS:
        game = DECL.new(2, {"max_hands": 1, "trumps": "own", "trump_choice": "choose"}, 17)
        rng = random.Random(17)
        bot = DECL.bots[level]
        while not game.is_over:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            action = bot.choose(game.view(seat), legal, rng)
            assert action in legal
            game.apply(seat, action)
        assert game.result()["winners"]


def test_hard_finds_the_play_that_keeps_the_bank():
    # own trumps: spades for seat 0, hearts for seat 1, no stock. Seat 1 laid A♦ on A♣ and holds one card, 6♥ (his
    # trump: it may be laid on 10♦, not on A♠). A♠ takes the bank and 36 points; 10♦ lets him go out with them.
    game = deal_game([["AS", "10D", "7D"], ["AD", "6H"]], "AC", trumps="SH", dealer=0, full=False)
    game.apply(1, "play AD")
    view, legal = game.view(0), game.legal_actions(0)
    assert {RandomBot().choose(view, legal, random.Random(seed)) for seed in range(6)} == set(legal)
    assert {DECL.bots["hard"].choose(view, legal, random.Random(seed)) for seed in range(3)} == {"play AS"}


def test_a_rival_who_could_not_answer_is_dealt_no_answer():
    # No trumps. Seat 0 lays Q♠ on K♠; seat 1 holds no spade, no queen, no eight, draws 10♦ and passes: seat 0 takes
    # the bank and lays next on Q♠. On that card seat 1 could lay J♠, 6♠, a queen or any eight: he holds none.
    game = deal_game([["QS", "AH", "9C", "7C"], ["7D", "9H", "AD", "KC"]], "KS", stock=["10D"], dealer=1)
    for seat, action in ((0, "play QS"), (1, "draw"), (1, "pass")):
        game.apply(seat, action)
    view = game.view(0)
    assert view["extra"]["lay_on"]["kind"] == "reference" and no_answer(view) == 1
    assert no_answer(game.view(1)) is None, "seat 1 learnt nothing of seat 0's hand"
    answers = {Card.parse(c) for c in ("JS", "6S", "QH", "QD", "QC", "8S", "8H", "8D", "8C")}
    for seed in range(12):
        world = sample(view, random.Random(seed))
        check_invariants(world)
        rival = set(from_mask(world.hands[1]))
        assert len(rival) == 5 and not rival & answers
        assert sorted(rival | set(world.stock)) == sorted(set(from_mask(game.hands[1])) | set(game.stock))
