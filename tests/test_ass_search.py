"""Ass: the search behind the Hard level (engine/games/ass/search.py) and the three levels."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.cards import Card, make_deck, parse_cards
from engine.core import Deal
from engine.games.ass import DECL, AssGame
from engine.games.ass.bot import HeuristicBot
from engine.games.ass.play import Play
from engine.games.ass.score import CARD_POINTS
from engine.games.ass.search import (
    HARD,
    SEARCHER,
    AssSearchBot,
    _deal_unseen,
    sample,
    value,
    view_legal,
)
from engine.search import Advice, explain

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


# ---- the hint's reason ----------------------------------------------------------------------------
NORMAL = DECL.bots["normal"]


def normal_game(seed: int, players: int, options: dict, moves: int) -> AssGame:
    """A game after ``moves`` moves of the normal bot in every seat (its generator seeded with ``seed``)."""
    game = DECL.new(players, options, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = game.to_act()[0]
        game.apply(seat, NORMAL.choose(game.view(seat), game.legal_actions(seat), rng))
    return game


@pytest.mark.parametrize(
    ("seed", "players", "options", "moves", "action", "key", "params"),
    [
        # Two players, own trumps: seat 0 ♠, seat 1 ♦.
        (0, 2, {}, 36, "play 10S", "lead_sure", {}),
        (0, 2, {}, 24, "play QD", "lead_hard", {"n": 4}),
        (0, 2, {}, 4, "play 6C", "lead_cheap", {}),
        (0, 2, {}, 5, "play 10H", "beat_save", {"kept": {"cards": ["AD"]}}),
        (0, 2, {}, 9, "play 10D", "take", {"points": 10}),
        (0, 2, {}, 19, "play 7S", "let_go", {"kept": {"cards": ["QS"]}}),
        (0, 2, {}, 7, "play 6C", "give_low", {}),
        (0, 3, {"trumps": "none"}, 22, "play 8D", "eight_only", {}),
    ],
)
def test_a_hint_names_the_kind_of_card_it_advises(seed, players, options, moves, action, key, params):
    game = normal_game(seed, players, options, moves)
    seat = game.to_act()[0]
    hint = HARD.hint(game.view(seat), game.legal_actions(seat), random.Random(0))
    assert hint["action"] == action
    card = action.split()[1]
    assert hint["reason"] == {"key": f"hint.ass.{key}", "card": {"card": card}, "worlds": HARD.worlds, **params}


def test_a_bet_hint_says_how_often_the_hand_reached_the_go_target():
    go = normal_game(0, 2, {}, 2)  # two players: go needs 44, reached in every deal played out
    hint = HARD.hint(go.view(go.to_act()[0]), go.legal_actions(go.to_act()[0]), random.Random(0))
    assert hint["values"]["bet go"] >= hint["values"]["bet no"]
    del hint["values"]
    assert hint == {
        "action": "bet go",
        "reason": {"key": "hint.ass.bet_go", "target": 44, "reached": 48, "worlds": 48},
    }
    no = normal_game(0, 3, {"trumps": "none"}, 1)
    hint = HARD.hint(no.view(no.to_act()[0]), no.legal_actions(no.to_act()[0]), random.Random(0))
    del hint["values"]
    assert hint == {"action": "bet no", "reason": {"key": "hint.ass.bet_no", "target": 56, "reached": 23, "worlds": 48}}


def test_a_bet_hint_counts_the_deals_from_the_bet_search_values():
    game = normal_game(0, 3, {"trumps": "none"}, 1)
    view = game.view(game.to_act()[0])
    assert view["phase"] == "bet"
    # The bet search scores a go +1 reached / -1 missed: 30 of 48 reached is a mean of 12/48.
    advice = Advice("bet go", 48, {"bet go": 12 / 48, "bet no": 10 / 48})
    assert explain(SEARCHER, view, advice) == {"key": "hint.ass.bet_go", "target": 56, "reached": 30, "worlds": 48}
    advice = Advice("bet no", 48, {"bet go": -20 / 48, "bet no": 9 / 48})
    assert explain(SEARCHER, view, advice) == {"key": "hint.ass.bet_no", "target": 56, "reached": 14, "worlds": 48}
    # A no when the go was reached in half of the deals or more: no reason of its own.
    advice = Advice("bet no", 48, {"bet go": 0.0, "bet no": 0.5})
    assert explain(SEARCHER, view, advice) == {"key": "hint.reason", "worlds": 48, "margin": 0.5}


def test_without_a_kind_the_reason_falls_back_as_the_generic_hint_does():
    game = normal_game(0, 2, {}, 7)  # 6♣ J♣ J♦ 7♥ on 9♠: J♣ neither takes the trick nor gives it the fewest points
    seat = game.to_act()[0]
    view = game.view(seat)
    legal = game.legal_actions(seat)
    assert view["hand"] == ["6C", "JC", "JD", "7H"]
    assert explain(SEARCHER, view, Advice("play JC", 48, dict.fromkeys(legal, 0.0))) == {
        "key": "hint.reason.even",
        "worlds": 48,
    }
    values = {**dict.fromkeys(legal, 0.0), "play JC": 0.04}
    assert explain(SEARCHER, view, Advice("play JC", 48, values)) == {"key": "hint.reason.even", "worlds": 48}
    values["play JC"] = 0.26
    assert explain(SEARCHER, view, Advice("play JC", 48, values)) == {"key": "hint.reason", "worlds": 48, "margin": 0.3}
    assert explain(SEARCHER, view, Advice("play JC", 0, {"play JC": 0.0})) == {"key": "hint.generic"}
    assert explain(SEARCHER, view, Advice("play 8S", 48, {})) == {"key": "hint.reason.even", "worlds": 48}, "not held"


def _lay(game: AssGame, seat: int, card: Card) -> tuple[AssGame, list]:
    copy = game.clone()
    return copy, copy.apply(seat, f"play {card}")


def _takes_now(game: AssGame, seat: int, card: Card) -> bool:
    """Whether ``card`` laid now by ``seat`` makes it take the trick if it ended now (read from the full game)."""
    copy, events = _lay(game, seat, card)
    done = [e for e in events if e["event"] == "trick"]
    return done[0]["winner"] == seat if done else copy.playing.taker() == seat


def _may_take(game: AssGame, seat: int, card: Card, rng: random.Random) -> bool:
    """Whether ``seat`` took the trick in any of a few random finishes of it after laying ``card``."""
    for _ in range(4):
        copy, events = _lay(game, seat, card)
        while not any(e["event"] == "trick" for e in events):
            other = copy.to_act()[0]
            legal = copy.legal_actions(other)
            events = copy.apply(other, legal[rng.randrange(len(legal))])
        if next(e for e in events if e["event"] == "trick")["winner"] == seat:
            return True
    return False


def _beaten_by(game: AssGame, seat: int, card: Card) -> int:
    """How many of the cards hidden from ``seat`` some other seat could beat its lead ``card`` with (the full game)."""
    copy, _ = _lay(game, seat, card)
    others = [s for s in range(game.players) if s != seat]
    hidden = game.hidden_from(seat)
    return sum(any(copy.playing.registers_beat(Play(s, c, copy.classes[s][c.suit])) for s in others) for c in hidden)


def _check_claim(game: AssGame, seat: int, action: str, said: dict, rng: random.Random) -> None:
    """Assert that what ``said`` claims of laying ``action`` is true of the full game."""
    kind = said["key"].removeprefix("hint.ass.")
    card = Card.parse(action.split()[1])
    legal = [Card.parse(a.split()[1]) for a in game.legal_actions(seat)]
    classes = game.classes[seat]
    takers = [c for c in legal if _takes_now(game, seat, c)]
    plain = card.rank != 8 and not classes[card.suit]
    assert said["card"] == {"card": str(card)}
    if kind.startswith("lead"):
        assert not game.playing.plays
    else:
        assert game.playing.plays
    if kind == "lead_sure":
        assert _beaten_by(game, seat, card) == 0 and _may_take(game, seat, card, rng)
        assert all(_may_take(game, seat, card, rng) for _ in range(3))
    elif kind == "lead_hard":
        assert said["n"] == _beaten_by(game, seat, card) > 0
        assert all(_beaten_by(game, seat, c) >= said["n"] for c in legal)
    elif kind == "lead_cheap":
        points = [CARD_POINTS[c.rank] for c in legal]
        assert CARD_POINTS[card.rank] == min(points) < max(points)
    elif kind == "beat_save":
        kept = [c for c in takers if c.rank == 8 or classes[c.suit]]
        assert plain and card in takers and said["kept"] == {"cards": [str(c) for c in kept]} and kept
    elif kind == "take":
        assert len(game.playing.plays) == game.players - 1
        trick = next(e for e in _lay(game, seat, card)[1] if e["event"] == "trick")
        assert trick["winner"] == seat and trick["points"] == said["points"] > 0
    elif kind == "trump_only":
        assert not plain and card in takers
        assert all(c.rank == 8 or classes[c.suit] for c in takers)
        assert any(c.rank != 8 for c in takers)
    elif kind == "eight_only":
        assert card.rank == 8 and card in takers
        assert all(c.rank == 8 for c in takers)
    elif kind in ("hold_rich", "hold_cheap"):
        others = [CARD_POINTS[c.rank] for c in takers if c != card]
        assert card in takers and others
        if kind == "hold_rich":
            assert said["points"] == CARD_POINTS[card.rank] > max(others)
        else:
            assert CARD_POINTS[card.rank] < min(others)
    elif kind == "let_go":
        assert card not in takers and not _may_take(game, seat, card, rng)
        assert said["kept"] == {"cards": [str(c) for c in takers]} and takers
    elif kind == "give_low":
        assert not takers and not any(_may_take(game, seat, c, rng) for c in legal)
        assert CARD_POINTS[card.rank] == min(CARD_POINTS[c.rank] for c in legal)
    else:
        raise AssertionError(f"unknown kind {kind}")


TABLES: tuple[tuple[int, dict], ...] = (
    (2, {}),
    (3, {"trumps": "none", "must_beat": True}),
    (4, {"trumps": "senior-junior", "six_in_A": "chain"}),
    (4, {"trumps": "two", "eight_anchor": "R1"}),
    (5, {"five_six_players": True, "trumps": "one", "combo_scope": "deal_pile"}),
)
"""Tables for the check of every reason: each player count, each trump set-up, the trick options."""

KINDS = (
    "lead_sure",
    "lead_hard",
    "lead_cheap",
    "beat_save",
    "take",
    "trump_only",
    "eight_only",
    "hold_rich",
    "hold_cheap",
    "let_go",
    "give_low",
)
"""Every kind of card reason."""


def test_every_reason_is_true_of_the_position():
    """Every card of many positions of seeded games, each taken as the advice: what its reason claims holds in the
    full game (the hidden hands included), though the reason read only the seat's view. Every kind is met."""
    rng = random.Random(0)
    seen: Counter[str] = Counter()
    for players, options in TABLES:
        for seed in range(4):
            game = DECL.new(players, options, seed)
            moves = random.Random(seed)
            while not game.is_over and game.hand_no < 3:
                seat = game.to_act()[0]
                legal = game.legal_actions(seat)
                view = game.view(seat)
                if game.phase == "play" and len(legal) > 1 and moves.random() < 0.4:
                    assert [f"play {c}" for c in view_legal(view)] == legal
                    for action in legal:
                        said = explain(SEARCHER, view, Advice(action, 48, dict.fromkeys(legal, 0.0)))
                        seen[said["key"]] += 1
                        if said["key"].startswith("hint.ass."):
                            _check_claim(game, seat, action, said, rng)
                        else:
                            assert said == {"key": "hint.reason.even", "worlds": 48}
                game.apply(seat, NORMAL.choose(view, legal, moves))
    assert {f"hint.ass.{kind}" for kind in KINDS} <= set(seen), seen
