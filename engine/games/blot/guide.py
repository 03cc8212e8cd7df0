"""Blot: "How to play" for the rules page — a short read (its words the catalogs', by section id) with the cards drawn.
Plain data (docs/rules-page.md, "How to play"); ``tests/test_rules_guide.py`` lays every trick in the game's
explorer and holds it to the ``winner`` written here.
"""

from __future__ import annotations

from typing import Any

from engine.messages import msg

SPADES = {"trump": "S"}
"""The guide's contract is in spades."""

GUIDE: dict[str, Any] = {
    "sections": [
        {"id": "aim"},
        {"id": "deal"},
        {
            "id": "turn",
            "cards": [
                {
                    "cards": ["JS", "9S", "AS", "10S", "KS", "QS", "8S", "7S"],
                    "labels": ["20", "14", "11", "10", "4", "3", "0", "0"],
                },
                {
                    "cards": ["AH", "10H", "KH", "QH", "JH", "9H", "8H", "7H"],
                    "labels": ["11", "10", "4", "3", "2", "0", "0", "0"],
                },
                {
                    "plays": [[0, "AH"], [1, "7H"], [2, "KH"], [3, "8S"]],
                    "context": SPADES,
                    "winner": 3,
                },
                {
                    "plays": [[0, "10S"], [1, "9S"], [2, "QC"], [3, "JS"]],
                    "context": SPADES,
                    "winner": 3,
                },
            ],
        },
        {
            "id": "combinations",
            "cards": [
                {
                    "cards": ["7H", "8H", "9H"],
                },
                {
                    "cards": ["KS", "QS"],
                },
            ],
        },
        {"id": "score"},
    ],
    "sources": [],
    "explore": {0: [{"players": 4, "context": SPADES, "plays": [[0, "10S"], [1, "9S"], [2, "QC"], [3, "JS"]]}]},
    "lesson": {
        "players": 4,
        "dealer": 3,
        "deal": {
            "hands": [
                ["9D", "7H", "JD", "QD", "9S", "KD", "KH", "7S"],
                ["8S", "QS", "JC", "10H", "QH", "8H", "9H", "AC"],
                ["7D", "9C", "AD", "10C", "JS", "AH", "AS", "QC"],
                ["KS", "JH", "8C", "7C", "8D", "10D", "10S", "KC"],
            ],
            "stock": [],
            "table": None,
            "shown": None,
        },
        "shows": msg("coach.blot.shows"),
    },
}
