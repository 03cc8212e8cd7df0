"""Bank: "How to play" for the rules page — a short read (its words the catalogs', by section id) with the cards drawn.
Plain data (docs/rules-page.md, "How to play"); ``tests/test_rules_guide.py`` lays every card group with ``plays``
in the game's explorer (``start`` is the card the bank starts from) and holds it to the ``winner`` written here.
"""

from __future__ import annotations

from typing import Any

from engine.messages import msg

OWN = {"centre": "QS", "trumps": ["D", "C", "S", "H"]}
"""The guide's table: Q♠ in the centre; trumps Player 1 ♦, Player 2 ♣, Player 3 ♠, Player 4 ♥."""

GUIDE: dict[str, Any] = {
    "sections": [
        {
            "id": "aim",
            "cards": [
                {
                    "cards": ["6H", "7H", "8H", "9H", "JH", "QH", "KH", "10H", "AH"],
                    "labels": ["0", "0", "0", "0", "1", "3", "5", "10", "12"],
                }
            ],
        },
        {"id": "deal"},
        {
            "id": "turn",
            "cards": [
                {
                    "start": "QS",
                    "plays": [[0, "JS"], [1, "6S"], [2, "6H"]],
                    "context": OWN,
                    "winner": 2,
                },
                {
                    "start": "QS",
                    "plays": [[0, "JS"], [1, "9C"], [2, "9D"]],
                    "context": OWN,
                    "winner": 2,
                },
            ],
        },
        {"id": "win"},
        {"id": "end"},
    ],
    "sources": [],
    "explore": {
        0: [
            {
                "players": 3,
                "options": {"trumps": "none"},
                "context": {"centre": "KS"},
                "plays": [[0, "QS"], [1, "QD"], [2, "6D"]],
            },
        ]
    },
    "lesson": {
        "players": 2,
        "dealer": 1,
        "deal": {
            "hands": [["KS", "8C", "7H", "JH"], ["10H", "9S", "6S", "AD"]],
            "stock": [
                "7D",
                "8D",
                "6H",
                "JC",
                "7C",
                "6D",
                "JS",
                "AS",
                "8S",
                "9H",
                "10D",
                "AH",
                "6C",
                "7S",
                "9C",
                "QC",
                "KH",
                "9D",
                "8H",
                "QD",
                "JD",
                "QH",
                "10S",
                "KC",
                "KD",
                "10C",
                "AC",
            ],
            "table": "QS",
            "shown": None,
        },
        "shows": msg("coach.bank.shows"),
    },
}
