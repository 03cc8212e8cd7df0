"""Bank: "How to play" for the rules page — a short read in plain words (catalog keys), with the cards drawn.
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
            "title": msg("rules.bank.guide.sections.aim.title"),
            "text": [msg("rules.bank.guide.sections.aim.text.0")],
            "cards": [
                {
                    "cards": ["6H", "7H", "8H", "9H", "JH", "QH", "KH", "10H", "AH"],
                    "labels": ["0", "0", "0", "0", "1", "3", "5", "10", "12"],
                    "caption": msg("rules.bank.guide.sections.aim.cards.0.caption"),
                }
            ],
        },
        {
            "id": "deal",
            "title": msg("rules.bank.guide.sections.deal.title"),
            "text": [msg("rules.bank.guide.sections.deal.text.0")],
        },
        {
            "id": "turn",
            "title": msg("rules.bank.guide.sections.turn.title"),
            "text": [
                msg("rules.bank.guide.sections.turn.text.0"),
                msg("rules.bank.guide.sections.turn.text.1"),
            ],
            "cards": [
                {
                    "start": "QS",
                    "plays": [[0, "JS"], [1, "6S"], [2, "6H"]],
                    "context": OWN,
                    "winner": 2,
                    "caption": msg("rules.bank.guide.sections.turn.cards.0.caption"),
                },
                {
                    "start": "QS",
                    "plays": [[0, "JS"], [1, "9C"], [2, "9D"]],
                    "context": OWN,
                    "winner": 2,
                    "caption": msg("rules.bank.guide.sections.turn.cards.1.caption"),
                },
            ],
        },
        {
            "id": "win",
            "title": msg("rules.bank.guide.sections.win.title"),
            "text": [msg("rules.bank.guide.sections.win.text.0")],
        },
        {
            "id": "end",
            "title": msg("rules.bank.guide.sections.end.title"),
            "text": [msg("rules.bank.guide.sections.end.text.0")],
        },
    ],
    "glossary": [
        {
            "term": msg("rules.bank.guide.glossary.0.term"),
            "text": msg("rules.bank.guide.glossary.0.text"),
        },
        {
            "term": msg("rules.bank.guide.glossary.1.term"),
            "text": msg("rules.bank.guide.glossary.1.text"),
        },
        {
            "term": msg("rules.bank.guide.glossary.2.term"),
            "text": msg("rules.bank.guide.glossary.2.text"),
        },
        {
            "term": msg("rules.bank.guide.glossary.3.term"),
            "text": msg("rules.bank.guide.glossary.3.text"),
        },
        {
            "term": msg("rules.bank.guide.glossary.4.term"),
            "text": msg("rules.bank.guide.glossary.4.text"),
        },
        {
            "term": msg("rules.bank.guide.glossary.5.term"),
            "text": msg("rules.bank.guide.glossary.5.text"),
        },
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
