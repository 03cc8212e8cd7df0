"""The types that carry the rules hold what the games really send: each game's view ``extra`` has exactly the keys
of its ``TypedDict``, its ``options`` exactly the game's options, its ``phase`` one of its ``Literal``'s values and
its ``result`` the keys of its result type, all along a game played to its end."""

from __future__ import annotations

import random
from typing import Any, get_args

import pytest

from engine.games.ass.extra import AssExtra, AssOptions
from engine.games.ass.state import AssResult
from engine.games.ass.state import Phase as AssPhase
from engine.games.bailiff.extra import BailiffExtra, BailiffOptions
from engine.games.bailiff.state import BailiffResult
from engine.games.bailiff.state import Phase as BailiffPhase
from engine.games.bank.extra import BankExtra, BankOptions
from engine.games.bank.state import BankResult
from engine.games.bank.state import Phase as BankPhase
from engine.games.blot.extra import BlotExtra, BlotOptions
from engine.games.blot.state import BlotResult
from engine.games.blot.state import Phase as BlotPhase
from engine.games.eidex.extra import EidexExtra, EidexOptions
from engine.games.eidex.state import EidexResult
from engine.games.eidex.state import Phase as EidexPhase
from engine.registry import get_game

TYPES: dict[str, tuple[Any, Any, Any, Any, dict[str, Any]]] = {
    "ass": (AssExtra, AssOptions, AssPhase, AssResult, {}),
    "bailiff": (BailiffExtra, BailiffOptions, BailiffPhase, BailiffResult, {"max_turns": 200}),
    "bank": (BankExtra, BankOptions, BankPhase, BankResult, {"target": 60}),
    "blot": (BlotExtra, BlotOptions, BlotPhase, BlotResult, {"target": 300}),
    "eidex": (EidexExtra, EidexOptions, EidexPhase, EidexResult, {"advanced": True}),
}


def keys(typed: Any) -> tuple[frozenset[str], frozenset[str]]:
    """A ``TypedDict``'s required keys and all its keys."""
    return typed.__required_keys__, typed.__required_keys__ | typed.__optional_keys__


@pytest.mark.parametrize("game_id", sorted(TYPES))
def test_the_options_type_names_every_option(game_id: str) -> None:
    _, options, _, _, _ = TYPES[game_id]
    assert set(options.__annotations__) == {o.name for o in get_game(game_id).options}


@pytest.mark.parametrize("game_id", sorted(TYPES))
def test_views_extras_phases_and_results_have_their_types_keys(game_id: str) -> None:
    extra_type, options_type, phase, result_type, options = TYPES[game_id]
    required, allowed = keys(extra_type)
    decl = get_game(game_id)
    game = decl.new(decl.default_players, options, seed=7)
    rng = random.Random(7)
    seen_phases: set[str] = set()
    seen_keys: set[str] = set()
    for _ in range(6000):
        for seat in [None, *range(game.players)]:
            view = game.view(seat)
            extra = view["extra"]
            assert required <= set(extra) <= allowed, set(extra) ^ allowed
            seen_keys.update(extra)
            if "options" in allowed:
                assert set(extra["options"]) == set(options_type.__annotations__)
            assert view["phase"] in get_args(phase)
            seen_phases.add(view["phase"])
        if game.is_over:
            break
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert game.is_over, "the random game ends"
    result = game.result()
    assert result is not None and set(result) == set(result_type.__annotations__)
    assert game.view(0)["result"] == result
    assert "over" in seen_phases and len(seen_phases) >= 2
    assert seen_keys == allowed, "every key of the type is sent"
