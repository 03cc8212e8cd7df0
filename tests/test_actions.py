"""The action notation as a value: parsing and printing round-trip on every action the engine offers."""

from __future__ import annotations

import doctest
import random

import pytest

import engine.actions
from engine.actions import Action
from engine.cards import Card
from engine.registry import all_games


def test_the_module_examples_hold():
    assert doctest.testmod(engine.actions).failed == 0


def test_parse_and_print():
    assert Action.parse("bid 8 S kaput") == Action("bid", ("8", "S", "kaput"))
    assert str(Action.parse("\tTAKE ")) == "take"
    assert Action.parse("play 10H").cards() == [Card.parse("10H")]
    assert Action.parse("trump s").map_args(str.upper) == Action("trump", ("S",))
    with pytest.raises(ValueError):
        Action.parse("   ")
    with pytest.raises(ValueError, match="not a card"):
        Action.parse("play 5H").cards()


@pytest.mark.parametrize("decl", all_games(), ids=lambda d: d.id)
def test_every_legal_action_round_trips(decl):
    game = decl.new(decl.min_players, {}, 2)
    rng = random.Random(2)
    for _ in range(60):
        if game.is_over:
            break
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        for text in legal:
            assert str(Action.parse(text)) == text
        game.apply(seat, rng.choice(legal))
