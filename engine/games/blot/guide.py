"""Blot: "How to play" for the rules page — a short read in plain words (catalog keys), with the cards drawn.
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
        {
            "id": "aim",
            "title": msg("rules.blot.guide.sections.aim.title"),
            "text": [msg("rules.blot.guide.sections.aim.text.0")],
        },
        {
            "id": "deal",
            "title": msg("rules.blot.guide.sections.deal.title"),
            "text": [
                msg("rules.blot.guide.sections.deal.text.0"),
                msg("rules.blot.guide.sections.deal.text.1"),
            ],
        },
        {
            "id": "turn",
            "title": msg("rules.blot.guide.sections.turn.title"),
            "text": [msg("rules.blot.guide.sections.turn.text.0")],
            "cards": [
                {
                    "cards": ["JS", "9S", "AS", "10S", "KS", "QS", "8S", "7S"],
                    "labels": ["20", "14", "11", "10", "4", "3", "0", "0"],
                    "caption": msg("rules.blot.guide.sections.turn.cards.0.caption"),
                },
                {
                    "cards": ["AH", "10H", "KH", "QH", "JH", "9H", "8H", "7H"],
                    "labels": ["11", "10", "4", "3", "2", "0", "0", "0"],
                    "caption": msg("rules.blot.guide.sections.turn.cards.1.caption"),
                },
                {
                    "plays": [[0, "AH"], [1, "7H"], [2, "KH"], [3, "8S"]],
                    "context": SPADES,
                    "winner": 3,
                    "caption": msg("rules.blot.guide.sections.turn.cards.2.caption"),
                },
                {
                    "plays": [[0, "10S"], [1, "9S"], [2, "QC"], [3, "JS"]],
                    "context": SPADES,
                    "winner": 3,
                    "caption": msg("rules.blot.guide.sections.turn.cards.3.caption"),
                },
            ],
        },
        {
            "id": "combinations",
            "title": msg("rules.blot.guide.sections.combinations.title"),
            "text": [msg("rules.blot.guide.sections.combinations.text.0")],
            "cards": [
                {
                    "cards": ["7H", "8H", "9H"],
                    "caption": msg("rules.blot.guide.sections.combinations.cards.0.caption"),
                },
                {
                    "cards": ["KS", "QS"],
                    "caption": msg("rules.blot.guide.sections.combinations.cards.1.caption"),
                },
            ],
        },
        {
            "id": "score",
            "title": msg("rules.blot.guide.sections.score.title"),
            "text": [msg("rules.blot.guide.sections.score.text.0")],
        },
    ],
    "glossary": [
        {
            "term": msg("rules.blot.guide.glossary.0.term"),
            "text": msg("rules.blot.guide.glossary.0.text"),
        },
        {
            "term": msg("rules.blot.guide.glossary.1.term"),
            "text": msg("rules.blot.guide.glossary.1.text"),
        },
        {
            "term": msg("rules.blot.guide.glossary.2.term"),
            "text": msg("rules.blot.guide.glossary.2.text"),
        },
        {
            "term": msg("rules.blot.guide.glossary.3.term"),
            "text": msg("rules.blot.guide.glossary.3.text"),
        },
        {
            "term": msg("rules.blot.guide.glossary.4.term"),
            "text": msg("rules.blot.guide.glossary.4.text"),
        },
        {
            "term": msg("rules.blot.guide.glossary.5.term"),
            "text": msg("rules.blot.guide.glossary.5.text"),
        },
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
