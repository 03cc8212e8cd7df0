"""Helpers shared by the engine tests: random options, random play, and the per-step invariants."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

from engine.cards import RANKS, SUITS, make_deck
from engine.core import Game, GameDecl
from engine.options import OptionError
from engine.registry import replay

CARD_TEXTS = {r + s for r in RANKS for s in SUITS}


BOUNDED: dict[str, dict[str, Any]] = {"bank": {"max_hands": 3}}
"""Options that bound a game whose random play may never reach its target: Bank's totals nearly cancel out
under random play (docs/rules-bank.md), so random games stop after a few hands."""


def random_options(decl: GameDecl, rng: random.Random) -> dict[str, Any]:
    """Random values for the choice and bool options; numbers keep their defaults, except the bounds that keep
    random play finite (``BOUNDED``)."""
    out: dict[str, Any] = dict(BOUNDED.get(decl.id, {}))
    for opt in decl.options:
        if opt.type == "choice":
            out[opt.name] = rng.choice(opt.choices)
        elif opt.type == "bool":
            out[opt.name] = rng.random() < 0.5
    return out


CARD_TOKEN = re.compile(r'[^\s,"\[\]{}:\\]+')
"""What may be a card in a value's JSON: a run of characters between spaces, commas and JSON's own marks."""


def cards_in(value: Any) -> Iterator[str]:
    """Every string anywhere inside a JSON-like value (its keys too) that is a card text (or ends one: "play QS");
    a value's JSON text, given as the string, reads the same."""
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    for token in CARD_TOKEN.findall(text):
        if token.upper() in CARD_TEXTS:
            yield token.upper()


def check_invariants(game: Game) -> None:
    """Every card accounted for; someone can act unless over; no view leaks a hidden card; the score sheet's rows
    and totals line up with its columns; the views a table sends all at once (``views``, whose common fields are
    built once) are each seat's own view, field for field and in the same order; a seat is hidden nothing a
    spectator sees (the server works out what to redact from the spectator's side first)."""
    deck = Counter(make_deck(game.decl.deck_size))
    placed = Counter(c for cards in game.zones().values() for c in cards)
    assert placed == deck, f"cards not accounted for: missing {deck - placed}, extra {placed - deck}"
    if not game.is_over:
        assert game.to_act(), "nobody may act but the game is not over"
        for seat in game.to_act():
            assert game.legal_actions(seat), f"seat {seat} is to act but has no legal action"
    together = game.views([*range(game.players), None])
    for seat in [None, *range(game.players)]:
        view = game.view(seat)
        text = json.dumps(view)
        assert json.dumps(together[seat]) == text, f"seat {seat}'s view differs when sent with the others"
        sheet = view.get("sheet") or {}
        for row in [*sheet.get("rows", []), *([sheet["totals"]] if sheet.get("totals") else [])]:
            assert len(row) == len(sheet["columns"]), f"sheet row {row} does not match the columns {sheet['columns']}"
        assert game.hidden_from(seat) <= game.hidden_from(None), f"seat {seat} is hidden a card a spectator sees"
        hidden = {str(c) for c in game.hidden_from(seat)}
        leaked = hidden.intersection(cards_in(text))
        assert not leaked, f"the view of seat {seat} shows hidden cards {sorted(leaked)}"


def random_game(decl: GameDecl, seed: int, players: int | None = None, options: dict | None = None) -> Game:
    """A new game with random players and options drawn from ``seed`` (redrawn while they don't go together)."""
    rng = random.Random(seed)
    for _ in range(50):
        count = rng.randint(decl.min_players, decl.max_players) if players is None else players
        chosen = random_options(decl, rng) if options is None else options
        try:
            return decl.new(count, chosen, seed)
        except OptionError:
            continue
    return decl.new(players or decl.min_players, options or {}, seed)


def play_randomly(
    game: Game, seed: int, max_actions: int = 50_000, check_every: int = 1, check_all_first: int = 500
) -> int:
    """Random legal play to the end, checking the invariants every ``check_every`` actions for the first
    ``check_all_first`` actions and 25 times less often beyond (long Bailiff games run to thousands of actions)."""
    rng = random.Random(seed)
    count = 0
    check_invariants(game)
    while not game.is_over:
        assert count < max_actions, f"{game.decl.id} not over after {max_actions} actions"
        seat = rng.choice([s for s in range(game.players) if game.may_act(s)])
        legal = game.legal_actions(seat)
        game.apply(seat, rng.choice(legal))
        count += 1
        if count % (check_every if count <= check_all_first else 25 * check_every) == 0:
            check_invariants(game)
    check_invariants(game)
    return count


def assert_replay_identical(game: Game) -> None:
    """Replaying the record reaches the identical state (every view and the event log)."""
    again = replay(game.record())
    assert again.record() == game.record()
    assert again.events == game.events
    for seat in [None, *range(game.players)]:
        assert again.view(seat) == game.view(seat)
