"""The game-specific figures a player's page shows (webapp/figures.py): a Blot player's contracts declared and made,
an Eidex player's Matches, read from a finished game's events."""

from __future__ import annotations

import random

from engine.registry import get_game
from webapp.figures import seat_figures, totals


def test_a_blot_game_counts_each_hands_contract_for_its_declarer():
    decl = get_game("blot")
    game = decl.new(4, {}, 7)
    rng, events = random.Random(7), []
    while not game.is_over:
        seat = game.to_act()[0]
        events += game.apply(seat, rng.choice(game.legal_actions(seat)))
    figures = seat_figures("blot", events, 4)
    hands = [e for e in events if e["event"] == "hand"]
    declared = [e["seat"] for e in events if e["event"] == "contract"]
    assert sum(f["contracts"] for f in figures) == len(hands) == len(declared)
    assert [f["contracts"] for f in figures] == [declared.count(s) for s in range(4)]
    assert sum(f["made"] for f in figures) == sum(1 for e in hands if e["made"])


def test_an_eidex_match_counts_for_the_seat_that_took_every_trick():
    events = [
        {"event": "hand", "case": "match", "vp": [0, 2, 0]},
        {"event": "hand", "case": "normal", "vp": [1, 0, 0]},
        {"event": "hand", "case": "match", "vp": [0, 2, 0]},
    ]
    assert seat_figures("eidex", events, 3) == [{"matches": 0}, {"matches": 2}, {"matches": 0}]
    assert seat_figures("bank", events, 3) == [{}, {}, {}]
    assert totals([{"matches": 1}, {"matches": 2}]) == {"matches": 3}
