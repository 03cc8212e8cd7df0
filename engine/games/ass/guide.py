"""Ass: "How to play" for the rules page — a short read (its words the catalogs', by section id) with the cards
drawn. Plain data: sections (paragraphs and card groups), a glossary, the sections shown under "Rulings and
sources", and the explorer positions of the worked examples (docs/rules-page.md, "How to play").

A card group is a row of cards (``cards``, optional ``labels``) or a trick (``plays`` as ``[seat, card]``,
``context`` and ``winner``): ``tests/test_rules_guide.py`` lays every trick in the game's explorer and holds it
to the winner written here, so the guide cannot contradict the engine.
"""

from __future__ import annotations

from typing import Any

from engine.messages import msg

OWN_TRUMPS = {"trumps": ["D", "H", "C", "S"]}
"""The trump suits of the guide's tricks: Player 1 ♦, Player 2 ♥, Player 3 ♣, Player 4 ♠."""

GUIDE: dict[str, Any] = {
    "sections": [
        {"id": "aim"},
        {"id": "deal"},
        {
            "id": "turn",
            "cards": [
                {
                    "cards": ["6S", "7S", "8S", "9S", "JS", "QS", "KS", "10S", "AS"],
                    "labels": ["−1", "0", "16", "0", "1", "3", "5", "10", "12"],
                },
            ],
        },
        {
            "id": "win",
            "cards": [
                {
                    "plays": [[0, "6S"], [1, "JS"], [2, "10C"], [3, "QS"]],
                    "context": OWN_TRUMPS,
                    "winner": 3,
                },
                {
                    "plays": [[0, "7S"], [1, "8S"], [2, "JS"], [3, "9S"]],
                    "context": OWN_TRUMPS,
                    "winner": 1,
                },
                {
                    "plays": [[0, "KS"], [1, "QS"], [2, "JS"], [3, "9S"]],
                    "context": OWN_TRUMPS,
                    "winner": 3,
                },
            ],
        },
        {"id": "score"},
        {"id": "end"},
    ],
    "sources": ["examples"],
    "explore": {
        0: [
            {"players": 4, "context": OWN_TRUMPS, "plays": [[0, "6S"], [1, "JS"], [2, "10C"], [3, "QS"]]},
            {"players": 4, "context": OWN_TRUMPS, "plays": [[3, "7S"], [0, "8C"], [1, "QC"], [2, "KC"]]},
        ]
    },
    "lesson": {
        "players": 2,
        "dealer": 1,
        "deal": {
            "hands": [["9D", "AD", "JS", "6H"], ["QS", "10H", "9C", "KS"]],
            "stock": [
                "10C",
                "KH",
                "QC",
                "QH",
                "6D",
                "7H",
                "9H",
                "10S",
                "JH",
                "8D",
                "KC",
                "AS",
                "7D",
                "7S",
                "KD",
                "7C",
                "JC",
                "8H",
                "AC",
                "8S",
                "QD",
                "AH",
                "JD",
                "10D",
                "6C",
                "9S",
                "6S",
                "8C",
            ],
            "table": None,
            "shown": None,
        },
        "shows": msg("coach.ass.shows"),
    },
}
