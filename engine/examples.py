"""Worked examples for the rules pages: short scenarios the engine plays, step by step, with its verdicts.

A game lists its examples in ``engine/games/<id>/examples.json`` (``GameDecl.examples``), plain data titled by a
catalog key (``{"key": "rules.<id>.examples.<n>.title"}``). Each is a scenario in the conformance format
(``shared/conformance/FORMAT.md``) written compactly: the hands as strings, the stock left out (it is the rest of
the deck in deck order); an action with a third element (``"try"``) is a move the engine must
refuse, whose reason the page shows before play goes on without it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.cards import cards_text, make_deck, parse_cards
from engine.core import Deal, GameDecl

COULD_SHOWN = 12
"""How many of a seat's legal actions a step lists (a Blot bid has hundreds)."""


def scenario(decl: GameDecl, example: Mapping[str, Any]) -> dict[str, Any]:
    """The example as a conformance scenario (``try`` steps left out): what ``engine.scenario`` runs."""
    hands = [parse_cards(h.split()) for h in example["hands"]]
    dealt = {c for h in hands for c in h} | set(parse_cards([example["table"]] if example.get("table") else []))
    stock = [c for c in make_deck(decl.deck_size) if c not in dealt]
    return {
        "name": example["title"]["key"],
        "game": decl.id,
        "players": example["players"],
        "options": dict(example.get("options", {})),
        "dealer": example["dealer"],
        "deal": {
            "hands": [cards_text(h) for h in hands],
            "stock": cards_text(stock),
            "table": example.get("table"),
            "shown": example.get("shown"),
        },
        "actions": [[seat, action] for seat, action, *tried in example["actions"] if not tried],
    }


def walk(decl: GameDecl, example: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Play the example and return each step: the seat, its move, what it could do, the engine's verdict."""
    data = scenario(decl, example)
    game = decl.state(data["players"], data["options"], 0, dealer=data["dealer"], deal=Deal.from_json(data["deal"]))
    steps = []
    for seat, action, *tried in example["actions"]:
        could = game.legal_actions(seat)
        reason = game.explain(seat, action)
        step = {
            "seat": seat,
            "action": action,
            "could": could[:COULD_SHOWN],
            "more": max(0, len(could) - COULD_SHOWN),
            "tried": bool(tried),
            "reason": reason,
            "events": [],
        }
        if reason is None and not tried:
            step["events"] = game.apply(seat, action)
            step["status"] = game.view(None).get("status", "")
        else:
            step["status"] = ""  # nothing changed: the status above still holds
        steps.append(step)
    return steps


def worked_examples(decl: GameDecl) -> list[dict[str, Any]]:
    """The game's worked examples, played by the engine, each titled by its message (``rules.<game>.examples.*``)."""
    return [{"title": ex["title"], "hands": ex["hands"], "steps": walk(decl, ex)} for ex in decl.examples]
