"""Bailiff: "How to play" for the rules page — a short read in plain words (catalog keys), with the cards
drawn. Plain data (docs/rules-page.md, "How to play"); ``tests/test_rules_guide.py`` lays every card group with
``plays`` in the game's explorer and holds it to the engine.
"""

from __future__ import annotations

from typing import Any

from engine.messages import msg

GUIDE: dict[str, Any] = {
    "sections": [
        {
            "id": "aim",
            "title": msg("rules.bailiff.guide.sections.aim.title"),
            "text": [msg("rules.bailiff.guide.sections.aim.text.0")],
        },
        {
            "id": "deal",
            "title": msg("rules.bailiff.guide.sections.deal.title"),
            "text": [msg("rules.bailiff.guide.sections.deal.text.0")],
            "cards": [
                {
                    "cards": ["6S", "7H", "8C", "9D", "10S", "JH", "QC", "KD", "AS"],
                    "caption": msg("rules.bailiff.guide.sections.deal.cards.0.caption"),
                }
            ],
        },
        {
            "id": "turn",
            "title": msg("rules.bailiff.guide.sections.turn.title"),
            "text": [
                msg("rules.bailiff.guide.sections.turn.text.0"),
                msg("rules.bailiff.guide.sections.turn.text.1"),
            ],
            "cards": [
                {
                    "plays": [[0, "8S"], [1, "10H"], [2, "10C"], [0, "QS"], [0, "KD"]],
                    "players": 3,
                    "caption": msg("rules.bailiff.guide.sections.turn.cards.0.caption"),
                }
            ],
        },
        {
            "id": "win",
            "title": msg("rules.bailiff.guide.sections.win.title"),
            "text": [msg("rules.bailiff.guide.sections.win.text.0")],
            "cards": [
                {
                    "plays": [[0, "7S"], [1, "7H"], [2, "AD"]],
                    "players": 3,
                    "caption": msg("rules.bailiff.guide.sections.win.cards.0.caption"),
                }
            ],
        },
        {
            "id": "end",
            "title": msg("rules.bailiff.guide.sections.end.title"),
            "text": [msg("rules.bailiff.guide.sections.end.text.0")],
        },
    ],
    "glossary": [
        {
            "term": msg("rules.bailiff.guide.glossary.0.term"),
            "text": msg("rules.bailiff.guide.glossary.0.text"),
        },
        {
            "term": msg("rules.bailiff.guide.glossary.1.term"),
            "text": msg("rules.bailiff.guide.glossary.1.text"),
        },
        {
            "term": msg("rules.bailiff.guide.glossary.2.term"),
            "text": msg("rules.bailiff.guide.glossary.2.text"),
        },
        {
            "term": msg("rules.bailiff.guide.glossary.3.term"),
            "text": msg("rules.bailiff.guide.glossary.3.text"),
        },
        {
            "term": msg("rules.bailiff.guide.glossary.4.term"),
            "text": msg("rules.bailiff.guide.glossary.4.text"),
        },
        {
            "term": msg("rules.bailiff.guide.glossary.5.term"),
            "text": msg("rules.bailiff.guide.glossary.5.text"),
        },
        {
            "term": msg("rules.bailiff.guide.glossary.6.term"),
            "text": msg("rules.bailiff.guide.glossary.6.text"),
        },
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
