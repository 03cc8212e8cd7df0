"""Bailiff: "How to play" for the rules page — a short read (its words the catalogs', by section id) with the cards
drawn. Plain data (docs/rules-page.md, "How to play"); ``tests/test_rules_guide.py`` lays every card group with
``plays`` in the game's explorer and holds it to the engine.
"""

from __future__ import annotations

from typing import Any

from engine.messages import msg

GUIDE: dict[str, Any] = {
    "sections": [
        {"id": "aim"},
        {
            "id": "deal",
            "cards": [
                {
                    "cards": ["6S", "7H", "8C", "9D", "10S", "JH", "QC", "KD", "AS"],
                }
            ],
        },
        {
            "id": "turn",
            "cards": [
                {
                    "plays": [[0, "8S"], [1, "10H"], [2, "10C"], [0, "QS"], [0, "KD"]],
                    "players": 3,
                }
            ],
        },
        {
            "id": "win",
            "cards": [
                {
                    "plays": [[0, "7S"], [1, "7H"], [2, "AD"]],
                    "players": 3,
                }
            ],
        },
        {"id": "end"},
    ],
    "sources": [],
    "explore": {
        0: [
            {"players": 3, "plays": [[0, "9D"], [1, "9C"], [2, "10C"], [2, "JD"], [0, "AS"]]},
        ]
    },
    "lesson": {
        "players": 3,
        "dealer": 2,
        "deal": {
            "hands": [
                ["6D", "10C", "KC", "10S", "6H", "AS"],
                ["QC", "10H", "JS", "QD", "8H", "7S"],
                ["9C", "AH", "KS", "10D", "KH", "JC"],
            ],
            "stock": [
                "9D",
                "7C",
                "QH",
                "QS",
                "9S",
                "8C",
                "7H",
                "JD",
                "KD",
                "7D",
                "6C",
                "9H",
                "6S",
                "8D",
                "AC",
                "AD",
                "JH",
                "8S",
            ],
            "table": None,
            "shown": None,
        },
        "shows": msg("coach.bailiff.shows"),
    },
}
