"""Eidex: "How to play" for the rules page — a short read (its words the catalogs', by section id) with the cards
drawn in the Eidex suits. Plain data (docs/rules-page.md, "How to play"); ``tests/test_rules_guide.py`` lays every
trick in the game's explorer and holds it to the ``winner`` written here.
"""

from __future__ import annotations

from typing import Any

from engine.messages import msg

RAVEN = {"trump": "S", "mode": "trump"}
"""The guide's hand: Raven (♠) is trump."""

GUIDE: dict[str, Any] = {
    "sections": [
        {"id": "aim"},
        {"id": "deal"},
        {
            "id": "turn",
            "cards": [
                {
                    "cards": ["JS", "9S", "AS", "KS", "QS", "10S", "8S", "7S", "6S"],
                    "labels": ["20", "14", "11", "4", "3", "10", "0", "0", "0"],
                },
                {
                    "cards": ["AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H"],
                    "labels": ["11", "4", "3", "2", "10", "0", "0", "0", "0"],
                },
                {
                    "plays": [[0, "KH"], [1, "AH"], [2, "6S"]],
                    "context": RAVEN,
                    "winner": 2,
                },
                {
                    "plays": [[0, "9S"], [1, "JS"], [2, "KS"]],
                    "context": RAVEN,
                    "winner": 1,
                },
            ],
        },
        {"id": "score"},
        {"id": "end"},
    ],
    "sources": [],
    "explore": {
        0: [
            {"players": 3, "context": RAVEN, "plays": [[1, "9S"], [2, "JS"], [0, "KS"]]},
            {"players": 3, "context": RAVEN, "plays": [[2, "AC"], [0, "6S"], [1, "7C"]]},
        ]
    },
    "lesson": {
        "players": 3,
        "dealer": 2,
        "deal": {
            "hands": [
                ["6C", "7H", "JD", "9H", "AS", "7C", "7S", "JH", "8D", "QD", "6D", "KS"],
                ["10H", "AD", "QS", "9S", "AC", "9C", "8H", "6S", "KH", "8S", "9D", "10S"],
                ["KC", "JC", "7D", "10D", "10C", "JS", "QC", "6H", "KD", "8C", "AH", "QH"],
            ],
            "stock": [],
            "table": None,
            "shown": "QH",
        },
        "shows": msg("coach.eidex.shows"),
    },
}
