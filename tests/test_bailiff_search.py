"""Bailiff's search: deals sampled from a seat's view, quiet clones, and the three bot levels."""

from __future__ import annotations

import random
from collections import Counter

from engine.cards import make_deck
from engine.games.bailiff import DECL
from engine.games.bailiff.search import SEARCHER, HardBot, sample
from engine.games.bailiff.state import Bailiff
from engine.games.bailiff.tables import ACE, RANK_ORDER
from engine.search import Advice
from tests.messages_check import english
from tests.test_bailiff import NoWander, make, play

NORMAL = DECL.bots["normal"]

DECK = [str(c) for c in make_deck(36)]
PUBLIC = ("hand", "seats", "stock", "table", "last_trick", "sheet", "to_act", "phase", "dealer", "hand_no")


def midgame(seed: int = 8, moves: int = 12) -> Bailiff:
    """A two-player game some moves in (Normal bots), with a pile, cards out of play and a stock."""
    game = DECL.new(2, {}, seed)
    bot, rng = DECL.bots["normal"], random.Random(seed)
    for _ in range(moves):
        seat = game.to_act()[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_actions(seat), rng))
    assert isinstance(game, Bailiff)
    return game


def public(view: dict) -> dict:
    """What a seat's view shows of the position (the last verdict's words aside)."""
    extra = {k: v for k, v in view["extra"].items() if k != "last"}
    return {**{k: view[k] for k in PUBLIC}, "extra": extra}


def hidden_cards(game: Bailiff, seat: int) -> Counter:
    return Counter(str(c) for c in game.hidden_from(seat))


def test_a_sample_shows_its_seat_the_same_position_and_deals_only_the_unseen_cards():
    game = midgame()
    view = game.view(0)
    assert view["extra"]["gone"] and view["stock"] and view["table"]["plays"]
    for seed in range(5):
        world = sample(view, random.Random(seed))
        assert public(world.view(0)) == public(view)
        assert hidden_cards(world, 0) == hidden_cards(game, 0)
        assert world.legal_actions(0) == game.legal_actions(0)


def test_different_generators_deal_the_unseen_cards_differently():
    view = midgame().view(0)
    worlds = [sample(view, random.Random(seed)) for seed in range(6)]
    assert len({(tuple(w.hands), tuple(w.stock)) for w in worlds}) == 6


def test_a_sample_never_reads_the_hidden_cards():
    game = midgame()
    before = game.view(0)
    # Swap a card of the other hand with one of the stock: seat 0 cannot tell the difference.
    theirs = game.hands[1] & -game.hands[1]
    game.hands[1] ^= theirs | 1 << game.stock[0]
    game.stock[0] = theirs.bit_length() - 1
    after = game.view(0)
    assert public(after) == public(before)
    a, b = sample(before, random.Random(9)), sample(after, random.Random(9))
    assert (a.hands, a.stock) == (b.hands, b.stock)


def test_a_quiet_clone_plays_the_same_rules_without_narration_and_leaves_the_original_alone():
    game = midgame()
    loud, quiet = game.clone(), game.clone()
    quiet.quiet = True
    before = (list(game.hands), list(game.stock), game.turns, len(game.events))
    rng = random.Random(1)
    while not loud.is_over:
        seat = loud.to_act()[0]
        legal = loud.legal_actions(seat)
        assert quiet.legal_actions(seat) == legal
        action = legal[rng.randrange(len(legal))]
        assert loud.apply(seat, action)
        assert quiet.apply(seat, action) == [] or quiet.is_over
    assert (quiet.hands, quiet.stock, quiet.gone, quiet.places, quiet.loser) == (
        loud.hands,
        loud.stock,
        loud.gone,
        loud.places,
        loud.loser,
    )
    assert (list(game.hands), list(game.stock), game.turns, len(game.events)) == before


def ace_to_go_out() -> Bailiff:
    """Seat 0 holds only the ace of spades, the stock is empty, and seat 2 (holding the rest) has led the six of
    clubs."""
    game = make([["AS"], ["7H", "8H"]], players=3, rest_to=2, dealer=1)
    play(game, (2, "play 6C"))
    assert isinstance(game, Bailiff)
    return game


def test_hard_lays_the_ace_that_takes_it_out_where_normal_takes_the_small_pile():
    game = ace_to_go_out()
    view, legal = game.view(0), game.legal_actions(0)
    assert sorted(legal) == ["play AS", "take"]
    assert DECL.bots["normal"].choose(view, legal, NoWander(0)) == "take"
    assert DECL.bots["hard"].choose(view, legal, random.Random(0)) == "play AS"


def test_hard_is_deterministic_given_its_generator():
    game = midgame(seed=4, moves=20)
    seat = game.to_act()[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    bot = HardBot(DECL.bots["normal"], worlds=6)
    first, again = bot.advise(view, legal, random.Random(3)), bot.advise(view, legal, random.Random(3))
    assert len(first.values) > 1
    assert (first.action, first.values) == (again.action, again.values)


def test_the_levels_are_registered_weakest_first_and_all_finish_a_game_legally():
    assert list(DECL.bots) == ["easy", "normal", "hard", "random"]
    hard = DECL.bots["hard"]
    assert isinstance(hard, HardBot)
    # Hard's own search with fewer worlds, so that a whole game stays quick.
    light = HardBot(hard.prior, worlds=3, wide=hard.wide, horizon=hard.horizon)
    bots = [DECL.bots["easy"], DECL.bots["normal"], light]
    game = DECL.new(3, {}, seed=11)
    rng = random.Random(11)
    while not game.is_over:
        assert game.turns < 1000
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat), rng))
    assert len(game.result()["losers"]) == 1


def test_a_hint_names_the_move_and_why_in_words():
    game = ace_to_go_out()
    hint = DECL.bots["hard"].hint(game.view(0), game.legal_actions(0), random.Random(0))
    assert hint["action"] == "play AS"
    assert hint["reason"]["key"] == "hint.bailiff.ace"
    assert "A♠" in english(hint["reason"]) and "ace" in english(hint["reason"])


def test_a_hint_for_the_only_move_says_it_is_the_only_one():
    """Asked with one legal move (a pile the player cannot answer), the hint says so instead of naming deals it
    never played out ("played out over 0 possible deals")."""
    game = DECL.new(3, {}, seed=5)
    rng = random.Random(5)
    while len(game.legal_actions(seat := game.to_act()[0])) > 1:
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    (only,) = game.legal_actions(seat)
    hint = DECL.bots["hard"].hint(game.view(seat), [only], random.Random(0))
    assert hint["action"] == only
    assert english(hint["reason"]) == "It is the only move you have."


def test_the_lowest_answer_is_said_only_of_the_lowest_cards_that_answer():
    """Over seeded games of Normal bots, a hint says "the lowest cards you hold that cover it" of a raise or a cover
    only when no other legal answer of as many cards (aces aside) lays lower ranks, and a higher card is kept."""
    rank = RANK_ORDER.index
    said = 0
    for seed in range(20):
        game = DECL.new(3, {}, seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            view = game.view(seat)
            for action in legal:
                reason = SEARCHER.reason(view, Advice(action, 24, {action: 0.0}))
                if reason is None or not reason["key"].startswith("hint.bailiff.lowest_"):
                    continue
                said += 1
                laid = sorted(rank(c[:-1]) for c in action.split()[1:])
                assert reason["key"].endswith("_raise" if len(laid) == 1 else "_cover") and ACE not in laid
                top = rank(view["extra"]["top"]["rank"])
                others = [
                    sorted(rank(c[:-1]) for c in a.split()[1:])
                    for a in legal
                    if a.startswith("play ") and len(a.split()) == len(laid) + 1
                ]
                assert all(o >= laid for o in others if ACE not in o and o[0] > top), (seed, action, legal)
                assert top < laid[0] and any(rank(c[:-1]) > laid[-1] for c in game.view(seat)["hand"])
            game.apply(seat, NORMAL.choose(view, legal, rng))
    assert said > 50


def test_a_lead_keeps_the_stronger_cards_only_when_it_is_the_lowest_held():
    """A hint says a lead "keeps your stronger cards" only of the lowest rank in the hand; a higher lead is said to
    leave fewer cards that raise it. Over seeded games, at every lead with a choice."""
    rank = RANK_ORDER.index
    kinds: Counter = Counter()
    for seed in range(12):
        game = DECL.new(3, {}, seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_act()[0]
            legal, view = game.legal_actions(seat), game.view(seat)
            if view["extra"]["top"] is None and len(legal) > 1:
                low = min(rank(c[:-1]) for c in view["hand"])
                for action in legal:
                    if RANK_ORDER[ACE] in {c[:-1] for c in action.split()[1:]}:
                        continue
                    key = SEARCHER.reason(view, Advice(action, 24, {action: 0.0}))["key"]
                    led = rank(action.split()[1][:-1])
                    assert key == ("hint.bailiff.lead" if led == low else "hint.bailiff.lead_high"), (seed, action)
                    kinds[key] += 1
            game.apply(seat, NORMAL.choose(view, legal, rng))
    assert kinds["hint.bailiff.lead"] > 10 and kinds["hint.bailiff.lead_high"] > 10, kinds
